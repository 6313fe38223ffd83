import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { tools } from '../../tools/index.js';
import { unwrap, type ToolDef } from '../../tools/define.js';
import { ToolError } from '../../src/call/errors.js';
import { readWithLimit, smallerLimit } from '../../src/call/list-limit.js';
import type { RequestSpec, Upstream } from '../../src/call/upstream.js';
import { MemoryReadings } from '../../src/jobs/memory-readings.js';
import { fitList, pageNote, valueAt } from '../../src/mcp/fit.js';
import { fitAnswer } from '../../src/mcp/fit-answer.js';
import { projectRow, projectRows } from '../../src/mcp/fields.js';
import { ListCaps } from '../../src/mcp/list-caps.js';
import { cursorOf, READ_BUDGET_ROWS, readList, Readings, sizeKey } from '../../src/mcp/list-reading.js';

const CAP = 40_000;
const byName = (name: string) => tools.find((t) => t.name === name)!;
const textOf = (d: Record<string, unknown>): CallToolResult['content'] => [{ type: 'text', text: JSON.stringify(d) }];

/**
 * Arrays of an output that cannot grow with the workspace's learners, and why: every other array of every
 * tool is its paged array or inside its rows. The final guarantee (fitAnswer) still refuses what exceeds the cap.
 */
const BOUNDED: Record<string, string> = {
  'analytics_monthly_overview creation.courseTypes': 'one per course type (an enum of three)',
  'groups_member_add membership.extraRoles': "one membership's roles",
  'members_set_tags tags': 'at most 20, by its input',
  'assignments_get assignment.rules': "the assignment's targeting rules, written one by one by a person",
  'explore_set_audience visibleToGroupIds': "a section's groups",
  'explore_set_audience hiddenFromGroupIds': "a section's groups",
  'learning_student_units modules': "one course's units, for one person",
  'learning_question_stats questions': "one test's questions",
  'learning_unit_topics topics': "one unit's topics",
  'learning_unit_topics projects': "one unit's projects",
  'learning_project_scenarios projects': "one course's projects",
  'performance_insights_ask toolCalls': "one assistant turn's tool calls",
  'performance_insights_ask data': "one assistant turn's charts",
  'courses_structure units': "one course's units (a course's size, not the learners')",
  'presentations_create presentation.transcript': 'one line per slide',
  'materials_generate references': "one material's sources",
  'materials_upload_and_process references': "one material's sources",
  'materials_create references': "one material's sources",
  'materials_list materials': 'at most 200 a page, by its own limit',
};

/** Every array of a schema, by dot path (`[]` for an array's items). */
function arrays(schema: z.core.$ZodType | undefined, path = ''): string[] {
  const s = unwrap(schema);
  if (s instanceof z.ZodObject) return Object.entries(s.shape as z.ZodRawShape).flatMap(([k, c]) => arrays(c, path ? `${path}.${k}` : k));
  if (s instanceof z.ZodArray) return [path, ...arrays(s.element, `${path}[]`)];
  if (s instanceof z.ZodUnion) return (s.options as z.core.$ZodType[]).flatMap((o) => arrays(o, path));
  return [];
}

/** A value of a schema, with `rows` items in the array at `paged` and `others` in any other not within an array. */
function sample(schema: z.core.$ZodType | undefined, paged: string | undefined, rows: number, others = 3, path = ''): unknown {
  const s = unwrap(schema);
  if (s instanceof z.ZodObject)
    return Object.fromEntries(
      Object.entries(s.shape as z.ZodRawShape).map(([k, c]) => [k, sample(c, paged, rows, others, path ? `${path}.${k}` : k)]),
    );
  if (s instanceof z.ZodArray)
    return Array.from({ length: path === paged ? rows : others }, (_, i) => {
      // Arrays within rows stay short: a row's own size is the one-row case below.
      const item = sample(s.element, paged, rows, 3, `${path}[]`);
      return item && typeof item === 'object' ? { ...item, n: i } : item;
    });
  if (s instanceof z.ZodEnum) return s.options[0];
  if (s instanceof z.ZodLiteral) return s.value;
  if (s instanceof z.ZodUnion) return sample((s.options as z.core.$ZodType[])[0], paged, rows, others, path);
  if (s instanceof z.ZodNumber) return 42;
  if (s instanceof z.ZodBoolean) return true;
  return 'a person wrote this';
}

