import { LRUCache } from 'lru-cache';

/**
 * Keys seen lately, each with a value for `ms`, at most `max` of them (the least lately seen forgotten
 * first): the refusals a check remembers (with their reason), and the credentials it found good.
 */
export class Recent<V extends NonNullable<unknown> = true> {
  private readonly seen: LRUCache<string, V>;

  constructor(max: number, ms: number) {
    this.seen = new LRUCache({ max, ttl: ms });
  }

  /** The key's value while it is remembered (a stale one is dropped as it is read). */
  get(key: string): V | undefined {
    return this.seen.get(key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  add(key: string, value: V = true as V): void {
    this.seen.set(key, value);
  }

  delete(key: string): void {
    this.seen.delete(key);
  }

  get size(): number {
    return this.seen.size;
  }
}

export interface GateOptions {
  /** Checks in flight at most. */
  slots: number;
  /** Of those, how many only credentials found good before may take: a flood of new ones never has them. */
  reserved: number;
  /** How long a check waits for a slot before it is answered busy. */
  waitMs: number;
  /** Checks waiting at most; past it a new one is answered busy at once. */
  maxWaiting: number;
}

interface Waiter {
  known: boolean;
  grant: (release: (() => void) | undefined) => void;
}

/**
 * The slots of checks made upstream (of client credentials, of opaque tokens), so that a flood of made-up
 * credentials neither becomes a flood upstream nor keeps others out: credentials found good before have
 * slots of their own that new ones never take, and are served first; a new credential that finds every
 * other slot taken waits its turn (a delay, not a refusal) unless the queue is full too.
 */
export class CheckGate {
  private busy = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly opts: GateOptions) {}

  /** A slot for one check: resolves with the function that frees it, or undefined (busy) when none came in time. */
  acquire(known: boolean): Promise<(() => void) | undefined> {
    if (this.free(known)) return Promise.resolve(this.take());
    if (this.waiting.length >= this.opts.maxWaiting) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        known,
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(undefined);
      }, this.opts.waitMs);
      timer.unref?.();
      // Known credentials go before every new one, after the known ones already waiting.
      const at = known ? this.waiting.findIndex((w) => !w.known) : -1;
      if (at >= 0) this.waiting.splice(at, 0, waiter);
      else this.waiting.push(waiter);
    });
  }

  /** Checks in flight now, and waiting. */
  get load(): { busy: number; waiting: number } {
    return { busy: this.busy, waiting: this.waiting.length };
  }

  private free(known: boolean): boolean {
    return this.busy < this.opts.slots - (known ? 0 : this.opts.reserved);
  }

  private take(): () => void {
    this.busy++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.busy--;
      this.next();
    };
  }

  /** Hands the freed slot to the first waiter that may take it. */
  private next(): void {
    const at = this.waiting.findIndex((w) => this.free(w.known));
    if (at < 0) return;
    const [waiter] = this.waiting.splice(at, 1);
    waiter!.grant(this.take());
  }
}
