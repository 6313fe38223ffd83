// The compose recipe (deploy/compose.yaml) as Debian's podman-compose 1.0.3 runs it: two replicas of the
// image on a bridge network, Redis, and nginx in front with the repository's configuration, published on
// 127.0.0.1 only. Settings reach the replicas as the server's environment variables, chosen here.
// Redis and nginx are the official images, or on a machine with no registry the stand-ins of
// scripts/image/services.sh.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../helpers.js';
import { connectWithToken, IMAGE, podman, podmanOk, until } from './podman.js';
import { program } from '../programs.js';

const COMPOSE_FILE = fileURLToPath(new URL('../../deploy/compose.yaml', import.meta.url));
const PROJECT = `lwcompose${process.pid}`;
const TOKEN = 'compose-test-token-0123456789';
let url: string;
let env: NodeJS.ProcessEnv;

async function compose(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(program('podman-compose'), ['-f', COMPOSE_FILE, '-p', PROJECT, ...args], {
    env,
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

type Session = Awaited<ReturnType<typeof connectWithToken>>;
const replicaOf = (s: Session) => s.transport.sessionId?.split('.')[0];

beforeAll(async () => {
  // The recipe names the image it builds; the test runs the one CI built.
  await podmanOk(['tag', IMAGE, 'localhost/learning-workspace-mcp:latest']);
  const port = await freePort();
  url = `http://127.0.0.1:${port}/mcp`;
  env = {
    ...process.env,
    MCP_PORT: String(port),
    WORKSPACE_MCP_AUTH_TOKEN: TOKEN,
    WORKSPACE_STATE_SECRET: 'compose-test-state-secret-0123456789abcdef',
    // Each replica tries the built-in sandbox workspace; a deck takes it 1.5 s, past the 500 ms hand-off.
    WORKSPACE_SANDBOX: '1',
    WORKSPACE_JOB_AFTER_MS: '500',
    WORKSPACE_MCP_DRAIN_MS: '2000',
  };
  await compose('up', '-d');
  // Up when nginx has reached both replicas (initialize goes round robin).
  const seen = new Set<string | undefined>();
  await until(
    'nginx answers for both replicas',
    async () => {
      const s = await connectWithToken(url, TOKEN);
      seen.add(replicaOf(s));
      await s.client.close();
      if (!seen.has('r1') || !seen.has('r2')) throw new Error(`replicas answering: ${[...seen].join(', ')}`);
    },
    90_000,
  );
});

afterAll(async () => {
  await compose('down', '-t', '5').catch((err: unknown) => console.log(`compose down: ${String(err)}`));
  // podman-compose 1.0.3 leaves the network it made.
  await podman(['network', 'rm', '-f', `${PROJECT}_mcp`]);
});

test('a long call handed off on one replica is read on the other through nginx', async () => {
  const first = await connectWithToken(url, TOKEN);
  const others: Session[] = [];
  try {
    const started = (await first.client.callTool({
      name: 'presentations_create',
      arguments: { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' },
    })) as CallToolResult;
    const job = (started.structuredContent as { job?: { id: string; status: string } }).job;
    expect(job?.status).toBe('running');
    // nginx sends initialize round robin and the rest of a session to the replica its id names.
    let second: Session | undefined;
    for (let i = 0; i < 6 && !second; i++) {
      const s = await connectWithToken(url, TOKEN);
      others.push(s);
      if (replicaOf(s) !== replicaOf(first)) second = s;
    }
    expect([replicaOf(first), replicaOf(second!)].sort()).toEqual(['r1', 'r2']);
    const read = await until(
      'the job is read on the other replica',
      async () => {
        const r = (await second!.client.callTool({ name: 'jobs_get', arguments: { jobId: job!.id } })) as CallToolResult;
        const got = (r.structuredContent as { job?: { status: string } } | undefined)?.job;
        if (got?.status !== 'succeeded') throw new Error(JSON.stringify(r.structuredContent ?? r.content).slice(0, 300));
        return got as { status: string; result?: { presentation?: { topic?: string } } };
      },
      30_000,
    );
    expect(read.result?.presentation?.topic).toBe('Negotiation basics');
  } finally {
    for (const s of [first, ...others]) await s.client.close().catch(() => undefined);
  }
});

test('the replicas run the image with the settings given as environment variables, on a bridge network', async () => {
  const names = (await podmanOk(['ps', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}'])).split('\n');
  expect(names.sort()).toEqual([`${PROJECT}_nginx_1`, `${PROJECT}_redis_1`, `${PROJECT}_replica-1_1`, `${PROJECT}_replica-2_1`]);
  const replica = `${PROJECT}_replica-1_1`;
  const envOf = await podmanOk(['inspect', '--format', '{{range .Config.Env}}{{println .}}{{end}}', replica]);
  expect(envOf).toContain(`WORKSPACE_MCP_AUTH_TOKEN=${TOKEN}`);
  expect(envOf).toContain('WORKSPACE_MCP_REPLICA_ID=r1');
  expect(envOf).toContain('WORKSPACE_REDIS_URL=redis://redis:6379');
  // Nothing of the address is in the command: the image's environment says 0.0.0.0:8787.
  expect(await podmanOk(['inspect', '--format', '{{json .Config.Cmd}}', replica])).not.toMatch(/host|port/);
  expect(await podmanOk(['inspect', '--format', '{{.HostConfig.NetworkMode}}', replica])).toBe('bridge');
  // Only nginx is published, on loopback.
  const ports = await podmanOk(['port', `${PROJECT}_nginx_1`]);
  expect(ports.trim()).toBe(`8080/tcp -> 127.0.0.1:${new URL(url).port}`);
});
