// Each step of the HTTP front on its own, with requests made in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { describe, expect, test } from 'vitest';
import { authenticator } from '../../src/transports/http/auth.js';
import { classify, readJson, type Described } from '../../src/transports/http/body.js';
import { ClientGone, HttpError } from '../../src/transports/http/errors.js';
import { isHealthRequest, serveHealth } from '../../src/transports/http/health.js';
import { WaitingCalls } from '../../src/transports/http/waiting.js';
import { ClientPresence } from '../../src/call/context.js';
import { isLegacyRequest } from '../../src/transports/http/modern.js';
import { hostAndOriginCheck } from '../../src/transports/http/origin.js';
import type { StoreReport } from '../../src/jobs/record.js';

function request(headers: Record<string, string>, method = 'POST'): IncomingMessage {
  return Object.assign(new PassThrough(), { headers, method }) as unknown as IncomingMessage;
}

function refusal(f: () => unknown): HttpError {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('host and origin', () => {
  const check = hostAndOriginCheck({ host: '127.0.0.1', allowedHosts: undefined, allowedOrigins: undefined }, () => 8787);
  test('loopback names of the bound port pass, others are 403', () => {
    expect(() => check(request({ host: 'localhost:8787', origin: 'http://127.0.0.1:8787' }))).not.toThrow();
    expect(refusal(() => check(request({ host: 'evil.example:8787' }))).status).toBe(403);
    expect(refusal(() => check(request({ host: '127.0.0.1:8787', origin: 'https://evil.example' }))).message).toBe(
      'Origin "https://evil.example" is not allowed.',
    );
  });
  test('off loopback without lists, any Host passes and any Origin is refused', () => {
    const open = hostAndOriginCheck({ host: '0.0.0.0', allowedHosts: undefined, allowedOrigins: undefined }, () => 1);
    expect(() => open(request({ host: 'mcp.example.com' }))).not.toThrow();
    expect(refusal(() => open(request({ host: 'mcp.example.com', origin: 'https://x' }))).status).toBe(403);
  });
});

describe('authentication', () => {
  test('server mode: the access token, compared against every configured one', async () => {
    const auth = authenticator({ credentials: 'server', authTokens: ['token-number-one-aaaa', 'token-number-two-bbbb'] });
    expect((await auth(request({ authorization: 'Bearer token-number-two-bbbb' }))).credentials).toBeUndefined();
    const missing = refusal(() => auth(request({})));
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer realm="learning-workspace"');
    expect(refusal(() => auth(request({ authorization: 'Bearer nope' }))).message).toBe('The access token is not valid.');
  });
  test('client mode: the client brings its own workspace credentials, and its hash binds its session', async () => {
    const auth = authenticator({ credentials: 'client', authTokens: [] });
    const a = await auth(request({ authorization: 'Bearer conn', 'x-api-key': 'key', 'x-user-id': 'u1' }));
    expect(a.credentials).toEqual({ connectorToken: 'conn', apiKey: 'key', userId: 'u1' });
    expect((await auth(request({ 'x-api-key': 'key' }))).hash).not.toBe(a.hash);
    expect(refusal(() => auth(request({}))).status).toBe(401);
  });
});

describe('body', () => {
  test('a body over the limit is 413, broken JSON 400, a client gone mid-body is its doing', async () => {
    const big = request({ 'content-length': '2000' });
    await expect(readJson(big, 1000)).rejects.toMatchObject({ status: 413 });
    const broken = request({});
    const parsing = readJson(broken, 1000);
    (broken as unknown as PassThrough).end('{"a":');
    await expect(parsing).rejects.toMatchObject({ status: 400, code: -32700 });
    const gone = request({});
    const reading = readJson(gone, 1000);
    gone.emit('aborted');
    await expect(reading).rejects.toBeInstanceOf(ClientGone);
  });
  test('envelopes are checked; tools/call params give 200 with invalid params', () => {
    expect(refusal(() => classify({ jsonrpc: '1.0', id: 1, method: 'x' }, undefined, 10))).toMatchObject({
      status: 400,
      code: -32600,
      id: 1,
    });
    expect(refusal(() => classify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }, undefined, 10))).toMatchObject({
      status: 200,
      code: -32602,
      id: 2,
    });
    expect(() => classify([{ jsonrpc: '2.0', id: 3, method: 'ping' }], '2025-03-26', 10)).not.toThrow();
  });
  test('a batch is refused on the revisions that have none, and past the calls that may be in flight', () => {
    const batch = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'ping' }));
    expect(refusal(() => classify(batch, '2025-11-25', 10))).toMatchObject({ status: 400, code: -32600 });
    expect(refusal(() => classify(batch, '2025-03-26', 2))).toMatchObject({ status: 429 });
    expect(classify(batch, '2025-03-26', 3).requests).toEqual([1, 2, 3]);
    // A batch that claims 2026-07-28 speaks a revision without batches: refused before it is routed.
    const enveloped = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
    ];
    expect(refusal(() => classify(enveloped, undefined, 10))).toMatchObject({ status: 400, code: -32600 });
  });
  test('the access log learns the method, tool and revision, even of a request then refused', () => {
    const described = (json: unknown, version: string | undefined) => {
      const d: Described = {};
      try {
        classify(json, version, 10, d);
      } catch {
        /* described before refused */
      }
      return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));
    };
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'analytics_hero', _meta: { progressToken: 7 } } };
    expect(described(call, '2025-11-25')).toEqual({ method: 'tools/call', tool: 'analytics_hero', revision: '2025-11-25' });
    expect(described({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18' } }, undefined)).toEqual({
      method: 'initialize',
      revision: '2025-06-18',
    });
    const modern = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    };
    expect(described(modern, '2026-07-28')).toEqual({ method: 'tools/list', revision: '2026-07-28' });
    expect(described({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'groups_list', arguments: [] } }, undefined)).toEqual({
      method: 'tools/call',
      tool: 'groups_list',
    });
  });
  test('what the later steps ask of a body is read from it once', () => {
    const init = classify(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      undefined,
      10,
    );
    expect(init).toMatchObject({ initialize: true, requests: [0], toolCalls: 0, id: 0, enveloped: false, batch: false });
    // An initialize the SDK would not take opens no session.
    expect(classify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }, undefined, 10).initialize).toBe(false);
    const call = classify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'groups_list' } }, undefined, 10);
    expect(call).toMatchObject({ initialize: false, requests: ['a'], toolCalls: 1, id: 'a', tool: 'groups_list', cancels: undefined });
    expect(classify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a' } }, undefined, 10)).toMatchObject({
      requests: [],
      cancels: 'a',
    });
    const batch = classify(
      [
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'y' } },
      ],
      '2025-03-26',
      10,
    );
    expect(batch).toMatchObject({ batch: true, method: 'batch:tools/call', requests: [1, 2], toolCalls: 2, id: undefined });
  });
});

