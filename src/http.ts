import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isLoopback, type HttpConfig } from './config.js';
import { TRACE_HEADER, traces, type RequestTrace } from './context.js';
import { checkMessage, INVALID_PARAMS, INVALID_REQUEST, MAX_MESSAGE_BYTES } from './jsonrpc.js';
import { log, shortHash } from './log.js';
import type { UpstreamHealth } from './upstream.js';

/** Workspace credentials a client brought (client-credential hosting). */
export interface ClientCredentials {
  connectorToken: string | undefined;
  apiKey: string | undefined;
  userId: string | undefined;
}

export interface HttpOptions extends HttpConfig {
  /** A fresh MCP server: per session, or per request when stateless. */
  makeServer: (credentials: ClientCredentials | undefined) => McpServer;
  health: UpstreamHealth;
  maxBodyBytes?: number;
}

export interface HttpHandle {
  url: string;
  server: Server;
  /** Stop accepting, let requests in flight finish within the grace period, close every session. */
  drain(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  id: string;
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** Hash of the credentials that opened it; a request with others is refused. */
  credentialHash: string;
  lastActivity: number;
  inFlight: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly id: string | number | null = null,
  ) {
    super(message);
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest();

/** Constant-time membership test: every configured token is compared, whatever matches. */
function tokenMatches(presented: string, tokens: Buffer[]): boolean {
  const p = sha256(presented);
  let ok = false;
  for (const t of tokens) ok = timingSafeEqual(p, t) || ok;
  return ok;
}

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  return h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, '').trim() || undefined : undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function send(res: ServerResponse, err: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(err.status, { 'content-type': 'application/json', ...err.headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: err.code, message: err.message }, id: err.id }));
}

/** The client went away before its request was complete: its doing, not a failure of ours. */
class ClientGone extends Error {}

