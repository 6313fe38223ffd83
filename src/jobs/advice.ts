import type { CallToolResult } from '@modelcontextprotocol/server';
import { errorResult, ToolError, type ErrorCode } from '../call/errors.js';
import type { Doubt, JobError, JobOutcome, JobRecord } from './record.js';

export type { ErrorCode };

// What a caller is told when a job ended without its result (its replica died or was stopped), and when
// an identical call follows such a job: the words that keep a write from being made twice.

/** What the tool table says of calling a tool again. */
export interface RepeatFacts {
  /** A read, or a write whose repeat changes nothing more. */
  safe: boolean;
  /** The tool that lists what this one makes, where there is one. */
  findWith?: string | undefined;
}

/** A failed end: the error, and the error result the tool call would have returned. */
export function failedOutcome(error: ToolError): JobOutcome & { error: JobError; result: CallToolResult } {
  return { status: 'failed', error: error.data(), result: errorResult(error) };
}

const ago = (iso: string) => `${Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000))} s ago`;

/** The advice of a write that may have been carried out upstream though nobody learned its result. */
function mayBeDone(tool: string, facts: RepeatFacts): string {
  const look = facts.findWith
    ? `Look with ${facts.findWith} whether it was made.`
    : `No tool can list what ${tool} makes, so whether it was made cannot be checked here.`;
  return `The workspace may have carried it out. ${look} An identical call to ${tool} now asks the person first (where the client cannot ask, it is answered once with this warning, and runs when called again).`;
}

/** Why a job ended without its result, and whether calling its tool again is safe. */
export function lostMessage(job: JobRecord, why: Doubt['why'], facts: RepeatFacts): string {
  const head =
    why === 'lost'
      ? `The server replica running this job (${job.replica}) stopped before the job ended; its result is lost (started ${ago(job.startedAt)}).`
      : `The server replica running this job (${job.replica}) was shut down before the job ended; its upstream request was stopped (started ${ago(job.startedAt)}).`;
  return `${head} ${facts.safe ? `Calling ${job.tool} again is safe.` : mayBeDone(job.tool, facts)}`;
}

/** The question put to the person before an identical call follows a write that may have been carried out. */
export function doubtQuestion(doubt: Doubt, facts: RepeatFacts): string {
  const check = facts.findWith ? ` You can look with ${facts.findWith} first.` : ' The workspace offers no way to list them.';
  return `An identical ${doubt.tool} call started ${ago(doubt.startedAt)} was ${doubt.why === 'lost' ? 'lost with its server replica' : 'interrupted when its server replica stopped'} before its result came back, so the workspace may already have carried it out.${check} Run it again anyway?`;
}

/** The one answer given instead of a repeat, where the person cannot be asked: the next identical call runs. */
export function doubtRefusal(doubt: Doubt, facts: RepeatFacts): CallToolResult {
  const what = `An identical call (job ${doubt.jobId}, started ${ago(doubt.startedAt)} on server replica ${doubt.replica}) was ${doubt.why === 'lost' ? 'lost with its replica' : 'interrupted by a server stop'} before its result came back; the workspace may already have carried it out. Nothing was sent this time.`;
  const look = facts.findWith ? `Look with ${facts.findWith} whether it was made, and` : `No tool can list what ${doubt.tool} makes, so`;
  return errorResult(
    new ToolError(what, {
      code: 'MAY_BE_DONE',
      resolution: `${look} ask the person whether to make it again; calling ${doubt.tool} again with the same arguments then runs it.`,
    }),
  );
}
