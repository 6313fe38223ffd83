// The built binary as a user starts it: configuration errors, --help, --version, the stdio contract.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import pkg from '../package.json' with { type: 'json' };
import { tools } from '../tools/index.js';
import { ALL_TOOLS, CLI, connectHttp, connectStdio, sandboxEnv, startHttpProcess, startSandbox, type Sandbox, watched } from './helpers.js';
import { blocksRunBy, DOC_URL, shellWords } from './docs-blocks.js';

const bare = { PATH: process.env['PATH'] ?? '' };
const run = (args: string[], env: Record<string, string> = bare) =>
  spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 10_000 });

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('start-up', () => {
  test('with nothing configured it exits non-zero naming what to set', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('WORKSPACE_BASE_URL');
    expect(r.stderr).toContain('WORKSPACE_CONNECTOR_TOKEN');
    expect(r.stderr).toContain('--sandbox');
  });

  test.each([
    [['--base-url', 'ftp://example.com', '--connector-token', 'abcdefgh'], 'must be an http(s) URL'],
    [['--base-url', 'not a url', '--connector-token', 'abcdefgh'], 'is not a URL'],
    [['--sandbox', '--timeout-ms', 'soon'], 'WORKSPACE_TIMEOUT_MS (--timeout-ms) must be a whole number'],
    [['--sandbox', '--toolsets', 'analytics,nope'], 'Unknown toolset(s): nope'],
    [['--sandbox', '--tools', 'analytics_hero,analytics-student'], 'Unknown tool(s): analytics-student (did you mean analytics_students'],
    [['--sandbox', '--exclude-tools', 'groups_delet'], 'Unknown tool(s): groups_delet (did you mean groups_delete'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
    [['--sandbox', '--sandbox-size', '0'], 'WORKSPACE_SANDBOX_SIZE (--sandbox-size) must be between 1 and 100000, got 0'],
    [['--sandbox', '--sandbox-size', 'many'], 'WORKSPACE_SANDBOX_SIZE (--sandbox-size) must be a whole number, got "many"'],
    [['--sandbox-size', '5000'], 'WORKSPACE_SANDBOX_SIZE (--sandbox-size) sizes the built-in sandbox workspace: add --sandbox'],
    [
      ['--base-url', 'https://academy.example/api/v1', '--connector-token', 'abcdefgh'],
      'ends in /api/v1, which every tool adds itself: set it to https://academy.example instead',
    ],
    [
      ['--connector-url', 'https://academy.example/lms/api/v1/', '--connector-token', 'abcdefgh'],
      'set it to https://academy.example/lms instead',
    ],
  ])('%j is refused: %s', (args, message) => {
    const r = run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });

  test('a bad value from the environment is refused too, without echoing credentials', () => {
    const r = run([], {
      ...bare,
      WORKSPACE_BASE_URL: 'http://127.0.0.1:1',
      WORKSPACE_CONNECTOR_TOKEN: 'sbx_secret_value_9999',
      WORKSPACE_TIMEOUT_MS: '-5',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('WORKSPACE_TIMEOUT_MS');
    expect(r.stderr).not.toContain('sbx_secret_value_9999');
  });

  test('--sandbox-size serves a generated workspace of that many learners', async () => {
    const { client, close } = await connectStdio(bare, ['--sandbox', '--sandbox-size', '5000']);
    try {
      const hero = await client.callTool({ name: 'analytics_hero', arguments: {} });
      expect(hero.isError).toBeFalsy();
      expect(hero.structuredContent).toMatchObject({ totalStudents: 5000 });
      const teams = await client.callTool({ name: 'groups_list', arguments: { parentId: 'g_sales_emea' } });
      expect(JSON.stringify(teams.structuredContent)).toContain('Sales EMEA · Team 1');
    } finally {
      await close();
    }
  });

  test('the sandbox runs in a process of its own, which ends with the server even when the server is killed', async () => {
    for (const stop of ['close', 'SIGKILL'] as const) {
      const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--sandbox'], env: bare, stderr: 'pipe' });
      const client = watched(new Client({ name: 'test', version: '0' }));
      await client.connect(transport);
      const hero = await client.callTool({ name: 'analytics_hero', arguments: {} });
      expect(hero.isError).toBeFalsy();
      const server = transport.pid!;
      const children = readFileSync(`/proc/${server}/task/${server}/children`, 'utf8').trim().split(/\s+/).map(Number);
      const sandboxPid = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sandbox-process.js'));
      expect(sandboxPid).toBeDefined();
      if (stop === 'close') await client.close();
      else process.kill(server, 'SIGKILL');
      await expect.poll(() => existsSync(`/proc/${sandboxPid}`), { timeout: 10_000 }).toBe(false);
      if (stop === 'SIGKILL') await client.close();
    }
  });

  test.each([['--help'], ['-h']])('%s prints the options', (flag) => {
    const help = run([flag]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--sandbox');
    expect(help.stdout).toContain('WORKSPACE_CONNECTOR_TOKEN');
  });

  test.each([['--version'], ['-v']])('%s prints the version', (flag) => {
    const version = run([flag]);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('started by an MCP client with no credentials, the client is told what to set', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI], env: bare, stderr: 'pipe' });
    const client = watched(new Client({ name: 'test', version: '0' }));
    const error = await client.connect(transport).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      'learning-workspace-mcp is not configured: No API is configured. Set WORKSPACE_BASE_URL with WORKSPACE_CONNECTOR_TOKEN',
    );
    await client.close();
  });

  test.each(['auto', { pin: '2026-07-28' }] as const)('a 2026-07-28 client (%j) is told what to set on its first request', async (mode) => {
    const client = new ModernClient({ name: 'test', version: '0' }, { versionNegotiation: { mode } });
    const reason = await client
      .connect(new ModernStdio({ command: process.execPath, args: [CLI], env: bare, stderr: 'ignore' }))
      .then(() => client.listTools())
      .catch((e: unknown) => e as Error);
    expect(reason).toBeInstanceOf(Error);
    expect((reason as Error).message).toContain('learning-workspace-mcp is not configured: No API is configured.');
    await client.close();
  });

  test('a port in use is one line naming --port, not a stack trace', async () => {
    const first = await startHttpProcess(sandboxEnv(sandbox));
    const port = new URL(first.url).port;
    const r = spawnSync(process.execPath, [CLI, '--http', '--port', port], { env: sandboxEnv(sandbox), encoding: 'utf8', timeout: 10_000 });
    await first.stop();
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `learning-workspace-mcp: port ${port} on 127.0.0.1 is in use; choose another with --port (or WORKSPACE_MCP_PORT).`,
    );
  });

  test("the start banner's Inspector command works on this Node, with the Inspector release it names", async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' }), ['--sandbox']);
    const line = /or list the tools: (npx -y (\S+) .*)/.exec(server.stderr());
    expect(line, server.stderr()).not.toBeNull();
    const [, command, pkgSpec] = line!;
    // The command docs/clients/inspector.md shows for this release, at this server's URL.
    const documented = blocksRunBy('docs/clients/inspector.md', 'test/cli.e2e.test.ts', 'sh')[0]!.text;
    expect(command).toBe(documented.replace(DOC_URL, server.url));
    // The release named is the one installed for the tests, so the command runs here without a download.
    expect(pkgSpec).toBe(
      `@modelcontextprotocol/inspector@${(pkg.devDependencies as Record<string, string>)['@modelcontextprotocol/inspector']}`,
    );
    const args = command!.split(' ').slice(3);
    const r = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../node_modules/@modelcontextprotocol/inspector/cli/build/cli.js', import.meta.url)), ...args],
      { encoding: 'utf8', timeout: 30_000 },
    );
    await server.stop();
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { tools: unknown[] }).tools).toHaveLength(ALL_TOOLS);
    // The revision it spoke, as the access log read it off its requests.
    const access = server
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"msg":"access"'))
      .map((l) => JSON.parse(l) as { rpc?: string; revision?: string });
    expect(access.find((a) => a.rpc === 'initialize')?.revision).toBe('2025-11-25');
    expect(access.find((a) => a.rpc === 'tools/list')?.revision).toBe('2025-11-25');
  });

  test("with an access token, the banner's first tool call sends it, and the banner reads as sentences", async () => {
    const token = 'banner-access-token-0123456789';
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--sandbox', '--auth-token', token]);
    const banner = server.stderr();
    const curl = /^ {2}(curl -s .*)$/m.exec(banner);
    expect(curl, banner).not.toBeNull();
    // The curl line, replayed as curl would send it, with the token in place of its placeholder.
    const words = shellWords(curl![1]!, {});
    const headers = Object.fromEntries(
      words
        .flatMap((w, i) => (words[i - 1] === '-H' ? [w.split(': ') as [string, string]] : []))
        .map(([k, v]) => [k, v.replace('<token>', token)]),
    );
    const body = words[words.indexOf('-d') + 1]!;
    const answer = await fetch(words[2]!, { method: 'POST', headers, body });
    const text = await answer.text();
    await server.stop();
    expect(answer.status, text).toBe(200);
    expect((JSON.parse(text) as { result: { structuredContent: unknown } }).result.structuredContent).toHaveProperty('totalStudents');
    expect(headers['Authorization']).toBe(`Bearer ${token}`);
    // No line ends on a dangling word, none begins with one.
    for (const line of banner.trim().split('\n')) expect(line, line).not.toMatch(/(^|: )(or|and)\b|\b(or|and)$/);
    expect(banner).not.toContain(token);
    // Plain words for how it serves, and the path a stdio client's configuration names.
    expect(banner).toContain("(a session per client; calls use this server's workspace credentials)");
    const stdio = JSON.parse(/^A stdio client starts this build with: (.*)$/m.exec(banner)![1]!) as { command: string; args: string[] };
    expect(stdio).toEqual({ command: 'node', args: [CLI, '--sandbox'] });
  });

  test('--help opens with examples, says stdio is the default, points to the docs, and fits in 100 columns', () => {
    const help = run(['--help']).stdout;
    const lines = help.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    const examples = lines.indexOf('Examples:');
    expect(examples).toBeGreaterThan(0);
    expect(examples).toBeLessThan(lines.findIndex((l) => l.startsWith('Upstream')));
    expect(help).toContain('stdio is the default');
    expect(help).toMatch(/docs\/configuration\.md/);
    // Each example runs as written: those on the sandbox start; --help's own line is not one of them.
    const sandboxExample = lines.find((l) => /^ {2}learning-workspace-mcp --sandbox$/.test(l));
    expect(sandboxExample).toBeDefined();
  });
});