test('readiness follows draining; the upstream details only for a caller with a token', async () => {
  let status = 0;
  let body = '';
  const res = { writeHead: (s: number) => ((status = s), res), end: (b: string) => void (body = b) } as unknown as ServerResponse;
  const health = { lastAnswerAt: Date.now(), lastFailureAt: Date.now(), lastFailure: 'UPSTREAM_TIMEOUT' };
  const state = (token: boolean) => ({
    health,
    draining: () => true,
    sessions: () => 3,
    stores: () => ({ jobs: { state: 'degraded' as const, reason: 'not reachable: connect ECONNREFUSED 127.0.0.1:6379' } }),
    mayReadDetails: async () => token,
  });
  await serveHealth('/readyz', request({}, 'GET'), res, state(false));
  expect(status).toBe(503);
  expect(JSON.parse(body)).toEqual({ ready: false });
  await serveHealth('/readyz', request({}, 'GET'), res, state(true));
  expect(JSON.parse(body)).toMatchObject({
    ready: false,
    sessions: 3,
    stores: { jobs: 'degraded' },
    storeReasons: { jobs: 'not reachable: connect ECONNREFUSED 127.0.0.1:6379' },
    upstream: { answeredRecently: true, lastFailure: 'UPSTREAM_TIMEOUT' },
  });
  // A store never reached keeps the replica unready, and anyone is told which; a configuration error in words.
  const starting = (report: StoreReport) => ({ ...state(false), draining: () => false, stores: () => ({ jobs: report }) });
  await serveHealth(
    '/readyz',
    request({}, 'GET'),
    res,
    starting({ state: 'connecting', reason: 'not reachable: connect ECONNREFUSED 10.0.0.1:6379' }),
  );
  expect([status, JSON.parse(body)]).toEqual([503, { ready: false, stores: { jobs: 'connecting' } }]);
  await serveHealth('/readyz', request({}, 'GET'), res, starting({ state: 'misconfigured', reason: 'authentication failed: …' }));
  expect([status, JSON.parse(body)]).toEqual([
    503,
    { ready: false, stores: { jobs: 'misconfigured' }, storeReasons: { jobs: 'authentication failed: …' } },
  ]);
  await serveHealth('/readyz', request({}, 'GET'), res, starting({ state: 'degraded' }));
  expect([status, JSON.parse(body)]).toEqual([200, { ready: true }]);
  expect(isHealthRequest('/readyz', request({}, 'GET'))).toBe(true);
  expect(isHealthRequest('/mcp', request({}, 'GET'))).toBe(false);
  expect(isHealthRequest('/healthz', request({}, 'POST'))).toBe(false);
});

