// At a customer's size (--sandbox-size 5000: 5,000 learners in teams) and the sandbox's largest (100,000):
// every read answer within what clients take, long lists in parts that add up to the true totals, one walk
// one reading, and fields that cut a row's cost.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tools } from '../tools/index.js';
import {
  connectHttp,
  connectStdio,
  SANDBOX_CREDENTIALS,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  type Connected,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

const SIZE = ['--sandbox', '--sandbox-size', '5000'];
const env = { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'warn' };
/** WORKSPACE_RESULT_MAX_CHARS, the cap every text and structured content is held to. */
const MAX_CHARS = 40_000;
const MAX_TOKENS = 20_000;
/** The sandbox ids each tool row names for its tests. */
const EXAMPLES = new Map(tools.map((t) => [t.name, t.example ?? {}]));

interface Page {
  offset: number;
  returned: number;
  total: number;
  nextOffset: number | null;
  nextCursor?: string | null;
  mayGoOn?: true;
  reread?: true;
}

/** A result's text and structured content each within what clients take. */
function withinClients(r: CallToolResult, name: string): void {
  expect(r.isError, `${name}: ${JSON.stringify(r.content).slice(0, 300)}`).toBeFalsy();
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  const structured = JSON.stringify(r.structuredContent ?? {});
  for (const part of [text, structured]) {
    expect(part.length, name).toBeLessThanOrEqual(MAX_CHARS);
    expect(countTokens(part), name).toBeLessThanOrEqual(MAX_TOKENS);
  }
}

/** One part of a list: its result, checked against the cap, its rows and its page. */
async function part(c: Connected, tool: string, args: Record<string, unknown>, path: string[]) {
  const r = (await c.client.callTool({ name: tool, arguments: args }, undefined, { timeout: 600_000 })) as CallToolResult;
  withinClients(r, tool);
  const s = r.structuredContent as Record<string, unknown>;
  const rows = path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], s) as unknown[];
  return { r, rows, page: s['page'] as Page | undefined };
}

/** Every row of a list, following page.nextCursor from `start` (a first part's), each part checked against the cap. */
async function allRows(
  c: Connected,
  tool: string,
  args: Record<string, unknown>,
  path: string[],
  start?: Awaited<ReturnType<typeof part>>,
) {
  const rows: unknown[] = [];
  const totals = new Set<number>();
  let at = start ?? (await part(c, tool, args, path));
  let parts = 1;
  for (;;) {
    rows.push(...at.rows);
    if (at.page) totals.add(at.page.total);
    const cursor = at.page?.nextCursor;
    if (!cursor || parts >= 2_000) break;
    at = await part(c, tool, { ...args, cursor }, path);
    parts++;
  }
  return { rows, totals, parts };
}

