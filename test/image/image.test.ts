// The image the Dockerfile builds, run as users run it: settings from the environment, a workspace to talk
// to (here the sandbox on loopback, reached through host networking), an SDK client over Streamable HTTP.
// The base it was built on is the official node:<major>-bookworm-slim, or on a machine with no registry the
// stand-in scripts/image/base.sh makes: the size budget is measured against whichever it was.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_TOOLS, freePort, SANDBOX_CREDENTIALS, startSandbox, type Sandbox } from '../helpers.js';
import { smoke } from '../smoke.js';
import { BASE_IMAGE, connectWithToken, ended, IMAGE, IMAGE_TELEMETRY, podman, podmanOk, runToEnd, until } from './podman.js';

const TOKEN = 'image-test-token-0123456789';
const DRAIN_MS = 3_000;
const name = (what: string) => `lw-image-${what}-${process.pid}`;

let sandbox: Sandbox;
let url: string;
const server = name('server');

/** The workspace settings a deployment passes, pointing at the sandbox on this machine's loopback. */
const workspaceEnv = () => [
  ...['-e', `WORKSPACE_BASE_URL=${sandbox.url}`],
  ...['-e', `WORKSPACE_CONNECTOR_TOKEN=${SANDBOX_CREDENTIALS.connectorToken}`],
  ...['-e', `WORKSPACE_API_KEY=${SANDBOX_CREDENTIALS.apiKey}`],
  ...['-e', `WORKSPACE_USER_ID=${SANDBOX_CREDENTIALS.userId}`],
];

beforeAll(async () => {
  // Decks take 20 s: one is in flight when the container is stopped, so the stop drains.
  sandbox = await startSandbox({ generationMs: 20_000 });
  const port = await freePort();
  // Host networking on loopback only: the address and port are the server's own settings.
  await podmanOk([
    'run', '-d', '--name', server, '--network', 'host',
    '-e', 'WORKSPACE_MCP_HOST=127.0.0.1', '-e', `WORKSPACE_MCP_PORT=${port}`,
    '-e', `WORKSPACE_MCP_AUTH_TOKEN=${TOKEN}`, '-e', `WORKSPACE_MCP_DRAIN_MS=${DRAIN_MS}`,
    ...workspaceEnv(), IMAGE,
  ]); // prettier-ignore
  url = `http://127.0.0.1:${port}/mcp`;
  await until('the server answers /healthz', async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok || Promise.reject(), 30_000);
});

afterAll(async () => {
  await podman(['rm', '-f', '-t', '0', server]);
  await sandbox?.close();
});

