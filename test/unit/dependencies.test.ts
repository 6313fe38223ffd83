// What this server relies on of its dependencies beyond their types: each test fails when the dependency
// changes the behaviour relied on, where a type check would not notice.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import {
  createMcpHandler,
  InMemoryTransport,
  Server,
  type JSONRPCMessage,
  type McpServer,
  type Resource,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { Semaphore } from 'async-mutex';
import { describe, expect, test } from 'vitest';
import { carried, carry, requestContext, type Caller, type RequestContext } from '../../src/mcp/request-context.js';
import { Catalogue } from '../../src/mcp/catalogue.js';
import { createMcpServer } from '../../src/compose/server.js';
import { listViews, VIEW_TABLE, viewMeta } from '../../src/mcp/view-resources.js';
import { Upstream } from '../../src/call/upstream.js';
import type { RequestInfo, Telemetry } from '../../src/telemetry/hooks.js';

const caller: Caller = {
  hash: 'c'.repeat(64),
  credentials: undefined,
  userId: undefined,
  subject: 'https://issuer|u1',
  scopes: ['read'],
  readOnly: true,
};

/** Sends requests over one end of an in-memory pair whose other end a server serves; answers by id. */
async function rawClient(server: { connect(t: InMemoryTransport): Promise<void> }) {
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, (m: JSONRPCMessage) => void>();
  ours.onmessage = (m) => void ('id' in m && answers.get(m.id as number)?.(m));
  await server.connect(theirs);
  await ours.start();
  let id = 0;
  return (method: string, params: Record<string, unknown>, authInfo?: ReturnType<typeof carry>) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answers.set(++id, resolve);
      void ours.send({ jsonrpc: '2.0', id, method, params }, authInfo ? { authInfo } : undefined);
    });
}

const INITIALIZE = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } };

describe('@modelcontextprotocol/server', () => {
  test("a request's auth info reaches its handler as given, so the request context rides in it (our transports)", async () => {
    const request: RequestContext = { caller, trace: {} };
    const server = new Server({ name: 't', version: '0' }, { capabilities: { tools: {} } });
    let seen: RequestContext | undefined;
    server.setRequestHandler('tools/call', async (_request, ctx: ServerContext) => {
      seen = requestContext(ctx);
      return { content: [] };
    });
    const send = await rawClient(server);
    await send('initialize', INITIALIZE);
    await send('tools/call', { name: 'x', arguments: {} }, carry(request));
    expect(seen).toBe(request);
    // Without auth info (stdio), the local caller, with a trace of its own per request.
    await send('tools/call', { name: 'x', arguments: {} });
    expect(seen?.caller.hash).toBe('stdio');
  });

  test('createMcpHandler hands the auth info given with a request to the server factory and the handler as given (2026-07-28)', async () => {
    const request: RequestContext = { caller, trace: {} };
    const made: (RequestContext | undefined)[] = [];
    const handler = createMcpHandler(
      ({ authInfo }) => {
        made.push(carried(authInfo));
        const server = new Server({ name: 't', version: '0' }, { capabilities: { tools: {} } });
        server.setRequestHandler('tools/call', async (_r, ctx) => ({
          content: [{ type: 'text', text: requestContext(ctx) === request ? 'same' : 'other' }],
        }));
        return server;
      },
      { legacy: 'reject' },
    );
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const res = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'x',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: envelope } }),
      }),
      { authInfo: carry(request) },
    );
    expect(await res.text()).toContain('"same"');
    expect(made).toEqual([request]);
    await handler.close();
  });

  test("the handler-wrapping hook wraps the SDK's own initialize too: telemetry sees every request", async () => {
    const methods: string[] = [];
    const telemetry: Telemetry = {
      request: (info: RequestInfo, run) => (methods.push(`${info.method}${info.target ? ` ${info.target}` : ''}`), run()),
      upstream: () => ({ headers: {}, end: () => undefined }),
      step: (_name, _attributes, run) => run(),
      sessionEnded: () => undefined,
      sessionEvicted: () => undefined,
      storeFailed: () => undefined,
      rateLimited: () => undefined,
      shutdown: async () => undefined,
    };
    const upstream = new Upstream({}, { timeoutMs: 1000, maxRetries: 0 });
    const server = createMcpServer({ upstream, tools: Catalogue.of([]), telemetry });
    const send = await rawClient(server);
    await send('initialize', INITIALIZE);
    await send('tools/list', {});
    await send('prompts/get', { name: 'none' });
    await send('completion/complete', {
      ref: { type: 'ref/resource', uri: 'learning-workspace://courses/{courseId}' },
      argument: { name: 'courseId', value: 'n' },
    });
    expect(methods).toEqual([
      'initialize',
      'tools/list',
      'prompts/get none',
      'completion/complete learning-workspace://courses/{courseId}',
    ]);
  });
});

