// Courses and quizzes: completion by course (analytics_courses), a quiz's scores (performance_quiz) and
// question difficulty (learning_question_stats), each as a chart over a sortable table.
import { listStatus } from './parts.js';
import { dataTable, type Column } from './table.js';
import { bar, barChart, empty, figures, fmt, h, present } from './ui.js';
import type { View, ViewContext } from './view.js';

/** Bars in one chart at most: past that a chart stops being read; the table below holds every row. */
export const CHART_MAX = 20;

interface Course {
  courseId: string;
  title: string;
  enrolled: number;
  completed: number;
  completionPercent: number;
}
interface Attempt {
  user: { id: string; name: string; email?: string };
  score: number | null;
  totalQuestions: number;
  percent: number | null;
  elapsedSeconds: number | null;
  isCompleted: boolean;
  updatedAt?: string;
}
interface Question {
  questionId: string;
  order: number;
  question: string;
  answeredCount: number;
  wrongRatePercent: number;
  topWrongAnswer: string | null;
}

export const courses: View = (data, ctx) => {
  if (Array.isArray(data['courses'])) return completion(data, ctx);
  if (Array.isArray(data['attempts'])) return quiz(data, ctx);
  if (Array.isArray(data['questions'])) return difficulty(data, ctx);
  return h('main', {}, empty('Nothing to show for this result.'));
};

function completion(data: Record<string, unknown>, ctx: ViewContext): HTMLElement {
  const list = data['courses'] as Course[];
  const main = h('main', {}, h('h1', {}, 'Completion by course'));
  if (list.length === 0) return (main.append(empty('No courses in this workspace yet.')), main);
  const chart = h('div', {}, courseChart(list));
  const table = dataTable((n) => `Courses, ${fmt.count(n, 'row')}`, COURSE_COLUMNS, list, { search: 'courses' });
  const summary = (rows: Course[]) =>
    `${fmt.count(rows.length, 'course')} · ${fmt.count(
      rows.reduce((n, c) => n + c.enrolled, 0),
      'enrolment',
    )}`;
  const status = listStatus<Course>(data, 'courses', ctx, ['course', 'courses'], summary, (rows) => {
    table.setRows(rows);
    chart.replaceChildren(courseChart(rows));
  });
  main.append(status, chart, table.element);
  return main;
}

/** Completion by course; past CHART_MAX courses, that of the largest ones. */
function courseChart(list: Course[]): HTMLElement {
  const largest = list.length > CHART_MAX;
  const shown = largest ? [...list].sort((a, b) => b.enrolled - a.enrolled).slice(0, CHART_MAX) : list;
  return barChart({
    title: largest ? `Completion of the ${CHART_MAX} largest of ${fmt.count(list.length, 'course')}` : 'Completion by course',
    measure: 'learners who completed (%)',
    labels: shown.map((c) => c.title),
    values: shown.map((c) => c.completionPercent),
    format: fmt.percent,
    max: 100,
  });
}

const COURSE_COLUMNS: Column<Course>[] = [
  { key: 'title', label: 'Course', value: (c) => c.title },
  { key: 'enrolled', label: 'Enrolled', numeric: true, value: (c) => c.enrolled, render: (c) => fmt.count(c.enrolled, 'learner') },
  { key: 'completed', label: 'Completed', numeric: true, value: (c) => c.completed, render: (c) => fmt.count(c.completed, 'learner') },
  {
    key: 'percent',
    label: 'Completion',
    numeric: true,
    value: (c) => c.completionPercent,
    render: (c) => bar(c.completionPercent, 100, fmt.percent(c.completionPercent)),
  },
];

function quiz(data: Record<string, unknown>, ctx: ViewContext): HTMLElement {
  const activity = (data['activity'] ?? {}) as { topicTitle?: string; unitTitle?: string };
  const attempts = data['attempts'] as Attempt[];
  const main = h(
    'main',
    {},
    h('h1', {}, `Quiz: ${activity.topicTitle ?? 'scores'}`),
    activity.unitTitle ? h('p', { class: 'sub' }, activity.unitTitle) : null,
  );
  if (attempts.length === 0) return (main.append(empty('Nobody has taken this quiz yet.')), main);
  const bands = Object.entries((data['distribution'] ?? {}) as Record<string, number>);
  const table = dataTable((n) => `Attempts, ${fmt.count(n, 'row')}`, ATTEMPT_COLUMNS, attempts, {
    sort: { key: 'percent', descending: true },
    search: 'attempts by learner',
    searchText: (a) => a.user.email ?? '',
  });
  const status = listStatus<Attempt>(
    data,
    'attempts',
    ctx,
    ['attempt', 'attempts'],
    (rows) => fmt.count(rows.length, 'attempt'),
    table.setRows,
  );
  main.append(
    ...present(
      figures([
        { label: 'Completed attempts', value: fmt.number(Number(data['completedAttempts'] ?? 0)) },
        {
          label: 'Average score',
          value: data['avgPercent'] === null || data['avgPercent'] === undefined ? '—' : fmt.percent(Number(data['avgPercent'])),
        },
      ]),
      bands.length > 0
        ? barChart({
            title: 'Score distribution',
            measure: 'learners per score band (%)',
            labels: bands.map(([b]) => `${b} %`),
            values: bands.map(([, n]) => n),
            format: (n) => fmt.count(n, 'learner'),
          })
        : null,
      status,
      table.element,
    ),
  );
  return main;
}

