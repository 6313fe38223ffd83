import { LRUCache } from 'lru-cache';
import type { ReadingStore } from './record.js';

/** The most characters of readings one process keeps (about 64 MB of JSON); past it the least recently used go first. */
const MAX_CHARS = 64_000_000;

/** Readings of long lists in this process's memory: bounded in size, each forgotten when its time is up. */
export class MemoryReadings implements ReadingStore {
  private readonly readings: LRUCache<string, string>;

  constructor(maxChars = MAX_CHARS) {
    // A reading larger than the whole room is not kept (lru-cache refuses it): its next part reads the list again, and says so.
    this.readings = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (json) => Math.max(1, json.length) });
  }

  async getReading(key: string): Promise<string | undefined> {
    return this.readings.get(key);
  }

  async putReading(key: string, json: string, keepMs: number): Promise<void> {
    if (keepMs <= 0) return void this.readings.delete(key);
    this.readings.set(key, json, { ttl: keepMs });
  }
}
