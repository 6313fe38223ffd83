// The 2025-11-25 HTTP transport on its own: what each POST is answered with, as the client would read it.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, test } from 'vitest';
import { classify } from '../../src/transports/http/body.js';
import { ExchangeTransport } from '../../src/transports/http/exchange.js';

/** A response that records what was written to it. */
class FakeResponse extends EventEmitter {
  status = 0;
  headers: Record<string, string> = {};
  body = '';
  writableEnded = false;
  destroyed = false;
  writeHead(status: number, headers: Record<string, string> = {}) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  write(chunk: string) {
    this.body += chunk;
    return true;
  }
  end(chunk = '') {
    this.body += chunk;
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
    return this;
  }
}

const auth = { token: 'h', clientId: 'h', scopes: [] };
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 't', arguments: {} } });
const result = (id: number) => ({ jsonrpc: '2.0', id, result: { content: [] } }) as JSONRPCMessage;
const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } } as JSONRPCMessage;

function setup() {
  const transport = new ExchangeTransport('s1');
  const received: unknown[] = [];
  transport.onmessage = (m) => void received.push(m);
  const res = new FakeResponse();
  return { transport, received, res, response: res as unknown as ServerResponse };
}

describe('ExchangeTransport', () => {
  test('a request answered without anything before it gets plain JSON, with the headers given', async () => {
    const { transport, received, res, response } = setup();
    transport.handle(response, classify(call(1), '2025-03-26', 10), { 'mcp-session-id': 's1' }, auth);
    expect(received).toEqual([call(1)]);
    await transport.send(result(1));
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({ 'mcp-session-id': 's1', 'content-type': 'application/json' });
    expect(JSON.parse(res.body)).toEqual(result(1));
  });

  test('progress before the result turns the answer into an event stream carrying both', async () => {
    const { transport, res, response } = setup();
    transport.handle(response, classify(call(1), '2025-03-26', 10), {}, auth);
    await transport.send(progress, { relatedRequestId: 1 });
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.writableEnded).toBe(false);
    await transport.send(result(1));
    expect(res.writableEnded).toBe(true);
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.replace('event: message\ndata: ', '')) as unknown);
    expect(events).toEqual([progress, result(1)]);
  });

  test('a batch is answered once every request in it is, as an array', async () => {
    const { transport, res, response } = setup();
    transport.handle(response, classify([call(1), call(2)], '2025-03-26', 10), {}, auth);
    await transport.send(result(2));
    expect(res.writableEnded).toBe(false);
    await transport.send(result(1));
    expect(JSON.parse(res.body)).toEqual([result(2), result(1)]);
  });

  test('notifications alone are accepted with 202 and handed on', () => {
    const { transport, received, res, response } = setup();
    const note = { jsonrpc: '2.0', method: 'notifications/initialized' };
    transport.handle(response, classify(note, '2025-03-26', 10), {}, auth);
    expect(res.status).toBe(202);
    expect(received).toEqual([note]);
  });

  test('answers to a client that went away, and messages tied to no request, go nowhere', async () => {
    const { transport, res, response } = setup();
    transport.handle(response, classify(call(1), '2025-03-26', 10), {}, auth);
    res.destroy();
    await transport.send(result(1));
    await transport.send(progress, { relatedRequestId: 9 });
    await transport.send(progress);
    expect(res.body).toBe('');
  });

  test('closing the transport drops the connections still waiting, and says so once', async () => {
    const { transport, res, response } = setup();
    let closed = 0;
    transport.onclose = () => void closed++;
    transport.handle(response, classify(call(1), '2025-03-26', 10), {}, auth);
    await transport.close();
    await transport.close();
    expect(res.destroyed).toBe(true);
    expect(closed).toBe(1);
  });
});
