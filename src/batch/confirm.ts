import { createHash, randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import { ToolError } from '../call/errors.js';
import type { Upstream } from '../call/upstream.js';
import { ANSWER, FORM, questionFor, whyAsk, type ConfirmState, type Confirmations } from '../confirm/flow.js';
import { BATCH_TOOL_NAME } from '../mcp/tool-summary.js';

// The deletions of a batch, confirmed by the person in one question that names every target, through
// the same flow as a single deletion (input_required on 2026-07-28, elicitation on 2025-11-25 sessions,
// WORKSPACE_CONFIRM_DESTRUCTIVE). The question is asked before anything of the batch is sent: the call
// comes again with the answer, and only then does any item run.

/** One checked call of a batch. */
export interface BatchItem {
  index: number;
  def: ToolDef;
  args: Record<string, unknown>;
}

/** Go on (under the sealed key, deletions declined or not), or the answer to give instead. */
export type BatchGate = { go: true; key: string | undefined; declined: boolean } | { ask: InputRequiredResult } | { refused: ToolError };

/** Reads made at once to describe the targets named. */
const DESCRIBE_AT_ONCE = 8;
/**
 * Deletions named one by one in the question, each described with reads of its target: a question of a
 * thousand lines is read by nobody, and would cost a thousand reads before anything is asked. The rest
 * are counted, by tool, after them.
 */
export const NAMED_AT_MOST = 20;

/** Every call of the batch, in order, without keys: a state sealed for one batch cannot confirm another. */
function targetOf(items: readonly BatchItem[]): string {
  const calls = items.map(({ def, args }) => [
    def.name,
    Object.entries(args)
      .filter(([k]) => k !== 'idempotencyKey')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);
  return createHash('sha256')
    .update(`${BATCH_TOOL_NAME}\n${JSON.stringify(calls)}`)
    .digest('base64url');
}

export async function gateBatch(
  confirm: Confirmations | undefined,
  items: readonly BatchItem[],
  givenKey: string | undefined,
  upstream: Upstream,
  ctx: ServerContext,
  canAsk: boolean,
  lockdown = false,
): Promise<BatchGate> {
  const deletions = items.filter((i) => i.def.annotations.destructiveHint);
  // Lockdown asks the person before every deletion, whatever the mode.
  const mode = lockdown ? 'always' : confirm?.mode;
  if (!confirm || mode === 'never' || deletions.length === 0) return { go: true, key: undefined, declined: false };
  if (!canAsk) {
    if (mode === 'auto') return { go: true, key: undefined, declined: false };
    return refusal(
      `This batch deletes for good (${names(deletions)}), and this server asks the person first (${whyAsk(lockdown)}), but this client cannot ask: it did not declare elicitation. Nothing was sent.`,
      'CONFIRMATION_UNAVAILABLE',
    );
  }
  const target = targetOf(items);
  const state = ctx.mcpReq.requestState<ConfirmState>();
  if (state !== undefined && typeof state === 'object') {
    if (state.tool !== BATCH_TOOL_NAME || state.target !== target) {
      return refusal(
        'The confirmation was given for another batch than these calls. Nothing was sent; call again to ask the person about this one.',
        'CONFIRMATION_MISMATCH',
      );
    }
    const answer = inputResponse(ctx.mcpReq.inputResponses, ANSWER);
    if (answer.kind === 'elicit')
      return { go: true, key: state.key, declined: !(answer.action === 'accept' && answer.content?.['confirm'] === true) };
  }
  const question = await ask(deletions, items.length, upstream, ctx.mcpReq.signal);
  const requestState = await confirm.codec.mint({ tool: BATCH_TOOL_NAME, target, key: givenKey ?? randomUUID() }, ctx);
  return {
    ask: inputRequired({ inputRequests: { [ANSWER]: inputRequired.elicit({ message: question, requestedSchema: FORM }) }, requestState }),
  };
}

/**
 * One question: the deletions, the tools they call, the first ones named in the words of the single
 * deletion's question (one line each, numbered by the server, names quoted and cut by the rows), then
 * how many more there are.
 */
async function ask(deletions: readonly BatchItem[], total: number, upstream: Upstream, signal: AbortSignal): Promise<string> {
  const named = deletions.slice(0, NAMED_AT_MOST);
  const lines: string[] = new Array<string>(named.length);
  let next = 0;
  const worker = async () => {
    while (next < named.length) {
      const i = next++;
      const { def, args } = named[i]!;
      lines[i] = `${i + 1}. ${clause(await questionFor(def, args, upstream, signal))}`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(DESCRIBE_AT_ONCE, named.length) }, worker));
  const n = deletions.length;
  const more = n - named.length;
  const head =
    n === 1
      ? 'Do this, which cannot be undone?'
      : more === 0
        ? `Do these ${n} things, which cannot be undone?`
        : `Do these ${n} things, which cannot be undone? ${callsOf(deletions)}; the first ${named.length}:`;
  const rest = total - n;
  const others =
    rest === 0
      ? []
      : [
          rest === 1
            ? 'The other call of this batch deletes nothing and runs either way.'
            : `The other ${rest} calls of this batch delete nothing and run either way.`,
        ];
  return [head, ...lines, ...(more > 0 ? [`and ${more} more, not named here.`] : []), ...others].join('\n');
}

/** "480 calls of members_remove and 20 of groups_delete". */
function callsOf(items: readonly BatchItem[]): string {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.def.name, (counts.get(i.def.name) ?? 0) + 1);
  const parts = [...counts].map(([tool, k], j) => (j === 0 ? `${k} ${k === 1 ? 'call' : 'calls'} of ${tool}` : `${k} of ${tool}`));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/** "Remove Ann … memberships? This cannot be undone." as "Remove Ann … memberships": the question is asked once, above. */
function clause(question: string): string {
  const end = question.lastIndexOf('?');
  return end > 0 ? question.slice(0, end) : question;
}

function names(items: readonly BatchItem[]): string {
  return [...new Set(items.map((i) => i.def.name))].join(', ');
}

function refusal(message: string, code: 'CONFIRMATION_UNAVAILABLE' | 'CONFIRMATION_MISMATCH'): { refused: ToolError } {
  return { refused: new ToolError(message, { code }) };
}