describe('no array escapes the cap', () => {
  test("every array of every tool's output is its paged array, inside its rows, or bounded by nature", () => {
    const escaped: string[] = [];
    for (const def of tools) {
      for (const path of arrays(def.output)) {
        if (path === 'page') continue;
        const paged = def.pages !== undefined && (path === def.pages || path.startsWith(`${def.pages}[]`));
        // Within a bounded array's items is bounded too (a course's units' topics).
        const bounded = Object.keys(BOUNDED).some((b) => {
          const [tool, at] = b.split(' ') as [string, string];
          return tool === def.name && (path === at || path.startsWith(`${at}[]`));
        });
        if (!paged && !bounded) escaped.push(`${def.name} ${path}`);
      }
    }
    expect(escaped).toEqual([]);
  });

  test('every tool fed an oversized answer answers within the cap, text and structured content alike, or says what to ask instead', () => {
    for (const def of tools) {
      // The paged array long: served in parts. Every array long: the final guarantee has to hold alone.
      const long = sample(def.output, def.pages, 600) as Record<string, unknown>;
      const wide = sample(def.output, def.pages, 600, 600) as Record<string, unknown>;
      for (const [answer, mayRefuse] of [
        [long, def.pages === undefined],
        [wide, true],
      ] as const) {
        let result;
        try {
          result = fitAnswer(def, answer, 0, CAP, {}, textOf);
        } catch (err) {
          // Refused, never cut, and only where no paged array can carry the size.
          expect((err as ToolError).code, def.name).toBe('RESULT_TOO_LARGE');
          expect(mayRefuse, def.name).toBe(true);
          continue;
        }
        const text = result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0);
        expect(text, def.name).toBeLessThanOrEqual(CAP);
        expect(JSON.stringify(result.structuredContent).length, def.name).toBeLessThanOrEqual(CAP);
        // What comes back still has the documented shape, its page included.
        expect(def.output.safeParse(result.structuredContent).success, def.name).toBe(true);
      }
    }
  });

  test('one row larger than the cap is refused naming what to ask instead', () => {
    const def = byName('analytics_students');
    const data = { students: [{ user: { id: 'u', name: 'x'.repeat(50_000), email: 'e', avatarUrl: null } }] };
    expect(() => fitAnswer(def, data, 0, CAP, {}, textOf)).toThrow(/WORKSPACE_RESULT_MAX_CHARS/);
    try {
      fitAnswer(def, data, 0, CAP, {}, textOf);
    } catch (err) {
      expect((err as ToolError).resolution).toMatch(/fields/);
    }
  });
});

describe('a nested array in parts', () => {
  const assignees = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `u_${i}`, name: `Learner ${i}`, email: `l${i}@x.test` }));
  const answer = { assignment: { id: 'as_1', totalAssignees: 1_670, completionPercent: 41.5, assignedUsers: assignees(1_670) } };

  test('following nextOffset gives every row once, the figures around them whole in every part', () => {
    const seen: unknown[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const { data, page } = fitList(answer, 'assignment.assignedUsers', offset, 10_000);
      expect(JSON.stringify(data).length).toBeLessThanOrEqual(10_000);
      expect(valueAt(data, 'assignment.totalAssignees')).toBe(1_670);
      expect(valueAt(data, 'assignment.completionPercent')).toBe(41.5);
      seen.push(...(valueAt(data, 'assignment.assignedUsers') as unknown[]));
      expect(page?.total).toBe(1_670);
      offset = page?.nextOffset ?? null;
    }
    expect(seen).toEqual(answer.assignment.assignedUsers);
  });

  test('a list that may go on carries a page even when it fits, and says so in the flag', () => {
    const { page } = fitList({ students: [{ id: 'a' }] }, 'students', 0, 10_000, { mayGoOn: true });
    expect(page).toEqual({ offset: 0, returned: 1, total: 1, nextOffset: null, mayGoOn: true });
  });
});

