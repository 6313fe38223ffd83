// The built server attacked over real HTTP and stdio, with the fake upstream: floods, batches, endless
// streams, URLs the upstream must not fetch, secrets that must not come back, challenges by the book.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CLI,
  SANDBOX_CREDENTIALS,
  call,
  connectHttp,
  connectStdio,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) });
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'attacker', version: '0' } },
});
const toolCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'analytics_hero', arguments: {} } });

/** Resident memory of a process, in MiB, from /proc. */
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('sessions', () => {
  test('200 made-up credential sets cost no session; then a real caller gets in and is served', { timeout: 60_000 }, async () => {
    const server = await startHttpProcess(
      sandboxEnv(sandbox, { WORKSPACE_CONNECTOR_TOKEN: '', WORKSPACE_API_KEY: '', WORKSPACE_LOG_LEVEL: 'info' }),
      ['--credentials', 'client', '--max-sessions', '50'],
    );
    try {
      sandbox.reset();
      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(server.url, initialize('2025-11-25'), { authorization: `Bearer made-up-connector-token-${i}` }).then(
            async (r) => (await r.text(), r.status),
          ),
        ),
      );
      // Refused as not accepted upstream (401), or, past the checks in flight and those waiting their turn, as not checkable now (503).
      expect(statuses.every((st) => st === 401 || st === 503)).toBe(true);
      const real = await post(server.url, initialize('2025-11-25'), { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}` });
      expect(real.status).toBe(200);
      const id = real.headers.get('mcp-session-id')!;
      await real.text();
      const headers = {
        authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`,
        'mcp-session-id': id,
        'mcp-protocol-version': '2025-11-25',
      };
      await post(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      expect(await (await post(server.url, toolCall(1), headers)).text()).toContain('"structuredContent"');
      const opened = server
        .stderr()
        .split('\n')
        .filter((l) => l.includes('"msg":"session opened"')).length;
      expect(opened).toBe(1);
      // One check upstream per credential set, never more than 16 at once.
      expect(sandbox.requests.filter((r) => r.path === '/api/v1/radar/alerts-list').length).toBeLessThanOrEqual(201);
      const upstream = sandbox.requests.filter((r) => r.path === '/api/v1/radar/alerts-list').length;
      console.log(
        `made-up credentials: ${statuses.filter((st) => st === 401).length} refused with 401, ${statuses.filter((st) => st === 503).length} with 503 (checks busy), ${opened} session kept (the real caller's); ${upstream} checks upstream`,
      );
    } finally {
      await server.stop();
    }
  });

  test('one caller holding 60 idle sessions does not keep another out (--max-sessions 40)', { timeout: 60_000 }, async () => {
    const tokens = ['access-token-of-the-hoarder-0', 'access-token-of-the-visitor-1'];
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--auth-token', tokens.join(','), '--max-sessions', '40']);
    try {
      for (let i = 0; i < 60; i++) {
        const r = await post(server.url, initialize('2025-11-25'), { authorization: `Bearer ${tokens[0]}` });
        expect(r.status).toBe(200);
        await r.text();
      }
      const visitor = await post(server.url, initialize('2025-11-25'), { authorization: `Bearer ${tokens[1]}` });
      expect(visitor.status).toBe(200);
      await visitor.text();
    } finally {
      await server.stop();
    }
  });
});

describe('batches', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(sandboxEnv(sandbox));
  });
  afterAll(() => server.stop());

  /** A session opened at a revision; its id. */
  async function session(revision: string): Promise<string> {
    const res = await post(server.url, initialize(revision));
    expect(res.status).toBe(200);
    const id = res.headers.get('mcp-session-id')!;
    await res.text();
    await post(
      server.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': id, 'mcp-protocol-version': revision },
    );
    return id;
  }

  test('a batch of 300 calls is refused on 2025-11-25, which has no batches; nothing reaches the upstream; the next call works', async () => {
    const id = await session('2025-11-25');
    sandbox.reset();
    const batch = Array.from({ length: 300 }, (_, i) => toolCall(i + 1));
    const res = await post(server.url, batch, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('no JSON-RPC batches'),
    });
    expect(sandbox.requests).toHaveLength(0);
    const next = await post(server.url, toolCall(301), { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' });
    expect(await next.text()).toContain('"structuredContent"');
  });

  test('on 2025-03-26, which had batches, one of 300 calls is refused whole (more than --max-inflight 16); one of 16 runs, at most 16 upstream at once', async () => {
    const id = await session('2025-03-26');
    sandbox.reset();
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26' };
    const big = await post(
      server.url,
      Array.from({ length: 300 }, (_, i) => toolCall(i + 1)),
      headers,
    );
    expect(big.status).toBe(429);
    expect(await big.text()).toContain('--max-inflight');
    expect(sandbox.requests).toHaveLength(0);
    const small = await post(
      server.url,
      Array.from({ length: 16 }, (_, i) => toolCall(i + 1)),
      headers,
    );
    expect(small.status).toBe(200);
    const answers = (await small.text()).match(/"structuredContent"/g) ?? [];
    expect(answers).toHaveLength(16);
    expect(sandbox.requests).toHaveLength(16);
    console.log(`batch of 300 on 2025-03-26: refused, ${sandbox.requests.length} upstream requests started by the batches in all`);
  });
});

