import type { CallToolResult } from '@modelcontextprotocol/server';
import { errorResult, ToolError } from '../call/errors.js';
import { LOCKDOWN_META, UNTRUSTED_META } from '../text/meta-keys.js';
import type { JobRecord, StoreUnavailable, TooManyJobs } from './record.js';

// What an agent is told of a job: the handed-off answer of a long tool, and the answers of jobs_get and jobs_cancel.

/** The `job` object of structured content: the record without what only the stores need. */
export function jobView(job: JobRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { id: job.id, tool: job.tool, status: job.status, startedAt: job.startedAt };
  if (job.finishedAt) view['finishedAt'] = job.finishedAt;
  if (job.progress && job.status === 'running') view['progress'] = job.progress;
  if (job.status === 'succeeded' && job.result?.structuredContent) view['result'] = job.result.structuredContent;
  if (job.error) view['error'] = job.error;
  return view;
}

const seconds = (job: JobRecord) => Math.max(0, Math.round((Date.now() - Date.parse(job.startedAt)) / 1000));

/** A long tool's answer when its call outlives the hand-off time: not an error, the work goes on. */
export function handOffResult(job: JobRecord): CallToolResult {
  const text = [
    `${job.tool} is still running as job ${job.id} (started ${seconds(job)} s ago); the work goes on in the background.${job.progress ? ` Latest: ${job.progress}.` : ''}`,
    `Call jobs_get with jobId "${job.id}" to wait for its result. Do not call ${job.tool} again for this: an identical call joins this job while it runs, and a new call after it ends starts another.`,
  ].join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { job: jobView(job) } };
}

/** jobs_get and jobs_cancel: the job, and in words what to do next. A failed job is an error result carrying the tool's own error. */
export function jobResult(job: JobRecord): CallToolResult {
  const structuredContent = { job: jobView(job) };
  switch (job.status) {
    case 'running':
      return {
        content: [
          {
            type: 'text',
            text: `Job ${job.id} (${job.tool}) is still running after ${seconds(job)} s${job.progress ? `: ${job.progress}` : ''}. Call jobs_get again to keep waiting.`,
          },
        ],
        structuredContent,
      };
    case 'succeeded':
      return {
        content: [
          ...(job.result?.content ?? []),
          { type: 'text', text: `Job ${job.id} (${job.tool}) succeeded; the above is its result.` },
        ],
        structuredContent,
      };
    case 'failed':
      return {
        ...(job.result ??
          errorResult(job.error ? ToolError.from(job.error) : new ToolError('The job ended without a result.', { code: 'JOB_LOST' }))),
        structuredContent,
      };
    case 'cancelled':
      return {
        content: [
          {
            type: 'text',
            text: `Job ${job.id} (${job.tool}) was cancelled; its upstream request was ended, and nothing more will happen.`,
          },
        ],
        structuredContent,
      };
  }
}

/** The answer for a job id this caller has none of: never another caller's job, its result or arguments. */
export function noSuchJob(id: string, keepMs: number): CallToolResult {
  const shown = /^[0-9a-f]{32}$/.test(id) ? id : 'with that id';
  return errorResult(
    new ToolError(
      `No job ${shown} for this caller. Job ids come from the answer of a long tool, and a finished job is kept for ${Math.round(keepMs / 60_000)} min.`,
      { code: 'NO_SUCH_JOB' },
    ),
  );
}

/**
 * A step on the job store failed (Redis down, stalled or failing over): what was and was not done, and
 * when to try again. `what` says what the failure left as it was.
 */
export function storeUnavailable(err: StoreUnavailable, what: string): CallToolResult {
  const started = err.step === 'claim' ? 'Nothing was started and nothing was sent to the workspace.' : `${what}.`;
  const error = new ToolError(`${err.message}. ${started}`, {
    code: 'STORE_UNAVAILABLE',
    resolution: err.misconfigured
      ? "A retry does not fix this: the server's operator must fix the store's settings (the message says what). Tools that do not start jobs still work."
      : 'Retry the same call in about 5 s; repeated failures mean the store is down, which the server operator must fix.',
  });
  return errorResult(error);
}

/**
 * A long call refused by the job bounds: the caller has as many jobs running as it may (or the store is
 * full). Nothing was started; what to do is to follow the jobs it has, and call again once one ended.
 */
export function tooManyJobs(err: TooManyJobs, tool: string): CallToolResult {
  const { full } = err;
  if (full.why === 'caller')
    return errorResult(
      new ToolError(
        `${tool} was not started: this caller has ${full.running} jobs running, and may have at most ${full.bound} running at once (the server's --max-jobs-per-caller). Nothing was sent to the workspace.`,
        {
          code: 'TOO_MANY_JOBS',
          resolution: `Call jobs_get with the jobId of a running job to wait for it (or jobs_cancel one no longer needed), then call ${tool} again once one has ended.`,
        },
      ),
    );
  return errorResult(
    new ToolError(
      `${tool} was not started: this server holds as many jobs as it keeps (${full.bound}), and makes room only from a caller's own finished ones. Nothing was sent to the workspace.`,
      {
        code: 'TOO_MANY_JOBS',
        resolution: `Call jobs_get for the jobs you started to collect their results, then call ${tool} again in a few minutes; if it persists, the server's operator must look at its load.`,
      },
    ),
  );
}

/** A job's result, to be kept: marked when it was made in lockdown (see seenInLockdown). */
export function madeIn(result: CallToolResult, lockdown: boolean | undefined): CallToolResult {
  return lockdown ? { ...result, _meta: { ...result._meta, [LOCKDOWN_META]: true } } : result;
}

/**
 * A job's result as a request sees it: in lockdown, one made outside it that carries fields people wrote,
 * or that is an error (which may carry part of an answer), is withheld whole, since which of its text is
 * prose is no longer known. Results made in lockdown, and everything outside lockdown, are as they are.
 */
export function seenInLockdown(result: CallToolResult, lockdown: boolean, tool: string): CallToolResult {
  if (!lockdown || result._meta?.[LOCKDOWN_META] === true) return result;
  if (!result.isError && result._meta?.[UNTRUSTED_META] === undefined) return result;
  return errorResult(
    new ToolError(`This ${tool} result was made outside lockdown and may carry prose people wrote; in lockdown it is not shown.`, {
      code: 'WITHHELD',
      resolution: `Call ${tool} again in lockdown: its result then comes with that prose withheld.`,
    }),
  );
}

/** The job as a request in lockdown or not sees it (seenInLockdown). */
export function jobSeenInLockdown(job: JobRecord, lockdown: boolean): JobRecord {
  const result = job.result && seenInLockdown(job.result, lockdown, job.tool);
  return result === job.result ? job : { ...job, result };
}
