import { Slots } from '../call/slots.js';
import type { CodeLimits } from '../config/code-limits.js';
import { Demand, readyWanted } from './demand.js';
import type { CallHandler, SandboxEnd, WorkerEnd } from './sandbox.js';

// code_run's sandboxes in one process, all callers together: at most `most` alive at once, running or made
// ready (a run past the bound waits for one to end; a worker back from its run is the same sandbox). Each is a
// worker thread with up to 64 MB of WebAssembly memory and a heap of its own, and every session may have
// --max-inflight calls going: without a bound, a few sessions of memory bombs take the whole process's memory.
// How many wait ready follows recent demand (demand.ts): one while runs come now and then, as many as ran at
// once lately otherwise, back to one when demand has lapsed. Nothing of the sandbox (the worker, QuickJS, its
// WebAssembly) is loaded until warm() or the first run: a server with code off never makes this, and one with
// code on warms when code_run is first listed, or else at its first run.

/** What Sandboxes needs of the pool (pool.ts): a worker to take, how many to keep ready, a run in one, a stop. */
export interface Pool<W = unknown> {
  take(): Promise<W>;
  /** Keeps `count` ready, the worker given back first (it can host another run); ends the extra. */
  size(count: number, back?: W): void;
  /** One run; `again` when its worker can host another. */
  run(
    worker: W,
    run: { code: string; tools: readonly string[]; limits: CodeLimits },
    onCall: CallHandler,
    signal: AbortSignal,
  ): Promise<WorkerEnd>;
  close(): Promise<void>;
}

/** The pool of warm workers, loaded on first use: the worker thread module, QuickJS and the file reading with it. */
const warmPool = async (memoryBytes: number): Promise<Pool> => new (await import('./pool.js')).WarmPool(memoryBytes) as Pool;

export class Sandboxes {
  private readonly slots: Slots;
  private pool: Promise<Pool> | undefined;
  private closed = false;
  /** Runs that took a worker and have not ended. */
  private holding = 0;
  /** Wakes when the demand seen lapses, to end the sandboxes it no longer wants. */
  private lapse: NodeJS.Timeout | undefined;

  constructor(
    most: number,
    private readonly memoryBytes: number,
    /** Where the pool comes from (a unit test gives one of its own). */
    private readonly makePool: (memoryBytes: number) => Promise<Pool> = warmPool,
    private readonly demand = new Demand(),
  ) {
    this.slots = new Slots(most);
  }

  /** Makes ready as many sandboxes as demand wants, if fewer are. */
  warm(): void {
    if (this.closed) return;
    this.loaded().then(
      (pool) => this.resize(pool),
      () => undefined,
    );
  }

  /** One run in a fresh sandbox, once the bound lets it start; never throws. */
  async run(code: string, tools: readonly string[], limits: CodeLimits, onCall: CallHandler, signal: AbortSignal): Promise<SandboxEnd> {
    const slot = await this.slots.take({ signal });
    if (!slot) return { ok: false, message: 'The run was cancelled before it started.', limit: 'cancelled', logs: [] };
    this.demand.started(this.slots.running);
    let pool: Pool | undefined;
    let back: unknown;
    let holding = false;
    try {
      pool = await this.loaded();
      const taking = pool.take();
      // Counted from the moment it is taken: runs that hold a slot but no worker yet take from those ready.
      this.holding++;
      holding = true;
      const worker = await taking;
      const ran = pool.run(worker, { code, tools, limits }, onCall, signal);
      // The sandboxes the next runs want start while this one runs (its run message already sent).
      this.resize(pool);
      const { end, again } = await ran;
      if (again) back = worker;
      return end;
    } catch (err) {
      return { ok: false, message: `The sandbox could not be started: ${String(err).slice(0, 300)}`, logs: [] };
    } finally {
      // Its slot freed first: the worker given back is counted once, as ready.
      if (holding) this.holding--;
      slot();
      if (pool) this.resize(pool, back);
    }
  }

  /** Ends the sandboxes made ready; a run still going ends with the drain that ends its call. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.lapse);
    await (await this.pool?.catch(() => undefined))?.close();
  }

  /** Sandboxes ready count against the bound: those running and those ready are `most` at most. */
  private resize(pool: Pool, back?: unknown): void {
    if (this.closed) return pool.size(0, back);
    pool.size(readyWanted(this.demand.wanted(), this.holding, this.slots.most), back);
    clearTimeout(this.lapse);
    const lapsesIn = this.demand.lapsesIn();
    if (lapsesIn === undefined) return;
    // Idle, nothing else would end the sandboxes no longer wanted; the timer holds no stopping process up.
    this.lapse = setTimeout(() => this.resize(pool), lapsesIn + 1);
    this.lapse.unref();
  }

  private loaded(): Promise<Pool> {
    return (this.pool ??= this.makePool(this.memoryBytes));
  }
}
