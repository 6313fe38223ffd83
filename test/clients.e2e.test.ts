// The server as people add it to the clients they use, driven through each client's own command line:
// Claude Code (`claude mcp add`, `list`, `get`), Gemini CLI (`gemini mcp add`, `list`), mcp-remote (the
// bridge Claude Desktop runs for a remote server) and the MCP Inspector's CLI, over stdio and over HTTP
// with an access token, each with the commands and configuration its page in docs/clients/ shows (read from
// the page, with this test's path, URL and token in place of the page's). The clients are installed once, at pinned versions, into a folder outside the
// clone (never as dependencies of this package), and are kept off the internet: a HOME of their own,
// telemetry, error reports and updates off, no API key (listing servers needs none).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, type TestContext } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ALL_TOOLS, CLI, startHttpProcess, type HttpProcess, watched } from './helpers.js';
import { blocksRunBy, DOC_CLI, DOC_URL, ROOT, shellCommands, shellWords } from './docs-blocks.js';

/** The client releases tried, as their packages name them. */
const CLIENTS = {
  '@anthropic-ai/claude-code': '2.1.332',
  '@google/gemini-cli': '0.61.0',
  'mcp-remote': '0.15.1',
  '@modelcontextprotocol/inspector': '2.12.0',
};
const TOKEN = 'clients-e2e-access-token-0123456789';
const SAID = 'This server takes an access token, not OAuth sign-in: send it in the Authorization header, as Authorization: Bearer <token>.';

interface Run {
  code: number | null;
  out: string;
}

/** Runs a program to its end (or `timeoutMs`), with its output on both streams together. */
function run(
  command: string,
  args: readonly string[],
  opts: { env: Record<string, string>; cwd?: string; timeoutMs?: number },
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.once('error', (err) => (clearTimeout(timer), resolve({ code: -1, out: `${out}${err.message}` })));
    child.once('close', (code) => (clearTimeout(timer), resolve({ code, out })));
  });
}

/**
 * The pinned clients, installed once into a folder of the system's temporary directory named by their
 * versions (later runs find it there), through a folder of this run's own renamed into place.
 */
