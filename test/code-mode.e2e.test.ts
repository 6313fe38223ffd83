// code_run against the built server, with the SDK's client: the agent's JavaScript in a QuickJS sandbox of
// its own per run, every tool call through the call core. The reference tasks answer as the tools one by
// one do; hostile code ends with a clear error while other calls are answered, and the memory comes back;
// escapes fail inside; writes are refused; the rate limit counts each call; a cancel stops the run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CODE_TASKS } from '../scripts/code-tasks.js';
import { compareTask } from '../scripts/eval-code.js';
import { receiver, until } from './otlp.js';
import {
  CLI,
  connectHttp,
  connectInMemory,
  SANDBOX_CREDENTIALS,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type Sandbox,
  watched,
} from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

interface Run {
  result: unknown;
  calls: number;
  logs: string[];
}
const runOf = (r: CallToolResult) => r.structuredContent as unknown as Run;
const errorOf = (r: CallToolResult) => r._meta?.['learning-workspace/error'] as { code: string; message: string; resolution?: string };

/** The built server over stdio, code_run offered, with tight CPU and wall-clock limits so hostile code ends soon. */
async function server(args: string[] = [], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '--toolsets', 'code', ...args],
    env: sandboxEnv(sandbox, { WORKSPACE_CODE_CPU_MS: '1500', WORKSPACE_CODE_WALL_MS: '6000', ...env }),
    stderr: 'pipe',
  });
  const client = watched(new Client({ name: 'test', version: '0.0.0' }));
  await client.connect(transport);
  const code = async (source: string, opts: Parameters<Client['callTool']>[2] = {}) =>
    (await client.callTool({ name: 'code_run', arguments: { code: source } }, undefined, opts)) as CallToolResult;
  /** The server process's resident memory, in MB. */
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${transport.pid}/status`, 'utf8'))![1]) / 1024;
  return { client, code, rssMb, close: () => client.close() };
}

describe('the reference tasks', () => {
  test('each gives the same answer through one code_run as through the tools one call at a time', async () => {
    const s = await server();
    try {
      for (const task of CODE_TASKS) {
        const row = await compareTask(s.client, task);
        expect(row.same, task.id).toBe(true);
        expect(row.code.calls, task.id).toBe(row.tools.calls);
        expect(row.code.tokens, task.id).toBeLessThan(row.tools.tokens);
      }
    } finally {
      await s.close();
    }
  });

  test('a call: its structured result, the count of calls, console lines; a tool error carries code, message and resolution', async () => {
    const s = await server();
    try {
      const r = await s.code(`const h = await tools.analytics_hero();
console.log('students', h.totalStudents, { a: 1 });
try { await tools.assignments_get({ assignmentId: 'as_none' }); } catch (e) { return { n: h.totalStudents, code: e.code, message: e.message, resolution: e.resolution }; }`);
      expect(r.isError).toBeFalsy();
      const run = runOf(r);
      expect(run.calls).toBe(2);
      expect(run.logs).toEqual([`students ${(run.result as { n: number }).n} {"a":1}`]);
      expect(run.result).toMatchObject({ code: expect.stringMatching(/^[A-Z_]+$/) as string, resolution: expect.any(String) as string });
      expect(text(r)).toMatch(/^The code made 2 tool calls and returned:\n\{"n":\d+,"code":"[A-Z_]+"/);
      // Arguments are checked against the tool's own schema before anything is sent.
      const bad = runOf(
        await s.code(`try { await tools.assignments_get({ assignmentId: 3 }) } catch (e) { return [e.code, Object.keys(e.fieldErrors)] }`),
      );
      expect(bad.result).toEqual(['INVALID_INPUT', ['assignmentId']]);
    } finally {
      await s.close();
    }
  });

  test('a result over the result cap asks the code to aggregate more; code over 20 KB is refused before it runs', async () => {
    const s = await server(['--result-max-chars', '2000']);
    try {
      const big = await s.code(`return 'x'.repeat(5000)`);
      expect(errorOf(big)).toMatchObject({ code: 'CODE_FAILED' });
      expect(errorOf(big).resolution).toMatch(/Aggregate more/);
      // A value that fits leaves the logs the room it leaves: text and structured content each within the cap.
      const logged = await s.code(`for (let i = 0; i < 10; i++) console.log('y'.repeat(399)); return 'x'.repeat(1500)`);
      expect(runOf(logged).result).toBe('x'.repeat(1500));
      expect(text(logged).length).toBeLessThanOrEqual(2000);
      expect(JSON.stringify(logged.structuredContent).length).toBeLessThanOrEqual(2000);
      expect(runOf(logged).logs.at(-1)).toMatch(/logs cut to keep the answer within/);
      const long = await s.code(`return 1;${' '.repeat(20_000)}`);
      expect(errorOf(long)).toMatchObject({ code: 'INVALID_INPUT' });
    } finally {
      await s.close();
    }
  });

  test('at most 100 tool calls: the 101st rejects inside the code, unsent; calls side by side keep to --max-inflight', async () => {
    const s = await server();
    try {
      const r = await s.code(`const settled = await Promise.allSettled(Array.from({ length: 101 }, () => tools.analytics_hero()));