/** Starts the binary on stdio, sends these messages, closes stdin, and gives back what it wrote. */
function rawStdio(
  args: string[],
  env: Record<string, string>,
  messages: object[],
): Promise<{ replies: Record<string, unknown>[]; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(messages.map((m) => JSON.stringify(m)).join('\n') + '\n');
  return new Promise((resolve) =>
    child.once('exit', () =>
      resolve({
        replies: stdout
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
        stderr,
      }),
    ),
  );
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
const listTools = [
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

describe('a client starting it', () => {
  test('a stdio start writes nothing to stderr at the default level; info when asked, by variable or flag', async () => {
    const { WORKSPACE_LOG_LEVEL: _, ...quiet } = sandboxEnv(sandbox);
    const plain = await rawStdio(['--sandbox'], quiet, [initialize('2025-06-18'), ...listTools]);
    expect(plain.replies.find((r) => r['id'] === 2)).toHaveProperty('result.tools');
    expect(plain.stderr).toBe('');
    for (const [args, env] of [
      [['--sandbox'], { ...quiet, WORKSPACE_LOG_LEVEL: 'info' }],
      [['--sandbox', '--log-level', 'info'], quiet],
    ] as const) {
      const told = await rawStdio([...args], env, [initialize('2025-06-18')]);
      expect(told.stderr, args.join(' ')).toContain('"msg":"serving on stdio"');
    }
    expect(run(['--sandbox', '--log-level', 'loud']).stderr).toContain(
      'WORKSPACE_LOG_LEVEL (--log-level) must be debug, info, warn, error or silent',
    );
  });

  test('a 2025-06-18 client is sent no tasks or extensions capability, which its revision does not define; a 2025-11-25 client is', async () => {
    const capabilities = async (version: string) => {
      const { replies } = await rawStdio(['--sandbox'], sandboxEnv(sandbox), [initialize(version)]);
      return (replies[0]!['result'] as { protocolVersion: string; capabilities: Record<string, unknown> }).capabilities;
    };
    const older = await capabilities('2025-06-18');
    expect(Object.keys(older).sort()).toEqual(['completions', 'logging', 'prompts', 'resources', 'tools']);
    expect(await capabilities('2025-11-25')).toHaveProperty('tasks.requests.tools.call');
  });

  test('--toolsets jobs is a toolset like the others', async () => {
    const { replies } = await rawStdio(['--sandbox', '--toolsets', 'jobs'], sandboxEnv(sandbox), [initialize('2025-11-25'), ...listTools]);
    const names = (replies.find((r) => r['id'] === 2)!['result'] as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(names).toEqual(['jobs_get', 'jobs_cancel']);
  });
});

describe('stdio', () => {
  test('stdout carries only protocol frames, and the process exits when stdin closes', async () => {
    const child = spawn(process.execPath, [CLI], {
      env: { ...sandboxEnv(sandbox), WORKSPACE_LOG_LEVEL: 'debug' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const send = (msg: object) => child.stdin.write(JSON.stringify(msg) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'analytics_hero', arguments: {} } });
    await new Promise<void>((resolve) => {
      const check = () => (stdout.includes('"id":2') ? resolve() : setTimeout(check, 20));
      check();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(lines).toHaveLength(2);
    expect(stderr).toContain('"msg":"upstream"'); // debug logs went to stderr
  });

  test('a client that closes its input right after a call still gets the answer', async () => {
    const child = spawn(process.execPath, [CLI], { env: sandboxEnv(sandbox), stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end(
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'analytics_courses', arguments: {} } },
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n',
    );
    expect(await exited).toBe(0);
    const answer = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: unknown } })
      .find((m) => m.id === 2);
    expect(answer?.result?.structuredContent).toHaveProperty('courses');
  });

  test('tools of an API without a credential are not offered', async () => {
    const { connectStdio } = await import('./helpers.js');
    const env = sandboxEnv(sandbox);
    delete env['WORKSPACE_API_KEY'];
    const conn = await connectStdio(env);
    const names = (await conn.client.listTools()).tools.map((t) => t.name);
    await conn.close();
    // The operations offered are the Connector's (the job tools come with long ones, if any).
    expect(names.filter((n) => tools.some((t) => t.name === n))).toEqual(tools.filter((t) => t.api === 'connector').map((t) => t.name));
  });

  test('--tools and --exclude-tools narrow the list a client gets, and the instructions with it', async () => {
    const { connectStdio } = await import('./helpers.js');
    const conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_EXCLUDE_TOOLS: 'groups_delete' }), [
      '--toolsets',
      'groups',
      '--tools',
      'analytics_hero',
    ]);
    const names = (await conn.client.listTools()).tools.map((t) => t.name);
    const instructions = conn.client.getInstructions() ?? '';
    const refused = await conn.client
      .callTool({ name: 'groups_delete', arguments: { groupId: 'g_sales' } })
      .catch((e: unknown) => e as Error);
    await conn.close();
    // batch_call comes with any API tool, and the job tools with it (a batch that outlasts the client is a job).
    expect(names).toEqual([
      ...tools.filter((t) => t.name === 'analytics_hero' || (t.toolset === 'groups' && t.name !== 'groups_delete')).map((t) => t.name),
      'batch_call',
      'jobs_get',
      'jobs_cancel',
    ]);
    expect(instructions).not.toContain('groups_delete');
    expect(instructions).toContain('- analytics: ');
    expect((refused as Error).message).toContain('Unknown tool "groups_delete"');
  });
});

describe('http', () => {
  test('GET /healthz answers, one session per client, DELETE ends a session', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox));
    try {
      const health = await fetch(server.url.replace('/mcp', '/healthz'));
      expect(health.status).toBe(200);
      const a = await connectHttp(server.url);
      const b = await connectHttp(server.url);
      const ta = (a.client as unknown as { _transport: { sessionId?: string } })._transport.sessionId;
      const tb = (b.client as unknown as { _transport: { sessionId?: string } })._transport.sessionId;
      expect(ta).toBeTruthy();
      expect(ta).not.toBe(tb);
      await a.close(); // sends DELETE /mcp
      const after = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': ta!,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(after.status).toBe(404);
      expect((await b.client.listTools()).tools.length).toBeGreaterThan(0);
      await b.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test('a request without a session that is not initialize is refused with a JSON-RPC error', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox));
    try {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('initialize');
      const garbage = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
      expect(garbage.status).toBe(400);
    } finally {
      await server.stop();
    }
  });
});
