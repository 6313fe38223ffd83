// The limits of one code_run, in one place: the tool's description, the sandbox and the docs read them.

export const CODE_TOOL_NAME = 'code_run';

/** Where the fuller declarations of the tools its code calls (every output field) are read. */
export const CODE_DECLARATIONS_URI = 'learning-workspace://code/tools.d.ts';

export const CODE_LIMITS = {
  /** Characters of code at most. */
  codeChars: 20_000,
  /** Tool calls one run makes at most. */
  calls: 100,
  /** Characters of console output kept; the rest is cut. */
  logChars: 4_000,
  /** The guest's WebAssembly memory, all of it (QuickJS's own heap limit sits a little below). */
  memoryBytes: 64 * 1024 * 1024,
  /** Time the guest may compute, not counting its waits for tool calls. */
  cpuMs: 10_000,
  /** The whole run, tool calls included: past it the worker is ended, whatever it is doing. */
  wallMs: 60_000,
  /**
   * Characters of JSON the answers of one run's tool calls bring into the sandbox, all together: lists come
   * whole inside code, so this, not a page, bounds what a run reads (and what the host hands the worker).
   */
  dataChars: 32 * 1024 * 1024,
  /** Characters of JSON the arguments of one tool call take at most, measured before the host parses them. */
  argsChars: 100_000,
  /** Levels of arrays and objects in JSON the guest sends the host (arguments, its value) at most. */
  jsonDepth: 64,
  /** Runs one process has going at once (all callers together); more wait for one to end. */
  runsAtOnce: 8,
} as const;

export type CodeLimits = { -readonly [K in keyof typeof CODE_LIMITS]: number };

/**
 * What a worker is made with, before any run is known: the QuickJS WebAssembly module compiled once by the
 * host (a WebAssembly.Module, which a worker receives as it is) and the size of the memory it may use.
 */
export interface WorkerSetup {
  wasm: object;
  memoryBytes: number;
}

/** Worker → host: a tool call of the guest (arguments as JSON text), or the run's end. */
export type FromWorker =
  | { t: 'call'; id: number; tool: string; args: string }
  | {
      t: 'done';
      result: string | undefined;
      logs: string[];
      error?: { message: string; limit?: string | undefined; resolution?: string | undefined };
    };

/**
 * Host → worker: the one run it makes (the code, the tool names the guest's `tools` object offers, the
 * limits), then the answers to its tool calls as JSON text: `{ok:true,value}` or `{ok:false,error}`.
 */
export type ToWorker =
  { t: 'run'; code: string; tools: readonly string[]; limits: CodeLimits } | { t: 'answer'; id: number; answer: string };