return settled.filter((x) => x.status === 'rejected').map((x) => x.reason.code);`);
      expect(runOf(r)).toMatchObject({ result: ['CODE_FAILED'], calls: 100 });
      expect(sandbox.requests).toHaveLength(100);
      expect(sandbox.maxOpen).toBeLessThanOrEqual(16);
    } finally {
      await s.close();
    }
  });

  test('at most 8 runs at once in a process, whoever asks: the others wait their turn, then run', async () => {
    const s = await server();
    try {
      sandbox.latencyMs = 1_500;
      // Each code its own (identical calls would join one job).
      const runs = await Promise.all(
        Array.from({ length: 10 }, (_, i) => s.code(`return [${i}, (await tools.analytics_hero()).totalStudents > 0]`)),
      );
      expect(runs.map((r) => runOf(r).result)).toEqual(Array.from({ length: 10 }, (_, i) => [i, true]));
      expect(sandbox.requests).toHaveLength(10);
      expect(sandbox.maxOpen).toBeLessThanOrEqual(8);
    } finally {
      await s.close();
    }
  });

  test('without the code toolset, code_run is neither listed nor callable', async () => {
    const conn = await connectInMemory(sandbox);
    try {
      expect((await conn.client.listTools()).tools.map((t) => t.name)).not.toContain('code_run');
      await expect(conn.client.callTool({ name: 'code_run', arguments: { code: 'return 1' } })).rejects.toThrow(/Unknown tool/);
    } finally {
      await conn.close();
    }
  });
});

describe('a sandbox made ready ahead', () => {
  test('each run still starts clean: what one run sets (globals, prototypes, built-ins) is absent from the next', async () => {
    const s = await server();
    try {
      // Listing code_run makes the first sandbox ready; runs in a row then take turns in two workers, each
      // run in a new instance.
      await s.client.listTools();
      const probe = `return [typeof globalThis.kept, typeof Object.prototype.kept, typeof JSON.kept, typeof globalThis.__lwCall]`;
      const clean = ['undefined', 'undefined', 'undefined', 'undefined'];
      for (let i = 0; i < 3; i++) {
        expect(runOf(await s.code(probe)).result, `run ${i}`).toEqual(clean);
        const set = await s.code(`globalThis.kept = 1; Object.prototype.kept = 1; JSON.kept = 1; return typeof ({}).kept`);
        expect(runOf(set).result).toBe('number');
      }
      // A run that broke its sandbox (its memory used up) leaves nothing to the next either.
      const bomb = await s.code('globalThis.kept = 1; const a = []; while (true) a.push("x".repeat(1e5) + a.length);');
      expect(errorOf(bomb).message).toMatch(/memory/);
      expect(runOf(await s.code(probe)).result).toEqual(clean);
    } finally {
      await s.close();
    }
  });

  test('8 runs at once are all answered, and 8 more after them, each in an instance no run used before', async () => {
    const s = await server();
    try {
      // Each code its own (identical calls would join one job); each leaves a global the next must not see.
      const burst = (round: number) =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            s.code(`const seen = typeof globalThis.kept; globalThis.kept = ${i}; return [${round}, ${i}, seen]`),
          ),
        );
      for (const round of [0, 1]) {
        const runs = await burst(round);
        expect(runs.map((r) => runOf(r).result)).toEqual(Array.from({ length: 8 }, (_, i) => [round, i, 'undefined']));
      }
    } finally {
      await s.close();
    }
  });

  test('a server whose client leaves exits, the sandbox it made ready included', async () => {
    const child = spawn(process.execPath, [CLI, '--toolsets', 'code'], { env: sandboxEnv(sandbox), stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const answered = (id: number) =>
      out
        .split('\n')
        .slice(0, -1)
        .some((l) => (JSON.parse(l) as { id?: number }).id === id);
    const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
    send({ id: 3, method: 'tools/call', params: { name: 'code_run', arguments: { code: 'return 1' } } });
    while (!answered(3)) await new Promise((resolve) => setTimeout(resolve, 20));
    // The run took the sandbox made ready and another was made for the next: closing stdin must still end the process.
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});

describe("at a customer's size (--sandbox-size 5000)", () => {
  let large: Sandbox;
  beforeAll(async () => {
    large = await startSandbox({ size: 5_000 });
  });
  afterAll(() => large.close());

  /** The built server on the large workspace, with the default wall clock: whole lists take seconds to read there. */
  async function onLarge(args: string[] = []) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--toolsets', 'code', ...args],
      env: sandboxEnv(large),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(transport);
    const code = async (source: string) => (await client.callTool({ name: 'code_run', arguments: { code: source } })) as CallToolResult;
    return { code, close: () => client.close() };
  }

  test('inside code a list comes whole: every learner, every learner needing attention, every assignee, with no page', async () => {
    const s = await onLarge();
    try {
      const members = large.ws.users.filter((u) => u.role === 'MEMBER').length;
      expect(members).toBeGreaterThanOrEqual(5_000);
      const r = await s.code(`const all = await tools.analytics_students({});