describe('@modelcontextprotocol/ext-apps', () => {
  test("a tool's view _meta and a view's resources/list entry are what ext-apps' own helpers write", () => {
    for (const view of VIEW_TABLE) {
      for (const tool of view.tools) {
        let written: Record<string, unknown> | undefined;
        const capture: Pick<McpServer, 'registerTool'> = {
          registerTool: ((_name: string, config: { _meta?: Record<string, unknown> }) => void (written = config._meta)) as never,
        };
        registerAppTool(
          capture,
          tool,
          { _meta: { ui: { resourceUri: (viewMeta(tool)!['ui'] as { resourceUri: string }).resourceUri, visibility: ['model', 'app'] } } },
          () => ({ content: [] }),
        );
        expect(viewMeta(tool)).toEqual(written);
      }
      let entry: Resource | undefined;
      const capture: Pick<McpServer, 'registerResource'> = {
        registerResource: ((name: string, uri: string, config: Omit<Resource, 'uri' | 'name'>) =>
          void (entry = { uri, name, ...config })) as never,
      };
      const ours = listViews(new Set(view.tools))[0]!;
      registerAppResource(capture, ours.name, ours.uri, { title: ours.title!, description: ours.description! }, () => ({ contents: [] }));
      expect(ours).toEqual(entry);
    }
  });
});

