// The eight multi-step tasks of the code-mode evaluation (npm run eval -- code) and of its end-to-end test,
// on the sandbox workspace: each a reference snippet, the body of an async function that reads through
// `tools`. Run once by the agent's side, one tool call at a time (every answer read whole), and once inside
// a single code_run: the same reads, the same answer.

export interface CodeTask {
  id: string;
  /** What a person asks. */
  ask: string;
  code: string;
}

export const CODE_TASKS: readonly CodeTask[] = [
  {
    id: 'attention-overdue',
    ask: 'Learners needing attention, their overdue assignments, the ten worst',
    code: `const { students } = await tools.analytics_needs_attention({});
const rows = [];
for (const s of students) {
  const { assignments } = await tools.assignments_for_user({ userId: s.user.id });
  for (const a of assignments)
    if (a.overdue && !a.complete) rows.push({ name: s.user.name, course: a.courseTitle, due: a.dueDate.slice(0, 10), progress: a.progressPercent });
}
rows.sort((a, b) => a.due.localeCompare(b.due) || a.progress - b.progress || a.name.localeCompare(b.name));
return rows.slice(0, 10);`,
  },
  {
    id: 'topics-by-group-unit',
    ask: 'Topic results per group and unit of the negotiation course',
    code: `const { groups } = await tools.groups_list({ includeDescendants: true });
const { units } = await tools.courses_structure({ courseId: 'c_negotiation' });
const rows = [];
for (const g of groups.filter((g) => !g.isArchived && g.memberCount > 0))
  for (const u of units) {
    const t = await tools.learning_unit_topics({ unitId: u.id, groupId: g.id });
    const scored = t.topics.filter((x) => x.avgScore !== null);
    if (scored.length === 0) continue;
    const weakest = scored.reduce((a, b) => (b.avgScore < a.avgScore ? b : a));
    const avg = Math.round((scored.reduce((s, x) => s + x.avgScore, 0) / scored.length) * 10) / 10;
    rows.push({ group: g.name, unit: u.title, avgScore: avg, weakest: weakest.title });
  }
return rows;`,
  },
  {
    id: 'hardest-questions',
    ask: "The hardest questions across the negotiation course's quizzes",
    code: `const units = await tools.learning_student_units({ userId: 'u_amara', courseId: 'c_negotiation' });
const quizzes = units.modules.flatMap((m) => m.topics.flatMap((t) => t.activities.filter((a) => a.type === 'quiz').map((a) => a.id)));
const rows = [];
for (const refId of quizzes) {
  const s = await tools.learning_question_stats({ kind: 'quiz', refId });
  for (const q of s.questions) rows.push({ quiz: s.title, question: q.question, wrongRatePercent: q.wrongRatePercent, topWrongAnswer: q.topWrongAnswer });
}
rows.sort((a, b) => b.wrongRatePercent - a.wrongRatePercent || a.question.localeCompare(b.question));
return rows.slice(0, 5);`,
  },
  {
    id: 'failed-unit-tests',
    ask: 'Failed unit tests of everyone in Sales EMEA',
    code: `const { students } = await tools.analytics_students({});
const { courses } = await tools.analytics_courses({});
const failed = [];
for (const m of students.filter((s) => s.groups.includes('Sales EMEA')))
  for (const c of courses) {
    let u;
    try {
      u = await tools.learning_student_units({ userId: m.user.id, courseId: c.courseId });
    } catch (e) {
      continue;
    }
    for (const mod of u.modules)
      if (mod.test && mod.test.taken && !mod.test.satisfied)
        failed.push({ name: m.user.name, course: c.title, unit: mod.title, score: mod.test.scorePercent, needed: mod.test.minScore });
  }
return failed;`,
  },
  {
    id: 'late-by-group',
    ask: 'Late learners per group, across all assignments',
    code: `const { students } = await tools.analytics_students({});
const byGroup = {};
for (const s of students) {
  const { assignments } = await tools.assignments_for_user({ userId: s.user.id });
  const late = assignments.filter((a) => a.overdue && !a.complete).length;
  if (late === 0) continue;
  for (const g of s.groups.length > 0 ? s.groups : ['(no group)']) (byGroup[g] ??= []).push(s.user.name + ' (' + late + ')');
}
return Object.fromEntries(Object.entries(byGroup).sort(([a], [b]) => a.localeCompare(b)).map(([g, names]) => [g, names.sort()]));`,
  },
  {
    id: 'twelve-month-trend',
    ask: 'A 12-month trend of learners starting and completing courses',
    code: `const now = await tools.analytics_monthly_overview({});
let [y, m] = now.currentMonth.split('-').map(Number);
const months = [];
for (let i = 0; i < 12; i++) {
  months.unshift(y + '-' + String(m).padStart(2, '0'));
  if (--m === 0) [y, m] = [y - 1, 12];
}
const trend = [];
for (const month of months) {
  const o = month === now.month ? now : await tools.analytics_monthly_overview({ month });
  trend.push({ month, starting: o.learning.startingLearners, completing: o.learning.completingLearners, completed: o.learning.coursesCompleted });
}
return trend;`,
  },
  {
    id: 'weak-roleplays',
    ask: 'Weak role-play and scenario results across courses',
    code: `const { courses } = await tools.analytics_courses({});
const weak = [];
for (const c of courses) {
  const p = await tools.learning_project_scenarios({ courseId: c.courseId });
  for (const x of p.projects)
    if ((x.avgBestScorePercent ?? 0) < 80 || x.completionPercent < 70)
      weak.push({ course: c.title, project: x.title, type: x.type, completionPercent: x.completionPercent, avgBestScorePercent: x.avgBestScorePercent });
}
return weak.sort((a, b) => a.completionPercent - b.completionPercent || a.project.localeCompare(b.project));`,
  },
  {
    id: 'plan-for-batch',
    ask: 'Tag everyone with nothing completed and an overdue assignment "follow-up": a plan for batch_call',
    code: `const { students } = await tools.analytics_students({});
const plan = [];
for (const s of students.filter((s) => s.coursesAssigned > 0 && s.coursesCompleted === 0)) {
  const { assignments } = await tools.assignments_for_user({ userId: s.user.id });
  if (assignments.some((a) => a.overdue && !a.complete)) plan.push({ tool: 'members_set_tags', arguments: { userId: s.user.id, tags: ['follow-up'] } });
}
return plan;`,
  },
];
