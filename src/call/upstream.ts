import { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { Agent, Dispatcher } from 'undici';
import type { Api } from '../../tools/define.js';
import { DEFAULTS } from '../config/defaults.js';
import type { Targets } from '../config/targets.js';
import { debugEnabled, log } from '../telemetry/log.js';
import { answerData, type UpstreamResponse } from './upstream-answer.js';
import type { RequestTrace } from './context.js';
import { codeForStatus, ToolError } from './errors.js';
import type { Telemetry } from '../telemetry/hooks.js';

export type { UpstreamResponse };

export interface RequestSpec {
  api: Api;
  method: 'GET' | 'POST' | 'PATCH';
  /** Already filled and encoded path, starting with `/`. */
  path: string;
  query?: Record<string, string> | undefined;
  /** JSON-serialisable body; GET sends none. */
  body?: unknown;
  /**
   * The request may be sent again after a failure: reads, idempotent updates, and writes that carry an
   * Idempotency-Key (the upstream replays the first result instead of applying the write twice).
   */
  retry: boolean;
  /** Sent as the Idempotency-Key header. */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** How long one attempt may wait for the answer; the configured one unless the operation is slow. */
  attemptTimeoutMs?: number | undefined;
  /** How long the whole call may take, every attempt and pause between them included. */
  deadlineMs?: number | undefined;
  /** Where to note the upstream status for the access log of the HTTP request behind this call. */
  trace?: RequestTrace | undefined;
  /** Told before each retry, so the client can say why the call is taking longer. */
  onRetry?: ((notice: string) => void) | undefined;
  /** The largest answer this request reads, when not the upstream's own (a whole list's is larger). */
  maxResponseBytes?: number | undefined;
}

export interface UpstreamStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export interface UpstreamOptions {
  /** How long one attempt may wait for its answer. */
  timeoutMs: number;
  /** How long a call may take in all, retries included (default: src/config/defaults.ts, as for the rest). */
  deadlineMs?: number | undefined;
  maxRetries: number;
  /** Base of the exponential backoff; each pause draws its own jitter around it. */
  retryBaseMs?: number | undefined;
  maxResponseBytes?: number | undefined;
  /** Longest silence allowed inside a streamed answer. */
  streamIdleMs?: number | undefined;
  /** Longest streamed answer kept; past it the stream is closed and the answer is cut short. */
  maxAnswerChars?: number | undefined;
  /** A CLIENT span per attempt, when OpenTelemetry is on. */
  telemetry?: Pick<Telemetry, 'upstream'> | undefined;
}

const MAX_BACKOFF_MS = 10_000;
/** Routes whose accepted limit is remembered at most: one per workspace and route. */
const ACCEPTED_MAX_ENTRIES = 1_000;

const RETRY_STATUS = new Set([429, 502, 503, 504]);
/** Failures before or during the answer after which the whole request may be sent again. */
const RETRY_ERRORS = new Set([
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
  'UND_ERR_BODY_TIMEOUT',
  'ATTEMPT_TIMEOUT',
]);

/** When the upstream last answered (any status) and last failed to, for readiness checks. */
export interface UpstreamHealth {
  lastAnswerAt: number | undefined;
  lastFailureAt: number | undefined;
  lastFailure: string | undefined;
}

/** The connection pool and health shared by every Upstream of a process (one per client in client-credential hosting). */
export class UpstreamPool {
  private agent: Agent | undefined;
  private ready: Promise<Agent> | undefined;
  readonly health: UpstreamHealth = { lastAnswerAt: undefined, lastFailureAt: undefined, lastFailure: undefined };

  /**
   * undici's pooled agent, made on first use: a start that answers only tools/list (as clients do at
   * every launch) never loads the HTTP client.
   */
  dispatcher(): Agent | Promise<Agent> {
    if (this.agent) return this.agent;
    // Through its default export: undici is CommonJS, whose named exports a bundle's chunk does not re-export.
    this.ready ??= import('undici').then(({ default: undici }) => {
      this.agent = new undici.Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 128 });
      return this.agent;
    });
    return this.ready;
  }

  /** Lets requests in flight finish for `graceMs` at most, then ends them: a stop is never held up by a slow upstream. */
  async close(graceMs = 1_000): Promise<void> {
    const agent = this.agent;
    if (!agent) return;
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      agent.close().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!closed) await agent.destroy();
  }
}

function retryNotice(what: string, attempts: Attempts, maxAttempts: number, pauseMs: number): string {
  return `The workspace ${what}; trying again in ${Math.round(pauseMs)} ms (attempt ${attempts.count + 1} of ${maxAttempts}).`;
}

