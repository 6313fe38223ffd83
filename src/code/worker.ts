// The worker thread of one code_run: a fresh QuickJS instance in WebAssembly memory of its own, capped,
// that runs the agent's code and asks the host (the main thread) for every tool call by message. It holds
// no credential and reaches nothing but its port; the host ends it after one run, or at any time.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import { prelude, wrapped } from './guest.js';
import type { FromWorker, ToWorker, WorkerInput } from './protocol.js';

const WASM_PAGE = 65_536;
/** QuickJS's own allocation limit, below the memory's cap so that running out is an error the guest gets. */
const HEAP_MARGIN = 12 * 1024 * 1024;

/** The one QuickJS build shipped: synchronous, release. Its package's types are CommonJS-shaped. */
const variant = releaseSync as unknown as QuickJSSyncVariant;
/** WebAssembly's Memory, which the Node types this project compiles with do not declare. */
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object } })
  .WebAssembly;

const port = parentPort!;
const input = workerData as WorkerInput;

class Run {
  private cpuMs = 0;
  private entered: number | undefined;
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private nextId = 0;
  private readonly logs: string[] = [];
  private logChars = 0;
  private main: QuickJSHandle | undefined;
  private ended = false;

  constructor(
    private readonly rt: QuickJSRuntime,
    private readonly vm: QuickJSContext,
  ) {
    rt.setInterruptHandler(() => this.entered !== undefined && this.cpuMs + performance.now() - this.entered > input.limits.cpuMs);
  }

  /** Runs guest work, counting its time against the CPU limit. */
  private inGuest<T>(work: () => T): T {
    this.entered = performance.now();
    try {
      return work();
    } finally {
      this.cpuMs += performance.now() - this.entered;
      this.entered = undefined;
    }
  }

  start(): void {
    const { vm } = this;
    vm.newFunction('__lwCall', (nameH, argsH) => this.call(vm.getString(nameH), vm.getString(argsH))).consume((f) =>
      vm.setProp(vm.global, '__lwCall', f),
    );
    vm.newFunction('__lwLog', (lineH) => {
      this.log(vm.getString(lineH));
    }).consume((f) => vm.setProp(vm.global, '__lwLog', f));
    this.inGuest(() => vm.unwrapResult(vm.evalCode(prelude(input.tools), 'prelude.js')).dispose());
    const main = this.inGuest(() => vm.evalCode(wrapped(input.code), 'code.js'));
    if (main.error) return this.fail(main.error);
    this.main = main.value;
    this.step();
  }

  private call(tool: string, args: string): QuickJSHandle {
    const id = this.nextId++;
    const deferred = this.vm.newPromise();
    this.pending.set(id, deferred);
    // Arguments past the cap go only as far as show it: the host refuses them, and the guest's megabytes
    // (a hundred calls of them) never queue up in the host's memory.
    const { argsChars } = input.limits;
    const sent = { tool: tool.slice(0, 100), args: args.length > argsChars ? args.slice(0, argsChars + 1) : args };
    port.postMessage({ t: 'call', id, ...sent } satisfies FromWorker);
    return deferred.handle;
  }

  answer(message: ToWorker): void {
    const deferred = this.pending.get(message.id);
    if (!deferred || this.ended) return;
    this.pending.delete(message.id);
    this.vm.newString(message.answer).consume((s) => deferred.resolve(s));
    deferred.dispose();
    this.step();
  }

  private log(line: string): void {
    const room = input.limits.logChars - this.logChars;
    if (room <= 0) return;
    const kept = line.length < room ? line : `${line.slice(0, room)}… (logs cut at ${input.limits.logChars} characters)`;
    this.logs.push(kept);
    // Each line counts its line break too: a million empty lines are no free way past the cap.
    this.logChars += line.length < room ? line.length + 1 : room;
  }

