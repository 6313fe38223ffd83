/** How many jobs a store keeps, per caller and in all. */
export interface JobBounds {
  /** Jobs one caller may have running at once (past it a new one is refused; joining a running one is not). */
  maxRunningPerCaller: number;
  /** Jobs one caller may have kept, running or finished; past it that caller's own oldest finished job goes first. */
  maxKeptPerCaller: number;
  /** Jobs kept in all, running ones included; past it a new job is refused, nobody's result evicted for it. */
  maxJobs: number;
}

/**
 * The bounds a store starts with unless told others: 20 running jobs per caller; 1,000 kept per caller,
 * so ten callers at their share fill the 10,000 of one process.
 */
export const DEFAULT_JOB_BOUNDS: JobBounds = { maxRunningPerCaller: 20, maxKeptPerCaller: 1_000, maxJobs: 10_000 };

/** Why a new job was not started: its caller has as many running as it may, or the store is full. */
export type JobsFull = { why: 'caller'; running: number; bound: number } | { why: 'store'; bound: number };

interface Share {
  running: number;
  /** The caller's kept jobs, oldest first, and whether each still runs. */
  jobs: Map<string, boolean>;
}

/**
 * The per-caller bookkeeping of a store that holds its jobs itself: how many jobs each caller has running
 * and kept, in the order they started. A job is admitted only within its caller's running share and the
 * store's bound; room is made only from the same caller's own finished jobs, never from another's.
 */
export class CallerJobs {
  private readonly shares = new Map<string, Share>();
  private kept = 0;

  constructor(private readonly bounds: JobBounds) {}

  get size(): number {
    return this.kept;
  }

  /**
   * Whether `owner` may start one more job: undefined when it may, after `evict` was called with the ids
   * of its own oldest finished jobs that had to make room; else why not.
   */
  admit(owner: string, evict: (id: string) => void): JobsFull | undefined {
    const share = this.shares.get(owner);
    const running = share?.running ?? 0;
    if (running >= this.bounds.maxRunningPerCaller) return { why: 'caller', running, bound: this.bounds.maxRunningPerCaller };
    if (!share) return this.kept >= this.bounds.maxJobs ? { why: 'store', bound: this.bounds.maxJobs } : undefined;
    while (share.jobs.size >= this.bounds.maxKeptPerCaller || this.kept >= this.bounds.maxJobs) {
      const oldest = this.oldestFinished(share);
      if (oldest === undefined) break;
      this.forget(owner, oldest);
      evict(oldest);
    }
    if (this.kept >= this.bounds.maxJobs) return { why: 'store', bound: this.bounds.maxJobs };
    // Every kept job of this caller still runs: its running share, checked above, is the tighter bound.
    return undefined;
  }

  started(owner: string, id: string): void {
    let share = this.shares.get(owner);
    if (!share) this.shares.set(owner, (share = { running: 0, jobs: new Map() }));
    if (share.jobs.has(id)) return;
    share.jobs.set(id, true);
    share.running++;
    this.kept++;
  }

  /** A job of `owner` stopped running (it ended, or was cancelled); it is still kept. */
  ended(owner: string, id: string): void {
    const share = this.shares.get(owner);
    if (!share?.jobs.get(id)) return;
    share.jobs.set(id, false);
    share.running--;
  }

  /** A job is no longer kept (its retention is over, or it made room). */
  forget(owner: string, id: string): void {
    const share = this.shares.get(owner);
    const running = share?.jobs.get(id);
    if (!share || running === undefined) return;
    share.jobs.delete(id);
    if (running) share.running--;
    this.kept--;
    if (share.jobs.size === 0) this.shares.delete(owner);
  }

  running(owner: string): number {
    return this.shares.get(owner)?.running ?? 0;
  }

  private oldestFinished(share: Share): string | undefined {
    for (const [id, running] of share.jobs) if (!running) return id;
    return undefined;
  }
}
