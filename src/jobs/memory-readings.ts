import type { ReadingStore } from './record.js';

/** The most characters of readings one process keeps (about 128 MB of UTF-16); past it the oldest go first. */
const MAX_CHARS = 64_000_000;

/** Readings of long lists in this process's memory: bounded in size, each forgotten when its time is up. */
export class MemoryReadings implements ReadingStore {
  private readonly readings = new Map<string, { json: string; until: number }>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_CHARS) {}

  async getReading(key: string): Promise<string | undefined> {
    const kept = this.readings.get(key);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.json;
    this.drop(key);
    return undefined;
  }

  async putReading(key: string, json: string, keepMs: number): Promise<void> {
    this.drop(key);
    // A reading larger than the whole room is not kept: its next part reads the list again, and says so.
    if (json.length > this.maxChars) return;
    const now = Date.now();
    for (const [k, r] of this.readings) {
      if (this.chars + json.length <= this.maxChars && r.until > now) break;
      this.drop(k);
    }
    this.readings.set(key, { json, until: now + keepMs });
    this.chars += json.length;
  }

  private drop(key: string): void {
    const kept = this.readings.get(key);
    if (!kept) return;
    this.readings.delete(key);
    this.chars -= kept.json.length;
  }
}
