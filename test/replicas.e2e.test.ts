// Replicas through the faults every Redis deployment has, with real processes: a real redis-server killed,
// restarted empty and paused (SIGKILL, SIGSTOP), replicas killed, paused and stopped (SIGKILL, SIGSTOP,
// SIGTERM), and the SDK's own clients following the server's answers. What is counted: job results lost,
// jobs left running, jobs of live replicas declared lost, second decks, requests sent for callers that
// gave up, and stderr lines that are not JSON. Presence and steadiness times are the server's own (15 s).
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  connectHttp,
  sandboxEnv,
  startHttpProcess,
  startRedis,
  startSandbox,
  text,
  type Connected,
  type HttpProcess,
  type RedisProcess,
  type Sandbox,
} from './helpers.js';
import { needPrograms } from './programs.js';

const DECK_ARGS = { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' };
const creates = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path === '/api/v1/pdf-generator/create').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wake = (pid: number | undefined) => {
  try {
    if (pid) process.kill(pid, 'SIGCONT');
  } catch {
    // Gone already (killed by the test).
  }
};

interface Job {
  id: string;
  status: string;
  result?: Record<string, unknown>;
  error?: { code?: string; message: string };
}
const jobOf = (r: CallToolResult) => (r.structuredContent as { job?: Job } | undefined)?.job;

async function call(client: Client, name: string, args: Record<string, unknown>, timeout = 30_000): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, CallToolResultSchema, { timeout })) as CallToolResult;
}

/** jobs_get until `done` holds (an error result, such as the store being away, is read and polled past). */
async function pollJob(
  client: Client,
  id: string,
  done: (job: Job) => boolean,
  withinMs: number,
): Promise<{ job: Job | undefined; answers: CallToolResult[] }> {
  const answers: CallToolResult[] = [];
  const until = Date.now() + withinMs;
  let job: Job | undefined;
  while (Date.now() < until) {
    const r = await call(client, 'jobs_get', { jobId: id });
    answers.push(r);
    job = jobOf(r) ?? job;
    if (jobOf(r) && done(jobOf(r)!)) break;
    if (!jobOf(r)) await sleep(500);
  }
  return { job, answers };
}

/** Every line a replica wrote after its start banner is one JSON object. */
function nonJsonLines(p: HttpProcess): string[] {
  const lines = p.stderr().split('\n');
  // The start banner is text for a person; what follows it is the JSON log.
  const after = lines.findIndex((l) => l.startsWith('{'));
  return after < 0 ? [] : lines.slice(after).filter((l) => l.trim() !== '' && !isJson(l));
}
const isJson = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

/** Two stateless replicas on one Redis and one sandbox, and a client on each. */
async function twoReplicas(sandbox: Sandbox, redisUrl: string, extra: Record<string, string> = {}, args: string[] = ['--stateless']) {
  const env = sandboxEnv(sandbox, { WORKSPACE_REDIS_URL: redisUrl, WORKSPACE_JOB_AFTER_MS: '1000', WORKSPACE_LOG_LEVEL: 'info', ...extra });
  const [a, b] = await Promise.all([startHttpProcess(env, args), startHttpProcess(env, args)]);
  const [ca, cb] = await Promise.all([connectHttp(a.url), connectHttp(b.url)]);
  return { a, b, ca, cb };
}

async function closeAll(clients: (Connected | undefined)[], processes: HttpProcess[]): Promise<void> {
  for (const c of clients) await c?.close().catch(() => undefined);
  await Promise.all(processes.map((p) => p.stop()));
}

interface Replicas {
  redis: RedisProcess;
  sandbox: Sandbox;
  a: HttpProcess;
  b: HttpProcess;
  ca: Connected;
  cb: Connected;
}

/** A Redis, a sandbox whose decks take `generationMs`, two replicas and a client on each; all stopped after `run`, however it ends. */
async function withReplicas(generationMs: number, run: (r: Replicas) => Promise<void>, extra: Record<string, string> = {}): Promise<void> {
  const redis = await startRedis();
  const sandbox = await startSandbox({ generationMs });
  const { a, b, ca, cb } = await twoReplicas(sandbox, redis.url, extra);
  try {
    await run({ redis, sandbox, a, b, ca, cb });
  } finally {
    // Woken first: a paused replica or Redis would hold the stop.
    redis.resume();
    for (const p of [a, b]) wake(p.pid);
    await closeAll([ca, cb], [a, b]);
    await sandbox.close();
    await redis.stop();
  }
}