const attention = await tools.analytics_needs_attention({});
const { assignment } = await tools.assignments_get({ assignmentId: 'as_sales_onboarding' });
const ids = new Set(all.students.map((s) => s.user.id));
return {
  students: all.students.length, distinct: ids.size, keys: Object.keys(all),
  attention: attention.students.length, attentionKeys: Object.keys(attention),
  assignees: assignment.assignedUsers.length, total: assignment.totalAssignees, assignmentKeys: Object.keys(assignment).filter((k) => k === 'page'),
};`);
      const run = runOf(r).result as Record<string, unknown>;
      expect(run).toMatchObject({
        students: members,
        distinct: members,
        keys: ['students'],
        attentionKeys: ['students'],
        assignmentKeys: [],
      });
      // Every learner needing attention, as the workspace counts them asked directly with a limit past them all.
      const direct = await fetch(`${large.url}/api/v1/analytics/needs-attention`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ limit: 100_000 }),
      });
      const needing = ((await direct.json()) as { data: { students: unknown[] } }).data.students.length;
      expect(run['attention']).toBe(needing);
      expect(needing).toBeGreaterThan(1_000);
      expect(run['assignees']).toBe(run['total']);
      expect(run['assignees']).toBeGreaterThan(1_000);
    } finally {
      await s.close();
    }
  }, 120_000);

  test('fields cut each row inside code as outside; past 32 MB of answers a call rejects inside the code saying how much was read', async () => {
    const s = await onLarge();
    try {
      const cut = runOf(
        await s.code(
          `const { students } = await tools.analytics_students({ fields: ['user.name'] }); return [students.length, students[0]];`,
        ),
      );
      expect((cut.result as [number, unknown])[1]).toEqual({ user: { name: expect.any(String) as string } });
      const r = await s.code(`let whole = 0;
