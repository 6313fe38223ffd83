// The views' pure logic, without a browser: formats with units, the reason a learner needs attention,
// month arithmetic, gathering a long list from its parts. (Type-checked with the views, under views/tsconfig.json.)
import { describe, expect, test } from 'vitest';
import { fitList } from '../../src/mcp/fit.js';
import { attentionReason } from '../../views/learners.js';
import { callWhole, eachLimited, gather, MAX_ROWS, pageOf, type Page, type Progress } from '../../views/parts.js';
import type { ViewContext } from '../../views/view.js';
import { shiftMonth } from '../../views/overview.js';
import { fmt } from '../../views/ui.js';

describe('formats', () => {
  test('durations in the two largest units', () => {
    expect(fmt.duration(892_800)).toBe('10 d 8 h');
    expect(fmt.duration(534.3)).toBe('8 min 54 s');
    expect(fmt.duration(3600)).toBe('1 h');
    expect(fmt.duration(0)).toBe('0 s');
  });
  test('counts say their unit, singular or plural; percentages keep one decimal', () => {
    expect(fmt.count(1, 'learner')).toBe('1 learner');
    expect(fmt.count(1200, 'learner')).toBe('1,200 learners');
    expect(fmt.percent(33.333)).toBe('33.3 %');
    expect(fmt.month('2026-01')).toBe('January 2026');
  });
});

describe('learners', () => {
  const now = Date.parse('2026-11-23T00:00:00Z');
  test('a learner with assigned courses and none completed needs attention, with how long they have been a member', () => {
    expect(
      attentionReason({ user: { id: 'u', name: 'A' }, coursesAssigned: 2, coursesCompleted: 0, joinedAt: '2026-11-01T00:00:00Z' }, now),
    ).toBe('None of 2 assigned courses completed, member for 22 days');
    expect(attentionReason({ user: { id: 'u', name: 'A' }, coursesAssigned: 1, coursesCompleted: 0 }, now)).toBe(
      'None of 1 assigned course completed',
    );
    expect(attentionReason({ user: { id: 'u', name: 'A' }, coursesAssigned: 2, coursesCompleted: 1 }, now)).toBeNull();
    expect(attentionReason({ user: { id: 'u', name: 'A' }, coursesAssigned: 0, coursesCompleted: 0 }, now)).toBeNull();
  });
});

describe('months', () => {
  test('across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2000-01', -1)).toBe('1999-12');
  });
});