describe('fields', () => {
  const row = { user: { id: 'u1', name: 'Ada', email: 'a@x.test', avatarUrl: null }, coursesCompleted: 3, groups: ['g'] };

  test('keeps the paths asked for in their nesting, and the figures around the rows', () => {
    expect(projectRow(row, ['user.name', 'coursesCompleted'])).toEqual({ user: { name: 'Ada' }, coursesCompleted: 3 });
    expect(projectRow(row, ['user'])).toEqual({ user: row.user });
    const data = { assignment: { totalAssignees: 1, assignedUsers: [{ userId: 'u', name: 'n', email: 'e' }] } };
    expect(projectRows(data, 'assignment.assignedUsers', ['name'])).toEqual({
      assignment: { totalAssignees: 1, assignedUsers: [{ name: 'n' }] },
    });
  });

  test('an unknown path is refused naming the known ones; fields and offset are never sent upstream', () => {
    const def = byName('analytics_students');
    const refused = def.input.safeParse({ fields: ['user.nmae'] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/expected one of .*"user\.name"/);
    expect(def.input.safeParse({ fields: ['user.name', 'coursesCompleted'] }).success).toBe(true);
    expect(byName('assignments_get').rowPaths).toContain('progressPercent');
  });

  test("fields cut the part's rows only, as they are measured: the rows of the reading are left as they are", () => {
    let projected = 0;
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ ...row, user: { ...row.user, id: `u${i}` } }));
    const project = (r: unknown) => (projected++, projectRow(r, ['user.id']));
    const part = fitList({ students: rows }, 'students', 5_000, 2_000, {}, { project, cursor: (n) => `c${n}` });
    const got = part.data['students'] as unknown[];
    expect(got[0]).toEqual({ user: { id: 'u5000' } });
    expect(projected).toBeLessThanOrEqual(got.length + 1);
    expect(part.page).toMatchObject({ offset: 5_000, returned: got.length, total: 10_000, nextCursor: `c${5_000 + got.length}` });
    expect(rows[5_000]).toHaveProperty('coursesCompleted', 3);
  });

  test('a larger limit is offered only where one can succeed; past the maxima the note says to narrow the list', () => {
    const page = { offset: 0, returned: 10, total: 10, nextOffset: null, mayGoOn: true as const };
    expect(pageNote('students', page, 100_000)).toMatch(/ask with a larger limit \(up to 100000\)/);
    expect(pageNote('students', page)).not.toMatch(/larger limit/);
    expect(pageNote('students', page)).toMatch(/narrow it with the tool's filters/);
    expect(pageNote('students', { ...page, nextOffset: 10, nextCursor: 'abc' })).toMatch(/cursor: "abc"/);
  });

  test('two fields cut a learner row at least threefold', () => {
    const full = JSON.stringify({ ...row, joinedAt: '2026-01-01T00:00:00.000Z', coursesAssigned: 5, groups: ['Sales EMEA', 'Team 12'] });
    const cut = JSON.stringify(projectRow(JSON.parse(full), ['user.name', 'coursesCompleted']));
    expect(full.length / cut.length).toBeGreaterThanOrEqual(3);
  });
});

/**
 * A workspace that refuses a limit above `max` as the Connector API does (422 VALIDATION_ERROR on `limit`),
 * and answers at most `silentCap` rows whatever the limit, without a word; analytics_hero counts `rows` learners.
 */
function fakeUpstream(rows: number, max = Infinity, message = 'must be an integer greater than 0', silentCap = Infinity) {
  const asked: (number | undefined)[] = [];
  const heroes: number[] = [];
  const upstream = {
    hosts: () => new Set(['workspace.test']),
    workspace: () => 'https://workspace.test',
    acceptedLimits: new Map<string, number>(),
    maxResponseBytes: 16 * 1024 * 1024,
    timeoutMs: 30_000,
    deadlineMs: 45_000,
    async call(spec: RequestSpec) {
      if (spec.path.endsWith('/analytics/hero')) {
        heroes.push(1);
        return { totalStudents: rows };
      }
      const limit = (spec.body as Record<string, unknown>)['limit'] as number | undefined;
      asked.push(limit);
      if (limit !== undefined && limit > max)
        throw new ToolError('The request body is invalid.', {
          code: 'UPSTREAM_INVALID',
          status: 422,
          upstreamCode: 'VALIDATION_ERROR',
          fieldErrors: { limit: [message] },
        });
      return { students: Array.from({ length: Math.min(rows, limit ?? 50, silentCap) }, (_, i) => ({ n: i })) };
    },
  };
  return { upstream: upstream as unknown as Upstream, asked, heroes };
}

