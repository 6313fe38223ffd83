import type { ToolDef } from '../tools/define.js';
import { buildRequest, unwrapEnvelope, unwrapPlain, type InvokeContext, type ProgressKind } from './request.js';
import { invokeStream } from './stream.js';
import type { RequestSpec, Upstream } from './upstream.js';

/** Room on top of the upstream's own wait before the attempt gives up. */
const LONG_MARGIN_MS = 30_000;
/** The first "still waiting" progress goes out this soon, then every keepAliveMs of silence. */
const FIRST_KEEPALIVE_MS = 5_000;

/** Carries out one tool call, whatever its mode, and returns the object that becomes `structuredContent`. */
export async function invoke(def: ToolDef, input: Record<string, unknown>, upstream: Upstream, ctx: InvokeContext): Promise<Record<string, unknown>> {
  const keepAlive = ctx.progress ? new KeepAlive(ctx.progress, def, ctx.keepAliveMs) : undefined;
  const inner: InvokeContext = keepAlive ? { ...ctx, progress: keepAlive.send } : ctx;
  try {
    if (def.mode === 'stream') return await invokeStream(def, input, upstream, inner);
    if (def.mode !== 'long') return await invokeJson(def, input, upstream, inner);
    // The upstream itself waits (generation, processing): attempt and call get that wait and a margin.
    const budget = Math.max(upstream.timeoutMs, (def.upstreamWaitMs?.(input) ?? 0) + LONG_MARGIN_MS);
    return await invokeJson(def, input, upstream, inner, { attemptTimeoutMs: budget, deadlineMs: Math.max(upstream.deadlineMs, budget) });
  } finally {
    keepAlive?.stop();
  }
}

/**
 * A short status whenever a call with a progress token has been silent for a while, so clients that
 * reset their timeout on progress keep waiting, and a person sees the call is alive.
 */
class KeepAlive {
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly progress: NonNullable<InvokeContext['progress']>,
    private readonly def: Pick<ToolDef, 'title' | 'mode'>,
    private readonly everyMs: number,
  ) {
    this.arm(Math.min(FIRST_KEEPALIVE_MS, everyMs));
  }

  /** Sends progress and restarts the silence count. */
  readonly send = (message: string, kind: ProgressKind): Promise<void> => {
    if (this.timer) this.arm(this.everyMs);
    return this.progress(message, kind);
  };

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const s = Math.round((performance.now() - this.started) / 1000);
      const what = this.def.mode === 'long' ? `Still working on ${this.def.title.toLowerCase()}` : 'Still waiting for the workspace';
      this.send(`${what} (${s} s so far)`, 'status').catch(() => undefined);
    }, ms);
    this.timer.unref();
  }
}

async function invokeJson(
  def: ToolDef,
  input: Record<string, unknown>,
  upstream: Upstream,
  ctx: InvokeContext,
  budget: Pick<RequestSpec, 'attemptTimeoutMs' | 'deadlineMs'> = {},
): Promise<Record<string, unknown>> {
  const { path, query, body, idempotencyKey } = buildRequest(def, input);
  const res = await upstream.request({
    api: def.api,
    method: def.method,
    path,
    query,
    body,
    // Reads and idempotent updates repeat harmlessly; writes only when they carry an Idempotency-Key.
    retry: def.annotations.idempotentHint || idempotencyKey !== undefined,
    idempotencyKey,
    signal: ctx.signal,
    ...budget,
    trace: ctx.trace,
    onRetry: ctx.onRetry,
  });
  return def.api === 'connector' ? unwrapEnvelope(res) : unwrapPlain(res);
}

