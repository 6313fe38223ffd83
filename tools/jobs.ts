import * as z from 'zod';
import type { Annotations } from './define.js';

/**
 * The server's own tools for long operations (src/jobs/ carries them out): a call to a long tool that is
 * still running when the client would give up answers with a running job, followed with these.
 */
export interface JobToolDef {
  name: 'jobs_get' | 'jobs_cancel';
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  annotations: Annotations;
}

export const JOB_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;

const jobId = z.string().min(1).max(100).describe('job.id from a long tool.');

/** What a job says of itself: the handed-off answer of a long tool, and every answer of these tools. */
export const jobShape = z
  .looseObject({
    id: z.string().describe('Pass to jobs_get or jobs_cancel.'),
    tool: z.string().describe('The tool whose call this is.'),
    status: z.enum(JOB_STATUSES),
    startedAt: z.string().describe('ISO 8601 time.'),
    finishedAt: z.string().optional().describe('ISO 8601 time, once the job ended.'),
    progress: z.string().optional().describe('The latest word from the running call.'),
    result: z.record(z.string(), z.unknown()).optional().describe('On success: the result the tool would have returned.'),
    error: z
      .looseObject({ status: z.int().optional(), code: z.string().optional(), message: z.string(), resolution: z.string().optional() })
      .optional()
      .describe('On failure: the error the tool would have returned.'),
  })
  .describe('A long call that goes on in the background.');

const JobAnswer = z.looseObject({ job: jobShape });

export const JOB_TOOLS: readonly JobToolDef[] = [
  {
    name: 'jobs_get',
    title: 'Check on a running or background job (deck, upload): is it ready, finished or done yet?',
    description:
      'Is it ready: status, progress (percent) or result of a call that answered with a job (deck or presentation, upload, long answer), after a brief wait; call again while it runs.',
    input: z.strictObject({ jobId }),
    output: JobAnswer,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'jobs_cancel',
    title: 'Cancel, abort or kill a running job (deck or presentation, upload)',
    description:
      'Cancel or stop a running job (a deck or presentation being generated, an upload or file processing, a long answer); its upstream request ends at once.',
    input: z.strictObject({ jobId }),
    output: JobAnswer,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
];