describe('the limit a workspace takes', () => {
  const def = byName('analytics_students');
  const ctx = { signal: new AbortController().signal, keepAliveMs: 10_000 };

  test('a refused limit is asked again smaller: a number the workspace named, else half; the largest taken is remembered', async () => {
    const { upstream, asked } = fakeUpstream(5_007, 10_000, 'must be at most 10000');
    const first = await readWithLimit(def, {}, 50_000, upstream, ctx);
    expect(asked).toEqual([50_000, 10_000]);
    expect(first.asked).toBe(10_000);
    await readWithLimit(def, {}, 50_000, upstream, ctx);
    // Remembered: the next reading asks for no more than was taken.
    expect(asked.slice(2)).toEqual([10_000]);
    const halving = fakeUpstream(100, 20_000);
    await readWithLimit(def, {}, 50_000, halving.upstream, ctx);
    expect(halving.asked).toEqual([50_000, 25_000, 12_500]);
  });

  test('smallerLimit takes a number below the one asked, or halves', () => {
    const err = (m: string) => new ToolError(m, { code: 'UPSTREAM_INVALID', fieldErrors: { limit: [m] } });
    expect(smallerLimit(err('must be at most 1,000'), 50_000)).toBe(1_000);
    expect(smallerLimit(err('too large'), 50_000)).toBe(25_000);
  });
});

