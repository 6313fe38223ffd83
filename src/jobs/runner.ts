import { createHash, randomBytes } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ProgressKind } from '../call/context.js';
import { errorResult, ToolError } from '../call/errors.js';
import { log } from '../telemetry/log.js';
import { failedOutcome, lostMessage, type RepeatFacts } from './advice.js';
import { TooManyJobs, type Doubt, type JobError, type JobOutcome, type JobRecord, type JobStore } from './record.js';

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
  /** Whether calling a tool again is safe, and what finds what it makes: the advice of a lost job. */
  facts: (tool: string) => Promise<RepeatFacts>;
}

/** How often a running job's progress is written to the store at most. */
const PROGRESS_WRITE_MS = 1_000;
/** An end the store did not take is tried again after this, doubling up to END_RETRY_MAX_MS. */
const END_RETRY_MS = 250;
const END_RETRY_MAX_MS = 2_000;
/** A job the store does not have may be one a replica is writing back after the store lost its data. */
const WRITE_BACK_WAIT_MS = 3_000;
/** What a stop gives the store to take the ends of the jobs it interrupts. */
const STOP_STORE_MS = 1_000;

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
  /** Its end, kept here until the store has it, so jobs_get on this replica can answer meanwhile. */
  ended?: JobRecord | undefined;
}

/** A job id: 128 random bits. */
export const newJobId = (): string => randomBytes(16).toString('hex');

