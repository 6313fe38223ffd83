import { describe, expect, test } from 'vitest';
import { fitList, pageNote } from '../../src/mcp/fit.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `u_${i}`, name: `Learner ${i}`, note: 'x'.repeat(50) }));

describe('fitList', () => {
  test('a list that fits, from the start, is returned as it is', () => {
    const data = { students: rows(3), scope: 'all' };
    // Its JSON, made to measure it, comes back as the text block to send.
    expect(fitList(data, 'students', 0, 10_000)).toEqual({ data, json: JSON.stringify(data) });
  });

  test('a long list is cut at an item boundary within the size, saying where the next part begins', () => {
    const data = { students: rows(1_000), scope: 'all' };
    const { data: part, page } = fitList(data, 'students', 0, 5_000);
    expect(JSON.stringify(part).length).toBeLessThanOrEqual(5_000);
    expect(page).toMatchObject({ offset: 0, total: 1_000, nextOffset: page!.returned });
    expect(part['students']).toEqual(rows(1_000).slice(0, page!.returned));
    expect(part['scope']).toBe('all');
    // One item more would not have fit.
    expect(JSON.stringify({ ...part, students: rows(page!.returned + 1) }).length).toBeGreaterThan(5_000);
  });

  test('parts taken in turn give every item once, and the last says so', () => {
    const data = { students: rows(500) };
    const seen: unknown[] = [];
    let offset: number | null = 0;
    let parts = 0;
    while (offset !== null) {
      const { data: part, page } = fitList(data, 'students', offset, 3_000);
      seen.push(...(part['students'] as unknown[]));
      offset = page?.nextOffset ?? null;
      parts++;
    }
    expect(seen).toEqual(rows(500));
    expect(parts).toBeGreaterThan(1);
  });

  test('an offset past the end is an empty last part; an item larger than the size still comes, alone', () => {
    expect(fitList({ students: rows(3) }, 'students', 5, 10_000).page).toEqual({ offset: 5, returned: 0, total: 3, nextOffset: null });
    const big = [{ id: 'a', blob: 'y'.repeat(10_000) }, { id: 'b' }];
    expect(fitList({ students: big }, 'students', 0, 1_000).page).toEqual({ offset: 0, returned: 1, total: 2, nextOffset: 1 });
  });

  test('the note says what is shown and how to get the rest', () => {
    expect(pageNote('students', { offset: 0, returned: 120, total: 5_000, nextOffset: 120 })).toBe(
      'Showing students 1 to 120 of 5000. Call again with offset: 120 for the next part.',
    );
    expect(pageNote('students', { offset: 4_900, returned: 100, total: 5_000, nextOffset: null })).toBe(
      'Showing students 4901 to 5000 of 5000. This is the last part.',
    );
  });
});
