import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Check, CommandError, createConnector, LIST_LIMITS, type ListLimits } from './connector/index.js';
import { createContent, type ContentOptions } from './content/index.js';
import type { CourseStat, WorkspaceFacts } from './content/store.js';
import { sizedWorkspace } from './grow.js';
import type { Workspace } from './seed.js';

/** Credentials the sandbox accepts. They guard nothing real; tests also use them to prove redaction. */
export const SANDBOX_CREDENTIALS = {
  /** Connector secret with every permission. */
  connectorToken: 'sbx_connector_secret_5f2c9a71e4',
  /** Child token whose policy allows reads only, without VIEW_ANALYTICS. */
  readOnlyToken: 'sbx_child_readonly_83d1b6c0aa',
  apiKey: 'sbx_content_key_c41e07d9b2',
  userId: 'u_maya',
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A scripted misbehaviour for requests whose path starts with `path`. */
export interface Fault {
  path: string;
  times?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Close the connection without answering. */
  reset?: boolean;
  /** Send the status, headers (with the whole body's length) and this many bytes of the body, then drop the connection. */
  cut?: number;
  /** Carry out the command first, then answer with the fault (the answer is lost, the write is not). */
  afterApply?: boolean;
}

export interface SandboxOptions extends ContentOptions {
  port?: number;
  host?: string;
  now?: () => number;
  /** Learners of a generated workspace (seed.ts `growWorkspace`); unset, the small one. */
  size?: number;
}

const MUTATING = new Set([
  'groups/member-add',
  'groups/member-set-status',
  'groups/delete',
  'assignments/remove',
  'members/remove',
  'members/set-tags',
  'explore/set-audience',
  'explore/toggle',
]);

export interface IdemRecord {
  fingerprint: string;
  state: 'pending' | 'done' | 'failed';
  status: number;
  payload: unknown;
}

/**
 * The sandbox workspace a user runs (`--sandbox`): both APIs over HTTP on loopback, with state that
 * writes change. Tests use `TestSandbox` (testing.ts), which adds a request log, faults and reset.
 */
export class Sandbox {
  ws: Workspace;
  protected idem = new Map<string, IdemRecord>();
  /** The workspace's default and maximum `limit` (a test sandbox changes them). */
  protected readonly limits: ListLimits = { ...LIST_LIMITS };
  protected connector;
  readonly content;

  constructor(
    /** The HTTP server it answers on. */
    readonly http: Server,
    readonly url: string,
    protected readonly opts: SandboxOptions,
  ) {
    this.ws = sizedWorkspace(this.now(), this.opts.size);
    this.connector = createConnector({ ws: this.ws, now: () => this.now(), limits: this.limits });
    this.opts.facts ??= () => this.facts();
    this.content = createContent(this.opts, () => this.now(), SANDBOX_CREDENTIALS.apiKey);
  }

  now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /** What the analytics assistant works from: the workspace as the Connector commands answer now. */
  private facts(): WorkspaceFacts {
    const ask = <T>(command: string, body: Record<string, unknown> = {}) => this.connector[command]!.run(body, new Check(body)) as T;
    const { courses } = ask<{ courses: CourseStat[] }>('analytics/courses');
    // Every learner, not the workspace's default page of them.
    const { students } = ask<{
      students: { user: { name: string }; groups: string[]; coursesAssigned: number; coursesCompleted: number }[];
    }>('analytics/students', { limit: this.limits.max });
    const { groups } = ask<{ groups: { name: string }[] }>('groups/list', { includeDescendants: true });
    return {
      courses,
      learners: students.map((s) => ({ name: s.user.name, groups: s.groups, assigned: s.coursesAssigned, completed: s.coursesCompleted })),
      groups: groups.map((g) => g.name),
    };
  }

  /** How long every answer waits (a test double's slow upstream); none here. */
  protected latency(): number {
    return 0;
  }

  /** What a test double does with each request before it is served: nothing here; a fault to apply there. */
  protected intercept(_request: RecordedRequest): Fault | undefined {
    return undefined;
  }

  async close(): Promise<void> {
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const raw = await readBody(req);
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* recorded as text; the route answers 400 */
    }
    const fault = this.intercept({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    const latency = this.latency();
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault && !fault.afterApply) return sendFault(req, res, fault);

    let status: number;
    let payload: unknown;
    let headers: Record<string, string> = {};
    if (!this.content.owns(url.pathname)) {
      ({ status, payload, headers } = this.command(req, url.pathname.slice('/api/v1/'.length), raw));
    } else {
      const out = await this.content.handle(req, res, url, raw);
      if (out === 'streamed') return;
      ({ status, payload } = out);
    }
    if (fault?.cut !== undefined) return sendCut(res, status, payload, headers, fault.cut);
    if (fault) return sendFault(req, res, fault);
    send(res, status, payload, headers);
  }

  private command(req: IncomingMessage, name: string, raw: string): { status: number; payload: unknown; headers: Record<string, string> } {
    const fail = (e: CommandError) => ({
      status: e.status,
      payload: {
        success: false,
        error: { code: e.code, message: e.message, resolution: e.resolution, ...(e.errors ? { errors: e.errors } : {}), details: null },
      },
      headers: {},
    });
    const handler = this.connector[name];
    if (req.method !== 'POST')
      return fail(new CommandError(404, 'NOT_FOUND', `Unknown command ${req.method} ${name}.`, 'Commands are sent with POST.'));
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (token !== SANDBOX_CREDENTIALS.connectorToken && token !== SANDBOX_CREDENTIALS.readOnlyToken) {
      return fail(
        new CommandError(
          401,
          'UNAUTHORIZED',
          'Missing or invalid Connector credentials.',
          'Send Authorization: Bearer <Connector secret or child token>.',
        ),
      );
    }
    if (!handler)
      return fail(new CommandError(404, 'UNKNOWN_COMMAND', `Unknown command ${name}.`, 'Check the command path against the API document.'));
    if (token === SANDBOX_CREDENTIALS.readOnlyToken && (handler.write || name === 'analytics/monthly-overview')) {
      return fail(
        new CommandError(
          403,
          'FORBIDDEN',
          handler.write ? `The Connector policy does not permit ${name}.` : 'The workspace permission VIEW_ANALYTICS is required.',
          'Ask a workspace admin to widen the Connector policy, or use a credential that has this permission.',
        ),
      );
    }
    const body = parseObject(raw);
    if (body instanceof CommandError) return fail(body);
    const key = MUTATING.has(name) ? req.headers['idempotency-key'] : undefined;
    const idemKey = typeof key === 'string' && key ? `${createHash('sha256').update(token).digest('hex')}:${key}` : undefined;
    const fingerprint = createHash('sha256')
      .update(`${name}\n${JSON.stringify(body)}`)
      .digest('hex');
    if (idemKey) {
      const seen = this.replay(idemKey, fingerprint);
      if (seen instanceof CommandError) return fail(seen);
      if (seen) return seen;
    }
    let out: { status: number; payload: unknown; headers: Record<string, string> };
    try {
      out = {
        status: 200,
        payload: { success: true, data: handler.run(body, new Check(body)) },
        headers: {},
      };
    } catch (e) {
      out = e instanceof CommandError ? fail(e) : fail(new CommandError(500, 'INTERNAL', 'Sandbox failure.', String(e)));
    }
    if (idemKey)
      this.idem.set(idemKey, { fingerprint, state: out.status === 200 ? 'done' : 'failed', status: out.status, payload: out.payload });
    return out;
  }

  /** A key seen before: its answer again, or why it cannot be (other input, still running, failed). A new key is noted as pending. */
  private replay(
    idemKey: string,
    fingerprint: string,
  ): CommandError | { status: number; payload: unknown; headers: Record<string, string> } | undefined {
    const seen = this.idem.get(idemKey);
    if (!seen) {
      this.idem.set(idemKey, { fingerprint, state: 'pending', status: 0, payload: null });
      return undefined;
    }
    if (seen.fingerprint !== fingerprint)
      return new CommandError(
        409,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with different input.',
        'Use a new Idempotency-Key for a different request.',
      );
    if (seen.state === 'pending')
      return new CommandError(
        409,
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        'A request with this Idempotency-Key is still in progress.',
        'Wait for it to finish, then retry.',
      );
    if (seen.state === 'failed')
      return new CommandError(
        409,
        'IDEMPOTENCY_KEY_FAILED',
        'This Idempotency-Key belongs to a request that failed.',
        'Fix the request and send it with a new Idempotency-Key.',
      );
    return { status: seen.status, payload: seen.payload, headers: { 'idempotent-replayed': 'true' } };
  }
}

/** A command's body: a JSON object, or the error that says why not. */
function parseObject(raw: string): Record<string, unknown> | CommandError {
  const fix = 'Send a JSON object; use {} when the command has no inputs.';
  try {
    const body: unknown = JSON.parse(raw);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
    return new CommandError(400, 'MALFORMED_JSON', 'The request body must be a JSON object.', fix);
  } catch {
    return new CommandError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.', fix);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': typeof payload === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendFault(req: IncomingMessage, res: ServerResponse, f: Fault): void {
  if (f.reset) {
    req.socket.destroy();
    return;
  }
  const body = f.body ?? { success: false, error: { code: 'UNAVAILABLE', message: 'Injected failure.', resolution: 'Retry later.' } };
  if (f.cut !== undefined) return sendCut(res, f.status ?? 200, body, f.headers ?? {}, f.cut);
  send(res, f.status ?? 503, body, f.headers);
}

/** An answer cut off mid-body, as a dropped connection leaves it: headers promise more than arrives. */
function sendCut(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string>, bytes: number): void {
  const text = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  res.writeHead(status, {
    'content-type': typeof payload === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': text.length,
    ...headers,
  });
  res.write(text.subarray(0, Math.min(bytes, text.length - 1)), () => res.socket?.destroy());
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return listen(opts, (server, url) => new Sandbox(server, url, opts));
}

/** Serves a sandbox made by `make` on loopback (an ephemeral port unless one is given). */
export async function listen<T extends Sandbox>(opts: SandboxOptions, make: (server: Server, url: string) => T): Promise<T> {
  const server = createServer();
  // A generated workspace computes a whole list in seconds, its event loop held the while: an idle
  // connection's keep-alive timer fires late, after the client has sent its next request on it, and that
  // request is dropped. Kept open as long as a load balancer's usual minute, the race needs a minute's stall.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const sandbox = make(server, `http://${host}:${port}`);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    sandbox.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        send(res, 500, { success: false, error: { code: 'INTERNAL', message: String(err), resolution: 'Sandbox bug.' } });
      else res.destroy();
    });
  });
  return sandbox;
}
