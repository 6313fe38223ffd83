import * as z from 'zod';
import { command, id, jsonObjectText, READ, type ToolDef } from './define.js';

const number = z.number();
const numberOrNull = z.number().nullable();

const quizTool = command({
  name: 'performance_quiz',
  untrusted: ['activity.topicTitle', 'activity.unitTitle', 'attempts[].user.name', 'attempts[].user.email'],
  title: 'Quiz results: who took it, scores, grade distribution',
  description:
    'Results of one quiz: who took it, each attempt and score (grade, time taken, passed), the average mark and score spread in quartiles. Questions most missed: learning_question_stats.',
  toolset: 'performance',
  pages: 'attempts',
  command: 'performance/quiz',
  input: { activityId: id('Quiz activity id, from learning_student_units or courses_structure.') },
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
        score: numberOrNull,
        totalQuestions: numberOrNull,
        percent: numberOrNull,
        elapsedSeconds: number,
        isCompleted: z.boolean(),
        updatedAt: z.string(),
      }),
    ),
    completedAttempts: number,
    avgScore: numberOrNull,
    avgPercent: numberOrNull,
    distribution: z.looseObject({ '0-24': number, '25-49': number, '50-74': number, '75-100': number }),
  },
  annotations: READ,
  example: { activityId: 'tp_phishing_quiz' },
});

const message = z.strictObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
});

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function lastUserText(messages: z.infer<typeof message>[]): string | undefined {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return undefined;
  return last.content;
}

const insightsInput = z
  .strictObject({
    question: z.string().min(1).describe('The question, in plain words.').optional(),
    messages: z.array(message).describe('Earlier turns, oldest first.').optional(),
    sessionId: z.string().min(1).describe('sessionId of an earlier answer, to follow up.').optional(),
    componentId: z.string().min(1).describe('Default: the workspace insights.').optional(),
    groupIds: z.array(z.string().min(1)).describe('Only data of these groups (ids from groups_list).').optional(),
    timezone: z
      .string()
      .refine(validTimeZone, 'timezone must be an IANA zone such as Europe/Berlin')
      .describe('IANA zone for dates.')
      .optional(),
    // Free-form upstream.
    context: jsonObjectText('context', '{"team":"Sales"}').describe('Extra context: a JSON object as a string.').optional(),
    userId: z.string().min(1).describe('Ask as this user.').optional(),
  })
  .refine((i) => i.question !== undefined || (i.messages?.length ?? 0) > 0, {
    message: 'give a question, or messages ending with the user turn',
    path: ['question'],
  });

type InsightsInput = z.infer<typeof insightsInput>;

const insightsTool: ToolDef = {
  name: 'performance_insights_ask',
  untrusted: ['toolCalls[].toolName', 'toolCalls[].input', 'toolCalls[].output', 'toolCalls[].errorText', 'data[].data'],
  prose: ['answer'],
  title: 'Ask the AI analytics assistant (analysis, charts)',
  description:
    "Ask the workspace's AI analytics assistant to analyze or explain learning data (why completion or scores drop or dip, engagement, trends) with charts or graphs. A long answer may come as a job (jobs_get).",
  toolset: 'performance',
  api: 'content',
  method: 'POST',
  path: '/api/v1/performance-insights/stream',
  input: insightsInput,
  output: z.looseObject({
    answer: z.string(),
    sessionId: z.string().nullable(),
    finishReason: z.string().nullable(),
    toolCalls: z.array(
      z.looseObject({
        toolCallId: z.string(),
        toolName: z.string(),
        input: z.unknown().optional(),
        output: z.unknown().optional(),
        errorText: z.string().optional(),
      }),
    ),
    data: z.array(z.looseObject({ type: z.string(), data: z.unknown() })),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  example: { question: 'Who is behind?' },
  takesIdempotencyKey: false,
  mode: 'stream',
  // The assistant may think a while before its first word: the same long wait as the other long operations.
  upstreamWaitMs: () => 5 * 60_000,
  body: (raw) => {
    const input = raw as InsightsInput;
    const messages: z.infer<typeof message>[] = [...(input.messages ?? [])];
    if (input.question !== undefined) messages.push({ role: 'user', content: input.question });
    const text = input.question ?? lastUserText(messages);
    return {
      messages,
      ...(text !== undefined ? { message: { text } } : {}),
      ...(input.sessionId !== undefined ? { sessionId: input.sessionId, id: input.sessionId } : {}),
      ...(input.componentId !== undefined ? { componentId: input.componentId } : {}),
      ...(input.groupIds !== undefined ? { groupIds: input.groupIds } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.context !== undefined ? { context: input.context } : {}),
      ...(input.userId !== undefined ? { userId: input.userId } : {}),
    };
  },
};

export const performanceTools: ToolDef[] = [quizTool, insightsTool];
