// code_run's pure parts: the TypeScript declarations made from the schemas, the guest's prelude and
// wrapper, the limits an environment may lower, the run's end as a result, and how the toolsets name it.
import { describe, expect, test, vi } from 'vitest';
import { parseCli, type Config } from '../../src/config/parse.js';
import { tsType, toolLine, declarationsOf, toolsDeclaration, WHOLE_LISTS } from '../../tools/declarations.js';
import { prelude, REMOVED_GLOBALS, wrapped } from '../../src/code/guest.js';
import { CODE_LIMITS } from '../../src/config/code-limits.js';
import { codeOutcome, fitLogs, guestJson } from '../../src/code/outcome.js';
import type { SandboxEnd, WorkerEnd } from '../../src/code/sandbox.js';
import { Demand, readyWanted } from '../../src/code/demand.js';
import { Sandboxes, type Pool } from '../../src/code/sandboxes.js';
import { CODE_TOOL } from '../../tools/code.js';
import { GUEST_PART_ROWS, inParts } from '../../src/code/run.js';
import { tools } from '../../tools/index.js';
import { toolDeclarations } from '../../src/mcp/tool-schema.js';

const configOf = (argv: string[], env: Record<string, string> = {}): Config => {
  const action = parseCli(['--sandbox', ...argv], env);
  if (action.kind !== 'run') throw new Error(action.kind);
  return action.config;
};

describe('declarations', () => {
  test('JSON Schema types as TypeScript: scalars, enums, nullable, arrays, nested objects cut at a depth', () => {
    expect(tsType({ type: 'string' }, 1)).toBe('string');
    expect(tsType({ type: 'integer' }, 1)).toBe('number');
    expect(tsType({ type: ['number', 'null'] }, 1)).toBe('number | null');
    expect(tsType({ enum: ['a', 'b'] }, 1)).toBe('"a" | "b"');
    expect(tsType({ anyOf: [{ type: 'string' }, { type: 'null' }] }, 1)).toBe('string | null');
    expect(tsType({ type: 'array', items: { type: 'string' } }, 1)).toBe('string[]');
    const nested = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] }, 'x-y': { type: 'boolean' } },
      required: ['a'],
    };
    expect(tsType(nested, 2)).toBe('{ a: { b: string; }; "x-y"?: boolean; }');
    expect(tsType(nested, 1)).toBe('{ a: object; "x-y"?: boolean; }');
    expect(tsType({ type: 'object', properties: {} }, 1)).toBe('Record<string, unknown>');
    expect(tsType({}, 1)).toBe('unknown');
  });

  test("a tool's line: its input with field descriptions, its output; the description only in the full one", () => {
    const source = {
      name: 'x_get',
      description: 'Gets an x. */ not a comment end',
      input: { type: 'object', properties: { id: { type: 'string', description: 'From x_list.' } }, required: ['id'] },
      output: { type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'object', properties: {} } } } } },
    };
    expect(toolLine(source, 1, false)).toBe('  x_get(args: { id: string; /** From x_list. */ }): Promise<{ x?: object; }>;');
    const { full } = declarationsOf(source);
    expect(full).toContain('/** Gets an x. * / not a comment end */');
    expect(full).toContain('Promise<{ x?: { y?: Record<string, unknown>; }; }>');
  });

  test('every read tool declares; an input with no required field is optional', () => {
    for (const def of tools.filter((t) => t.annotations.readOnlyHint)) {
      const { short, full } = toolDeclarations(def);
      expect(short, def.name).toMatch(new RegExp(`^  ${def.name}\\(args\\??: \\{.*\\}\\): Promise<.*>;$`));
      expect(full.length, def.name).toBeGreaterThanOrEqual(short.length);
    }
    expect(toolDeclarations(tools.find((t) => t.name === 'analytics_hero')!).short).toContain('analytics_hero(args?: {})');
  });
});

