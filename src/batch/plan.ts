import type { CallToolResult } from '@modelcontextprotocol/server';
import type { BatchToolDef } from '../../tools/batch.js';
import { errorResult, ToolError, type ErrorCode } from '../call/errors.js';
import { fieldIssues, withoutNullOptionals } from '../mcp/arguments.js';
import type { Catalogue } from '../mcp/catalogue.js';
import type { RequestContext } from '../mcp/request-context.js';
import { BATCH_MAX_CALLS, BATCH_TOOL_NAME, JOB_TOOL_NAMES } from '../mcp/tool-summary.js';
import { quote } from '../text/quote.js';
import { didYouMean } from '../text/suggest.js';
import type { BatchItem } from './confirm.js';

// A batch is checked whole before anything of it is sent: the batch's own fields, then each call's tool
// (offered here, an API tool) and its arguments against that tool's own schema. One call that cannot run
// refuses the whole batch, naming the call's index and field.

export type Plan = { items: BatchItem[]; givenKey: string | undefined } | { refused: CallToolResult };

/** Field errors shown at most in a refusal; the count of the rest is said. */
const MAX_FIELDS = 20;

export async function planBatch(def: BatchToolDef, args: unknown, catalogue: Catalogue, request: RequestContext): Promise<Plan> {
  const given = (args as { calls?: unknown } | null)?.['calls'];
  if (Array.isArray(given) && given.length > BATCH_MAX_CALLS) {
    const parts = Math.ceil(given.length / BATCH_MAX_CALLS);
    return refuse(
      `A batch takes at most ${BATCH_MAX_CALLS} calls and this one has ${given.length}; nothing was sent. Send them as ${parts} batches.`,
      'INVALID_INPUT',
      { calls: [`at most ${BATCH_MAX_CALLS} calls`] },
    );
  }
  const input = def.input.safeParse(argumentsAsText(withoutNullOptionals(def.input, args)));
  if (!input.success) {
    return refuse(
      `The arguments do not fit ${def.name}'s input schema; nothing was sent.`,
      'INVALID_INPUT',
      fieldIssues(input.error, Object.keys(def.input.shape)),
    );
  }
  const { calls, idempotencyKey } = input.data as {
    calls: { tool: string; arguments?: Record<string, unknown> }[];
    idempotencyKey?: string;
  };
  const fields: Record<string, string[]> = {};
  const items: BatchItem[] = [];
  let readOnly = false;
  for (const [index, call] of calls.entries()) {
    const problem = await toolProblem(call.tool, catalogue, request.caller.readOnly);
    if (problem) {
      fields[`calls[${index}].tool`] = [problem.message];
      readOnly ||= problem.readOnly;
      continue;
    }
    const tool = (await catalogue.definition(call.tool))!;
    const parsed = tool.input.safeParse(withoutNullOptionals(tool.input, call.arguments ?? {}));
    if (!parsed.success) {
      for (const [field, messages] of Object.entries(fieldIssues(parsed.error, Object.keys(tool.input.shape)))) {
        fields[`calls[${index}].arguments${field === '(arguments)' ? '' : `.${field}`}`] = messages.map((m) => `${call.tool}: ${m}`);
      }
      continue;
    }
    items.push({ index, def: tool, args: parsed.data as Record<string, unknown> });
  }
  const wrong = new Set(Object.keys(fields).map((f) => /^calls\[(\d+)\]/.exec(f)![1])).size;
  if (wrong === 0) return { items, givenKey: idempotencyKey };
  const which =
    wrong === 1
      ? `Call ${Object.keys(fields)[0]!.match(/\d+/)![0]} of the batch cannot run as given`
      : `${wrong} of the ${calls.length} calls cannot run as given`;
  return refuse(
    `${which}; nothing of the batch was sent. Fix ${wrong === 1 ? 'it' : 'them'} and send the whole batch again.`,
    readOnly ? 'READ_ONLY' : 'INVALID_INPUT',
    capped(fields),
  );
}

/**
 * The schema lists `arguments` as a JSON object written as a string (every input schema stays closed, for
 * OpenAI strict mode and Gemini); an object sent as it is is taken too.
 */
function argumentsAsText(args: unknown): unknown {
  const calls = (args as { calls?: unknown } | null)?.['calls'];
  if (!Array.isArray(calls)) return args;
  const asText = calls.map((c: unknown) => {
    const value = (c as { arguments?: unknown } | null)?.['arguments'];
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...(c as object), arguments: JSON.stringify(value) } : c;
  });
  return { ...(args as object), calls: asText };
}

/** Why a call's tool cannot run in this batch here, if it cannot. */
async function toolProblem(
  name: string,
  catalogue: Catalogue,
  grant: boolean,
): Promise<{ message: string; readOnly: boolean } | undefined> {
  if (await catalogue.definition(name)) return undefined;
  if (name === BATCH_TOOL_NAME || (JOB_TOOL_NAMES as readonly string[]).includes(name)) {
    return { message: `${name} cannot run inside a batch: only the workspace's tools can.`, readOnly: false };
  }
  const known = await catalogue.anyTool(name);
  if (known && !known.readOnly && (grant || catalogue.readOnly)) {
    const why = grant
      ? 'this sign-in grants reading only (sign in again with the write scope)'
      : 'this server offers only the tools that change nothing (WORKSPACE_READ_ONLY)';
    return { message: `${name} changes the workspace, and ${why}.`, readOnly: true };
  }
  if (known) return { message: `${name} is not offered by this server: tools/list names the tools it offers.`, readOnly: false };
  const offered = catalogue.names.filter((n) => n !== BATCH_TOOL_NAME && !(JOB_TOOL_NAMES as readonly string[]).includes(n));
  return { message: `no tool ${quote(name)}${didYouMean(name, offered)}: tools/list names the tools this server offers.`, readOnly: false };
}

function capped(fields: Record<string, string[]>): Record<string, string[]> {
  const entries = Object.entries(fields);
  if (entries.length <= MAX_FIELDS) return fields;
  return Object.fromEntries([
    ...entries.slice(0, MAX_FIELDS),
    ['(batch)', [`and ${entries.length - MAX_FIELDS} more fields in other calls`]],
  ]);
}

function refuse(message: string, code: ErrorCode, fieldErrors: Record<string, string[]>): { refused: CallToolResult } {
  return { refused: errorResult(new ToolError(message, { code, fieldErrors })) };
}
