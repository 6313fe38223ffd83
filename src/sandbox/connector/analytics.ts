// The sandbox's analytics/* commands.
import type { Body, Check } from './check.js';
import { NY, nyMonth, type Handlers, type Model } from './model.js';

function analyticsMonthlyOverview(sbx: Model, b: Body, check: Check): unknown {
  const extra = Object.keys(b).filter((k) => k !== 'month');
  for (const k of extra) check.fail(k, 'is not allowed');
  const current = nyMonth(new Date(sbx.now()));
  let month = current;
  if (b['month'] !== undefined) {
    if (typeof b['month'] !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(b['month'])) check.fail('month', 'must match YYYY-MM');
    else if (b['month'] < '2000-01' || b['month'] > current) check.fail('month', `must be between 2000-01 and ${current}`);
    else month = b['month'];
  }
  check.done();
  const inMonth = (d: string | null) => !!d && nyMonth(new Date(d)) === month;
  const started = sbx.ws.courses.filter((c) => inMonth(c.createdAt));
  const published = sbx.ws.courses.filter((c) => inMonth(c.publishedAt));
  // Starting and completing a course both go through its activities: only learners with progress in it count.
  const pairs = sbx.ws.users.flatMap((u) =>
    sbx.ws.courses.filter((c) => sbx.started(c).has(u.id)).map((c) => ({ u, s: sbx.courseState(u.id, c, sbx.criteriaFor(u.id, c.id)) })),
  );
  const startedPairs = pairs.filter((p) => inMonth(p.s.startedAt));
  const completedPairs = pairs.filter((p) => inMonth(p.s.completedAt));
  return {
    month,
    currentMonth: current,
    timezone: NY,
    creation: {
      activeCreators: new Set([...started, ...published].map((c) => c.createdById)).size,
      coursesStarted: started.length,
      coursesCompleted: published.length,
      courseTypes: (['COURSE', 'ASSESSMENT', 'ATOM'] as const).map((type) => ({
        type,
        started: started.filter((c) => c.type === type).length,
        completed: published.filter((c) => c.type === type).length,
      })),
    },
    learning: {
      startingLearners: new Set(startedPairs.map((p) => p.u.id)).size,
      completingLearners: new Set(completedPairs.map((p) => p.u.id)).size,
      coursesStarted: startedPairs.length,
      coursesCompleted: completedPairs.length,
    },
  };
}

function analyticsHero(sbx: Model, _b: Body, _check: Check): unknown {
  const durations: number[] = [];
  let completions = 0;
  for (const c of sbx.ws.courses)
    for (const id of sbx.enrolled(c)) {
      const s = sbx.courseState(id, c, sbx.criteriaFor(id, c.id));
      if (!s.complete) continue;
      completions++;
      if (s.startedAt && s.completedAt) durations.push((Date.parse(s.completedAt) - Date.parse(s.startedAt)) / 1000);
    }
  return {
    scopeType: 'WORKSPACE',
    totalStudents: sbx.ws.users.filter((u) => u.role === 'MEMBER').length,
    totalInstructors: sbx.ws.users.filter((u) => u.role === 'INSTRUCTOR').length,
    totalAdmins: sbx.ws.users.filter((u) => u.role === 'ADMIN').length,
    totalCourses: sbx.ws.courses.length,
    courseCompletions: completions,
    pendingInvites: sbx.ws.pendingInvites.length,
    avgTimeToCompleteSeconds: durations.length ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) : null,
  };
}

function analyticsCourses(sbx: Model, _b: Body, check: Check): unknown {
  const limit = check.limit();
  check.done();
  const rows = sbx.ws.courses.map((c) => {
    const ids = sbx.enrolled(c);
    const completed = ids.filter((id) => sbx.courseState(id, c, sbx.criteriaFor(id, c.id)).complete).length;
    return { courseId: c.id, title: c.title, enrolled: ids.length, completed, completionPercent: sbx.pct(completed, ids.length) };
  });
  return { courses: sbx.take(rows, limit) };
}

function analyticsStudents(sbx: Model, _b: Body, check: Check): unknown {
  const limit = check.limit();
  check.done();
  // Only the rows answered are worked out: the order is by name, known before any row.
  return { students: sbx.take(sbx.students(), limit).map(sbx.studentRow) };
}

function analyticsNeedsAttention(sbx: Model, _b: Body, check: Check): unknown {
  const limit = check.limit();
  check.done();
  return {
    students: sbx.take(
      sbx
        .students()
        .map(sbx.studentRow)
        .filter((r) => r.coursesAssigned > 0 && r.coursesCompleted === 0),
      limit,
    ),
  };
}

function analyticsTopPerformers(sbx: Model, _b: Body, check: Check): unknown {
  const limit = check.limit();
  check.done();
  const ranked = sbx
    .students()
    .map(sbx.studentRow)
    .filter((r) => r.coursesAssigned > 0)
    .map((r) => ({ ...r, completionRatio: Math.round((r.coursesCompleted / r.coursesAssigned) * 100) / 100 }))
    .sort(
      (a, b) => b.completionRatio - a.completionRatio || b.coursesCompleted - a.coursesCompleted || a.user.name.localeCompare(b.user.name),
    )
    .map((r, i) => ({ rank: i + 1, ...r }));
  return { students: sbx.take(ranked, limit) };
}

export const analytics: Handlers = {
  'analytics/monthly-overview': { write: false, run: analyticsMonthlyOverview },
  'analytics/hero': { write: false, run: analyticsHero },
  'analytics/courses': { write: false, run: analyticsCourses },
  'analytics/students': { write: false, run: analyticsStudents },
  'analytics/needs-attention': { write: false, run: analyticsNeedsAttention },
  'analytics/top-performers': { write: false, run: analyticsTopPerformers },
};
