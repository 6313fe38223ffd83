import { errorResult, ToolError } from '../call/errors.js';
import type { Outcome } from '../jobs/runner.js';
import { UNTRUSTED_META } from '../text/meta-keys.js';
import { redact } from '../telemetry/log.js';
import { cleanDeep } from '../text/clean.js';
import { CODE_LIMITS } from '../config/code-limits.js';
import type { SandboxEnd } from './sandbox.js';
import type { ToolDef } from '../../tools/define.js';

// What the agent is told of a run: its value and logs, or why it has none. This is the one answer of a
// run that is capped: what its calls read inside the sandbox is not (run.ts bounds that by its own budget).

/** A list a run read that may go on: its tool, the rows it gave, and the cap the workspace stops lists at, when known. */
export interface PartialList {
  tool: string;
  rows: number;
  cap?: number;
}

/** The list a call's answer holds, when its page says it may go on (a list read whole otherwise has no page). */
export function partialList(def: ToolDef, value: Record<string, unknown> | undefined): PartialList | undefined {
  const page = value?.['page'] as { mayGoOn?: unknown; returned?: unknown; cap?: unknown } | undefined;
  if (!def.pages || page?.mayGoOn !== true || typeof page.returned !== 'number') return undefined;
  return { tool: def.name, rows: page.returned, ...(typeof page.cap === 'number' ? { cap: page.cap } : {}) };
}

/** The text's line naming each list read partially, so a model never gives a cut list's count as the whole. */
export function partialSaid(partial: readonly PartialList[]): string {
  if (partial.length === 0) return '';
  const names = partial.slice(0, 5).map((p) => `${p.tool} (${p.rows} rows${p.cap === undefined ? '' : `, the workspace's cap`})`);
  const more = partial.length > 5 ? ` and ${partial.length - 5} more` : '';
  return `\nPartial: ${names.join(', ')}${more} may go on past the rows read (page.mayGoOn); a count or total computed from ${partial.length === 1 ? 'it' : 'them'} is at least that, not the whole.`;
}

/** The run's end as a result: the value and the logs, or the error naming the limit or the code's own failure. */
export function codeOutcome(end: SandboxEnd, made: number, maxChars: number, partial: readonly PartialList[] = []): Outcome {
  const callsSaid = `${made} tool ${made === 1 ? 'call' : 'calls'}`;
  if (!end.ok) {
    const error =
      end.limit === 'cancelled'
        ? new ToolError(`${end.message} ${callsSaid} had been made; none is sent after the cancel.`, { code: 'CANCELLED' })
        : new ToolError(
            `The code failed after ${callsSaid}: ${end.message}${logsSaid(fitLogs(end.logs, maxChars - end.message.length - ERROR_ROOM))}`,
            {
              code: 'CODE_FAILED',
              resolution: end.resolution ?? (end.limit ? LIMIT_ADVICE[end.limit] : undefined),
            },
          );
    return { result: errorResult(error), error: error.data() };
  }
  const json = end.result ?? 'null';
  if (json.length > maxChars - ANSWER_ROOM) {
    const error = new ToolError(
      `The code returned ${json.length} characters of JSON, more than the ${maxChars - ANSWER_ROOM} a run's value may take (the server answers with ${maxChars}, WORKSPACE_RESULT_MAX_CHARS).`,
      { code: 'CODE_FAILED', resolution: 'Aggregate more in the code (counts, the top few rows, fewer fields) and run it again.' },
    );
    return { result: errorResult(error), error: error.data() };
  }
  const value = guestJson(json);
  if (!value.ok) {
    const error = new ToolError(`The code failed after ${callsSaid}: its value ${value.why}.`, {
      code: 'CODE_FAILED',
      resolution: 'Return plain data: objects, arrays, strings, numbers, booleans and null, nested a few levels at most.',
    });
    return { result: errorResult(error), error: error.data() };
  }
  // Cleaned as every result is: data the code decoded (a JSON field parsed, an escape undone) may hide characters.
  const cleaned = cleanDeep({ result: value.value, logs: end.logs });
  const shown = cleaned.result === value.value ? json : JSON.stringify(cleaned.result);
  // The logs get the room the value leaves: the text and the structured content each stay within the cap.
  // A few lists named at most: the note and its structured twin stay within the room kept for them.
  const named = partial.slice(0, 20);
  const said = partialSaid(partial);
  const room = maxChars - Math.max(shown.length, JSON.stringify(cleaned.result).length) - ANSWER_ROOM - 2 * said.length;
  const logs = fitLogs(cleaned.logs, room);
  const structuredContent = { result: cleaned.result, calls: made, logs, ...(named.length > 0 ? { partial: named } : {}) };
  const text = `The code made ${callsSaid} and returned:\n${shown}${said}${logsSaid(logs)}`;
  // What the code returns and logs is computed from workspace data: marked as text people wrote, as a read's fields are.
  const _meta = made > 0 ? { [UNTRUSTED_META]: ['result', ...(logs.length > 0 ? ['logs[]'] : [])] } : undefined;
  return { result: { content: [{ type: 'text', text: redact(text) }], structuredContent, ...(_meta ? { _meta } : {}) } };
}

/** Room kept for what surrounds the value (the text's first line, the structured content's keys, the logs' note). */
const ANSWER_ROOM = 200;
/** Room kept for what surrounds an error's message (its code, its resolution). */
const ERROR_ROOM = 800;

/**
 * The logs within `room` characters, measured as JSON (which is never shorter than the line itself), the
 * last one kept cut and a note added when they do not all fit.
 */
export function fitLogs(logs: readonly string[], room: number): string[] {
  let used = 0;
  const kept: string[] = [];
  for (const line of logs) {
    const size = JSON.stringify(line).length + 1;
    if (used + size <= room) {
      kept.push(line);
      used += size;
      continue;
    }
    const left = room - used - 2;
    if (left > 0) kept.push(line.slice(0, Math.floor(left / 6)));
    kept.push(`… (logs cut to keep the answer within the server's result size)`);
    return kept;
  }
  return kept;
}

const logsSaid = (logs: readonly string[]) => (logs.length > 0 ? `\nLogs:\n${logs.join('\n')}` : '');

const LIMIT_ADVICE: Record<string, string> = {
  cpu: 'Compute less in the code: filter and aggregate as the answers come, and leave out work whose result is not returned.',
  memory: 'Keep less in memory: ask for only the fields needed (fields) and reduce each answer to what is used before reading the next.',
  wall: 'Make fewer or quicker calls, or split the work into several runs.',
  stalled: 'Await only tools.* calls (and promises made from them): nothing else ever settles in the sandbox.',
};

/**
 * JSON text from the guest parsed, or why not: the guest made it (its own JSON.stringify may be replaced),
 * so it may be no JSON, or nested deeper than the host's recursive walks (cleaning, checks) may go.
 */
export function guestJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  if (deepest > CODE_LIMITS.jsonDepth) return { ok: false, why: `is nested ${deepest} levels deep, more than ${CODE_LIMITS.jsonDepth}` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'is not JSON' };
  }
}
