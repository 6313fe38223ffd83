import type { CodeLimits } from '../config/code-limits.js';
import type { CallHandler, SandboxEnd } from './sandbox.js';
import { SandboxSlots } from './slots.js';

// code_run's sandboxes in one process, all callers together: at most `most` at once, the one made ready
// ahead included (a run past the bound waits for one to end). Nothing of the sandbox (the worker, QuickJS,
// its WebAssembly) is loaded until warm() or the first run: a server with code off never makes this, and
// one with code on warms when code_run is first listed, or else at its first run.

/** What Sandboxes needs of the pool (pool.ts): a worker to take, one to make ready, a run in it, a stop. */
export interface Pool<W = unknown> {
  take(): Promise<W>;
  fill(): void;
  run(
    worker: W,
    run: { code: string; tools: readonly string[]; limits: CodeLimits },
    onCall: CallHandler,
    signal: AbortSignal,
  ): Promise<SandboxEnd>;
  close(): Promise<void>;
}

/** The pool of warm workers, loaded on first use: the worker thread module, QuickJS and the file reading with it. */
const warmPool = async (memoryBytes: number): Promise<Pool> => new (await import('./pool.js')).WarmPool(memoryBytes) as Pool;

export class Sandboxes {
  private readonly slots: SandboxSlots;
  private pool: Promise<Pool> | undefined;
  private closed = false;

  constructor(
    most: number,
    private readonly memoryBytes: number,
    /** Where the pool comes from (a unit test gives one of its own). */
    private readonly makePool: (memoryBytes: number) => Promise<Pool> = warmPool,
  ) {
    this.slots = new SandboxSlots(most);
  }

  /** Makes a sandbox ready for the next run, if none is. */
  warm(): void {
    if (this.closed) return;
    this.loaded().then(
      (pool) => this.refill(pool),
      () => undefined,
    );
  }

  /** One run in a fresh sandbox, once the bound lets it start; never throws. */
  async run(code: string, tools: readonly string[], limits: CodeLimits, onCall: CallHandler, signal: AbortSignal): Promise<SandboxEnd> {
    if (!(await this.slots.take(signal)))
      return { ok: false, message: 'The run was cancelled before it started.', limit: 'cancelled', logs: [] };
    let pool: Pool | undefined;
    try {
      pool = await this.loaded();
      const worker = await pool.take();
      const ran = pool.run(worker, { code, tools, limits }, onCall, signal);
      // The next run's sandbox starts while this one runs (its run message already sent).
      this.refill(pool);
      return await ran;
    } catch (err) {
      return { ok: false, message: `The sandbox could not be started: ${String(err).slice(0, 300)}`, logs: [] };
    } finally {
      this.slots.release();
      if (pool) this.refill(pool);
    }
  }

  /** Ends the sandbox made ready; a run still going ends with the drain that ends its call. */
  async close(): Promise<void> {
    this.closed = true;
    await (await this.pool?.catch(() => undefined))?.close();
  }

  /** A spare sandbox counts against the bound: it is made only while fewer than `most` run. */
  private refill(pool: Pool): void {
    if (!this.closed && this.slots.running < this.slots.most) pool.fill();
  }

  private loaded(): Promise<Pool> {
    return (this.pool ??= this.makePool(this.memoryBytes));
  }
}
