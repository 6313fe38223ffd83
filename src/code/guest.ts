// The JavaScript the sandbox runs around the agent's code, as text: pure, so a unit test reads it.

/** Globals QuickJS offers that a guest has no use for and that must not be there (shared memory, weak refs). */
export const REMOVED_GLOBALS = ['SharedArrayBuffer', 'Atomics', 'WeakRef', 'FinalizationRegistry', 'WebAssembly'] as const;

/**
 * Runs first, once: takes the three host functions off the global object into a closure, removes what the
 * guest must not reach, and sets up `tools` and `console`. A tool call sends its arguments as JSON text and
 * gets JSON text back; guest objects never reach the host.
 */
export function prelude(tools: readonly string[]): string {
  return `(() => {
  const call = globalThis.__lwCall, part = globalThis.__lwPart, log = globalThis.__lwLog;
  delete globalThis.__lwCall; delete globalThis.__lwPart; delete globalThis.__lwLog;
  for (const name of ${JSON.stringify(REMOVED_GLOBALS)}) delete globalThis[name];
  const toolFn = (name) => async (args) => {
    const [id, pending] = call(name, JSON.stringify(args === undefined ? {} : args));
    const answer = JSON.parse(await pending);
    if (answer.ok && answer.rows) {
      // A long list's rows come in parts, each parsed and put in the list before the next is read.
      let list = answer.value;
      for (const key of answer.rows.path) list = list[key];
      for (let i = 0; i < answer.rows.parts; i++) {
        const rows = JSON.parse(part(id, i));
        for (let j = 0; j < rows.length; j++) list.push(rows[j]);
      }
    }
    if (answer.ok) return answer.value;
    const e = new Error(answer.error.message);
    e.code = answer.error.code;
    e.resolution = answer.error.resolution;
    if (answer.error.fieldErrors) e.fieldErrors = answer.error.fieldErrors;
    throw e;
  };
  const named = {};
  for (const name of ${JSON.stringify(tools)}) named[name] = toolFn(name);
  Object.freeze(named);
  // Any other name is asked of the host too, which says why it cannot run (a write, an unknown tool).
  const tools = new Proxy(named, {
    get(target, key) {
      if (typeof key !== 'string' || key === 'then' || !/^[a-z][a-z0-9_]{0,63}$/.test(key)) return undefined;
      return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : toolFn(key);
    },
  });
  const text = (v) => {
    if (typeof v === 'string') return v;
    try { const j = JSON.stringify(v); return j === undefined ? String(v) : j; } catch { return String(v); }
  };
  const line = (...args) => { log(args.map(text).join(' ')); };
  Object.defineProperty(globalThis, 'tools', { value: tools, enumerable: false });
  Object.defineProperty(globalThis, 'console', {
    value: Object.freeze({ log: line, info: line, warn: line, error: line, debug: line }),
    enumerable: false,
  });
})();`;
}

/**
 * The agent's code as the body of an async function, its value given back as JSON text (undefined when it
 * returned nothing). The code's own text is not changed: a code that breaks out of the function only
 * breaks its own run.
 */
export function wrapped(code: string): string {
  return `(async () => {
const __lwValue = await (async () => {
${code}
})();
return __lwValue === undefined ? undefined : JSON.stringify(__lwValue);
})()`;
}