async function installClients(): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(CLIENTS)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `learning-workspace-mcp-clients-${key}`);
  const bin = (name: string) => join(dir, 'node_modules', '.bin', name);
  if (['claude', 'gemini', 'mcp-remote', 'mcp-inspector'].every((b) => existsSync(bin(b)))) return dir;
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), '{"private":true}\n');
  const specs = Object.entries(CLIENTS).map(([name, version]) => `${name}@${version}`);
  const npm = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', staging, ...specs], {
    env: { ...process.env } as Record<string, string>,
    timeoutMs: 240_000,
  });
  if (npm.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install ${specs.join(' ')} failed: ${npm.out.trim().split('\n').slice(-3).join(' ')}`);
  }
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another run put it in place first
  }
  return dir;
}

let clients: string | undefined;
let unavailable = '';
let home: string;
let project: string;
let server: HttpProcess;

/** What the clients' processes see: a home of their own, nothing that reaches out. */
function clientEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    NO_UPDATE_NOTIFIER: '1',
    // Gemini CLI otherwise starts itself a second time, with more memory.
    GEMINI_CLI_NO_RELAUNCH: 'true',
    NO_BROWSER: '1',
    BROWSER: 'none',
    ...extra,
  };
}

const bin = (name: string) => join(clients!, 'node_modules', '.bin', name);
const THIS = 'test/clients.e2e.test.ts';

/**
 * The commands of a page's shell block that this test runs, split into words as a shell would (the
 * token from the environment), with this test's built server and URL in place of the page's.
 */
function documented(page: string): string[][] {
  const [block] = blocksRunBy(page, THIS, 'sh');
  return shellCommands(block!.text).map((c) =>
    shellWords(c, { WORKSPACE_MCP_AUTH_TOKEN: TOKEN }).map((w) =>
      w === DOC_CLI ? CLI : w === DOC_URL ? server.url : w === 'node' ? process.execPath : w,
    ),
  );
}

/** Skips a test, saying why, where the clients could not be installed. */
function needClients(ctx: TestContext): void {
  if (!clients) ctx.skip(`the MCP clients could not be installed: ${unavailable}`);
}

beforeAll(async () => {
  try {
    clients = await installClients();
  } catch (err) {
    unavailable = (err as Error).message;
    console.log(`clients.e2e skipped: ${unavailable}`);
    return;
  }
  home = mkdtempSync(join(tmpdir(), 'lw-clients-home-'));
  project = join(home, 'project');
  mkdirSync(join(home, '.gemini'), { recursive: true });
  mkdirSync(project);
  // Gemini CLI: no usage statistics, telemetry or update checks.
  const gemini = {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  };
  writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify(gemini));
  server = await startHttpProcess({ PATH: process.env['PATH'] ?? '', WORKSPACE_MCP_AUTH_TOKEN: TOKEN, WORKSPACE_LOG_LEVEL: 'warn' }, [
    '--sandbox',
  ]);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('Claude Code', () => {
  test(
    'claude mcp add, then list and get: connected over stdio and over HTTP with the token; without it, told to send the Authorization header',
    { timeout: 180_000 },
    async (ctx) => {
      needClients(ctx);
      // As the page has it: the token stays in the environment, the configuration names the variable.
      const claude = (...args: string[]) => run(bin('claude'), args, { env: clientEnv({ WORKSPACE_MCP_AUTH_TOKEN: TOKEN }), cwd: project });
      // (Claude Code reserves the name "workspace".)
      const commands = documented('docs/clients/claude-code.md');
      expect(commands.map((c) => c.slice(0, 3).join(' '))).toEqual(['claude mcp add', 'claude mcp add', 'claude mcp list']);
      // The README's line is the page's first, run from the clone.
      const readme = shellWords(shellCommands(blocksRunBy('README.md', THIS, 'sh')[0]!.text)[0]!, {
        PWD: fileURLToPath(ROOT).replace(/\/$/, ''),
      });
      expect(readme.map((w) => (w === CLI ? w : w === 'node' ? process.execPath : w))).toEqual(commands[0]);
      for (const add of [...commands.slice(0, 2).map((c) => c.slice(3)), ['--transport', 'http', 'no-token', server.url]]) {
        const added = await claude('mcp', 'add', ...add);
        expect(added.code, added.out).toBe(0);
      }
      const list = await claude('mcp', 'list');
      const line = (name: string) => list.out.split('\n').find((l) => l.startsWith(`${name}: `)) ?? list.out;
      expect(line('learning-workspace')).toContain('✔ Connected');
      expect(line('learning-workspace-http')).toContain('✔ Connected');
      expect(line('no-token')).toContain('Failed to connect');
      expect(line('no-token')).toContain(SAID);
      const get = await claude('mcp', 'get', 'learning-workspace-http');
      expect(get.out).toMatch(/Status: ✔ Connected/);
    },
  );
});

describe('Gemini CLI', () => {
  test(
    'gemini mcp add, then list in a trusted folder: connected over stdio and over HTTP with the token',
    { timeout: 180_000 },
    async (ctx) => {
      needClients(ctx);
      // The page's folder-trust step: project settings count only in a folder the person trusted.
      writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
      const gemini = (...args: string[]) => run(bin('gemini'), args, { env: clientEnv({ WORKSPACE_MCP_AUTH_TOKEN: TOKEN }), cwd: project });
      const commands = documented('docs/clients/gemini-cli.md');
      expect(commands.map((c) => c.slice(0, 3).join(' '))).toEqual(['gemini mcp add', 'gemini mcp add', 'gemini mcp list']);
      for (const add of commands.slice(0, 2).map((c) => c.slice(3))) {
        const added = await gemini('mcp', 'add', ...add);
        expect(added.code, added.out).toBe(0);
      }
      const list = await gemini('mcp', 'list');
      expect(list.out).toMatch(/✓ learning-workspace: .* - Connected/);
      expect(list.out).toMatch(/✓ learning-workspace-http: .* - Connected/);
    },
  );
});

describe('mcp-remote', () => {
  /** mcp-remote as Claude Desktop starts it for a remote server, driven by an MCP client over stdio. */
  async function bridge(args: string[], env: Record<string, string>): Promise<{ tools: number | Error; stderr: string }> {
    const transport = new StdioClientTransport({
      command: bin('mcp-remote'),
      args,
      env: clientEnv(env),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const client = watched(new Client({ name: 'bridge-test', version: '0' }));
    const tools = await client
      .connect(transport)
      .then(() => client.listTools())
      .then((r) => r.tools.length)
      .catch((e: unknown) => e as Error);
    await client.close();
    return { tools, stderr };
  }

  test(
    'with the token in the header (the entry of the Claude Desktop page), the tools come through; without it, the reason names the Authorization header',
    { timeout: 180_000 },
    async (ctx) => {
      needClients(ctx);
      const [block] = blocksRunBy('docs/clients/claude-desktop.md', THIS, 'json');
      const entry = (
        JSON.parse(block!.text) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> }
      ).mcpServers['learning-workspace']!;
      // npx -y mcp-remote@<the release installed here>, with this test's URL and token in the page's places.
      expect([entry.command, ...entry.args.slice(0, 2)]).toEqual(['npx', '-y', `mcp-remote@${CLIENTS['mcp-remote']}`]);
      const args = entry.args.slice(2).map((a) => (a.startsWith('https://') ? server.url : a));
      const env = Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, v.replace('<token>', TOKEN)]));
      const withToken = await bridge(args, env);
      expect(withToken.tools, withToken.stderr).toBe(ALL_TOOLS);
      const without = await bridge([server.url], {});
      expect(without.tools).toBeInstanceOf(Error);
      expect(without.stderr).toContain(SAID);
    },
  );
});

describe('MCP Inspector 2.x', () => {
  test('tools/list over stdio and over HTTP with the token: no schema portability finding', { timeout: 180_000 }, async (ctx) => {
    needClients(ctx);
    const commands = documented('docs/clients/inspector.md');
    const npx = ['npx', '-y', `@modelcontextprotocol/inspector@${CLIENTS['@modelcontextprotocol/inspector']}`];
    for (const c of commands) expect(c.slice(0, 3)).toEqual(npx);
    const runs = await Promise.all(commands.map((c) => run(bin('mcp-inspector'), c.slice(3), { env: clientEnv(), cwd: project })));
    expect(commands.map((c) => c.includes(server.url))).toEqual([false, true]);
    for (const r of runs) {
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain('"name": "analytics_hero"');
      // The Inspector prints a count of portability findings only when there is one.
      expect(r.out).not.toContain('Schema portability');
    }
  });
});
