import { randomUUID } from 'node:crypto';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from './context.js';
import { KeepAlive } from './keep-alive.js';
import { relayStream } from './stream-relay.js';
import type { RequestSpec, Upstream } from './upstream.js';

/** Room on top of the upstream's own wait before the attempt gives up. */
const LONG_MARGIN_MS = 30_000;

/**
 * The call core's entry: carries out one tool call with validated input, whatever its mode, and returns
 * the object that becomes `structuredContent` (or throws a ToolError).
 */
export function invoke(
  def: ToolDef,
  input: Record<string, unknown>,
  upstream: Upstream,
  ctx: CallContext,
  maxResponseBytes?: number,
): Promise<Record<string, unknown>> {
  // Every answer of the insights stream carries a session id, so the next question can continue the
  // conversation: the caller's, else one made here and sent upstream (an id the upstream reports wins).
  const asked = def.mode === 'stream' && typeof input['sessionId'] === 'string' ? input['sessionId'] : undefined;
  const sessionId = def.mode === 'stream' ? (asked ?? randomUUID()) : undefined;
  const request = buildRequest(def, sessionId === undefined ? input : { ...input, sessionId }, ctx.idempotencyKey);
  const spec: RequestSpec = {
    api: def.api,
    method: def.method,
    ...request,
    // Reads and idempotent updates repeat harmlessly; writes only when they carry an Idempotency-Key.
    retry: def.annotations.idempotentHint || request.idempotencyKey !== undefined,
    signal: ctx.signal,
    trace: ctx.trace,
    onRetry: ctx.onRetry,
    maxResponseBytes,
    ...longBudget(def, input, upstream),
  };
  // Only a call whose client asked for progress is kept alive while it waits.
  if (!ctx.progress) return def.mode === 'stream' ? relayStream(spec, { asked, sent: sessionId }, upstream, ctx) : upstream.call(spec);
  const keepAlive = new KeepAlive(ctx.progress, def, ctx.keepAliveMs);
  const inner: CallContext = { ...ctx, progress: keepAlive.send };
  const done = def.mode === 'stream' ? relayStream(spec, { asked, sent: sessionId }, upstream, inner) : upstream.call(spec);
  return done.finally(() => keepAlive.stop());
}

/**
 * The upstream itself waits (generation, processing, an assistant's first word): attempt and call get
 * that wait and a margin. A stream's budget covers its first byte; its silences then have their own limit.
 */
function longBudget(
  def: ToolDef,
  input: Record<string, unknown>,
  upstream: Upstream,
): Pick<RequestSpec, 'attemptTimeoutMs' | 'deadlineMs'> {
  if (def.mode === 'json') return {};
  const budget = Math.max(upstream.timeoutMs, (def.upstreamWaitMs?.(input) ?? 0) + LONG_MARGIN_MS);
  return { attemptTimeoutMs: budget, deadlineMs: Math.max(upstream.deadlineMs, budget) };
}

/**
 * What the upstream needs from one validated tool input: path, query, body, and for commands that take
 * one, the Idempotency-Key (the one a confirmation was sealed with, else the caller's, else a fresh one
 * for this call, kept across its retries). The server's own fields (the idempotency key, a paged list's
 * offset and fields) are taken out here and nowhere else.
 */
export function buildRequest(
  def: ToolDef,
  input: Record<string, unknown>,
  confirmedKey?: string,
): Pick<RequestSpec, 'path' | 'query' | 'body' | 'idempotencyKey'> {
  const args = { ...input };
  const given = args['idempotencyKey'];
  delete args['idempotencyKey'];
  if (def.pages) {
    delete args['offset'];
    delete args['cursor'];
    delete args['fields'];
  }
  const idempotencyKey = def.takesIdempotencyKey ? (confirmedKey ?? (typeof given === 'string' ? given : randomUUID())) : undefined;

  // Path ids were checked by their schema (tools/define.ts `id()`): not empty, not "." or "..".
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args[name];
    delete args[name];
    if (typeof value !== 'string') throw new Error(`${def.name} declares path parameter ${name} without a string field of that name`);
    // One encoded segment: "../x" or "a/b?c" can never reach another route.
    return encodeURIComponent(value);
  });

  if (def.method === 'GET') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(args)) if (v !== undefined) query[k] = String(v);
    return { path, query, body: undefined, idempotencyKey };
  }
  return { path, query: undefined, body: def.body ? def.body(args) : args, idempotencyKey };
}
