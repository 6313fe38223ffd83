// The Claude Desktop bundle, started the way Claude Desktop starts it: unpacked on its own, its launch
// command made from the manifest's mcp_config and the user's settings by the mcpb library's own
// getMcpConfigForManifest (the code Claude Desktop runs), for every setting a user can leave empty.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getMcpConfigForManifest, type McpbManifestAny } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import pkg from '../package.json' with { type: 'json' };
import {
  ALL_TOOLS,
  CONNECTOR_TOOLS,
  CONTENT_TOOLS,
  connectHttp,
  SANDBOX_CREDENTIALS,
  sandboxEnv,
  startHttpProcess,
  startRedis,
  startSandbox,
  text,
  type Sandbox,
  watched,
} from './helpers.js';
import { needPrograms } from './programs.js';
import { blocksRunBy } from './docs-blocks.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundleFile = join(root, `learning-workspace-mcp-${pkg.version}.mcpb`);

interface Manifest {
  server: { entry_point: string; mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  user_config: Record<string, { required?: boolean; sensitive?: boolean; default?: unknown }>;
}

let sandbox: Sandbox;
let dir: string;
let client: Client;
let manifest: Manifest;

/** What Claude Desktop runs for these settings (only the settings a user filled in are passed). */
async function launch(userConfig: Record<string, string | boolean>, from: Manifest = manifest): Promise<Client> {
  const config = await getMcpConfigForManifest({
    manifest: from as unknown as McpbManifestAny,
    extensionPath: dir,
    systemDirs: { HOME: tmpdir(), DESKTOP: tmpdir(), DOCUMENTS: tmpdir(), DOWNLOADS: tmpdir() },
    userConfig,
    pathSeparator: '/',
  });
  if (!config) throw new Error('mcpb made no launch config: a required setting is missing');
  const transport = new StdioClientTransport({
    // Claude Desktop runs "node" with its own Node.js; here that is the one running the tests.
    command: config.command === 'node' ? process.execPath : config.command,
    args: config.args ?? [],
    env: { PATH: process.env['PATH'] ?? '', ...(config.env ?? {}) },
    cwd: dir,
    stderr: 'ignore',
  });
  const c = watched(new Client({ name: 'claude-desktop-like', version: '0' }));
  await c.connect(transport);
  return c;
}

beforeAll(async () => {
  // Packed here from the run's build, not before every test run: only this file needs the bundle. It is
  // the command the Claude Desktop page shows, less its build (npm run pack builds first; the run built).
  const [documented] = blocksRunBy('docs/clients/claude-desktop.md', 'test/bundle.e2e.test.ts', 'sh');
  expect(documented!.text).toBe('npm run pack');
  expect(pkg.scripts.pack).toBe('tsx scripts/pack.ts');
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/pack.ts'), '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'lw-bundle-'));
  execFileSync(join(root, 'node_modules/.bin/mcpb'), ['unpack', bundleFile, dir], { stdio: 'ignore' });
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  client = await launch({
    workspace_url: sandbox.url,
    connector_token: SANDBOX_CREDENTIALS.connectorToken,
    api_key: SANDBOX_CREDENTIALS.apiKey,
    user_id: SANDBOX_CREDENTIALS.userId,
    toolsets: '',
    read_only: false,
  });
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the bundle holds only the manifest, icon, licence, the entry point and the chunks it loads on use', () => {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
  const chunks = files.filter((f) => f.startsWith('server/chunks/'));
  // code_run's worker and the QuickJS WebAssembly, and the sandbox's process, sit beside the entry, where
  // their chunks look for them.
  const code = ['server/code-worker.js', 'server/quickjs.wasm', 'server/sandbox-process.js'];
  expect(files.filter((f) => !chunks.includes(f))).toEqual(
    ['LICENSE', 'icon.png', 'manifest.json', manifest.server.entry_point, ...code].sort(),
  );
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks.every((f) => /^server\/chunks\/[\w-]+\.js$/.test(f))).toBe(true);
  // No package is left for the bundle to resolve at run time: it has no node_modules. OpenTelemetry alone
  // is the npm package's to install, and only the chunk that starts it (read when telemetry is asked for) names it.
  const deps = Object.keys(pkg.dependencies);
  for (const f of [manifest.server.entry_point, 'server/code-worker.js', 'server/sandbox-process.js', ...chunks]) {
    const code = readFileSync(join(dir, f), 'utf8');
    const otel = /^server\/chunks\/otel-[\w]+\.js$/.test(f);
    for (const dep of deps.filter((d) => !(otel && d.startsWith('@opentelemetry/')))) {
      expect(code.includes(`from"${dep}`) || code.includes(`import("${dep}`), `${f} imports ${dep}`).toBe(false);
    }
  }
});

