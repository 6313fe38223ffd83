import { createHash, randomBytes } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ProgressKind } from '../call/context.js';
import { log } from '../telemetry/log.js';
import type { JobError, JobRecord, JobStore } from './record.js';

/** What a job's work returns: the MCP result, and for a failure the error it stands for. */
export interface Outcome {
  result: CallToolResult;
  error?: JobError | undefined;
}

/** The work of one call, given the job's own cancellation and a place to report progress. */
export type Work = (ctx: { signal: AbortSignal; progress: (message: string, kind: ProgressKind) => void }) => Promise<Outcome>;

/** One MCP request waiting on a job. */
export interface Attach {
  tool: string;
  owner: string;
  args: Record<string, unknown>;
  /** The request's own cancellation: before the hand-off it ends the job, unless another request waits on it too. */
  signal: AbortSignal;
  /** Progress for the request, until it is answered. */
  progress?: ((message: string, kind: ProgressKind) => void) | undefined;
}

export interface JobsOptions {
  /** A call still running after this long is answered with its running job (0: never). */
  handOffMs: number;
  /** The longest jobs_get waits for a job to end before it answers with its progress. */
  pollMs: number;
  /** This process's name among replicas. */
  replica: string;
  /** How long a finished job that was handed off is kept. */
  keepMs: number;
}

/** How often a running job's progress is written to the store at most. */
const PROGRESS_WRITE_MS = 1_000;

interface LocalJob {
  record: JobRecord;
  abort: AbortController;
  done: Promise<Outcome>;
  /** Requests still waiting on it, each with its progress. */
  waiting: Set<Attach>;
  handedOff: boolean;
  received: number;
  lastWrite: number;
  pendingWrite: NodeJS.Timeout | undefined;
}

/** A job id: 128 random bits. */
export const newJobId = (): string => randomBytes(16).toString('hex');