/** Why an attempt's own abort fired: its time ran out (the caller's cancel has its own reason). */
const ATTEMPT_TIMEOUT = Object.assign(new Error('attempt timed out'), { code: 'ATTEMPT_TIMEOUT' });

/** What ends one attempt early: its time running out, or the caller's cancel. Its exchange is told at once. */
class AttemptSignal {
  aborted = false;
  reason: unknown;
  private hook: ((reason: unknown) => void) | undefined;

  onAbort(hook: (reason: unknown) => void): void {
    this.hook = hook;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.hook?.(reason);
  }
}

/** An attempt's answer: read whole (`text`), or for a stream that succeeded, its `body` as it comes. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body?: Readable | undefined;
}

/** Where an API is and its credential headers, worked out once; `kinds`: the shared headers of each kind of request. */
interface Target {
  origin: string;
  basePath: string;
  headers: Readonly<Record<string, string>>;
  kinds: Readonly<Record<string, string>>[];
}

/** How one call went so far, for the error that ends it. */
interface Attempts {
  count: number;
  startedAt: number;
  attemptTimeoutMs: number;
  deadlineMs: number;
}

/**
 * The one authenticated proxy: every tool call reaches the upstream through `call()` or `stream()`.
 * It owns the base URLs, credentials, the call's deadline, retries and transport errors.
 *
 * Retries are this loop's, not undici's retry handler: that one resumes a body cut off mid-way with a
 * `Range` request, which a JSON API answers with the whole body again (and undici then discards it).
 * Here every retry sends the whole request again, writes with the same Idempotency-Key.
 */
export class Upstream {
  constructor(
    private readonly targets: Targets,
    private readonly opts: UpstreamOptions,
    readonly pool = new UpstreamPool(),
    /**
     * The largest `limit` each route of the workspace took after refusing a larger one (its maximum is not
     * documented, so it is learned): one cache for the process, kept with the pool across credentials, the
     * routes least recently read going first past ACCEPTED_MAX_ENTRIES.
     */
    readonly acceptedLimits = new LRUCache<string, number>({ max: ACCEPTED_MAX_ENTRIES }),
  ) {}

  /** The same pool, settings and learned limits with other credentials (one client's, in client-credential hosting). */
  withTargets(targets: Targets): Upstream {
    return new Upstream(targets, this.opts, this.pool, this.acceptedLimits);
  }

  apis(): Set<Api> {
    const apis = new Set<Api>();
    if (this.targets.connector) apis.add('connector');
    if (this.targets.content) apis.add('content');
    return apis;
  }

  /** The host names of the workspace's APIs: links to them are the workspace's own (lockdown defangs others). */
  hosts(): Set<string> {
    const hosts = new Set<string>();
    for (const t of [this.targets.connector, this.targets.content]) if (t) hosts.add(new URL(t.baseUrl).hostname.toLowerCase());
    return hosts;
  }

