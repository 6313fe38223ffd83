// A worker thread of code_run: it runs the agent's code in a fresh QuickJS instance in WebAssembly memory
// of its own, capped, and asks the host (the main thread) for every tool call by message. It holds no
// credential and reaches nothing but its port; the host may end it at any time.
// It is made before its run is known (the host keeps some ready): the instance is made at once, and no
// guest code runs in it before the run message comes; nothing is posted before that either. A run that
// ends with its answer leaves the worker to host the next run, in a new instance (a module instantiated
// anew, with a new memory) made at once: no instance, and no memory, serves two runs. Making an instance
// takes a few milliseconds, starting a worker a hundred of CPU, which back-to-back runs cannot wait for.
import { parentPort, workerData } from 'node:worker_threads';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import { prelude, wrapped } from './guest.js';
import { CODE_LIMITS, type CodeLimits } from '../config/code-limits.js';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';

const WASM_PAGE = 65_536;
/** QuickJS's own allocation limit, below the memory's cap so that running out is an error the guest gets. */
const HEAP_MARGIN = 12 * 1024 * 1024;

/** The one QuickJS build shipped: synchronous, release. Its package's types are CommonJS-shaped. */
const variant = releaseSync as unknown as QuickJSSyncVariant;
/** WebAssembly's Memory, which the Node types this project compiles with do not declare. */
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object } })
  .WebAssembly;

const port = parentPort!;
const setup = workerData as WorkerSetup;

/** The run this worker makes: its code, the tools its guest may call, its limits. */
interface RunInput {
  code: string;
  tools: readonly string[];
  limits: CodeLimits;
}

class Run {
  private cpuMs = 0;
  private entered: number | undefined;
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  /** The rows of long lists answered, in parts, until the guest has taken them. */
  private readonly parts = new Map<number, string[]>();
  private nextId = 0;
  private readonly logs: string[] = [];
  private logChars = 0;
  private main: QuickJSHandle | undefined;
  private ended = false;

  constructor(
    private readonly rt: QuickJSRuntime,
    private readonly vm: QuickJSContext,
    private readonly input: RunInput,
    private readonly post: (m: FromWorker) => void = (m) => port.postMessage(m),
  ) {
    const { cpuMs } = input.limits;
    rt.setInterruptHandler(() => this.entered !== undefined && this.cpuMs + performance.now() - this.entered > cpuMs);
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
    vm.newFunction('__lwPart', (idH, indexH) => this.part(vm.getNumber(idH), vm.getNumber(indexH))).consume((f) =>
      vm.setProp(vm.global, '__lwPart', f),
    );
    vm.newFunction('__lwLog', (lineH) => {
      this.log(vm.getString(lineH));
    }).consume((f) => vm.setProp(vm.global, '__lwLog', f));
    this.inGuest(() => vm.unwrapResult(vm.evalCode(prelude(this.input.tools), 'prelude.js')).dispose());
    const main = this.inGuest(() => vm.evalCode(wrapped(this.input.code), 'code.js'));
    if (main.error) return this.fail(main.error);
    this.main = main.value;
    this.step();
  }

  /** A call of the guest: `[id, promise of the answer's text]`, the id naming the call's parts, if any. */
  private call(tool: string, args: string): QuickJSHandle {
    const id = this.nextId++;
    const deferred = this.vm.newPromise();
    this.pending.set(id, deferred);
    // Arguments past the cap go only as far as show it: the host refuses them, and the guest's megabytes
    // (a hundred calls of them) never queue up in the host's memory.
    const { argsChars } = this.input.limits;
    const sent = { tool: tool.slice(0, 100), args: args.length > argsChars ? args.slice(0, argsChars + 1) : args };
    this.post({ t: 'call', id, ...sent });
    const pair = this.vm.newArray();
    this.vm.newNumber(id).consume((h) => this.vm.setProp(pair, 0, h));
    this.vm.setProp(pair, 1, deferred.handle);
    return pair;
  }

  answer(message: { id: number; answer: string; parts?: string[] | undefined }): void {
    const deferred = this.pending.get(message.id);
    if (!deferred || this.ended) return;
    this.pending.delete(message.id);
    if (message.parts) this.parts.set(message.id, message.parts);
    this.vm.newString(message.answer).consume((s) => deferred.resolve(s));
    deferred.dispose();
    this.step();
  }

  /** One part of a call's rows, given once: the text goes as the guest takes it, the last part the call's entry. */
  private part(id: number, index: number): QuickJSHandle {
    const parts = this.parts.get(id);
    const text = parts?.[index];
    if (parts === undefined || text === undefined) return this.vm.newString('[]');
    parts[index] = '';
    if (index === parts.length - 1) this.parts.delete(id);
    return this.vm.newString(text);
  }

