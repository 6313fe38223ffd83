// What the host and the worker running the guest's code send each other.
import type { CodeLimits } from '../config/code-limits.js';

/** What the worker is given: the code, the tool names the guest's `tools` object offers, the limits, the wasm. */
export interface WorkerInput {
  code: string;
  tools: readonly string[];
  limits: CodeLimits;
  wasmPath: string;
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

/** Host → worker: a tool call's answer as JSON text: `{ok:true,value}` or `{ok:false,error}`. */
export interface ToWorker {
  t: 'answer';
  id: number;
  answer: string;
}
