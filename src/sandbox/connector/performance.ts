// The sandbox's performance/* commands.
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function performanceQuiz(sbx: Model, b: Body, check: Check): unknown {
  const activityId = check.str('activityId', true);
  const found = activityId ? sbx.findQuiz(activityId) : undefined;
  if (activityId && !found) check.fail('activityId', `no quiz activity with id ${activityId}`);
  check.done();
  const { course: c, unit, topic, activity } = found!;
  const attempts = sbx.ws.attempts
    .filter((a) => a.refId === activity.id && sbx.user(a.userId))
    .map((a) => {
      const u = sbx.user(a.userId)!;
      const right = activity.questions.filter((q) => a.answers[q.id] === q.correct).length;
      return {
        user: { id: u.id, name: u.name, email: u.email },
        score: a.isCompleted ? right : null,
        totalQuestions: activity.questions.length,
        percent: a.isCompleted ? sbx.scorePercent(a.answers, activity.id) : null,
        elapsedSeconds: a.elapsedSeconds,
        isCompleted: a.isCompleted,
        updatedAt: a.updatedAt,
      };
    });
  const done = attempts.filter((a) => a.isCompleted);
  const bucket = (lo: number, hi: number) => done.filter((a) => (a.percent ?? 0) >= lo && (a.percent ?? 0) <= hi).length;
  return {
    activity: { id: activity.id, topicId: topic.id, topicTitle: topic.title, unitId: unit.id, unitTitle: unit.title, courseId: c.id },
    attempts,
    completedAttempts: done.length,
    avgScore: sbx.avg(done.map((a) => a.score ?? 0)),
    avgPercent: sbx.avg(done.map((a) => a.percent ?? 0)),
    distribution: { '0-24': bucket(0, 24), '25-49': bucket(25, 49), '50-74': bucket(50, 74), '75-100': bucket(75, 100) },
  };
}

export const performance: Handlers = {
  'performance/quiz': { write: false, run: performanceQuiz },
};
