// podman for the image tests, with the settings scripts/image/env.sh exports (CONTAINERS_CONF and the
// storage driver); the tests run through scripts/image/test.sh, after the images are built.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { program } from '../programs.js';

const run = promisify(execFile);

/** The image scripts/image/build.sh built from the Dockerfile, and the (stand-in) base it is built on. */
export const IMAGE = process.env['IMAGE'] ?? 'localhost/learning-workspace-mcp:ci';
export const IMAGE_TELEMETRY = process.env['IMAGE_TELEMETRY'] ?? 'localhost/learning-workspace-mcp:ci-telemetry';
export const BASE_IMAGE = process.env['BASE_IMAGE'] ?? 'docker.io/library/node:24-bookworm-slim';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** A podman command's exit code and output; a failure is a result, not an exception. */
export async function podman(args: string[], timeoutMs = 120_000): Promise<Result> {
  try {
    const { stdout, stderr } = await run(program('podman'), args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

/** podman that must succeed: its stdout. */
export async function podmanOk(args: string[], timeoutMs?: number): Promise<string> {
  const r = await podman(args, timeoutMs);
  if (r.code !== 0) throw new Error(`podman ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout.trim();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until a container has ended, reading its state. `podman wait` and an attached `podman run` also
 * wait for conmon to be reaped, which on machines whose init reaps orphans late takes 20 s more.
 */
export async function ended(name: string, withinMs: number): Promise<number> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const [status, code] = (await podmanOk(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', name])).split(' ');
    if (status === 'exited' || status === 'stopped') return Number(code);
    await sleep(200);
  }
  throw new Error(`${name} still running after ${withinMs} ms`);
}

/** A container run to its end (detached, then read: see `ended`): its exit code and output. */
export async function runToEnd(name: string, args: string[], withinMs = 30_000): Promise<Result> {
  await podmanOk(['run', '-d', '--name', name, '--no-healthcheck', ...args]);
  try {
    const code = await ended(name, withinMs);
    const logs = await podman(['logs', name]);
    return { code, stdout: logs.stdout, stderr: logs.stderr };
  } finally {
    await podman(['rm', '-f', name]);
  }
}

/** Polls until `ready` holds (errors count as not yet), or fails with what the last attempt said. */
export async function until<T>(what: string, ready: () => Promise<T>, withinMs: number): Promise<T> {
  const end = Date.now() + withinMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      return await ready();
    } catch (err) {
      last = err;
    }
    await sleep(250);
  }
  throw new Error(`${what}: not within ${withinMs} ms (${String(last)})`);
}

/** An MCP client over Streamable HTTP with the access token, as a hosted client connects. */
export async function connectWithToken(url: string, token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'image-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}
