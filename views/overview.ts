// The workspace at a glance: key figures (analytics_hero) and a month's activity
// (analytics_monthly_overview), with the month before or after one click away.
import { barChart, empty, figures, fmt, h } from './ui.js';
import type { View, ViewContext } from './view.js';

interface Month {
  month: string;
  currentMonth: string;
  timezone?: string;
  creation: {
    activeCreators: number;
    coursesStarted: number;
    coursesCompleted: number;
    courseTypes?: { type: string; started: number; completed: number }[];
  };
  learning: { startingLearners: number; completingLearners: number; coursesStarted: number; coursesCompleted: number };
}

export const overview: View = (data, ctx) => {
  if (typeof data['month'] === 'string') return month(data as unknown as Month, ctx);
  if ('totalStudents' in data) return hero(data, ctx);
  return h('main', {}, empty('Nothing to show for this result.'));
};

function hero(d: Record<string, unknown>, ctx: ViewContext): HTMLElement {
  const n = (k: string) => Number(d[k] ?? 0);
  const panel = h('section', { class: 'panel', 'aria-live': 'polite', hidden: true });
  const avg = d['avgTimeToCompleteSeconds'];
  return h(
    'main',
    {},
    h('h1', {}, 'Workspace overview'),
    figures([
      { label: 'Learners', value: fmt.count(n('totalStudents'), 'learner') },
      { label: 'Instructors', value: fmt.count(n('totalInstructors'), 'instructor') },
      { label: 'Admins', value: fmt.count(n('totalAdmins'), 'admin') },
      { label: 'Courses', value: fmt.count(n('totalCourses'), 'course') },
      { label: 'Course completions', value: fmt.count(n('courseCompletions'), 'completion') },
      { label: 'Pending invites', value: fmt.count(n('pendingInvites'), 'invite') },
      { label: 'Average time to complete', value: avg === null || avg === undefined ? '—' : fmt.duration(Number(avg)) },
    ]),
    h(
      'div',
      { class: 'toolbar' },
      h('button', { type: 'button', class: 'action', onclick: () => void open(panel, ctx, {}) }, "This month's activity"),
    ),
    panel,
  );
}

async function open(panel: HTMLElement, ctx: ViewContext, args: Record<string, unknown>): Promise<void> {
  panel.hidden = false;
  panel.replaceChildren(empty('Loading the month…'));
  try {
    panel.replaceChildren(
      month((await ctx.call('analytics_monthly_overview', args)) as unknown as Month, {
        ...ctx,
        replace: (data) => panel.replaceChildren(month(data as unknown as Month, ctx)),
      }),
    );
  } catch (err) {
    panel.replaceChildren(ctx.failure(err));
  }
}

/** "2026-11" and a step of months → "2026-10". */
export function shiftMonth(ym: string, by: number): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function month(d: Month, ctx: ViewContext): HTMLElement {
  const go = async (to: string, button: HTMLButtonElement) => {
    button.disabled = true;
    try {
      ctx.replace(await ctx.call('analytics_monthly_overview', { month: to }), { month: to });
    } catch (err) {
      button.disabled = false;
      button.after(ctx.failure(err));
    }
  };
  const before = shiftMonth(d.month, -1);
  const after = shiftMonth(d.month, 1);
  const prev = h(
    'button',
    { type: 'button', class: 'action', disabled: before < '2000-01', 'aria-label': `Show ${fmt.month(before)}` },
    `← ${fmt.month(before)}`,
  );
  const next = h(
    'button',
    { type: 'button', class: 'action', disabled: after > d.currentMonth, 'aria-label': `Show ${fmt.month(after)}` },
    `${fmt.month(after)} →`,
  );
  prev.addEventListener('click', () => void go(before, prev));
  next.addEventListener('click', () => void go(after, next));
  const types = d.creation.courseTypes ?? [];
  return h(
    'main',
    {},
    h('h1', {}, `Activity in ${fmt.month(d.month)}`),
    h('p', { class: 'sub' }, d.month === d.currentMonth ? `This month so far${d.timezone ? ` (${d.timezone})` : ''}` : (d.timezone ?? '')),
    h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Month' }, prev, next),
    h('h2', {}, 'Learning'),
    figures([
      { label: 'Learners who started', value: fmt.count(d.learning.startingLearners, 'learner') },
      { label: 'Learners who completed', value: fmt.count(d.learning.completingLearners, 'learner') },
      { label: 'Courses started', value: fmt.count(d.learning.coursesStarted, 'course') },
      { label: 'Courses completed', value: fmt.count(d.learning.coursesCompleted, 'course') },
    ]),
    h('h2', {}, 'Course creation'),
    figures([
      { label: 'Active creators', value: fmt.count(d.creation.activeCreators, 'creator') },
      { label: 'Courses started', value: fmt.count(d.creation.coursesStarted, 'course') },
      { label: 'Courses completed', value: fmt.count(d.creation.coursesCompleted, 'course') },
    ]),
    types.length > 0
      ? barChart({
          title: 'Created by type',
          measure: 'courses completed this month',
          labels: types.map((t) => t.type.toLowerCase()),
          values: types.map((t) => t.completed),
          format: (v) => fmt.count(v, 'course'),
        })
      : null,
  );
}
