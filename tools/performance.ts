import * as z from 'zod';
import { command, id, READ, type ToolDef } from './define.js';

const num = z.number();
const nnum = z.number().nullable();

export const performanceTools: ToolDef[] = [
  command({
    name: 'performance_quiz',
    title: 'Quiz score distribution',
    description: 'Every attempt at one quiz activity with scores, plus average score and the score distribution in quartile buckets.',
    toolset: 'performance',
    command: 'performance/quiz',
    input: { activityId: id('Quiz activity id.') },
    output: {
      activity: z.looseObject({
        id: z.string(),
        topicId: z.string(),
        topicTitle: z.string(),
        unitId: z.string(),
        unitTitle: z.string(),
        courseId: z.string(),
      }),
      attempts: z.array(
        z.looseObject({
          user: z.looseObject({ id: z.string(), name: z.string(), email: z.string() }),
          score: nnum,
          totalQuestions: nnum,
          percent: nnum,
          elapsedSeconds: num,
          isCompleted: z.boolean(),
          updatedAt: z.string(),
        }),
      ),
      completedAttempts: num,
      avgScore: nnum,
      avgPercent: nnum,
      distribution: z.looseObject({ '0-24': num, '25-49': num, '50-74': num, '75-100': num }),
    },
    annotations: READ,
  }),
];