/** Caller, tool and arguments, as one hash: identical calls share it whatever the order of their fields. */
export function jobKey(owner: string, tool: string, args: Record<string, unknown>): string {
  return createHash('sha256')
    .update(`${owner}\n${tool}\n${canonical(args)}`)
    .digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const delay = (ms: number) => new Promise<'handoff'>((resolve) => setTimeout(() => resolve('handoff'), ms).unref());
const statusOf = (outcome: Outcome): JobRecord['status'] =>
  !outcome.error ? 'succeeded' : outcome.error.code === 'CANCELLED' ? 'cancelled' : 'failed';

/**
 * Runs long calls as jobs: one run per identical call, answered with the result when it comes in time,
 * else with the running job, which goes on and is followed with jobs_get. One runner per process.
 *
 * A job's end is never dropped: when the store cannot take it, the runner keeps it, answers jobs_get from
 * it, and tries again until the store has it. On a stop, the jobs still running are ended as interrupted.
 */
export class JobRunner {
  private readonly local = new Map<string, LocalJob>();
  /** The local job of each key, while it runs or its end waits for the store. */
  private readonly byKey = new Map<string, string>();
  private stopping = false;

  constructor(
    readonly store: JobStore,
    readonly opts: JobsOptions,
  ) {
    // Cancelled by any replica: the request this process runs for it ends at once.
    store.onCancel((id) => {
      const local = this.local.get(id);
      if (local) this.stopLocal(local, new Error('cancelled'));
    });
    store.hold(() => [...this.local.values()].filter((j) => !j.ended).map((j) => j.record));
  }

  /** Jobs this replica runs or still has to store the end of. */
  get busy(): number {
    return this.local.size;
  }

  /** Takes away the doubt an identical call met, once the agent was told of it: the next identical call runs. */
  async clearDoubt(call: Pick<Attach, 'owner' | 'tool' | 'args'>): Promise<void> {
    await this.store.clearDoubt(jobKey(call.owner, call.tool, call.args));
  }

  /**
   * The call's result if it ends within the hand-off time; otherwise its job, still running. A write of
   * which an identical one was lost or interrupted gives that doubt instead, unless `overDoubt`.
   */
  async run(
    call: Attach,
    work: Work,
    handOffMs = this.opts.handOffMs,
    overDoubt = false,
  ): Promise<{ result: CallToolResult } | { job: JobRecord } | { doubt: Doubt }> {
    const key = jobKey(call.owner, call.tool, call.args);
    for (;;) {
      // An identical call on this replica joins the job here, whatever the store's state.
      const here = this.byKey.get(key);
      const mine = here === undefined ? undefined : this.local.get(here);
      if (mine) return this.attach(mine, call, handOffMs);
      const fresh: JobRecord = {
        id: newJobId(),
        tool: call.tool,
        owner: call.owner,
        key,
        status: 'running',
        startedAt: new Date().toISOString(),
        handedOff: false,
        replica: this.opts.replica,
      };
      const claim = await this.store.claim(key, fresh, call.signal, overDoubt);
      if ('doubt' in claim) return claim;
      if ('full' in claim) throw new TooManyJobs(claim.full);
      const { record, joined } = claim;
      if (!joined) return this.attach(this.start(record, work), call, handOffMs);
      // Joined a job another replica runs: wait for its end there, as for one of ours.
      const ended = await this.waitElsewhere(record, handOffMs - (Date.now() - Date.parse(record.startedAt)), call.signal);
      // A claim that timed out and never ran, ended by its replica: this call starts it afresh.
      if (ended?.error?.code === 'JOB_NOT_STARTED') continue;
      if (ended && ended.status !== 'running' && ended.result) return { result: ended.result };
      await this.store.update(record.id, { handedOff: true });
      return { job: { ...(ended ?? record), handedOff: true } };
    }
  }

  private async waitElsewhere(record: JobRecord, ms: number, signal: AbortSignal): Promise<JobRecord | undefined> {
    let onAbort: () => void = () => undefined;
    const aborted = new Promise<undefined>((resolve) => {
      onAbort = () => resolve(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return (await Promise.race([this.store.waitForEnd(record.id, ms), aborted])) ?? record;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** A caller's job as this replica knows it: its own copy first (the store may not have the end yet). */
  async get(id: string, owner: string): Promise<JobRecord | undefined> {
    const here = this.local.get(id);
    const job = here ? (here.ended ?? { ...here.record }) : await this.store.get(id);
    return job?.owner === owner ? job : undefined;
  }

  /** Cancels a job on whichever replica runs it; undefined when there is no such job for this caller. */
  async cancel(id: string, owner: string): Promise<JobRecord | undefined> {
    const here = this.local.get(id);
    if (here?.ended) return here.record.owner === owner ? here.ended : undefined;
    const job = here ? here.record : await this.store.get(id);
    if (!job || job.owner !== owner) return undefined;
    if (here) this.stopLocal(here, new Error('cancelled'));
    return (await this.store.cancel(id)) ?? (here && { ...here.record, status: 'cancelled', finishedAt: new Date().toISOString() });
  }

  /**
   * A caller's job, after waiting up to the poll time for it to end. A running job whose replica is gone
   * is ended here as lost, saying whether calling again is safe.
   */
  async follow(id: string, owner: string): Promise<JobRecord | undefined> {
    const here = this.local.get(id);
    if (here) {
      if (here.record.owner !== owner) return undefined;
      if (!here.ended) await Promise.race([here.done, delay(this.opts.pollMs)]);
      return here.ended ?? { ...here.record };
    }
    let gone = false;
    const waited = async (ms: number) =>
      this.store.waitForEnd(id, ms, async (running) => {
        if (running.owner !== owner) return 'stop';
        gone = (await this.store.liveness(running)) === 'gone';
        return gone ? 'stop' : 'wait';
      });
    let job = await waited(this.opts.pollMs);
    // The store may have come back empty a moment ago: the replica running it writes it back within seconds.
    if (!job) job = await delay(WRITE_BACK_WAIT_MS).then(() => waited(this.opts.pollMs));
    if (!job || job.owner !== owner) return undefined;
    if (!gone) return job;
    const facts = await this.opts.facts(job.tool);
    const message = lostMessage(job, 'lost', facts);
    const ended = await this.store.judgeLost(job, { ...failedOutcome(new ToolError(message, { code: 'JOB_LOST' })), lost: true });
    if (!facts.safe) await this.store.setDoubt(job.key, doubtOf(job, 'lost'));
    return ended;
  }

  private start(record: JobRecord, work: Work): LocalJob {
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
    this.byKey.set(record.key, record.id);
    local.done = work({ signal: local.abort.signal, progress: (message, kind) => this.progress(local, message, kind) })
      .catch((err: unknown): Outcome => failedOutcome(ToolError.of(err, record.tool)))
      .then((outcome): Outcome => {
        clearTimeout(local.pendingWrite);
        // Interrupted by a stop: the stop chose the end, and stores it.
        if (local.ended) return { result: local.ended.result ?? outcome.result, error: local.ended.error };
        void this.keepEnd(local, { status: statusOf(outcome), result: outcome.result, error: outcome.error });
        return outcome;
      });
    return local;
  }

  /** Stops a job's work; an identical call from now on starts afresh rather than join it. */
  private stopLocal(local: LocalJob, reason: unknown): void {
    if (this.byKey.get(local.record.key) === local.record.id) this.byKey.delete(local.record.key);
    local.abort.abort(reason);
  }

  /** Keeps a job's end here and stores it, trying again until the store takes it. */
  private keepEnd(local: LocalJob, outcome: JobOutcome): Promise<void> {
    local.ended = {
      ...local.record,
      ...outcome,
      handedOff: local.handedOff || local.record.handedOff,
      finishedAt: new Date().toISOString(),
      progress: undefined,
    };
    if (this.byKey.get(local.record.key) === local.record.id) this.byKey.delete(local.record.key);
    const store = async (attempt: number): Promise<void> => {
      try {
        const stored = await this.store.finish({ ...local.record, handedOff: local.ended!.handedOff }, outcome);
        // Cancelled meanwhile by another replica: the store's end stands.
        if (stored && stored.status !== local.ended!.status) local.ended = stored;
        this.local.delete(local.record.id);
        if (attempt > 0) log('info', 'job end stored', { job: local.record.id, attempts: attempt + 1 });
      } catch (err) {
        if (attempt === 0)
          log('warn', 'job end not stored yet; kept here and tried again until the store takes it', {
            job: local.record.id,
            error: String(err),
          });
        if (this.stopping) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(END_RETRY_MS * 2 ** attempt, END_RETRY_MAX_MS)));
        return store(attempt + 1);
      }
    };
    return store(0);
  }

  private async attach(local: LocalJob, call: Attach, handOffMs: number): Promise<{ result: CallToolResult } | { job: JobRecord }> {
    if (local.ended) return { result: (await local.done).result };
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
      if (local.waiting.size > 0 || local.handedOff)
        return { result: errorResult(new ToolError('Cancelled by the client.', { code: 'CANCELLED' })) };
      // Ended now, not when the work notices: an identical call right after must start afresh, not join it.
      this.stopLocal(local, call.signal.reason);
      await this.store.cancel(local.record.id).catch(() => undefined);
      return { result: (await local.done).result };
    }
    if (first !== 'handoff') return { result: first.result };
    local.handedOff = true;
    local.record.handedOff = true;
    await this.store.update(local.record.id, { handedOff: true }).catch(() => undefined);
    return { job: { ...local.record } };
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

  /**
   * A stop: the jobs still running are ended as interrupted (their upstream requests end), with whether
   * calling again is safe; the store gets what it can take within a second. Returns once that is done.
   */
  async interrupt(): Promise<void> {
    this.stopping = true;
    const ends: Promise<void>[] = [];
    const running = [...this.local.values()].filter((local) => !local.ended);
    for (const local of this.local.values()) if (local.ended) ends.push(this.storeOnce(local, local.ended));
    const facts = await Promise.all(running.map((local) => this.opts.facts(local.record.tool)));
    running.forEach((local, i) => {
      const fact = facts[i]!;
      const outcome = failedOutcome(new ToolError(lostMessage(local.record, 'interrupted', fact), { code: 'JOB_INTERRUPTED' }));
      // The end is chosen before the work is stopped, so the requests waiting on it are given this one.
      local.ended = { ...local.record, ...outcome, finishedAt: new Date().toISOString() };
      local.abort.abort(new Error('the server is stopping'));
      ends.push(
        (async () => {
          await this.storeOnce(local, outcome);
          if (!fact.safe) await this.store.setDoubt(local.record.key, doubtOf(local.record, 'interrupted')).catch(() => undefined);
        })(),
      );
    });
    await Promise.race([Promise.allSettled(ends), delay(STOP_STORE_MS)]);
  }

  private async storeOnce(local: LocalJob, outcome: JobOutcome): Promise<void> {
    await this.store
      .finish(local.record, { status: outcome.status, result: outcome.result, error: outcome.error })
      .catch((err: unknown) => log('warn', 'job end not stored at stop', { job: local.record.id, error: String(err) }));
  }

  async close(): Promise<void> {
    if (!this.stopping) await this.interrupt();
    await this.store.close();
  }
}

function doubtOf(job: JobRecord, why: Doubt['why']): Doubt {
  return { jobId: job.id, tool: job.tool, startedAt: job.startedAt, endedAt: new Date().toISOString(), replica: job.replica, why };
}