describe('one reading per list', () => {
  const def = byName('analytics_students') as ToolDef & { pages: string };
  const ctx = { signal: new AbortController().signal, keepAliveMs: 10_000 };
  const check = () => undefined;

  test('with no limit the whole list is read; its next parts come from the kept reading; another caller reads its own', async () => {
    const { upstream, asked } = fakeUpstream(5_007);
    const readings = new Readings(new MemoryReadings());
    const opts = { upstream, readings, listMaxRows: 50_000, resultMaxChars: 1_000 };
    const first = await readList(def, {}, opts, ctx, 'alice', check);
    expect((first.data['students'] as unknown[]).length).toBe(5_007);
    expect(first.flags).toEqual({});
    const next = await readList(def, { offset: 100, fields: ['user.name'] }, opts, ctx, 'alice', check);
    expect(next.flags).toEqual({});
    expect(asked).toEqual([50_000]);
    const other = await readList(def, { offset: 100 }, opts, ctx, 'bob', check);
    expect(other.flags).toEqual({ reread: true });
    expect(asked).toEqual([50_000, 50_000]);
  });

  test('the parts of one walk parse its reading once per process: a next part by cursor asks the store nothing; another replica asks once', async () => {
    const { upstream } = fakeUpstream(5_007);
    const store = new MemoryReadings();
    let asks = 0;
    // Readings only: a fresh reading also asks the store for the workspace's cap (list-caps.ts).
    const counted = {
      putReading: store.putReading.bind(store),
      getReading: (key: string) => (key.startsWith('list-cap:') || asks++, store.getReading(key)),
    };
    const here = new Readings(counted);
    const first = await readList(def, {}, { upstream, readings: here, resultMaxChars: 1_000 }, ctx, 'alice', check);
    expect(first.id).toMatch(/^[0-9a-f]{24}$/);
    for (const offset of [10, 20, 30]) {
      const cursor = cursorOf(first.id!, offset);
      await readList(def, { cursor }, { upstream, readings: here, resultMaxChars: 1_000 }, ctx, 'alice', check);
    }
    expect(asks).toBe(0);
    const there = new Readings(counted);
    for (const offset of [40, 50]) {
      const cursor = cursorOf(first.id!, offset);
      const part = await readList(def, { cursor }, { upstream, readings: there, resultMaxChars: 1_000 }, ctx, 'alice', check);
      expect(part.flags).toEqual({});
      expect(part.offset).toBe(offset);
    }
    expect(asks).toBe(1);
  });

  test('one walk, one reading: a fresh start of the same list makes a new reading and leaves the walked one as it was', async () => {
    let rows = 5_007;
    const { upstream } = fakeUpstream(100_000);
    const call = upstream.call.bind(upstream);
    upstream.call = async (spec: RequestSpec) => {
      const got = await call(spec);
      return { students: (got['students'] as unknown[]).slice(0, rows) };
    };
    const opts = { upstream, readings: new Readings(new MemoryReadings()), resultMaxChars: 1_000 };
    const walk = await readList(def, {}, opts, ctx, 'alice', check);
    rows = 5_002;
    const restart = await readList(def, {}, opts, ctx, 'alice', check);
    expect(restart.id).not.toBe(walk.id);
    expect((restart.data['students'] as unknown[]).length).toBe(5_002);
    const next = await readList(def, { cursor: cursorOf(walk.id!, 200) }, opts, ctx, 'alice', check);
    expect(next.id).toBe(walk.id);
    expect((next.data['students'] as unknown[]).length).toBe(5_007);
    expect(next.flags).toEqual({});
    // `offset` alone reads the latest reading; beside a cursor it jumps within the cursor's.
    expect((await readList(def, { offset: 200 }, opts, ctx, 'alice', check)).id).toBe(restart.id);
    expect((await readList(def, { cursor: cursorOf(walk.id!, 200), offset: 7 }, opts, ctx, 'alice', check)).offset).toBe(7);
    // A cursor whose reading is gone reads the list again, and says so; another caller's cursor finds nothing of alice's.
    const bobs = await readList(def, { cursor: cursorOf(walk.id!, 200) }, opts, ctx, 'bob', check);
    expect(bobs.flags).toEqual({ reread: true });
    expect(bobs.id).not.toBe(walk.id);
    await expect(readList(def, { cursor: 'not-ours' }, opts, ctx, 'alice', check)).rejects.toThrow(/cursor/);
  });

  test('identical reads at once are made once', async () => {
    const { upstream, asked } = fakeUpstream(5_007);
    const opts = { upstream, readings: new Readings(new MemoryReadings()), resultMaxChars: 1_000 };
    const same = await Promise.all(Array.from({ length: 8 }, () => readList(def, {}, opts, ctx, 'alice', check)));
    expect(asked).toHaveLength(1);
    expect(new Set(same.map((r) => r.id)).size).toBe(1);
  });

  test('reads wait their turn by the rows they are expected to bring: the last read of the same list says how many', async () => {
    const { upstream: fake } = fakeUpstream(5);
    let running = 0;
    let most = 0;
    const upstream = Object.assign(Object.create(null), fake, {
      async call(spec: RequestSpec) {
        if (spec.path.endsWith('/analytics/hero')) return fake.call(spec);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return fake.call(spec);
      },
    }) as Upstream;
    const opts = { upstream, readings: new Readings(new MemoryReadings()) };
    // Eight callers' whole lists at once: unknown, each weighs the 100,000 rows it asks, two within the budget.
    const whole = () => Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((owner) => readList(def, {}, opts, ctx, owner, check)));
    await whole();
    expect(most).toBe(READ_BUDGET_ROWS / 100_000);
    // The list brought 5 rows: now each weighs 5, and all eight run at once.
    most = 0;
    await whole();
    expect(most).toBe(8);
    // A list's size is kept whatever its limit, its part or its caller; a filtered list is a list of its own.
    const forUser = byName('assignments_for_user');
    expect(sizeKey(def, { limit: 10, offset: 200, fields: ['user.id'] }, upstream)).toBe(sizeKey(def, {}, upstream));
    expect(sizeKey(forUser, { userId: 'u_1', limit: 10 }, upstream)).not.toBe(sizeKey(forUser, { userId: 'u_2' }, upstream));
  });

  test('exactly as many rows as asked: the list may go on, and a larger limit is offered only below the maxima', async () => {
    const { upstream } = fakeUpstream(5_007);
    const got = await readList(def, { limit: 100 }, { upstream, readings: new Readings(new MemoryReadings()) }, ctx, 'alice', check);
    expect(got.flags).toEqual({ mayGoOn: true });
    expect(got.upTo).toBe(100_000);
    const all = await readList(def, {}, { upstream, readings: new Readings(new MemoryReadings()), listMaxRows: 5_000 }, ctx, 'al', check);
    expect(all.flags).toEqual({ mayGoOn: true });
    expect(all.upTo).toBeUndefined();
    // Exactly the learners analytics_hero counts, read at the maximum: whole, with nothing to ask for.
    const counted = await readList(
      def,
      {},
      { upstream, readings: new Readings(new MemoryReadings()), listMaxRows: 5_007 },
      ctx,
      'c',
      check,
    );
    expect(counted.flags).toEqual({});
    const capped = fakeUpstream(5_007, 1_000, 'must be at most 1000');
    const taken = await readList(def, {}, { upstream: capped.upstream, readings: new Readings(new MemoryReadings()) }, ctx, 'al', check);
    expect(taken.flags).toEqual({ mayGoOn: true });
    expect(taken.upTo).toBeUndefined();
  });

  test('a code run reads whole and keeps nothing', async () => {
    const { upstream } = fakeUpstream(5_007);
    const readings = new Readings(new MemoryReadings());
    const got = await readList(def, { offset: 10 }, { upstream, readings, resultMaxChars: 1_000 }, ctx, 'alice', check, true);
    expect((got.data['students'] as unknown[]).length).toBe(5_007);
    expect(got.flags).toEqual({});
  });

  test('a list short of the total the workspace states may go on; the cap it reveals is learned, for other lists and other replicas', async () => {
    const { upstream, heroes } = fakeUpstream(5_007, Infinity, undefined, 500);
    const store = new MemoryReadings();
    const opts = { upstream, readings: new Readings(store), resultMaxChars: 1_000 };
    const roster = await readList(def, {}, opts, ctx, 'alice', check);
    expect(roster.flags).toEqual({ mayGoOn: true, cap: 500 });
    // Another list of exactly that many rows may go on too, whoever reads it, on a replica sharing the store.
    const attention = byName('analytics_needs_attention') as ToolDef & { pages: string };
    const there = { upstream, readings: new Readings(store), resultMaxChars: 1_000 };
    expect((await readList(attention, {}, there, ctx, 'bob', check)).flags).toEqual({ mayGoOn: true, cap: 500 });
    // Checking the roster again costs no second analytics_hero within its minute.
    await readList(def, { limit: 600 }, opts, ctx, 'carol', check);
    expect(heroes).toHaveLength(1);
  });

  test('a list as long as the total the workspace states is whole, and teaches no cap', async () => {
    const { upstream, heroes } = fakeUpstream(300);
    const store = new MemoryReadings();
    const got = await readList(def, {}, { upstream, readings: new Readings(store) }, ctx, 'alice', check);
    expect(got.flags).toEqual({});
    expect(heroes).toHaveLength(1);
    const attention = byName('analytics_needs_attention') as ToolDef & { pages: string };
    expect((await readList(attention, {}, { upstream, readings: new Readings(store) }, ctx, 'alice', check)).flags).toEqual({});
  });

  test('an assignment short of its totalAssignees may go on; its own answer states the total, so nothing else is read', async () => {
    const assignment = byName('assignments_get');
    const caps = new ListCaps(new MemoryReadings());
    const { upstream, heroes } = fakeUpstream(0);
    const answer = (n: number) => ({ assignment: { totalAssignees: 800, assignedUsers: Array.from({ length: n }, () => ({})) } });
    expect(await caps.flags(assignment, answer(800), 800, upstream, ctx)).toEqual({});
    expect(await caps.flags(assignment, answer(500), 500, upstream, ctx)).toEqual({ mayGoOn: true, cap: 500 });
    expect(heroes).toHaveLength(0);
  });

  test('the memory store forgets a reading when its time is up, and keeps within its size', async () => {
    const readings = new MemoryReadings(100);
    await readings.putReading('a', 'x'.repeat(60), 60_000);
    await readings.putReading('b', 'y'.repeat(60), 60_000);
    expect(await readings.getReading('a')).toBeUndefined();
    expect(await readings.getReading('b')).toBe('y'.repeat(60));
    await readings.putReading('c', 'z', -1);
    expect(await readings.getReading('c')).toBeUndefined();
    await readings.putReading('d', 'w'.repeat(200), 60_000);
    expect(await readings.getReading('d')).toBeUndefined();
  });
});