  private log(line: string): void {
    const { logChars } = this.input.limits;
    const room = logChars - this.logChars;
    if (room <= 0) return;
    const kept = line.length < room ? line : `${line.slice(0, room)}… (logs cut at ${logChars} characters)`;
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

  /** Lets go of the handles the run holds, for its runtime to be disposed (only the rehearsal's is). */
  dispose(): void {
    this.main?.dispose();
    for (const deferred of this.pending.values()) deferred.dispose();
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
      if (this.cpuMs <= this.input.limits.cpuMs) throw err;
    }
    errorHandle.dispose();
    const cpu = { message: `The code computed for more than ${this.input.limits.cpuMs / 1000} s of CPU time.`, limit: 'cpu' };
    if (this.cpuMs > this.input.limits.cpuMs || read === undefined) return this.end({ error: cpu });
    const [dumped, code, resolution] = read;
    const { name, message } = (typeof dumped === 'object' && dumped !== null ? dumped : { message: String(dumped) }) as {
      name?: string;
      message?: string;
    };
    const text = String(message ?? dumped);
    if (name === 'InternalError' && text === 'interrupted') return this.end({ error: cpu });
    if (/out of memory/i.test(text)) {
      return this.end({
        error: { message: `The code used more than the ${setup.memoryBytes / 1024 / 1024} MB of memory it may.`, limit: 'memory' },
      });
    }
    const head = code ? `${code}: ` : name && name !== 'Error' ? `${name}: ` : '';
    this.end({ error: { message: `${head}${text}`.slice(0, 2_000), ...(resolution ? { resolution } : {}) } });
  }

  private end(how: { result?: string | undefined; error?: { message: string; limit?: string; resolution?: string } }): void {
    if (this.ended) return;
    this.ended = true;
    this.post({ t: 'done', result: how.result, logs: this.logs, ...(how.error ? { error: how.error } : {}) });
  }
}

/** The instance, made as soon as the worker starts: a runtime and a context no code has run in yet. */
async function instance(first: boolean): Promise<{ rt: QuickJSRuntime; vm: QuickJSContext }> {
  const memory = new Memory({ initial: 256, maximum: Math.floor(setup.memoryBytes / WASM_PAGE) });
  const mod = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      // Compiled once by the host: instantiating it here takes a few milliseconds, compiling it a hundred.
      wasmModule: setup.wasm as NonNullable<Parameters<typeof newVariant>[1]['wasmModule']>,
      wasmMemory: memory as NonNullable<Parameters<typeof newVariant>[1]['wasmMemory']>,
    }),
  );
  // The engine has compiled the bridge's paths after the first run: only a new worker rehearses.
  if (first) rehearse(mod);
  const rt = mod.newRuntime();
  rt.setMemoryLimit(setup.memoryBytes - HEAP_MARGIN);
  rt.setMaxStackSize(1024 * 1024);
  return { rt, vm: rt.newContext() };
}

/**
 * A run of the server's own code in a runtime of its own, disposed before the run's runtime is made: this
 * worker's JavaScript engine compiles the bridge's paths (host functions, evaluation, jobs, promise states)
 * while no run waits, instead of during the first run, which it halves. No agent's code ever runs here.
 */
function rehearse(mod: QuickJSWASMModule): void {
  const rt = mod.newRuntime();
  const vm = rt.newContext();
  const input = { code: 'const a = [await 1]; console.log(a); return { a };', tools: ['x'], limits: { ...CODE_LIMITS, cpuMs: 1_000 } };
  const run = new Run(rt, vm, input, () => undefined);
  run.start();
  run.dispose();
  vm.dispose();
  rt.dispose();
}

/** Runs one worker hosts at most (each in an instance of its own), after which the host ends it. */
const RUNS_PER_WORKER = 100;
let runs = 0;

/** The instance the next run gets, made as soon as the last run ended. */
let next = instance(true);
// A failure while the worker waits for its run is told as that run's end, when it comes.
next.catch(() => undefined);

let run: Run | undefined;
port.on('message', (m: ToWorker) => {
  if (m.t === 'answer') return guarded(() => run?.answer(m));
  // One run at a time: the host sends the next only after this one's end, and never answers a call of an
  // ended run, so no answer meant for one run reaches another.
  if (run) return;
  next.then(
    ({ rt, vm }) => {
      run = new Run(rt, vm, m, (out) => (out.t === 'done' ? ended(out) : port.postMessage(out)));
      guarded(() => run!.start());
    },
    (err: unknown) =>
      guarded(() => {
        throw err;
      }),
  );
});

/**
 * Posts a run's end, and makes the instance of the next run, unless this worker has hosted its share or the
 * run ended at a limit (its memory used up, its CPU time): then the host ends the worker, and the memory
 * goes back at once with it.
 */
function ended(out: FromWorker & { t: 'done' }): void {
  // The instance of the run that ended is let go whole (its module and memory), not disposed: disposing
  // a runtime the guest left objects in asserts, and nothing of it is used again.
  run = undefined;
  const again = ++runs < RUNS_PER_WORKER && out.error?.limit === undefined;
  port.postMessage({ ...out, again } satisfies FromWorker);
  if (!again) return;
  next = instance(false);
  next.catch(() => undefined);
}

/** Anything the interpreter throws at the host side (the WebAssembly memory exhausted) ends the run with it. */
function guarded(work: () => void): void {
  try {
    work();
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    const memory = /memory|RangeError|unreachable/i.test(message);
    // Not made to host another run: the host ends it.
    run = undefined;
    port.postMessage({
      t: 'done',
      result: undefined,
      logs: [],
      again: false,
      error: memory
        ? { message: `The code used more than the ${setup.memoryBytes / 1024 / 1024} MB of memory it may.`, limit: 'memory' }
        : { message: `The sandbox failed: ${message.slice(0, 500)}` },
    } satisfies FromWorker);
  }
}
