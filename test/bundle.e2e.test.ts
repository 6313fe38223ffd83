// The Claude Desktop bundle, started the way Claude Desktop starts it: unpacked on its own, the
// manifest's mcp_config run with ${__dirname} and the user_config values substituted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import pkg from '../package.json' with { type: 'json' };
import { SANDBOX_CREDENTIALS, startSandbox, text, type Sandbox } from './helpers.js';

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

/** What Claude Desktop does with the manifest's placeholders. */
function substitute(value: string, userConfig: Record<string, string>): string {
  return value.replace(/\$\{__dirname\}/g, dir).replace(/\$\{user_config\.(\w+)\}/g, (_, key: string) => userConfig[key] ?? '');
}

beforeAll(async () => {
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'lw-bundle-'));
  execFileSync(join(root, 'node_modules/.bin/mcpb'), ['unpack', bundleFile, dir], { stdio: 'ignore' });
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const userConfig = {
    workspace_url: sandbox.url,
    connector_token: SANDBOX_CREDENTIALS.connectorToken,
    api_key: SANDBOX_CREDENTIALS.apiKey,
    user_id: SANDBOX_CREDENTIALS.userId,
    toolsets: '',
    read_only: 'false',
  };
  const { command, args, env } = manifest.server.mcp_config;
  const transport = new StdioClientTransport({
    // Claude Desktop runs "node" with its own Node.js; here that is the one running the tests.
    command: command === 'node' ? process.execPath : command,
    args: args.map((a) => substitute(a, userConfig)),
    env: { PATH: process.env['PATH'] ?? '', ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substitute(v, userConfig)])) },
    cwd: dir,
    stderr: 'ignore',
  });
  client = new Client({ name: 'claude-desktop-like', version: '0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the bundle holds only the manifest, icon, licence and one JS file', () => {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
  expect(files).toEqual(['LICENSE', 'icon.png', 'manifest.json', manifest.server.entry_point].sort());
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
  const snapshot = readFileSync(new URL('./__snapshots__/tools-list.json', import.meta.url), 'utf8');
  expect(JSON.stringify(tools, null, 2) + '\n').toBe(snapshot);
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