  /** Which workspace this is: the origins of its APIs (one workspace whoever's credentials call it). */
  workspace(): string {
    return [this.targets.connector, this.targets.content]
      .flatMap((t) => (t ? [new URL(t.baseUrl).origin.toLowerCase()] : []))
      .sort()
      .join(' ');
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  get streamIdleMs(): number {
    return this.opts.streamIdleMs ?? DEFAULTS.streamIdleMs;
  }

  /** The attempt timeout calls get unless they ask for more. */
  get timeoutMs(): number {
    return this.opts.timeoutMs;
  }

  /** The largest answer read, in bytes (a streamed one included). */
  get maxResponseBytes(): number {
    return this.opts.maxResponseBytes ?? 16 * 1024 * 1024;
  }

  get maxAnswerChars(): number {
    return this.opts.maxAnswerChars ?? DEFAULTS.maxAnswerChars;
  }

  /** The whole-call budget calls get unless they ask for more. */
  get deadlineMs(): number {
    return this.opts.deadlineMs ?? DEFAULTS.deadlineMs;
  }

  /**
   * A request whose answer is read whole, the reading being part of each attempt: the answer's data, or
   * the ToolError it stands for (an error envelope, an error status, a body of the wrong shape).
   */
  async call(spec: RequestSpec): Promise<Record<string, unknown>> {
    const answer = await this.attempt(spec);
    return answerData(spec.api, parseAnswer(answer.statusCode, answer.headers, answer.text));
  }

  /**
   * A request whose body is handed back unread, for streams. The deadline covers the wait for the
   * answer's headers; the body may then take as long as it keeps talking (the stream idle timeout).
   * An error status is read whole and thrown as the ToolError it stands for.
   */
  async stream(spec: RequestSpec): Promise<UpstreamStream> {
    const answer = await this.attempt({ ...spec, retry: false }, true);
    if (answer.body) return { status: answer.statusCode, headers: answer.headers, body: answer.body };
    answerData(spec.api, parseAnswer(answer.statusCode, answer.headers, answer.text));
    throw new ToolError(`The upstream answered HTTP ${answer.statusCode}.`, {
      status: answer.statusCode,
      code: codeForStatus(answer.statusCode),
    });
  }

  /** Origin, base path and credential headers of each API, worked out once. */
  private readonly resolved = new Map<Api, Target>();

  private target(api: Api): Target {
    const known = this.resolved.get(api);
    if (known) return known;
    let baseUrl: string;
    let headers: Record<string, string>;
    if (api === 'connector') {
      const t = this.targets.connector;
      if (!t)
        throw new ToolError('The Connector API is not configured.', {
          code: 'NOT_CONFIGURED',
          hint: 'WORKSPACE_CONNECTOR_TOKEN and WORKSPACE_BASE_URL',
        });
      baseUrl = t.baseUrl;
      headers = { authorization: `Bearer ${t.token}` };
    } else {
      const t = this.targets.content;
      if (!t)
        throw new ToolError('The Content API is not configured.', {
          code: 'NOT_CONFIGURED',
          hint: 'WORKSPACE_API_KEY and WORKSPACE_BASE_URL',
        });
      baseUrl = t.baseUrl;
      headers = { 'x-api-key': t.apiKey };
      if (t.userId) headers['x-user-id'] = t.userId;
    }
    const url = new URL(baseUrl);
    const entry: Target = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, ''), headers, kinds: [] };
    this.resolved.set(api, entry);
    return entry;
  }

  /**
   * Sends the request until an attempt gives an answer, the retries run out or the deadline passes.
   * Each attempt reads its answer whole (a stream that succeeded, up to its headers): a body cut off
   * mid-way fails the attempt, and a request that may be repeated is sent again whole.
   */
  private async attempt(spec: RequestSpec, streaming = false): Promise<Answer> {
    const target = this.target(spec.api);
    const ready = this.pool.dispatcher();
    const agent = ready instanceof Promise ? await ready : ready;
    const max = spec.maxResponseBytes ?? this.maxResponseBytes;
    const options = this.requestOptions(spec, target, streaming);
    const deadlineMs = spec.deadlineMs ?? this.deadlineMs;
    const attempts: Attempts = {
      count: 0,
      startedAt: performance.now(),
      attemptTimeoutMs: spec.attemptTimeoutMs ?? this.timeoutMs,
      deadlineMs,
    };
    const maxAttempts = spec.retry ? this.opts.maxRetries + 1 : 1;
    for (;;) {
      attempts.count++;
      const left = deadlineMs - (performance.now() - attempts.startedAt);
      const budget = Math.max(1, Math.min(attempts.attemptTimeoutMs, left));
      const abort = new AttemptSignal();
      const onCancel = () => abort.abort(spec.signal?.reason);
      spec.signal?.addEventListener('abort', onCancel, { once: true });
      const timer = setTimeout(() => abort.abort(ATTEMPT_TIMEOUT), budget);
      let res: Answer | undefined;
      let linked = false;
      // Each attempt is a span of its own, so retries show; its trace context travels upstream.
      const span = this.opts.telemetry?.upstream(spec.method, `${target.origin}${options.path}`);
      try {
        if (spec.signal?.aborted) throw spec.signal.reason;
        const sent = span ? { ...options, headers: { ...(options.headers as Record<string, string>), ...span.headers } } : options;
        res = await exchange(agent, sent, abort, max, spec, streaming);
        span?.end(res.statusCode);
        this.answered(spec, res.statusCode, attempts);
        const pause = attempts.count < maxAttempts && RETRY_STATUS.has(res.statusCode) ? this.pause(attempts, res.headers) : undefined;
        if (pause !== undefined) {
          spec.onRetry?.(retryNotice(`answered HTTP ${res.statusCode}`, attempts, maxAttempts, pause));
          await sleep(pause, spec.signal);
          continue;
        }
        // A stream's body is read after this returns: the caller's cancel must still reach it.
        linked = res.body !== undefined;
        return res;
      } catch (err) {
        if (!res) span?.end(undefined, String((err as { code?: unknown } | null)?.code ?? 'error'));
        if (spec.signal?.aborted) throw cancelled(spec);
        const code = (err as { code?: string } | null)?.code;
        const pause = attempts.count < maxAttempts && code !== undefined && RETRY_ERRORS.has(code) ? this.pause(attempts) : undefined;
        if (pause !== undefined) {
          spec.onRetry?.(retryNotice(`failed (${code})`, attempts, maxAttempts, pause));
          await sleep(pause, spec.signal).catch(() => {
            throw cancelled(spec);
          });
          continue;
        }
        const error = transportError(err, spec, target.origin, attempts);
        this.pool.health.lastFailureAt = Date.now();
        this.pool.health.lastFailure = error.code;
        throw error;
      } finally {
        clearTimeout(timer);
        if (!linked) spec.signal?.removeEventListener('abort', onCancel);
      }
    }
  }

  private requestOptions(spec: RequestSpec, target: Target, streaming: boolean): Dispatcher.RequestOptions {
    const query = spec.query && Object.keys(spec.query).length > 0 ? `?${new URLSearchParams(spec.query).toString()}` : '';
    const withBody = spec.method !== 'GET';
    const shared = sharedHeaders(target, streaming, withBody);
    // The shared headers are never changed (undici only reads them); a key makes a copy of its own.
    const headers = spec.idempotencyKey === undefined ? shared : { ...shared, 'idempotency-key': spec.idempotencyKey };
    const body = withBody ? JSON.stringify(spec.body ?? {}) : null;
    const attemptMs = spec.attemptTimeoutMs ?? this.timeoutMs;
    return {
      origin: target.origin,
      path: target.basePath + spec.path + query,
      method: spec.method,
      headers,
      body,
      // The attempt's own timer decides; undici's coarse timers are only a backstop.
      headersTimeout: attemptMs + 1_000,
      bodyTimeout: streaming ? this.streamIdleMs : attemptMs + 1_000,
    };
  }

  private answered(spec: RequestSpec, status: number, attempts: Attempts): void {
    this.pool.health.lastAnswerAt = Date.now();
    if (spec.trace) spec.trace.upstreamStatus = status;
    if (debugEnabled()) {
      log('debug', 'upstream', {
        api: spec.api,
        method: spec.method,
        path: spec.path,
        status,
        attempt: attempts.count,
        ms: Math.round(performance.now() - attempts.startedAt),
      });
    }
  }

  /**
   * The pause before the next attempt, or undefined when the deadline leaves no room for one. Backoff
   * doubles per attempt with jitter, so clients that failed together do not retry together; an
   * upstream's Retry-After is honoured when the deadline allows it.
   */
  private pause(attempts: Attempts, headers?: Dispatcher.ResponseData['headers']): number | undefined {
    const base = this.opts.retryBaseMs ?? DEFAULTS.retryBaseMs;
    const backoff = Math.min(MAX_BACKOFF_MS, base * 2 ** (attempts.count - 1)) * (0.75 + Math.random() * 0.5);
    const asked = headers ? retryAfterMs(headers) : undefined;
    const wait = Math.round(asked ?? backoff);
    const left = attempts.deadlineMs - (performance.now() - attempts.startedAt);
    // An attempt that could not get even a little time is not worth making.
    return wait + Math.min(100, attempts.attemptTimeoutMs) < left ? wait : undefined;
  }
}

