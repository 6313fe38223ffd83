// Deletions confirmed by the person, through each kind of client: v1 (2025-11-25) and v2 (2026-07-28) SDK
// clients with and without elicitation, over stdio and HTTP (stateless replicas sharing the secret).
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLI, sandboxEnv, startHttpProcess, startSandbox, text, type HttpProcess, type Sandbox, watched } from './helpers.js';

type Answer = 'accept' | 'decline' | 'cancel' | 'accept-no';
const SECRET = 'a-state-secret-of-at-least-32-bytes-0123456789';

interface Person {
  /** The questions the client showed. */
  asked: string[];
  answer: Answer;
}
const reply = (p: Person, message: string) => {
  p.asked.push(message);
  if (p.answer === 'accept') return { action: 'accept' as const, content: { confirm: true } };
  if (p.answer === 'accept-no') return { action: 'accept' as const, content: { confirm: false } };
  return { action: p.answer };
};

interface Caller {
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The v1 SDK client (2025-11-25), declaring elicitation or not. */
async function v1(target: { env: Record<string, string> } | { url: string }, person?: Person): Promise<Caller> {
  const client = watched(new Client({ name: 'v1', version: '0' }, { capabilities: person ? { elicitation: { form: {} } } : {} }));
  if (person) client.setRequestHandler(ElicitRequestSchema, async (r) => reply(person, String(r.params.message)));
  await client.connect(
    'url' in target
      ? new StreamableHTTPClientTransport(new URL(target.url))
      : new StdioClientTransport({ command: process.execPath, args: [CLI], env: target.env, stderr: 'ignore' }),
  );
  return { call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult, close: () => client.close() };
}

/** The v2 SDK client pinned to 2026-07-28 (multi-round-trip), declaring elicitation or not. */
async function v2(target: { env: Record<string, string> } | { url: string }, person?: Person): Promise<Caller> {
  const client = new V2Client(
    { name: 'v2', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: person ? { elicitation: { form: {} } } : {} },
  );
  if (person) client.setRequestHandler('elicitation/create', async (r) => reply(person, String((r.params as { message: string }).message)));
  await client.connect(
    'url' in target
      ? new V2Http(new URL(target.url))
      : new V2Stdio({ command: process.execPath, args: [CLI], env: target.env, stderr: 'ignore' }),
  );
  return { call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult, close: () => client.close() };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

const deletes = () => sandbox.requests.filter((r) => r.path === '/api/v1/groups/delete').length;

describe.each([
  ['v1 SDK client, 2025-11-25', v1],
  ['v2 SDK client, 2026-07-28', v2],
] as const)('%s over stdio', (_name, connect) => {
  test('groups_delete asks once, naming the group and what goes with it; accept sends exactly one delete', async () => {
    const person: Person = { asked: [], answer: 'accept' };
    const c = await connect({ env: sandboxEnv(sandbox) }, person);
    try {
      const r = await c.call('groups_delete', { groupId: 'g_sales' });
      expect(r.isError, text(r)).toBeFalsy();
      expect(r.structuredContent).toEqual({ deleted: true });
      expect(person.asked).toHaveLength(1);
      expect(person.asked[0]).toMatch(
        /^Delete the group “Sales” \(\d+ members?\) with its subgroups “Sales EMEA”, “Sales North America”\? .*This cannot be undone\.$/,
      );
      expect(deletes()).toBe(1);
    } finally {
      await c.close();
    }
  });

  test.each(['decline', 'cancel', 'accept-no'] as const)(
    '%s: nothing is sent upstream, and the result says the person declined',
    async (answer) => {
      const person: Person = { asked: [], answer };
      const c = await connect({ env: sandboxEnv(sandbox) }, person);
      try {
        const r = await c.call('groups_delete', { groupId: 'g_sales_emea' });
        expect(r.isError).toBeFalsy();
        expect(text(r)).toContain('Nothing was changed: the person declined');
        expect(r.structuredContent).toEqual({ declined: true });
        expect(deletes()).toBe(0);
      } finally {
        await c.close();
      }
    },
  );

  test('members_remove and assignments_remove ask likewise, naming the person and the assignment', async () => {
    const person: Person = { asked: [], answer: 'decline' };
    const c = await connect({ env: sandboxEnv(sandbox) }, person);
    try {
      await c.call('members_remove', { userId: 'u_priya' });
      await c.call('assignments_remove', { assignmentId: 'as_security_all' });
      expect(person.asked[0]).toMatch(/^Remove “Priya Raman” \(“.+@.+”\) from the whole workspace, with all their group memberships/);
      expect(person.asked[1]).toMatch(
        /^Remove the assignment “Annual security training” \(course “.+”\) from its \d+ assignees\? This cannot be undone\.$/,
      );
      expect(sandbox.requests.filter((r) => /members\/remove|assignments\/remove/.test(r.path))).toHaveLength(0);
    } finally {
      await c.close();
    }
  });

  test('a client without elicitation deletes as before under auto, is refused under always, and never asks under never', async () => {
    for (const [mode, refused] of [
      ['auto', false],
      ['always', true],
      ['never', false],
    ] as const) {
      sandbox.reset();
      const c = await connect({ env: sandboxEnv(sandbox, { WORKSPACE_CONFIRM_DESTRUCTIVE: mode }) });
      try {
        const r = await c.call('groups_delete', { groupId: 'g_newhires' });
        expect(r.isError ?? false, `${mode}: ${text(r)}`).toBe(refused);
        if (refused) expect(text(r)).toContain('WORKSPACE_CONFIRM_DESTRUCTIVE=always');
        expect(deletes(), mode).toBe(refused ? 0 : 1);
      } finally {
        await c.close();
      }
    }
    // A client that can ask is not asked under never.
    const person: Person = { asked: [], answer: 'decline' };
    const c = await connect({ env: sandboxEnv(sandbox, { WORKSPACE_CONFIRM_DESTRUCTIVE: 'never' }) }, person);
    await c.call('groups_delete', { groupId: 'g_eng' });
    await c.close();
    expect(person.asked).toHaveLength(0);
  });
});

describe('2025-11-25 over HTTP', () => {
  test('a session asks through elicitation/create during the call; a stateless request cannot be asked, so auto acts as before', async () => {
    const stateful = await startHttpProcess(sandboxEnv(sandbox));
    const stateless = await startHttpProcess(sandboxEnv(sandbox), ['--stateless']);
    try {
      const person: Person = { asked: [], answer: 'accept' };
      const c = await v1({ url: stateful.url }, person);
      expect((await c.call('groups_delete', { groupId: 'g_sales_emea' })).structuredContent).toEqual({ deleted: true });
      await c.close();
      expect(person.asked).toHaveLength(1);
      const unasked: Person = { asked: [], answer: 'decline' };
      const s = await v1({ url: stateless.url }, unasked);
      expect((await s.call('groups_delete', { groupId: 'g_eng_platform' })).structuredContent).toEqual({ deleted: true });
      await s.close();
      expect(unasked.asked).toHaveLength(0);
      expect(deletes()).toBe(2);
    } finally {
      await stateful.stop();
      await stateless.stop();
    }
  });
});

describe('stateless replicas sharing the secret', () => {
  let a: HttpProcess;
  let b: HttpProcess;
  beforeAll(async () => {
    const env = sandboxEnv(sandbox, { WORKSPACE_STATE_SECRET: SECRET });
    [a, b] = await Promise.all([startHttpProcess(env, ['--stateless']), startHttpProcess(env, ['--stateless'])]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
  });

  /** A 2026-07-28 request, by hand. */
  async function post(url: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'hand', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': String(params['name']),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...params, _meta } }),
    });
    const body = await res.text();
    const json = body.startsWith('{') ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? '{}');
    return JSON.parse(json) as Record<string, unknown>;
  }
  const yes = { confirm: { action: 'accept', content: { confirm: true } } };

  test('a question asked on one replica is answered on the other: one delete', async () => {
    const asked = (await post(a.url, { name: 'groups_delete', arguments: { groupId: 'g_sales_na' } }))['result'] as {
      resultType: string;
      requestState: string;
      inputRequests: Record<string, unknown>;
    };
    expect(asked.resultType).toBe('input_required');
    expect(JSON.stringify(asked.inputRequests)).toContain('Sales North America');
    const done = (
      await post(b.url, {
        name: 'groups_delete',
        arguments: { groupId: 'g_sales_na' },
        inputResponses: yes,
        requestState: asked.requestState,
      })
    )['result'] as CallToolResult;
    expect(done.structuredContent).toEqual({ deleted: true });
    expect(deletes()).toBe(1);
  });

  test('a tampered state, and a state re-targeted at another group, delete nothing', async () => {
    const asked = (await post(a.url, { name: 'groups_delete', arguments: { groupId: 'g_sales_na' } }))['result'] as {
      requestState: string;
    };
    const [head, body, mac] = asked.requestState.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { p: { target: string } };
    payload.p.target = 'another-target';
    const tampered = [head, Buffer.from(JSON.stringify(payload)).toString('base64url'), mac].join('.');
    const forged = await post(b.url, {
      name: 'groups_delete',
      arguments: { groupId: 'g_sales_na' },
      inputResponses: yes,
      requestState: tampered,
    });
    expect(forged['error']).toMatchObject({ code: -32602 });
    const retargeted = (
      await post(b.url, { name: 'groups_delete', arguments: { groupId: 'g_eng' }, inputResponses: yes, requestState: asked.requestState })
    )['result'] as CallToolResult;
    expect(retargeted.isError).toBe(true);
    expect(text(retargeted)).toContain('CONFIRMATION_MISMATCH');
    expect(deletes()).toBe(0);
  });

  test('a replayed confirmation sends the same Idempotency-Key: the upstream answers the first delete again', async () => {
    const asked = (await post(a.url, { name: 'groups_delete', arguments: { groupId: 'g_alumni' } }))['result'] as { requestState: string };
    await post(a.url, { name: 'groups_delete', arguments: { groupId: 'g_alumni' }, inputResponses: yes, requestState: asked.requestState });
    await post(b.url, { name: 'groups_delete', arguments: { groupId: 'g_alumni' }, inputResponses: yes, requestState: asked.requestState });
    const sent = sandbox.requests.filter((r) => r.path === '/api/v1/groups/delete').map((r) => r.headers['idempotency-key']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });
});
