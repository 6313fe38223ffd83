import { Semaphore } from 'async-mutex';

/** How one holder waits for its slots. */
export interface Wait {
  /** How many of the slots it takes (1 unless given): at most all of them, so a heavier one runs alone. */
  weight?: number | undefined;
  /** Higher goes first; equal ones in the order they came. */
  priority?: number | undefined;
  /** The wait is given up when it aborts (already aborted: given up at once, even with slots free). */
  signal?: AbortSignal | undefined;
  /** The wait is given up after this long. */
  waitMs?: number | undefined;
}

/** Frees what was taken; a second call does nothing. */
export type Release = () => void;

/**
 * Slots shared by those that take them, on async-mutex's Semaphore (weights and priorities: its queue is
 * ordered by priority, then by arrival, and only its head is served; one that does not fit waits at the head
 * and those behind it wait too, so a heavy holder is never starved by a stream of light ones). What the
 * library lacks is added here: a wait that is given up (on a signal or after a time), and a count of the
 * waiters. The library cannot take one waiter out of its queue, so one that gave up stays there until its
 * turn comes: its slots are then freed at once, a few microtasks' delay for those behind it. Such leftovers
 * last no longer than the slots stay taken. Keep `most` to hundreds: the library walks every free slot at
 * each release (for its waitForUnlock), about 0.015 µs each, so 200,000 slots would cost some 2 ms a release.
 */
export class Slots {
  private readonly semaphore: Semaphore;
  private holders = 0;
  private waiters = 0;

  constructor(readonly most: number) {
    this.semaphore = new Semaphore(most);
  }

  /** Holders now (each counted once, whatever its weight). */
  get running(): number {
    return this.holders;
  }

  /** Waiters now, those that gave up not counted. */
  get waiting(): number {
    return this.waiters;
  }

  /** The slots once free for this one: resolves with their release, or undefined when the wait was given up. */
  take(wait: Wait = {}): Promise<Release | undefined> {
    const { signal, waitMs } = wait;
    if (signal?.aborted) return Promise.resolve(undefined);
    // At least 1 (the library refuses less); at most all, else it would wait for ever.
    const weight = Math.max(1, Math.min(wait.weight ?? 1, this.most));
    this.waiters++;
    return new Promise((resolve) => {
      let over = false;
      const end = (release: Release | undefined) => {
        over = true;
        this.waiters--;
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve(release);
      };
      const giveUp = () => end(undefined);
      const timer = waitMs === undefined ? undefined : setTimeout(giveUp, waitMs);
      timer?.unref();
      signal?.addEventListener('abort', giveUp, { once: true });
      void this.semaphore.acquire(weight, wait.priority ?? 0).then(([, release]) => {
        if (over) release();
        else end(this.held(release));
      });
    });
  }

  private held(release: Release): Release {
    this.holders++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.holders--;
      release();
    };
  }
}