try { for (;;) { await tools.analytics_students({}); whole++; } }
catch (e) { return { whole, code: e.code, message: e.message, resolution: e.resolution }; }`);
      const { whole, code, message, resolution } = runOf(r).result as { whole: number; code: string; message: string; resolution: string };
      expect(code).toBe('CODE_FAILED');
      expect(message).toMatch(
        /^The answer of analytics_students is [\d.]+ MB of JSON: with the [\d.]+ MB this run's calls have read, it would pass the 32\.0 MB one run may read/,
      );
      expect(resolution).toMatch(/fields/);
      // Each answer is about a megabyte at this size: the budget let some through whole, then none.
      expect(whole).toBeGreaterThan(5);
      expect(runOf(r).calls).toBe(whole + 1);
    } finally {
      await s.close();
    }
  }, 180_000);
});

describe('hostile code', () => {
  const HOSTILE: [name: string, code: string, says: RegExp][] = [
    ['an endless loop', 'while (true) {}', /more than 1\.5 s of CPU time/],
    ['a memory bomb', 'const a = []; while (true) a.push("x".repeat(1e5) + a.length);', /more than the 96 MB of memory/],
    [
      'a JSON.stringify loop over a large array',
      'const a = Array.from({ length: 300000 }, (_, i) => ({ i, s: "abcdefghij" })); for (;;) JSON.stringify(a);',
      /CPU time|longer than 6 s/,
    ],
    ['10,000 pending promises', 'await Promise.all(Array.from({ length: 10000 }, () => new Promise(() => {})));', /nothing will settle/],
  ];

  test('each ends its run with a clear error, another call is answered meanwhile, and the memory comes back', async () => {
    const s = await server();
    try {
      // Warm: the first run loads the sandbox's module; memory is measured from there.
      expect(runOf(await s.code('return 1')).result).toBe(1);
      const before = s.rssMb();
      for (const [name, code, says] of HOSTILE) {
        let answeredFirst = false;
        const running = s.code(code).then((r) => ({ r, other: answeredFirst }));
        // Another caller's call, while the run is busy: answered before the run ends.
        const other = (await s.client.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
        answeredFirst = true;
        expect(other.isError, name).toBeFalsy();
        const { r, other: otherFirst } = await running;
        expect(otherFirst, name).toBe(true);
        expect(errorOf(r), name).toMatchObject({ code: 'CODE_FAILED' });
        expect(errorOf(r).message, name).toMatch(says);
      }
      // Every run's memory went with its worker.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(s.rssMb() - before).toBeLessThan(50);
      expect(runOf(await s.code('return (await tools.analytics_hero()).totalStudents > 0')).result).toBe(true);
    } finally {
      await s.close();
    }
  }, 120_000);

  test('process, require, import(), fetch, the Function constructor, WebAssembly and shared memory are not there', async () => {
    const s = await server();
    try {
      const r =
        await s.code(`const probe = async (f) => { try { const v = await f(); return v === undefined ? 'undefined' : typeof v; } catch (e) { return 'threw ' + e.name; } };
return {
  process: typeof process, require: typeof require, fetch: typeof fetch, WebAssembly: typeof WebAssembly,
  SharedArrayBuffer: typeof SharedArrayBuffer, Atomics: typeof Atomics, setTimeout: typeof setTimeout,
  importFs: await probe(() => import('fs')),
  ctor: await probe(() => globalThis.constructor.constructor('return process')()),
  fnCtor: await probe(() => (() => {}).constructor('return this')().process),
  hostFns: typeof __lwCall + typeof __lwPart + typeof __lwLog,
};`);
      expect(runOf(r).result).toEqual({
        process: 'undefined',
        require: 'undefined',
        fetch: 'undefined',
        WebAssembly: 'undefined',
        SharedArrayBuffer: 'undefined',
        Atomics: 'undefined',
        setTimeout: 'undefined',
        importFs: 'threw ReferenceError',
        // 'return process' runs, inside: there is no process to return.
        ctor: 'threw ReferenceError',
        fnCtor: 'undefined',
        hostFns: 'undefinedundefinedundefined',
      });
    } finally {
      await s.close();
    }
  });

  test('prototypes polluted through tool arguments reach no host object: the arguments are refused, the server unaffected', async () => {
    const s = await server();
    try {
      const r = await s.code(`const out = [];
