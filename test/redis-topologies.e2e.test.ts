// The job store and the rate limit on the Redis deployments teams run, with real processes on loopback: a
// three-master cluster, a master and replica under three sentinels (SIGKILL of the master, SENTINEL
// FAILOVER), TLS with a CA made here and ACL users, and a Redis that is not up when the server starts.
// What a client saw, and the seconds to recover, are printed (MEASURE lines) for the operator's notes.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { freePort, sandboxEnv, startHttpProcess, startSandbox, text, type HttpProcess, type Sandbox, watched } from './helpers.js';
import { needPrograms } from './programs.js';
import {
  cli,
  MASTER,
  nodeOf,
  redisServer,
  startCluster,
  startSentinels,
  startTlsRedis,
  TLS_USER,
  until,
  type Cli,
} from './redis-topologies.js';

const DECK = { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' };
const creates = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path === '/api/v1/pdf-generator/create').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);

interface Job {
  id: string;
  status: string;
  result?: Record<string, unknown>;
}
const jobOf = (r: CallToolResult) => (r.structuredContent as { job?: Job } | undefined)?.job;

async function connect(url: string, token?: string): Promise<Client> {
  const client = watched(new Client({ name: 'test', version: '0.0.0' }));
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, CallToolResultSchema, { timeout: 30_000 })) as CallToolResult;
}

/** jobs_get until the job ends; every answer is kept (a store failing over answers STORE_UNAVAILABLE meanwhile). */
async function untilEnded(client: Client, id: string, withinMs = 40_000): Promise<{ job: Job | undefined; answers: string[] }> {
  const answers: string[] = [];
  const end = Date.now() + withinMs;
  let job: Job | undefined;
  while (Date.now() < end) {
    const r = await call(client, 'jobs_get', { jobId: id });
    answers.push(text(r));
    job = jobOf(r) ?? job;
    if (job && job.status !== 'running') break;
    await sleep(500);
  }
  return { job, answers };
}

/** A call that needs the store, again and again until it is not STORE_UNAVAILABLE; the refusals it met. */
async function untilServed(
  client: Client,
  args: Record<string, unknown>,
  withinMs = 30_000,
): Promise<{ result: CallToolResult; refused: number }> {
  const end = Date.now() + withinMs;
  let refused = 0;
  for (;;) {
    const result = await call(client, 'presentations_create', args);
    if (!text(result).includes('STORE_UNAVAILABLE') || Date.now() > end) return { result, refused };
    refused++;
    await sleep(250);
  }
}

const readyz = async (p: HttpProcess) => {
  const res = await fetch(p.url.replace('/mcp', '/readyz'));
  return {
    status: res.status,
    body: (await res.json()) as { ready: boolean; stores?: Record<string, string>; storeReasons?: Record<string, string> },
  };
};

/** Stops servers, clients and whatever else a test started, however it ended. */
function cleanup() {
  const stops: (() => Promise<unknown>)[] = [];
  return {
    add: <T>(value: T, stop: (v: T) => Promise<unknown>) => (stops.push(() => stop(value)), value),
    run: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}

type Cleanup = ReturnType<typeof cleanup>;
interface Replicas {
  a: HttpProcess;
  b: HttpProcess;
  ca: Client;
  cb: Client;
}

/** Two server replicas on one store, ready, each with a client (signed in with `token` when given). */
async function twoReplicas(c: Cleanup, env: Record<string, string>, args: string[], token?: string): Promise<Replicas> {
  const [a, b] = await Promise.all([startHttpProcess(env, args), startHttpProcess(env, args)]);
  c.add(a, (p) => p.stop());
  c.add(b, (p) => p.stop());
  await until('both replicas ready', async () => (await readyz(a)).status === 200 && (await readyz(b)).status === 200);
  const ca = c.add(await connect(a.url, token), (x) => x.close());
  const cb = c.add(await connect(b.url, token), (x) => x.close());
  return { a, b, ca, cb };
}

/** Callers whose rate-limit counts sit on each node of a cluster: `perNode` tokens a node, `count` in all. */
async function callersOnEveryNode(ports: number[], prefix: string, perNode: number, count: number, via?: Cli): Promise<string[]> {
  const byNode = new Map<number, string[]>();
  for (let i = 0; byNode.size < ports.length || [...byNode.values()].some((t) => t.length < perNode); i++) {
    const token = `${prefix}-${i}-aaaaaaaaaaaaaaaa`;
    const node = await nodeOf(ports, `lw:rate:${createHash('sha256').update(token).digest('hex')}`, via);
    byNode.set(node, [...(byNode.get(node) ?? []), token]);
  }
  return [...byNode.values()].flatMap((t) => t.slice(0, perNode)).slice(0, count);
}

/** How many of `calls` calls each caller got through, alternating between the two replicas. */
function letThrough(tokens: string[], { a, b }: Replicas, calls: number): Promise<number[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const [x, y] = [await connect(a.url, token), await connect(b.url, token)];
      let ok = 0;
      for (let i = 0; i < calls; i++) {
        const r = await call(i % 2 ? y : x, 'analytics_hero', {}).catch((err: Error) => err);
        if (!(r instanceof Error) && !r.isError) ok++;
      }
      await Promise.all([x.close(), y.close()]);
      return ok;
    }),
  );
}

