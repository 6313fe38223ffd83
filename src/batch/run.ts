import { randomUUID } from 'node:crypto';
import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { CallContext, RequestTrace } from '../call/context.js';
import { errorResult } from '../call/errors.js';
import { DEFAULTS } from '../config/defaults.js';
import { KeepAlive } from '../call/keep-alive.js';
import type { Outcome } from '../jobs/runner.js';
import type { Catalogue } from '../mcp/catalogue.js';
import type { RequestContext } from '../mcp/request-context.js';
import {
  audit,
  callContext,
  executeStep,
  lockedDown,
  runWorkAsJob,
  type AsTask,
  type AuditOutcome,
  type CanAsk,
  type ToolCallOptions,
} from '../mcp/tool-call.js';
import { BATCH_TOOL_NAME } from '../mcp/tool-summary.js';
import type { Telemetry } from '../telemetry/hooks.js';
import { declaredOf, presentPaths } from '../mcp/untrusted.js';
import { UNTRUSTED_META } from '../text/meta-keys.js';
import { batchResult, type ItemOutcome } from './answer.js';
import { gateBatch, type BatchItem } from './confirm.js';
import { itemKey } from './keys.js';
import { planBatch } from './plan.js';

// batch_call: many calls of the API tools in one. Checked whole first (plan.ts), its deletions confirmed
// in one question (confirm.ts), then run side by side, at most --max-inflight at once, each call exactly
// as it would run alone (its output checked, its answer fitted, its audit line written), and answered
// with every call's result or error by index (answer.ts). Like a long call, a batch that outlives the
// client's patience goes on as a job.

export interface BatchOptions extends ToolCallOptions {
  telemetry?: Telemetry | undefined;
  /** Calls of one batch in flight at once at most (--max-inflight). */
  maxInFlight?: number | undefined;
}

const DEFAULT_AT_ONCE = 16;

export async function runBatch(
  args: unknown,
  catalogue: Catalogue,
  opts: BatchOptions,
  ctx: ServerContext,
  request: RequestContext,
  canAsk: CanAsk,
  asTask: AsTask,
): Promise<CallToolResult | InputRequiredResult> {
  const def = (await catalogue.batchTool())!;
  const plan = await planBatch(def, args, catalogue, request);
  if ('refused' in plan) return plan.refused;
  const { items, givenKey } = plan;
  const gate = await gateBatch(opts.confirm, items, givenKey, opts.upstream, ctx, canAsk(ctx), lockedDown(opts, request));
  // A question asked changed nothing yet; a refusal ended the call, and each write is audited with its code.
  if ('ask' in gate) return gate.ask;
  if ('refused' in gate) {
    await auditEach(opts, items, ctx, request, gate.refused.code);
    return errorResult(gate.refused);
  }
  const key = gate.key ?? givenKey ?? randomUUID();
  const call = callContext(ctx, opts, request);
  const work = (c: CallContext) => runItems(items, { key, declined: gate.declined }, opts, c, ctx, request);
  if (!opts.jobs) return (await work(call)).result;
  // Identical batches join one job while it runs, as identical long calls do.
  const asked = {
    calls: items.map((i) => ({ tool: i.def.name, arguments: i.args })),
    ...(givenKey ? { idempotencyKey: givenKey } : {}),
    ...(gate.declined ? { declined: true } : {}),
  };
  // As a single call's: a store that did not answer is named, with nothing of the batch sent.
  return runWorkAsJob(opts.jobs, BATCH_TOOL_NAME, asked, call, request, asTask, work, 'Nothing of the batch was started');
}

/**
 * The calls, side by side: a pool of at most maxInFlight workers takes them in order, so no more are
 * open upstream at once. A cancel stops the calls not yet sent (skipped); progress says how many are done.
 */
