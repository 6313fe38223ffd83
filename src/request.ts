import { randomUUID } from 'node:crypto';
import type { ToolDef } from '../tools/define.js';
import { ToolError } from './errors.js';
import type { RequestTrace } from './context.js';
import type { UpstreamResponse } from './upstream.js';

// Between a tool's declaration and the upstream: the request one validated input makes, and the
// result (or ToolError) one answer makes. Both the JSON and the stream paths use it; it imports neither.

/** Progress a call reports: a piece of the answer, or what is happening. */
export type ProgressKind = 'text' | 'status';

/** What a tool call brings from the MCP request it came in: cancellation, progress, the HTTP trace. */
export interface InvokeContext {
  signal: AbortSignal;
  /** Present when the client asked for progress; sends one progress notification. */
  progress?: ((message: string, kind: ProgressKind) => Promise<void>) | undefined;
  /** How often a long call tells the client it is still waiting (clients reset their timeout on progress). */
  keepAliveMs: number;
  trace?: RequestTrace | undefined;
  /** Tells the client of a retry, as a log message its log level may filter out. */
  onRetry?: ((notice: string) => void) | undefined;
}

/**
 * What the upstream needs from one validated tool input: path, query, body, and for commands that take
 * one, the Idempotency-Key (the caller's, or a fresh one for this call, kept across its retries).
 */
export function buildRequest(def: ToolDef, input: Record<string, unknown>) {
  const args = { ...input };
  let idempotencyKey: string | undefined;
  if (def.takesIdempotencyKey) idempotencyKey = typeof args['idempotencyKey'] === 'string' ? args['idempotencyKey'] : randomUUID();
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
