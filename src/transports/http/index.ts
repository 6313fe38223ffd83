import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as McpServer } from '@modelcontextprotocol/server';
import type { HttpConfig } from '../../config/parse.js';
import type { RedisTarget } from '../../config/redis.js';
import type { StoreReport } from '../../jobs/record.js';
import { carry, type Caller, type RequestContext } from '../../mcp/request-context.js';
import { MAX_MESSAGE_BYTES } from '../jsonrpc.js';
import { log } from '../../telemetry/log.js';
import type { UpstreamHealth } from '../../call/upstream.js';
import type { ClientPresence } from '../../call/context.js';
import { authenticator, callerTag, credentialsHint, header, writeScopeNeeded, type Authenticate } from './auth.js';
import { classify, readJson, type Body } from './body.js';
import { ClientGone, HttpError, sendError } from './errors.js';
import { isHealthRequest, serveHealth, type HealthState } from './health.js';
import { isLegacyRequest, modernHandler } from './modern.js';
import { corsHeaders } from './cors.js';
import type { OAuthSettings } from '../../config/oauth.js';
import { TokenVerifier } from './oauth.js';
import { allowedOrigins, hostAndOriginCheck } from './origin.js';
import { ProtectedResource } from './protected-resource.js';
import { isSignInProbe, signInProbeAnswer } from './probes.js';
import { createRateLimit, type RateLimit } from './rate-limit.js';
import { SessionStore } from './sessions.js';
import { CallersInFlight } from './callers-in-flight.js';
import type { Telemetry } from '../../telemetry/hooks.js';
import { StatelessServing } from './stateless.js';
import { traceRequest, type AccessTrace } from './trace.js';
import { WaitingCalls } from './waiting.js';
import type { Narrowing } from '../../mcp/narrowing.js';
import { endpointPath, requestNarrowing, switchHeader, type Offered } from './narrowing.js';

export interface HttpOptions extends Omit<HttpConfig, 'narrowing'> {
  /**
   * A fresh MCP server for a request's caller, its tools narrowed as the client asked: per session
   * (2025-11-25: its initialize's narrowing), or per request (2026-07-28, and stateless).
   */
  makeServer: (caller: Caller, narrowing?: Narrowing) => McpServer;
  /**
   * What the operator's flags offer, which a client may narrow per request (X-MCP-* headers, /mcp/x/…
   * paths); none when the operator turned narrowing off. `empty` says whether a narrowing leaves no tool.
   */
  narrowing?: { offered: Offered; empty: (n: Narrowing) => boolean } | undefined;
  /** The tools that change the workspace, refused with a step-up challenge to a read-only sign-in. */
  writeTools: ReadonlySet<string>;
  /** Only the read tools are served (--read-only): the write scope is not offered. */
  readOnly: boolean;
  health: UpstreamHealth;
  maxBodyBytes?: number;
  /** Prometheus text for GET /metrics (--metrics), served behind the same authentication as /mcp. */
  metricsHandler?: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** Session durations, when OpenTelemetry is on. */
  telemetry?: Pick<Telemetry, 'sessionEnded' | 'sessionEvicted' | 'storeFailed' | 'rateLimited'> | undefined;
  /** The job store shared by replicas: answering or not, for /readyz. */
  jobStoreState?: (() => StoreReport) | undefined;
  /** Counts shared by replicas (the rate limit), when set. */
  redis?: RedisTarget | undefined;
  /** Client-credential hosting: the upstream's word on a caller's own credentials, before a session is kept. */
  verifyCaller?: ((caller: Caller) => Promise<'valid' | 'invalid' | 'busy' | 'unavailable'>) | undefined;
}