function suite(name: string, connect: () => Promise<{ conn: Connected; stop: () => Promise<unknown> }>) {
  describe(name, () => {
    let conn: Connected;
    let stop: () => Promise<unknown>;
    beforeAll(async () => {
      ({ conn, stop } = await connect());
      // Listing first makes the SDK client check every structuredContent against the tool's output schema.
      await conn.client.listTools();
    }, 60_000);
    afterAll(async () => {
      await conn.close();
      await stop();
    });

    test('following nextCursor through analytics_students yields every learner once, with the true total', async () => {
      const { rows, totals, parts } = await allRows(conn, 'analytics_students', {}, ['students']);
      const ids = rows.map((r) => (r as { user: { id: string } }).user.id);
      expect(parts).toBeGreaterThan(1);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...totals]).toEqual([ids.length]);
      expect(ids.length).toBeGreaterThanOrEqual(5_000);
    });

    test("following nextCursor through assignments_get yields every assignee once; the assignment's figures whole in every part", async () => {
      for (const assignmentId of ['as_sales_onboarding', 'as_security_all']) {
        const { rows, totals } = await allRows(conn, 'assignments_get', { assignmentId }, ['assignment', 'assignedUsers']);
        const ids = rows.map((r) => (r as { userId: string }).userId);
        expect(new Set(ids).size, assignmentId).toBe(ids.length);
        expect([...totals], assignmentId).toEqual([ids.length]);
        const first = (await conn.client.callTool({ name: 'assignments_get', arguments: { assignmentId } })) as CallToolResult;
        expect((first.structuredContent as { assignment: { totalAssignees: number } }).assignment.totalAssignees).toBe(ids.length);
      }
    });

    test('analytics_needs_attention {} gives the true total', async () => {
      const { rows, totals } = await allRows(conn, 'analytics_needs_attention', {}, ['students']);
      expect(rows.length).toBeGreaterThan(50);
      expect([...totals]).toEqual([rows.length]);
    });

    test('a limit met exactly says the list may go on, in the page and in words', async () => {
      const r = (await conn.client.callTool({ name: 'analytics_students', arguments: { limit: 10 } })) as CallToolResult;
      withinClients(r, 'analytics_students');
      expect((r.structuredContent as { page: Page }).page).toMatchObject({ total: 10, mayGoOn: true });
      expect(r.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')).toMatch(/may go on: ask with a larger limit/);
    });

    test('two fields cut the tokens per learner row at least threefold', async () => {
      const rowsOf = async (args: Record<string, unknown>) => {
        const r = (await conn.client.callTool({ name: 'analytics_students', arguments: { limit: 200, ...args } })) as CallToolResult;
        return (r.structuredContent as { students: unknown[] }).students;
      };
      const whole = await rowsOf({});
      const cut = await rowsOf({ fields: ['user.name', 'coursesCompleted'] });
      expect(cut[0]).toEqual({ user: { name: expect.any(String) }, coursesCompleted: expect.any(Number) });
      expect(countTokens(JSON.stringify(whole)) / countTokens(JSON.stringify(cut))).toBeGreaterThanOrEqual(3);
    });

    test('no read tool answers over the cap, each called with the sandbox ids its row names', async () => {
      const reads = (await conn.client.listTools()).tools.filter((t) => t.annotations?.readOnlyHint && !t.name.startsWith('jobs_'));
      // The largest answers of this workspace, beside each row's own example.
      const largest: Record<string, Record<string, unknown>> = {
        assignments_get: { assignmentId: 'as_security_all' },
        courses_structure: { courseId: 'c_onboarding' },
      };
      let called = 0;
      for (const t of reads) {
        if (t.name === 'performance_insights_ask') continue; // a streamed answer, capped by WORKSPACE_MAX_ANSWER_CHARS
        const args = largest[t.name] ?? EXAMPLES.get(t.name) ?? {};
        const r = (await conn.client.callTool({ name: t.name, arguments: args })) as CallToolResult;
        withinClients(r, t.name);
        called++;
      }
      expect(called).toBeGreaterThanOrEqual(15);
    });
  });
}

const idOf = (r: unknown) => (r as { user: { id: string } }).user.id;