describe('URLs the upstream would fetch', () => {
  test.each(['file:///etc/passwd', 'gopher://internal:70/1', 'javascript:alert(1)', 'data:text/plain,hello', 'ftp://files.example/a.pdf'])(
    '%s is refused before any upstream request, naming the field',
    async (url) => {
      const conn = await connectStdio(sandboxEnv(sandbox));
      try {
        sandbox.reset();
        const calls: [string, Record<string, unknown>, string][] = [
          ['materials_create', { name: 'm', content: { type: 'url', url } }, 'content.url'],
          ['materials_create', { name: 'm', content: { type: 'text', sourceUrl: url } }, 'content.sourceUrl'],
          ['presentations_create', { topic: 't', numberOfSlides: 1, locale: 'en', logoUrl: url }, 'logoUrl'],
          ['materials_create', { name: 'm', content: { type: 'text', text: 'x' }, references: [{ title: 'a', url }] }, 'references[0].url'],
        ];
        for (const [tool, args, field] of calls) {
          const r = await call(conn.client, tool, args);
          expect(r.isError, `${tool} ${field}`).toBe(true);
          expect(text(r)).toContain(`- ${field}: must be an http:// or https:// URL`);
        }
        expect(sandbox.requests).toHaveLength(0);
        const ok = await call(conn.client, 'materials_create', { name: 'm', content: { type: 'url', url: 'https://docs.example/guide' } });
        expect(ok.isError, text(ok)).toBeFalsy();
      } finally {
        await conn.close();
      }
    },
  );
});

describe('an endless answer stream', () => {
  test(
    'is cut short well within 90 s, memory stays bounded, the upstream request is closed, the next call works',
    { timeout: 120_000 },
    async () => {
      const endless = await startSandbox({ stream: { deltas: 1_000_000_000, token: () => 'x'.repeat(64 * 1024) } });
      const server = await startHttpProcess(sandboxEnv(endless, { WORKSPACE_JOB_AFTER_MS: '0' }));
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid!))), 50);
      const conn = await connectHttp(server.url);
      try {
        const started = Date.now();
        const r = (await conn.client.callTool(
          { name: 'performance_insights_ask', arguments: { question: 'Tell me everything' } },
          undefined,
          { timeout: 90_000 },
        )) as CallToolResult;
        const took = Date.now() - started;
        expect(r.isError, text(r).slice(0, 300)).toBeFalsy();
        const sc = r.structuredContent as { answer: string; finishReason: string; cutShort: string };
        expect(sc.finishReason).toBe('cut-short');
        expect(sc.cutShort).toContain('WORKSPACE_MAX_ANSWER_CHARS');
        expect(sc.answer.length).toBeLessThanOrEqual(1_048_576);
        // The note is the server's, outside the fenced answer.
        expect((r.content[0] as { text: string }).text).toMatch(
          /\n\[Server: the answer was cut short \(the answer passed 1048576 characters/,
        );
        expect(took).toBeLessThan(90_000);
        const streams = endless.content.state.streams;
        while (streams[0]!.open && Date.now() - started < 95_000) await new Promise((res) => setTimeout(res, 20));
        expect(streams[0]!.closedEarly).toBe(true);
        const next = await call(conn.client, 'analytics_hero');
        expect(next.isError).toBeFalsy();
        expect(peak).toBeLessThan(512);
        console.log(`endless stream: cut after ${(took / 1000).toFixed(1)} s; server memory peaked at ${peak.toFixed(0)} MiB`);
      } finally {
        clearInterval(sampler);
        await conn.close();
        await server.stop();
        await endless.close();
      }
    },
  );
});

