import { expect, test } from 'vitest';
import { tools } from '../../tools/index.js';
import { closestNames } from '../../src/text/suggest.js';

const names = tools.map((t) => t.name);

test.each([
  ['analytic_students', 'analytics_students'],
  ['analytics-students', 'analytics_students'],
  ['AnalyticsStudents', 'analytics_students'],
  ['groups_lists', 'groups_list'],
  ['group_member_add', 'groups_member_add'],
  ['students', 'analytics_students'],
  ['folder_update', 'folders_update'],
  ['insights_ask', 'performance_insights_ask'],
])('an unknown %s suggests %s first', (wanted, first) => {
  expect(closestNames(wanted, names)[0]).toBe(first);
});

test('a name like none suggests nothing, and at most three are named', () => {
  expect(closestNames('zzzz', names)).toEqual([]);
  expect(closestNames('list', names).length).toBeLessThanOrEqual(3);
  expect(closestNames('x'.repeat(100_000), names)).toEqual([]);
});
