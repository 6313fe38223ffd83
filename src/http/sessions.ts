import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, type Server as McpServer } from '@modelcontextprotocol/server';
import { log, shortHash } from '../log.js';
import { header, type Caller, type ClientCredentials } from './auth.js';
import { HttpError } from './errors.js';

export interface SessionLimits {
  maxSessions: number;
  sessionIdleMs: number;
  maxInFlight: number;
  /** Prefix of this replica's session ids, so a load balancer can route a session back to it. */
  replicaId: string | undefined;
}

interface Session {
  id: string;
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** Hash of the credentials that opened it; a request with others is refused. */
  callerHash: string;
  lastActivity: number;
  inFlight: number;
}

/**
 * Stateful Streamable HTTP for 2025-11-25 clients (2026-07-28 has no sessions): `initialize` opens a session (an MCP server and transport of its own), later
 * requests are routed to theirs by `Mcp-Session-Id`. Bounded in count, calls in flight and idle time.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly limits: SessionLimits,
    private readonly makeServer: (credentials: ClientCredentials | undefined) => McpServer,
  ) {
    // Idle sessions end and free their server; busy ones are left alone.
    this.sweep = setInterval(() => this.endIdle(), Math.max(250, Math.min(60_000, limits.sessionIdleMs / 4)));
    this.sweep.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse, body: unknown, caller: Caller): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId) return this.route(this.find(sessionId, caller), req, res, body);
    if (req.method !== 'POST') throw new HttpError(400, -32000, 'Missing Mcp-Session-Id header.');
    if (!isInitializeRequest(body)) throw new HttpError(400, -32000, 'No session: send initialize first, then the Mcp-Session-Id header it returns.');
    if (this.sessions.size >= this.limits.maxSessions) throw new HttpError(503, -32000, 'Too many open sessions; try again shortly.', { 'retry-after': '30' });
    return this.open(req, res, body, caller);
  }

  /** Ends every session (shutdown). */
  closeAll(): void {
    clearInterval(this.sweep);
    for (const s of [...this.sessions.values()]) this.end(s, 'shutdown');
  }

  private find(id: string, caller: Caller): Session {
    const s = this.sessions.get(id);
    if (!s) throw new HttpError(404, -32001, 'Session not found: it ended or expired. Start a new session with initialize.');
    if (s.callerHash !== caller.hash) throw new HttpError(403, -32000, 'This session belongs to other credentials.');
    if (s.inFlight >= this.limits.maxInFlight) {
      throw new HttpError(429, -32000, `Too many requests in flight on this session (at most ${this.limits.maxInFlight}).`, { 'retry-after': '1' });
    }
    return s;
  }

  private route(s: Session, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
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

  private async open(req: IncomingMessage, res: ServerResponse, body: unknown, caller: Caller): Promise<void> {
    const server = this.makeServer(caller.credentials);
    const replica = this.limits.replicaId;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => (replica ? `${replica}.${randomUUID()}` : randomUUID()),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { id, transport, server, callerHash: caller.hash, lastActivity: Date.now(), inFlight: 0 });
        log('info', 'session opened', { session: shortHash(id), credentials: caller.hash });
      },
    });
    transport.onclose = () => {
      const s = transport.sessionId ? this.sessions.get(transport.sessionId) : undefined;
      if (s) this.end(s, 'closed');
    };
    await server.connect(transport);
    return transport.handleRequest(req, res, body);
  }

  private endIdle(): void {
    const cutoff = Date.now() - this.limits.sessionIdleMs;
    for (const s of this.sessions.values()) if (s.inFlight === 0 && s.lastActivity < cutoff) this.end(s, 'idle');
  }

  private end(s: Session, why: string): void {
    if (!this.sessions.delete(s.id)) return;
    log('info', 'session closed', { session: shortHash(s.id), why });
    void s.transport.close().catch(() => undefined);
    void s.server.close().catch(() => undefined);
  }
}