export interface HttpHandle {
  url: string;
  server: Server;
  /**
   * Stop accepting, let requests in flight (and the jobs of `work`) finish within the grace period, stop
   * the work still running (its waiting requests are answered), close every session.
   */
  drain(graceMs: number, work?: { busy(): boolean; stop(): Promise<void> }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Streamable HTTP at /mcp, plus /healthz and /readyz. A request to /mcp goes through these steps in turn:
 * host and origin, authentication, body (size, JSON, JSON-RPC envelope), draining, then by revision: a
 * 2026-07-28 request is answered on its own, a 2025-11-25 one in its session (or, stateless, by a server
 * of its own); one access-log line is written when its response closes.
 */
export async function startHttp(opts: HttpOptions): Promise<HttpHandle> {
  let [port, draining, inFlight] = [opts.port, false, 0];
  const { makeServer } = opts;
  const checkOrigin = hostAndOriginCheck(opts, () => port);
  const cors = corsHeaders(allowedOrigins(opts, () => port));
  const signIn = opts.oauth ? signInWith(opts.oauth, opts) : undefined;
  const resource = signIn?.resource;
  const authenticate = authenticator({ ...opts, signIn });
  const sessions = new SessionStore(opts, makeServer);
  const maxBody = opts.maxBodyBytes ?? MAX_MESSAGE_BYTES;
  const modern = modernHandler(makeServer, maxBody);
  const stateless = new StatelessServing();
  const rate = await rateLimitOf(opts);

  const handleMcp = mcpRoute({
    opts,
    checkOrigin,
    authenticate,
    resource,
    sessions,
    modern,
    stateless,
    rate,
    maxBody,
    draining: () => draining,
  });

  const health = readiness(opts, authenticate, { draining: () => draining, sessions: () => sessions.size }, rate);
  const metricsFor = async (req: IncomingMessage, res: ServerResponse) => {
    checkOrigin(req);
    await authenticate(req);
    opts.metricsHandler!(req, res);
  };
  const answerProbe = signInProbeAnswer(credentialsHint({ ...opts, signIn }));
  const narrowable = opts.narrowing !== undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const endpoint = endpointPath(path, narrowable) !== undefined;
    const counted = endpoint && req.method === 'POST';
    if (counted) inFlight++;
    // Every request gets its access-log line, a refused or unknown one too.
    const trace = traceRequest(req, res, path, () => (counted ? inFlight-- : undefined));
    // DNS rebinding must not reach the health endpoints either: the same Host and Origin checks as /mcp.
    if (isHealthRequest(path, req))
      return void checked(() => checkOrigin(req))
        .then(() => serveHealth(path, req, res, health))
        .catch((err: unknown) => failed(res, err));
    // The metrics name tools and callers: the same checks and authentication as /mcp.
    if (path === '/metrics' && opts.metricsHandler && req.method === 'GET')
      return void metricsFor(req, res).catch((err: unknown) => failed(res, err));
    const metadata = resource?.serves(path) ?? false;
    // OAuth requests to a server that takes tokens or credentials are told what to send instead.
    const probed = answerProbe && !metadata && isSignInProbe(path);
    if (!endpoint && !metadata && !probed) return sendError(res, notFound(narrowable));
    // Browser-based clients: an allowed origin may read the answers (and the challenge of a 401).
    if (cors(req, res)) return;
    if (metadata) return resource!.serve(req, res);
    if (probed) return answerProbe(res);
    handleMcp(req, res, trace, path).catch((err: unknown) => failed(res, err));
  });
  // Slow or stalled request bodies must not hold a connection for ever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  port = await listen(server, opts.port, opts.host);

  return lifecycle(server, `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/mcp`, {
    drainStarts: () => (draining = true),
    inFlight: () => inFlight,
    closeAll: async () => {
      sessions.closeAll();
      await modern.close().catch(() => undefined);
      await rate?.close();
    },
  });
}

/** A path that is no endpoint of this server's: which ones are. */
function notFound(narrowable: boolean): HttpError {
  const narrowed = narrowable ? ' (or, narrowed, /mcp/readonly, /mcp/x/<toolsets> and /mcp/x/<toolsets>/readonly)' : '';
  return new HttpError(404, -32000, `Not found: the MCP endpoint is /mcp${narrowed}.`);
}

/** What the /mcp route works with, made once by startHttp. */
interface McpRouteParts {
  opts: HttpOptions;
  checkOrigin: (req: IncomingMessage) => void;
  authenticate: Authenticate;
  resource: ProtectedResource | undefined;
  sessions: SessionStore;
  modern: ReturnType<typeof modernHandler>;
  stateless: StatelessServing;
  rate: RateLimit | undefined;
  maxBody: number;
  draining: () => boolean;
}

