import { HttpError } from './errors.js';

/**
 * Requests in flight per caller, on every revision and mode: a 2026-07-28 request, a stateless one and
 * each of a caller's sessions count toward one bound, so one caller cannot hold every connection and
 * upstream call the process has while another waits. A call handed off as a job leaves it (its answer
 * was sent); the bound on running jobs per caller covers what goes on in the background.
 */
export class CallersInFlight {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /**
   * Counts `weight` requests of a caller in flight, or refuses them (429) when the caller would pass its
   * bound. The returned function takes them off again; it is safe to call more than once.
   */
  enter(caller: string, weight: number): () => void {
    const now = this.counts.get(caller) ?? 0;
    if (now + weight > this.max)
      throw new HttpError(
        429,
        -32000,
        `Too many requests in flight for this caller (at most ${this.max}, --max-inflight-per-caller): wait for an answer before sending more; a long call handed off as a job is followed with jobs_get.`,
        { 'retry-after': '1' },
      );
    this.counts.set(caller, now + weight);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (this.counts.get(caller) ?? weight) - weight;
      if (rest > 0) this.counts.set(caller, rest);
      else this.counts.delete(caller);
    };
  }

  /** A caller's requests in flight now. */
  of(caller: string): number {
    return this.counts.get(caller) ?? 0;
  }
}
