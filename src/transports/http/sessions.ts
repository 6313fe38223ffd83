import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS, type AuthInfo, type Server as McpServer } from '@modelcontextprotocol/server';
import { log, shortHash } from '../../telemetry/log.js';
import type { Caller } from '../../mcp/request-context.js';
import { narrowingKey, type Narrowing } from '../../mcp/narrowing.js';
import { callerTag, header } from './auth.js';
import type { Body } from './body.js';
import type { Telemetry } from '../../telemetry/hooks.js';
import { HttpError } from './errors.js';
import { ExchangeTransport } from './exchange.js';

export interface SessionLimits {
  maxSessions: number;
  /** Sessions one caller may hold; past it, its own oldest idle session makes room. */
  maxSessionsPerCaller: number;
  sessionIdleMs: number;
  maxInFlight: number;
  /** Prefix of this replica's session ids, so a load balancer can route a session back to it. */
  replicaId: string | undefined;
  /** Session durations, when OpenTelemetry is on. */
  telemetry?: Pick<Telemetry, 'sessionEnded' | 'sessionEvicted'> | undefined;
}

/** How many closed-to-make-room sessions are remembered, so a request on one is told why it is gone. */
const EVICTED_KEPT = 10_000;

interface Session {
  id: string;
  /** How logs name it: a short hash of its id, made once. */
  tag: string;
  transport: ExchangeTransport;
  server: McpServer;
  /** Hash of the caller that opened it (credentials, access token, or signed-in subject); another is refused. */
  callerHash: string;
  lastActivity: number;
  inFlight: number;
  openedAt: number;
  /** What its initialize narrowed the tools to (headers or path): every request of the session keeps it. */
  narrowing: Narrowing | undefined;
}

/** A request of a 2025-11-25 session must name a revision of that family, or none (then 2025-03-26). */
export function checkRevisionHeader(req: IncomingMessage): void {
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new HttpError(
      400,
      -32000,
      `Unsupported protocol version ${JSON.stringify(version.slice(0, 40))}: this server speaks ${[...SUPPORTED_PROTOCOL_VERSIONS, '2026-07-28'].join(', ')}.`,
    );
  }
}

