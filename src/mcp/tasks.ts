import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { errorResult, ToolError } from '../call/errors.js';
import { StoreUnavailable, type JobRecord } from '../jobs/record.js';
import { jobSeenInLockdown } from '../jobs/answers.js';
import type { JobRunner } from '../jobs/runner.js';
import { requestContext } from './request-context.js';

// The MCP task protocol, served from the job store: a client that speaks it gets the job as a task, and
// never needs the job tools. Two shapes of it: revision 2025-11-25 (tasks/get, tasks/result, tasks/list,
// tasks/cancel; the client asks for a task in its tools/call) and the tasks extension of revision
// 2026-07-28 (io.modelcontextprotocol/tasks: the client declares the extension, the server decides which
// calls become tasks, and tasks/get carries the result). The SDK types these methods out of its typed
// surface, so they are registered as methods of their own with their parameters' schemas.

/** The capability a server with jobs declares: tasks for tools/call, listed and cancellable. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** How often a client is told to poll tasks/get. */
const POLL_INTERVAL_MS = 2_000;
/** How long tasks/result waits in one round for a task to end before it looks again. */
const RESULT_WAIT_MS = 20_000;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

const STATUS = { running: 'working', succeeded: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;

/** The tasks extension of revision 2026-07-28, as a server declares it and a client asks for it. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const envelopeOf = (ctx: ServerContext) => ctx.mcpReq.envelope as Record<string, unknown> | undefined;
/** A 2026-07-28 request carries its revision in its own envelope; a 2025-11-25 one does not. */
const modern = (ctx: ServerContext) => envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY] !== undefined;

/** Whether this request's client declared the 2026-07-28 tasks extension. */
export function declaresTasks(ctx: ServerContext): boolean {
  const declared = envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  return modern(ctx) && declared?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/**
 * A 2026-07-28 request to a task method from a client that did not declare the tasks extension is refused
 * with -32021 (missing capability); a 2025-11-25 client has the tasks capability of its revision instead.
 */
function declared(ctx: ServerContext): void {
  if (!modern(ctx) || declaresTasks(ctx)) return;
  throw new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `The tasks methods are for clients that declare the ${TASKS_EXTENSION} extension in their clientCapabilities.`,
  );
}

/** The fields every 2026-07-28 task carries. */
function taskBase(job: JobRecord, keepMs: number) {
  return {
    taskId: job.id,
    createdAt: job.startedAt,
    lastUpdatedAt: job.finishedAt ?? new Date().toISOString(),
    ttlMs: keepMs,
    pollIntervalMs: POLL_INTERVAL_MS,
    ...(job.progress && job.status === 'running' ? { statusMessage: job.progress } : {}),
  };
}

/** The answer to a 2026-07-28 tools/call that became a task. */
export function createdTask(job: JobRecord, keepMs: number): Record<string, unknown> {
  return { resultType: 'task', status: 'working', ...taskBase(job, keepMs) };
}

/**
 * A job as 2026-07-28 tasks/get reports it. A tool that failed still completed its call: its result is
 * the tool's own error result (isError), as tools/call would have answered; `failed` is left for a job
 * that ended without any result (its replica died).
 */
export function detailedTask(job: JobRecord, keepMs: number): Record<string, unknown> {
  const base = taskBase(job, keepMs);
  if (job.status === 'running') return { status: 'working', ...base };
  if (job.status === 'cancelled') return { status: 'cancelled', ...base };
  if (job.result) return { status: 'completed', ...base, result: { ...job.result, resultType: 'complete' } };
  return { status: 'failed', ...base, error: { code: -32603, message: job.error?.message ?? 'The task ended without a result.' } };
}

/** A job as the task protocol names it. */
export function taskOf(job: JobRecord, keepMs: number): Record<string, unknown> {
  return {
    taskId: job.id,
    status: STATUS[job.status],
    createdAt: job.startedAt,
    lastUpdatedAt: job.finishedAt ?? new Date().toISOString(),
    ttl: keepMs,
    pollInterval: POLL_INTERVAL_MS,
    ...(job.progress && job.status === 'running' ? { statusMessage: job.progress } : {}),
    ...(job.error ? { statusMessage: job.error.message } : {}),
  };
}