describe('gathering a list from its parts', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => ({ user: { id: `u${i}`, name: `Learner ${i}` }, coursesCompleted: i % 4 }));
  /** The server's own cut (src/mcp/fit.ts), so the parts are the ones a client is served. */
  const served = (offset: number) => fitList({ students: rows }, 'students', offset, 40_000).data;
  const first = () => {
    const data = served(0);
    return { rows: data['students'] as unknown[], page: pageOf(data)! };
  };
  const run = async (fetch: (offset: number) => Promise<Record<string, unknown>>, signal = new AbortController().signal) => {
    const seen: Progress<unknown>[] = [];
    const asked: number[] = [];
    const end = await gather(
      first(),
      'students',
      (o) => (asked.push(o), fetch(o)),
      (p) => seen.push({ ...p, rows: [...p.rows] }),
      signal,
    );
    return { end, seen, asked };
  };

  test('every row exactly once, in order, with the count read so far after each part', async () => {
    const { end, seen, asked } = await run(async (o) => served(o));
    expect(first().rows.length).toBeLessThan(1000); // several parts
    expect(end).toEqual({ rows, total: 5000, loading: false });
    expect(asked.length).toBe(seen.length);
    expect(seen.map((p) => p.rows.length)).toEqual([...seen.map((p) => p.rows.length)].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ loading: false, total: 5000 });
    expect(seen.slice(0, -1).every((p) => p.loading && p.rows.length < 5000)).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
  });

  test('a part that does not move on, or is not the one asked for, stops the reading and says so', async () => {
    const stuck = await run(async (o) => ({ ...served(o), page: { ...pageOf(served(o))!, nextOffset: o } }));
    expect(stuck.asked).toHaveLength(1);
    expect(stuck.end).toMatchObject({ loading: false, stopped: expect.stringMatching(/did not move on/) });
    const elsewhere = await run(async () => served(0));
    expect(elsewhere.asked).toHaveLength(1);
    expect(elsewhere.end.stopped).toMatch(/did not hold the rows that follow/);
    const none = await run(async (o) => ({
      students: [],
      page: { offset: o, returned: 0, total: 5000, nextOffset: o + 1 } satisfies Page,
    }));
    expect(none.asked).toHaveLength(1);
    expect(none.end.rows).toHaveLength(first().rows.length);
  });

  test('a failed call stops with its message and where to go on from; going on from there completes the list', async () => {
    let fail = true;
    const flaky = async (o: number) => {
      if (o > 1000 && fail) throw new Error('Error RATE_LIMITED (HTTP 429): slow down\nResolution: wait');
      return served(o);
    };
    const { end } = await run(flaky);
    expect(end).toMatchObject({ loading: false, stopped: 'Error RATE_LIMITED (HTTP 429): slow down' });
    expect(end.rows.length).toBe(end.resume);
    fail = false;
    const resumed = await gather(
      { rows: end.rows, page: { offset: 0, returned: end.resume!, total: end.total, nextOffset: end.resume! } },
      'students',
      flaky,
      () => undefined,
      new AbortController().signal,
    );
    expect(resumed.rows).toEqual(rows);
  });

  test('a part read from a new reading (the earlier one expired) starts the list over, so no row is counted twice or lost', async () => {
    let expired = true;
    const { end, asked } = await run(async (o) => {
      const data = served(o);
      if (o > 2000 && expired) {
        expired = false;
        return { ...data, page: { ...pageOf(data)!, reread: true } };
      }
      return data;
    });
    expect(end).toEqual({ rows, total: 5000, loading: false });
    expect(asked.filter((o) => o === 0)).toHaveLength(1);
    const always = await run(async (o) => ({ ...served(o), page: { ...pageOf(served(o))!, reread: true } }));
    expect(always.end.stopped).toBe('the list kept changing while it was read');
  });

  test('a list that may go on past its total says so to the end', async () => {
    const { end } = await run(async (o) => ({ ...served(o), page: { ...pageOf(served(o))!, mayGoOn: true } }));
    expect(end).toMatchObject({ total: 5000, loading: false, mayGoOn: true });
    expect(end.rows).toHaveLength(5000);
  });

  test('a view replaced meanwhile stops reading and reports nothing more', async () => {
    const replaced = new AbortController();
    let calls = 0;
    const { seen, asked } = await run(async (o) => {
      if (++calls === 3) replaced.abort();
      return served(o);
    }, replaced.signal);
    expect(asked).toHaveLength(3);
    expect(seen).toHaveLength(2);
  });

  test('no more rows than MAX_ROWS, whatever total a result claims', async () => {
    const endless = async (o: number) => ({
      students: Array.from({ length: 5000 }, () => ({})),
      page: { offset: o, returned: 5000, total: 10 ** 9, nextOffset: o + 5000 },
    });
    const end = await gather(
      { rows: [], page: { offset: 0, returned: 0, total: 10 ** 9, nextOffset: 0 } },
      'students',
      endless,
      () => undefined,
      new AbortController().signal,
    );
    expect(end.rows).toHaveLength(MAX_ROWS);
    expect(end.stopped).toMatch(/at most 100,000 rows/);
  });

  test("a page is read only when it is well formed; the last part's nextOffset is null", () => {
    expect(pageOf({ page: { offset: 0, returned: 2, total: 2, nextOffset: null } })).toEqual({
      offset: 0,
      returned: 2,
      total: 2,
      nextOffset: null,
    });
    expect(pageOf({ page: { offset: -1, returned: 2, total: 2, nextOffset: null } })).toBeUndefined();
    expect(pageOf({ page: { offset: 0, returned: 2, total: 2, nextOffset: 'x' } })).toBeUndefined();
    expect(pageOf({})).toBeUndefined();
  });
});

describe('calls back at size', () => {
  const courses = Array.from({ length: 900 }, (_, i) => ({ courseId: `c${i}`, title: `Course number ${i}` }));
  const ctx = (fail?: number): ViewContext => ({
    tool: 'analytics_courses',
    args: {},
    signal: new AbortController().signal,
    call: async (_name, args) => {
      const offset = Number(args['offset'] ?? 0);
      if (offset === fail) throw new Error('Error UPSTREAM_UNAVAILABLE (HTTP 503): try later');
      return fitList({ courses }, 'courses', offset, 10_000).data;
    },
    failure: () => {
      throw new Error('not drawn here');
    },
    replace: () => undefined,
  });

  test("a list tool's every row, its parts gathered; a part that fails is thrown, saying how far it got", async () => {
    expect(await callWhole(ctx(), 'analytics_courses', {}, 'courses')).toEqual(courses);
    const firstPart = (fitList({ courses }, 'courses', 0, 10_000).data['courses'] as unknown[]).length;
    await expect(callWhole(ctx(firstPart), 'analytics_courses', {}, 'courses')).rejects.toThrow(
      `The courses after the first ${firstPart} could not be read: Error UPSTREAM_UNAVAILABLE (HTTP 503): try later.`,
    );
  });

  test('work on many items, a few at a time, in their order', async () => {
    let running = 0;
    let most = 0;
    const out = await eachLimited([...Array(20).keys()], 4, async (i) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      return i * 2;
    });
    expect(out).toEqual([...Array(20).keys()].map((i) => i * 2));
    expect(most).toBe(4);
  });
});
