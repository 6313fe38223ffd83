// Both MCP revisions on every transport: the v1 SDK client (2025-11-25), the v2 SDK client pinned to
// 2026-07-28 and the v2 client in auto mode, each against the built server over stdio, stateful HTTP and
// stateless HTTP. The revision is read off the messages on the wire, not from what the SDK reports.
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ALL_TOOLS,
  CLI,
  CONTENT_TOOLS,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

const ENVELOPE_VERSION = 'io.modelcontextprotocol/protocolVersion';

interface ToolEntry {
  name: string;
  outputSchema?: unknown;
  annotations?: unknown;
}
interface CallResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}
interface CallOptions {
  onprogress?: (p: { message?: string | undefined }) => void;
  signal?: AbortSignal;
}

/** What crossed the wire, as the client sent and received it. */
interface Wire {
  sent: Record<string, unknown>[];
  /** Mcp-Session-Id headers of HTTP answers (null where there was none). */
  sessionIds: (string | null)[];
  received: Record<string, unknown>[];
}

interface Conn {
  wire: Wire;
  listTools(): Promise<{ tools: ToolEntry[]; ttlMs?: number; cacheScope?: string }>;
  readResource(uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  call(name: string, args: Record<string, unknown>, opts?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

type Target = { kind: 'stdio'; env: Record<string, string> } | { kind: 'http'; url: string };

/** A fetch that records each JSON-RPC message sent, each session id answered and each JSON answer. */
function recordingFetch(wire: Wire): typeof fetch {
  return async (input, init) => {
    if (typeof init?.body === 'string') wire.sent.push(JSON.parse(init.body) as Record<string, unknown>);
    const res = await fetch(input, init);
    wire.sessionIds.push(res.headers.get('mcp-session-id'));
    if (res.headers.get('content-type')?.includes('application/json')) {
      const body = (await res
        .clone()
        .json()
        .catch(() => undefined)) as Record<string, unknown> | undefined;
      if (body) wire.received.push(body);
    }
    return res;
  };
}

/** Records what a stdio transport sends and receives (the SDK's own transports, patched in place). */
function recordStdio(
  transport: { send: (m: never) => Promise<void>; onmessage?: ((m: never) => void) | undefined },
  wire: Wire,
): () => void {
  const send = transport.send.bind(transport);
  transport.send = ((m: Record<string, unknown>) => (wire.sent.push(m), send(m as never))) as never;
  return () => {
    const onmessage = transport.onmessage!;
    transport.onmessage = ((m: Record<string, unknown>) => (wire.received.push(m), onmessage(m as never))) as never;
  };
}

const emptyWire = (): Wire => ({ sent: [], sessionIds: [], received: [] });

async function v1(target: Target): Promise<Conn> {
  const wire = emptyWire();
  const client = new V1Client({ name: 'matrix-v1', version: '0' });
  let afterConnect = () => undefined as void;
  let http: V1Http | undefined;
  if (target.kind === 'stdio') {
    const t = new V1Stdio({ command: process.execPath, args: [CLI], env: target.env, stderr: 'ignore' });
    afterConnect = recordStdio(t as never, wire);
    await client.connect(t);
  } else {
    http = new V1Http(new URL(target.url), { fetch: recordingFetch(wire) });
    await client.connect(http);
  }
  afterConnect();
  return {
    wire,
    listTools: () => client.listTools() as Promise<{ tools: ToolEntry[] }>,
    readResource: (uri) => client.readResource({ uri }) as Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>,
    call: (name, args, opts = {}) =>
      client.callTool({ name, arguments: args }, undefined, { ...opts, timeout: 30_000 }) as Promise<CallResult>,
    async close() {
      await http?.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

function v2(mode: 'auto' | { pin: '2026-07-28' }) {
  return async (target: Target): Promise<Conn> => {
    const wire = emptyWire();
    const client = new V2Client({ name: 'matrix-v2', version: '0' }, { versionNegotiation: { mode } });
    let afterConnect = () => undefined as void;
    if (target.kind === 'stdio') {
      const t = new V2Stdio({ command: process.execPath, args: [CLI], env: target.env, stderr: 'ignore' });
      afterConnect = recordStdio(t as never, wire);
      await client.connect(t);
    } else {
      await client.connect(new V2Http(new URL(target.url), { fetch: recordingFetch(wire) }));
    }
    afterConnect();
    return {
      wire,
      listTools: () => client.listTools() as Promise<{ tools: ToolEntry[]; ttlMs?: number; cacheScope?: string }>,
      readResource: (uri) => client.readResource({ uri }) as Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>,
      call: (name, args, opts = {}) => client.callTool({ name, arguments: args }, { ...opts, timeout: 30_000 }) as Promise<CallResult>,
      close: () => client.close(),
    };
  };
}

const CLIENTS = [
  { name: 'v1 SDK client', revision: '2025-11-25', connect: v1 },
  { name: 'v2 SDK client pinned to 2026-07-28', revision: '2026-07-28', connect: v2({ pin: '2026-07-28' }) },
  { name: 'v2 SDK client, auto', revision: '2026-07-28', connect: v2('auto') },
] as const;

const TRANSPORTS = ['stdio', 'HTTP stateful', 'HTTP stateless'] as const;

let sandbox: Sandbox;
let env: Record<string, string>;
const servers = new Map<string, HttpProcess>();

beforeAll(async () => {
  sandbox = await startSandbox();
  env = sandboxEnv(sandbox);
  servers.set('HTTP stateful', await startHttpProcess(env));
  servers.set('HTTP stateless', await startHttpProcess(env, ['--stateless']));
});
afterAll(async () => {
  for (const s of servers.values()) await s.stop();
  await sandbox.close();
});
beforeEach(() => sandbox.reset());

const requests = (wire: Wire) => wire.sent.filter((m) => typeof m['method'] === 'string' && 'id' in m);
const envelopeOf = (m: Record<string, unknown>) =>
  ((m['params'] as { _meta?: Record<string, unknown> } | undefined)?._meta ?? {})[ENVELOPE_VERSION];

/** The revision the messages on the wire speak, checked message by message. */
function expectRevision(wire: Wire, revision: string, transport: string): void {
  const sent = requests(wire);
  if (revision === '2025-11-25') {
    expect(sent[0]).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    expect(sent.every((m) => envelopeOf(m) === undefined)).toBe(true);
    if (transport === 'HTTP stateful') expect(wire.sessionIds[0]).toMatch(/\S/);
    if (transport === 'HTTP stateless') expect(wire.sessionIds.every((s) => s === null)).toBe(true);
  } else {
    expect(sent.some((m) => m['method'] === 'initialize')).toBe(false);
    expect(sent.every((m) => envelopeOf(m) === '2026-07-28')).toBe(true);
    // Over HTTP the probe is on this wire; over stdio the SDK sends it to a process of its own.
    if (transport !== 'stdio') expect(sent[0]).toMatchObject({ method: 'server/discover' });
    expect(wire.sessionIds.every((s) => s === null)).toBe(true);
  }
}

describe.each(TRANSPORTS)('%s', (transport) => {
  const target = (): Target => (transport === 'stdio' ? { kind: 'stdio', env } : { kind: 'http', url: servers.get(transport)!.url });

  describe.each(CLIENTS)('$name', ({ revision, connect }) => {
    let conn: Conn;
    beforeAll(async () => {
      conn = await connect(target());
    });
    afterAll(() => conn.close());

    test(`speaks ${revision}; tools/list has every tool (${ALL_TOOLS}), with output schemas and annotations`, async () => {
      const list = await conn.listTools();
      expect(list.tools).toHaveLength(ALL_TOOLS);
      for (const t of list.tools) {
        expect(t.outputSchema).toMatchObject({ type: 'object' });
        expect(t.annotations).toHaveProperty('readOnlyHint');
      }
      const onWire = conn.wire.received.find((m) => Array.isArray((m['result'] as { tools?: unknown } | undefined)?.tools));
      const result = (onWire?.['result'] ?? list) as { ttlMs?: number; cacheScope?: string };
      if (revision === '2026-07-28') expect(result).toMatchObject({ ttlMs: 600_000, cacheScope: 'private' });
      else expect(result.ttlMs).toBeUndefined();
      expectRevision(conn.wire, revision, transport);
    });

    test('a view (MCP Apps): the tool names it in _meta.ui, resources/read serves its HTML', async () => {
      const { tools } = await conn.listTools();
      const uri = (tools.find((t) => t.name === 'analytics_courses') as { _meta?: { ui?: { resourceUri?: string } } })._meta?.ui
        ?.resourceUri;
      expect(uri).toBe('ui://learning-workspace/courses.html');
      const [content] = (await conn.readResource(uri ?? '')).contents;
      expect(content?.mimeType).toBe('text/html;profile=mcp-app');
      expect(content?.text).toContain('<body data-view="courses">');
    });

    test('a read returns structuredContent', async () => {
      const r = await conn.call('radar_alerts_list', { limit: 2 });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { alerts: unknown[] }).alerts.length).toBeGreaterThan(0);
    });

    test('the insights answer streams as progress', async () => {
      const progress: string[] = [];
      const r = await conn.call(
        'performance_insights_ask',
        { question: 'Who is behind?' },
        { onprogress: (p) => progress.push(p.message ?? '') },
      );
      expect(r.isError).toBeFalsy();
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.join('')).toContain('You asked');
      expect(r.structuredContent).toMatchObject({ sessionId: expect.any(String) });
    });

    test('invalid input is refused with the reason and nothing is sent upstream', async () => {
      const r = await conn.call('radar_alerts_list', { limit: 'many' });
      expect(r.isError).toBe(true);
      expect(text(r as never)).toContain('nothing was sent');
      expect(text(r as never)).toContain('limit');
      expect(sandbox.requests).toHaveLength(0);
    });

    test('cancelling the stream closes its upstream request, and the next call works', async () => {
      sandbox.content.options.stream = { delayMs: 20, deltas: 500 };
      const controller = new AbortController();
      let first: () => void = () => undefined;
      const progressed = new Promise<void>((r) => (first = r));
      const pending = conn.call('performance_insights_ask', { question: 'q' }, { signal: controller.signal, onprogress: () => first() });
      await progressed;
      const abortedAt = Date.now();
      controller.abort();
      await expect(pending).rejects.toThrow();
      const streams = sandbox.content.state.streams;
      while (streams[0]?.open && Date.now() - abortedAt < 5_000) await new Promise((r) => setTimeout(r, 5));
      expect(streams).toHaveLength(1);
      expect(streams[0]!.closedEarly).toBe(true);
      expect(Date.now() - abortedAt).toBeLessThan(2_000);
      const after = await conn.call('radar_alerts_list', { limit: 1 });
      expect(after.isError).toBeFalsy();
    });
  });
});

/** What a 2026-07-28 client sends over HTTP: no session, the version in `_meta` and in headers. */
async function post(
  url: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  version = '2026-07-28',
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      'mcp-method': method,
      ...(typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {}),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          [ENVELOPE_VERSION]: version,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
  return { status: res.status, session: res.headers.get('mcp-session-id'), body };
}

describe('a hand-written 2026-07-28 client over HTTP', () => {
  test.each(['HTTP stateful', 'HTTP stateless'])('%s: server/discover, then tools/call, with no session', async (name) => {
    const url = servers.get(name)!.url;
    const discover = await post(url, 'server/discover', {});
    expect(discover.status).toBe(200);
    expect(discover.session).toBeNull();
    expect(discover.body.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      resultType: 'complete',
      ttlMs: 600_000,
      cacheScope: 'private',
    });
    const call = await post(url, 'tools/call', { name: 'radar_alerts_list', arguments: { limit: 1 } });
    expect(call.status).toBe(200);
    expect(call.session).toBeNull();
    expect(call.body.result).toMatchObject({ resultType: 'complete', structuredContent: { alerts: [expect.any(Object)] } });
  });

  test('an Mcp-Name header that disagrees with the body is refused with the reason, and nothing is called', async () => {
    const r = await post(
      servers.get('HTTP stateful')!.url,
      'tools/call',
      { name: 'radar_alerts_list', arguments: {} },
      { 'mcp-name': 'members_remove' },
    );
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe(-32020);
    expect(r.body.error?.message).toMatch(/Mcp-Name/i);
    expect(sandbox.requests).toHaveLength(0);
  });

  test('an Mcp-Method header that disagrees with the body is refused', async () => {
    const r = await post(servers.get('HTTP stateless')!.url, 'tools/list', {}, { 'mcp-method': 'tools/call' });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe(-32020);
  });

  test('an unsupported protocol version is refused with the supported ones listed', async () => {
    const r = await post(servers.get('HTTP stateful')!.url, 'tools/list', {}, {}, '2099-01-01');
    expect(r.status).toBe(400);
    expect(r.body.error?.data).toMatchObject({ supported: ['2026-07-28'], requested: '2099-01-01' });
  });

  test('the access token and per-client credentials apply to 2026-07-28 requests as to sessions', async () => {
    const guarded = await startHttpProcess({ ...env, WORKSPACE_MCP_AUTH_TOKEN: 'tok-revisions-0123456789' });
    const perClient = await startHttpProcess({ ...env, WORKSPACE_CONNECTOR_TOKEN: '', WORKSPACE_API_KEY: '' }, ['--credentials', 'client']);
    try {
      const refused = await post(guarded.url, 'tools/list', {});
      expect(refused.status).toBe(401);
      expect(
        (await post(guarded.url, 'tools/list', {}, { authorization: 'Bearer tok-revisions-0123456789' })).body.result?.['tools'],
      ).toHaveLength(ALL_TOOLS);
      // A client that brought only a Content API key is offered the Content tools, and its call goes out with that key.
      const content = await post(perClient.url, 'tools/list', {}, { 'x-api-key': env['WORKSPACE_API_KEY']! });
      expect((content.body.result?.['tools'] as unknown[]).length).toBe(CONTENT_TOOLS);
      const list = await post(
        perClient.url,
        'tools/call',
        { name: 'materials_list', arguments: {} },
        { 'x-api-key': env['WORKSPACE_API_KEY']! },
      );
      expect(list.body.result).toMatchObject({ structuredContent: { materials: expect.any(Array) } });
      expect(sandbox.requests.at(-1)?.headers['x-api-key']).toBe(env['WORKSPACE_API_KEY']);
    } finally {
      await guarded.stop();
      await perClient.stop();
    }
  });
});

describe('a retried call tells the client, within its log level', () => {
  const fault = () =>
    sandbox.inject({
      path: '/api/v1/radar/alerts-list',
      status: 503,
      times: 1,
      body: { success: false, error: { code: 'UNAVAILABLE', message: 'busy' } },
    });

  test('2025-11-25: the session level set with logging/setLevel decides', async () => {
    const client = new V1Client({ name: 'levels', version: '0' });
    const transport = new V1Http(new URL(servers.get('HTTP stateful')!.url));
    await client.connect(transport);
    const messages: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
    try {
      await client.setLoggingLevel('warning');
      fault();
      expect((await client.callTool({ name: 'radar_alerts_list', arguments: {} })).isError).toBeFalsy();
      expect(messages).toEqual([
        {
          level: 'warning',
          logger: 'learning-workspace',
          data: expect.stringMatching(/answered HTTP 503; trying again in \d+ ms \(attempt 2 of 3\)/),
        },
      ]);
      await client.setLoggingLevel('error');
      fault();
      expect((await client.callTool({ name: 'radar_alerts_list', arguments: {} })).isError).toBeFalsy();
      expect(messages).toHaveLength(1);
      expect(sandbox.requests).toHaveLength(4);
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    }
  });

  test.each([
    ['warning', 1],
    ['error', 0],
    [undefined, 0],
  ] as const)("2026-07-28: the request's own _meta decides (logLevel %s)", async (level, expected) => {
    fault();
    const res = await fetch(servers.get('HTTP stateless')!.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'radar_alerts_list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'radar_alerts_list',
          arguments: {},
          _meta: {
            [ENVELOPE_VERSION]: '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
            'io.modelcontextprotocol/clientCapabilities': {},
            ...(level ? { 'io.modelcontextprotocol/logLevel': level } : {}),
          },
        },
      }),
    });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body.match(/"notifications\/message"/g) ?? []).toHaveLength(expected);
    if (expected) expect(body).toContain('answered HTTP 503');
    expect(body).toContain('"structuredContent"');
  });
});