describe('revision routing', () => {
  // Batches are classified as the revision that still had them sends them.
  const body = (json: unknown) => (json === undefined ? undefined : classify(json, '2025-03-26', 10));
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const modern = (method: string, params: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { ...params, _meta: envelope },
  });
  test('2025-11-25 traffic goes to sessions: initialize, plain requests and notifications, GET and DELETE', () => {
    expect(
      isLegacyRequest(
        request({}),
        body({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
        }),
      ),
    ).toBe(true);
    expect(
      isLegacyRequest(
        request({ 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 's' }),
        body({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      ),
    ).toBe(true);
    expect(isLegacyRequest(request({}), body({ jsonrpc: '2.0', method: 'notifications/initialized' }))).toBe(true);
    expect(isLegacyRequest(request({ 'mcp-session-id': 's' }, 'GET'), body(undefined))).toBe(true);
    expect(isLegacyRequest(request({ 'mcp-session-id': 's' }, 'DELETE'), body(undefined))).toBe(true);
  });
  test('2026-07-28 requests, and the broken ones only its path can answer, go to the per-request handler', () => {
    const h = { 'mcp-protocol-version': '2026-07-28' };
    expect(isLegacyRequest(request({ ...h, 'mcp-method': 'server/discover' }), body(modern('server/discover')))).toBe(false);
    expect(isLegacyRequest(request({ ...h, 'mcp-method': 'tools/call', 'mcp-name': 'x' }), body(modern('tools/call', { name: 'x' })))).toBe(
      false,
    );
    // Header and body disagree, or a modern header without the envelope: refused on the modern path, with the reason.
    expect(isLegacyRequest(request({ ...h, 'mcp-method': 'tools/list' }), body(modern('tools/call', { name: 'x' })))).toBe(false);
    expect(isLegacyRequest(request(h), body({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).toBe(false);
  });
  test('the shortcut for plain 2025-11-25 traffic agrees with the SDK classifier', () => {
    const cases: [Record<string, string>, string, unknown][] = [
      [{}, 'POST', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } }],
      [
        { 'mcp-protocol-version': '2026-07-28' },
        'POST',
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } },
      ],
      [{ 'mcp-protocol-version': '2025-11-25' }, 'POST', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }],
      [{ 'mcp-protocol-version': ' 2025-03-26 ' }, 'POST', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }],
      [{ 'mcp-protocol-version': 'not-a-date' }, 'POST', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
      [{ 'mcp-protocol-version': '2027-01-01' }, 'POST', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
      [
        {},
        'POST',
        [
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { jsonrpc: '2.0', id: 2, method: 'ping' },
        ],
      ],
      [{}, 'POST', { jsonrpc: '2.0', id: 1, result: {} }],
      [{}, 'POST', modern('tools/list')],
      [{}, 'POST', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': 5 } } }],
      [{}, 'GET', undefined],
    ];
    for (const [headers, method, json] of cases) {
      const sdk =
        classifyInboundRequest({
          httpMethod: method,
          body: json,
          ...(headers['mcp-protocol-version'] ? { protocolVersionHeader: headers['mcp-protocol-version'] } : {}),
        }).kind === 'legacy';
      expect(isLegacyRequest(request(headers, method), body(json)), JSON.stringify([headers, json])).toBe(sdk);
    }
  });
});

test('a request held while its call is counted ends on its client cancel, or when the client goes away; others go on', async () => {
  const waiting = new WaitingCalls();
  const held = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => signal.addEventListener('abort', () => reject(new Error('ended')), { once: true }));
  const call = (id: number) => classify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'groups_list' } }, undefined, 16);
  const cancel = (requestId: number) =>
    classify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } }, undefined, 16);
  const first = waiting.run(call(7), 'caller', 'session', undefined, held);
  const other = waiting.run(call(7), 'caller', 'other session', undefined, held);
  expect(waiting.size).toBe(2);
  waiting.cancel(cancel(7), 'caller', 'session');
  await expect(first).rejects.toThrow('ended');
  expect(waiting.size).toBe(1);
  // The same id from another caller's session cancels nothing of this one.
  waiting.cancel(cancel(7), 'someone else', 'other session');
  expect(waiting.size).toBe(1);
  const client = new ClientPresence();
  const third = waiting.run(call(8), 'caller', undefined, client, held);
  client.leave();
  await expect(third).rejects.toThrow('ended');
  waiting.cancel(cancel(7), 'caller', 'other session');
  await expect(other).rejects.toThrow('ended');
  expect(waiting.size).toBe(0);
});

test("a client's presence: its signals abort when it leaves or when the call's own signal does; none is made before one is asked for", () => {
  const client = new ClientPresence();
  const call = new AbortController();
  const joined = client.signal(call.signal);
  const alone = client.signal();
  expect([joined.aborted, alone.aborted, client.gone]).toEqual([false, false, false]);
  call.abort(new Error('cancelled by the client'));
  expect(joined.aborted).toBe(true);
  expect((joined.reason as Error).message).toBe('cancelled by the client');
  expect(alone.aborted).toBe(false);
  client.leave();
  expect([alone.aborted, client.gone]).toEqual([true, true]);
  // Asked for after the client left: already aborted.
  expect(client.signal().aborted).toBe(true);
  expect(client.signal(new AbortController().signal).aborted).toBe(true);
});