/** POST, GET and DELETE /mcp, through the steps startHttp names, in that order. */
function mcpRoute(parts: McpRouteParts): (req: IncomingMessage, res: ServerResponse, trace: AccessTrace, path: string) => Promise<void> {
  const { opts, checkOrigin, authenticate, resource, sessions, modern, stateless, rate, maxBody } = parts;
  const { makeServer } = opts;
  const waiting = new WaitingCalls();
  const callers = new CallersInFlight(opts.maxInFlightPerCaller);
  return async (req, res, trace, path) => {
    checkOrigin(req);
    // Nothing is read, opened or sent upstream for a caller that is not let in.
    const caller: Caller = await authenticate(req);
    trace.caller = callerTag(caller);
    const sid = header(req, 'mcp-session-id');
    if (sid) trace.session = sessions.tagOf(sid);
    // The request's own narrowing (its path and headers), checked before anything is read or built.
    const own = narrowingAsked(req, path, opts.narrowing);
    const body = await readBody(req, trace, maxBody, opts.maxInFlight);
    const legacy = !body || isLegacyRequest(req, body);
    // Only a 2025-11-25 request of a stateful server's session, the caller's own, is served with its session's
    // narrowing; a 2026-07-28 or stateless request has no session, whatever Mcp-Session-Id it carries.
    const narrowing = legacy && !opts.stateless && sid ? sessions.narrowingFor(sid, caller, own) : own;
    if (narrowing) trace.narrowing = narrowing.label;
    // One bound per caller over every revision and mode, a session's own bound beside it.
    if (body && body.requests.length > 0) res.once('close', callers.enter(caller.hash, body.requests.length));
    if (body) waiting.cancel(body, caller.hash, sid);
    if (rate && body && body.toolCalls > 0) await countCalls(rate, waiting, body, caller.hash, sid, trace.client);
    // A step-up to the write scope is asked for only where a write is offered: not on a read-only narrowing.
    if (caller.readOnly && resource && body?.tool !== undefined && opts.writeTools.has(body.tool) && !narrowing?.readOnly)
      throw writeScopeNeeded(resource, body.tool, body.id, path);
    if (parts.draining())
      throw new HttpError(503, -32000, 'The server is shutting down; retry on another instance.', {
        'retry-after': '1',
        connection: 'close',
      });
    // The request's context, made once here: its handlers get it with the request, through the SDK's auth info.
    const request: RequestContext = {
      caller,
      trace,
      ...(lockdownAsked(req) ? { lockdown: true } : {}),
      path,
      ...(narrowing ? { narrowing } : {}),
      ...(rate ? { countCalls: (n: number) => rate.consume(caller.hash, n, trace.client?.signal()) } : {}),
    };
    const auth = carry(request);
    if (body && !legacy) return modern.handle(req, res, body, auth);
    if (opts.stateless) return stateless.handle(req, res, body, caller, auth, () => makeServer(caller, narrowing));
    if (caller.credentials && body?.initialize) await admit(caller, opts.verifyCaller);
    return sessions.handle(req, res, body, caller, auth, narrowing);
  };
}

/**
 * Whether the request asks for lockdown (X-Workspace-Lockdown: 1, true, on or yes). It can only switch it
 * on: any other value, or none, leaves the server's own setting as it is. Node joins a repeated header
 * with commas, so any one "on" among them counts: a proxy that adds the header for its clients cannot be
 * undone by a client sending its own "0".
 */
export function lockdownAsked(req: IncomingMessage): boolean {
  const v = header(req, 'x-workspace-lockdown');
  // X-MCP-Lockdown, GitHub's spelling, reads as its X-MCP-Readonly does: on unless a false word.
  return (v !== undefined && v.split(',').some((part) => /^\s*(1|true|on|yes)\s*$/i.test(part))) || switchHeader(req, 'x-mcp-lockdown');
}

/** The narrowing a request asks for, within what is offered; refused (400) when it would leave no tool. */
function narrowingAsked(req: IncomingMessage, path: string, narrowing: HttpOptions['narrowing']): Narrowing | undefined {
  if (!narrowing) return undefined;
  const n = requestNarrowing(req, path, narrowing.offered);
  if (n && narrowing.empty(n))
    throw new HttpError(
      400,
      -32000,
      `This narrowing (${n.label.slice(0, 300)}) leaves no tool: the toolsets offered are ${narrowing.offered.toolsets.join(', ')}.`,
    );
  return n;
}

/** Draining and closing: no new requests, those in flight get the grace period, then everything closes. */
function lifecycle(
  server: Server,
  url: string,
  parts: { drainStarts: () => void; inFlight: () => number; closeAll: () => Promise<void> },
): HttpHandle {
  const closeAll = async () => {
    await parts.closeAll();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url,
    server,
    async drain(graceMs: number, work) {
      parts.drainStarts();
      server.close(); // no new connections
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      const pause = () => new Promise((r) => setTimeout(r, 50));
      while ((parts.inFlight() > 0 || work?.busy()) && Date.now() < deadline) await pause();
      if (work?.busy()) {
        await work.stop();
        // The requests that waited on those jobs are answered with their interrupted end.
        const answered = Date.now() + 300;
        while (parts.inFlight() > 0 && Date.now() < answered) await pause();
      }
      if (parts.inFlight() > 0) log('warn', 'drain grace elapsed', { inFlight: parts.inFlight() });
      await closeAll();
    },
    close: closeAll,
  };
}