describe("the run's answer within the result size", () => {
  test('logs get the room the value leaves, measured as JSON, the last cut and a note added', () => {
    expect(fitLogs(['a', 'b'], 100)).toEqual(['a', 'b']);
    const cut = fitLogs(['x'.repeat(50), '"'.repeat(50), 'z'], 80);
    expect(cut[0]).toBe('x'.repeat(50));
    expect(cut.at(-1)).toMatch(/logs cut/);
    expect(cut).not.toContain('z');
    const { result } = codeOutcome(
      { ok: true, result: JSON.stringify('v'.repeat(600)), logs: Array(20).fill('\u0001'.repeat(100)) },
      1,
      1_000,
    );
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(1_000);
    expect((result.content[0] as { text: string }).text.length).toBeLessThanOrEqual(1_000);
  });
});

describe('lists inside code', () => {
  test("a list tool is declared as code gets it: whole, with fields, without the server's offset, its page only saying it may go on", () => {
    for (const name of ['analytics_students', 'assignments_get', 'groups_list', 'performance_quiz']) {
      const { short, full } = toolDeclarations(tools.find((t) => t.name === name)!);
      for (const text of [short, full]) {
        expect(text, name).not.toMatch(/\boffset\??:/);
        expect(text, name).toMatch(/\bpage\?: \{ mayGoOn: true; returned: number; cap\?: number; \}/);
        expect(text, name).not.toMatch(/nextOffset/);
      }
      // The short line (in code_run's description) leaves the paths to the tool's schema; the full one names them.
      expect(short, name).toMatch(/\bfields\?: string\[\]/);
      expect(full, name).toMatch(/\bfields\?: Array<"[^"]+"( \| "[^"]+")+>/);
    }
    expect(WHOLE_LISTS).toMatch(/page\.mayGoOn/);
    expect(toolsDeclaration(['  x(): Promise<{}>;'])).toContain(WHOLE_LISTS);
    expect(CODE_TOOL.description).toMatch(/Lists come whole here/);
  });
});

