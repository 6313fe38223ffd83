// The commands and client configurations the README and docs/clients/ show, run as written: the README's
// first minute (npm start, then the curl that calls a tool, whose answer the README quotes), and the
// server entries of the configuration files of clients the tests cannot run themselves (Claude Desktop,
// Codex, VS Code, Cursor), each connected to with an MCP client. Which blocks: those whose comment says
// "run by test/docs.e2e.test.ts".
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pkg from '../package.json' with { type: 'json' };
import { blocksRunBy, codeBlocks, DOC_CLI, DOC_URL, ROOT, shellCommands, shellWords } from './docs-blocks.js';
import { ALL_TOOLS, CLI, freePort, startHttpProcess, type HttpProcess, watched } from './helpers.js';
import { needPrograms } from './programs.js';

const THIS = 'test/docs.e2e.test.ts';
const TOKEN = 'docs-e2e-access-token-0123456789';
const PATH = process.env['PATH'] ?? '';

describe("the README's first minute", () => {
  test('npm start serves the sandbox, and the curl in a second terminal calls a tool with the answer the README shows', async (ctx) => {
    needPrograms(ctx, 'curl');
    const [start, call] = blocksRunBy('README.md', THIS, 'sh');
    const commands = shellCommands(start!.text).map((c) => shellWords(c, {}).join(' '));
    // npm install is .ci/run's (npm ci, from the lock file); npm start is run here.
    expect(commands).toEqual(['npm install', 'npm start']);
    expect(pkg.scripts.start).toBe('node dist/src/cli.js --sandbox --http');
    // npm start as written, on a free port, without its prestart build: the suite's setup built dist/
    // already, and rebuilding it would pull it from under the tests running beside this one.
    const port = await freePort();
    const server = spawn('npm', ['start', '--silent', '--ignore-scripts', '--', '--port', String(port)], {
      cwd: fileURLToPath(ROOT),
      env: { PATH, HOME: process.env['HOME'] ?? '' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let banner = '';
    try {
      await new Promise<void>((resolve, reject) => {
        server.stderr.on('data', (c: Buffer) => ((banner += c.toString()), /MCP endpoint/.test(banner) && resolve()));
        server.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${banner}`)));
      });
      expect(banner).toContain(`http://127.0.0.1:${port}/mcp`);
      const curl = spawnSync('bash', ['-c', call!.text.replace(DOC_URL, `http://127.0.0.1:${port}/mcp`)], { encoding: 'utf8' });
      expect(curl.status, curl.stderr).toBe(0);
      const answer = JSON.parse(curl.stdout) as { result: { structuredContent: Record<string, unknown>; resultType: string } };
      expect(answer.result.resultType).toBe('complete');
      // Every field the README's shortened answer names has the value it shows.
      const shown = codeBlocks('README.md').find((b) => b.lang === 'text' && b.text.includes('structuredContent'))!.text;
      const structured = /"structuredContent":\{(.*?)[,}]…/.exec(shown)![1]!;
      const fields = [...structured.matchAll(/"(\w+)":("[^"]*"|\d+)/g)];
      expect(fields.length).toBeGreaterThan(3);
      for (const [, key, value] of fields) expect(answer.result.structuredContent[key!], key).toEqual(JSON.parse(value!));
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
    }
  });
});

/** One server entry of a client's configuration: a command it starts, or a URL with headers. */
interface Entry {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  bearer_token_env_var?: string;
}

/** The few TOML lines Codex's configuration uses: [tables] of key = JSON-like value. */
function tomlServers(text: string): Record<string, Entry> {
  const servers: Record<string, Record<string, unknown>> = {};
  let current: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const table = /^\[mcp_servers\.([\w-]+)\]$/.exec(line);
    if (table) servers[table[1]!] = current = {};
    const pair = /^(\w+) = (.*)$/.exec(line);
    if (pair) current[pair[1]!] = JSON.parse(pair[2]!);
  }
  return servers as Record<string, Entry>;
}

/** The server entries of a configuration block, by name. */
function entries(lang: string, text: string): Record<string, Entry> {
  if (lang === 'toml') return tomlServers(text);
  const config = JSON.parse(text) as { servers?: Record<string, Entry>; mcpServers?: Record<string, Entry> };
  return config.servers ?? config.mcpServers ?? {};
}

/** How each client fills a reference to the token in a header: its input prompt, its environment. */
const fillToken = (value: string) =>
  value.replace(/\$\{input:[\w-]+\}|\$\{env:WORKSPACE_MCP_AUTH_TOKEN\}|\$\{WORKSPACE_MCP_AUTH_TOKEN\}|\$WORKSPACE_MCP_AUTH_TOKEN/g, TOKEN);

async function listTools(entry: Entry, url: string): Promise<number> {
  const client = watched(new Client({ name: 'docs-e2e', version: '0' }));
  if (entry.command) {
    expect(entry.args).toContain(DOC_CLI);
    const transport = new StdioClientTransport({
      command: entry.command === 'node' ? process.execPath : entry.command,
      args: (entry.args ?? []).map((a) => (a === DOC_CLI ? CLI : a)),
      env: { PATH, ...entry.env },
      stderr: 'ignore',
    });
    await client.connect(transport);
  } else {
    expect(entry.url).toBe(DOC_URL);
    const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([k, v]) => [k, fillToken(v)]));
    if (entry.bearer_token_env_var === 'WORKSPACE_MCP_AUTH_TOKEN') headers['Authorization'] = `Bearer ${TOKEN}`;
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  }
  try {
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}

describe('client configurations', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess({ PATH, WORKSPACE_MCP_AUTH_TOKEN: TOKEN, WORKSPACE_LOG_LEVEL: 'warn' }, ['--sandbox']);
  });
  afterAll(() => server?.stop());

  test.each(['docs/clients/claude-desktop.md', 'docs/clients/codex.md', 'docs/clients/vscode.md', 'docs/clients/cursor.md'])(
    '%s: every server entry of the configuration connects and lists the tools',
    async (page) => {
      const blocks = blocksRunBy(page, THIS);
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        const servers = Object.entries(entries(block.lang, block.text));
        expect(servers.length).toBeGreaterThan(0);
        for (const [name, entry] of servers) expect(await listTools(entry, server.url), `${page}: ${name}`).toBe(ALL_TOOLS);
      }
    },
  );
});
