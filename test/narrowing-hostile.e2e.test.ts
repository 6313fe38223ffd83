// Narrowing against a hostile client: raw requests to the built server (stateful and stateless, --toolsets all,
// two callers with their own access tokens) that carry made-up or another caller's Mcp-Session-Id, narrowing
// paths and headers, on both revisions. Whatever they carry, no tool outside the request's own narrowing is
// listed or reached: by tools/call, as a task, inside batch_call or code_run.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { tools as rows } from '../tools/index.js';
import { prng } from '../src/sandbox/seed.js';
import { PROMPTS } from '../tools/prompts.js';
import { sandboxEnv, startHttpProcess, startSandbox, type HttpProcess, type Sandbox } from './helpers.js';

const TOKEN_A = 'caller-a-token-0123456789abcdef';
const TOKEN_B = 'caller-b-token-0123456789abcdef';
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

/** What every row of the tool table is: its toolset and whether it only reads. */
const ROW = new Map(rows.map((r) => [r.name, { toolset: r.toolset as string, reads: r.annotations.readOnlyHint }]));

interface Sent {
  path?: string;
  headers?: Record<string, string>;
  revision: typeof MODERN | typeof LEGACY;
  sid?: string | undefined;
  token?: string;
  method: string;
  params?: Record<string, unknown>;
}

interface Answer {
  status: number;
  result?: {
    tools?: { name: string }[];
    prompts?: { name: string }[];
    resources?: { uri: string }[];
    isError?: boolean;
    structuredContent?: unknown;
    content?: { text?: string }[];
  };
  error?: { message: string };
}

let sandbox: Sandbox;
let stateful: HttpProcess;
let stateless: HttpProcess;

/** One JSON-RPC request as a client of either revision sends it; the answer, from JSON or the event stream. */
async function send(server: HttpProcess, s: Sent, id = 1): Promise<Answer> {
  const origin = new URL(server.url).origin;
  const name = typeof s.params?.['name'] === 'string' ? s.params['name'] : undefined;
  const modern = s.revision === MODERN;
  const res = await fetch(`${origin}${s.path ?? '/mcp'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${s.token ?? TOKEN_A}`,
      'mcp-protocol-version': s.revision,
      ...(modern ? { 'mcp-method': s.method, ...(name ? { 'mcp-name': name } : {}) } : {}),
      ...(s.sid ? { 'mcp-session-id': s.sid } : {}),
      ...s.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: s.method, params: { ...s.params, ...(modern ? { _meta: META } : {}) } }),
  });
  const text = await res.text();
  const messages = res.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => JSON.parse(l.slice(5)) as Answer & { id?: unknown })
    : text
      ? [JSON.parse(text) as Answer & { id?: unknown }]
      : [];
  const final: Partial<Answer> = messages.find((m) => m.id === id || m.error !== undefined) ?? {};
  return { status: res.status, ...(final.result ? { result: final.result } : {}), ...(final.error ? { error: final.error } : {}) };
}

/** A 2025-11-25 session of a stateful server, opened at this path with these headers by this token's caller. */
async function openSession(token: string, path = '/mcp', headers: Record<string, string> = {}): Promise<string> {
  const origin = new URL(stateful.url).origin;
  const common = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
  const init = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...common, ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'hostile', version: '0' } },
    }),
  });
  expect(init.status).toBe(200);
  await init.text();
  const sid = init.headers.get('mcp-session-id')!;
  await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...common, ...headers, 'mcp-session-id': sid, 'mcp-protocol-version': LEGACY },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return sid;
}

const refusedOrError = (a: Answer) => a.status >= 400 || a.error !== undefined || a.result?.isError === true;
const listed = (a: Answer) => (a.result?.tools ?? []).map((t) => t.name);
/** What a list answer names: tools, prompts or resources. */
const named = (a: Answer) => [
  ...listed(a),
  ...(a.result?.prompts ?? []).map((p) => `prompt:${p.name}`),
  ...(a.result?.resources ?? []).map((r) => `resource:${r.uri}`),
];

beforeAll(async () => {
  sandbox = await startSandbox();
  const env = sandboxEnv(sandbox, { WORKSPACE_MCP_AUTH_TOKEN: `${TOKEN_A},${TOKEN_B}` });
  const args = ['--toolsets', 'all', '--confirm-destructive', 'never'];
  [stateful, stateless] = await Promise.all([startHttpProcess(env, args), startHttpProcess(env, [...args, '--stateless'])]);
});
afterAll(async () => {
  await Promise.all([stateful, stateless].map((s) => s?.stop()));
  await sandbox?.close();
});
beforeEach(() => sandbox.reset());

