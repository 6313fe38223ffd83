// One caller cannot crowd out another, against the built server over HTTP: background jobs per caller
// (memory and Redis stores), requests in flight per caller on 2026-07-28, and a flood of made-up credentials.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SANDBOX_CREDENTIALS,
  call,
  sandboxEnv,
  startHttpProcess,
  startRedis,
  startSandbox,
  text,
  watched,
  type RedisProcess,
  type Sandbox,
} from './helpers.js';
import { needPrograms } from './programs.js';

const ALICE = 'access-token-of-alice-000000';
const BOB = 'access-token-of-bob-00000000';
const DECK = { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' };
const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const ENVELOPE_VERSION = 'io.modelcontextprotocol/protocolVersion';

async function connectAs(url: string, headers: Record<string, string>): Promise<Client> {
  const c = watched(new Client({ name: 'test', version: '0' }));
  await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return c;
}

const jobOf = (r: CallToolResult) => (r.structuredContent as { job?: { id: string; status: string } } | undefined)?.job;

/** jobs_get until the job ends. */
async function follow(client: Client, id: string): Promise<CallToolResult> {
  for (let turn = 0; turn < 100; turn++) {
    const r = await call(client, 'jobs_get', { jobId: id });
    if (jobOf(r)?.status !== 'running') return r;
  }
  throw new Error('the job never ended');
}

/** A 2026-07-28 tools/call as a client of that revision sends it: no session, the revision in `_meta` and the headers. */
function modernCall(url: string, token: string, name: string, args: Record<string, unknown>) {
  return fetch(url, {
    method: 'POST',
    headers: {
      ...ACCEPT,
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          [ENVELOPE_VERSION]: '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
}

const creates = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path === '/api/v1/pdf-generator/create').length;

describe.each(['memory', 'Redis'])('background jobs per caller, %s store', (store) => {
  let sandbox: Sandbox;
  let redis: RedisProcess | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ generationMs: 1_500 });
  });
  afterAll(async () => {
    await sandbox.close();
    await redis?.stop();
  });

  test(
    "past its bound a caller's new job is refused, naming the bound and jobs_get, with nothing sent; another caller's finished job is still answered",
    { timeout: 60_000 },
    async (ctx) => {
      const extra: Record<string, string> = { WORKSPACE_JOB_AFTER_MS: '200', WORKSPACE_MAX_JOBS_PER_CALLER: '2' };
      if (store === 'Redis') {
        needPrograms(ctx, 'redis-server');
        redis = await startRedis();
        extra['WORKSPACE_REDIS_URL'] = redis.url;
      }
      const server = await startHttpProcess(sandboxEnv(sandbox, extra), ['--auth-token', `${ALICE},${BOB}`]);
      const bob = await connectAs(server.url, { authorization: `Bearer ${BOB}` });
      const alice = await connectAs(server.url, { authorization: `Bearer ${ALICE}` });
      try {
        const bobs = jobOf(await call(bob, 'presentations_create', { ...DECK, topic: 'Bob' }))!;
        expect(bobs.status).toBe('running');
        expect(text(await follow(bob, bobs.id))).toContain('succeeded');

        const first = await Promise.all(['A', 'B'].map((t) => call(alice, 'presentations_create', { ...DECK, topic: `Alice ${t}` })));
        const ids = first.map((r) => jobOf(r)!.id);
        const sent = creates(sandbox);
        const refused = await call(alice, 'presentations_create', { ...DECK, topic: 'Alice C' });
        expect(refused.isError).toBe(true);
        expect(text(refused)).toMatch(/TOO_MANY_JOBS/);
        expect(text(refused)).toMatch(/at most 2 running at once/);
        expect(text(refused)).toMatch(/jobs_get/);
        // The same bound holds for a 2026-07-28 request.
        const modern = (await (await modernCall(server.url, ALICE, 'presentations_create', { ...DECK, topic: 'Alice D' })).json()) as {
          result: CallToolResult;
        };
        expect(modern.result.isError).toBe(true);
        expect(text(modern.result)).toMatch(/TOO_MANY_JOBS/);
        // An identical call joins its running job: it starts nothing, so the bound does not refuse it.
        expect(jobOf(await call(alice, 'presentations_create', { ...DECK, topic: 'Alice A' }))?.id).toBe(ids[0]);
        expect(creates(sandbox)).toBe(sent);

        // Alice's jobs do not touch Bob's: his finished deck is still his to read.
        const again = await call(bob, 'jobs_get', { jobId: bobs.id });
        expect(jobOf(again)?.status).toBe('succeeded');
        // Once one of hers ends, Alice may start another.
        for (const id of ids) await follow(alice, id);
        expect(jobOf(await call(alice, 'presentations_create', { ...DECK, topic: 'Alice C' }))?.status).toBe('running');
      } finally {
        await alice.close();
        await bob.close();
        await server.stop();
      }
    },
  );
});

