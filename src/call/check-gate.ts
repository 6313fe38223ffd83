import { LRUCache } from 'lru-cache';
import { Slots } from './slots.js';

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

/**
 * The slots of checks made upstream (of client credentials, of opaque tokens), so that a flood of made-up
 * credentials neither becomes a flood upstream nor keeps others out: credentials found good before have
 * slots of their own that new ones never take, and are served first; a new credential that finds every
 * other slot taken waits its turn (a delay, not a refusal) unless the queue is full too. A new one first
 * holds a place among `slots - reserved` (so it can never take a kept slot), then a slot, where a known one
 * goes before it; the wait for both is `waitMs` at most.
 */
export class CheckGate {
  private readonly all: Slots;
  private readonly newcomers: Slots;

  constructor(private readonly opts: GateOptions) {
    this.all = new Slots(opts.slots);
    this.newcomers = new Slots(opts.slots - opts.reserved);
  }

  /** A slot for one check: resolves with the function that frees it, or undefined (busy) when none came in time. */
  async acquire(known: boolean): Promise<(() => void) | undefined> {
    if (this.load.waiting >= this.opts.maxWaiting) return undefined;
    if (known) return this.all.take({ priority: 1, waitMs: this.opts.waitMs });
    const started = Date.now();
    const place = await this.newcomers.take({ waitMs: this.opts.waitMs });
    if (!place) return undefined;
    const slot = await this.all.take({ waitMs: Math.max(0, this.opts.waitMs - (Date.now() - started)) });
    if (!slot) {
      place();
      return undefined;
    }
    return () => {
      slot();
      place();
    };
  }

  /** Checks in flight now, and waiting. */
  get load(): { busy: number; waiting: number } {
    return { busy: this.all.running, waiting: this.all.waiting + this.newcomers.waiting };
  }
}
