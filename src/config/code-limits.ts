// The limits of one code_run, in one place beside the other defaults: the tool's description, the settings, the
// sandbox and the docs read them. A leaf module, so the tool rows below the settings can read it too.

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
  /**
   * The guest's WebAssembly memory, all of it (QuickJS's own heap limit sits a little below): the longest
   * list read whole (100,000 learners, 46 MB as QuickJS objects) with as much again to work in.
   */
  memoryBytes: 96 * 1024 * 1024,
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
