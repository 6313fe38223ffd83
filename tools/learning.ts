import * as z from 'zod';
import { command, id, READ, type ToolDef } from './define.js';
import { ProgressStatus } from './shapes.js';

const str = z.string();
const num = z.number();
const nnum = z.number().nullable();
const nstr = z.string().nullable();
const groupId = id('Limit the cohort to this group.').optional();

export const learningTools: ToolDef[] = [
  command({
    name: 'learning_student_units',
    title: 'Learner progress in a course',
    description:
      'One learner\'s unit, topic and activity breakdown in a course: progress, scores, test and projects, with time spent against the team average.',
    toolset: 'learning',
    command: 'learning/student-units',
    input: { userId: id('Learner id.'), courseId: id('Course id.'), groupId },
    output: {
      userId: str,
      courseId: str,
      overallProgress: num,
      overallScore: nnum,
      overallStatus: ProgressStatus,
      unitsCompleted: num,
      totalUnits: num,
      criteriaLabel: nstr,
      modules: z.array(
        z.looseObject({
          id: str,
          title: str,
          progress: num,
          quizScore: nnum,
          teamAvg: nnum,
          status: ProgressStatus,
          timeSeconds: nnum,
          unitComplete: z.boolean(),
          topics: z.array(
            z.looseObject({
              id: str,
              title: str,
              completedCount: num,
              requiredCount: num,
              totalActivities: num,
              completed: z.boolean(),
              timeSeconds: nnum,
              activities: z.array(
                z.looseObject({ id: str, title: str, type: str, completed: z.boolean(), timeSeconds: nnum }),
              ),
            }),
          ),
          test: z
            .looseObject({
              id: str,
              required: z.boolean(),
              taken: z.boolean(),
              scorePercent: nnum,
              minScore: nnum,
              satisfied: z.boolean(),
            })
            .nullable(),
          projects: z.array(
            z.looseObject({ id: str, title: str, required: z.boolean(), completed: z.boolean(), satisfied: z.boolean() }),
          ),
        }),
      ),
    },
    annotations: READ,
  }),
  command({
    name: 'learning_question_stats',
    title: 'Question wrong-answer rates',
    description:
      'Cohort wrong-answer rate per question of a test or quiz, worst first, with the most common wrong answer; use it to find confusing questions.',
    toolset: 'learning',
    command: 'learning/question-stats',
    input: {
      kind: z.enum(['test', 'quiz']).describe('Whether refId is a unit test or a quiz activity.'),
      refId: id('Id of the test or quiz activity.'),
      groupId,
    },
    output: {
      kind: str,
      refId: str,
      title: str,
      courseId: nstr,
      unitId: nstr,
      topicId: nstr,
      totalMembers: num,
      completedAttempts: num,
      avgElapsedSeconds: nnum,
      avgScorePercent: nnum,
      questions: z.array(
        z.looseObject({
          questionId: str,
          order: num,
          type: str,
          question: str,
          answeredCount: num,
          correctCount: num,
          wrongCount: num,
          wrongRatePercent: nnum,
          topWrongAnswer: nstr,
          topWrongAnswerCount: num,
        }),
      ),
    },
    annotations: READ,
  }),
  command({
    name: 'learning_unit_topics',
    title: 'Unit topic statistics',
    description: 'Per-topic completion percent, quiz scores (average, min, max) and average time on task for one unit, plus its projects.',
    toolset: 'learning',
    command: 'learning/unit-topics',
    input: { unitId: id('Unit id.'), groupId },
    output: {
      unitId: str,
      courseId: str,
      totalMembers: num,
      topics: z.array(
        z.looseObject({
          id: str,
          title: str,
          orderIndex: num,
          avgScore: nnum,
          minScore: nnum,
          maxScore: nnum,
          completion: num,
          avgTimeSeconds: nnum,
        }),
      ),
      projects: z.array(
        z.looseObject({
          id: str,
          title: str,
          type: str,
          completion: nnum,
          requiredMembers: num,
          totalMembers: num,
        }),
      ),
    },
    annotations: READ,
  }),
  command({
    name: 'learning_project_scenarios',
    title: 'Role-play and scenario results',
    description:
      'Completion, attempts and average best score of the role-play and scenario projects of a course, optionally for one unit.',
    toolset: 'learning',
    command: 'learning/project-scenarios',
    input: { courseId: id('Course id.'), unitId: id('Limit to this unit.').optional(), groupId },
    output: {
      courseId: str,
      totalMembers: num,
      projects: z.array(
        z.looseObject({
          projectId: str,
          title: str,
          type: str,
          unitId: str,
          unitTitle: str,
          startedPercent: num,
          completionPercent: num,
          avgAttempts: nnum,
          avgBestScorePercent: nnum,
          startedCount: num,
          completedCount: num,
        }),
      ),
    },
    annotations: READ,
  }),
];
