// Per-request narrowing over HTTP (X-MCP-* headers, /mcp/x/… paths), with the SDK clients of both
// revisions against the built server started on --toolsets analytics,groups,members,batch: the v1 client
// (2025-11-25) in a session and stateless, and the v2 client pinned to 2026-07-28 (a server per request).
// Also --toolsets all, and resources/templates/list.
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tools as rows } from '../tools/index.js';
import { ALL_TOOLS, sandboxEnv, startHttpProcess, startSandbox, type HttpProcess, type Sandbox } from './helpers.js';

interface ToolEntry {
  name: string;
  annotations?: { readOnlyHint?: boolean };
}

interface Conn {
  listTools(): Promise<ToolEntry[]>;
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
  templates(): Promise<{ resourceTemplates: unknown[]; ttlMs?: number; cacheScope?: string }>;
  close(): Promise<void>;
}

type Connect = (url: string, headers: Record<string, string>) => Promise<Conn>;

const v1: Connect = async (url, headers) => {
  const client = new V1Client({ name: 'narrowing-v1', version: '0' });
  const transport = new V1Http(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  return {
    listTools: async () => (await client.listTools()).tools as ToolEntry[],
    call: (name, args) => client.callTool({ name, arguments: args }),
    templates: () => client.listResourceTemplates() as Promise<{ resourceTemplates: unknown[] }>,
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
};

const v2: Connect = async (url, headers) => {
  const client = new V2Client({ name: 'narrowing-v2', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new V2Http(new URL(url), { requestInit: { headers } }));
  return {
    listTools: async () => (await client.listTools()).tools as ToolEntry[],
    call: (name, args) => client.callTool({ name, arguments: args }),
    templates: () => client.listResourceTemplates() as Promise<{ resourceTemplates: unknown[]; ttlMs?: number; cacheScope?: string }>,
    close: () => client.close(),
  };
};

// Taken from the tool rows, in their order (the order tools/list gives), so a tool added to a toolset needs no edit here.
const named = (toolset: string, reads: boolean) =>
  rows.filter((t) => t.toolset === toolset && t.annotations.readOnlyHint === reads).map((t) => t.name);
const ANALYTICS = rows.filter((t) => t.toolset === 'analytics').map((t) => t.name);
const GROUP_READS = named('groups', true);
const GROUP_WRITES = named('groups', false);
const MEMBER_WRITES = named('members', false);

let sandbox: Sandbox;
let stateful: HttpProcess;
let stateless: HttpProcess;
let everything: HttpProcess;
let fixed: HttpProcess;

beforeAll(async () => {
  sandbox = await startSandbox();
  const env = sandboxEnv(sandbox);
  const operator = ['--toolsets', 'analytics,groups,members,batch'];
  [stateful, stateless, everything, fixed] = await Promise.all([
    startHttpProcess(env, operator),
    startHttpProcess(env, [...operator, '--stateless']),
    startHttpProcess(env, ['--toolsets', 'all']),
    startHttpProcess(env, [...operator, '--no-narrowing']),
  ]);
});
afterAll(async () => {
  await Promise.all([stateful, stateless, everything, fixed].map((s) => s.stop()));
  await sandbox.close();
});

// The v2 client reports a refused server/discover as a failed negotiation, without the 400's text (the raw
// 400 of a 2026-07-28 request is checked below); the v1 client shows the text.
const CLIENTS = [
  { name: 'v1 client, session (2025-11-25)', connect: v1, server: () => stateful, told: true },
  { name: 'v1 client, stateless (2025-11-25)', connect: v1, server: () => stateless, told: true },
  { name: 'v2 client (2026-07-28)', connect: v2, server: () => stateful, told: false },
] as const;

/** The names a client is offered at a path of the server with these headers. */
async function offered(connect: Connect, server: HttpProcess, path: string, headers: Record<string, string> = {}): Promise<string[]> {
  const conn = await connect(server.url.replace(/\/mcp$/, path), headers);
  try {
    return (await conn.listTools()).map((t) => t.name);
  } finally {
    await conn.close();
  }
}

describe.each(CLIENTS)('$name', ({ connect, server, told }) => {
  const refused = (text: RegExp) => (told ? text : /Version negotiation failed/);
  test('X-MCP-Toolsets: analytics lists only the analytics tools', async () => {
    expect(await offered(connect, server(), '/mcp', { 'X-MCP-Toolsets': 'analytics' })).toEqual(ANALYTICS);
  });

  test('X-MCP-Readonly: true lists no write, and tools/call refuses groups_delete', async () => {
    const conn = await connect(server().url, { 'X-MCP-Readonly': 'true' });
    try {
      const tools = await conn.listTools();
      expect(tools.map((t) => t.name)).toContain('groups_list');
      expect(tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual([]);
      await expect(conn.call('groups_delete', { groupId: 'g1' })).rejects.toThrow(/groups_delete.*not offered on this connection/);
    } finally {
      await conn.close();
    }
  });

  test('X-MCP-Tools lists exactly the tools it names, X-MCP-Exclude-Tools exactly what it leaves', async () => {
    expect(await offered(connect, server(), '/mcp', { 'X-MCP-Tools': 'groups_list, analytics_hero' })).toEqual([
      'analytics_hero',
      'groups_list',
    ]);
    const all = await offered(connect, server(), '/mcp');
    const left = await offered(connect, server(), '/mcp', { 'X-MCP-Exclude-Tools': 'groups_delete,batch_call' });
    expect(left).toEqual(all.filter((n) => n !== 'groups_delete' && n !== 'batch_call'));
  });

  test('toolsets the operator left out are never offered; naming only those is a 400 listing what is offered', async () => {
    expect(await offered(connect, server(), '/mcp', { 'X-MCP-Toolsets': 'analytics,materials' })).toEqual(ANALYTICS);
    expect(await offered(connect, server(), '/mcp', { 'X-MCP-Tools': 'groups_list,materials_list' })).toEqual(['groups_list']);
    await expect(offered(connect, server(), '/mcp', { 'X-MCP-Toolsets': 'materials' })).rejects.toThrow(
      refused(/analytics, groups, members, batch/),
    );
    await expect(offered(connect, server(), '/mcp/x/materials,folders')).rejects.toThrow(refused(/offers none of the toolsets/));
  });

  test('/mcp/x/analytics, /mcp/x/analytics,groups/readonly and /mcp/readonly narrow without headers', async () => {
    expect(await offered(connect, server(), '/mcp/x/analytics')).toEqual(ANALYTICS);
    expect(await offered(connect, server(), '/mcp/x/analytics,groups/readonly')).toEqual([...ANALYTICS, ...GROUP_READS]);
    const readonly = await offered(connect, server(), '/mcp/readonly');
    expect(readonly).toContain('groups_list');
    for (const write of [...GROUP_WRITES, ...MEMBER_WRITES]) expect(readonly).not.toContain(write);
    const conn = await connect(server().url.replace(/\/mcp$/, '/mcp/x/analytics'), {});
    try {
      await expect(conn.call('groups_list', {})).rejects.toThrow(/not offered on this connection/);
    } finally {
      await conn.close();
    }
  });

  test('headers and path narrow together, never widening: the path analytics with X-MCP-Tools groups_list is a 400', async () => {
    expect(await offered(connect, server(), '/mcp/x/analytics,groups', { 'X-MCP-Readonly': '1' })).toEqual([...ANALYTICS, ...GROUP_READS]);
    await expect(offered(connect, server(), '/mcp/x/analytics', { 'X-MCP-Tools': 'groups_list' })).rejects.toThrow(
      refused(/leaves no tool/),
    );
  });

  test('resources/templates/list offers the templates of the tools offered: a group with groups_list, none narrowed to analytics', async () => {
    const conn = await connect(server().url, {});
    const analytics = await connect(server().url, { 'X-MCP-Toolsets': 'analytics' });
    try {
      expect((await conn.templates()).resourceTemplates).toEqual([
        expect.objectContaining({ uriTemplate: 'learning-workspace://groups/{groupId}' }),
      ]);
      expect((await analytics.templates()).resourceTemplates).toEqual([]);
    } finally {
      await conn.close();
      await analytics.close();
    }
  });
});

test('a 2026-07-28 resources/templates/list carries the cache hints of resources/list', async () => {
  const conn = await v2(stateful.url, {});
  try {
    expect(await conn.templates()).toMatchObject({ resourceTemplates: [{ name: 'group' }], ttlMs: 600_000, cacheScope: 'private' });
  } finally {
    await conn.close();
  }
});

test('a session keeps the narrowing of its initialize; a later request asking for another one is refused', async () => {
  // initialize asks for analytics; later requests send no header (the session's narrowing holds), then ask for groups.
  let sent = 0;
  let later: string | undefined;
  const fetchAsking: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    const asked = sent++ === 0 ? 'analytics' : later;
    if (asked) headers.set('X-MCP-Toolsets', asked);
    return fetch(input, { ...init, headers });
  };
  const client = new V1Client({ name: 'narrowing-session', version: '0' });
  const transport = new V1Http(new URL(stateful.url), { fetch: fetchAsking });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(ANALYTICS);
    expect(sent).toBeGreaterThan(1);
    later = 'groups';
    await expect(client.listTools()).rejects.toThrow(/other than its session's/);
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
});

test('--toolsets all offers every tool, code_run included', async () => {
  const names = await offered(v2, everything, '/mcp');
  expect(names).toContain('code_run');
  expect(names).toContain('batch_call');
  // Every tool of the default offer (the API tools, batch_call, the job tools) and code_run.
  expect(names).toHaveLength(ALL_TOOLS + 1);
});

test('the banner names the narrowed endpoints', () => {
  expect(stateful.stderr()).toMatch(/\/mcp\/readonly, \S+\/mcp\/x\/<toolsets>\[\/readonly\] \(toolsets: analytics,groups,members,batch/);
});

test('a 2026-07-28 request naming only toolsets the operator left out is answered 400 with what is offered', async () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const res = await fetch(stateful.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      'x-mcp-toolsets': 'materials,folders',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }),
  });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { message: string } };
  expect(body.error.message).toMatch(
    /none of the toolsets or tools named .*\(materials, folders\).*Toolsets offered: analytics, groups, members, batch, jobs/,
  );
});

test('behind the origin checks and CORS: a narrowed path refuses a foreign origin, and a browser may send the headers', async () => {
  const at = new URL(stateful.url);
  const narrowed = `${at.origin}/mcp/x/analytics/readonly`;
  const foreign = await fetch(narrowed, {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    body: '{}',
  });
  expect(foreign.status).toBe(403);
  const preflight = await fetch(narrowed, {
    method: 'OPTIONS',
    headers: { origin: at.origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-mcp-toolsets' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-headers')).toContain('x-mcp-toolsets');
  expect(preflight.headers.get('access-control-allow-headers')).toContain('x-mcp-readonly');
});

test('--no-narrowing: the headers are ignored and /mcp alone is served', async () => {
  const all = await offered(v1, stateful, '/mcp');
  expect(await offered(v1, fixed, '/mcp', { 'X-MCP-Toolsets': 'analytics', 'X-MCP-Readonly': 'true' })).toEqual(all);
  const res = await fetch(fixed.url.replace(/\/mcp$/, '/mcp/readonly'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(404);
  expect(fixed.stderr()).not.toContain('Narrowed per client');
});
