// Operating the server: the audit log of writes and the per-caller rate limit, against the built server.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, SANDBOX_CREDENTIALS, sandboxEnv, startHttpProcess, startRedis, startSandbox, type Sandbox, watched } from './helpers.js';
import { needPrograms } from './programs.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('audit log', () => {
  test('one flushed line per write call, with ids, outcome and trace id; none for reads; no credential', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lw-audit-')), 'audit.jsonl');
    const client = watched(new Client({ name: 'audited', version: '0' }, { capabilities: { elicitation: { form: {} } } }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI],
        env: sandboxEnv(sandbox, { WORKSPACE_AUDIT_LOG: file }),
        stderr: 'ignore',
      }),
    );
    const trace = '0af7651916cd43dd8448eb211c80319c';
    const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
      client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;
    try {
      await call('groups_list', {});
      await call('analytics_hero', {});
      const added = await call(
        'groups_member_add',
        { groupId: 'g_newhires', userId: 'u_priya' },
        { traceparent: `00-${trace}-b7ad6b7169203331-01` },
      );
      // The line is on disk when the answer arrives.
      const afterFirst = readFileSync(file, 'utf8').trim().split('\n');
      expect(afterFirst).toHaveLength(1);
      expect(added.isError, JSON.stringify(added.content)).toBeFalsy();
      await call('groups_delete', { groupId: 'g_alumni' });
      await call('members_set_tags', { userId: 'u_nobody', tags: ['x'] });
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => [l['tool'], l['outcome']])).toEqual([
        ['groups_member_add', 'ok'],
        ['groups_delete', 'declined'],
        ['members_set_tags', 'UPSTREAM_INVALID'],
      ]);
      expect(lines[0]).toMatchObject({
        caller: 'stdio',
        targets: { groupId: 'g_newhires', userId: 'u_priya' },
        traceId: trace,
        upstreamStatus: 200,
      });
      expect(lines[1]).toMatchObject({ targets: { groupId: 'g_alumni' } });
      expect(lines[2]).toMatchObject({ upstreamStatus: 422, upstreamCode: 'VALIDATION_ERROR' });
      const text = readFileSync(file, 'utf8');
      for (const secret of Object.values(SANDBOX_CREDENTIALS)) if (secret.length > 10) expect(text).not.toContain(secret);
    } finally {
      await client.close();
    }
  });
});

describe('per-caller rate limit', () => {
  const tokens = ['rate-limited-token-alice-0', 'rate-limited-token-bobby-1'];
  const callOnce = async (url: string, token: string) => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'analytics_hero',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'r', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'analytics_hero',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
  };

  test('45 calls in a minute from one caller under 30/min: 15 get 429 with Retry-After; another caller is served', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--auth-token', tokens.join(','), '--rate-limit', '30/min']);
    try {
      const results = [];
      for (let i = 0; i < 45; i++) results.push(await callOnce(server.url, tokens[0]!));
      expect(results.filter((r) => r.status === 200)).toHaveLength(30);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(15);
      expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
      expect(refused[0]!.text).toContain('30 tool calls per minute per caller (--rate-limit)');
      expect((await callOnce(server.url, tokens[1]!)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test('two replicas sharing Redis share the count', async (ctx) => {
    needPrograms(ctx, 'redis-server');
    const redis = await startRedis();
    const env = sandboxEnv(sandbox, { WORKSPACE_REDIS_URL: redis.url });
    const [a, b] = await Promise.all([
      startHttpProcess(env, ['--stateless', '--auth-token', tokens.join(','), '--rate-limit', '30/min']),
      startHttpProcess(env, ['--stateless', '--auth-token', tokens.join(','), '--rate-limit', '30/min']),
    ]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await callOnce(a.url, tokens[0]!)).status);
      for (let i = 0; i < 20; i++) statuses.push((await callOnce(b.url, tokens[0]!)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await redis.stop();
    }
  });
});