test('what a start loads (the entry and its static imports) holds no view: the HTML is in a chunk read when a view is first asked for', () => {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+)"/g)) visit(join(file, '..', m[1]!));
  };
  visit(join(dir, manifest.server.entry_point));
  expect(loaded.size).toBeGreaterThan(1);
  const hasView = (f: string) => /<!doctype html>/i.test(readFileSync(f, 'utf8'));
  for (const f of loaded) expect(hasView(f), f.slice(dir.length + 1)).toBe(false);
  const chunks = readdirSync(join(dir, 'server/chunks')).map((f) => join(dir, 'server/chunks', f));
  expect(chunks.filter((f) => !loaded.has(f)).some(hasView)).toBe(true);
});

test('the manifest asks for the workspace URL, keeps credentials optional and in the keychain', () => {
  expect(manifest.user_config['workspace_url']?.required).toBe(true);
  for (const key of ['connector_token', 'api_key']) {
    expect(manifest.user_config[key]?.sensitive).toBe(true);
    expect(manifest.user_config[key]?.required).toBe(false);
  }
});

test('initialize and tools/list: every tool, as the built server lists it', async () => {
  expect(client.getServerVersion()?.name).toBe('learning-workspace');
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(ALL_TOOLS);
  for (const tool of tools) {
    const snapshot = readFileSync(new URL(`./__toolsnaps__/${tool.name}.json`, import.meta.url), 'utf8');
    expect(JSON.stringify(tool, null, 2) + '\n', tool.name).toBe(snapshot);
  }
});

test('the views are in the bundle: a tool names its view and the view is served', async () => {
  const { resources } = await client.listResources();
  const views = resources.filter((r) => r.uri.startsWith('ui://'));
  expect(views.map((r) => r.mimeType)).toEqual([
    'text/html;profile=mcp-app',
    'text/html;profile=mcp-app',
    'text/html;profile=mcp-app',
    'text/html;profile=mcp-app',
  ]);
  for (const v of views) {
    const content = (await client.readResource({ uri: v.uri })).contents[0] as { text: string };
    expect(content.text).toMatch(/^<!doctype html>.*<body data-view="\w+">/s);
  }
});

test('a read and a write reach the workspace with the configured credentials', async () => {
  const read = (await client.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
  expect(read.isError, text(read)).toBeFalsy();
  const write = (await client.callTool({ name: 'members_set_tags', arguments: { userId: 'u_tom', tags: ['Bundle'] } })) as CallToolResult;
  expect(write.isError, text(write)).toBeFalsy();
  const writes = sandbox.requests.filter((r) => r.path === '/api/v1/members/set-tags');
  expect(writes[0]?.headers['authorization']).toBe(`Bearer ${SANDBOX_CREDENTIALS.connectorToken}`);
  expect(writes[0]?.headers['idempotency-key']).toBeTruthy();
});

test('the bundled server starts its built-in sandbox workspace (--sandbox), in the process file the bundle carries', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(dir, manifest.server.entry_point), '--sandbox'],
    env: { PATH: process.env['PATH'] ?? '' },
    cwd: dir,
    stderr: 'ignore',
  });
  const c = watched(new Client({ name: 'bundle-sandbox', version: '0' }));
  await c.connect(transport);
  try {
    const hero = await c.callTool({ name: 'analytics_hero', arguments: {} });
    expect(hero.isError).toBeFalsy();
    expect(hero.structuredContent).toMatchObject({ totalStudents: expect.any(Number) });
  } finally {
    await c.close();
  }
});

test('with the code toolset, code_run runs its code in the bundled sandbox', async () => {
  const c = await launch({
    workspace_url: sandbox.url,
    connector_token: SANDBOX_CREDENTIALS.connectorToken,
    api_key: SANDBOX_CREDENTIALS.apiKey,
    toolsets: 'code',
  });
  try {
    const r = (await c.callTool({
      name: 'code_run',
      arguments: { code: 'const h = await tools.analytics_hero(); return h.totalStudents > 0;' },
    })) as CallToolResult;
    expect(r.isError, text(r)).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ result: true, calls: 1 });
  } finally {
    await c.close();
  }
});

test('the insights stream arrives as progress', async () => {
  sandbox.content.options.stream = { delayMs: 2 };
  const progress: Progress[] = [];
  const result = (await client.callTool({ name: 'performance_insights_ask', arguments: { question: 'How are we doing?' } }, undefined, {
    onprogress: (p) => void progress.push(p),
  })) as CallToolResult;
  expect(result.isError, text(result)).toBeFalsy();
  expect(progress.length).toBeGreaterThan(3);
  expect((result.structuredContent as { answer: string }).answer).toContain('Across 3 courses');
});

