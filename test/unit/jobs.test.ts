// The job runner against a store that fails: ends kept and stored once it answers, doubts before a repeat.
import { describe, expect, test, vi } from 'vitest';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { JobRunner, jobKey, type Work } from '../../src/jobs/runner.js';
import { StoreUnavailable, type JobOutcome, type JobRecord } from '../../src/jobs/record.js';

/** A memory store whose `finish` fails while `down` is set, as Redis away would. */
class FlakyStore extends MemoryJobStore {
  down = false;
  finishes = 0;
  override async finish(job: JobRecord, outcome: JobOutcome) {
    this.finishes++;
    if (this.down) throw new StoreUnavailable('write', new Error('Connection is closed.'));
    return super.finish(job, outcome);
  }
}

const facts = async (tool: string) => (tool === 'presentations_create' ? { safe: false } : { safe: true });
const options = { handOffMs: 20, pollMs: 50, replica: 'r1', keepMs: 60_000, facts };
const call = (tool = 'presentations_create') => ({ tool, owner: 'alice', args: { topic: 'x' }, signal: new AbortController().signal });
const deck =
  (ms: number): Work =>
  async () => {
    await new Promise((r) => setTimeout(r, ms));
    return { result: { content: [{ type: 'text', text: 'deck' }], structuredContent: { presentation: { id: 'p1' } } } };
  };

describe('job runner', () => {
  test('an end the store cannot take is kept, answered from here, and stored once the store answers', async () => {
    const store = new FlakyStore({ keepMs: 60_000, quickKeepMs: 0 });
    const runner = new JobRunner(store, options);
    const ran = await runner.run(call(), deck(100));
    expect('job' in ran).toBe(true);
    const id = 'job' in ran ? ran.job.id : '';
    store.down = true;
    let meanwhile = await runner.follow(id, 'alice');
    while (meanwhile?.status === 'running') meanwhile = await runner.follow(id, 'alice');
    expect(meanwhile).toMatchObject({ status: 'succeeded', result: { structuredContent: { presentation: { id: 'p1' } } } });
    expect(runner.busy).toBe(1);
    expect((await store.get(id))?.status).toBe('running');
    store.down = false;
    // The next retry stores it and lets the job go here; waiting for that, not for the longest back-off, keeps the test quick.
    await vi.waitFor(() => expect(runner.busy).toBe(0), { timeout: 5_000, interval: 10 });
    expect((await store.get(id))?.status).toBe('succeeded');
    expect(store.finishes).toBeGreaterThan(1);
    await runner.close();
  });

  test('a stop ends running jobs as interrupted, with a doubt on a write that adds, so the identical call meets it', async () => {
    const store = new MemoryJobStore({ keepMs: 60_000, quickKeepMs: 0 });
    const runner = new JobRunner(store, options);
    const ran = await runner.run(call(), deck(10_000));
    const id = 'job' in ran ? ran.job.id : '';
    await runner.interrupt();
    expect(await store.get(id)).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    expect((await store.get(id))?.error?.message).toMatch(/shut down[\s\S]*No tool can list what presentations_create makes/);
    const next = new JobRunner(store, options);
    const again = await next.run(call(), deck(10));
    expect(again).toMatchObject({ doubt: { jobId: id, why: 'interrupted' } });
    // Over the doubt (the person said yes): it runs, and the doubt is gone.
    const over = await next.run(call(), deck(10), 1_000, true);
    expect('result' in over).toBe(true);
    expect(
      await store.claim(jobKey('alice', 'presentations_create', { topic: 'x' }), { ...(await store.get(id))!, id: 'z', status: 'running' }),
    ).toMatchObject({ joined: false });
    await next.close();
  });

  test('an interrupted read leaves no doubt: calling again is safe', async () => {
    const store = new MemoryJobStore({ keepMs: 60_000, quickKeepMs: 0 });
    const runner = new JobRunner(store, options);
    const ran = await runner.run(call('performance_insights_ask'), deck(10_000));
    const id = 'job' in ran ? ran.job.id : '';
    await runner.close();
    expect((await store.get(id))?.error?.message).toContain('Calling performance_insights_ask again is safe.');
    const next = new JobRunner(store, options);
    expect('doubt' in (await next.run(call('performance_insights_ask'), deck(5)))).toBe(false);
    await next.close();
  });
});
