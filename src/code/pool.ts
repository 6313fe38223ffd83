import type { Worker } from 'node:worker_threads';
import { compileQuickJS, runInWorker, startWorker } from './sandbox.js';

// Sandboxes made ready before they are needed. A run still gets an instance of QuickJS no code ran in
// before, but starting a worker (a thread, the bundle parsed, QuickJS instantiated) costs a hundred
// milliseconds or more of CPU: done while no run waits, it leaves a run only its own work. A worker whose run
// ended with its answer comes back ready, making its next instance (a few milliseconds), so runs in a row
// start no thread. The WebAssembly module is compiled once per process and handed to every worker, which
// instantiates it in its own memory.

export class WarmPool {
  private wasm: Promise<object> | undefined;
  /** The workers made ready (some perhaps still starting), the longest ready first. */
  private readonly ready: Ready[] = [];
  private closed = false;

  constructor(private readonly memoryBytes: number) {}

  /** A worker for one run: one made ready, else one started now. */
  take(): Promise<Worker> {
    const ready = this.ready.shift();
    ready?.taken();
    return ready?.worker ?? this.start();
  }

  /**
   * Keeps `count` ready: first the worker given back (its run ended with its answer and it can host
   * another), then workers started for the rest; the extra are ended (those made ready last first).
   */
  size(count: number, back?: Worker): void {
    if (back && !this.closed && this.ready.length < count) this.keep(Promise.resolve(back));
    else if (back) void back.terminate();
    while (!this.closed && this.ready.length < count) this.keep(this.start());
    while (this.ready.length > count) void end(this.ready.pop()?.worker);
  }

  readonly run = runInWorker;

  /** Ends the workers waiting, and makes no more: a stopping process holds no sandbox. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.ready.splice(0).map((r) => end(r.worker)));
  }

  /** Counts a worker as ready until it is taken, or fails or ends while it waits (the next run starts one of its own). */
  private keep(worker: Promise<Worker>): void {
    let taken = false;
    let started: Worker | undefined;
    const gone = () => {
      const at = this.ready.indexOf(ready);
      if (at >= 0) this.ready.splice(at, 1);
    };
    // Its watch is lifted when it is taken: a worker that hosts many runs gathers no listeners.
    const ready: Ready = {
      worker,
      taken: () => {
        taken = true;
        started?.off('error', gone).off('exit', gone);
      },
    };
    this.ready.push(ready);
    worker.then((w) => {
      if (taken) return;
      started = w;
      w.once('error', gone).once('exit', gone);
    }, gone);
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

interface Ready {
  worker: Promise<Worker>;
  /** Lifts the watch on the worker. */
  taken(): void;
}

async function end(worker: Promise<Worker> | undefined): Promise<void> {
  await (await worker?.catch(() => undefined))?.terminate();
}
