import type { Worker } from 'node:worker_threads';
import { compileQuickJS, runInWorker, startWorker } from './sandbox.js';

// One sandbox made ready before it is needed. A run still gets a worker and a QuickJS instance no code ran
// in before, but starting them (a worker thread, the bundle parsed, QuickJS instantiated) costs a hundred
// milliseconds or more: done while no run waits, it leaves a run only its own work. The WebAssembly module
// is compiled once per process and handed to every worker, which instantiates it in its own memory.

export class WarmPool {
  private wasm: Promise<object> | undefined;
  /** The worker made ready (perhaps still starting), taken by the next run. */
  private spare: Promise<Worker> | undefined;
  private closed = false;

  constructor(private readonly memoryBytes: number) {}

  /** A worker for one run: the one made ready, else one started now. */
  take(): Promise<Worker> {
    const worker = this.spare ?? this.start();
    this.spare = undefined;
    return worker;
  }

  /** Starts the next worker, unless one is ready or the pool is closed. */
  fill(): void {
    if (this.closed || this.spare) return;
    const made = this.start();
    this.spare = made;
    const gone = () => {
      if (this.spare === made) this.spare = undefined;
    };
    // A spare that fails or ends while it waits is dropped; the next run starts one of its own.
    made.then((w) => w.once('error', gone).once('exit', gone), gone);
  }

  readonly run = runInWorker;

  /** Ends the worker waiting, and makes no more: a stopping process holds no sandbox. */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = undefined;
    const worker = await spare?.catch(() => undefined);
    await worker?.terminate();
  }

  private start(): Promise<Worker> {
    const wasm = (this.wasm ??= compileQuickJS());
    return wasm.then(
      (compiled) => {
        const worker = startWorker(compiled, this.memoryBytes);
        // Until a run listens, an error of the worker (it failing to start) must not be unhandled.
        worker.on('error', () => undefined);
        return worker;
      },
      (err: unknown) => {
        // A compilation that failed (the file unreadable) is tried again by the next run.
        if (this.wasm === wasm) this.wasm = undefined;
        throw err;
      },
    );
  }
}
