import * as z from 'zod';
import { command, courseIdField, groupIdField, id, READ, unitIdField, userIdField, type ToolDef } from './define.js';
import { ProgressStatus } from './shapes.js';

const string = z.string();
const number = z.number();
const numberOrNull = z.number().nullable();
const stringOrNull = z.string().nullable();
const groupId = groupIdField.optional();

export const learningTools: ToolDef[] = [
  command({
    name: 'learning_student_units',
    untrusted: [
      'criteriaLabel',
      'modules[].title',
      'modules[].topics[].title',
      'modules[].topics[].activities[].title',
      'modules[].projects[].title',
    ],
    title: "One learner's progress in a course and where they are stuck, unit by unit (module by module)",
    description:
      'How far along one person is in one course, unit by unit (modules, lessons, topics, activities): what they finished, scores, unit tests passed, time spent versus the team; gives activity ids. In bulk: batch_call.',
    toolset: 'learning',
    command: 'learning/student-units',
    input: { userId: userIdField, courseId: courseIdField, groupId },
    output: {
      userId: string,
      courseId: string,
      overallProgress: number,
      overallScore: numberOrNull,
      overallStatus: ProgressStatus,
      unitsCompleted: number,
      totalUnits: number,
      criteriaLabel: stringOrNull,
      modules: z.array(
        z.looseObject({
          id: string,
          title: string,
          progress: number,
          quizScore: numberOrNull,
          teamAvg: numberOrNull,
          status: ProgressStatus,
          timeSeconds: numberOrNull,
          unitComplete: z.boolean(),
          topics: z.array(
            z.looseObject({
              id: string,
              title: string,
              completedCount: number,
              requiredCount: number,
              totalActivities: number,
              completed: z.boolean(),
              timeSeconds: numberOrNull,
              activities: z.array(
                z.looseObject({ id: string, title: string, type: string, completed: z.boolean(), timeSeconds: numberOrNull }),
              ),
            }),
          ),
          test: z
            .looseObject({
              id: string,
              required: z.boolean(),
              taken: z.boolean(),
              scorePercent: numberOrNull,
              minScore: numberOrNull,
              satisfied: z.boolean(),
            })
            .nullable(),
          projects: z.array(
            z.looseObject({ id: string, title: string, required: z.boolean(), completed: z.boolean(), satisfied: z.boolean() }),
          ),
        }),
      ),
    },
    annotations: READ,
    example: { userId: 'u_amara', courseId: 'c_negotiation' },
  }),
  command({
    name: 'learning_question_stats',
    untrusted: ['title', 'questions[].question'],
    prose: ['questions[].topWrongAnswer'],
    title: 'Quiz, exam and test questions people miss (hardest, trip them up)',
    description:
      'Which questions of a test or quiz learners get wrong most often: wrong-answer rate per question, worst first, with the most common wrong answer. Scores of a quiz: performance_quiz.',
    toolset: 'learning',
    command: 'learning/question-stats',
    input: {
      kind: z.enum(['test', 'quiz']).describe('Whether refId is a unit test or a quiz activity.'),
      refId: id('Unit test or quiz activity id, from courses_structure.'),
      groupId,
    },
    output: {
      kind: string,
      refId: string,
      title: string,
      courseId: stringOrNull,
      unitId: stringOrNull,
      topicId: stringOrNull,
      totalMembers: number,
      completedAttempts: number,
      avgElapsedSeconds: numberOrNull,
      avgScorePercent: numberOrNull,
      questions: z.array(
        z.looseObject({
          questionId: string,
          order: number,
          type: string,
          question: string,
          answeredCount: number,
          correctCount: number,
          wrongCount: number,
          wrongRatePercent: numberOrNull,
          topWrongAnswer: stringOrNull,
          topWrongAnswerCount: number,
        }),
      ),
    },
    annotations: READ,
    example: { kind: 'test', refId: 'ts_sec_core' },
  }),
  command({
    name: 'learning_unit_topics',
    untrusted: ['topics[].title', 'projects[].title'],
    title: "A group's progress in one unit, lesson by lesson",
    description:
      'How a group or cohort does in one unit (module), per topic: completion, average quiz scores, time on task, projects. One person: learning_student_units.',
    toolset: 'learning',
    command: 'learning/unit-topics',
    input: { unitId: unitIdField, groupId },
    output: {
      unitId: string,
      courseId: string,
      totalMembers: number,
      topics: z.array(
        z.looseObject({
          id: string,
          title: string,
          orderIndex: number,
          avgScore: numberOrNull,
          minScore: numberOrNull,
          maxScore: numberOrNull,
          completion: number,
          avgTimeSeconds: numberOrNull,
        }),
      ),
      projects: z.array(
        z.looseObject({
          id: string,
          title: string,
          type: string,
          completion: numberOrNull,
          requiredMembers: number,
          totalMembers: number,
        }),
      ),
    },
    annotations: READ,
    example: { unitId: 'un_neg_prepare' },
  }),
  command({
    name: 'learning_project_scenarios',
    untrusted: ['projects[].title', 'projects[].unitTitle'],
    title: 'Role-play results: attempts and scores',
    description:
      "How learners do on a course's role-play and scenario projects (practice simulations, exercises): share started and completed, attempts, average best score; optionally one unit.",
    toolset: 'learning',
    command: 'learning/project-scenarios',
    input: { courseId: courseIdField, unitId: unitIdField.optional(), groupId },
    output: {
      courseId: string,
      totalMembers: number,
      projects: z.array(
        z.looseObject({
          projectId: string,
          title: string,
          type: string,
          unitId: string,
          unitTitle: string,
          startedPercent: number,
          completionPercent: number,
          avgAttempts: numberOrNull,
          avgBestScorePercent: numberOrNull,
          startedCount: number,
          completedCount: number,
        }),
      ),
    },
    annotations: READ,
    example: { courseId: 'c_negotiation' },
  }),
];
