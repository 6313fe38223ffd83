// The views' pure logic, without a browser: formats with units, the reason a learner needs attention,
// month arithmetic. (Type-checked with the views, under views/tsconfig.json.)
import { describe, expect, test } from 'vitest';
import { attentionReason } from '../../views/learners.js';
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