describe('the request narrows itself, whatever Mcp-Session-Id it carries', () => {
  test('2026-07-28 at /mcp/x/analytics/readonly with a made-up or another caller’s session id: analytics tools only, members_set_tags refused with nothing sent', async () => {
    const others = await openSession(TOKEN_B);
    for (const sid of ['x', others, await openSession(TOKEN_A)]) {
      const at = { path: '/mcp/x/analytics/readonly', revision: MODERN, sid } as const;
      const names = listed(await send(stateful, { ...at, method: 'tools/list' }));
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) if (ROW.has(n)) expect(ROW.get(n), n).toMatchObject({ toolset: 'analytics', reads: true });
      expect(names).not.toContain('members_set_tags');
      const call = await send(stateful, {
        ...at,
        method: 'tools/call',
        params: { name: 'members_set_tags', arguments: { userId: 'u_kenji', tags: ['pwned'] } },
      });
      expect(refusedOrError(call)).toBe(true);
      expect(sandbox.requests).toEqual([]);
    }
  });

  test('X-MCP-Readonly with a made-up session id refuses groups_delete with nothing sent: 2026-07-28, and 2025-11-25 stateless', async () => {
    const deletion = { method: 'tools/call', params: { name: 'groups_delete', arguments: { groupId: 'g_alumni' } } };
    const headers = { 'x-mcp-readonly': '1' };
    for (const [server, revision] of [
      [stateful, MODERN],
      [stateless, MODERN],
      [stateless, LEGACY],
    ] as const) {
      const answer = await send(server, { ...deletion, revision, headers, sid: 'made-up' });
      expect(refusedOrError(answer), `${revision}`).toBe(true);
      expect(sandbox.requests).toEqual([]);
    }
    // The same request without the header does reach the workspace: the refusal is the narrowing's.
    const allowed = await send(stateless, { ...deletion, revision: MODERN, sid: 'made-up' });
    expect(allowed.result?.isError, JSON.stringify(allowed)).toBeFalsy();
    expect(sandbox.requests.length).toBeGreaterThan(0);
  });

  test('a stateless 2025-11-25 request at /mcp/x/analytics/readonly with a made-up session id lists the analytics reads only', async () => {
    const names = listed(await send(stateless, { path: '/mcp/x/analytics/readonly', revision: LEGACY, sid: 'x', method: 'tools/list' }));
    expect(names).toContain('analytics_hero');
    for (const n of names) if (ROW.has(n)) expect(ROW.get(n), n).toMatchObject({ toolset: 'analytics', reads: true });
  });

  test('a session’s request that asks for another narrowing than its initialize is refused, nothing sent; one that asks none keeps the session’s', async () => {
    const wide = await openSession(TOKEN_A);
    const write = { method: 'tools/call', params: { name: 'members_set_tags', arguments: { userId: 'u_kenji', tags: ['x'] } } };
    for (const narrowed of [{ path: '/mcp/x/analytics/readonly' }, { headers: { 'x-mcp-readonly': 'true' } }]) {
      const answer = await send(stateful, { ...write, ...narrowed, revision: LEGACY, sid: wide });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toMatch(/other than its session's/);
    }
    expect(sandbox.requests).toEqual([]);
    const narrow = await openSession(TOKEN_A, '/mcp/x/analytics/readonly');
    const names = listed(await send(stateful, { path: '/mcp', revision: LEGACY, sid: narrow, method: 'tools/list' }));
    for (const n of names) if (ROW.has(n)) expect(ROW.get(n), n).toMatchObject({ toolset: 'analytics', reads: true });
    expect(refusedOrError(await send(stateful, { ...write, revision: LEGACY, sid: narrow }))).toBe(true);
    expect(sandbox.requests).toEqual([]);
  });

  test('a path outside the grammar is not found, and its quotes never reach a header', async () => {
    const origin = new URL(stateful.url).origin;
    const res = await fetch(`${origin}/mcp/x/analytics",scope="workspace:write",x="/readonly`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    for (const [, v] of res.headers) expect(v).not.toContain('workspace:write');
  });
});

/** Draws from a list with the sandbox's seeded generator, so a failing mix can be replayed from its seed. */
function generator(seed: number): <T>(items: readonly T[]) => T {
  const next = prng(seed);
  return (items) => items[Math.floor(next() * items.length)]!;
}

const PATHS = ['/mcp', '/mcp/readonly', '/mcp/x/analytics', '/mcp/x/analytics/readonly', '/mcp/x/groups,members', '/mcp/x/groups/readonly'];
const HEADERS: Record<string, string>[] = [
  {},
  { 'x-mcp-readonly': '1' },
  { 'x-mcp-toolsets': 'analytics' },
  { 'x-mcp-exclude-tools': 'members_set_tags,groups_delete' },
  { 'x-mcp-tools': 'analytics_hero,groups_list' },
  { 'x-mcp-readonly': 'yes', 'x-mcp-toolsets': 'groups' },
];
const TARGETS: Record<string, Record<string, unknown>> = {
  members_set_tags: { userId: 'u_kenji', tags: ['probe'] },
  groups_delete: { groupId: 'g_alumni' },
  analytics_hero: {},
  groups_list: {},
};
type Action = 'list' | 'prompts' | 'resources' | 'call' | 'task' | 'batch' | 'code';
const ACTIONS: Action[] = ['list', 'prompts', 'resources', 'call', 'task', 'batch', 'code'];
const LISTS = { list: 'tools/list', prompts: 'prompts/list', resources: 'resources/list' } as const;

/** The request's parameters for an action on a target tool. */
function actionOf(action: Exclude<Action, keyof typeof LISTS>, target: string): { method: string; params: Record<string, unknown> } {
  const args = TARGETS[target]!;
  if (action === 'call') return { method: 'tools/call', params: { name: target, arguments: args } };
  if (action === 'task') return { method: 'tools/call', params: { name: target, arguments: args, task: { ttl: 60_000 } } };
  if (action === 'batch')
    return {
      method: 'tools/call',
      params: { name: 'batch_call', arguments: { calls: [{ tool: target, arguments: JSON.stringify(args) }] } },
    };
  return {
    method: 'tools/call',
    params: { name: 'code_run', arguments: { code: `return await tools.${target}(${JSON.stringify(args)});` } },
  };
}

describe('property: random mixes of revision, mode, path, narrowing headers and session ids', () => {
  /** What a clean request (2026-07-28, no session id) at this path with these headers is offered: the narrowing's own offer. */
  const offers = new Map<string, string[] | 'refused'>();
  async function offerOf(path: string, headers: Record<string, string>): Promise<string[] | 'refused'> {
    const key = `${path} ${JSON.stringify(headers)}`;
    if (!offers.has(key)) {
      const answers = await Promise.all(Object.values(LISTS).map((method) => send(stateless, { path, headers, revision: MODERN, method })));
      offers.set(key, answers.every((a) => a.status === 200 && a.result) ? answers.flatMap(named) : 'refused');
    }
    return offers.get(key)!;
  }

  test('no tool outside the request’s narrowing is ever listed or reached', { timeout: 240_000 }, async () => {
    const sessions = { own: await openSession(TOKEN_A), others: await openSession(TOKEN_B) };
    const pick = generator(20261129);
    let reachedAllowed = 0;
    for (let i = 0; i < 160; i++) {
      const server = pick([stateful, stateless]);
      const revision = pick([MODERN, LEGACY] as const);
      const path = pick(PATHS);
      const headers = pick(HEADERS);
      const sid = pick([undefined, 'made-up', sessions.own, sessions.others]);
      const action = pick(ACTIONS);
      const target = pick(Object.keys(TARGETS));
      const offer = await offerOf(path, headers);
      const mix = JSON.stringify({ i, mode: server === stateful ? 'stateful' : 'stateless', revision, path, headers, sid, action, target });
      // Beside the property: a read-only narrowing never offers a write.
      if (offer !== 'refused' && (path.endsWith('/readonly') || headers['x-mcp-readonly']))
        for (const n of offer) if (ROW.has(n)) expect(ROW.get(n)!.reads, `${mix}: ${n}`).toBe(true);
      sandbox.reset();
      const sent = action in LISTS ? { method: LISTS[action as keyof typeof LISTS] } : actionOf(action as 'call', target);
      const answer = await send(server, { ...sent, path, headers, revision, sid });
      if (action in LISTS) {
        if (answer.status !== 200) continue;
        for (const n of named(answer)) expect(offer !== 'refused' && offer.includes(n), `${mix}: ${n} listed`).toBe(true);
        // A prompt is offered only with every tool it relies on.
        for (const p of answer.result?.prompts ?? [])
          for (const t of PROMPTS.find((q) => q.name === p.name)?.tools ?? [])
            expect(offer !== 'refused' && offer.includes(t), `${mix}: prompt ${p.name} without ${t}`).toBe(true);
        continue;
      }
      const tool = action === 'batch' ? 'batch_call' : action === 'code' ? 'code_run' : target;
      const allowed = offer !== 'refused' && offer.includes(tool) && offer.includes(target);
      if (!allowed) {
        expect(
          sandbox.requests.map((r) => r.path),
          `${mix}: reached the workspace`,
        ).toEqual([]);
        expect(refusedOrError(answer) || JSON.stringify(answer.result).includes('not offered'), mix).toBe(true);
      } else if (sandbox.requests.length > 0) reachedAllowed++;
    }
    // The mixes are not all refusals: allowed calls did reach the workspace.
    expect(reachedAllowed).toBeGreaterThan(5);
  });
});