/** Counts the body's tool calls against the caller's limit; a client that cancels or goes away meanwhile is not served. */
async function countCalls(
  rate: RateLimit,
  waiting: WaitingCalls,
  body: Body,
  caller: string,
  sid: string | undefined,
  client: ClientPresence | undefined,
): Promise<void> {
  await waiting.run(body, caller, sid, client, (signal) => rate.consume(caller, body.toolCalls, signal));
  if (client?.gone) throw new ClientGone('the client went away before its request was served');
}

/** A client's own credentials open a session only once the upstream took them: made-up ones cost nothing. */
async function admit(caller: Caller, verify: HttpOptions['verifyCaller']): Promise<void> {
  const verdict = verify ? await verify(caller) : 'valid';
  if (verdict === 'invalid') {
    throw new HttpError(401, -32001, 'The workspace does not accept these credentials (Connector token or API key).', {
      'www-authenticate':
        'Bearer realm="learning-workspace", error="invalid_token", error_description="workspace credentials not accepted"',
    });
  }
  if (verdict !== 'valid')
    throw new HttpError(503, -32000, 'Your credentials cannot be checked with the workspace right now; retry shortly.', {
      'retry-after': '5',
    });
}

/** A check that may throw, as a promise. */
const checked = (check: () => void): Promise<void> => new Promise((resolve) => resolve(check()));

/** What /readyz tells: details of the upstream only for a caller this server knows (its access token, a signed-in token). */
/** The per-caller limit, when set, counting its refusals and its store's failures in the metrics. */
async function rateLimitOf(opts: HttpOptions): Promise<RateLimit | undefined> {
  if (!opts.rateLimit) return undefined;
  const telemetry = opts.telemetry;
  return createRateLimit({
    ...opts.rateLimit,
    redis: opts.redis,
    storeFailed: telemetry && ((outcome) => telemetry.storeFailed('rate-limit', outcome)),
    refused: telemetry && (() => telemetry.rateLimited()),
  });
}

function readiness(
  opts: HttpOptions,
  authenticate: Authenticate,
  state: Pick<HealthState, 'draining' | 'sessions'>,
  rate: RateLimit | undefined,
): HealthState {
  const stores = () => ({
    ...(opts.jobStoreState ? { jobs: opts.jobStoreState() } : {}),
    ...(rate?.state() ? { rateLimit: rate.state()! } : {}),
  });
  const vouched = opts.authTokens.length > 0 || opts.oauth !== undefined;
  return {
    health: opts.health,
    ...state,
    stores,
    mayReadDetails: async (req: IncomingMessage) => {
      if (!vouched || req.headers.authorization === undefined) return false;
      try {
        await authenticate(req);
        return true;
      } catch {
        return false; // a wrong token is told only what anyone is told
      }
    },
  };
}

/** The body of a POST (none for GET and DELETE), classified once, and described on the access-log trace. */
async function readBody(req: IncomingMessage, trace: AccessTrace, maxBody: number, maxInFlight: number): Promise<Body | undefined> {
  if (req.method === 'GET' || req.method === 'DELETE') return undefined;
  if (req.method !== 'POST') throw new HttpError(405, -32000, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
  if (!(req.headers['content-type'] ?? '').includes('application/json'))
    throw new HttpError(415, -32000, 'Content-Type must be application/json.');
  return classify(await readJson(req, maxBody), header(req, 'mcp-protocol-version'), maxInFlight, trace);
}

/** Sign-in: the resource's metadata and challenges, and a verifier of the issuer's tokens, warmed up at once. */
function signInWith(settings: OAuthSettings, opts: HttpOptions): { verifier: TokenVerifier; resource: ProtectedResource } {
  const resource = new ProtectedResource(settings, opts.readOnly, opts.narrowing !== undefined);
  const verifier = new TokenVerifier(settings, opts.narrowing ? { audience: (aud) => resource.accepts(aud) } : {});
  void verifier.warmUp();
  return { verifier, resource };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** The last step: a refusal is answered as such, a client that went away is noted, anything else is a 500. */
function failed(res: ServerResponse, err: unknown): void {
  if (err instanceof HttpError) return sendError(res, err);
  if (err instanceof ClientGone) {
    log('info', 'client went away', { reason: err.message });
    return void res.destroy();
  }
  log('error', 'http handler failed', { error: String(err) });
  sendError(res, new HttpError(500, -32603, 'Internal error.'));
}