describe('settings left empty', () => {
  const connectorOnly = () => ({ workspace_url: sandbox.url, connector_token: SANDBOX_CREDENTIALS.connectorToken });
  const contentOnly = () => ({ workspace_url: sandbox.url, api_key: SANDBOX_CREDENTIALS.apiKey });
  /** The manifest as older releases shipped it: optional settings without a default, so mcpb leaves their placeholders in. */
  const withoutDefaults = (): Manifest => ({
    ...manifest,
    user_config: Object.fromEntries(
      Object.entries(manifest.user_config).map(([k, v]) => [
        k,
        Object.fromEntries(Object.entries(v).filter(([f]) => f !== 'default' || typeof v.default === 'boolean')),
      ]),
    ),
  });

  for (const [label, from] of [
    ['the manifest as shipped', () => manifest],
    ['a manifest whose optional settings have no default (the server alone copes)', withoutDefaults],
  ] as const) {
    describe(label, () => {
      test('only a Connector token: the Connector tools, no Content tools, calls work', async () => {
        const c = await launch(connectorOnly(), from());
        const { tools } = await c.listTools();
        const names = tools.map((t) => t.name);
        expect(names).toHaveLength(CONNECTOR_TOOLS);
        expect(names.slice(-3)).toEqual(['batch_call', 'jobs_get', 'jobs_cancel']);
        expect(names).not.toContain('materials_list');
        const r = (await c.callTool({ name: 'groups_list', arguments: {} })) as CallToolResult;
        await c.close();
        expect(r.isError, text(r)).toBeFalsy();
      });

      test('only a Content API key, no user id: the Content tools, sent without a user id', async () => {
        sandbox.reset();
        const c = await launch(contentOnly(), from());
        const { tools } = await c.listTools();
        expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['materials_list', 'performance_insights_ask']));
        expect(tools).toHaveLength(CONTENT_TOOLS);
        const r = (await c.callTool({ name: 'materials_list', arguments: {} })) as CallToolResult;
        await c.close();
        expect(r.isError, text(r)).toBeFalsy();
        const sent = sandbox.requests.find((q) => q.path === '/api/v1/materials')!;
        expect(sent.headers['x-api-key']).toBe(SANDBOX_CREDENTIALS.apiKey);
        expect(sent.headers['x-user-id']).toBeUndefined();
      });

      test('no toolsets and read-only unset: every tool, writes included', async () => {
        const c = await launch({ ...connectorOnly(), api_key: SANDBOX_CREDENTIALS.apiKey }, from());
        const { tools } = await c.listTools();
        await c.close();
        expect(tools).toHaveLength(ALL_TOOLS);
        expect(tools.some((t) => t.annotations?.readOnlyHint === false)).toBe(true);
      });
    });
  }

  test('mcpb itself leaves the placeholder of an optional setting without a default', async () => {
    const config = await getMcpConfigForManifest({
      manifest: withoutDefaults() as unknown as McpbManifestAny,
      extensionPath: dir,
      systemDirs: {},
      userConfig: connectorOnly(),
      pathSeparator: '/',
    });
    expect(config?.env?.['WORKSPACE_API_KEY']).toBe('${user_config.api_key}');
    expect(config?.env?.['WORKSPACE_TOOLSETS']).toBe('${user_config.toolsets}');
  });
});

test('the bundled server serves HTTP with jobs and the call limit shared in a real Redis (its client loaded from a chunk)', async (ctx) => {
  needPrograms(ctx, 'redis-server');
  const redis = await startRedis();
  const server = await startHttpProcess(
    sandboxEnv(sandbox, { WORKSPACE_REDIS_URL: redis.url }),
    ['--rate-limit', '100/min'],
    join(dir, manifest.server.entry_point),
  );
  try {
    const c = await connectHttp(server.url);
    const r = (await c.client.callTool({ name: 'groups_list', arguments: {} })) as CallToolResult;
    expect(r.isError, text(r)).toBeFalsy();
    await c.close();
  } finally {
    await server.stop();
    await redis.stop();
  }
});

test('a stdio client that sends its first tool call and closes its input still gets the answer (the declarations load on that call)', async () => {
  const child = spawn(process.execPath, [join(dir, manifest.server.entry_point)], {
    env: {
      PATH: process.env['PATH'] ?? '',
      WORKSPACE_BASE_URL: sandbox.url,
      WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.connectorToken,
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const messages = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'analytics_hero', arguments: {} } },
  ];
  child.stdin.end(messages.map((m) => JSON.stringify(m)).join('\n') + '\n');
  await new Promise((resolve) => child.once('exit', resolve));
  const answer = out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: number; result?: { isError?: boolean } })
    .find((m) => m.id === 2);
  expect(answer?.result, out.slice(0, 500)).toBeDefined();
  expect(answer?.result?.isError).toBeFalsy();
});