/**
 * Stateful Streamable HTTP for 2025-11-25 clients (2026-07-28 has no sessions): `initialize` opens a
 * session (an MCP server and transport of its own), later requests are routed to theirs by
 * `Mcp-Session-Id`, and `DELETE` ends it. Bounded in count, calls in flight and idle time.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  /** Sessions closed to make room for another, by id (oldest first, at most EVICTED_KEPT): why, and for whom. */
  private readonly evicted = new LRUCache<string, { why: 'caller share' | 'table full'; callerHash: string }>({ max: EVICTED_KEPT });
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly limits: SessionLimits,
    private readonly makeServer: (caller: Caller, narrowing?: Narrowing) => McpServer,
  ) {
    // Idle sessions end and free their server; busy ones are left alone.
    this.sweep = setInterval(() => this.endIdle(), Math.max(250, Math.min(60_000, limits.sessionIdleMs / 4)));
    this.sweep.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** How logs name a session id: its short hash, made when the session opened (or now, for one not held). */
  tagOf(id: string): string {
    return this.sessions.get(id)?.tag ?? shortHash(id);
  }

  /**
   * The narrowing a request in a session is served with: its session's, asked for at initialize, once the
   * session is found to be the caller's. A session this replica does not hold, or another caller's, lends
   * nothing (the request keeps its own, and is refused when routed). A request that asks for a narrowing
   * other than its session's is refused: a session's tools are made once, and what the request asks must
   * never be undone by the session it names.
   */
  narrowingFor(id: string, caller: Caller, own: Narrowing | undefined): Narrowing | undefined {
    const s = this.sessions.get(id);
    if (!s || s.callerHash !== caller.hash) return own;
    if (own && (!s.narrowing || narrowingKey(own) !== narrowingKey(s.narrowing)))
      throw new HttpError(
        400,
        -32000,
        `This request asks for a narrowing (${own.label.slice(0, 200)}) other than its session's (${s.narrowing?.label.slice(0, 200) ?? 'none'}): send a session's requests to the endpoint and with the X-MCP-* headers of its initialize, or open a new session with initialize.`,
      );
    return s.narrowing;
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: Body | undefined,
    caller: Caller,
    auth: AuthInfo,
    narrowing?: Narrowing,
  ): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId) return this.route(this.find(sessionId, caller), req, res, body, auth);
    if (req.method !== 'POST' || !body) throw new HttpError(400, -32000, 'Missing Mcp-Session-Id header.');
    if (!body.initialize) throw new HttpError(400, -32000, 'No session: send initialize first, then the Mcp-Session-Id header it returns.');
    this.makeRoom(caller);
    return this.open(res, body, caller, auth, narrowing);
  }

  /** Ends every session (shutdown). */
  closeAll(): void {
    clearInterval(this.sweep);
    for (const s of [...this.sessions.values()]) this.end(s, 'shutdown');
  }

  private find(id: string, caller: Caller): Session {
    const s = this.sessions.get(id);
    if (!s) throw this.notFound(id, caller);
    if (s.callerHash !== caller.hash)
      throw new HttpError(403, -32000, 'This session belongs to another caller: open a session of your own with initialize.');
    if (s.inFlight >= this.limits.maxInFlight) {
      throw new HttpError(429, -32000, `Too many requests in flight on this session (at most ${this.limits.maxInFlight}).`, {
        'retry-after': '1',
      });
    }
    return s;
  }

  private async route(s: Session, req: IncomingMessage, res: ServerResponse, body: Body | undefined, auth: AuthInfo): Promise<void> {
    s.lastActivity = Date.now();
    if (req.method === 'DELETE') {
      this.end(s, 'deleted');
      return void res.writeHead(200).end();
    }
    // The server sends nothing unasked, so a session has no standalone event stream to open.
    if (req.method !== 'POST' || !body)
      throw new HttpError(405, -32000, 'This server sends nothing outside the answers to requests: no event stream to open.', {
        allow: 'POST, DELETE',
      });
    checkRevisionHeader(req);
    if (body.initialize) throw new HttpError(400, -32600, 'Invalid Request: this session is already initialized.');
    // Each request of a batch (older revisions) counts as one call in flight.
    const weight = Math.max(1, body.requests.length);
    if (s.inFlight + weight > this.limits.maxInFlight) {
      throw new HttpError(429, -32000, `Too many requests in flight on this session (at most ${this.limits.maxInFlight}).`, {
        'retry-after': '1',
      });
    }
    s.inFlight += weight;
    res.on('close', () => {
      s.inFlight -= weight;
      s.lastActivity = Date.now();
    });
    s.transport.handle(res, body, {}, auth);
  }

  private async open(res: ServerResponse, body: Body, caller: Caller, auth: AuthInfo, narrowing: Narrowing | undefined): Promise<void> {
    const replica = this.limits.replicaId;
    const id = replica ? `${replica}.${randomUUID()}` : randomUUID();
    const server = this.makeServer(caller, narrowing);
    const transport = new ExchangeTransport(id);
    const session: Session = {
      id,
      tag: shortHash(id),
      transport,
      server,
      callerHash: caller.hash,
      lastActivity: Date.now(),
      inFlight: 0,
      openedAt: performance.now(),
      narrowing,
    };
    this.sessions.set(id, session);
    transport.onclose = () => this.end(session, 'closed');
    await server.connect(transport);
    log('info', 'session opened', {
      session: session.tag,
      caller: callerTag(caller),
      ...(narrowing ? { narrowing: narrowing.label } : {}),
    });
    transport.handle(res, body, { 'mcp-session-id': id }, auth);
  }

  /**
   * Room for one more session of this caller. A caller at its share gives up its own oldest idle session;
   * a full table gives up the oldest idle session of whoever holds the most. Only a caller whose every
   * session is busy is refused, never another because of it.
   */
  private makeRoom(caller: Caller): void {
    const mine = [...this.sessions.values()].filter((s) => s.callerHash === caller.hash);
    if (mine.length >= this.limits.maxSessionsPerCaller) {
      const oldest = oldestIdle(mine);
      if (!oldest)
        throw new HttpError(
          503,
          -32000,
          `You have ${mine.length} sessions open, each with a call in flight (at most ${this.limits.maxSessionsPerCaller} per caller); end one first.`,
          { 'retry-after': '5' },
        );
      this.evict(oldest, 'caller share');
    }
    if (this.sessions.size < this.limits.maxSessions) return;
    const held = new Map<string, Session[]>();
    for (const s of this.sessions.values()) held.set(s.callerHash, [...(held.get(s.callerHash) ?? []), s]);
    const byShare = [...held.values()].sort((a, b) => b.length - a.length);
    const victim = byShare.map(oldestIdle).find((s) => s !== undefined);
    if (!victim) throw new HttpError(503, -32000, 'Too many open sessions, all busy; try again shortly.', { 'retry-after': '30' });
    this.evict(victim, 'table full');
  }

  /** Closes a session to make room for another: logged, counted, and remembered for its next request. */
  private evict(s: Session, why: 'caller share' | 'table full'): void {
    this.evicted.set(s.id, { why, callerHash: s.callerHash });
    log('info', 'session evicted', {
      session: s.tag,
      why,
      ...(why === 'caller share' ? { maxSessionsPerCaller: this.limits.maxSessionsPerCaller } : { maxSessions: this.limits.maxSessions }),
    });
    this.limits.telemetry?.sessionEvicted(why);
    this.end(s, why);
  }

  /** The 404 for a session this replica does not hold: why it is gone, when this replica closed it to make room. */
  private notFound(id: string, caller: Caller): HttpError {
    const gone = this.evicted.get(id);
    if (gone?.why === 'caller share' && gone.callerHash === caller.hash)
      return new HttpError(
        404,
        -32001,
        `Session not found: a newer session of the same caller replaced it (this server keeps at most ${this.limits.maxSessionsPerCaller} sessions per caller and closes the caller's oldest idle one). Start a new session with initialize, and reuse sessions rather than opening one per task.`,
      );
    if (gone?.why === 'table full' && gone.callerHash === caller.hash)
      return new HttpError(
        404,
        -32001,
        `Session not found: it was closed to make room, as this server holds at most ${this.limits.maxSessions} sessions and it was idle. Start a new session with initialize.`,
      );
    return new HttpError(404, -32001, 'Session not found: it ended or expired. Start a new session with initialize.');
  }

  private endIdle(): void {
    const cutoff = Date.now() - this.limits.sessionIdleMs;
    for (const s of this.sessions.values()) if (s.inFlight === 0 && s.lastActivity < cutoff) this.end(s, 'idle');
  }

  private end(s: Session, why: string): void {
    if (!this.sessions.delete(s.id)) return;
    log('info', 'session closed', { session: s.tag, why });
    this.limits.telemetry?.sessionEnded((performance.now() - s.openedAt) / 1000, why);
    void s.transport.close().catch(() => undefined);
    void s.server.close().catch(() => undefined);
  }
}

/** The session that has been idle longest, of those with no call in flight. */
function oldestIdle(sessions: readonly Session[]): Session | undefined {
  let oldest: Session | undefined;
  for (const s of sessions) if (s.inFlight === 0 && (!oldest || s.lastActivity < oldest.lastActivity)) oldest = s;
  return oldest;
}
