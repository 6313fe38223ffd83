import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import { ToolError } from '../call/errors.js';
import { fitList, largestArray, NOTE_ROOM, pageNote, type ListFlags, type PartOptions } from './fit.js';

/**
 * The result of a call within what clients take: its text and its structured content each at most
 * `maxChars`. The tool's paged array (ToolDef.pages) is served in parts; an answer still too large (one
 * row alone, or an array the row does not page) is refused with what to ask instead, never cut silently.
 */
export function fitAnswer(
  def: ToolDef,
  data: Record<string, unknown>,
  offset: number,
  maxChars: number,
  flags: ListFlags,
  textOf: (data: Record<string, unknown>) => CallToolResult['content'],
  part: PartOptions = {},
): CallToolResult & { structuredContent: Record<string, unknown> } {
  const fitted = def.pages
    ? fitList(data, def.pages, offset, maxChars - NOTE_ROOM, flags, part)
    : { data: shortAnswer(def, data, maxChars) };
  const content: CallToolResult['content'] = fitted.json ? [{ type: 'text', text: fitted.json }] : textOf(fitted.data);
  if (def.pages && fitted.page) content.push({ type: 'text', text: pageNote(def.pages, fitted.page, part.upTo) });
  const textChars = content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0);
  // The text block of a JSON answer is its structured content's JSON: measured once.
  const structuredChars = def.mode === 'stream' || !def.pages ? JSON.stringify(fitted.data).length : textChars;
  if (textChars > maxChars || structuredChars > maxChars) throw tooLarge(def, fitted.data, Math.max(textChars, structuredChars), maxChars);
  return { content, structuredContent: fitted.data };
}

/**
 * An assistant's streamed answer longer than the cap is cut at the cap and marked cut short, as the relay
 * marks one past WORKSPACE_MAX_ANSWER_CHARS: the text it says so beside the answer, never inside it.
 */
function shortAnswer(def: ToolDef, data: Record<string, unknown>, maxChars: number): Record<string, unknown> {
  const answer = data['answer'];
  if (def.mode !== 'stream' || typeof answer !== 'string') return data;
  const rest = JSON.stringify({ ...data, answer: '' }).length;
  // The answer is in the text (fenced) and in the structured content (escaped): room for both within the cap.
  const room = Math.floor((maxChars - rest - NOTE_ROOM) / 2);
  if (JSON.stringify(data).length <= maxChars && answer.length + rest + NOTE_ROOM <= maxChars) return data;
  const cap = `${maxChars} characters (WORKSPACE_RESULT_MAX_CHARS)`;
  const earlier = data['cutShort'];
  const reason = typeof earlier === 'string' ? `${earlier}; and a result holds at most ${cap}` : `the answer passed ${cap}`;
  return { ...data, answer: answer.slice(0, Math.max(0, room)), finishReason: 'cut-short', cutShort: reason };
}

/** What an answer too large even in parts is refused with: its size, its largest list, and what to ask instead. */
function tooLarge(def: ToolDef, data: Record<string, unknown>, chars: number, maxChars: number): ToolError {
  const largest = largestArray(data);
  const where = largest ? ` Its largest list is ${largest.path} (${largest.length} items, ${largest.chars} characters).` : '';
  const ways = [
    def.rowPaths ? `fewer fields of each row (fields: e.g. ["${def.rowPaths[0]}"])` : undefined,
    'limit' in def.input.shape ? 'a smaller limit' : undefined,
    'a narrower tool or question (one item rather than all)',
  ].filter((w) => w !== undefined);
  return new ToolError(
    `The answer of ${def.name} is ${chars} characters, more than the ${maxChars} this server answers with (WORKSPACE_RESULT_MAX_CHARS), even served in parts.${where}`,
    { code: 'RESULT_TOO_LARGE', resolution: `Ask for less: ${ways.join(', or ')}.` },
  );
}