describe('requests in flight per caller', () => {
  test(
    'a 2026-07-28 caller past --max-inflight-per-caller is refused (429); another caller is served meanwhile',
    { timeout: 30_000 },
    async () => {
      const sandbox = await startSandbox();
      const server = await startHttpProcess(sandboxEnv(sandbox), ['--auth-token', `${ALICE},${BOB}`, '--max-inflight-per-caller', '2']);
      try {
        sandbox.latencyMs = 1_500;
        // Alice's four and Bob's one sent together, each waiting 1.5 s on the slow upstream.
        const alices = Array.from({ length: 4 }, () => modernCall(server.url, ALICE, 'radar_alerts_list', { limit: 1 }));
        const bobs = modernCall(server.url, BOB, 'radar_alerts_list', { limit: 1 });
        const statuses = await Promise.all(alices.map(async (r) => (await r).status));
        expect(statuses.filter((s) => s === 429)).toHaveLength(2);
        expect(statuses.filter((s) => s === 200)).toHaveLength(2);
        expect((await bobs).status).toBe(200);
      } finally {
        await server.stop();
        await sandbox.close();
      }
    },
  );
});

describe('client credentials', () => {
  test(
    'a flood of made-up credentials leaves a known-good caller and a new real one served; a refusal is remembered',
    { timeout: 60_000 },
    async () => {
      const sandbox = await startSandbox();
      const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' });
      delete env['WORKSPACE_CONNECTOR_TOKEN'];
      delete env['WORKSPACE_API_KEY'];
      delete env['WORKSPACE_USER_ID'];
      const server = await startHttpProcess(env, ['--credentials', 'client']);
      const init = {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      };
      const open = (headers: Record<string, string>) =>
        fetch(server.url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: JSON.stringify(init) }).then(
          async (r) => (await r.text(), r.status),
        );
      const real = (user: string) => ({ authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'x-user-id': user });
      const checks = () => sandbox.requests.filter((r) => r.path === '/api/v1/radar/alerts-list').length;
      try {
        const known = await connectAs(server.url, real('u_known'));
        sandbox.latencyMs = 200;
        const flood = Promise.all(Array.from({ length: 60 }, (_, i) => open({ authorization: `Bearer made-up-token-${i}` })));
        // While the flood's checks hold the slots open to new credentials: the known caller and a new real one.
        const [knownAgain, newcomer] = await Promise.all([open(real('u_known')), open(real('u_new'))]);
        expect(knownAgain).toBe(200);
        expect(newcomer).toBe(200);
        expect(text(await call(known, 'radar_alerts_list', { limit: 1 }))).toContain('alerts');
        const statuses = await flood;
        expect(statuses.every((s) => s === 401)).toBe(true);
        // Sent again, a made-up credential is refused from memory: no check upstream.
        const before = checks();
        expect(await open({ authorization: 'Bearer made-up-token-0' })).toBe(401);
        expect(checks()).toBe(before);
        await known.close();
      } finally {
        await server.stop();
        await sandbox.close();
      }
    },
  );
});
