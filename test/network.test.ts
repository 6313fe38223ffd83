// The request core against a network that misbehaves the way real ones do: answers cut off mid-body,
// an upstream that hangs, clients that give up at 60 s. The sandbox is a real HTTP server on loopback.
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseCli } from '../src/config/parse.js';
import { DEFAULTS } from '../src/config/defaults.js';
import { call, connectInMemory, startSandbox, text, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

describe('an answer cut off mid-body', () => {
  test('a write is sent again whole, with the same Idempotency-Key, and its replayed result returned', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({ path: '/api/v1/groups/member-add', afterApply: true, cut: 12 });
    const result = await call(conn.client, 'groups_member_add', { groupId: 'g_eng', userId: 'u_tom' });
    await conn.close();
    expect(result.isError, text(result)).toBeFalsy();
    expect((result.structuredContent as { membership: { user: { id: string } } }).membership.user.id).toBe('u_tom');
    const sent = sandbox.requests.filter((r) => r.path === '/api/v1/groups/member-add');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
    expect(sent[1]!.headers['range']).toBeUndefined();
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    // Applied once: the workspace holds one membership.
    expect(sandbox.ws.memberships.filter((m) => m.groupId === 'g_eng' && m.userId === 'u_tom')).toHaveLength(1);
  });

  test('an idempotent PATCH of the Content API is sent again whole', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({ path: '/api/v1/folders/f_security', afterApply: true, cut: 5 });
    const result = await call(conn.client, 'folders_update', { id: 'f_security', name: 'Security & privacy' });
    await conn.close();
    expect(result.isError, text(result)).toBeFalsy();
    expect((result.structuredContent as { name: string }).name).toBe('Security & privacy');
    const sent = sandbox.requests.filter((r) => r.path === '/api/v1/folders/f_security');
    expect(sent.map((r) => [r.method, r.headers['range']])).toEqual([
      ['PATCH', undefined],
      ['PATCH', undefined],
    ]);
  });

  test('a create that cannot be repeated safely says the connection dropped and that it may have been applied', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({ path: '/api/v1/materials', afterApply: true, cut: 20 });
    const result = await call(conn.client, 'materials_create', {
      name: 'Opening lines',
      content: { type: 'text', text: 'Start with a question.' },
    });
    await conn.close();
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('UPSTREAM_CONNECTION_DROPPED');
    expect(text(result)).toContain('dropped before its answer to POST /api/v1/materials was complete (1 attempt in');
    expect(text(result)).toContain('may have been applied');
    expect(sandbox.requests.filter((r) => r.path === '/api/v1/materials')).toHaveLength(1);
  });

  test('a write whose every answer is cut names its key, so the agent can retry it safely', async () => {
    const conn = await connectInMemory(sandbox, { maxRetries: 1 });
    sandbox.inject({ path: '/api/v1/members/set-tags', afterApply: true, cut: 3, times: 2 });
    const result = await call(conn.client, 'members_set_tags', { userId: 'u_tom', tags: ['A'], idempotencyKey: 'tags-tom-1' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('(2 attempts in');
    expect(text(result)).toContain('call again with idempotencyKey "tags-tom-1"');
    const again = await call(conn.client, 'members_set_tags', { userId: 'u_tom', tags: ['A'], idempotencyKey: 'tags-tom-1' });
    await conn.close();
    expect(again.isError, text(again)).toBeFalsy();
  });
});

describe('one deadline per call', () => {
  test('a hung upstream ends the call at its deadline, across attempts, and the error names both', async () => {
    const conn = await connectInMemory(sandbox, { timeoutMs: 400, deadlineMs: 900, maxRetries: 5 });
    sandbox.inject({ path: '/api/v1/analytics/hero', delayMs: 5_000, times: 10 });
    const started = performance.now();
    const result = await call(conn.client, 'analytics_hero');
    const elapsed = performance.now() - started;
    await conn.close();
    expect(result.isError).toBe(true);
    expect(elapsed).toBeLessThan(1_500);
    expect(text(result)).toMatch(
      /UPSTREAM_TIMEOUT: The upstream did not answer POST \/api\/v1\/analytics\/hero in time: [23] attempts in 0\.[89] s \(an attempt may take 0\.4 s, the call 0\.9 s\)/,
    );
    expect(sandbox.requests.length).toBeGreaterThanOrEqual(2);
  });

  test('by default a call ends before the 60 s after which MCP clients stop waiting', () => {
    const action = parseCli(['--sandbox'], {});
    if (action.kind !== 'run') throw new Error('expected a run');
    expect(action.config.deadlineMs).toBe(DEFAULTS.deadlineMs);
    // The SDK client's own default (the Inspector uses the same); room is left for the answer's way back.
    expect(DEFAULT_REQUEST_TIMEOUT_MSEC).toBe(60_000);
    expect(DEFAULTS.deadlineMs).toBeLessThanOrEqual(DEFAULT_REQUEST_TIMEOUT_MSEC - 10_000);
  });

  test('a Retry-After longer than the deadline allows is not waited out', async () => {
    const conn = await connectInMemory(sandbox, { deadlineMs: 1_000 });
    sandbox.inject({ path: '/api/v1/analytics/hero', status: 503, headers: { 'retry-after': '30' } });
    const started = performance.now();
    const result = await call(conn.client, 'analytics_hero');
    await conn.close();
    expect(performance.now() - started).toBeLessThan(900);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('HTTP 503');
  });
});

