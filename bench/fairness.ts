// npm run bench fairness: the cost of the per-caller bookkeeping that keeps one caller from crowding out
// another (requests in flight per caller, running and kept jobs per caller, the memory of refusals and the
// gate of credential checks). Two views in one run: each piece's own time per operation, with the whole
// store operation it sits in for scale; and 2026-07-28 tools/call throughput of the built server with 16
// clients as one caller and as 16 callers side by side (the bookkeeping's maps at 1 and 16 entries), each
// round's ratio taken within the round so drift on the machine falls on both sides alike.
import { Pool } from 'undici';
import { MODERN_CALL_BODY, MODERN_HEADERS } from './modern-call.js';
import { CheckGate, Recent } from '../src/call/check-gate.js';
import { CallerJobs } from '../src/jobs/caller-jobs.js';
import { MemoryJobStore } from '../src/jobs/memory-store.js';
import type { JobRecord } from '../src/jobs/record.js';
import { CallersInFlight } from '../src/transports/http/callers-in-flight.js';
import { CLI, sandboxEnv, startHttpProcess, startSandbox } from '../test/helpers.js';

const ROUNDS = Number(process.env['BENCH_FAIRNESS_ROUNDS'] ?? 9);
const OPS = Number(process.env['BENCH_FAIRNESS_OPS'] ?? 200_000);
const CALLS = Number(process.env['BENCH_FAIRNESS_CALLS'] ?? 3000);
const CALLERS = 1_000;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

const spread = (xs: number[], digits = 2) =>
  `${percentile(xs, 50).toFixed(digits)} (${percentile(xs, 25).toFixed(digits)}–${percentile(xs, 75).toFixed(digits)})`;

function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** Nanoseconds per operation of `op`, run `n` times. */
async function nsPer(n: number, op: (i: number) => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const out = op(i);
    if (out instanceof Promise) await out;
  }
  return Number(process.hrtime.bigint() - started) / n;
}

const record = (owner: string, i: number): JobRecord => ({
  id: `job-${owner}-${i}`,
  tool: 'presentations_create',
  owner,
  key: `key-${owner}-${i}`,
  status: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  handedOff: true,
  replica: 'bench',
});

