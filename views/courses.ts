// Courses and quizzes: completion by course (analytics_courses), a quiz's scores (performance_quiz) and
// question difficulty (learning_question_stats), each as a chart over a sortable table.
import { bar, barChart, empty, figures, fmt, h, present, sortableTable } from './ui.js';
import type { View } from './view.js';

interface Course {
  courseId: string;
  title: string;
  enrolled: number;
  completed: number;
  completionPercent: number;
}
interface Attempt {
  user: { id: string; name: string };
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

export const courses: View = (data) => {
  if (Array.isArray(data['courses'])) return completion(data['courses'] as Course[]);
  if (Array.isArray(data['attempts'])) return quiz(data);
  if (Array.isArray(data['questions'])) return difficulty(data);
  return h('main', {}, empty('Nothing to show for this result.'));
};

function completion(list: Course[]): HTMLElement {
  const main = h('main', {}, h('h1', {}, 'Completion by course'));
  if (list.length === 0) return (main.append(empty('No courses in this workspace yet.')), main);
  const enrolled = list.reduce((n, c) => n + c.enrolled, 0);
  main.append(
    h('p', { class: 'sub' }, `${fmt.count(list.length, 'course')} · ${fmt.count(enrolled, 'enrolment')}`),
    barChart({
      title: 'Completion by course',
      measure: 'learners who completed (%)',
      labels: list.map((c) => c.title),
      values: list.map((c) => c.completionPercent),
      format: fmt.percent,
      max: 100,
    }),
    sortableTable(
      'Courses',
      [
        { key: 'title', label: 'Course', value: (c) => c.title },
        { key: 'enrolled', label: 'Enrolled', numeric: true, value: (c) => c.enrolled, render: (c) => fmt.count(c.enrolled, 'learner') },
        {
          key: 'completed',
          label: 'Completed',
          numeric: true,
          value: (c) => c.completed,
          render: (c) => fmt.count(c.completed, 'learner'),
        },
        {
          key: 'percent',
          label: 'Completion',
          numeric: true,
          value: (c) => c.completionPercent,
          render: (c) => bar(c.completionPercent, 100, fmt.percent(c.completionPercent)),
        },
      ],
      list,
    ),
  );
  return main;
}

function quiz(data: Record<string, unknown>): HTMLElement {
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
      sortableTable(
        'Attempts',
        [
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
        ],
        attempts,
        { key: 'percent', descending: true },
      ),
    ),
  );
  return main;
}

function difficulty(data: Record<string, unknown>): HTMLElement {
  const questions = [...(data['questions'] as Question[])].sort((a, b) => a.order - b.order);
  const main = h('main', {}, h('h1', {}, `Question difficulty: ${String(data['title'] ?? '')}`));
  if (questions.length === 0) return (main.append(empty('This test has no questions yet.')), main);
  main.append(
    figures([
      { label: 'Members', value: fmt.number(Number(data['totalMembers'] ?? 0)) },
      { label: 'Completed attempts', value: fmt.number(Number(data['completedAttempts'] ?? 0)) },
      { label: 'Average score', value: data['avgScorePercent'] == null ? '—' : fmt.percent(Number(data['avgScorePercent'])) },
      { label: 'Average time', value: data['avgElapsedSeconds'] == null ? '—' : fmt.duration(Number(data['avgElapsedSeconds'])) },
    ]),
    barChart({
      title: 'Wrong answers by question',
      measure: 'answers that were wrong (%)',
      labels: questions.map((q) => `Q${q.order}. ${q.question}`),
      values: questions.map((q) => q.wrongRatePercent),
      format: fmt.percent,
      max: 100,
    }),
    sortableTable(
      'Questions',
      [
        { key: 'order', label: 'No.', numeric: true, value: (q) => q.order },
        { key: 'question', label: 'Question', value: (q) => q.question },
        {
          key: 'answered',
          label: 'Answered',
          numeric: true,
          value: (q) => q.answeredCount,
          render: (q) => fmt.count(q.answeredCount, 'time'),
        },
        {
          key: 'wrong',
          label: 'Wrong',
          numeric: true,
          value: (q) => q.wrongRatePercent,
          render: (q) => bar(q.wrongRatePercent, 100, fmt.percent(q.wrongRatePercent)),
        },
        { key: 'top', label: 'Most common wrong answer', value: (q) => q.topWrongAnswer },
      ],
      questions,
    ),
  );
  return main;
}