describe('the guest', () => {
  test('the prelude takes the host functions off the global object and removes shared memory, weak refs and WebAssembly', () => {
    const text = prelude(['a_b']);
    expect(text).toContain('delete globalThis.__lwCall');
    expect(text).toContain('delete globalThis.__lwPart');
    expect(text).toContain('delete globalThis.__lwLog');
    for (const name of ['SharedArrayBuffer', 'Atomics', 'WebAssembly']) expect(REMOVED_GLOBALS).toContain(name);
    expect(text).toContain(JSON.stringify(REMOVED_GLOBALS));
    // Only JSON text crosses: arguments go as JSON.stringify, answers come back through JSON.parse.
    expect(text).toContain('JSON.stringify(args === undefined ? {} : args)');
    expect(text).toContain('JSON.parse(await pending)');
    expect(text).toContain('JSON.parse(part(id, i))');
  });

  test('the code is the body of an async function, its value given back as JSON text', () => {
    const text = wrapped('return 1;');
    expect(text).toContain('\nreturn 1;\n');
    expect(text).toMatch(/^\(async \(\) => \{/);
    expect(text).toContain('JSON.stringify(__lwValue)');
  });
});

describe('limits', () => {
  test('the settings may lower the CPU and wall-clock limits, never raise them', () => {
    const cfg = (env: Record<string, string>) => configOf([], env);
    expect(cfg({})).toMatchObject({ codeCpuMs: CODE_LIMITS.cpuMs, codeWallMs: CODE_LIMITS.wallMs });
    expect(cfg({ WORKSPACE_CODE_CPU_MS: '500', WORKSPACE_CODE_WALL_MS: '2000' })).toMatchObject({ codeCpuMs: 500, codeWallMs: 2_000 });
    expect(() => cfg({ WORKSPACE_CODE_CPU_MS: '99999999' })).toThrow(
      /WORKSPACE_CODE_CPU_MS \(--code-cpu-ms\) must be between 100 and 10000/,
    );
    expect(() => cfg({ WORKSPACE_CODE_WALL_MS: 'x' })).toThrow(/must be a whole number/);
  });

  test('the tool refuses code over 20 KB before any sandbox starts', () => {
    expect(CODE_TOOL.input.safeParse({ code: 'x'.repeat(CODE_LIMITS.codeChars) }).success).toBe(true);
    expect(CODE_TOOL.input.safeParse({ code: 'x'.repeat(CODE_LIMITS.codeChars + 1) }).success).toBe(false);
    expect(CODE_TOOL.input.safeParse({ code: 'return 1', extra: 1 }).success).toBe(false);
  });
});

describe("a run's end as a result", () => {
  test('a value: structured {result, calls, logs} and a text with the count of calls', () => {
    const { result, error } = codeOutcome({ ok: true, result: '{"n":3}', logs: ['a'] }, 2, 1_000);
    expect(error).toBeUndefined();
    expect(result.structuredContent).toEqual({ result: { n: 3 }, calls: 2, logs: ['a'] });
    expect((result.content[0] as { text: string }).text).toBe('The code made 2 tool calls and returned:\n{"n":3}\nLogs:\na');
    expect(codeOutcome({ ok: true, result: undefined, logs: [] }, 0, 1_000).result.structuredContent).toEqual({
      result: null,
      calls: 0,
      logs: [],
    });
  });

  test('a value over the result cap is an error asking the code to aggregate more', () => {
    const { result, error } = codeOutcome({ ok: true, result: JSON.stringify('x'.repeat(2_000)), logs: [] }, 1, 1_000);
    expect(result.isError).toBe(true);
    expect(error).toMatchObject({ code: 'CODE_FAILED' });
    expect(error?.resolution).toMatch(/Aggregate more/);
  });

  test("a limit names itself and what to do; a tool's error the code let through keeps its resolution; a cancel is CANCELLED", () => {
    const cpu = codeOutcome(
      { ok: false, message: 'The code computed for more than 10 s of CPU time.', limit: 'cpu', logs: ['x'] },
      3,
      1_000,
    );
    expect(cpu.error).toMatchObject({ code: 'CODE_FAILED' });
    expect(cpu.error?.message).toMatch(/after 3 tool calls: The code computed .*\nLogs:\nx$/s);
    expect(cpu.error?.resolution).toMatch(/Compute less/);
    const write = codeOutcome(
      { ok: false, message: 'READ_ONLY: groups_delete changes…', resolution: 'send them with batch_call.', logs: [] },
      1,
      1_000,
    );
    expect(write.error?.resolution).toBe('send them with batch_call.');
    expect(codeOutcome({ ok: false, message: 'The run was cancelled.', limit: 'cancelled', logs: [] }, 4, 1_000).error).toMatchObject({
      code: 'CANCELLED',
    });
  });
});

describe('what the guest sends the host', () => {
  test('JSON text is measured for depth before it is parsed (strings do not count); no JSON is said so', () => {
    expect(guestJson('{"a":[1,{"b":"[[[["}]}')).toEqual({ ok: true, value: { a: [1, { b: '[[[[' }] } });
    expect(guestJson('"\\"[["')).toEqual({ ok: true, value: '"[[' });
    expect(guestJson(`${'['.repeat(64)}${']'.repeat(64)}`).ok).toBe(true);
    expect(guestJson(`${'['.repeat(65)}${']'.repeat(65)}`)).toEqual({ ok: false, why: 'is nested 65 levels deep, more than 64' });
    expect(guestJson(`${'['.repeat(100_000)}`)).toMatchObject({ ok: false });
    expect(guestJson('{not json')).toEqual({ ok: false, why: 'is not JSON' });
  });

  test('a value that is no JSON, or too deep, is an error result, never a throw', () => {
    const notJson = codeOutcome({ ok: true, result: '{not json', logs: [] }, 1, 1_000);
    expect(notJson.error).toMatchObject({ code: 'CODE_FAILED' });
    expect(notJson.error?.message).toMatch(/its value is not JSON/);
    expect(codeOutcome({ ok: true, result: `${'['.repeat(500)}${']'.repeat(500)}`, logs: [] }, 1, 10_000).error?.message).toMatch(
      /nested 500 levels deep/,
    );
  });

  test('the value and the logs are cleaned like every result: text and structured content alike', () => {
    const { result } = codeOutcome({ ok: true, result: JSON.stringify({ n: 'a\u200Bb\u{E0041}' }), logs: ['x\u202Ey'] }, 1, 1_000);
    expect(result.structuredContent).toEqual({ result: { n: 'ab' }, calls: 1, logs: ['xy'] });
    expect((result.content[0] as { text: string }).text).toBe('The code made 1 tool call and returned:\n{"n":"ab"}\nLogs:\nxy');
  });
});

/**
 * A pool of pretend workers, kept as pool.ts keeps them: a worker whose run ended comes back ready if it can
 * host another and is wanted, else it ends; size() makes or ends the difference. Counts those alive and lets
 * each run end when told.
 */
function countingPool() {
  const state = { made: 0, alive: 0, most: 0, ready: [] as number[], closed: false, again: true };
  const ends = new Map<number, () => void>();
  const make = () => {
    state.alive++;
    state.most = Math.max(state.most, state.alive);
    return ++state.made;
  };
  const pool: Pool<number> = {
    take: () => Promise.resolve(state.ready.shift() ?? make()),
    size: (count, back) => {
      if (back !== undefined && !state.closed && state.ready.length < count) state.ready.push(back);
      else if (back !== undefined) state.alive--;
      while (!state.closed && state.ready.length < count) state.ready.push(make());
      while (state.ready.length > count) {
        state.ready.pop();
        state.alive--;
      }
    },
    run: (worker) =>
      new Promise<WorkerEnd>((resolve) =>
        ends.set(worker, () => {
          if (!state.again) state.alive--;
          resolve({ end: { ok: true, result: String(worker), logs: [] }, again: state.again });
        }),
      ),
    close: () => {
      state.closed = true;
      state.alive -= state.ready.splice(0).length;
      return Promise.resolve();
    },
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return { state, ends, settle, make: () => Promise.resolve(pool as Pool) };
}

/** A clock the test moves. */
function fakeClock() {
  const clock = { t: 0, now: () => clock.t };
  return clock;
}

describe('how many sandboxes demand wants', () => {
  test('the most runs at once lately, and one for the next; reaching the peak again keeps it', () => {
    const clock = fakeClock();
    const demand = new Demand(clock.now, 1_000);
    expect(demand.wanted()).toBe(1);
    expect(demand.lapsesIn()).toBeUndefined();
    demand.started(1);
    expect(demand.wanted()).toBe(2);
    for (const running of [2, 3, 4, 3]) demand.started(running);
    expect(demand.wanted()).toBe(5);
    clock.t = 900;
    expect(demand.lapsesIn()).toBe(100);
    // A smaller burst does not lower the peak while it is kept; reaching it again keeps it longer.
    demand.started(2);
    expect(demand.wanted()).toBe(5);
    demand.started(4);
    clock.t = 1_500;
    expect(demand.wanted()).toBe(5);
  });

  test('a peak lapses after its time: demand falls back to one, and a new run sets it afresh', () => {
    const clock = fakeClock();
    const demand = new Demand(clock.now, 1_000);
    demand.started(8);
    clock.t = 1_001;
    expect(demand.wanted()).toBe(1);
    expect(demand.lapsesIn()).toBeUndefined();
    demand.started(1);
    expect(demand.wanted()).toBe(2);
  });

  test('ready ones are what demand wants less those running, within the bound on sandboxes alive', () => {
    expect(readyWanted(1, 0, 8)).toBe(1);
    expect(readyWanted(2, 1, 8)).toBe(1);
    expect(readyWanted(9, 0, 8)).toBe(8);
    expect(readyWanted(9, 3, 8)).toBe(5);
    expect(readyWanted(9, 8, 8)).toBe(0);
    expect(readyWanted(2, 5, 8)).toBe(0);
  });
});

describe('sandboxes made ready ahead', () => {
  const never = new AbortController().signal;
  const run = (s: Sandboxes) => s.run('return 1', [], CODE_LIMITS, () => Promise.resolve({ text: '{}' }), never);

  test('nothing is made before warm() or a run; then one waits ready, and runs in a row reuse two workers', async () => {
    const { state, ends, settle, make } = countingPool();
    const sandboxes = new Sandboxes(8, CODE_LIMITS.memoryBytes, make);
    await settle();
    expect(state.made).toBe(0);
    sandboxes.warm();
    sandboxes.warm();
    await settle();
    expect(state).toMatchObject({ made: 1, ready: [1] });
    const first = run(sandboxes);
    await settle();
    // The run got the worker made ready; one run at once was seen, so one more is made for the next.
    expect(state).toMatchObject({ made: 2, ready: [2] });
    ends.get(1)!();
    expect(await first).toMatchObject({ ok: true, result: '1' });
    await settle();
    expect(state).toMatchObject({ made: 2, ready: [2, 1], alive: 2 });
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const next = run(sandboxes);
      await settle();
      took.push(state.ready.length === 1 ? [1, 2].find((w) => !state.ready.includes(w))! : 0);
      ends.get(took.at(-1)!)!();
      await next;
      await settle();
    }
    // Back to back, the two workers take turns (one makes its next instance while the other runs): none
    // more is started.
    expect(took).toEqual([2, 1, 2, 1, 2]);
    expect(state).toMatchObject({ made: 2, alive: 2 });
    await sandboxes.close();
  });

  test('runs side by side: as many are kept ready as ran at once, never more alive than the bound', async () => {
    const { state, ends, settle, make } = countingPool();
    const sandboxes = new Sandboxes(4, CODE_LIMITS.memoryBytes, make, new Demand(fakeClock().now, 1_000));
    sandboxes.warm();
    await settle();
    const endAll = () => {
      for (const [w, end] of [...ends]) {
        ends.delete(w);
        end();
      }
    };
    /** `n` runs at once, each started `apart` microtasks after the last (as requests come in one by one). */
    const burst = async (n: number, apart = 0) => {
      const made = state.made;
      const runs: Promise<SandboxEnd>[] = [];
      for (let i = 0; i < n; i++) {
        runs.push(run(sandboxes));
        for (let m = 0; m < apart; m++) await Promise.resolve();
      }
      await settle();
      endAll();
      await Promise.all(runs);
      await settle();
      return state.made - made;
    };
    // Three at once: two are started while they wait, and one more for the next; then four stand ready
    // (three seen, one more), and a burst of three starts none.
    expect(await burst(3)).toBe(3);
    expect(state.ready).toHaveLength(4);
    expect(await burst(3)).toBe(0);
    // Runs that hold their slot but have not taken a worker yet are not counted as running: the ready
    // workers are left for them, however the runs' steps interleave.
    for (const apart of [1, 2, 3, 4]) expect(await burst(3, apart), `${apart} microtasks apart`).toBe(0);
    // Six at once against a bound of four: four run, two wait their turn; never more than four alive.
    const six = Array.from({ length: 6 }, () => run(sandboxes));
    for (let round = 0; round < 3; round++) {
      await settle();
      endAll();
    }
    expect(await Promise.all(six)).toHaveLength(6);
    expect(state.most).toBe(4);
    await sandboxes.close();
    expect(state.alive).toBe(0);
    sandboxes.warm();
    await settle();
    expect(state.alive).toBe(0);
  });

  test('idle, the sandboxes demand no longer wants are ended when it lapses, down to one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const clock = fakeClock();
      const { state, ends, make } = countingPool();
      const sandboxes = new Sandboxes(8, CODE_LIMITS.memoryBytes, make, new Demand(clock.now, 1_000));
      const settle = async () => {
        for (let i = 0; i < 5; i++) await Promise.resolve();
      };
      const runs = Array.from({ length: 5 }, () => run(sandboxes));
      await settle();
      for (const end of ends.values()) end();
      await Promise.all(runs);
      await settle();
      expect(state.ready).toHaveLength(6);
      clock.t = 1_001;
      await vi.advanceTimersByTimeAsync(1_002);
      expect(state).toMatchObject({ alive: 1, ready: [expect.any(Number)] });
      await sandboxes.close();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a worker that cannot host another run is ended, and others are made ready in its place', async () => {
    const { state, ends, settle, make } = countingPool();
    state.again = false;
    const sandboxes = new Sandboxes(8, CODE_LIMITS.memoryBytes, make);
    const first = run(sandboxes);
    await settle();
    ends.get(1)!();
    await first;
    await settle();
    // The first run was seen, so two are wanted ready: the one made while it ran, and one more.
    expect(state).toMatchObject({ made: 3, alive: 2, ready: [2, 3] });
    await sandboxes.close();
  });

  test('a pool that cannot start a sandbox ends the run with the reason, not a throw', async () => {
    const sandboxes = new Sandboxes(2, CODE_LIMITS.memoryBytes, () => Promise.reject(new Error('no wasm here')));
    expect(await run(sandboxes)).toMatchObject({ ok: false, message: expect.stringContaining('no wasm here') as string });
  });
});

describe('configuration', () => {
  test('code_run is off by default, offered by the code toolset or by name; code alone keeps every toolset', () => {
    expect(configOf([]).code).toBe(false);
    expect(configOf(['--toolsets', 'analytics,code'])).toMatchObject({ code: true, toolsets: new Set(['analytics']) });
    expect(configOf(['--toolsets', 'code'])).toMatchObject({ code: true, toolsets: undefined });
    expect(configOf(['--tools', 'code_run'])).toMatchObject({ code: true, tools: undefined });
    expect(configOf(['--tools', 'code_run,analytics_hero']).tools).toEqual(new Set(['code_run', 'analytics_hero']));
  });
});

describe('a long list given to the code', () => {
  const assignment = tools.find((t) => t.name === 'assignments_get')!;
  const value = (n: number) => ({
    assignment: { id: 'as_1', assignedUsers: Array.from({ length: n }, (_, i) => ({ userId: `u${i}` })) },
    page: { mayGoOn: true },
  });

  test('up to a part of rows, it goes whole, as one JSON text', () => {
    const answer = inParts(assignment, value(GUEST_PART_ROWS));
    expect(answer.parts).toBeUndefined();
    expect(JSON.parse(answer.text)).toEqual({ ok: true, value: value(GUEST_PART_ROWS) });
  });

  test('longer, its rows go in parts the guest puts back where the answer says, every row once and in order', () => {
    const n = 2 * GUEST_PART_ROWS + 1;
    const answer = inParts(assignment, value(n));
    expect(answer.parts).toHaveLength(3);
    const envelope = JSON.parse(answer.text) as { value: ReturnType<typeof value>; rows: { path: string[]; parts: number } };
    expect(envelope.rows).toEqual({ path: ['assignment', 'assignedUsers'], parts: 3 });
    expect(envelope.value.assignment.assignedUsers).toEqual([]);
    expect(envelope.value.page).toEqual({ mayGoOn: true });
    envelope.value.assignment.assignedUsers.push(...answer.parts!.flatMap((p) => JSON.parse(p) as { userId: string }[]));
    expect(envelope.value).toEqual(value(n));
  });

  test('a tool that is not a list, or an answer without its rows, goes as it is', () => {
    const hero = tools.find((t) => t.name === 'analytics_hero')!;
    expect(inParts(hero, { totalStudents: 5 })).toEqual({ text: JSON.stringify({ ok: true, value: { totalStudents: 5 } }) });
    expect(inParts(assignment, undefined)).toEqual({ text: JSON.stringify({ ok: true }) });
  });
});