describe('secrets and challenges', () => {
  test('a password in the base URL appears in no output, whether the URL parses or not', () => {
    const password = 'hunter2-base-url-password';
    for (const url of [`https://admin:${password}@academy.example`, `https://admin:${password}@[broken`]) {
      const r = spawnSync(process.execPath, [CLI, '--http'], {
        env: { PATH: process.env['PATH'] ?? '', WORKSPACE_BASE_URL: url, WORKSPACE_CONNECTOR_TOKEN: 'tok-123456' },
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('WORKSPACE_BASE_URL');
      expect(r.stdout + r.stderr).not.toContain(password);
    }
  });

  test('no credentials: a challenge without an error code, saying what to send; a wrong token: invalid_token', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--auth-token', 'the-right-access-token-0123']);
    try {
      const none = await post(server.url, initialize('2025-11-25'));
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe(
        'Bearer realm="learning-workspace", error_description="This server takes an access token, not OAuth sign-in: send it in the Authorization header, as Authorization: Bearer <token>."',
      );
      const wrong = await post(server.url, initialize('2025-11-25'), { authorization: 'Bearer made-up-token-000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer realm="learning-workspace", error="invalid_token"/);
    } finally {
      await server.stop();
    }
  });

  test('a credential the upstream echoes back is redacted from results and progress, in its plain, URL-encoded and base64 forms', async () => {
    const token = SECRET_TOKEN;
    const echo = await startSandbox();
    const forms = [token, encodeURIComponent(token), Buffer.from(token).toString('base64')];
    const conn = await connectStdio(sandboxEnv(echo, { WORKSPACE_CONNECTOR_TOKEN: token }));
    try {
      const hero = {
        scopeType: 'workspace',
        totalStudents: 1,
        totalInstructors: 1,
        totalAdmins: 1,
        totalCourses: 1,
        courseCompletions: 1,
        pendingInvites: 0,
        avgTimeToCompleteSeconds: 60,
      };
      echo.inject({ path: '/api/v1/analytics/hero', status: 200, body: { success: true, data: { ...hero, note: forms.join(' | ') } } });
      const r = await call(conn.client, 'analytics_hero');
      const all = JSON.stringify(r);
      for (const form of forms) expect(all).not.toContain(form);
      expect(all).toContain('[redacted]');
    } finally {
      await conn.close();
      await echo.close();
    }
  });
});

describe('stateless cancellation', () => {
  /** A POST from a chosen loopback address, as a client on another machine would send it. */
  /** Its status and body; a connection the server closed without an answer (a cancelled call) gives status 0. */
  function postFrom(
    localAddress: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve) => {
      const req = httpRequest(
        url,
        { method: 'POST', localAddress, headers: { ...ACCEPT, 'mcp-protocol-version': '2025-11-25', ...headers } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(JSON.stringify(body));
    });
  }

  test("another client's cancel with the same request id and token does not stop a call; the client's own does", async () => {
    const token = 'shared-team-access-token-0123';
    const server = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_MAX_RETRIES: '0' }), ['--stateless', '--auth-token', token]);
    const auth = { authorization: `Bearer ${token}` };
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'stale' } };
    try {
      sandbox.reset();
      // Each call waits 800 ms upstream (then gets a 503, not retried): time for a cancel to arrive.
      sandbox.inject({ path: '/api/v1/analytics/hero', delayMs: 800, times: 2 });
      const first = postFrom('127.0.0.1', server.url, toolCall(7), auth);
      await new Promise((r) => setTimeout(r, 200));
      expect((await postFrom('127.0.0.2', server.url, cancel, auth)).status).toBe(202);
      const answered = await first;
      expect(answered.text, 'the call was answered, not cancelled').toContain('"result"');
      // The same notification from the call's own client ends it.
      const second = postFrom('127.0.0.1', server.url, toolCall(7), auth);
      await new Promise((r) => setTimeout(r, 200));
      await postFrom('127.0.0.1', server.url, cancel, auth);
      expect((await second).text, 'the call was cancelled: no answer').not.toContain('"result"');
    } finally {
      await server.stop();
    }
  });
});

const SECRET_TOKEN = 'conn-token/with+chars=&more-0123456789';