const ATTEMPT_COLUMNS: Column<Attempt>[] = [
  { key: 'name', label: 'Learner', value: (a) => a.user.name },
  {
    key: 'percent',
    label: 'Score',
    numeric: true,
    value: (a) => a.percent,
    render: (a) =>
      a.percent === null ? 'not finished' : bar(a.percent, 100, `${fmt.percent(a.percent)} (${a.score} of ${a.totalQuestions})`),
  },
  {
    key: 'time',
    label: 'Time spent',
    numeric: true,
    nowrap: true,
    value: (a) => a.elapsedSeconds,
    render: (a) => (a.elapsedSeconds === null ? '—' : fmt.duration(a.elapsedSeconds)),
  },
  {
    key: 'date',
    label: 'Last activity',
    nowrap: true,
    value: (a) => a.updatedAt ?? null,
    render: (a) => (a.updatedAt ? fmt.date(a.updatedAt) : '—'),
  },
];

function difficulty(data: Record<string, unknown>, ctx: ViewContext): HTMLElement {
  const byOrder = (list: Question[]) => [...list].sort((a, b) => a.order - b.order);
  const questions = byOrder(data['questions'] as Question[]);
  const main = h('main', {}, h('h1', {}, `Question difficulty: ${String(data['title'] ?? '')}`));
  if (questions.length === 0) return (main.append(empty('This test has no questions yet.')), main);
  const chart = h('div', {}, questionChart(questions));
  const table = dataTable((n) => `Questions, ${fmt.count(n, 'row')}`, QUESTION_COLUMNS, questions, { search: 'questions' });
  const status = listStatus<Question>(
    data,
    'questions',
    ctx,
    ['question', 'questions'],
    (rows) => fmt.count(rows.length, 'question'),
    (rows) => {
      table.setRows(byOrder(rows));
      chart.replaceChildren(questionChart(byOrder(rows)));
    },
  );
  main.append(
    figures([
      { label: 'Members', value: fmt.number(Number(data['totalMembers'] ?? 0)) },
      { label: 'Completed attempts', value: fmt.number(Number(data['completedAttempts'] ?? 0)) },
      { label: 'Average score', value: data['avgScorePercent'] == null ? '—' : fmt.percent(Number(data['avgScorePercent'])) },
      { label: 'Average time', value: data['avgElapsedSeconds'] == null ? '—' : fmt.duration(Number(data['avgElapsedSeconds'])) },
    ]),
    chart,
    status,
    table.element,
  );
  return main;
}

/** Wrong answers by question, in the test's order; past CHART_MAX questions, the ones answered wrong most often. */
function questionChart(questions: Question[]): HTMLElement {
  const hardest = questions.length > CHART_MAX;
  const shown = hardest
    ? [...questions]
        .sort((a, b) => b.wrongRatePercent - a.wrongRatePercent)
        .slice(0, CHART_MAX)
        .sort((a, b) => a.order - b.order)
    : questions;
  return barChart({
    title: hardest ? `Wrong answers: the ${CHART_MAX} hardest of ${fmt.count(questions.length, 'question')}` : 'Wrong answers by question',
    measure: 'answers that were wrong (%)',
    labels: shown.map((q) => `Q${q.order}. ${q.question}`),
    values: shown.map((q) => q.wrongRatePercent),
    format: fmt.percent,
    max: 100,
  });
}

const QUESTION_COLUMNS: Column<Question>[] = [
  { key: 'order', label: 'No.', numeric: true, value: (q) => q.order },
  { key: 'question', label: 'Question', value: (q) => q.question },
  { key: 'answered', label: 'Answered', numeric: true, value: (q) => q.answeredCount, render: (q) => fmt.count(q.answeredCount, 'time') },
  {
    key: 'wrong',
    label: 'Wrong',
    numeric: true,
    value: (q) => q.wrongRatePercent,
    render: (q) => bar(q.wrongRatePercent, 100, fmt.percent(q.wrongRatePercent)),
  },
  { key: 'top', label: 'Most common wrong answer', value: (q) => q.topWrongAnswer },
];
