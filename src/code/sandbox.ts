import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CodeLimits } from '../config/code-limits.js';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';

// The host side of one sandboxed run: a worker thread made ready for it (pool.ts makes it before it is
// needed), ended after it whatever happened (failed, cancelled, past the wall clock), or, when the run ended
// with its answer, kept to host another run in a new instance (worker.ts). Only JSON text crosses: the
// guest's tool calls come as a name and JSON arguments, their answers go back as JSON text.

/**
 * Filled in at build time: where the bundle's worker and the QuickJS WebAssembly file sit, relative to the
 * chunk this module is built into. Run from the sources, the worker is the TypeScript file (through tsx)
 * and the WebAssembly file the package's own.
 */
declare const __LW_CODE_FILES__: { worker: string; wasm: string } | undefined;
const built = typeof __LW_CODE_FILES__ === 'undefined' ? undefined : __LW_CODE_FILES__;

function workerFiles(): { worker: URL | string; wasmPath: string; eval: boolean } {
  if (built)
    return { worker: new URL(built.worker, import.meta.url), wasmPath: fileURLToPath(new URL(built.wasm, import.meta.url)), eval: false };
  const require = createRequire(import.meta.url);
  // From the sources (tests, scripts): the TypeScript worker through tsx's CommonJS hook.
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return {
    worker: `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`,
    wasmPath: require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'),
    eval: true,
  };
}

/** The WebAssembly module of QuickJS compiled, for every worker of the process to instantiate. */
export async function compileQuickJS(): Promise<object> {
  const bytes = readFileSync(workerFiles().wasmPath);
  // Node's types this project compiles with do not declare WebAssembly.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<object> } }).WebAssembly;
  return wasm.compile(bytes);
}

/**
 * A worker started for one run that is not known yet: it makes its QuickJS instance at once, then waits
 * for the run's message. Its environment is empty; what it might print never reaches the process's stdout
 * (the protocol's, over stdio); it never holds a stopping process up.
 */
export function startWorker(wasm: object, memoryBytes: number): Worker {
  const { worker: file, eval: evaluated } = workerFiles();
  const worker = new Worker(file, {
    workerData: { wasm, memoryBytes } satisfies WorkerSetup,
    eval: evaluated,
    env: {},
    // The worker's own JavaScript heap (the bridge); the guest's memory is the WebAssembly memory it caps itself.
    resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  worker.unref();
  return worker;
}

/** How a run ended: its value as JSON text (undefined: it returned nothing), or why it did not. */
export type SandboxEnd =
  | { ok: true; result: string | undefined; logs: string[] }
  | { ok: false; message: string; limit?: string | undefined; resolution?: string | undefined; logs: string[] };

/** A tool call's answer for the guest: JSON text, and a long list's rows in parts (protocol.ts). */
export interface GuestAnswer {
  text: string;
  parts?: string[] | undefined;
}

/** Answers one tool call of the guest; never throws. */
export type CallHandler = (tool: string, args: string) => Promise<GuestAnswer>;

export const CANCELLED_BEFORE: SandboxEnd = {
  ok: false,
  message: 'The run was cancelled before it started.',
  limit: 'cancelled',
  logs: [],
};

/** How a run in a worker ended, and whether that worker can host another (its next instance being made). */
export interface WorkerEnd {
  end: SandboxEnd;
  again: boolean;
}

/**
 * One run in a worker from startWorker, in an instance no run used before. The worker is ended with the run,
 * unless the run ended with its answer and the worker said it can host another (`again`): then it is left
 * as it is, no listener of this run on it.
 */
export function runInWorker(
  worker: Worker,
  run: { code: string; tools: readonly string[]; limits: CodeLimits },
  onCall: CallHandler,
  signal: AbortSignal,
): Promise<WorkerEnd> {
  const { limits } = run;
  return new Promise((resolve) => {
    let ended = false;
    const finish = (end: SandboxEnd, again = false) => {
      if (ended) return;
      ended = true;
      clearTimeout(wall);
      signal.removeEventListener('abort', cancel);
      worker.off('message', message).off('error', failed).off('exit', exited);
      if (!again) void worker.terminate();
      resolve({ end, again });
    };
    const wall = setTimeout(
      () => finish({ ok: false, message: `The run took longer than ${limits.wallMs / 1000} s and was ended.`, limit: 'wall', logs: [] }),
      limits.wallMs,
    );
    const cancel = () => finish({ ok: false, message: 'The run was cancelled.', limit: 'cancelled', logs: [] });
    const message = (m: FromWorker) => {
      // A call still queued when the run ended is not made.
      if (ended) return;
      if (m.t === 'done') {
        finish(m.error ? { ok: false, ...m.error, logs: m.logs } : { ok: true, result: m.result, logs: m.logs }, m.again === true);
        return;
      }
      void onCall(m.tool, m.args).then((answer) => {
        if (!ended) worker.postMessage({ t: 'answer', id: m.id, answer: answer.text, parts: answer.parts } satisfies ToWorker);
      });
    };
    const failed = (err: Error) => finish(workerFailed(err));
    const exited = () => finish({ ok: false, message: 'The sandbox ended without an answer.', logs: [] });
    if (signal.aborted) return finish(CANCELLED_BEFORE);
    signal.addEventListener('abort', cancel, { once: true });
    worker.on('message', message).on('error', failed).on('exit', exited);
    worker.postMessage({ t: 'run', ...run } satisfies ToWorker);
  });
}

function workerFailed(err: Error): SandboxEnd {
  const memory = /memory|ERR_WORKER_OUT_OF_MEMORY/i.test(`${err.name} ${err.message} ${(err as { code?: string }).code ?? ''}`);
  return {
    ok: false,
    message: memory ? 'The code used more memory than it may.' : `The sandbox failed: ${err.message.slice(0, 300)}`,
    limit: memory ? 'memory' : undefined,
    logs: [],
  };
}
