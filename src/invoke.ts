import type { ToolDef } from '../tools/define.js';
import type { RequestTrace } from './context.js';
import { ToolError } from './errors.js';
import { invokeStream } from './stream.js';
import type { Upstream, UpstreamResponse } from './upstream.js';

export type ProgressKind = 'text' | 'status';

export interface InvokeContext {
  signal: AbortSignal;
  /** Present when the client asked for progress; sends one progress notification. */
  progress?: ((message: string, kind: ProgressKind) => Promise<void>) | undefined;
  /** How often a long call tells the client it is still waiting (clients reset their timeout on progress). */
  keepAliveMs: number;
  trace?: RequestTrace | undefined;
}
/** Room on top of the upstream's own wait before the HTTP timeout gives up. */
const LONG_MARGIN_MS = 30_000;

/** Carries out one tool call, whatever its mode, and returns the object that becomes `structuredContent`. */
export async function invoke(def: ToolDef, input: Record<string, unknown>, upstream: Upstream, ctx: InvokeContext): Promise<Record<string, unknown>> {
  if (def.mode === 'stream') return invokeStream(def, input, upstream, ctx);
  if (def.mode !== 'long') return invokeJson(def, input, upstream, ctx);
  const wait = def.upstreamWaitMs?.(input) ?? 0;
  const started = performance.now();
  const progress = ctx.progress;
  const timer = progress
    ? setInterval(() => {
        const s = Math.round((performance.now() - started) / 1000);
        progress(`Still working on ${def.title.toLowerCase()} (${s} s so far)`, 'status').catch(() => undefined);
      }, ctx.keepAliveMs)
    : undefined;
  try {
    return await invokeJson(def, input, upstream, ctx, Math.max(upstream.timeoutMs, wait + LONG_MARGIN_MS));
  } finally {
    clearInterval(timer);
  }
}

/** What the upstream needs from one validated tool input: path, query, body and idempotency key. */
export function buildRequest(def: ToolDef, input: Record<string, unknown>) {
  const args = { ...input };
  let idempotencyKey: string | undefined;
  if (def.idempotencyKey && typeof args['idempotencyKey'] === 'string') idempotencyKey = args['idempotencyKey'];
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
  timeoutMs?: number,
): Promise<Record<string, unknown>> {
  const { path, query, body, idempotencyKey } = buildRequest(def, input);
  const res = await upstream.request({
    api: def.api,
    method: def.method,
    path,
    query,
    body,
    repeatable: def.annotations.idempotentHint,
    idempotent: def.idempotencyKey,
    idempotencyKey,
    signal: ctx.signal,
    timeoutMs,
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