describe('the container image', () => {
  test(`an SDK client over Streamable HTTP initializes, lists the ${ALL_TOOLS} tools, calls one and reads a view`, async () => {
    const { client } = await connectWithToken(url, TOKEN);
    try {
      await smoke(client);
    } finally {
      await client.close();
    }
  });

  test('a request without the access token is refused with 401', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  test("the image's HEALTHCHECK passes, with node (the slim image has no curl)", async () => {
    const check = await podmanOk(['image', 'inspect', '--format', '{{json .HealthCheck}}', IMAGE]);
    expect(check).toContain('/healthz');
    const r = await podman(['healthcheck', 'run', server]);
    expect(r, r.stderr).toMatchObject({ code: 0 });
    expect(await podmanOk(['inspect', '--format', '{{.State.Health.Status}}', server])).toBe('healthy');
  });

  test('it runs as the non-root user node, with node as PID 1 (so SIGTERM reaches the server)', async () => {
    expect(await podmanOk(['inspect', '--format', '{{.Config.User}}', server])).toBe('node');
    expect(await podmanOk(['exec', server, 'id', '-u'])).toBe('1000');
    const pid1 = await podmanOk(['exec', server, 'cat', '/proc/1/cmdline']);
    expect(pid1.split('\0')).toEqual(['node', '/app/dist/src/cli.js', '']);
    // What runs is read-only to it: the bundle belongs to root.
    expect(await podmanOk(['exec', server, 'stat', '-c', '%U', '/app/dist/src/cli.js'])).toBe('root');
  });

  test('the image adds at most 25 MB to its base, and holds no sources, dev dependencies or npm cache', async () => {
    const size = async (image: string) => Number(await podmanOk(['image', 'inspect', '--format', '{{.Size}}', image]));
    const added = (await size(IMAGE)) - (await size(BASE_IMAGE));
    console.log(`${IMAGE} adds ${(added / 1e6).toFixed(1)} MB to ${BASE_IMAGE}`);
    expect(added).toBeLessThanOrEqual(25e6);
    const files = await runToEnd(name('files'), [
      '--network', 'none', '--entrypoint', 'sh', IMAGE,
      '-c', 'ls -A /app; ls -A /app/dist; ls -d /app/node_modules /home/node/.npm /root/.npm /app/src 2>/dev/null; true',
    ]); // prettier-ignore
    expect(files.stdout.trim().split('\n').sort()).toEqual(['dist', 'package.json', 'src'].sort());
  });

  test('without an access token it refuses to serve off loopback, as the server does', async () => {
    // No network at all: the container only has to say no (its default address is 0.0.0.0).
    const refused = await runToEnd(name('refused'), ['--network', 'none', ...workspaceEnv(), IMAGE]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('without an access token');
  });

  test(`podman stop ends it with exit code 0 within the drain time (${DRAIN_MS} ms) plus 2 s, a call in flight`, async () => {
    const { client } = await connectWithToken(url, TOKEN);
    const inFlight = client
      .callTool({ name: 'presentations_create', arguments: { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' } })
      .catch((err: unknown) => err);
    await until(
      'the deck is being made',
      async () => sandbox.requests.some((r) => r.path === '/api/v1/pdf-generator/create') || Promise.reject(),
      10_000,
    );
    const started = Date.now();
    const stop = await podman(['stop', '-t', String(DRAIN_MS / 1000 + 10), server]);
    const tookMs = Date.now() - started;
    console.log(`podman stop took ${tookMs} ms with a call in flight (drain ${DRAIN_MS} ms)`);
    expect(stop.code, stop.stderr).toBe(0);
    expect(await ended(server, 5_000)).toBe(0);
    expect(tookMs).toBeLessThanOrEqual(DRAIN_MS + 2_000);
    await inFlight;
    await client.close().catch(() => undefined);
  });
});

describe('the image built with --build-arg TELEMETRY=1', () => {
  test('serves Prometheus metrics at /metrics behind the access token, with the operation-duration series after a call', async () => {
    const port = await freePort();
    const metricsServer = name('metrics');
    await podmanOk([
      'run', '-d', '--name', metricsServer, '--network', 'host',
      '-e', 'WORKSPACE_MCP_HOST=127.0.0.1', '-e', `WORKSPACE_MCP_PORT=${port}`, '-e', `WORKSPACE_MCP_AUTH_TOKEN=${TOKEN}`,
      '-e', 'WORKSPACE_MCP_METRICS=1', ...workspaceEnv(), IMAGE_TELEMETRY,
    ]); // prettier-ignore
    try {
      const base = `http://127.0.0.1:${port}`;
      await until('the server answers /healthz', async () => (await fetch(`${base}/healthz`)).ok || Promise.reject(), 30_000);
      const { client } = await connectWithToken(`${base}/mcp`, TOKEN);
      try {
        await client.callTool({ name: 'groups_list', arguments: {} });
      } finally {
        await client.close();
      }
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const scraped = await until(
        'the call is in /metrics',
        async () => {
          const body = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
          return body.includes('groups_list') ? body : Promise.reject(new Error(body.slice(0, 300)));
        },
        20_000,
      );
      expect(scraped).toMatch(/mcp_server_operation_duration/);
      expect(scraped).not.toContain(TOKEN);
      const logs = await podmanOk(['logs', metricsServer]);
      expect(logs).not.toMatch(/OpenTelemetry.*not/i);
    } finally {
      await podman(['rm', '-f', '-t', '0', metricsServer]);
    }
  });
});