/**
 * A deck running on A while the master fails (killed, or failed over by the sentinels): what a client polling
 * the job on B saw, how soon after the promotion a new call was served, and the job read on both. The old master.
 */
async function failover(
  set: Awaited<ReturnType<typeof startSentinels>>,
  how: 'SIGKILL' | 'SENTINEL FAILOVER',
  topic: string,
  { a, b, ca, cb }: Replicas,
  label: string,
): Promise<number> {
  const before = await set.master();
  const job = jobOf(await call(ca, 'presentations_create', { ...DECK, topic }));
  expect(job?.status).toBe('running');
  await sleep(1_000);
  const faultAt = Date.now();
  if (how === 'SIGKILL') set.procs.find((p) => p.port === before)!.kill();
  else expect(await set.cli(set.sentinelPorts[0]!, 'sentinel', 'failover', MASTER)).toBe('OK');
  // What a client polling the job saw meanwhile: answers, and the refusals among them.
  const seen = { answers: 0, refused: 0, lastRefusedAt: 0, slowestMs: 0 };
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const asked = Date.now();
      const t = text(await call(cb, 'jobs_get', { jobId: job!.id }));
      seen.slowestMs = Math.max(seen.slowestMs, Date.now() - asked);
      seen.answers++;
      if (t.includes('STORE_UNAVAILABLE')) [seen.refused, seen.lastRefusedAt] = [seen.refused + 1, Date.now()];
      expect(t).not.toContain('NO_SUCH_JOB');
      await sleep(200);
    }
  })();
  await until('a new master', async () => (await set.master()) !== before, 30_000);
  const promotedAt = Date.now();
  const served = await untilServed(cb, { ...DECK, topic: `${topic} (after)` });
  const servedIn = seconds(promotedAt);
  watching = false;
  await watcher;
  expect(jobOf(served.result)?.id, text(served.result)).toBeDefined();
  const [onA, onB] = await Promise.all([untilEnded(ca, job!.id), untilEnded(cb, job!.id)]);
  const result = { status: 'succeeded', result: { presentation: { topic } } };
  expect(onA.job).toMatchObject(result);
  expect(onB.job).toMatchObject(result);
  const answers = [...onA.answers, ...onB.answers];
  expect(answers.filter((t) => t.includes('NO_SUCH_JOB'))).toEqual([]);
  const refusals = answers.filter((t) => t.includes('STORE_UNAVAILABLE')).length + served.refused;
  const recovered = seen.lastRefusedAt ? `${((seen.lastRefusedAt - faultAt) / 1000).toFixed(1)} s` : 'none';
  console.log(
    `MEASURE ${label} ${how}: promoted ${((promotedAt - faultAt) / 1000).toFixed(1)} s after the fault; jobs_get polled every 200 ms meanwhile: ${seen.refused} of ${seen.answers} STORE_UNAVAILABLE (the last ${recovered} after the fault), the slowest answer ${(seen.slowestMs / 1000).toFixed(1)} s; a new call served ${servedIn} s after the promotion (${served.refused} refused first); the job through it: ${onA.job?.status} on A and B, ${refusals} more STORE_UNAVAILABLE, 0 NO_SUCH_JOB; ends written again: ${(a.stderr() + b.stderr()).split('written again').length - 1}`,
  );
  expect(Number(servedIn)).toBeLessThan(10);
  return before;
}

