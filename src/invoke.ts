import { randomUUID } from 'node:crypto';
import type { ToolDef } from '../tools/define.js';
import type { RequestTrace } from './context.js';
import { ToolError } from './errors.js';
import { invokeStream } from './stream.js';
import type { RequestSpec, Upstream, UpstreamResponse } from './upstream.js';

export type ProgressKind = 'text' | 'status';

export interface InvokeContext {
  signal: AbortSignal;
  /** Present when the client asked for progress; sends one progress notification. */
  progress?: ((message: string, kind: ProgressKind) => Promise<void>) | undefined;
  /** How often a long call tells the client it is still waiting (clients reset their timeout on progress). */
  keepAliveMs: number;
  trace?: RequestTrace | undefined;
}
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
export class KeepAlive {
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

/**
 * What the upstream needs from one validated tool input: path, query, body, and for commands that take
 * one, the Idempotency-Key (the caller's, or a fresh one for this call, kept across its retries).
 */
export function buildRequest(def: ToolDef, input: Record<string, unknown>) {
  const args = { ...input };
  let idempotencyKey: string | undefined;
  if (def.idempotencyKey) idempotencyKey = typeof args['idempotencyKey'] === 'string' ? args['idempotencyKey'] : randomUUID();
  delete args['idempotencyKey'];

  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args[name];
    delete args[name];
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
      throw new ToolError(`Invalid path parameter "${name}".`, { code: 'INVALID_INPUT' });
    }
    // One encoded segment: "../x" or "a/b?c" can never reach another route.
    return encodeURIComponent(value);
  });

  let query: Record<string, string> | undefined;
  let body: unknown;
  if (def.method === 'GET') {
    query = {};
    for (const [k, v] of Object.entries(args)) if (v !== undefined) query[k] = String(v);
  } else {
    body = def.body ? def.body(args) : args;
  }
  return { path, query, body, idempotencyKey };
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
  });
  return def.api === 'connector' ? unwrapEnvelope(res) : unwrapPlain(res);
}

const credentialHint = {
  connector: {
    401: 'WORKSPACE_CONNECTOR_TOKEN: the Connector secret or child token is missing, invalid or expired.',
    403: "WORKSPACE_CONNECTOR_TOKEN: the token is valid but the Connector's policy does not permit this command (monthly overview also needs VIEW_ANALYTICS).",
  },
  content: {
    401: 'WORKSPACE_API_KEY: the API key is missing or invalid.',
    403: 'WORKSPACE_API_KEY and WORKSPACE_USER_ID: the key or the acting user may not do this.',
  },
} as const;

function hintFor(api: 'connector' | 'content', status: number): string | undefined {
  return status === 401 || status === 403 ? credentialHint[api][status] : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

function fieldErrors(v: unknown): Record<string, string[]> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(v)) {
    out[k] = Array.isArray(msgs) ? msgs.map(String) : [String(msgs)];
  }
  return out;
}

/** Connector answers are envelopes: `{success: true, data}` or `{success: false, error}`. */
export function unwrapEnvelope(res: UpstreamResponse): Record<string, unknown> {
  const env = res.json;
  if (!isObject(env) || typeof env['success'] !== 'boolean') {
    throw new ToolError(
      res.text
        ? `The upstream answered HTTP ${res.status} with a body that is not a Connector envelope: ${snippet(res.text)}`
        : `The upstream answered HTTP ${res.status} with an empty body.`,
      { status: res.status, code: 'BAD_UPSTREAM_RESPONSE', hint: hintFor('connector', res.status) },
    );
  }
  if (env['success'] === true && res.status < 300) {
    if (!isObject(env['data'])) {
      throw new ToolError('The upstream envelope has no data object.', { status: res.status, code: 'BAD_UPSTREAM_RESPONSE' });
    }
    return env['data'];
  }
  const error = isObject(env['error']) ? env['error'] : {};
  throw new ToolError(typeof error['message'] === 'string' ? error['message'] : `The upstream answered HTTP ${res.status}.`, {
    status: res.status,
    code: typeof error['code'] === 'string' ? error['code'] : undefined,
    resolution: typeof error['resolution'] === 'string' ? error['resolution'] : undefined,
    fieldErrors: fieldErrors(error['errors']),
    hint: hintFor('connector', res.status),
  });
}

/** Content answers are plain JSON; their error bodies are not documented, so any shape is read. */
export function unwrapPlain(res: UpstreamResponse): Record<string, unknown> {
  if (res.status < 300) {
    if (isObject(res.json)) return res.json;
    throw new ToolError(
      res.text ? `The upstream answered HTTP ${res.status} with a body that is not a JSON object: ${snippet(res.text)}` : `The upstream answered HTTP ${res.status} with an empty body.`,
      { status: res.status, code: 'BAD_UPSTREAM_RESPONSE' },
    );
  }
  const body = res.json;
  let message = res.text ? snippet(res.text) : `The upstream answered HTTP ${res.status} with no body.`;
  let code: string | undefined;
  let resolution: string | undefined;
  let errors: Record<string, string[]> | undefined;
  if (isObject(body)) {
    const error = isObject(body['error']) ? body['error'] : body;
    if (typeof error['message'] === 'string') message = error['message'];
    else if (typeof body['error'] === 'string') message = body['error'];
    if (typeof error['code'] === 'string') code = error['code'];
    if (typeof error['resolution'] === 'string') resolution = error['resolution'];
    errors = fieldErrors(error['errors']);
  }
  throw new ToolError(message, { status: res.status, code, resolution, fieldErrors: errors, hint: hintFor('content', res.status) });
}
