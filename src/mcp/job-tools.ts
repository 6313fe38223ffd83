import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JobToolDef } from '../../tools/jobs.js';
import { jobResult, noSuchJob } from '../jobs/answers.js';
import type { JobRunner } from '../jobs/runner.js';
import { fieldIssues } from './arguments.js';
import type { Catalogue } from './catalogue.js';

/** jobs_get and jobs_cancel: a caller's own jobs only; another caller's job is "no such job". */
export async function runJobTool(def: JobToolDef, args: unknown, jobs: JobRunner, catalogue: Catalogue, owner: string): Promise<CallToolResult> {
  const input = def.input.safeParse(args);
  if (!input.success) {
    const fields = fieldIssues(input.error, Object.keys(def.input.shape));
    const lines = Object.entries(fields).flatMap(([field, messages]) => messages.map((m) => `- ${field}: ${m}`));
    return { isError: true, content: [{ type: 'text', text: [`Error INVALID_INPUT: the arguments do not fit ${def.name}'s input schema.`, 'Field errors:', ...lines].join('\n') }] };
  }
  const { jobId } = input.data as { jobId: string };
  const job = def.name === 'jobs_cancel' ? await jobs.cancel(jobId, owner) : await jobs.follow(jobId, owner, (tool) => retryNote(catalogue, tool));
  return job ? jobResult(job) : noSuchJob(jobId, jobs.opts.keepMs);
}

/** What a job lost with its replica means for calling its tool again. */
async function retryNote(catalogue: Catalogue, tool: string): Promise<string> {
  const def = await catalogue.definition(tool);
  if (!def || def.annotations.readOnlyHint || def.annotations.idempotentHint) return `Calling ${tool} again is safe.`;
  return `It may have been carried out upstream: check before calling ${tool} again, or a second one may be made.`;
}