/** The headers every request of a kind to an API sends, made once per kind: credential, accept, content type. */
function sharedHeaders(target: Target, streaming: boolean, withBody: boolean): Readonly<Record<string, string>> {
  const kind = (streaming ? 2 : 0) + (withBody ? 1 : 0);
  const known = target.kinds[kind];
  if (known) return known;
  const headers: Record<string, string> = {
    ...target.headers,
    accept: streaming ? 'text/event-stream, text/plain, application/json' : 'application/json',
  };
  if (withBody) headers['content-type'] = 'application/json';
  return (target.kinds[kind] = headers);
}

/** `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, in ms. */
export function retryAfterMs(headers: Record<string, string | string[] | undefined>, now = Date.now()): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Drops a body that will not be read; destroying it unread must not surface as an unhandled error. */
export function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function parseAnswer(status: number, headers: UpstreamResponse['headers'], text: string): UpstreamResponse {
  let json: unknown;
  const type = String(headers['content-type'] ?? '');
  if (text && (type.includes('json') || /^\s*[[{]/.test(text))) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status, headers, json, text };
}

/**
 * One attempt through undici's dispatch API, the core's one way of sending a request: its answer read
 * whole, up to `max` bytes (a larger one failing at once when its length says so); or, for a stream that
 * succeeded, its body handed on as it comes, paused while its reader is behind. The attempt's abort
 * settles it at once, even while the request still waits for a connection (undici drops it when its turn
 * comes), and once a stream's body is handed on, ends that body.
 */
function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  abort: AttemptSignal,
  max: number,
  spec: RequestSpec,
  streaming: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let statusCode = 0;
    let headers: Answer['headers'] = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let body: Readable | undefined;
    let ended = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    const stop = (err: unknown) => {
      if (body) return void body.destroy(err as Error);
      fail(err);
      controller?.abort(err as Error);
    };
    abort.onAbort(stop);
    dispatcher.dispatch(options, {
      onRequestStart(c) {
        controller = c;
        if (abort.aborted) c.abort(abort.reason as Error);
      },
      onResponseStart(c, status, h) {
        statusCode = status;
        headers = h;
        if (streaming && status >= 200 && status < 300) {
          body = new Readable({
            read: () => c.paused && c.resume(),
            // A body dropped before its end closes the request (the reader had what it wanted, or gave up).
            destroy: (err, done) => {
              if (!ended) c.abort(err ?? new Error('the answer stream was closed before its end'));
              done(err);
            },
          });
          settled = true;
          return resolve({ statusCode, headers, text: '', body });
        }
        if (Number(h['content-length']) > max) stop(tooLarge(spec, max));
      },
      onResponseData(c, chunk) {
        if (body) return void (body.push(chunk) || c.pause());
        size += chunk.length;
        if (size > max) return stop(tooLarge(spec, max));
        chunks.push(chunk);
      },
      onResponseEnd() {
        ended = true;
        if (body) return void body.push(null);
        if (settled) return;
        settled = true;
        resolve({ statusCode, headers, text: (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8') });
      },
      onResponseError(_c, err) {
        ended = true;
        if (body) return void body.destroy(err);
        fail(err);
      },
    });
  });
}

const tooLarge = (spec: RequestSpec, max: number) =>
  new ToolError(`The upstream answer to ${spec.method} ${spec.path} is larger than ${max} bytes.`, { code: 'UPSTREAM_ANSWER_TOO_LARGE' });

function cancelled(spec: RequestSpec): ToolError {
  return new ToolError(`The call was cancelled before the upstream answered (${spec.method} ${spec.path}).`, { code: 'CANCELLED' });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "2 attempts in 45.0 s" */
function tally(attempts: Attempts): string {
  const elapsed = performance.now() - attempts.startedAt;
  return `${attempts.count} attempt${attempts.count === 1 ? '' : 's'} in ${seconds(elapsed)}`;
}

/** What a failed request tells the agent: what happened, after how many attempts, and what to do. */
export function transportError(err: unknown, spec: RequestSpec, origin: string, attempts: Attempts): ToolError {
  if (err instanceof ToolError) return err;
  const e = err as { name?: string; code?: string; message?: string } | null;
  const where = `${spec.method} ${spec.path}`;
  if (spec.signal?.aborted || e?.name === 'AbortError') return cancelled(spec);
  const writeNote =
    spec.idempotencyKey !== undefined
      ? ` It may have been applied: call again with idempotencyKey "${spec.idempotencyKey}" to get its result without applying it twice.`
      : spec.method !== 'GET' && !spec.retry
        ? ' It may have been applied: check before sending it again.'
        : '';
  switch (e?.code) {
    case 'ATTEMPT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT': {
      const limit = Math.min(attempts.attemptTimeoutMs, attempts.deadlineMs);
      return new ToolError(
        `The upstream did not answer ${where} in time: ${tally(attempts)} (an attempt may take ${seconds(limit)}, the call ${seconds(attempts.deadlineMs)}).${writeNote}`,
        {
          code: 'UPSTREAM_TIMEOUT',
          resolution:
            "Try again later. If the operation is slow by nature, raise WORKSPACE_TIMEOUT_MS (one attempt) and WORKSPACE_DEADLINE_MS (the whole call), keeping the call under the MCP client's own timeout (60 s in most clients).",
        },
      );
    }
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
    case 'EHOSTDOWN':
      return new ToolError(`Could not connect to the upstream at ${origin} (${e.code}; ${tally(attempts)}).`, {
        code: 'UPSTREAM_UNREACHABLE',
        resolution: 'Check the base URL (WORKSPACE_BASE_URL or the per-API URL) and that the service is up.',
      });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return new ToolError(
        `The connection to the upstream dropped before its answer to ${where} was complete (${tally(attempts)}).${writeNote}`,
        {
          code: 'UPSTREAM_CONNECTION_DROPPED',
          resolution: 'Try again; if it persists, the service or a proxy in between may be overloaded or restarting.',
        },
      );
    default:
      return new ToolError(
        `The upstream request ${where} failed (${e?.code ? `${e.code}; ` : ''}${tally(attempts)}): ${e?.message ?? String(err)}`,
        { code: 'UPSTREAM_ERROR' },
      );
  }
}