async function runItems(
  items: readonly BatchItem[],
  how: { key: string; declined: boolean },
  opts: BatchOptions,
  call: CallContext,
  ctx: ServerContext,
  request: RequestContext,
): Promise<Outcome> {
  const outcomes = new Map<number, ItemOutcome>();
  const toRun: BatchItem[] = [];
  for (const item of items) {
    if (how.declined && item.def.annotations.destructiveHint) {
      outcomes.set(item.index, { index: item.index, tool: item.def.name, status: 'declined', args: item.args });
      await audit(opts, item.def, item.args, ctx, request, 'declined');
    } else toRun.push(item);
  }
  const keepAlive = call.progress
    ? new KeepAlive(call.progress, { title: 'Run many calls at once', mode: 'long' }, call.keepAliveMs)
    : undefined;
  let next = 0;
  let done = outcomes.size;
  const keep = keeper(opts.resultMaxChars ?? DEFAULTS.resultMaxChars);
  // Every call's end up to 100 calls, then every hundredth of the batch: a thousand notifications tell no more than a hundred.
  const step = Math.max(1, Math.ceil(items.length / 100));
  const worker = async () => {
    while (next < toRun.length && !call.signal.aborted) {
      const item = toRun[next++]!;
      outcomes.set(item.index, keep(await runItem(item, how.key, opts, call, ctx, request)));
      done++;
      if (done % step === 0 || done === items.length) keepAlive?.send(`${done} of ${items.length} done`, 'status').catch(() => undefined);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.maxInFlight ?? DEFAULT_AT_ONCE, toRun.length) }, worker));
  } finally {
    keepAlive?.stop();
  }
  for (const item of toRun.slice(next)) {
    outcomes.set(item.index, { index: item.index, tool: item.def.name, status: 'skipped', args: item.args });
    await audit(opts, item.def, item.args, ctx, request, 'skipped');
  }
  const takesKeys = items.some((i) => i.def.takesIdempotencyKey);
  const result = markBatch(
    batchResult(
      items.map((i) => outcomes.get(i.index)!),
      takesKeys ? how.key : undefined,
      opts.resultMaxChars,
    ),
    items,
  );
  return call.signal.aborted
    ? {
        result,
        error: {
          code: 'CANCELLED',
          message: `The batch was cancelled: ${items.length - done} of its ${items.length} calls were not sent.`,
        },
      }
    : { result };
}

/**
 * Drops the answers past what the batch's answer could show: it shows at most the result cap's worth, so
 * a thousand reads of 40,000 characters each hold about twice that in memory, not 40 million characters.
 * Calls end out of order; twice the cap keeps the first ones' answers nearly always.
 */
export function keeper(maxChars: number): (o: ItemOutcome) => ItemOutcome {
  let kept = 0;
  return (o) => {
    if (o.result === undefined) return o;
    kept += JSON.stringify(o.result).length;
    return kept <= 2 * maxChars ? o : { ...o, result: undefined };
  };
}

/** One call, exactly as alone, in a span of its own; a write that takes a key gets the batch's, for its index. */
async function runItem(
  item: BatchItem,
  key: string,
  opts: BatchOptions,
  call: CallContext,
  ctx: ServerContext,
  request: RequestContext,
): Promise<ItemOutcome> {
  const { def, index } = item;
  const args =
    def.takesIdempotencyKey && item.args['idempotencyKey'] === undefined
      ? { ...item.args, idempotencyKey: itemKey(key, index) }
      : item.args;
  const trace: RequestTrace = {};
  const outcome = await executeStep(def, args, opts, call, ctx, request, trace, { 'learning_workspace.batch.index': index });
  if (trace.upstreamStatus !== undefined && call.trace) call.trace.upstreamStatus = trace.upstreamStatus;
  if (outcome.error) return { index, tool: def.name, status: 'failed', error: outcome.error, args };
  return {
    index,
    tool: def.name,
    status: 'succeeded',
    result: outcome.result.structuredContent as Record<string, unknown> | undefined,
    args,
  };
}

async function auditEach(
  opts: BatchOptions,
  items: readonly BatchItem[],
  ctx: ServerContext,
  request: RequestContext,
  outcome: AuditOutcome,
): Promise<void> {
  for (const item of items) await audit(opts, item.def, item.args, ctx, request, outcome);
}

/** A batch's result names the fields people wrote that its calls' results carry, as `results[].result.…`. */
function markBatch(result: CallToolResult, items: readonly BatchItem[]): CallToolResult {
  const shown = (result.structuredContent as { results?: { result?: Record<string, unknown> }[] } | undefined)?.results ?? [];
  const paths = new Set<string>();
  items.forEach((item, i) => {
    const r = shown[i]?.result;
    if (r) for (const p of presentPaths(r, declaredOf(item.def))) paths.add(`results[].result.${p}`);
  });
  return paths.size > 0 ? { ...result, _meta: { ...result._meta, [UNTRUSTED_META]: [...paths] } } : result;
}
