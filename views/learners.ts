// Learner lists (analytics_students, analytics_needs_attention, analytics_top_performers): a sortable
// table with completion as bars, rank, groups and why a learner needs attention. Choosing a learner
// shows their progress in each course (analytics_courses, then learning_student_units per course).
import { callWhole, eachLimited, listStatus } from './parts.js';
import { dataTable, sortableTable, type Column } from './table.js';
import { bar, empty, fmt, h } from './ui.js';
import type { View, ViewContext } from './view.js';

interface Student {
  rank?: number;
  user: { id: string; name: string; email?: string };
  joinedAt?: string;
  coursesAssigned: number;
  coursesCompleted: number;
  groups?: string[];
  completionRatio?: number;
}

const TITLES: Record<string, [string, string]> = {
  analytics_students: ['Learners', 'No learners in this workspace yet.'],
  analytics_needs_attention: [
    'Learners who need attention',
    'Nobody needs attention: everyone with courses assigned has completed at least one.',
  ],
  analytics_top_performers: ['Top performers', 'No one has completed a course yet.'],
};

/** Why a learner needs attention, in words: what the list's rule (assigned work, nothing completed) finds. */
export function attentionReason(s: Student, now = Date.now()): string | null {
  if (s.coursesAssigned === 0 || s.coursesCompleted > 0) return null;
  const days = s.joinedAt ? Math.floor((now - Date.parse(s.joinedAt)) / 86_400_000) : undefined;
  const since = days !== undefined && days > 0 ? `, member for ${fmt.count(days, 'day')}` : '';
  return `None of ${fmt.count(s.coursesAssigned, 'assigned course')} completed${since}`;
}

export const learners: View = (data, ctx) => {
  const students = (data['students'] ?? []) as Student[];
  const tool = ctx.tool ?? (students.some((s) => s.rank !== undefined) ? 'analytics_top_performers' : 'analytics_students');
  const [title, none] = TITLES[tool] ?? TITLES['analytics_students']!;
  const main = h('main', { 'aria-labelledby': 'title' }, h('h1', { id: 'title' }, title));
  if (students.length === 0) return (main.append(empty(none)), main);
  const panel = h('section', { class: 'panel', 'aria-live': 'polite', hidden: true });
  const caption = (n: number) => `${title}, ${fmt.count(n, 'row')}`;
  const table = dataTable(caption, columnsFor(students, tool, panel, ctx), students, {
    search: 'learners by name, email or group',
    searchText: (s) => s.user.email ?? '',
  });
  const status = listStatus<Student>(data, 'students', ctx, ['learner', 'learners'], summary, table.setRows);
  main.append(status, table.element, panel);
  return main;
};

/** "5,000 learners · 1,234 have completed every assigned course". */
function summary(students: Student[]): string {
  const completed = students.reduce((n, s) => n + (s.coursesCompleted >= s.coursesAssigned && s.coursesAssigned > 0 ? 1 : 0), 0);
  return `${fmt.count(students.length, 'learner')} · ${fmt.count(completed, 'has', 'have')} completed every assigned course`;
}

/** The columns a list needs: rank for top performers, the reason for those who need attention, the date joined when known. */
function columnsFor(students: Student[], tool: string, panel: HTMLElement, ctx: ViewContext): Column<Student>[] {
  const columns: Column<Student>[] = [
    ...(students.some((s) => s.rank !== undefined)
      ? [{ key: 'rank', label: 'Rank', numeric: true, value: (s: Student) => s.rank ?? null }]
      : []),
    {
      key: 'name',
      label: 'Learner',
      value: (s) => s.user.name,
      render: (s) =>
        h(
          'button',
          {
            type: 'button',
            class: 'link',
            title: s.user.email,
            'aria-label': `Show the progress of ${s.user.name}`,
            onclick: () => void progress(s, panel, ctx),
          },
          s.user.name,
        ),
    },
    {
      key: 'completion',
      label: 'Completion',
      numeric: true,
      value: (s) => ratio(s),
      render: (s) => bar(ratio(s), 1, `${s.coursesCompleted} of ${fmt.count(s.coursesAssigned, 'course')}`),
    },
    {
      key: 'groups',
      label: 'Groups',
      value: (s) => (s.groups ?? []).join(', '),
      render: (s) => h('span', { class: 'tags' }, ...(s.groups ?? []).map((g) => h('span', { class: 'tag' }, g))),
    },
  ];
  if (tool === 'analytics_needs_attention' || students.some((s) => attentionReason(s))) {
    columns.push({
      key: 'reason',
      label: 'Needs attention',
      value: (s) => attentionReason(s),
      render: (s) => h('span', { class: 'reason' }, attentionReason(s) ?? ''),
    });
  }
  if (students.some((s) => s.joinedAt))
    columns.push({
      key: 'joined',
      label: 'Joined',
      nowrap: true,
      value: (s) => s.joinedAt ?? null,
      render: (s) => (s.joinedAt ? fmt.date(s.joinedAt) : '—'),
    });
  return columns;
}

const ratio = (s: Student) => (s.coursesAssigned > 0 ? s.coursesCompleted / s.coursesAssigned : 0);

interface CourseRow {
  courseId: string;
  title: string;
}
interface Units {
  overallProgress: number;
  overallStatus: string;
  unitsCompleted: number;
  totalUnits: number;
  criteriaLabel?: string;
  modules: { id: string; title: string; progress: number; status: string; timeSeconds?: number | null }[];
}

/** The drill-down: a learner's progress in every course, by calling the read tools back through the host. */
async function progress(s: Student, panel: HTMLElement, ctx: ViewContext): Promise<void> {
  panel.hidden = false;
  panel.replaceChildren(h('h2', {}, `Progress of ${s.user.name}`), empty('Loading their courses…'));
  try {
    const courses = await callWhole<CourseRow>(ctx, 'analytics_courses', {}, 'courses');
    // A few at a time: a workspace of many courses would otherwise send them all through the host at once.
    const results = await eachLimited(courses, 4, (c) =>
      ctx.call('learning_student_units', { userId: s.user.id, courseId: c.courseId }).then(
        (u) => ({ course: c, units: u as unknown as Units }),
        () => ({ course: c, units: undefined }),
      ),
    );
    const taken = results.filter((r): r is { course: CourseRow; units: Units } => r.units !== undefined);
    if (taken.length === 0)
      return void panel.replaceChildren(h('h2', {}, `Progress of ${s.user.name}`), empty('No course progress recorded yet.'));
    panel.replaceChildren(
      h('h2', {}, `Progress of ${s.user.name}`),
      sortableTable<{ course: CourseRow; units: Units }>(
        `Courses of ${s.user.name}`,
        [
          { key: 'course', label: 'Course', value: (r) => r.course.title },
          {
            key: 'progress',
            label: 'Progress',
            numeric: true,
            value: (r) => r.units.overallProgress,
            render: (r) => bar(r.units.overallProgress, 100, fmt.percent(r.units.overallProgress)),
          },
          {
            key: 'units',
            label: 'Units completed',
            numeric: true,
            value: (r) => r.units.unitsCompleted,
            render: (r) => `${r.units.unitsCompleted} of ${r.units.totalUnits}`,
          },
          { key: 'status', label: 'Status', value: (r) => r.units.overallStatus.replace(/[-_]/g, ' ') },
        ],
        taken,
      ),
    );
  } catch (err) {
    panel.replaceChildren(h('h2', {}, `Progress of ${s.user.name}`), ctx.failure(err));
  }
}