const taskId = z.looseObject({ taskId: z.string().min(1).max(100) });

/**
 * Registers the task methods on a server whose long calls run as jobs. `lockedDown` says whether a request
 * is in lockdown: a result made outside it is withheld from one that is.
 */
export function serveTasks(server: Server, jobs: JobRunner, lockedDown: (ctx: ServerContext) => boolean): void {
  const keep = jobs.opts.keepMs;
  // An id this caller has no task under is a bad parameter (-32602), as the 2026-07-28 tasks extension says.
  const unknown = (id: string) =>
    new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `No task ${/^[0-9a-f]{32}$/.test(id) ? id : 'with that id'} for this caller: tasks come from tools/call answers of this server.`,
    );
  const owner = (ctx: ServerContext) => requestContext(ctx).caller.hash;
  // A store that does not answer: the client is told what failed, that the task goes on, and when to ask again.
  const reachable = <T>(read: Promise<T>): Promise<T> =>
    read.catch((err: unknown) => {
      if (err instanceof StoreUnavailable)
        throw new ProtocolError(ProtocolErrorCode.InternalError, `${err.message}; the task is not affected. Ask again in about 5 s.`);
      throw err;
    });
  const own = async (id: string, ctx: ServerContext): Promise<JobRecord> => {
    // The runner's own copy first: a job's end waits here while the store cannot take it.
    const job = await reachable(jobs.get(id, owner(ctx)));
    if (!job) throw unknown(id);
    return job;
  };
  server.setRequestHandler('tasks/get', { params: taskId }, async ({ taskId: id }, ctx) => {
    declared(ctx);
    const job = await own(id, ctx);
    return modern(ctx) ? detailedTask(jobSeenInLockdown(job, lockedDown(ctx)), keep) : taskOf(job, keep);
  });
  server.setRequestHandler('tasks/cancel', { params: taskId }, async ({ taskId: id }, ctx) => {
    declared(ctx);
    const job = await jobs.cancel(id, owner(ctx));
    if (!job) throw unknown(id);
    // 2026-07-28 acknowledges the cancel; tasks/get then reports it.
    return modern(ctx) ? {} : taskOf(job, keep);
  });
  // These tasks never wait for input, so a declaring client's update names a task with none to take.
  server.setRequestHandler('tasks/update', { params: taskId }, async ({ taskId: id }, ctx) => {
    declared(ctx);
    await own(id, ctx);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${id} is not waiting for input: its tools ask nothing while they run.`);
  });
  server.setRequestHandler('tasks/list', { params: z.looseObject({ cursor: z.string().optional() }) }, async (_params, ctx) => ({
    tasks: (await reachable(jobs.store.list(owner(ctx)))).map((job) => taskOf(job, keep)),
  }));
  // The result blocks until the task ends, as the protocol asks, round after round.
  server.setRequestHandler('tasks/result', { params: taskId }, ({ taskId: id }, ctx) => result(id, ctx));
  const result = async (id: string, ctx: ServerContext): Promise<CallToolResult> => {
    let job = await own(id, ctx);
    while (job.status === 'running' && !ctx.mcpReq.signal.aborted)
      job = ((await jobs.store.waitForEnd(id, RESULT_WAIT_MS)) && (await jobs.get(id, job.owner))) ?? job;
    job = jobSeenInLockdown(job, lockedDown(ctx));
    const related = { _meta: { [RELATED_TASK]: { taskId: id } } };
    if (job.status === 'cancelled')
      return { ...errorResult(new ToolError(`Task ${id} was cancelled.`, { code: 'CANCELLED' })), ...related };
    return {
      ...(job.result ??
        errorResult(job.error ? ToolError.from(job.error) : new ToolError('The task ended without a result.', { code: 'JOB_LOST' }))),
      ...related,
    };
  };
}
