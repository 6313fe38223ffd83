// Hosted Streamable HTTP: who may call, with whose credentials, limits, refusals, stateless mode, draining.
import { connect } from 'node:net';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  CLI,
  SANDBOX_CREDENTIALS,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type HttpProcess,
  type Sandbox,
  watched,
} from './helpers.js';

const TOKEN_A = 'mcp-access-token-aaaaaaaaaaaa';
const TOKEN_B = 'mcp-access-token-bbbbbbbbbbbb';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

let sandbox: Sandbox;
const stderrs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(async () => {
  await sandbox.close();
  // Access logs and errors never carry a credential.
  for (const err of stderrs)
    for (const secret of [...Object.values(SANDBOX_CREDENTIALS).filter((s) => s.length > 10), TOKEN_A, TOKEN_B])
      expect(err).not.toContain(secret);
});

async function client(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const c = watched(new Client({ name: 'test', version: '0' }));
  await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return c;
}

function post(url: string, body: string | object, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function rpcError(res: Response): Promise<string> {
  const json = (await res.json()) as { jsonrpc: string; error: { message: string } };
  expect(json.jsonrpc).toBe('2.0');
  return json.error.message;
}

describe('server credentials with access tokens', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' }), [
      '--auth-token',
      `${TOKEN_A},${TOKEN_B}`,
      '--max-sessions',
      '3',
      '--max-inflight',
      '1',
      '--session-idle-ms',
      '1000',
      '--allowed-origins',
      'https://app.example',
    ]);
  });
  afterAll(async () => {
    await server.stop();
    stderrs.push(server.stderr());
  });

  test('no token, a wrong token, a wrong scheme: 401 with WWW-Authenticate and a JSON-RPC error; no upstream request', async () => {
    for (const auth of [undefined, 'Bearer not-the-token', `Basic ${TOKEN_A}`]) {
      const res = await post(server.url, INIT, auth ? { authorization: auth } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="learning-workspace"/);
      expect(await rpcError(res)).toMatch(/Authorization: Bearer|not valid/);
    }
    expect(sandbox.requests).toHaveLength(0);
  });

  test("OAuth clients' requests after a 401 (metadata, registration) are told to send the access token instead", async () => {
    const base = server.url.replace('/mcp', '');
    const paths = [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/authorize',
    ];
    const answers = [
      ...(await Promise.all(paths.map((p) => fetch(base + p)))),
      await post(`${base}/register`, { redirect_uris: ['http://localhost:1/cb'] }),
    ];
    for (const res of answers) {
      expect(res.status, res.url).toBe(404);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toBe(
        'This server takes an access token, not OAuth sign-in: send it in the Authorization header, as Authorization: Bearer <token>.',
      );
    }
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  test('either configured token opens a session (rotation) and tools work', async () => {
    for (const token of [TOKEN_A, TOKEN_B]) {
      const c = await client(server.url, { authorization: `Bearer ${token}` });
      const r = (await c.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
      expect(r.isError).toBeFalsy();
      await c.close();
    }
  });

  test('a wrong Host or Origin is refused (DNS rebinding), an allowed Origin is served', async () => {
    const auth = { authorization: `Bearer ${TOKEN_A}` };
    // fetch will not send a forged Host header; a raw request does.
    const raw = await rawRequest(
      server.url,
      `POST /mcp HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${TOKEN_A}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(raw).toMatch(/^HTTP\/1.1 403/);
    const origin = await post(server.url, INIT, { ...auth, origin: 'https://evil.example' });
    expect(origin.status).toBe(403);
    expect(await rpcError(origin)).toContain('Origin');
    const allowed = await post(server.url, INIT, { ...auth, origin: 'https://app.example' });
    expect(allowed.status).toBe(200);
    expect(sandbox.requests).toHaveLength(0);
  });

  test('an oversized body gets 413, malformed bodies 400 or 415, and the server carries on', async () => {
    const auth = { authorization: `Bearer ${TOKEN_A}` };
    const big = await post(server.url, { ...INIT, padding: 'x'.repeat(1024 * 1024) }, auth);
    expect(big.status).toBe(413);
    expect((await post(server.url, '{not json', auth)).status).toBe(400);
    expect((await post(server.url, '\u0000\u0001garbage', auth)).status).toBe(400);
    expect((await post(server.url, { hello: 'world' }, auth)).status).toBe(400);
    expect((await post(server.url, [], auth)).status).toBe(400);
    expect(
      (
        await fetch(server.url, {
          method: 'POST',
          headers: { ...auth, accept: ACCEPT.accept, 'content-type': 'text/plain' },
          body: JSON.stringify(INIT),
        })
      ).status,
    ).toBe(415);
    expect((await fetch(server.url, { method: 'PUT', headers: auth })).status).toBe(405);
    expect((await fetch(server.url.replace('/mcp', '/healthz'))).status).toBe(200);
    expect(sandbox.requests).toHaveLength(0);
  });

  test('a full session table makes room by ending the oldest idle session, not by refusing; idle sessions expire', async () => {
    const auth = { authorization: `Bearer ${TOKEN_A}` };
    await new Promise((r) => setTimeout(r, 1_600)); // earlier tests' sessions expire
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(server.url, INIT, auth);
      expect(res.status).toBe(200);
      ids.push(res.headers.get('mcp-session-id')!);
      await res.body?.cancel();
    }
    const list = (id: string) =>
      post(
        server.url,
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      );
    // The table holds 3: the fourth session took the place of the oldest idle one, and its next request is told so.
    const evicted = await list(ids[0]!);
    expect(evicted.status).toBe(404);
    expect(await evicted.text()).toContain('closed to make room, as this server holds at most 3 sessions');
    await new Promise((r) => setTimeout(r, 1_600));
    expect((await list(ids[3]!)).status).toBe(404);
    const again = await post(server.url, INIT, auth);
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  test('a session with a call in flight refuses more than its cap with 429', async () => {
    const c = await client(server.url, { authorization: `Bearer ${TOKEN_A}` });
    sandbox.inject({ path: '/api/v1/analytics/students', delayMs: 600 });
    const slow = c.callTool({ name: 'analytics_students', arguments: {} });
    await new Promise((r) => setTimeout(r, 150));
    const second = await c.callTool({ name: 'analytics_hero', arguments: {} }).then(
      () => 'ok',
      (e: Error) => e.message,
    );
    expect(second).toContain('Too many requests in flight on this session (at most 1)');
    expect(((await slow) as CallToolResult).isError).toBeFalsy();
    await c.close();
  });

  test('/readyz tells anyone whether it is ready, and a caller with the access token when the upstream last answered', async () => {
    const readyz = server.url.replace('/mcp', '/readyz');
    const anonymous = await fetch(readyz);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ ready: true });
    const wrong = await fetch(readyz, { headers: { authorization: 'Bearer not-the-token' } });
    expect(await wrong.json()).toEqual({ ready: true });
    const res = await fetch(readyz, { headers: { authorization: `Bearer ${TOKEN_A}` } });
    const body = (await res.json()) as { ready: boolean; upstream: { answeredRecently: boolean; lastAnswerAt: string } };
    expect(body.ready).toBe(true);
    expect(body.upstream.answeredRecently).toBe(true);
  });

  test('/healthz and /readyz refuse a foreign Host or Origin, as /mcp does (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(server.url.replace('/mcp', path), { headers }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/healthz', '/readyz']) {
      expect(await get(path, { host: 'evil.example' }), path).toBe(403);
      expect(await get(path, { origin: 'http://evil.example' }), path).toBe(403);
      expect(await get(path, {}), path).toBe(200);
    }
  });

  test('one JSON access-log line per request with session hash, tool, status, duration and upstream status', () => {
    const lines = server
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"msg":"access"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const call = lines.find((l) => l['tool'] === 'analytics_hero' && l['upstreamStatus'] === 200);
    expect(call).toMatchObject({ http: 'POST /mcp', rpc: 'tools/call', status: 200 });
    expect(call!['session']).toMatch(/^[0-9a-f]{10}$/);
    expect(typeof call!['ms']).toBe('number');
    expect(lines.some((l) => l['status'] === 401)).toBe(true);
    // Every request has its line: the OAuth requests, unknown paths and health checks too.
    for (const http of ['GET /.well-known/oauth-authorization-server', 'POST /register', 'GET /elsewhere', 'GET /healthz', 'GET /readyz']) {
      expect(
        lines.find((l) => l['http'] === http && typeof l['status'] === 'number'),
        http,
      ).toBeDefined();
    }
  });
});

describe('client credentials', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' });
    delete env['WORKSPACE_CONNECTOR_TOKEN'];
    delete env['WORKSPACE_API_KEY'];
    delete env['WORKSPACE_USER_ID'];
    server = await startHttpProcess(env, ['--credentials', 'client']);
  });
  afterAll(async () => {
    await server.stop();
    stderrs.push(server.stderr());
  });

  test('without workspace credentials a client gets 401 saying what to send', async () => {
    const res = await post(server.url, INIT);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(await rpcError(res)).toContain('X-Api-Key');
    // And so is an OAuth client trying to register.
    const registered = await post(server.url.replace('/mcp', '/register'), {});
    expect(registered.status).toBe(404);
    expect(((await registered.json()) as { error_description: string }).error_description).toContain(
      'Authorization: Bearer <Connector token> and/or X-Api-Key',
    );
  });

  test('two clients at once each reach the upstream with their own credentials only', async () => {
    const a = await client(server.url, {
      authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`,
      'x-forwarded-for': '10.0.0.1',
      cookie: 'sid=1',
    });
    const b = await client(server.url, { 'x-api-key': SANDBOX_CREDENTIALS.apiKey, 'x-user-id': 'u_priya', 'x-custom': 'nope' });
    const namesA = (await a.listTools()).tools.map((t) => t.name);
    const namesB = (await b.listTools()).tools.map((t) => t.name);
    expect(namesA).toContain('analytics_hero');
    expect(namesA).not.toContain('materials_list');
    expect(namesB).toContain('materials_list');
    expect(namesB).not.toContain('analytics_hero');

    const calls = await Promise.all([
      ...Array.from({ length: 10 }, () => a.callTool({ name: 'radar_alerts_list', arguments: {} })),
      ...Array.from({ length: 10 }, () => b.callTool({ name: 'materials_list', arguments: {} })),
    ]);
    expect(calls.every((r) => !(r as CallToolResult).isError)).toBe(true);
    // Each client's credentials were checked once, with one cheap read, before its session opened.
    const isCheck = (r: (typeof sandbox.requests)[number]) =>
      (r.body as { limit?: number } | undefined)?.limit === 1 || r.query['limit'] === '1';
    expect(
      sandbox.requests
        .filter(isCheck)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/api/v1/materials', '/api/v1/radar/alerts-list']);
    const connector = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/radar') && !isCheck(r));
    const content = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/materials') && !isCheck(r));
    // Identical list reads of one caller at the same moment are read once (a list is read whole, then served).
    expect(connector.length).toBeGreaterThanOrEqual(1);
    expect(connector.length).toBeLessThanOrEqual(10);
    expect(content).toHaveLength(10);
    for (const r of connector) {
      expect(r.headers['authorization']).toBe(`Bearer ${SANDBOX_CREDENTIALS.connectorToken}`);
      expect(r.headers['x-api-key']).toBeUndefined();
    }
    for (const r of content) {
      expect(r.headers['x-api-key']).toBe(SANDBOX_CREDENTIALS.apiKey);
      expect(r.headers['x-user-id']).toBe('u_priya');
      expect(r.headers['authorization']).toBeUndefined();
    }
    // No other client header ever goes upstream.
    for (const r of sandbox.requests)
      for (const h of ['cookie', 'x-forwarded-for', 'x-custom', 'mcp-session-id']) expect(r.headers[h]).toBeUndefined();
    await a.close();
    await b.close();
  });

  test('a session replayed with other credentials is refused, with no upstream request', async () => {
    const a = await post(server.url, INIT, { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}` });
    const id = a.headers.get('mcp-session-id')!;
    await a.body?.cancel();
    const replay = await post(
      server.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'groups_delete', arguments: { groupId: 'g_sales' } } },
      { authorization: `Bearer ${SANDBOX_CREDENTIALS.readOnlyToken}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(replay.status).toBe(403);
    expect(await rpcError(replay)).toContain('another caller');
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('stateless', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(sandboxEnv(sandbox), ['--stateless']);
  });
  afterAll(async () => {
    await server.stop();
    stderrs.push(server.stderr());
  });

  test('calls work without sessions; GET and DELETE are not served', async () => {
    const c = await client(server.url);
    const r = (await c.callTool({ name: 'groups_list', arguments: {} })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    const res = await post(server.url, INIT);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    await res.body?.cancel();
    expect((await fetch(server.url, { headers: { accept: 'text/event-stream' } })).status).toBe(405);
    await c.close();
  });

  test('the insights stream relays progress on the response stream', async () => {
    const c = await client(server.url);
    sandbox.content.options.stream = { delayMs: 2 };
    const progress: string[] = [];
    const r = (await c.callTool({ name: 'performance_insights_ask', arguments: { question: 'q' } }, undefined, {
      onprogress: (p) => void progress.push(p.message ?? ''),
    })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    expect(progress.length).toBeGreaterThan(3);
    await c.close();
  });

  test('a client that disconnects mid-stream cancels the upstream call', async () => {
    sandbox.content.options.stream = { delayMs: 20, deltas: 500 };
    const controller = new AbortController();
    const res = await fetch(server.url, {
      method: 'POST',
      headers: ACCEPT,
      signal: controller.signal,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'performance_insights_ask', arguments: { question: 'q' }, _meta: { progressToken: 'p1' } },
      }),
    });
    const reader = res.body!.getReader();
    await reader.read(); // the first progress has arrived
    controller.abort();
    const started = Date.now();
    const streams = sandbox.content.state.streams;
    while (streams[0]?.open !== false && Date.now() - started < 3_000) await new Promise((r) => setTimeout(r, 10));
    expect(streams[0]!.closedEarly).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

test('a caller past its share of sessions loses its oldest idle one, logged, and a request on it is told a newer session replaced it', async () => {
  const server = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' }), [
    '--auth-token',
    TOKEN_A,
    '--max-sessions-per-caller',
    '2',
  ]);
  try {
    const auth = { authorization: `Bearer ${TOKEN_A}` };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(server.url, INIT, auth);
      ids.push(res.headers.get('mcp-session-id')!);
      await res.body?.cancel();
    }
    const res = await post(
      server.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...auth, 'mcp-session-id': ids[0]!, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('a newer session of the same caller replaced it (this server keeps at most 2 sessions per caller');
    expect(server.stderr()).toMatch(/"msg":"session evicted".*"why":"caller share"/);
  } finally {
    await server.stop();
  }
});

test('a slow client does not stall others', async () => {
  const server = await startHttpProcess(sandboxEnv(sandbox));
  try {
    // A request whose body trickles in, one byte at a time, holding its connection open.
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${new URL(server.url).port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`,
    );
    const drip = setInterval(() => socket.write(' '), 50);
    const c = await client(server.url);
    const started = Date.now();
    for (let i = 0; i < 20; i++)
      expect(((await c.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult).isError).toBeFalsy();
    expect(Date.now() - started).toBeLessThan(3_000);
    clearInterval(drip);
    socket.destroy();
    await c.close();
  } finally {
    await server.stop();
  }
});

test('SIGTERM lets a call in flight finish, then exits 0', async () => {
  const server = await startHttpProcess(sandboxEnv(sandbox), ['--drain-ms', '5000']);
  const c = await client(server.url);
  sandbox.inject({ path: '/api/v1/analytics/courses', delayMs: 800 });
  const pending = c.callTool({ name: 'analytics_courses', arguments: {} });
  await new Promise((r) => setTimeout(r, 200));
  const exited = server.stop(); // SIGTERM
  const result = (await pending) as CallToolResult;
  expect(result.isError, text(result)).toBeFalsy();
  expect(await exited).toBe(0);
  await c.close().catch(() => undefined);
});

test('on a public address, server credentials without an access token refuse to start', () => {
  const r = spawnSync(process.execPath, [CLI, '--http', '--host', '0.0.0.0', '--sandbox'], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('WORKSPACE_MCP_AUTH_TOKEN');
});

function rawRequest(url: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.write(request);
  });
}

test('--workers runs stateless workers on one port and needs --stateless', async () => {
  const refused = spawnSync(process.execPath, [CLI, '--http', '--sandbox', '--workers', '2'], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain('--workers needs --stateless');
  const server = await startHttpProcess(sandboxEnv(sandbox), ['--stateless', '--workers', '2']);
  try {
    const c = await client(server.url);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.callTool({ name: 'analytics_hero', arguments: {} })));
    expect(results.every((r) => !(r as CallToolResult).isError)).toBe(true);
    await c.close();
    // A 2026-07-28 client too: the v2 SDK's, pinned to it.
    const modern = new ModernClient({ name: 'workers', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await modern.connect(new ModernTransport(new URL(server.url)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => modern.callTool({ name: 'analytics_hero', arguments: {} })));
    expect(answers.every((r) => !r.isError)).toBe(true);
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await modern.close();
  } finally {
    expect(await server.stop()).toBe(0);
  }
});
