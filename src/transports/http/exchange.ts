import type { ServerResponse } from 'node:http';
import type { AuthInfo, JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { Body } from './body.js';

type Message = Record<string, unknown>;

const isResponse = (m: Message) => !('method' in m) && ('result' in m || 'error' in m);

/**
 * The answer to one POST of a 2025-11-25 client: plain JSON once its requests are answered, or, as soon as
 * something related to them must go out first (progress, a log message), an event stream carrying it all.
 */
class Exchange {
  private readonly answers: JSONRPCMessage[] = [];
  private streaming = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly pending: Set<RequestId>,
    private readonly headers: Record<string, string>,
    private readonly batch: boolean,
  ) {}

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  /** A notification or request tied to one of this POST's requests. */
  event(message: JSONRPCMessage): void {
    if (!this.open) return;
    if (!this.streaming) {
      this.streaming = true;
      this.res.writeHead(200, {
        ...this.headers,
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      for (const a of this.answers.splice(0)) this.write(a);
    }
    this.write(message);
  }

  /** A response to one of this POST's requests; the last one ends the answer. */
  answer(id: RequestId, message: JSONRPCMessage): void {
    this.pending.delete(id);
    if (!this.open) return;
    if (this.streaming) this.write(message);
    else this.answers.push(message);
    if (this.pending.size > 0) return;
    if (this.streaming) return void this.res.end();
    const body = JSON.stringify(this.batch ? this.answers : this.answers[0]);
    this.res.writeHead(200, { ...this.headers, 'content-type': 'application/json' }).end(body);
  }

  ids(): Iterable<RequestId> {
    return this.pending;
  }

  /** The transport closed before every answer went out: the client learns it from the connection. */
  abandon(): void {
    if (this.open) this.res.destroy();
  }

  private write(message: JSONRPCMessage): void {
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
}

/**
 * Streamable HTTP for 2025-11-25 clients, on Node's own request and response: one transport per session
 * (or, stateless, per request). The SDK's Node transport converts every request and response to web
 * streams and back, which halved this server's calls per second; this one writes JSON straight to the
 * socket and streams only when a call sends something before its result.
 *
 * It carries what this server sends: responses and the notifications tied to a request. With nothing to
 * send unasked, a session has no standalone GET stream (GET is 405, as the specification allows).
 */
export class ExchangeTransport implements Transport {
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  private readonly exchanges = new Map<RequestId, Exchange>();
  private closed = false;

  constructor(readonly sessionId?: string) {}

  async start(): Promise<void> {}

  /**
   * Serves one POST: its messages go to the server; a POST without requests is answered 202 at once.
   * `headers` go on the answer (the session id on initialize); `authInfo` reaches the tool handlers.
   */
  handle(res: ServerResponse, body: Body, headers: Record<string, string>, authInfo: AuthInfo): void {
    const ids = body.requests;
    if (ids.length === 0) res.writeHead(202, headers).end();
    else {
      const exchange = new Exchange(res, new Set(ids), headers, body.batch);
      for (const id of ids) this.exchanges.set(id, exchange);
      // A client that went away gets nothing more; its requests' later answers are dropped.
      res.on('close', () => {
        for (const id of exchange.ids()) if (this.exchanges.get(id) === exchange) this.exchanges.delete(id);
      });
    }
    const extra = { authInfo };
    for (const m of body.messages) this.onmessage?.(m as JSONRPCMessage, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as Message;
    if (isResponse(m)) {
      const id = m['id'] as RequestId;
      const exchange = this.exchanges.get(id);
      this.exchanges.delete(id);
      exchange?.answer(id, message);
      return;
    }
    // Anything else rides the answer of the request it belongs to; with no such request there is no
    // stream to carry it (this server sends nothing unasked).
    const related = options?.relatedRequestId;
    if (related !== undefined) this.exchanges.get(related)?.event(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const exchange of new Set(this.exchanges.values())) exchange.abandon();
    this.exchanges.clear();
    this.onclose?.();
  }
}
