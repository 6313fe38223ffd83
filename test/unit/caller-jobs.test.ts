// The per-caller bounds of the job stores: running jobs per caller, kept jobs per caller, the store's own bound.
import { describe, expect, test } from 'vitest';
import { CallerJobs } from '../../src/jobs/caller-jobs.js';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { TooManyJobs, type JobRecord } from '../../src/jobs/record.js';
import { JobRunner, newJobId, type Work } from '../../src/jobs/runner.js';
import { tooManyJobs } from '../../src/jobs/answers.js';

const bounds = { maxRunningPerCaller: 2, maxKeptPerCaller: 3, maxJobs: 5 };
const none = () => undefined;

describe('per-caller bookkeeping', () => {
  test('a caller at its running share is refused; another caller is not', () => {
    const jobs = new CallerJobs(bounds);
    for (const id of ['a1', 'a2']) {
      expect(jobs.admit('alice', none)).toBeUndefined();
      jobs.started('alice', id);
    }
    expect(jobs.admit('alice', none)).toEqual({ why: 'caller', running: 2, bound: 2 });
    expect(jobs.admit('bob', none)).toBeUndefined();
    jobs.ended('alice', 'a1');
    expect(jobs.running('alice')).toBe(1);
    expect(jobs.admit('alice', none)).toBeUndefined();
  });

  test("past its kept share a caller's own oldest finished job makes room, never another's", () => {
    const jobs = new CallerJobs(bounds);
    jobs.started('bob', 'b1');
    jobs.ended('bob', 'b1');
    for (const id of ['a1', 'a2', 'a3']) {
      jobs.started('alice', id);
      jobs.ended('alice', id);
    }
    const evicted: string[] = [];
    expect(jobs.admit('alice', (id) => evicted.push(id))).toBeUndefined();
    expect(evicted).toEqual(['a1']);
    expect(jobs.size).toBe(3);
  });

  test('running jobs count toward the store bound; a full store refuses a newcomer rather than evict for it', () => {
    const jobs = new CallerJobs({ maxRunningPerCaller: 2, maxKeptPerCaller: 3, maxJobs: 4 });
    jobs.started('alice', 'a1');
    jobs.started('alice', 'a2');
    jobs.started('bob', 'b1');
    jobs.ended('bob', 'b1');
    jobs.started('bob', 'b2');
    expect(jobs.size).toBe(4);
    const evicted: string[] = [];
    expect(jobs.admit('carol', (id) => evicted.push(id))).toEqual({ why: 'store', bound: 4 });
    // Alice's are all running: none of hers can go, and bob's finished one is bob's.
    expect(jobs.admit('alice', (id) => evicted.push(id))).toEqual({ why: 'caller', running: 2, bound: 2 });
    expect(evicted).toEqual([]);
    // Bob may make room from his own finished job.
    expect(jobs.admit('bob', (id) => evicted.push(id))).toBeUndefined();
    expect(evicted).toEqual(['b1']);
  });

  test('forgetting a running job frees its place; forgetting twice changes nothing', () => {
    const jobs = new CallerJobs(bounds);
    jobs.started('alice', 'a1');
    jobs.started('alice', 'a1');
    expect(jobs.running('alice')).toBe(1);
    jobs.forget('alice', 'a1');
    jobs.forget('alice', 'a1');
    jobs.ended('alice', 'a1');
    expect([jobs.running('alice'), jobs.size]).toEqual([0, 0]);
  });
});

const record = (owner: string): JobRecord => ({
  id: newJobId(),
  tool: 'presentations_create',
  owner,
  key: newJobId(),
  status: 'running',
  startedAt: new Date().toISOString(),
  handedOff: true,
  replica: 'r1',
});

describe('memory store bounds', () => {
  test("one caller's flood keeps another's finished result for its retention", async () => {
    const store = new MemoryJobStore({ keepMs: 60_000, quickKeepMs: 0 }, { maxRunningPerCaller: 2, maxKeptPerCaller: 3, maxJobs: 10 });
    const bobs = record('bob');
    await store.claim(bobs.key, bobs);
    await store.finish(bobs, { status: 'succeeded' });
    for (let i = 0; i < 50; i++) {
      const a = record('alice');
      const claim = await store.claim(a.key, a);
      expect('record' in claim).toBe(true);
      await store.finish(a, { status: 'succeeded' });
    }
    expect((await store.get(bobs.id))?.status).toBe('succeeded');
    expect(await store.list('alice')).toHaveLength(3);
    const running = [record('alice'), record('alice')];
    for (const r of running) await store.claim(r.key, r);
    const third = record('alice');
    expect(await store.claim(third.key, third)).toEqual({ full: { why: 'caller', running: 2, bound: 2 } });
    await store.cancel(running[0]!.id);
    expect('record' in (await store.claim(third.key, third))).toBe(true);
    await store.close();
  });

  test('past its share the runner refuses with an error naming the bound and jobs_get; nothing runs', async () => {
    const store = new MemoryJobStore({ keepMs: 60_000, quickKeepMs: 0 }, { maxRunningPerCaller: 1, maxKeptPerCaller: 10, maxJobs: 10 });
    const facts = async () => ({ safe: true });
    const runner = new JobRunner(store, { handOffMs: 10, pollMs: 10, replica: 'r1', keepMs: 60_000, facts });
    let release: () => void = () => undefined;
    const slow: Work = () => new Promise((resolve) => (release = () => resolve({ result: { content: [] } })));
    let ran = 0;
    const counted: Work = async () => (ran++, { result: { content: [] } });
    const call = (topic: string) => ({
      tool: 'presentations_create',
      owner: 'alice',
      args: { topic },
      signal: new AbortController().signal,
    });
    expect('job' in (await runner.run(call('a'), slow))).toBe(true);
    const refused = await runner.run(call('b'), counted).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyJobs);
    expect(ran).toBe(0);
    const text = (tooManyJobs(refused as TooManyJobs, 'presentations_create').content[0] as { text: string }).text;
    expect(text).toMatch(/at most 1 running at once/);
    expect(text).toMatch(/jobs_get/);
    // An identical call joins the running job rather than count as another.
    expect('job' in (await runner.run(call('a'), counted))).toBe(true);
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect('result' in (await runner.run(call('b'), counted))).toBe(true);
    await runner.close();
  });
});