// One walk, one reading: learners leave mid-walk and the same caller starts the list afresh; the walk's
// later parts still come from its own reading (every row once, its first total), the fresh start from a new one.
describe('a walk across a change, over stdio against the e2e fake of 5,000 learners', () => {
  let sandbox: Sandbox;
  let conn: Connected;
  beforeAll(async () => {
    sandbox = await startSandbox({ size: 5000 });
    conn = await connectStdio({ ...env, ...sandboxEnv(sandbox) });
  }, 60_000);
  afterAll(async () => {
    await conn.close();
    await sandbox.close();
  });

  test('the walk yields every row of its own reading once; the fresh start reads the change', async () => {
    const first = await part(conn, 'analytics_students', { fields: ['user.id'] }, ['students']);
    const total = first.page!.total;
    expect(first.page!.nextCursor).toEqual(expect.any(String));
    const gone = first.rows.slice(0, 5).map(idOf);
    for (const userId of gone) {
      const res = await fetch(`${sandbox.url}/api/v1/members/remove`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      expect(res.status).toBe(200);
    }
    const fresh = await allRows(conn, 'analytics_students', { fields: ['user.id'] }, ['students']);
    const walk = await allRows(conn, 'analytics_students', { fields: ['user.id'] }, ['students'], first);
    const ids = walk.rows.map(idOf);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect([...walk.totals]).toEqual([total]);
    expect([...fresh.totals]).toEqual([total - 5]);
    expect(fresh.rows.map(idOf)).not.toContain(gone[0]);
  }, 120_000);
});

// The sandbox's largest size: whole lists of 100,000 learners (about 23 MB of answer) in parts.
describe('at 100,000 learners, over stdio', () => {
  let conn: Connected;
  beforeAll(async () => {
    // A whole list of 100,000 takes the sandbox seconds to make, longer on a busy machine: the server waits for it.
    // The client waits (no job handle): a code run reading 100,000 learners may take longer than the usual 60 s clients wait.
    conn = await connectStdio({ ...env, WORKSPACE_TIMEOUT_MS: '300000', WORKSPACE_DEADLINE_MS: '600000', WORKSPACE_JOB_AFTER_MS: '0' }, [
      '--sandbox',
      '--sandbox-size',
      '100000',
      '--toolsets',
      'all',
    ]);
    await conn.client.listTools();
  }, 240_000);
  afterAll(() => conn.close());

  // 100,000 is both the server's maximum and the workspace's largest limit: the workspace's stated total
  // (analytics_hero's learners) says the list of 100,000 is whole.
  test('analytics_students {} gives the true total, with no "may go on"', async () => {
    const { r, page } = await part(conn, 'analytics_students', {}, ['students']);
    expect(page).toMatchObject({ offset: 0, total: 100_000 });
    expect(page?.mayGoOn).toBeUndefined();
    const words = r.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
    expect(words).not.toMatch(/may go on|larger limit/);
  }, 240_000);

  test('code_run counts every learner, and names no list as partial', async () => {
    const r = (await conn.client.callTool(
      {
        name: 'code_run',
        arguments: { code: 'const a = await tools.analytics_students({}); return [a.students.length, a.page?.mayGoOn ?? false];' },
      },
      undefined,
      { timeout: 240_000 },
    )) as CallToolResult;
    expect(r.isError, JSON.stringify(r.content).slice(0, 400)).toBeFalsy();
    const run = r.structuredContent as { result: unknown; partial?: unknown };
    expect(run.result).toEqual([100_000, false]);
    expect(run.partial).toBeUndefined();
  }, 240_000);

  test('walking every part with fields ["user.id"] yields each learner exactly once', async () => {
    const { rows, totals } = await allRows(conn, 'analytics_students', { fields: ['user.id'] }, ['students']);
    const ids = rows.map(idOf);
    expect(ids.length).toBe(100_000);
    expect(new Set(ids).size).toBe(100_000);
    expect([...totals]).toEqual([100_000]);
  }, 600_000);

  test('8 whole reads at once are all answered', async () => {
    const lists = ['analytics_students', 'analytics_needs_attention'];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        conn.client.callTool({ name: lists[i % 2]!, arguments: i < 4 ? {} : { limit: 100_000 - i } }, undefined, { timeout: 600_000 }),
      ),
    );
    for (const a of answers) withinClients(a as CallToolResult, 'a whole read');
  }, 600_000);
});

suite('over stdio', async () => {
  const conn = await connectStdio(env, SIZE);
  return { conn, stop: async () => undefined };
});

suite('over HTTP', async () => {
  const server: HttpProcess = await startHttpProcess(env, SIZE);
  const conn = await connectHttp(server.url);
  return { conn, stop: () => server.stop() };
});

// The largest answers: 20,000 learners, every one of them assigned the workspace-wide security course.
describe('at 20,000 learners, over stdio', () => {
  let conn: Connected;
  beforeAll(async () => {
    conn = await connectStdio(env, ['--sandbox', '--sandbox-size', '20000']);
    await conn.client.listTools();
  }, 120_000);
  afterAll(() => conn.close());

  test('assignments_get of the workspace-wide assignment comes in parts within the cap, every assignee once', async () => {
    const { rows, totals } = await allRows(conn, 'assignments_get', { assignmentId: 'as_security_all' }, ['assignment', 'assignedUsers']);
    const ids = rows.map((r) => (r as { userId: string }).userId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...totals]).toEqual([ids.length]);
    expect(ids.length).toBeGreaterThanOrEqual(20_000);
  }, 240_000);
});