describe.concurrent('the job store and the rate limit on the Redis topologies teams run', () => {
  test(
    'a three-master cluster: a job handed off on one replica is read and joined on the other; the limit holds exactly for callers on every node; no CROSSSLOT or MOVED',
    { timeout: 150_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-cli');
      const c = cleanup();
      try {
        const cluster = c.add(await startCluster(), (t) => t.stop());
        const sandbox = c.add(await startSandbox({ generationMs: 3_000 }), (s) => s.close());
        const tokens = await callersOnEveryNode(cluster.ports, 'cluster-caller-token', 2, 5);
        const nodes = new Set(
          await Promise.all(tokens.map((t) => nodeOf(cluster.ports, `lw:rate:${createHash('sha256').update(t).digest('hex')}`))),
        );
        expect(nodes.size).toBe(3);
        const jobToken = 'cluster-job-token-aaaaaaaaaaaaaaaa';
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_CLUSTER_NODES: cluster.ports.map((p) => `127.0.0.1:${p}`).join(','),
          WORKSPACE_JOB_AFTER_MS: '500',
          WORKSPACE_MCP_RATE_LIMIT: '10/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        const replicas = await twoReplicas(c, env, ['--stateless', '--auth-token', [jobToken, ...tokens].join(',')], jobToken);
        const { a, b, ca, cb } = replicas;

        const onA = jobOf(await call(ca, 'presentations_create', DECK));
        expect(onA?.status).toBe('running');
        const joined = jobOf(await call(cb, 'presentations_create', DECK));
        expect(joined?.id).toBe(onA!.id);
        const read = await untilEnded(cb, onA!.id);
        expect(read.job).toMatchObject({ id: onA!.id, status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        expect(creates(sandbox)).toBe(1);

        // Each caller makes 14 calls, alternating replicas: exactly 10 go through, whichever node holds its count.
        const allowed = await letThrough(tokens, replicas, 14);
        console.log(
          `MEASURE cluster: calls let through per caller at 10/min over two replicas: ${allowed.join(', ')} (counts on ${nodes.size} nodes)`,
        );
        expect(allowed).toEqual([10, 10, 10, 10, 10]);
        // Both replicas hear job ends and cancels: one subscription each, on whichever node (PUBLISH reaches every node).
        const subscribed = await Promise.all(
          cluster.ports.map(async (p) => Number((await cli(p, 'pubsub', 'numsub', 'lw:jobs:ended')).split('\n')[1])),
        );
        expect(subscribed.reduce((x, y) => x + y, 0)).toBe(2);
        const logs = a.stderr() + b.stderr();
        expect(logs).not.toMatch(/CROSSSLOT|MOVED|non local key|non-local key/);
        expect(logs).not.toMatch(/"level":"(warn|error)".*(job store|rate limit)/);
      } finally {
        await c.run();
      }
    },
  );

  test(
    'a three-master cluster on TLS only, as a managed "serverless" one: a CA file and an ACL user, a job handed off on one replica is read on the other, the limit holds exactly for callers on every node',
    { timeout: 120_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-cli', 'openssl');
      const c = cleanup();
      try {
        const cluster = c.add(await startCluster(true), (t) => t.stop());
        const sandbox = c.add(await startSandbox({ generationMs: 1_500 }), (s) => s.close());
        // One caller whose count lands on each node.
        const tokens = await callersOnEveryNode(cluster.ports, 'tls-cluster-caller', 1, 3, cluster.cli);
        const jobToken = 'tls-cluster-job-token-aaaaaaaaaaaa';
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_CLUSTER_NODES: `127.0.0.1:${cluster.ports[0]}`,
          WORKSPACE_REDIS_TLS: '1',
          WORKSPACE_REDIS_CA_FILE: cluster.certs!.ca,
          WORKSPACE_REDIS_USERNAME: TLS_USER.user,
          WORKSPACE_REDIS_PASSWORD: TLS_USER.password,
          WORKSPACE_JOB_AFTER_MS: '500',
          WORKSPACE_MCP_RATE_LIMIT: '5/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        delete env['NODE_EXTRA_CA_CERTS'];
        const replicas = await twoReplicas(c, env, ['--stateless', '--auth-token', [jobToken, ...tokens].join(',')], jobToken);
        const { a, b, ca, cb } = replicas;
        // Ready means the rate limit's connection to every node is up: no count waits for a TLS handshake.
        for (const port of cluster.ports)
          expect((await cluster.cli(port, 'client', 'list')).match(/ name=lw-rate /g), `node ${port}`).toHaveLength(2);

        const onA = jobOf(await call(ca, 'presentations_create', DECK));
        expect(onA?.status).toBe('running');
        const read = await untilEnded(cb, onA!.id);
        expect(read.job).toMatchObject({ id: onA!.id, status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });

        // Each caller makes 7 calls, alternating replicas: exactly 5 go through, whichever node holds its count.
        const allowed = await letThrough(tokens, replicas, 7);
        console.log(
          `MEASURE TLS cluster: calls let through per caller at 5/min over two replicas: ${allowed.join(', ')} (counts on 3 nodes)`,
        );
        expect(allowed).toEqual([5, 5, 5]);
        const logs = a.stderr() + b.stderr();
        expect(logs).not.toMatch(/CROSSSLOT|MOVED|non local key|non-local key|certificate/);
        expect(logs).not.toMatch(/"level":"(warn|error)".*(job store|rate limit)/);
        expect(logs).not.toMatch(/lw-secret/);
      } finally {
        await c.run();
      }
    },
  );

  test(
    'a cluster master this replica cannot reach at the start (announced on a port that never answers): /readyz still turns 200, the failure logged',
    { timeout: 90_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-cli');
      const c = cleanup();
      try {
        const cluster = c.add(await startCluster(), (t) => t.stop());
        const sandbox = c.add(await startSandbox({}), (s) => s.close());
        // It takes connections and never answers: the rate limit's connection to that node fails only after its
        // timeouts, once the cluster is ready, and must not keep the replica waiting for it for good.
        const silent = c.add(createServer(() => undefined).listen(0, '127.0.0.1'), async (s) => s.close());
        await once(silent, 'listening');
        const port = String((silent.address() as AddressInfo).port);
        expect(await cli(cluster.ports[2]!, 'config', 'set', 'cluster-announce-port', port)).toBe('OK');
        await until('the node announced there', async () => (await cli(cluster.ports[0]!, 'cluster', 'slots')).includes(port));
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_CLUSTER_NODES: `127.0.0.1:${cluster.ports[0]}`,
          WORKSPACE_MCP_RATE_LIMIT: '5/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        const token = 'unreachable-node-token-aaaaaaaaaa';
        const p = c.add(await startHttpProcess(env, ['--stateless', '--auth-token', token]), (x) => x.stop());
        // With the token /readyz names each store's state and why, should it not turn ready.
        let told = '';
        await until('ready without that node', async () => {
          const res = await fetch(p.url.replace('/mcp', '/readyz'), { headers: { authorization: `Bearer ${token}` } });
          told = await res.text();
          return res.status === 200;
        }).catch((err: Error) => {
          throw new Error(`${err.message}; /readyz: ${told}`);
        });
        expect(p.stderr()).toMatch(
          /"level":"warn","msg":"rate limit: not reachable: [^"]*","kind":"unreachable","failures":1,"node":"127\.0\.0\.1:\d+"/,
        );
      } finally {
        await c.run();
      }
    },
  );

  test(
    'Sentinel: after a SIGKILL of the master, and after SENTINEL FAILOVER, calls and jobs work again within 10 s of the promotion; the job running through it ends readable on both replicas',
    { timeout: 180_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-sentinel', 'redis-cli');
      const c = cleanup();
      try {
        const set = c.add(await startSentinels(), (t) => t.stop());
        const sandbox = c.add(await startSandbox({ generationMs: 6_000 }), (s) => s.close());
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_SENTINELS: set.sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
          WORKSPACE_REDIS_SENTINEL_MASTER: MASTER,
          WORKSPACE_JOB_AFTER_MS: '500',
          WORKSPACE_MCP_RATE_LIMIT: '1000/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        const replicas = await twoReplicas(c, env, ['--stateless']);
        const killed = await failover(set, 'SIGKILL', 'Active listening', replicas, 'sentinel');
        await set.restartAsReplica(killed);
        await failover(set, 'SENTINEL FAILOVER', 'Giving feedback', replicas, 'sentinel');
        expect(creates(sandbox)).toBe(4);
      } finally {
        await c.run();
      }
    },
  );

  test(
    'Sentinel on TLS only (the master, the replica, the replication and the sentinels): after SENTINEL FAILOVER calls work again and the job running through it ends readable on both replicas',
    { timeout: 120_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-sentinel', 'redis-cli', 'openssl');
      const c = cleanup();
      try {
        const set = c.add(await startSentinels(true), (t) => t.stop());
        const sandbox = c.add(await startSandbox({ generationMs: 3_000 }), (s) => s.close());
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_SENTINELS: set.sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
          WORKSPACE_REDIS_SENTINEL_MASTER: MASTER,
          WORKSPACE_REDIS_TLS: '1',
          WORKSPACE_REDIS_CA_FILE: set.certs!.ca,
          WORKSPACE_JOB_AFTER_MS: '500',
          WORKSPACE_MCP_RATE_LIMIT: '1000/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        const replicas = await twoReplicas(c, env, ['--stateless']);
        await failover(set, 'SENTINEL FAILOVER', 'Handling objections', replicas, 'TLS sentinel');
        const { a, b } = replicas;
        expect(a.stderr() + b.stderr()).not.toMatch(/certificate/);
      } finally {
        await c.run();
      }
    },
  );

  test(
    'TLS with a CA file and an ACL user works without NODE_EXTRA_CA_CERTS (and with a client certificate); a wrong password, a missing channel permission and an untrusted certificate are each named',
    { timeout: 120_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server', 'redis-cli', 'openssl');
      const c = cleanup();
      try {
        const [tls, mtls] = await Promise.all([startTlsRedis(false), startTlsRedis(true)]);
        c.add(tls, (t) => t.stop());
        c.add(mtls, (t) => t.stop());
        const sandbox = c.add(await startSandbox({ generationMs: 1_500 }), (s) => s.close());
        const url = (user: string, password: string, port = tls.port) => `rediss://${user}:${password}@127.0.0.1:${port}`;
        const env = (extra: Record<string, string>) =>
          sandboxEnv(sandbox, { WORKSPACE_JOB_AFTER_MS: '500', WORKSPACE_LOG_LEVEL: 'info', ...extra });
        const start = (extra: Record<string, string>) => startHttpProcess(env(extra)).then((p) => c.add(p, (x) => x.stop()));
        const [good, mutual, wrong, nochan, untrusted] = await Promise.all([
          start({ WORKSPACE_REDIS_URL: url('lw', 'lw-secret'), WORKSPACE_REDIS_CA_FILE: tls.certs.ca }),
          start({
            WORKSPACE_REDIS_URL: url('lw', 'lw-secret', mtls.port),
            WORKSPACE_REDIS_CA_FILE: mtls.certs.ca,
            WORKSPACE_REDIS_CERT_FILE: mtls.certs.clientCert,
            WORKSPACE_REDIS_KEY_FILE: mtls.certs.clientKey,
          }),
          start({ WORKSPACE_REDIS_URL: url('lw', 'not-the-password'), WORKSPACE_REDIS_CA_FILE: tls.certs.ca }),
          start({ WORKSPACE_REDIS_URL: url('nochan', 'lw-secret'), WORKSPACE_REDIS_CA_FILE: tls.certs.ca }),
          start({ WORKSPACE_REDIS_URL: url('lw', 'lw-secret') }),
        ]);
        for (const p of [good, mutual]) {
          await until('ready over TLS', async () => (await readyz(p)).status === 200);
          const client = c.add(await connect(p.url), (x) => x.close());
          const job = jobOf(await call(client, 'presentations_create', { ...DECK, topic: p.url }));
          expect((await untilEnded(client, job!.id)).job?.status).toBe('succeeded');
        }
        const named = async (p: HttpProcess, words: RegExp) => {
          await until(`readyz names ${words}`, async () => words.test((await readyz(p)).body.storeReasons?.['jobs'] ?? ''), 20_000);
          const r = await readyz(p);
          expect(r.status).toBe(503);
          expect(r.body.stores).toEqual({ jobs: 'misconfigured' });
          const client = c.add(await connect(p.url), (x) => x.close());
          const refused = text(await call(client, 'presentations_create', DECK));
          expect(refused).toMatch(/STORE_UNAVAILABLE/);
          expect(refused).toMatch(words);
          expect(p.stderr()).toMatch(words);
          console.log(`MEASURE tls: ${r.body.storeReasons?.['jobs']}`);
        };
        await named(wrong, /authentication failed/);
        await named(nochan, /permission missing: .*SUBSCRIBE/);
        await named(untrusted, /certificate not trusted/);
        for (const p of [good, mutual, wrong, nochan, untrusted]) expect(p.stderr()).not.toMatch(/lw-secret|not-the-password/);
        expect(creates(sandbox)).toBe(2);
      } finally {
        await c.run();
      }
    },
  );

  test(
    'started while Redis is down: it listens, /healthz 200 and /readyz 503 at once, and serves calls within 5 s of Redis coming up, without a restart',
    { timeout: 90_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server');
      const c = cleanup();
      try {
        const port = await freePort();
        const sandbox = c.add(await startSandbox({ generationMs: 1_000 }), (s) => s.close());
        const env = sandboxEnv(sandbox, {
          WORKSPACE_REDIS_URL: `redis://127.0.0.1:${port}`,
          WORKSPACE_JOB_AFTER_MS: '500',
          WORKSPACE_MCP_RATE_LIMIT: '100/min',
          WORKSPACE_LOG_LEVEL: 'info',
        });
        const spawnedAt = Date.now();
        const [p, noJobs] = await Promise.all([startHttpProcess(env), startHttpProcess({ ...env, WORKSPACE_JOB_AFTER_MS: '0' })]);
        c.add(p, (x) => x.stop());
        c.add(noJobs, (x) => x.stop());
        expect((await fetch(p.url.replace('/mcp', '/healthz'))).status).toBe(200);
        const first = await readyz(p);
        const answeredIn = seconds(spawnedAt);
        expect(first).toEqual({ status: 503, body: { ready: false, stores: { jobs: 'connecting', rateLimit: 'connecting' } } });
        expect((await readyz(noJobs)).status).toBe(503);
        const client = c.add(await connect(p.url), (x) => x.close());
        const meanwhile = text(await call(client, 'presentations_create', DECK));
        expect(meanwhile).toMatch(/STORE_UNAVAILABLE[\s\S]*not reachable[\s\S]*Nothing was started/);
        await sleep(3_000);
        const dir = c.add(mkdtempSync(join(tmpdir(), 'lw-down-')), async (d) => rmSync(d, { recursive: true, force: true }));
        const redis = c.add(await redisServer(port, dir), async (r) => r.kill());
        const upAt = Date.now();
        const served = await untilServed(client, DECK);
        const servedIn = seconds(upAt);
        expect(jobOf(served.result) ?? served.result.structuredContent, text(served.result)).toBeDefined();
        await until('ready', async () => (await readyz(p)).status === 200 && (await readyz(noJobs)).status === 200, 10_000);
        console.log(
          `MEASURE down at start: /healthz 200 and /readyz 503 ${answeredIn} s after spawning; a call needing the store got STORE_UNAVAILABLE (not reachable); served ${servedIn} s after Redis came up (${served.refused} refusals meanwhile); /readyz 200 ${seconds(upAt)} s after`,
        );
        // From the spawn: Node's own start on a loaded machine is in it (about 0.5 s).
        expect(Number(answeredIn)).toBeLessThan(2);
        expect(Number(servedIn)).toBeLessThan(5);
        void redis;
      } finally {
        await c.run();
      }
    },
  );
});
