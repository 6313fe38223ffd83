import type { CallToolResult } from '@modelcontextprotocol/server';
import { errorResult, invalidInput } from '../call/errors.js';
import type { JobToolDef } from '../../tools/jobs.js';
import { jobResult, jobSeenInLockdown, noSuchJob, storeUnavailable } from '../jobs/answers.js';
import { StoreUnavailable } from '../jobs/record.js';
import type { JobRunner } from '../jobs/runner.js';
import { fieldIssues } from './arguments.js';

/**
 * jobs_get and jobs_cancel: a caller's own jobs only; another caller's job is "no such job". In lockdown,
 * a result made outside it is withheld.
 */
export async function runJobTool(
  def: JobToolDef,
  args: unknown,
  jobs: JobRunner,
  owner: string,
  lockdown: boolean,
): Promise<CallToolResult> {
  const input = def.input.safeParse(args);
  if (!input.success) return errorResult(invalidInput(def.name, fieldIssues(input.error, Object.keys(def.input.shape))));
  const { jobId } = input.data as { jobId: string };
  try {
    const job = def.name === 'jobs_cancel' ? await jobs.cancel(jobId, owner) : await jobs.follow(jobId, owner);
    return job ? jobResult(jobSeenInLockdown(job, lockdown)) : noSuchJob(jobId, jobs.opts.keepMs);
  } catch (err) {
    if (err instanceof StoreUnavailable)
      return storeUnavailable(err, def.name === 'jobs_cancel' ? 'The job was not cancelled' : 'The job goes on regardless');
    throw err;
  }
}
