// The sandbox's learning/* commands.
import type { Course, Criteria } from '../seed.js';
import type { Body, Check } from './check.js';
import { defaultCriteria, type Handlers, type Model } from './model.js';

type Topic = Course['units'][number]['topics'][number];

/** One topic of a learner's unit breakdown: how much of it is done against what the criteria require. */
function topicView(sbx: Model, userId: string, t: Topic, orderIndex: number, done: Set<string>, crit: Criteria) {
  const n = t.activities.filter((a) => done.has(a.id)).length;
  const required = crit.activitiesPerTopic === 'ALL' ? t.activities.length : Math.min(crit.activitiesPerTopic, t.activities.length);
  return {
    id: t.id,
    title: t.title,
    orderIndex,
    completedCount: n,
    requiredCount: required,
    totalActivities: t.activities.length,
    completed: n >= required,
    timeSeconds: sbx.sumTime(userId, new Set(t.activities.map((a) => a.id))),
    activities: t.activities.map((a) => ({
      id: a.id,
      title: a.title,
      type: a.type,
      completed: done.has(a.id),
      timeSeconds: sbx.progressOf(userId).find((p) => p.activityId === a.id)?.timeSeconds ?? null,
    })),
  };
}

/** "All activities, unit tests ≥ 80%, required projects" */
function criteriaLabel(criteria: Criteria): string {
  return [
    criteria.activitiesPerTopic === 'ALL' ? 'All activities' : `${criteria.activitiesPerTopic} activities per topic`,
    criteria.testRequired ? `unit tests${criteria.testMinScore !== null ? ` ≥ ${criteria.testMinScore}%` : ''}` : null,
    criteria.projectsRequired ? 'required projects' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function learningStudentUnits(sbx: Model, b: Body, check: Check): unknown {
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  const c = sbx.needCourse(check, 'courseId', check.str('courseId', true));
  const groupId = sbx.needGroup(check, 'groupId', check.str('groupId', false))?.id;
  check.done();
  const criteria = sbx.criteriaFor(u!.id, c!.id);
  const crit = criteria ?? defaultCriteria;
  const s = sbx.courseState(u!.id, c!, criteria);
  const team = sbx.cohort(c!, groupId).filter((id) => id !== u!.id);
  const quizPercents = (userId: string, ids: string[]) =>
    sbx
      .attemptsOf(userId)
      .filter((a) => a.isCompleted && ids.includes(a.refId))
      .map((a) => sbx.scorePercent(a.answers, a.refId));
  const allScores: number[] = [];
  const modules = c!.units.map((unit) => {
    const acts = unit.topics.flatMap((t) => t.activities);
    const actIds = new Set(acts.map((a) => a.id));
    const doneN = acts.filter((a) => s.done.has(a.id)).length;
    const quizIds = acts.filter((a) => a.type === 'quiz').map((a) => a.id);
    const mine = quizPercents(u!.id, quizIds);
    allScores.push(...mine);
    const teamTimes = team.map((id) => sbx.sumTime(id, actIds)).filter((t): t is number => t !== null);
    const best = unit.test ? sbx.bestTest(u!.id, unit.test.id) : null;
    if (best !== null) allScores.push(best);
    const minScore = unit.test ? (crit.testMinScore ?? unit.test.minScore) : null;
    const testSatisfied = !unit.test || !crit.testRequired || (best ?? -1) >= (minScore ?? 0);
    const projects = unit.projects.map((p) => {
      const done = sbx.projectAttemptsOf(u!.id).some((x) => x.projectId === p.id && x.completedAt);
      const required = p.required && crit.projectsRequired;
      return { id: p.id, title: p.title, required, completed: done, satisfied: done || !required };
    });
    const unitComplete = doneN === acts.length && testSatisfied && projects.every((p) => p.satisfied);
    return {
      id: unit.id,
      title: unit.title,
      progress: acts.length ? Math.round((100 * doneN) / acts.length) : 0,
      quizScore: sbx.avg(mine),
      teamAvg: sbx.avg(teamTimes),
      status: unitComplete ? 'complete' : doneN > 0 ? 'active' : 'not-started',
      timeSeconds: sbx.sumTime(u!.id, actIds),
      unitComplete,
      topics: unit.topics.map((t, i) => topicView(sbx, u!.id, t, i, s.done, crit)),
      test: unit.test
        ? { id: unit.test.id, required: crit.testRequired, taken: best !== null, scorePercent: best, minScore, satisfied: testSatisfied }
        : null,
      projects,
    };
  });
  const unitsCompleted = modules.filter((m) => m.unitComplete).length;
  return {
    userId: u!.id,
    courseId: c!.id,
    overallProgress: s.progressPercent,
    overallScore: sbx.avg(allScores),
    overallStatus: s.complete ? 'complete' : s.done.size > 0 ? 'active' : 'not-started',
    unitsCompleted,
    totalUnits: modules.length,
    criteriaLabel: criteria ? criteriaLabel(criteria) : null,
    modules,
  };
}

function learningQuestionStats(sbx: Model, b: Body, check: Check): unknown {
  const kind = check.oneOf('kind', ['test', 'quiz'] as const, true);
  const refId = check.str('refId', true);
  const groupId = sbx.needGroup(check, 'groupId', check.str('groupId', false))?.id;
  const quiz = kind === 'quiz' && refId ? sbx.findQuiz(refId) : undefined;
  const test = kind === 'test' && refId ? sbx.findTest(refId) : undefined;
  if (kind && refId && !quiz && !test) check.fail('refId', `no ${kind} with id ${refId}`);
  check.done();
  const c = (quiz ?? test)!.course;
  const team = new Set(sbx.cohort(c, groupId));
  const questions = quiz ? quiz.activity.questions : test!.test.questions;
  const atts = sbx.ws.attempts.filter((a) => a.refId === refId && a.isCompleted && team.has(a.userId));
  const rows = questions.map((q, i) => {
    const answered = atts.filter((a) => a.answers[q.id] !== undefined);
    const wrong = answered.filter((a) => a.answers[q.id] !== q.correct);
    const counts = new Map<string, number>();
    for (const a of wrong) counts.set(a.answers[q.id]!, (counts.get(a.answers[q.id]!) ?? 0) + 1);
    const top = [...counts.entries()].sort((x, y) => y[1] - x[1])[0];
    return {
      questionId: q.id,
      order: i + 1,
      type: q.type,
      question: q.question,
      answeredCount: answered.length,
      correctCount: answered.length - wrong.length,
      wrongCount: wrong.length,
      wrongRatePercent: answered.length ? sbx.pct(wrong.length, answered.length) : null,
      topWrongAnswer: top?.[0] ?? null,
      topWrongAnswerCount: top?.[1] ?? 0,
    };
  });
  rows.sort((x, y) => (y.wrongRatePercent ?? -1) - (x.wrongRatePercent ?? -1) || x.order - y.order);
  return {
    kind,
    refId,
    title: quiz ? quiz.activity.title : test!.test.title,
    courseId: c.id,
    unitId: (quiz ?? test)!.unit.id,
    topicId: quiz ? quiz.topic.id : null,
    totalMembers: team.size,
    completedAttempts: atts.length,
    avgElapsedSeconds: sbx.avg(atts.map((a) => a.elapsedSeconds)),
    avgScorePercent: sbx.avg(atts.map((a) => sbx.scorePercent(a.answers, refId!))),
    questions: rows,
  };
}

function learningUnitTopics(sbx: Model, b: Body, check: Check): unknown {
  const unitId = check.str('unitId', true);
  const found = unitId ? sbx.findUnit(unitId) : undefined;
  if (unitId && !found) check.fail('unitId', `no unit with id ${unitId}`);
  const groupId = sbx.needGroup(check, 'groupId', check.str('groupId', false))?.id;
  check.done();
  const { course: c, unit } = found!;
  const team = sbx.cohort(c, groupId);
  const inTeam = new Set(team);
  return {
    unitId: unit.id,
    courseId: c.id,
    totalMembers: team.length,
    topics: unit.topics.map((t, i) => {
      const ids = new Set(t.activities.map((a) => a.id));
      const quizIds = t.activities.filter((a) => a.type === 'quiz').map((a) => a.id);
      const scores = sbx.ws.attempts
        .filter((a) => inTeam.has(a.userId) && a.isCompleted && quizIds.includes(a.refId))
        .map((a) => sbx.scorePercent(a.answers, a.refId));
      const completedBy = team.filter((id) => t.activities.every((a) => sbx.progressOf(id).some((p) => p.activityId === a.id))).length;
      const times = team.map((id) => sbx.sumTime(id, ids)).filter((x): x is number => x !== null);
      return {
        id: t.id,
        title: t.title,
        orderIndex: i,
        avgScore: sbx.avg(scores),
        minScore: scores.length ? Math.min(...scores) : null,
        maxScore: scores.length ? Math.max(...scores) : null,
        completion: sbx.pct(completedBy, team.length),
        avgTimeSeconds: sbx.avg(times),
      };
    }),
    projects: unit.projects.map((p) => {
      const completed = team.filter((id) => sbx.projectAttemptsOf(id).some((x) => x.projectId === p.id && x.completedAt)).length;
      const required = p.required ? team.length : 0;
      return {
        id: p.id,
        title: p.title,
        type: p.type,
        completion: required ? sbx.pct(completed, required) : null,
        requiredMembers: required,
        totalMembers: team.length,
      };
    }),
  };
}

function learningProjectScenarios(sbx: Model, b: Body, check: Check): unknown {
  const c = sbx.needCourse(check, 'courseId', check.str('courseId', true));
  const unitId = check.str('unitId', false);
  if (c && unitId && !c.units.some((u) => u.id === unitId)) check.fail('unitId', `no unit ${unitId} in course ${c.id}`);
  const groupId = sbx.needGroup(check, 'groupId', check.str('groupId', false))?.id;
  check.done();
  const team = sbx.cohort(c!, groupId);
  const inTeam = new Set(team);
  const projects = c!.units
    .filter((u) => !unitId || u.id === unitId)
    .flatMap((u) =>
      u.projects.map((p) => {
        const rows = sbx.ws.projectAttempts.filter((x) => x.projectId === p.id && inTeam.has(x.userId));
        const completed = rows.filter((x) => x.completedAt).length;
        return {
          projectId: p.id,
          title: p.title,
          type: p.type,
          unitId: u.id,
          unitTitle: u.title,
          startedPercent: sbx.pct(rows.length, team.length),
          completionPercent: sbx.pct(completed, team.length),
          avgAttempts: sbx.avg(rows.map((x) => x.attempts)),
          avgBestScorePercent: sbx.avg(rows.map((x) => x.bestScore)),
          startedCount: rows.length,
          completedCount: completed,
        };
      }),
    );
  return { courseId: c!.id, totalMembers: team.length, projects };
}

export const learning: Handlers = {
  'learning/student-units': { write: false, run: learningStudentUnits },
  'learning/question-stats': { write: false, run: learningQuestionStats },
  'learning/unit-topics': { write: false, run: learningUnitTopics },
  'learning/project-scenarios': { write: false, run: learningProjectScenarios },
};
