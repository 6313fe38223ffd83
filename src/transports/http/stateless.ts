import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo, Server as McpServer } from '@modelcontextprotocol/server';
import { log } from '../../telemetry/log.js';
import type { Caller } from '../../mcp/request-context.js';
import type { Body } from './body.js';
import { HttpError } from './errors.js';
import { ExchangeTransport } from './exchange.js';
import { checkRevisionHeader } from './sessions.js';

type Cancel = () => void;

/**
 * Stateless Streamable HTTP for 2025-11-25 clients: a server per request, so any replica can answer any
 * request. The answer is JSON, or an event stream once the call sends progress before its result.
 *
 * A 2025-11-25 client cancels a call with a `notifications/cancelled` POST of its own, which no server of
 * that call's would ever see; the calls in flight are kept by caller, client address and request id so
 * the notification can end the one it names. Every client numbers its requests 1, 2, 3…, and clients may
 * share an access token: the address keeps one from ending another's call (clients behind one address
 * with one token cannot be told apart; give each its own token, or run stateful). An id several calls
 * share is ambiguous and cancels nothing.
 */
export class StatelessServing {
  private readonly calls = new Map<string, Set<Cancel>>();

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: Body | undefined,
    caller: Caller,
    auth: AuthInfo,
    server: () => McpServer,
  ): Promise<void> {
    if (req.method !== 'POST' || !body) throw new HttpError(405, -32000, 'Stateless server: only POST is served.', { allow: 'POST' });
    checkRevisionHeader(req);
    const cancelled = body.cancels;
    const client = `${caller.hash}\n${clientAddress(req)}`;
    if (cancelled !== undefined) return this.cancel(res, client, cancelled);
    const mcp = server();
    const transport = new ExchangeTransport();
    // Closing the server aborts the handlers in flight: the client went away, or cancelled.
    const close: Cancel = () => void mcp.close().catch(() => undefined);
    // Only a lone tools/call is worth cancelling (a batch's method reads `batch:…`).
    const key = body.method === 'tools/call' && body.id !== undefined ? keyOf(client, body.id) : undefined;
    if (key) this.track(key, close);
    res.on('close', () => {
      if (key) this.untrack(key, close);
      close();
    });
    await mcp.connect(transport);
    transport.handle(res, body, {}, auth);
  }

  private cancel(res: ServerResponse, client: string, id: string | number): void {
    const matching = this.calls.get(keyOf(client, id));
    if (matching?.size === 1) for (const close of matching) close();
    else if (matching) log('info', 'cancel ignored: several calls share the request id', { calls: matching.size });
    res.writeHead(202).end();
  }

  private track(key: string, close: Cancel): void {
    let set = this.calls.get(key);
    if (!set) this.calls.set(key, (set = new Set()));
    set.add(close);
  }

  private untrack(key: string, close: Cancel): void {
    const set = this.calls.get(key);
    set?.delete(close);
    if (set?.size === 0) this.calls.delete(key);
  }
}

const keyOf = (client: string, id: string | number) => `${client}\n${typeof id}:${id}`;

/**
 * Where a request comes from: the peer, or behind a proxy on this machine (nginx on loopback), the
 * X-Forwarded-For it set; a header from anyone else could be made up, and is not read.
 */
function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!/^(127\.|::1$|::ffff:127\.)/.test(peer)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  return (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || peer;
}