describe('progress while a call waits', () => {
  test('a plain read that waits sends a short status, so clients that reset their timeout on progress keep waiting', async () => {
    const conn = await connectInMemory(sandbox, { keepAliveMs: 200 });
    sandbox.inject({ path: '/api/v1/analytics/students', delayMs: 700 });
    const progress: Progress[] = [];
    const result = (await conn.client.callTool({ name: 'analytics_students', arguments: {} }, undefined, {
      onprogress: (p) => void progress.push(p),
      timeout: 450,
      resetTimeoutOnProgress: true,
    })) as CallToolResult;
    await conn.close();
    expect(result.isError, text(result)).toBeFalsy();
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]!.message).toMatch(/^Still waiting for the workspace \(\d+ s so far\)$/);
  });

  test('no progress goes out without a progress token', async () => {
    const conn = await connectInMemory(sandbox, { keepAliveMs: 100 });
    sandbox.inject({ path: '/api/v1/analytics/students', delayMs: 400 });
    let notified = 0;
    conn.client.fallbackNotificationHandler = async (n) => void (n.method === 'notifications/progress' && notified++);
    const result = await call(conn.client, 'analytics_students');
    await conn.close();
    expect(result.isError).toBeFalsy();
    expect(notified).toBe(0);
  });
});

describe('the insights answer', () => {
  const STREAM = '/api/v1/performance-insights/stream';

  test('a 200 JSON body cut off mid-way is an error with what was received, not an answer', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({
      path: STREAM,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"success":true,"data":{"scopeType":"WORK',
    });
    const result = await call(conn.client, 'performance_insights_ask', { question: 'q' });
    await conn.close();
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('BAD_UPSTREAM_RESPONSE');
    expect(text(result)).toContain('application/json instead of an answer stream');
    // What was received is the workspace's words, quoted.
    expect(text(result)).toContain(JSON.stringify('{"success":true,"data":{"scopeType":"WORK'));
  });

  test('a whole JSON document is not an answer either', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({ path: STREAM, status: 200, body: { success: true, data: { scopeType: 'WORKSPACE' } } });
    const result = await call(conn.client, 'performance_insights_ask', { question: 'q' });
    await conn.close();
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('instead of an answer stream');
  });

  test('an event stream cut off before it finished is an error that keeps the text so far', async () => {
    const conn = await connectInMemory(sandbox);
    const parts = [{ type: 'start' }, { type: 'text-delta', id: 't', delta: 'Half an ans' }];
    sandbox.inject({
      path: STREAM,
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: parts.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('') + 'data: {"type":"text-del',
      cut: 10_000,
    });
    const result = await call(conn.client, 'performance_insights_ask', { question: 'q' });
    await conn.close();
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /received before the failure, between the two markers holding (\w+)\. .*\n<workspace-text \1>\nHalf an ans\n<\/workspace-text \1>/,
    );
  });

  test('without a sessionId, one is made, sent upstream and returned', async () => {
    const conn = await connectInMemory(sandbox);
    sandbox.inject({
      path: STREAM,
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: 'data: {"type":"text-delta","id":"t","delta":"Fine."}\n\ndata: {"type":"finish"}\n\n',
    });
    const result = await call(conn.client, 'performance_insights_ask', { question: 'How are we doing?' });
    await conn.close();
    expect(result.isError, text(result)).toBeFalsy();
    const sessionId = (result.structuredContent as { sessionId: string }).sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const body = sandbox.requests.find((r) => r.path === STREAM)!.body as Record<string, unknown>;
    expect(body['sessionId']).toBe(sessionId);
  });

  test("the caller's sessionId, and otherwise the upstream's, is the one returned", async () => {
    const conn = await connectInMemory(sandbox);
    const given = await call(conn.client, 'performance_insights_ask', { question: 'q', sessionId: 'ses_mine' });
    const upstreams = await call(conn.client, 'performance_insights_ask', { question: 'q' });
    await conn.close();
    expect((given.structuredContent as { sessionId: string }).sessionId).toBe('ses_mine');
    // The sandbox's stream reports the session id it received in its metadata.
    const body = sandbox.requests.filter((r) => r.path === STREAM)[1]!.body as Record<string, unknown>;
    expect((upstreams.structuredContent as { sessionId: string }).sessionId).toBe(body['sessionId']);
  });
});

describe('the headers each request sends', () => {
  test("a write's Idempotency-Key goes with that request alone; every request keeps its credential, accept and content type", async () => {
    const conn = await connectInMemory(sandbox);
    for (const [tool, args] of [
      ['groups_member_add', { groupId: 'g_eng', userId: 'u_tom' }],
      ['groups_list', {}],
      ['groups_member_add', { groupId: 'g_eng', userId: 'u_lucas' }],
      ['groups_list', {}],
    ] as const) {
      const result = await call(conn.client, tool, args);
      expect(result.isError, text(result)).toBeFalsy();
    }
    await conn.close();
    const sent = sandbox.requests.filter((r) => r.path === '/api/v1/groups/member-add' || r.path === '/api/v1/groups/list');
    expect(sent.map((r) => r.path.split('/').pop())).toEqual(['member-add', 'list', 'member-add', 'list']);
    const keys = sent.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect([keys[1], keys[3]]).toEqual([undefined, undefined]);
    for (const r of sent) {
      expect(r.headers['authorization']).toMatch(/^Bearer /);
      expect(r.headers['accept']).toBe('application/json');
      expect(r.headers['content-type']).toBe('application/json');
    }
  });
});
