import { createServer as createNetServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { tools as allTools, type Api } from '../tools/index.js';
import { JOB_TOOL_NAMES, offered, summarize } from '../src/mcp/tool-summary.js';
import { SANDBOX_CREDENTIALS, type SandboxOptions } from '../src/sandbox/platform.js';
import { startTestSandbox as startSandbox, type TestSandbox as Sandbox } from '../src/sandbox/testing.js';
import { Catalogue, repeatFacts } from '../src/mcp/catalogue.js';
import { createMcpServer } from '../src/compose/server.js';
import { MemoryJobStore } from '../src/jobs/memory-store.js';
import { JobRunner } from '../src/jobs/runner.js';
import { Upstream } from '../src/call/upstream.js';
import { expectOneResolution } from './one-resolution.js';
import { program } from './programs.js';

/**
 * How many tools a server with credentials for these APIs lists by default, counted from the rows: the
 * operations of those APIs, batch_call, and the job tools (a long call, or a batch, may become a job).
 */
function listedFor(...apis: Api[]): number {
  const rows = allTools.filter((t) => apis.includes(t.api));
  return rows.length + 1 + JOB_TOOL_NAMES.length;
}
/** Every tool the server lists by default: every operation of the two APIs, batch_call and the job tools. */
export const ALL_TOOLS = listedFor('connector', 'content');
/** What a client with only a Content API key is offered. */
export const CONTENT_TOOLS = listedFor('content');
/** What a client with only a Connector token is offered. */
export const CONNECTOR_TOOLS = listedFor('connector');

export const CLI = fileURLToPath(new URL('../dist/src/cli.js', import.meta.url));
export { expectOneResolution, SANDBOX_CREDENTIALS, startSandbox, type Sandbox };

export interface Connected {
  client: Client;
  close(): Promise<void>;
}

export function sandboxEnv(sandbox: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '',
    WORKSPACE_BASE_URL: sandbox.url,
    WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.connectorToken,
    WORKSPACE_API_KEY: SANDBOX_CREDENTIALS.apiKey,
    WORKSPACE_USER_ID: SANDBOX_CREDENTIALS.userId,
    WORKSPACE_LOG_LEVEL: 'warn',
    // Fast retries keep the suite quick; the backoff itself is the upstream client's (src/call/upstream.ts).
    WORKSPACE_RETRY_BASE_MS: '20',
    ...extra,
  };
}

/** A test client whose every tool result is held to expectOneResolution, in every suite that connects through here. */
export function watched(client: Client): Client {
  const callTool = client.callTool.bind(client);
  const checked = async (...args: Parameters<typeof callTool>) => {
    const result = await callTool(...args);
    if ('content' in result) expectOneResolution(result as CallToolResult);
    return result;
  };
  return Object.assign(client, { callTool: checked as typeof callTool });
}

/** The server in this process, wired to a client through the SDK's in-memory transport. */
export async function connectInMemory(
  sandbox: Sandbox,
  opts: {
    token?: string;
    apiKey?: string;
    readOnly?: boolean;
    timeoutMs?: number;
    deadlineMs?: number;
    maxRetries?: number;
    streamIdleMs?: number;
    keepAliveMs?: number;
    jobAfterMs?: number;
    /** code_run offered (--toolsets …,code). */
    code?: boolean;
  } = {},
): Promise<Connected> {
  const upstream = new Upstream(
    {
      connector: { baseUrl: sandbox.url, token: opts.token ?? SANDBOX_CREDENTIALS.connectorToken },
      content: { baseUrl: sandbox.url, apiKey: opts.apiKey ?? SANDBOX_CREDENTIALS.apiKey, userId: SANDBOX_CREDENTIALS.userId },
    },
    {
      timeoutMs: opts.timeoutMs ?? 5_000,
      deadlineMs: opts.deadlineMs,
      maxRetries: opts.maxRetries ?? 2,
      retryBaseMs: 20,
      streamIdleMs: opts.streamIdleMs ?? 60_000,
    },
  );
  // Long calls are handed off as jobs, as the built server does by default, when a test asks for it.
  const jobs = opts.jobAfterMs
    ? new JobRunner(new MemoryJobStore({ keepMs: 3_600_000, quickKeepMs: 0 }), {
        handOffMs: opts.jobAfterMs,
        pollMs: opts.jobAfterMs / 2,
        replica: 'test',
        keepMs: 3_600_000,
        facts: repeatFacts,
      })
    : undefined;
  const catalogue = Catalogue.of(
    allTools.filter((t) => offered(summarize(t), { apis: upstream.apis(), readOnly: opts.readOnly })),
    jobs !== undefined,
    opts.code ?? false,
  );
  const server = createMcpServer({ upstream, tools: catalogue, keepAliveMs: opts.keepAliveMs, jobs });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = watched(new Client({ name: 'test', version: '0.0.0' }));
  await Promise.all([server.connect(a), client.connect(b)]);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
      await upstream.close();
      await jobs?.close();
    },
  };
}

/** The built binary over stdio. */
export async function connectStdio(env: Record<string, string>, args: string[] = []): Promise<Connected & { stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, ...args], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = watched(new Client({ name: 'test', version: '0.0.0' }));
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A loopback port nobody listens on now, for a server that must know its address before it starts. */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

export interface HttpProcess {
  url: string;
  pid: number | undefined;
  stderr: () => string;
  stop(): Promise<number | null>;
}

/** The built binary serving Streamable HTTP on an ephemeral loopback port. */
export async function startHttpProcess(
  env: Record<string, string>,
  args: string[] = [],
  script = CLI,
  keepStderr = true,
): Promise<HttpProcess> {
  const child = spawn(process.execPath, [script, '--http', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let found = false;
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      if (found && !keepStderr) return; // read and dropped, as a log collector would
      stderr += c.toString();
      found ||= /MCP endpoint/.test(stderr);
      const m = /MCP endpoint \(Streamable HTTP\): (\S+)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        // Already gone (exited, or killed by the test): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export async function connectHttp(url: string): Promise<Connected> {
  const client = watched(new Client({ name: 'test', version: '0.0.0' }));
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return {
    client,
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

export function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export type { SandboxOptions };

/** A real redis-server on a free loopback port (a test that starts one calls needPrograms(ctx, 'redis-server') first), nothing saved to disk, which a test can kill, pause and start again. */
export interface RedisProcess {
  url: string;
  /** SIGKILL: gone at once, with everything it held. */
  kill(): Promise<void>;
  /** Started again on the same port, empty. */
  restart(): Promise<void>;
  /** SIGSTOP and SIGCONT: connections stay open, nothing is answered meanwhile. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child = await spawnRedis(port);
  const exited = (c: ChildProcess) =>
    new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async restart() {
      child = await spawnRedis(port);
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    program('redis-server'),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/Ready to accept connections/.test(out)) resolve();
    });
    child.once('error', (err) => reject(new Error(`redis-server could not start: ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return child;
}