/** Caller, tool and arguments, as one hash: identical calls share it whatever the order of their fields. */
export function jobKey(owner: string, tool: string, args: Record<string, unknown>): string {
  return createHash('sha256').update(`${owner}\n${tool}\n${canonical(args)}`).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const delay = (ms: number) => new Promise<'handoff'>((resolve) => setTimeout(() => resolve('handoff'), ms).unref());

/**
 * Runs long calls as jobs: one run per identical call, answered with the result when it comes in time,
 * else with the running job, which goes on and is followed with jobs_get. One runner per process.
 */
export class JobRunner {
  private readonly local = new Map<string, LocalJob>();

  constructor(
    readonly store: JobStore,
    readonly opts: JobsOptions,
  ) {
    // Cancelled by any replica: the request this process runs for it ends at once.
    store.onCancel((id) => this.local.get(id)?.abort.abort(new Error('cancelled')));
  }

  /** The call's result if it ends within the hand-off time; otherwise its job, still running. */
  async run(call: Attach, work: Work, handOffMs = this.opts.handOffMs): Promise<{ result: CallToolResult } | { job: JobRecord }> {
    const key = jobKey(call.owner, call.tool, call.args);
    const now = new Date().toISOString();
    const fresh: JobRecord = { id: newJobId(), tool: call.tool, owner: call.owner, key, status: 'running', startedAt: now, handedOff: false, replica: this.opts.replica };
    const { record, joined } = await this.store.claim(key, fresh);
    if (!joined) this.start(record, work);
    const local = this.local.get(record.id);
    if (local) return this.attach(local, call, handOffMs);
    // Joined a job another replica runs: wait for its end there, as for one of ours.
    const ended = await this.store.waitForEnd(record.id, handOffMs - (Date.now() - Date.parse(record.startedAt)));
    if (ended && ended.status !== 'running' && ended.result) return { result: ended.result };
    await this.store.update(record.id, { handedOff: true });
    return { job: { ...(ended ?? record), handedOff: true } };
  }

  /** Cancels a job on whichever replica runs it; undefined when there is no such job for this caller. */
  async cancel(id: string, owner: string): Promise<JobRecord | undefined> {
    const job = await this.store.get(id);
    if (!job || job.owner !== owner) return undefined;
    this.local.get(id)?.abort.abort(new Error('cancelled'));
    return this.store.cancel(id);
  }

  /**
   * A caller's job, after waiting up to the poll time for it to end. A running job whose replica stopped
   * is ended here as failed, saying whether calling again is safe.
   */
  async follow(id: string, owner: string, retryNote: (tool: string) => Promise<string>): Promise<JobRecord | undefined> {
    let lost = false;
    const job = await this.store.waitForEnd(id, this.opts.pollMs, async (running) => {
      if (running.owner !== owner) return 'stop';
      lost = running.replica !== this.opts.replica && !(await this.store.replicaAlive(running.replica));
      return lost ? 'stop' : 'wait';
    });
    if (!job || job.owner !== owner) return undefined;
    if (!lost) return job;
    const message = `The server replica running this job (${job.replica}) stopped before it ended; its result is lost. ${await retryNote(job.tool)}`;
    const error: JobError = { code: 'JOB_LOST', message };
    const result: CallToolResult = { isError: true, content: [{ type: 'text', text: `Error JOB_LOST: ${message}` }] };
    return this.store.finish(id, { status: 'failed', error, result });
  }

  private start(record: JobRecord, work: Work): void {
    const local: LocalJob = {
      record,
      abort: new AbortController(),
      done: Promise.resolve(undefined as never),
      waiting: new Set(),
      handedOff: false,
      received: 0,
      lastWrite: 0,
      pendingWrite: undefined,
    };
    this.local.set(record.id, local);
    local.done = work({ signal: local.abort.signal, progress: (message, kind) => this.progress(local, message, kind) })
      .catch((err: unknown): Outcome => {
        const message = `Unexpected failure in ${record.tool}: ${(err as Error)?.message ?? String(err)}`;
        return { error: { code: 'INTERNAL_ERROR', message }, result: { isError: true, content: [{ type: 'text', text: `Error INTERNAL_ERROR: ${message}` }] } };
      })
      .then(async (outcome) => {
        clearTimeout(local.pendingWrite);
        const status = !outcome.error ? 'succeeded' : outcome.error.code === 'CANCELLED' ? 'cancelled' : 'failed';
        await this.store.finish(record.id, { status, result: outcome.result, error: outcome.error }).catch((err: unknown) => log('warn', 'job end not stored', { error: String(err) }));
        this.local.delete(record.id);
        return outcome;
      });
  }

  private async attach(local: LocalJob, call: Attach, handOffMs: number): Promise<{ result: CallToolResult } | { job: JobRecord }> {
    local.waiting.add(call);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      if (call.signal.aborted) onAbort();
      else call.signal.addEventListener('abort', onAbort, { once: true });
    });
    const spent = Date.now() - Date.parse(local.record.startedAt);
    const first = handOffMs <= 0 ? 'handoff' : await Promise.race([local.done, delay(Math.max(0, handOffMs - spent)), aborted]);
    local.waiting.delete(call);
    call.signal.removeEventListener('abort', onAbort!);
    if (first === 'aborted') {
      // The last request waiting on a job nobody was given cancels it, as a plain call's cancel would;
      // the SDK sends no answer to a cancelled request, so what is returned here goes nowhere.
      if (local.waiting.size > 0 || local.handedOff) return { result: { isError: true, content: [{ type: 'text', text: 'Cancelled by the client.' }] } };
      local.abort.abort(call.signal.reason);
      // Ended now, not when the work notices: an identical call right after must start afresh, not join it.
      await this.store.cancel(local.record.id);
      return { result: (await local.done).result };
    }
    if (first !== 'handoff') return { result: first.result };
    local.handedOff = true;
    await this.store.update(local.record.id, { handedOff: true });
    return { job: (await this.store.get(local.record.id)) ?? { ...local.record, handedOff: true } };
  }

  /** Passes progress to the requests still waiting, and keeps the latest status line for jobs_get. */
  private progress(local: LocalJob, message: string, kind: ProgressKind): void {
    for (const call of local.waiting) call.progress?.(message, kind);
    if (kind === 'text') local.received += message.length;
    local.record.progress = kind === 'text' ? `${local.received} characters of the answer so far` : message;
    const wait = local.lastWrite + PROGRESS_WRITE_MS - Date.now();
    if (local.pendingWrite) return;
    const write = () => {
      local.pendingWrite = undefined;
      local.lastWrite = Date.now();
      this.store.update(local.record.id, { progress: local.record.progress }).catch(() => undefined);
    };
    if (wait <= 0) write();
    else local.pendingWrite = setTimeout(write, wait).unref();
  }

  async close(): Promise<void> {
    for (const job of this.local.values()) job.abort.abort(new Error('the server is stopping'));
    await this.store.close();
  }
}
