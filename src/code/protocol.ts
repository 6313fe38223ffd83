// What the host and the worker running the guest's code send each other.
import type { CodeLimits } from '../config/code-limits.js';

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
      /** The worker can host another run (its next instance being made); else the host ends it. */
      again?: boolean;
      error?: { message: string; limit?: string | undefined; resolution?: string | undefined };
    };

/**
 * Host → worker: the one run it makes (the code, the tool names the guest's `tools` object offers, the
 * limits), then the answers to its tool calls as JSON text: `{ok:true,value}` or `{ok:false,error}`. A long
 * list comes with its rows out of `value` (`rows: {path, parts}` says where they go) and in `parts`, JSON
 * arrays the guest reads one at a time.
 */
export type ToWorker =
  | { t: 'run'; code: string; tools: readonly string[]; limits: CodeLimits }
  | { t: 'answer'; id: number; answer: string; parts?: string[] | undefined };
