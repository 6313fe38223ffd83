// Request-core behaviour that needs its own settings: timeouts, cancellation, unreachable hosts.
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { Upstream } from '../src/call/upstream.js';
import { call, connectInMemory, startSandbox, text, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

test('an upstream that does not answer in time gives a timeout error after the retries', async () => {
  const conn = await connectInMemory(sandbox, { timeoutMs: 150, maxRetries: 1 });
  sandbox.inject({ path: '/api/v1/analytics/hero', delayMs: 1_000, times: 2 });
  const result = await call(conn.client, 'analytics_hero');
  await conn.close();
  expect(result.isError).toBe(true);
  expect(text(result)).toContain('UPSTREAM_TIMEOUT');
  expect(text(result)).toMatch(
    /did not answer POST \/api\/v1\/analytics\/hero in time: 2 attempts in \d\.\d s \(an attempt may take 0\.1 s/,
  );
  expect(sandbox.requests).toHaveLength(2);
});

test('a connection refused is reported with the base URL to check', async () => {
  const dead = await startSandbox();
  const url = dead.url;
  await dead.close();
  const conn = await connectInMemory({ ...sandbox, url } as Sandbox, { maxRetries: 1 });
  const result = await call(conn.client, 'analytics_hero');
  await conn.close();
  expect(result.isError).toBe(true);
  expect(text(result)).toContain('UPSTREAM_UNREACHABLE');
  expect(text(result)).toContain('WORKSPACE_BASE_URL');
});

test('cancelling a call aborts its upstream request', async () => {
  const conn = await connectInMemory(sandbox);
  sandbox.inject({ path: '/api/v1/analytics/students', delayMs: 2_000 });
  const controller = new AbortController();
  const pending = conn.client.callTool({ name: 'analytics_students', arguments: {} }, undefined, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 100));
  expect(sandbox.sockets.size).toBeGreaterThan(0);
  const open = sandbox.sockets.size;
  controller.abort();
  await expect(pending).rejects.toThrow();
  // The server's upstream connection closes at once instead of waiting out the delay.
  const start = Date.now();
  while (sandbox.sockets.size >= open && Date.now() - start < 1_000) await new Promise((r) => setTimeout(r, 10));
  expect(sandbox.sockets.size).toBeLessThan(open);
  await conn.close();
});

test('the server keeps serving after every kind of failure', async () => {
  const conn = await connectInMemory(sandbox, { timeoutMs: 100, maxRetries: 0 });
  sandbox.inject({ path: '/api/v1/analytics/hero', reset: true });
  sandbox.inject({ path: '/api/v1/analytics/courses', status: 200, body: 'plain text' });
  sandbox.inject({ path: '/api/v1/analytics/students', status: 200, body: { success: true, data: { students: 'not a list' } } });
  const results = [
    await call(conn.client, 'analytics_hero'),
    await call(conn.client, 'analytics_courses'),
    await call(conn.client, 'analytics_students'),
  ];
  expect(results.map((r) => r.isError)).toEqual([true, true, true]);
  expect(text(results[0]!)).toContain('UPSTREAM_CONNECTION_DROPPED');
  expect(text(results[1]!)).toContain('not a Connector envelope');
  expect(text(results[2]!)).toContain('students');
  const ok = await call(conn.client, 'groups_list');
  expect(ok.isError).toBeFalsy();
  await conn.close();
});

test('stream parts the relay does not know are kept, never fatal', async () => {
  const conn = await connectInMemory(sandbox);
  const parts = [
    { type: 'start', messageId: 'm1' },
    { type: 'source-url', sourceId: 's1', url: 'https://docs.example/report' },
    { type: 'text-delta', id: 't', delta: 'Grüße, ' },
    { type: 'data-session', data: { sessionId: 'ses_from_data' } },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'runSql' },
    { type: 'tool-output-error', toolCallId: 'c1', errorText: 'timeout' },
    { type: 'text-delta', id: 't', delta: 'all done.' },
    { type: 'finish' },
  ];
  sandbox.inject({
    path: '/api/v1/performance-insights/stream',
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: parts.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('') + 'event: ping\ndata: keep-alive\n\n' + 'data: [DONE]\n\n',
  });
  const result = await call(conn.client, 'performance_insights_ask', { question: 'q' });
  await conn.close();
  expect(result.isError, text(result)).toBeFalsy();
  const sc = result.structuredContent as Record<string, unknown>;
  expect(sc['answer']).toBe('Grüße, all done.');
  expect(sc['sessionId']).toBe('ses_from_data');
  expect(sc['finishReason']).toBe('stop');
  expect(sc['toolCalls']).toEqual([{ toolCallId: 'c1', toolName: 'runSql', errorText: 'timeout' }]);
  expect(sc['otherEvents']).toEqual([
    { type: 'source-url', sourceId: 's1', url: 'https://docs.example/report' },
    { type: 'event-ping', data: 'keep-alive' },
  ]);
});

test('a stream request the upstream refuses is reported with its status and message', async () => {
  const conn = await connectInMemory(sandbox);
  sandbox.inject({
    path: '/api/v1/performance-insights/stream',
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message: 'Messages array is required' },
  });
  const result = await call(conn.client, 'performance_insights_ask', { question: 'q' });
  await conn.close();
  expect(text(result)).toContain('Error UPSTREAM_INVALID (HTTP 400): The workspace said: "Messages array is required');
});

test('an answer is read whole across chunks, and one over the size limit fails, at once when its length says so', async () => {
  const envelope = Buffer.from(JSON.stringify({ success: true, data: { name: 'Équipe café', filler: 'x'.repeat(40) } }));
  // A two-byte letter split between two chunks must come out whole.
  const split = envelope.indexOf(Buffer.from('é')) + 1;
  const server = createServer((req, res) => {
    if (req.url === '/chunked/read') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(envelope.subarray(0, split));
      setTimeout(() => res.end(envelope.subarray(split)), 20);
    } else if (req.url === '/big/length') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 }).end('x'.repeat(500));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,"data":{"a":"');
      const more = setInterval(() => res.write('y'.repeat(50)), 5);
      res.on('close', () => clearInterval(more));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const upstream = new Upstream(
    { connector: { baseUrl, token: 'token-for-the-test' } },
    { timeoutMs: 2_000, maxRetries: 0, maxResponseBytes: 200 },
  );
  const spec = (path: string) => ({ api: 'connector' as const, method: 'POST' as const, path, body: {}, retry: false });
  try {
    expect(await upstream.call(spec('/chunked/read'))).toEqual({ name: 'Équipe café', filler: 'x'.repeat(40) });
    await expect(upstream.call(spec('/big/length'))).rejects.toMatchObject({ code: 'UPSTREAM_ANSWER_TOO_LARGE' });
    const started = performance.now();
    await expect(upstream.call(spec('/big/stream'))).rejects.toMatchObject({ code: 'UPSTREAM_ANSWER_TOO_LARGE' });
    // Stopped at the limit, not read to its end (it has none).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await upstream.call(spec('/chunked/read'))).toMatchObject({ name: 'Équipe café' });
  } finally {
    await upstream.close();
    server.closeAllConnections();
    server.close();
  }
});
