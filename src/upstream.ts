import { randomUUID } from 'node:crypto';
import type { Agent, Dispatcher } from 'undici';
import type { Api } from '../tools/define.js';
import type { ConnectorTarget, ContentTarget } from './config.js';
import { ToolError } from './errors.js';
import type { RequestTrace } from './context.js';
import { debugEnabled, log } from './log.js';

export interface Targets {
  connector?: ConnectorTarget | undefined;
  content?: ContentTarget | undefined;
}

export interface RequestSpec {
  api: Api;
  method: 'GET' | 'POST' | 'PATCH';
  /** Already filled and encoded path, starting with `/`. */
  path: string;
  query?: Record<string, string> | undefined;
  /** JSON-serialisable body; GET sends none. */
  body?: unknown;
  /** Repeating the request has no further effect (reads, idempotent updates): safe to retry. */
  repeatable?: boolean;
  /** Send an Idempotency-Key (the given one, or a fresh one per call). */
  idempotent?: boolean;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Overrides the configured attempt timeout (long-running upstream operations). */
  timeoutMs?: number | undefined;
  /** Where to note the upstream status for the access log of the HTTP request behind this call. */
  trace?: RequestTrace | undefined;
  /** Give the body back unread, for streams. */
  stream?: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the body was JSON, otherwise undefined. */
  json: unknown;
  text: string;
}

export interface UpstreamStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export interface UpstreamOptions {
  timeoutMs: number;
  maxRetries: number;
  /** Base of the exponential backoff; each request draws its own jitter around it. */
  retryBaseMs?: number;
  maxResponseBytes?: number;
  /** Longest silence allowed inside a streamed answer (default 60 s). */
  streamIdleMs?: number;
}

const RETRY_STATUS = [429, 502, 503, 504];
const RETRY_ERRORS = [
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
];

/** When the upstream last answered (any status) and last failed to, for readiness checks. */
export interface UpstreamHealth {
  lastAnswerAt: number | undefined;
  lastFailureAt: number | undefined;
  lastFailure: string | undefined;
}

/** The connection pool and health shared by every Upstream of a process (one per client in client-credential hosting). */
type Send = (options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export class UpstreamPool {
  private agent: Agent | undefined;
  private ready: Promise<Send> | undefined;
  readonly health: UpstreamHealth = { lastAnswerAt: undefined, lastFailureAt: undefined, lastFailure: undefined };

  /**
   * undici's request on a pooled agent, made on first use. Only its agent, retry interceptor and request
   * API are loaded, then: its index also brings fetch, WebSocket, caches and more, three quarters of its
   * code, which a server that Claude Desktop or an agent framework starts often would parse every time.
   */
  sender(): Promise<Send> {
    this.ready ??= Promise.all([
      import('undici/lib/dispatcher/agent.js'),
      import('undici/lib/interceptor/retry.js'),
      import('undici/lib/api/api-request.js'),
    ]).then(([{ default: Agent }, { default: retry }, { default: request }]) => {
      this.agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 128 });
      // undici's retry interceptor does the retrying (Retry-After, exponential backoff); each
      // request passes its own retry options, so a non-idempotent call is never repeated.
      const dispatcher = this.agent.compose(retry({ throwOnError: false, retryAfter: true }));
      return (options) => request.call(dispatcher, options);
    });
    return this.ready;
  }

  async close(): Promise<void> {
    await this.agent?.close();
  }
}

/**
 * The one authenticated proxy: every tool call reaches the upstream through `request()`.
 * It owns the base URLs, credentials, timeouts, retries, idempotency keys and transport errors.
 */
export class Upstream {
  constructor(
    private readonly targets: Targets,
    private readonly opts: UpstreamOptions,
    readonly pool = new UpstreamPool(),
  ) {}

  /** The same pool and settings with other credentials (one client's, in client-credential hosting). */
  withTargets(targets: Targets): Upstream {
    return new Upstream(targets, this.opts, this.pool);
  }