  /** Runs what is ready in the guest; ends the run when its promise settled or can no longer settle. */
  private step(): void {
    const jobs = this.inGuest(() => this.rt.executePendingJobs());
    if (jobs.error) return this.fail(jobs.error);
    const state = this.vm.getPromiseState(this.main!);
    if (state.type === 'fulfilled') {
      const result = this.vm.typeof(state.value) === 'string' ? this.vm.getString(state.value) : undefined;
      state.value.dispose();
      return this.end({ result });
    }
    if (state.type === 'rejected') return this.fail(state.error);
    if (this.pending.size === 0) {
      this.end({
        error: {
          message:
            'The code awaits a promise that nothing will settle: only tools.* calls settle here (there are no timers, fetch or events).',
          limit: 'stalled',
        },
      });
    }
  }

  private fail(errorHandle: QuickJSHandle): void {
    // A tool's error the code let through keeps its code and resolution.
    const own = (key: string) => {
      if (this.vm.typeof(errorHandle) !== 'object') return undefined;
      const value: unknown = this.vm.getProp(errorHandle, key).consume((h) => this.vm.dump(h));
      return typeof value === 'string' ? value.slice(0, 1_000) : undefined;
    };
    // Reading what was thrown runs guest code (getters, toJSON): it counts against the CPU limit like any.
    let read: [unknown, string | undefined, string | undefined] | undefined;
    try {
      read = this.inGuest(() => [this.vm.dump(errorHandle), own('code'), own('resolution')]);
    } catch (err) {
      // Interrupted, it is the CPU limit below; anything else (the memory exhausted) is the run's end as it is.
      if (this.cpuMs <= input.limits.cpuMs) throw err;
    }
    errorHandle.dispose();
    const cpu = { message: `The code computed for more than ${input.limits.cpuMs / 1000} s of CPU time.`, limit: 'cpu' };
    if (this.cpuMs > input.limits.cpuMs || read === undefined) return this.end({ error: cpu });
    const [dumped, code, resolution] = read;
    const { name, message } = (typeof dumped === 'object' && dumped !== null ? dumped : { message: String(dumped) }) as {
      name?: string;
      message?: string;
    };
    const text = String(message ?? dumped);
    if (name === 'InternalError' && text === 'interrupted') return this.end({ error: cpu });
    if (/out of memory/i.test(text)) {
      return this.end({
        error: { message: `The code used more than the ${input.limits.memoryBytes / 1024 / 1024} MB of memory it may.`, limit: 'memory' },
      });
    }
    const head = code ? `${code}: ` : name && name !== 'Error' ? `${name}: ` : '';
    this.end({ error: { message: `${head}${text}`.slice(0, 2_000), ...(resolution ? { resolution } : {}) } });
  }

  private end(how: { result?: string | undefined; error?: { message: string; limit?: string; resolution?: string } }): void {
    if (this.ended) return;
    this.ended = true;
    port.postMessage({ t: 'done', result: how.result, logs: this.logs, ...(how.error ? { error: how.error } : {}) } satisfies FromWorker);
  }
}

async function main(): Promise<void> {
  const bytes = readFileSync(input.wasmPath);
  const memory = new Memory({ initial: 256, maximum: Math.floor(input.limits.memoryBytes / WASM_PAGE) });
  const mod = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      wasmMemory: memory as NonNullable<Parameters<typeof newVariant>[1]['wasmMemory']>,
    }),
  );
  const rt = mod.newRuntime();
  rt.setMemoryLimit(input.limits.memoryBytes - HEAP_MARGIN);
  rt.setMaxStackSize(1024 * 1024);
  const run = new Run(rt, rt.newContext());
  port.on('message', (m: ToWorker) => guarded(() => run.answer(m)));
  guarded(() => run.start());
}

/** Anything the interpreter throws at the host side (the WebAssembly memory exhausted) ends the run with it. */
function guarded(work: () => void): void {
  try {
    work();
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    const memory = /memory|RangeError|unreachable/i.test(message);
    port.postMessage({
      t: 'done',
      result: undefined,
      logs: [],
      error: memory
        ? { message: `The code used more than the ${input.limits.memoryBytes / 1024 / 1024} MB of memory it may.`, limit: 'memory' }
        : { message: `The sandbox failed: ${message.slice(0, 500)}` },
    } satisfies FromWorker);
  }
}

main().catch((err: unknown) =>
  guarded(() => {
    throw err;
  }),
);