describe.concurrent('replicas under Redis faults', () => {
  beforeEach((ctx) => needPrograms(ctx, 'redis-server'));

  test(
    'Redis killed for 35 s while two decks are made: both results kept, stored when it is back, read on the other replica; one deck each',
    { timeout: 150_000 },
    async () => {
      await withReplicas(12_000, async ({ sandbox, redis, a, b, ca, cb }) => {
        const onA = jobOf(await call(ca.client, 'presentations_create', DECK_ARGS))!;
        const onB = jobOf(await call(cb.client, 'presentations_create', { ...DECK_ARGS, topic: 'Active listening' }))!;
        expect([onA.status, onB.status]).toEqual(['running', 'running']);
        await redis.kill();
        const downAt = Date.now();
        // The other replica cannot read the job now: it says why, and whether to retry.
        const away = await call(cb.client, 'jobs_get', { jobId: onA.id });
        expect(away.isError).toBe(true);
        expect(text(away)).toMatch(/STORE_UNAVAILABLE[\s\S]*job store \(Redis\)[\s\S]*Retry/);
        // The replica running it answers from its own copy, even once the deck is made.
        const mine = await pollJob(ca.client, onA.id, (j) => j.status !== 'running', 25_000);
        expect(mine.job).toMatchObject({ status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        await sleep(Math.max(0, 35_000 - (Date.now() - downAt)));
        await redis.restart();
        const backAt = Date.now();
        // Restarted empty: each replica writes its end back, and the other replica reads it.
        const [readA, readB] = await Promise.all([
          pollJob(cb.client, onA.id, (j) => j.status !== 'running', 20_000),
          pollJob(ca.client, onB.id, (j) => j.status !== 'running', 20_000),
        ]);
        expect(readA.job).toMatchObject({ id: onA.id, status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        expect(readB.job).toMatchObject({ id: onB.id, status: 'succeeded', result: { presentation: { topic: 'Active listening' } } });
        console.log(
          `Redis killed 35 s: both results read on the other replica ${((Date.now() - backAt) / 1000).toFixed(1)} s after it came back; creates ${creates(sandbox)}`,
        );
        expect(creates(sandbox)).toBe(2);
        const stray = [...nonJsonLines(a), ...nonJsonLines(b)];
        expect(stray, stray.join('\n')).toEqual([]);
      });
    },
  );

  test(
    'Redis restarted empty 5 s into a deck: the job is written back, the identical call on the other replica joins it, one deck',
    { timeout: 120_000 },
    async () => {
      await withReplicas(20_000, async ({ sandbox, redis, a, b, ca, cb }) => {
        const job = jobOf(await call(ca.client, 'presentations_create', DECK_ARGS))!;
        await sleep(4_000);
        await redis.kill();
        await redis.restart();
        // As an agent following the answers would: a store still reconnecting says to retry in about 5 s.
        let again = await call(cb.client, 'presentations_create', DECK_ARGS);
        for (let i = 0; i < 3 && text(again).includes('STORE_UNAVAILABLE'); i++) {
          await sleep(5_000);
          again = await call(cb.client, 'presentations_create', DECK_ARGS);
        }
        expect(jobOf(again)?.id, text(again)).toBe(job.id);
        const read = await pollJob(cb.client, job.id, (j) => j.status !== 'running', 60_000);
        expect(read.job).toMatchObject({ status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        expect(read.answers.every((r) => !text(r).includes('NO_SUCH_JOB'))).toBe(true);
        expect(creates(sandbox)).toBe(1);
        const stray = [...nonJsonLines(a), ...nonJsonLines(b)];
        expect(stray, stray.join('\n')).toEqual([]);
      });
    },
  );

  test(
    'Redis paused 30 s: calls under the rate limit go on (open) or are refused saying why (closed); a claim that timed out leaves no phantom; callers that gave up send nothing',
    { timeout: 150_000 },
    async () => {
      const redis = await startRedis();
      const sandbox = await startSandbox({ generationMs: 3_000 });
      const env = sandboxEnv(sandbox, {
        WORKSPACE_REDIS_URL: redis.url,
        WORKSPACE_JOB_AFTER_MS: '1000',
        WORKSPACE_LOG_LEVEL: 'info',
        WORKSPACE_MCP_RATE_LIMIT: '1000/min',
      });
      const [open, closed] = await Promise.all([
        startHttpProcess(env),
        startHttpProcess({ ...env, WORKSPACE_MCP_RATE_LIMIT_STORE_FAILURE: 'closed' }),
      ]);
      const [co, cc] = await Promise.all([connectHttp(open.url), connectHttp(closed.url)]);
      try {
        redis.pause();
        const pausedAt = Date.now();
        await sleep(300);
        // Fail open: a read goes on at once, counted in the process.
        const started = Date.now();
        const read = await call(co.client, 'groups_list', {}, 10_000);
        expect(read.isError).toBeFalsy();
        const readMs = Date.now() - started;
        // Fail closed: refused with the reason and when to retry.
        const refused = await call(cc.client, 'groups_list', {}, 10_000).catch((err: Error) => err);
        expect(String(refused)).toMatch(/call limit[\s\S]*cannot be checked[\s\S]*Nothing was started[\s\S]*retry/i);
        // A job's claim times out: the call is told nothing was started.
        const claim = await call(co.client, 'presentations_create', DECK_ARGS, 20_000);
        expect(claim.isError).toBe(true);
        expect(text(claim)).toMatch(/STORE_UNAVAILABLE[\s\S]*Nothing was started/);
        // A batch's claim alike: a tool result naming the store, not a protocol error.
        const batch = await call(co.client, 'batch_call', { calls: [{ tool: 'groups_list', arguments: '{}' }] }, 20_000);
        expect(batch.isError).toBe(true);
        expect(text(batch)).toMatch(/STORE_UNAVAILABLE[\s\S]*Nothing was started/);
        // Callers that give up (100 ms) while their call waits on the count: none of these reaches the workspace.
        const before = sandbox.requests.filter((r) => r.path === '/api/v1/members/list').length;
        for (let i = 0; i < 3; i++) {
          await sleep(1_200); // past the limiter's backoff, so each call waits on Redis again
          await call(co.client, 'members_list', {}, 100).catch(() => undefined);
        }
        await sleep(Math.max(0, 30_000 - (Date.now() - pausedAt)));
        redis.resume();
        const resumedAt = Date.now();
        await sleep(3_000);
        expect(sandbox.requests.filter((r) => r.path === '/api/v1/members/list').length - before).toBe(0);
        // The timed-out claim ran in Redis once it woke: it is ended as never started, and the identical call runs.
        const after = await call(co.client, 'presentations_create', DECK_ARGS, 30_000);
        const job = jobOf(after);
        const ended = job?.status === 'running' ? (await pollJob(co.client, job.id, (j) => j.status !== 'running', 30_000)).job : job;
        expect(ended ?? after.structuredContent).toMatchObject({ status: 'succeeded' });
        expect(creates(sandbox)).toBe(1);
        console.log(
          `Redis paused 30 s: a read under the limit answered in ${readMs} ms; the claim refused with STORE_UNAVAILABLE; 0 abandoned calls sent; the identical deck call ${((Date.now() - resumedAt) / 1000).toFixed(1)} s after the pause ran once (1 deck)`,
        );
        expect(readMs).toBeLessThan(10_000);
        const stray = [...nonJsonLines(open), ...nonJsonLines(closed)];
        expect(stray, stray.join('\n')).toEqual([]);
      } finally {
        redis.resume();
        await closeAll([co, cc], [open, closed]);
        await sandbox.close();
        await redis.stop();
      }
    },
  );

  test(
    'a replica killed mid-deck: its job reads lost within 30 s; the identical call is answered once without a second deck, then runs when called again',
    { timeout: 120_000 },
    async () => {
      await withReplicas(60_000, async ({ sandbox, a, ca, cb }) => {
        // Let the other replica see a steady store first, as a long-running one would.
        await sleep(15_000);
        const job = jobOf(await call(ca.client, 'presentations_create', DECK_ARGS))!;
        process.kill(a.pid!, 'SIGKILL');
        const killedAt = Date.now();
        const lost = await pollJob(cb.client, job.id, (j) => j.status !== 'running', 40_000);
        const lostAfter = (Date.now() - killedAt) / 1000;
        expect(lost.job).toMatchObject({ status: 'failed', error: { code: 'JOB_LOST' } });
        expect(lostAfter).toBeLessThan(30);
        expect(lost.job?.error?.message).toMatch(/No tool can list what presentations_create makes[\s\S]*asks the person first/);
        const once = await call(cb.client, 'presentations_create', DECK_ARGS);
        expect(once.isError).toBe(true);
        expect(text(once)).toMatch(/MAY_BE_DONE[\s\S]*Nothing was sent this time/);
        expect(creates(sandbox)).toBe(1);
        const second = await call(cb.client, 'presentations_create', DECK_ARGS);
        expect(jobOf(second)?.status ?? 'answered').not.toBe('failed');
        expect(creates(sandbox)).toBe(2);
        console.log(`replica killed: its job read lost after ${lostAfter.toFixed(1)} s`);
        await call(cb.client, 'jobs_cancel', { jobId: jobOf(second)?.id ?? '0'.repeat(32) });
      });
    },
  );

  test(
    'a replica paused mid-deck is judged lost, and its late result replaces the verdict once it wakes: no result lost',
    { timeout: 150_000 },
    async () => {
      await withReplicas(25_000, async ({ sandbox, a, ca, cb }) => {
        await sleep(15_000);
        const job = jobOf(await call(ca.client, 'presentations_create', DECK_ARGS))!;
        process.kill(a.pid!, 'SIGSTOP');
        const lost = await pollJob(cb.client, job.id, (j) => j.status !== 'running', 40_000);
        expect(lost.job).toMatchObject({ status: 'failed', error: { code: 'JOB_LOST' } });
        process.kill(a.pid!, 'SIGCONT');
        const late = await pollJob(cb.client, job.id, (j) => j.status === 'succeeded', 40_000);
        expect(late.job).toMatchObject({ status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        expect(creates(sandbox)).toBe(1);
      });
    },
  );

  test(
    'SIGTERM with a running deck: the replica exits within drain + 2 s; the job reads interrupted; the identical call asks the person first',
    { timeout: 90_000 },
    async () => {
      const drainMs = 3_000;
      await withReplicas(
        60_000,
        async ({ sandbox, a, b, ca, cb }) => {
          const job = jobOf(await call(ca.client, 'presentations_create', DECK_ARGS))!;
          const stopping = Date.now();
          const code = await a.stop();
          const tookMs = Date.now() - stopping;
          console.log(`SIGTERM with a running deck: exited ${code} after ${tookMs} ms (drain ${drainMs} ms)`);
          expect(tookMs).toBeLessThan(drainMs + 2_000);
          const read = jobOf(await call(cb.client, 'jobs_get', { jobId: job.id }))!;
          expect(read).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
          expect(read.error?.message).toMatch(/shut down[\s\S]*asks the person first/);
          // A client that can ask: the person is asked, and says no; nothing is sent.
          const asked: string[] = [];
          // Stateless replicas ask through the 2026-07-28 multi-round-trip flow.
          const person = new V2Client(
            { name: 'person', version: '0' },
            { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
          );
          person.setRequestHandler(
            'elicitation/create',
            async (r) => (asked.push(String((r.params as { message: string }).message)), { action: 'decline' as const }),
          );
          await person.connect(new V2Http(new URL(b.url)));
          const declined = (await person.callTool({ name: 'presentations_create', arguments: DECK_ARGS })) as CallToolResult;
          expect(asked).toHaveLength(1);
          expect(asked[0]).toMatch(/interrupted[\s\S]*may already have carried it out[\s\S]*no way to list/);
          expect(text(declined)).toContain('declined');
          expect(creates(sandbox)).toBe(1);
          await person.close();
        },
        { WORKSPACE_MCP_DRAIN_MS: String(drainMs) },
      );
    },
  );
});
