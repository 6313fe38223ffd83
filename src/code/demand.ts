// How many code_run sandboxes to keep ready. One is too few for runs sent back to back (the next would wait
// for its sandbox) or side by side (all but one would wait for theirs); the bound on runs at once is too many
// to keep for an agent that runs code now and then (each ready sandbox holds some 10–25 MB resident). So the
// number follows recent demand: the most runs going at once lately, and one more for the run that comes next.

/** A peak of demand is kept this long after it was seen: an agent's pause between two bursts is seconds. */
export const DEMAND_KEEP_MS = 60_000;

/** The most runs going at once lately: a peak is forgotten `keepMs` after it was last reached. */
export class Demand {
  private peak = 0;
  private peakAt = -Infinity;

  constructor(
    private readonly now: () => number = () => performance.now(),
    readonly keepMs: number = DEMAND_KEEP_MS,
  ) {}

  /** A run started, with `running` runs going now (itself included). */
  started(running: number): void {
    const at = this.now();
    // Reaching the peak again keeps it: demand that holds is not forgotten.
    if (running >= this.current(at)) {
      this.peak = running;
      this.peakAt = at;
    }
  }

  /** Sandboxes recent demand needs alive (running or ready): the peak, and one for the next run. */
  wanted(): number {
    return this.current(this.now()) + 1;
  }

  /** Milliseconds until the peak is forgotten (then fewer are wanted); undefined when none is kept. */
  lapsesIn(): number | undefined {
    const left = this.peakAt + this.keepMs - this.now();
    return this.peak > 0 && left >= 0 ? left : undefined;
  }

  private current(at: number): number {
    return at - this.peakAt <= this.keepMs ? this.peak : 0;
  }
}

/**
 * Sandboxes to keep ready: what demand wants alive, less those running, within the bound on sandboxes alive
 * at once (`most`, the process's memory budget for code_run: each may take its 96 MB of WebAssembly memory
 * and its worker's heap, and a ready one becomes a running one).
 */
export function readyWanted(wanted: number, running: number, most: number): number {
  return Math.max(0, Math.min(wanted, most) - running);
}