function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > max) {
      reject(new HttpError(413, -32600, `Request body larger than ${max} bytes.`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new HttpError(413, -32600, `Request body larger than ${max} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, -32700, 'Parse error: the body is not valid JSON.'));
      }
    });
    req.on('error', () => reject(new ClientGone('client closed the connection mid-request')));
    req.on('aborted', () => reject(new ClientGone('client closed the connection mid-request')));
  });
}

/** A message the SDK would refuse without naming its id gets a JSON-RPC error to that id, with the reason. */
function checkBody(body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    const checked = checkMessage(message);
    if ('reason' in checked) {
      // A broken envelope is a bad HTTP request; a well-formed request with invalid params is answered as any request is.
      const code = checked.reply?.error.code ?? INVALID_REQUEST;
      throw new HttpError(code === INVALID_PARAMS ? 200 : 400, code, checked.reply?.error.message ?? `Invalid Request: ${checked.reason}.`, {}, checked.reply?.id ?? null);
    }
  }
}

/** Our own trace header, replacing any a client sent; the SDK builds request headers from rawHeaders. */
function setTraceHeader(req: IncomingMessage, id: string): void {
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]!.toLowerCase() === TRACE_HEADER) raw.splice(i, 2);
  raw.push(TRACE_HEADER, id);
  req.headers[TRACE_HEADER] = id;
}

function wantsProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta?.progressToken !== undefined);
}

/** What the access log says the request was: the JSON-RPC method, and the tool for tools/call. */
function describe(body: unknown): { method?: string; tool?: string } {
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return {};
  const m = first as { method?: unknown; params?: { name?: unknown } };
  return {
    ...(typeof m.method === 'string' ? { method: Array.isArray(body) ? `batch:${m.method}` : m.method } : {}),
    ...(m.method === 'tools/call' && typeof m.params?.name === 'string' ? { tool: m.params.name } : {}),
  };
}

/** Streamable HTTP at /mcp, plus /healthz and /readyz; authenticated, bounded and drainable. */
export async function startHttp(opts: HttpOptions): Promise<HttpHandle> {
  const sessions = new Map<string, Session>();
  const maxBody = opts.maxBodyBytes ?? MAX_MESSAGE_BYTES;
  const tokens = opts.authTokens.map(sha256);
  const clientMode = opts.credentials === 'client';
  let draining = false;
  let traceSeq = 0;
  let inFlight = 0;
  let port = opts.port;

  const loopbackNames = () => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const allowedHosts = () => opts.allowedHosts ?? (isLoopback(opts.host) ? loopbackNames() : undefined);
  const allowedOrigins = () => opts.allowedOrigins ?? (isLoopback(opts.host) ? loopbackNames().map((h) => `http://${h}`) : []);

  /** DNS-rebinding protection: a browser page on another name must not reach this server. */
  function checkHostAndOrigin(req: IncomingMessage): void {
    const hosts = allowedHosts();
    const host = req.headers.host ?? '';
    if (hosts && !hosts.includes(host.toLowerCase())) throw new HttpError(403, -32000, `Host "${host}" is not allowed.`);
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin)) throw new HttpError(403, -32000, `Origin "${origin}" is not allowed.`);
  }

  const unauthorized = (message: string, realmHint: string) =>
    new HttpError(401, -32001, message, { 'www-authenticate': `Bearer realm="learning-workspace", error="invalid_token", error_description="${realmHint}"` });

  /** Who is calling, as a hash the session is bound to, and their workspace credentials in client mode. */
  function authenticate(req: IncomingMessage): { hash: string; credentials: ClientCredentials | undefined } {
    if (clientMode) {
      const credentials = { connectorToken: bearer(req), apiKey: header(req, 'x-api-key'), userId: header(req, 'x-user-id') };
      if (!credentials.connectorToken && !credentials.apiKey) {
        throw unauthorized(
          'Send your workspace credentials: Authorization: Bearer <Connector token> and/or X-Api-Key: <Content API key> (with X-User-Id for the acting user).',
          'workspace credentials required',
        );
      }
      const hash = shortHash(`${credentials.connectorToken ?? ''}\n${credentials.apiKey ?? ''}\n${credentials.userId ?? ''}`);
      return { hash, credentials };
    }
    if (tokens.length === 0) return { hash: 'open', credentials: undefined };
    const presented = bearer(req);
    if (!presented) throw unauthorized('Send the access token as Authorization: Bearer <token>.', 'access token required');
    if (!tokenMatches(presented, tokens)) throw unauthorized('The access token is not valid.', 'access token not valid');
    return { hash: shortHash(presented), credentials: undefined };
  }

  function endSession(s: Session, why: string): void {
    if (!sessions.delete(s.id)) return;
    log('info', 'session closed', { session: shortHash(s.id), why });
    void s.transport.close().catch(() => undefined);
    void s.server.close().catch(() => undefined);
  }

  async function handleStateless(req: IncomingMessage, res: ServerResponse, body: unknown, credentials: ClientCredentials | undefined): Promise<void> {
    if (req.method !== 'POST') throw new HttpError(405, -32000, 'Stateless server: only POST is served.', { allow: 'POST' });
    const server = opts.makeServer(credentials);
    // No sessionIdGenerator: the SDK's stateless mode. A request that asked for no progress gets a plain
    // JSON answer, which is cheaper than an event stream; one that did keeps the stream, since JSON
    // responses drop the notifications tied to a request.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: !wantsProgress(body) });
    // A client that goes away cancels its calls: closing the transport aborts the handlers in flight.
    res.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handleStateful(req: IncomingMessage, res: ServerResponse, body: unknown, who: ReturnType<typeof authenticate>): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new HttpError(404, -32001, 'Session not found: it ended or expired. Start a new session with initialize.');
      if (s.credentialHash !== who.hash) throw new HttpError(403, -32000, 'This session belongs to other credentials.');
      if (s.inFlight >= opts.maxInFlight) {
        throw new HttpError(429, -32000, `Too many requests in flight on this session (at most ${opts.maxInFlight}).`, { 'retry-after': '1' });
      }
      s.lastActivity = Date.now();
      // Only calls count as in flight; a standing GET event stream is not a call.
      if (req.method === 'POST') {
        s.inFlight++;
        res.on('close', () => {
          s.inFlight--;
          s.lastActivity = Date.now();
        });
      }
      return s.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST') throw new HttpError(400, -32000, 'Missing Mcp-Session-Id header.');
    if (!isInitializeRequest(body)) throw new HttpError(400, -32000, 'No session: send initialize first, then the Mcp-Session-Id header it returns.');
    if (sessions.size >= opts.maxSessions) throw new HttpError(503, -32000, 'Too many open sessions; try again shortly.', { 'retry-after': '30' });
    const server = opts.makeServer(who.credentials);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => (opts.replicaId ? `${opts.replicaId}.${randomUUID()}` : randomUUID()),
      onsessioninitialized: (id) => {
        sessions.set(id, { id, transport, server, credentialHash: who.hash, lastActivity: Date.now(), inFlight: 0 });
        log('info', 'session opened', { session: shortHash(id), credentials: who.hash });
      },
    });
    transport.onclose = () => {
      const s = transport.sessionId ? sessions.get(transport.sessionId) : undefined;
      if (s) endSession(s, 'closed');
    };
    await server.connect(transport);
    return transport.handleRequest(req, res, body);
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, trace: RequestTrace & { method?: string; tool?: string; session?: string }): Promise<void> {
    checkHostAndOrigin(req);
    const who = authenticate(req);
    const sid = header(req, 'mcp-session-id');
    if (sid) trace.session = shortHash(sid);
    let body: unknown;
    if (req.method === 'POST') {
      const type = req.headers['content-type'] ?? '';
      if (!type.includes('application/json')) throw new HttpError(415, -32000, 'Content-Type must be application/json.');
      body = await readJson(req, maxBody);
      Object.assign(trace, describe(body));
      checkBody(body);
    } else if (req.method !== 'GET' && req.method !== 'DELETE') {
      throw new HttpError(405, -32000, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
    }
    if (draining) throw new HttpError(503, -32000, 'The server is shutting down; retry on another instance.', { 'retry-after': '1', connection: 'close' });
    if (opts.stateless) return handleStateless(req, res, body, who.credentials);
    return handleStateful(req, res, body, who);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const started = performance.now();
    if (path === '/healthz' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path === '/readyz' && req.method === 'GET') {
      const h = opts.health;
      const recent = h.lastAnswerAt !== undefined && Date.now() - h.lastAnswerAt < 5 * 60_000;
      const body = {
        ready: !draining,
        sessions: sessions.size,
        upstream: {
          answeredRecently: recent,
          lastAnswerAt: h.lastAnswerAt ? new Date(h.lastAnswerAt).toISOString() : null,
          lastFailureAt: h.lastFailureAt ? new Date(h.lastFailureAt).toISOString() : null,
          lastFailure: h.lastFailure ?? null,
        },
      };
      res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (path !== '/mcp') return send(res, new HttpError(404, -32000, 'Not found: the MCP endpoint is /mcp.'));

    const counted = req.method === 'POST';
    if (counted) inFlight++;
    const trace: RequestTrace & { method?: string; tool?: string; session?: string } = {};
    const traceId = String(++traceSeq);
    setTraceHeader(req, traceId);
    traces.set(traceId, trace);
    res.on('close', () => {
      traces.delete(traceId);
      if (counted) inFlight--;
      const session = trace.session ?? (typeof res.getHeader('mcp-session-id') === 'string' ? shortHash(res.getHeader('mcp-session-id') as string) : undefined);
      log('info', 'access', {
        http: `${req.method} ${path}`,
        ...(session ? { session } : {}),
        ...(trace.method ? { rpc: trace.method } : {}),
        ...(trace.tool ? { tool: trace.tool } : {}),
        // 499, as nginx logs it: the client closed the connection before the answer was complete.
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(performance.now() - started),
        ...(trace.upstreamStatus !== undefined ? { upstreamStatus: trace.upstreamStatus } : {}),
      });
    });
    handleMcp(req, res, trace).catch((err: unknown) => {
      if (err instanceof HttpError) return send(res, err);
      if (err instanceof ClientGone) {
        log('info', 'client went away', { reason: err.message });
        return void res.destroy();
      }
      log('error', 'http handler failed', { error: String(err) });
      send(res, new HttpError(500, -32603, 'Internal error.'));
    });
  });
  // Slow or stalled request bodies must not hold a connection for ever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  // Idle sessions end and free their server; busy ones are left alone.
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - opts.sessionIdleMs;
      for (const s of sessions.values()) if (s.inFlight === 0 && s.lastActivity < cutoff) endSession(s, 'idle');
    },
    Math.max(250, Math.min(60_000, opts.sessionIdleMs / 4)),
  );
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;

  const closeAll = async () => {
    clearInterval(sweep);
    for (const s of [...sessions.values()]) endSession(s, 'shutdown');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    url: `http://${host}:${port}/mcp`,
    server,
    async drain(graceMs: number) {
      draining = true;
      server.close(); // no new connections
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (inFlight > 0) log('warn', 'drain grace elapsed', { inFlight });
      await closeAll();
    },
    close: closeAll,
  };
}
