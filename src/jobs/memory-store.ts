import { CallerJobs, DEFAULT_JOB_BOUNDS, type JobBounds } from './caller-jobs.js';
import { MemoryReadings } from './memory-readings.js';
import type { Claim, Doubt, JobOutcome, JobRecord, JobStore, Liveness, Retention, StoreReport } from './record.js';

/** The most doubts kept; past it the oldest go first. */
const MAX_DOUBTS = 1_000;

/** Jobs of one process (stdio, or one HTTP process): a map, with waiters woken when a job ends. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly keys = new Map<string, string>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly expiry = new Map<string, NodeJS.Timeout>();
  private readonly cancelListeners: ((id: string) => void)[] = [];
  private readonly doubts = new Map<string, { doubt: Doubt; until: number }>();
  private readonly readings = new MemoryReadings();
  /** Each caller's running and kept jobs: a caller makes room only from its own finished ones. */
  private readonly callers: CallerJobs;

  constructor(
    private readonly retention: Retention,
    bounds: JobBounds = DEFAULT_JOB_BOUNDS,
  ) {
    this.callers = new CallerJobs(bounds);
  }

  async claim(key: string, record: JobRecord, _signal?: AbortSignal, overDoubt = false): Promise<Claim> {
    const running = this.keys.get(key);
    const existing = running === undefined ? undefined : this.jobs.get(running);
    if (existing?.status === 'running') return { record: { ...existing }, joined: true };
    const doubt = this.doubts.get(key);
    if (doubt && doubt.until >= Date.now() && !overDoubt) return { doubt: doubt.doubt };
    const full = this.callers.admit(record.owner, (id) => this.drop(id));
    if (full) return { full };
    this.doubts.delete(key);
    this.jobs.set(record.id, { ...record });
    this.callers.started(record.owner, record.id);
    this.keys.set(key, record.id);
    return { record, joined: false };
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const job = this.jobs.get(id);
    return job && { ...job };
  }

  async update(id: string, patch: Partial<Pick<JobRecord, 'progress' | 'handedOff'>>): Promise<void> {
    const job = this.jobs.get(id);
    if (job?.status === 'running') Object.assign(job, patch);
  }

  async finish(record: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined> {
    const job = this.jobs.get(record.id);
    if (!job) return undefined;
    if (job.status === 'running' || job.lost)
      Object.assign(job, outcome, { lost: outcome.lost, finishedAt: new Date().toISOString(), progress: undefined });
    this.ended(job);
    return { ...job };
  }

  async judgeLost(record: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined> {
    return this.finish(record, { ...outcome, lost: true });
  }

  async waitForEnd(id: string, ms: number, first?: (job: JobRecord) => Promise<'wait' | 'stop'>): Promise<JobRecord | undefined> {
    const job = this.jobs.get(id);
    if (!job || job.status !== 'running' || ms <= 0) return job && { ...job };
    if (first && (await first({ ...job })) === 'stop') return this.get(id);
    await new Promise<void>((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
    return this.get(id);
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.status === 'running') {
      Object.assign(job, { status: 'cancelled', finishedAt: new Date().toISOString() });
      this.ended(job);
      for (const listener of this.cancelListeners) listener(id);
    }
    return { ...job };
  }

  onCancel(listener: (id: string) => void): void {
    this.cancelListeners.push(listener);
  }

  async list(owner: string): Promise<JobRecord[]> {
    return [...this.jobs.values()]
      .filter((j) => j.owner === owner)
      .reverse()
      .map((j) => ({ ...j }));
  }

  /** One process: the replica of every job here is this one. */
  async liveness(): Promise<Liveness> {
    return 'alive';
  }

  hold(): void {
    // Nothing to write back: this store cannot lose what it holds while the process lives.
  }

  async clearDoubt(key: string): Promise<void> {
    this.doubts.delete(key);
  }

  async setDoubt(key: string, doubt: Doubt): Promise<void> {
    if (this.doubts.size >= MAX_DOUBTS) this.doubts.delete(this.doubts.keys().next().value!);
    this.doubts.set(key, { doubt, until: Date.now() + this.retention.keepMs });
  }

  getReading(key: string): Promise<string | undefined> {
    return this.readings.getReading(key);
  }

  putReading(key: string, json: string, keepMs: number): Promise<void> {
    return this.readings.putReading(key, json, keepMs);
  }

  state(): StoreReport {
    return { state: 'ready' };
  }

  async close(): Promise<void> {
    for (const timer of this.expiry.values()) clearTimeout(timer);
    this.expiry.clear();
  }

  /** Frees the key, wakes the waiters, and forgets the job when its retention is over. */
  private ended(job: JobRecord): void {
    const { id, key } = job;
    this.callers.ended(job.owner, id);
    if (this.keys.get(key) === id) this.keys.delete(key);
    for (const wake of this.waiters.get(id) ?? []) wake();
    this.waiters.delete(id);
    const keep = job.handedOff ? this.retention.keepMs : this.retention.quickKeepMs;
    clearTimeout(this.expiry.get(id));
    if (keep <= 0) return this.drop(id);
    const timer = setTimeout(() => this.drop(id), keep);
    timer.unref();
    this.expiry.set(id, timer);
  }

  /** Forgets a job: its retention is over, or it made room for a newer one of its own caller. */
  private drop(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    this.callers.forget(job.owner, id);
    clearTimeout(this.expiry.get(id));
    this.expiry.delete(id);
  }
}