  apis(): Set<Api> {
    const apis = new Set<Api>();
    if (this.targets.connector) apis.add('connector');
    if (this.targets.content) apis.add('content');
    return apis;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** Origin, base path and credential headers of each API, worked out once. */
  private readonly resolved = new Map<Api, { origin: string; basePath: string; headers: Readonly<Record<string, string>> }>();

  private target(api: Api): { origin: string; basePath: string; headers: Readonly<Record<string, string>> } {
    const known = this.resolved.get(api);
    if (known) return known;
    let baseUrl: string;
    let headers: Record<string, string>;
    if (api === 'connector') {
      const t = this.targets.connector;
      if (!t) throw new ToolError('The Connector API is not configured.', { hint: 'WORKSPACE_CONNECTOR_TOKEN and WORKSPACE_BASE_URL' });
      baseUrl = t.baseUrl;
      headers = { authorization: `Bearer ${t.token}` };
    } else {
      const t = this.targets.content;
      if (!t) throw new ToolError('The Content API is not configured.', { hint: 'WORKSPACE_API_KEY and WORKSPACE_BASE_URL' });
      baseUrl = t.baseUrl;
      headers = { 'x-api-key': t.apiKey };
      if (t.userId) headers['x-user-id'] = t.userId;
    }
    const url = new URL(baseUrl);
    const entry = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, ''), headers };
    this.resolved.set(api, entry);
    return entry;
  }

  private async dispatch(spec: RequestSpec): Promise<Dispatcher.ResponseData> {
    const target = this.target(spec.api);
    const headers: Record<string, string> = { ...target.headers };
    const query = spec.query && Object.keys(spec.query).length > 0 ? `?${new URLSearchParams(spec.query).toString()}` : '';
    const path = target.basePath + spec.path + query;

    headers['accept'] = spec.stream ? 'text/event-stream, text/plain, application/json' : 'application/json';
    let body: string | undefined;
    if (spec.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body ?? {});
    }
    if (spec.idempotent) headers['idempotency-key'] = spec.idempotencyKey ?? randomUUID();

    // Reads repeat harmlessly; writes only when they carry an idempotency key.
    const retriable = !!spec.repeatable || !!spec.idempotent;
    const timeout = spec.timeoutMs ?? this.opts.timeoutMs;
    const base = this.opts.retryBaseMs ?? 250;
    const started = performance.now();
    try {
      const send = await this.pool.sender();
      const res = await send({
        origin: target.origin,
        path,
        method: spec.method,
        headers,
        body,
        signal: spec.signal,
        headersTimeout: timeout,
        bodyTimeout: spec.stream ? this.streamIdleMs : timeout,
        retryOptions: {
          maxRetries: retriable ? this.opts.maxRetries : 0,
          methods: [spec.method],
          statusCodes: RETRY_STATUS,
          errorCodes: RETRY_ERRORS,
          // Jitter: each request draws its own base, so clients that failed together do not retry together.
          minTimeout: Math.round(base * (0.5 + Math.random())),
          maxTimeout: 10_000,
          timeoutFactor: 2,
        },
      } as Dispatcher.RequestOptions);
      this.pool.health.lastAnswerAt = Date.now();
      if (spec.trace) spec.trace.upstreamStatus = res.statusCode;
      if (debugEnabled()) log('debug', 'upstream', { api: spec.api, method: spec.method, path: spec.path, status: res.statusCode, ms: Math.round(performance.now() - started) });
      return res;
    } catch (err) {
      const error = transportError(err, spec, target.origin, timeout);
      if (error.code !== 'CANCELLED') {
        this.pool.health.lastFailureAt = Date.now();
        this.pool.health.lastFailure = error.code;
      }
      throw error;
    }
  }

  get streamIdleMs(): number {
    return this.opts.streamIdleMs ?? 60_000;
  }

  /** The attempt timeout calls get unless they ask for more. */
  get timeoutMs(): number {
    return this.opts.timeoutMs;
  }

  /** A request whose answer is read whole (JSON or text). */
  async request(spec: RequestSpec): Promise<UpstreamResponse> {
    const res = await this.dispatch(spec);
    return this.read(spec, res.statusCode, res.headers, res.body);
  }

  /** Reads a whole answer, within the size cap, and parses it when it is JSON. */
  async read(spec: RequestSpec, status: number, headers: UpstreamResponse['headers'], body: Dispatcher.ResponseData['body']): Promise<UpstreamResponse> {
    let text: string;
    try {
      text = await readCapped(body, this.opts.maxResponseBytes ?? 16 * 1024 * 1024, Number(headers['content-length'] ?? NaN));
    } catch (err) {
      throw transportError(err, spec, '', spec.timeoutMs ?? this.opts.timeoutMs);
    }
    const res = { statusCode: status, headers };
    let json: unknown;
    const type = String(res.headers['content-type'] ?? '');
    if (text && (type.includes('json') || /^\s*[[{]/.test(text))) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: res.statusCode, headers: res.headers, json, text };
  }

  /** A request whose body is handed back as a stream. */
  async stream(spec: RequestSpec): Promise<UpstreamStream> {
    const res = await this.dispatch({ ...spec, stream: true });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number, length: number): Promise<string> {
  // With a known length the body can be read in one go.
  if (Number.isFinite(length) && length <= max) return body.text();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new ToolError(`The upstream answer is larger than ${max} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function transportError(err: unknown, spec: RequestSpec, origin: string, timeoutMs: number): ToolError {
  if (err instanceof ToolError) return err;
  const e = err as { name?: string; code?: string; message?: string };
  const where = `${spec.method} ${spec.path}`;
  if (spec.signal?.aborted || e.name === 'AbortError') {
    return new ToolError(`The call was cancelled before the upstream answered (${where}).`, { code: 'CANCELLED' });
  }
  switch (e.code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new ToolError(`The upstream did not answer within ${timeoutMs} ms (${where}).`, {
        code: 'UPSTREAM_TIMEOUT',
        resolution: 'Try again later, or raise WORKSPACE_TIMEOUT_MS if the operation is slow.',
      });
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ToolError(`Could not connect to the upstream at ${origin} (${e.code}).`, {
        code: 'UPSTREAM_UNREACHABLE',
        resolution: 'Check the base URL (WORKSPACE_BASE_URL or the per-API URL) and that the service is up.',
      });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return new ToolError(`The upstream closed the connection before answering (${where}).`, {
        code: 'UPSTREAM_CONNECTION_RESET',
        resolution: 'Try again; if it persists, the service may be overloaded or restarting.',
      });
    default:
      return new ToolError(`The upstream request failed (${where}): ${e.message ?? String(err)}`, { code: e.code ?? 'UPSTREAM_ERROR' });
  }
}