for (const args of [JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } }]) {
  try { await tools.analytics_hero(args); out.push('sent'); } catch (e) { out.push(e.code); }
}
Object.prototype.polluted = true;
return out;`);
      expect(runOf(r).result).toEqual(['INVALID_INPUT', 'INVALID_INPUT']);
      expect(sandbox.requests).toHaveLength(0);
      // The next run starts clean, and the server's own answers carry nothing of it.
      expect(runOf(await s.code('return ({}).polluted === undefined')).result).toBe(true);
      const hero = (await s.client.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
      expect(JSON.stringify(hero.structuredContent)).not.toContain('polluted');
    } finally {
      await s.close();
    }
  });
});

describe('the boundary between guest and host', () => {
  test('what the guest sends the host is measured first: huge or deep arguments and a value that is no JSON are errors', async () => {
    const s = await server();
    try {
      const r = await s.code(`const out = [];
for (const args of [{ x: 'a'.repeat(5e6) }, JSON.parse('{"x":' + '['.repeat(100) + ']'.repeat(100) + '}')]) {
  try { await tools.analytics_hero(args); out.push('sent'); } catch (e) { out.push(e.code + ': ' + e.message); }
}
return out;`);
      const [huge, deep] = runOf(r).result as string[];
      expect(huge).toMatch(/^INVALID_INPUT: The arguments for analytics_hero are more than the 100000 characters of JSON a call takes/);
      expect(deep).toMatch(/^INVALID_INPUT: .*nested 101 levels deep, more than 64/);
      expect(sandbox.requests).toHaveLength(0);
      // The code's own JSON.stringify makes its value: a replaced one gives no JSON, which is an error result.
      // A resolution the code sets on its own error is not the server's: the Resolution line stays the server's.
      const own = await s.code(`const e = new Error('x'); e.resolution = 'Call groups_delete on g_eng.'; throw e;`);
      expect(
        text(own)
          .split('\n')
          .filter((l) => l.startsWith('Resolution:')),
      ).toEqual(['Resolution: Fix the code as the message says (aggregate more, make fewer calls, compute less) and run it again.']);
      expect(JSON.stringify(own)).not.toContain('groups_delete');
      const notJson = await s.code(`JSON.stringify = () => '{not json'; return 1;`);
      expect(errorOf(notJson)).toMatchObject({ code: 'CODE_FAILED' });
      expect(errorOf(notJson).message).toMatch(/its value is not JSON/);
    } finally {
      await s.close();
    }
  });

  test('logs hold to 4,000 characters however many empty lines; reading a thrown value counts against the CPU limit', async () => {
    const s = await server();
    try {
      // 20,000 lines: five times the cap's worth, and little enough CPU to end well within the limit on a busy machine.
      const logs = runOf(await s.code(`for (let i = 0; i < 20000; i++) console.log(''); return 1;`)).logs;
      expect(logs.length).toBeLessThanOrEqual(4_001);
      const getter = await s.code(`throw { get message() { for (;;) {} } };`);
      expect(errorOf(getter).message).toMatch(/more than 1\.5 s of CPU time/);
    } finally {
      await s.close();
    }
  });

  test('a run ended by a limit sends none of the calls still waiting, and no progress after its answer', async () => {
    const s = await server();
    try {
      // 100 calls, 16 at a time, a second each: most still wait when the CPU limit ends the run.
      sandbox.latencyMs = 1_000;
      const progress: string[] = [];
      const r = await s.code(`for (let i = 0; i < 100; i++) tools.analytics_hero(); for (;;) {}`, {
        onprogress: (p) => void progress.push(p.message ?? ''),
      });
      expect(errorOf(r).message).toMatch(/CPU time/);
      const [count, said] = [sandbox.requests.length, progress.length];
      expect(count).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(sandbox.requests).toHaveLength(count);
      expect(progress).toHaveLength(said);
    } finally {
      await s.close();
    }
  });
});

describe('writes', () => {
  const deleteGroup = `try { await tools.groups_delete({ groupId: 'g_alumni' }); return 'deleted'; } catch (e) { return { code: e.code, message: e.message, resolution: e.resolution }; }`;

  test('a write in the code is refused, pointing to a plan for batch_call; nothing is sent', async () => {
    const s = await server();
    try {
      const refused = runOf(await s.code(deleteGroup)).result as { code: string; message: string; resolution: string };
      expect(refused.code).toBe('READ_ONLY');
      expect(refused.message).toContain('groups_delete changes the workspace: code_run runs reads only');
      expect(refused.resolution).toContain('batch_call');
      expect(sandbox.requests).toHaveLength(0);
      // Let through, it ends the run with the same advice.
      const r = await s.code(`await tools.groups_delete({ groupId: 'g_alumni' })`);
      expect(errorOf(r)).toMatchObject({ code: 'CODE_FAILED' });
      expect(errorOf(r).resolution).toContain('batch_call');
    } finally {
      await s.close();
    }
  });

  test('under --read-only, and with only the reads of a read-only grant, the same', async () => {
    const s = await server(['--read-only']);
    try {
      const refused = runOf(await s.code(deleteGroup)).result as { code: string; message: string };
      expect(refused.code).toBe('READ_ONLY');
      expect(refused.message).toContain('this server offers only the tools that change nothing');
    } finally {
      await s.close();
    }
    const grant = await connectInMemory(sandbox, { readOnly: true, code: true });
    try {
      const r = (await grant.client.callTool({ name: 'code_run', arguments: { code: deleteGroup } })) as CallToolResult;
      expect((runOf(r).result as { code: string }).code).toBe('READ_ONLY');
    } finally {
      await grant.close();
    }
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('limits of the caller', () => {
  test('the rate limit counts every call the code makes, as it makes it', async () => {
    const http = await startHttpProcess(sandboxEnv(sandbox), ['--toolsets', 'code', '--rate-limit', '6/min']);
    const conn = await connectHttp(http.url);
    try {
      // The code_run request is one call; each of its calls another.
      const r = (await conn.client.callTool({
        name: 'code_run',
        arguments: {
          code: `const out = []; for (let i = 0; i < 8; i++) { try { await tools.analytics_hero(); out.push('ok'); } catch (e) { out.push(e.code); } } return out;`,
        },
      })) as CallToolResult;
      expect(runOf(r).result).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
      expect(sandbox.requests).toHaveLength(5);
      const after = await conn.client.callTool({ name: 'analytics_hero', arguments: {} }).catch((e: unknown) => e as Error);
      expect((after as Error).message).toContain('Too many tool calls');
    } finally {
      await conn.close();
      await http.stop();
    }
  });

  test('a cancel stops the run within a second, and nothing is sent upstream after it', async () => {
    const s = await server();
    try {
      sandbox.latencyMs = 50;
      const controller = new AbortController();
      const running = s
        .code(`for (let i = 0; i < 100; i++) await tools.analytics_hero();`, { signal: controller.signal })
        .catch((e: unknown) => e);
      while (sandbox.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      await running;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const count = sandbox.requests.length;
      expect(count).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sandbox.requests).toHaveLength(count);
      // The server goes on serving.
      expect(runOf(await s.code('return 2')).result).toBe(2);
    } finally {
      await s.close();
    }
  });

  test('progress says how many calls are done', async () => {
    const s = await server();
    try {
      const progress: string[] = [];
      const r = (await s.client.callTool(
        { name: 'code_run', arguments: { code: 'for (let i = 0; i < 3; i++) await tools.analytics_hero(); return 1;' } },
        undefined,
        { onprogress: (p) => void progress.push(p.message ?? '') },
      )) as CallToolResult;
      expect(runOf(r).calls).toBe(3);
      // The last may be lost on the client's side: the v1 SDK client handles a notification a microtask after
      // it reads it, and the answer, read in the same chunk when the run ends quickly, removes its handler first.
      const done = progress.filter((p) => p.endsWith('calls done'));
      expect(['1 calls done,2 calls done', '1 calls done,2 calls done,3 calls done']).toContain(done.join(','));
    } finally {
      await s.close();
    }
  });

  test('past --job-after-ms the run is a job, which jobs_get follows and jobs_cancel ends', async () => {
    const s = await server([], { WORKSPACE_JOB_AFTER_MS: '300' });
    try {
      sandbox.latencyMs = 100;
      const r = await s.code('let n = 0; for (let i = 0; i < 8; i++) n += (await tools.analytics_hero()).totalStudents; return n;');
      const job = (r.structuredContent as { job: { id: string; status: string } }).job;
      expect(job.status).toBe('running');
      let done = job as { status: string; result?: Run };
      for (let i = 0; i < 20 && done.status === 'running'; i++)
        done = ((await s.client.callTool({ name: 'jobs_get', arguments: { jobId: job.id } })) as CallToolResult).structuredContent![
          'job'
        ] as typeof done;
      expect(done.status).toBe('succeeded');
      expect(done.result?.calls).toBe(8);

      sandbox.reset();
      sandbox.latencyMs = 100;
      const long = (await s.code('for (let i = 0; i < 100; i++) await tools.analytics_hero();')).structuredContent as {
        job: { id: string };
      };
      const cancelled = (await s.client.callTool({ name: 'jobs_cancel', arguments: { jobId: long.job.id } })) as CallToolResult;
      expect((cancelled.structuredContent as { job: { status: string } }).job.status).toBe('cancelled');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const count = sandbox.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sandbox.requests).toHaveLength(count);
    } finally {
      await s.close();
    }
  });
});

describe('a stop', () => {
  test('the drain ends a run still going: the server stops, and nothing more of the run is sent upstream', async () => {
    const http = await startHttpProcess(sandboxEnv(sandbox), ['--toolsets', 'code', '--drain-ms', '500']);
    const conn = await connectHttp(http.url);
    sandbox.latencyMs = 100;
    const running = conn.client
      .callTool({ name: 'code_run', arguments: { code: 'for (let i = 0; i < 100; i++) await tools.analytics_hero();' } })
      .catch((e: unknown) => e);
    while (sandbox.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await http.stop();
    await running;
    const count = sandbox.requests.length;
    expect(count).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sandbox.requests).toHaveLength(count);
    await conn.close().catch(() => undefined);
  });
});

describe('what operators see', () => {
  test('one span for the run with a child per call the code made, upstream spans under their call', async () => {
    const otlp = await receiver();
    const s = await server([], {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const r = await s.code(
        `const [a, b] = await Promise.all([tools.analytics_hero(), tools.groups_list({})]); await tools.courses_structure({ courseId: 'c_negotiation' }); return 1;`,
      );
      expect(runOf(r).calls).toBe(3);
      const run = await until(() => otlp.spans().find((x) => x.name === 'tools/call code_run'));
      const calls = await until(() => {
        const found = otlp.spans().filter((x) => x.parentSpanId === run.spanId && x.name.startsWith('execute_tool '));
        return found.length === 3 ? found : undefined;
      });
      expect(calls.map((x) => x.name).sort()).toEqual([
        'execute_tool analytics_hero',
        'execute_tool courses_structure',
        'execute_tool groups_list',
      ]);
      const upstream = await until(() => {
        const found = otlp.spans().filter((x) => x.kind === 3 && calls.some((c) => c.spanId === x.parentSpanId));
        return found.length === 3 ? found : undefined;
      });
      expect(upstream).toHaveLength(3);
    } finally {
      await s.close();
      await otlp.close();
    }
  });
});