/** The pieces, each among 1,000 callers: their own time per operation, and a whole store claim and finish for scale. */
async function pieces(): Promise<void> {
  // Names made ahead, so what is timed is the bookkeeping, not the making of strings.
  const owners = Array.from({ length: CALLERS }, (_, c) => `caller-${c}`);
  const ids = Array.from({ length: OPS }, (_, i) => `job-${i}`);
  const inFlight = new CallersInFlight(64);
  for (let c = 0; c < CALLERS; c++) inFlight.enter(`caller-${c}`, 1);
  const jobs = new CallerJobs({ maxRunningPerCaller: 20, maxKeptPerCaller: 50, maxJobs: 1_000_000 });
  for (let c = 0; c < CALLERS; c++)
    for (let j = 0; j < 50; j++) {
      jobs.started(`caller-${c}`, `${c}-${j}`);
      jobs.ended(`caller-${c}`, `${c}-${j}`);
    }
  const refused = new Recent<string>(10_000, 60_000);
  for (let i = 0; i < 10_000; i++) refused.add(`made-up-${i}`, 'the token is not active');
  const gate = new CheckGate({ slots: 16, reserved: 4, waitMs: 5_000, maxWaiting: 256 });
  const store = new MemoryJobStore(
    { keepMs: 3_600_000, quickKeepMs: 0 },
    { maxRunningPerCaller: 20, maxKeptPerCaller: 50, maxJobs: 1_000_000 },
  );
  let n = 0;
  const rows: Record<string, number[]> = {
    'requests in flight: enter and leave': [],
    'jobs: admit (evicting its own oldest), started, ended': [],
    'refusal memory: a lookup among 10,000': [],
    'check gate: acquire and release': [],
    'memory store: claim and finish a job, bookkeeping included': [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    rows['requests in flight: enter and leave']!.push(await nsPer(OPS, (i) => inFlight.enter(owners[i % CALLERS]!, 1)()));
    rows['jobs: admit (evicting its own oldest), started, ended']!.push(
      await nsPer(OPS, (i) => {
        const owner = owners[i % CALLERS]!;
        const id = ids[i]!;
        jobs.admit(owner, (gone) => jobs.forget(owner, gone));
        jobs.started(owner, id);
        jobs.ended(owner, id);
      }),
    );
    rows['refusal memory: a lookup among 10,000']!.push(await nsPer(OPS, (i) => refused.has(`made-up-${i % 10_000}`)));
    rows['check gate: acquire and release']!.push(await nsPer(OPS / 4, async () => (await gate.acquire(true))!()));
    rows['memory store: claim and finish a job, bookkeeping included']!.push(
      await nsPer(OPS / 4, async (i) => {
        const job = record(`caller-${i % CALLERS}`, n++);
        await store.claim(job.key, job);
        await store.finish(job, { status: 'succeeded' });
      }),
    );
  }
  await store.close();
  console.log(
    `\n## Per-caller bookkeeping, each piece among ${CALLERS.toLocaleString('en')} callers (ns per operation, median and quartiles of ${ROUNDS} rounds)\n`,
  );
  console.log(
    table(
      ['operation', 'ns'],
      Object.entries(rows).map(([name, xs]) => [name, spread(xs, 0)]),
    ),
  );
}

/** Requests per second of 16 clients sending `count` 2026-07-28 tools/call between them, client i with `tokens[i % tokens.length]`. */
async function sixteen(url: string, count: number, tokens: string[]): Promise<number> {
  const pool = new Pool(new URL(url).origin, { connections: 16 });
  const path = new URL(url).pathname;
  let left = count;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const headers = { ...MODERN_HEADERS, authorization: `Bearer ${tokens[i % tokens.length]}` };
      while (left-- > 0) {
        const res = await pool.request({ path, method: 'POST', headers, body: MODERN_CALL_BODY });
        if (res.statusCode !== 200 || !(await res.body.text()).includes('"alerts"')) errors++;
      }
    }),
  );
  await pool.close();
  if (errors > 0) throw new Error(`${errors} of ${count} answers failed`);
  return count / ((performance.now() - started) / 1000);
}

/** The built server, 16 clients as one caller and as 16 callers, alternating within each round. */
async function throughput(): Promise<void> {
  const tokens = Array.from({ length: 16 }, (_, i) => `bench-access-token-of-caller-${String(i).padStart(2, '0')}`);
  const sandbox = await startSandbox();
  const proc = await startHttpProcess(
    sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' }),
    ['--auth-token', tokens.join(',')],
    CLI,
    false,
  );
  await sixteen(proc.url, 500, tokens);
  const one: number[] = [];
  const many: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < Math.max(3, Math.round(ROUNDS / 2)); round++) {
    // The order alternates, so neither side is always the one measured second.
    const [a, b] =
      round % 2 === 0
        ? [await sixteen(proc.url, CALLS, tokens.slice(0, 1)), await sixteen(proc.url, CALLS, tokens)]
        : (await Promise.resolve([await sixteen(proc.url, CALLS, tokens), await sixteen(proc.url, CALLS, tokens.slice(0, 1))])).reverse();
    one.push(a!);
    many.push(b!);
    ratios.push(b! / a!);
  }
  await proc.stop();
  await sandbox.close();
  console.log(
    `\n## 2026-07-28 tools/call, 16 clients, ${CALLS} calls a run: one caller and 16 callers side by side (median and quartiles of the rounds)\n`,
  );
  console.log(
    table(
      ['clients as', 'calls/s', 'µs a call', '÷ one caller (within each round)'],
      [
        ['one caller', spread(one, 0), (1e6 / percentile(one, 50)).toFixed(0), '1'],
        ['16 callers', spread(many, 0), (1e6 / percentile(many, 50)).toFixed(0), spread(ratios)],
      ],
    ),
  );
}

export async function fairnessCost(): Promise<void> {
  await pieces();
  await throughput();
}