describe('undici', () => {
  test('the pooled agent is reached through the default export, and the error codes the retries name are its own', async () => {
    const { default: undici } = await import('undici');
    const agent = new undici.Agent();
    expect(typeof agent.request).toBe('function');
    await agent.close();
    const { errors } = undici;
    expect([
      new errors.SocketError('x').code,
      new errors.ConnectTimeoutError().code,
      new errors.HeadersTimeoutError().code,
      new errors.BodyTimeoutError().code,
    ]).toEqual(['UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
  });
});

test("undici's dispatch API: the answer's headers as one object with lower-case names, its body in chunks, a pause and resume that lose nothing, and an abort by the controller failing the request with its reason, before and after the headers", async () => {
  const { default: undici } = await import('undici');
  const server = createServer((req, res) => {
    if (req.url === '/whole') return void res.writeHead(200, { 'Content-Type': 'application/json', 'Retry-After': '2' }).end('{"a":1}');
    if (req.url === '/headers') res.writeHead(200).write('part');
    if (req.url === '/parts') {
      res.writeHead(200);
      let n = 0;
      const next = () => (n++ < 20 ? res.write(`${n};`, () => setTimeout(next, 2)) : res.end());
      next();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new undici.Agent();
  // Settles with what the handler saw: the status, headers and body, or the error; `abortAt` aborts there.
  const dispatch = (path: string, abortAt?: 'start' | 'headers', reason?: Error) =>
    new Promise<{ status: number | undefined; headers?: Record<string, unknown> | undefined; body?: string; error?: unknown }>(
      (resolve) => {
        let status: number | undefined;
        let headers: Record<string, unknown> | undefined;
        const chunks: Buffer[] = [];
        agent.dispatch(
          { origin, path, method: 'GET' },
          {
            onRequestStart(c) {
              if (abortAt === 'start') c.abort(reason!);
            },
            onResponseStart(c, code, h) {
              status = code;
              headers = h;
              if (abortAt === 'headers') setTimeout(() => c.abort(reason!), 20);
            },
            onResponseData: (_c, chunk) => void chunks.push(chunk),
            onResponseEnd: () => resolve({ status, headers, body: Buffer.concat(chunks).toString() }),
            onResponseError: (_c, error) => resolve({ status, error }),
          },
        );
      },
    );
  try {
    const whole = await dispatch('/whole');
    expect(whole).toMatchObject({ status: 200, body: '{"a":1}', headers: { 'content-type': 'application/json', 'retry-after': '2' } });
    // A stream's reader that falls behind pauses the request and resumes it; nothing is lost.
    const parts = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      agent.dispatch(
        { origin, path: '/parts', method: 'GET' },
        {
          // undici takes a handler for this API by its onRequestStart; without one it is taken for the old API.
          onRequestStart: () => undefined,
          onResponseData(c, chunk) {
            chunks.push(chunk);
            if (chunks.length === 1) {
              c.pause();
              expect(c.paused).toBe(true);
              setTimeout(() => c.resume(), 50);
            }
          },
          onResponseEnd: () => resolve(Buffer.concat(chunks).toString()),
          onResponseError: (_c, error) => reject(error),
        },
      );
    });
    expect(parts).toBe(Array.from({ length: 20 }, (_, i) => `${i + 1};`).join(''));
    const reason = new Error('attempt timed out');
    expect(await dispatch('/never', 'start', reason)).toEqual({ status: undefined, error: reason });
    expect(await dispatch('/headers', 'headers', reason)).toEqual({ status: 200, error: reason });
  } finally {
    await agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});

test("a package imported on first use is taken by its default export: the build's chunk of a CommonJS package exports nothing else", () => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url));
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const named: string[] = [];
  for (const f of files) {
    const code = readFileSync(join(src, f), 'utf8');
    // `{ a, b } = await import('pkg')` and `import('pkg').then(({ a }) => …)`, for packages the build bundles.
    for (const m of code.matchAll(
      /(?:const|let)\s*\{([^{}]*)\}\s*=\s*await import\('([^.'][^']*)'\)|import\('([^.'][^']*)'\)\.then\(\(\{([^{}]*)\}/g,
    )) {
      const pkg = m[2] ?? m[3]!;
      const bindings = (m[1] ?? m[4]!)
        .split(',')
        .map((b) => b.trim().split(':')[0]!.trim())
        .filter(Boolean);
      if (pkg.startsWith('node:') || pkg.startsWith('@opentelemetry/')) continue;
      if (bindings.some((b) => b !== 'default')) named.push(`${f}: ${pkg} {${bindings.join(', ')}}`);
    }
  }
  expect(named).toEqual([]);
});

describe('async-mutex', () => {
  test("a Semaphore's queue is ordered by priority then arrival and only its head is served: one that does not fit holds those behind it", async () => {
    const semaphore = new Semaphore(4);
    const [, first] = await semaphore.acquire(3);
    const order: string[] = [];
    const wait = (name: string, weight: number, priority = 0) =>
      semaphore.acquire(weight, priority).then(([, release]) => (order.push(name), release));
    const heavy = wait('heavy', 4);
    const light = wait('light', 1);
    const urgent = wait('urgent', 2, 1);
    await new Promise((resolve) => setImmediate(resolve));
    // One unit is free, yet the light one waits behind the heavy one, and the urgent one is ahead of both.
    expect(order).toEqual([]);
    first();
    (await urgent)();
    (await heavy)();
    (await light)();
    expect(order).toEqual(['urgent', 'heavy', 'light']);
  });
});
