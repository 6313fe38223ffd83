import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ErrorData } from '../call/errors.js';
import type { JobsFull } from './caller-jobs.js';

// What a job is, wherever it is kept: in this process's memory, or in Redis shared by replicas.

export type JobStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The actionable error a failed job ends with: the same the tool would have returned. */
export type JobError = ErrorData;

export interface JobRecord {
  /** 128 random bits, hex; unguessable. */
  id: string;
  tool: string;
  /** The caller that started it (hash of its credential or subject; "stdio" for the local process). */
  owner: string;
  /** Hash of caller, tool and arguments: an identical call joins the running job of this key. */
  key: string;
  status: JobStatus;
  startedAt: string;
  finishedAt?: string | undefined;
  /** The latest status line of the running call. */
  progress?: string | undefined;
  /** The job's id was given to the client: it is kept for the whole retention time. */
  handedOff: boolean;
  /** The replica running it, so another can tell a job whose replica died. */
  replica: string;
  /** Ended by another replica's judgment (its replica was gone), not by its own: a late end from its replica replaces it. */
  lost?: boolean | undefined;
  /** On success, and on failure: the MCP result the tool call would have returned. */
  result?: CallToolResult | undefined;
  error?: JobError | undefined;
}

/** A job that ended, as a store keeps it. */
export type JobOutcome = Pick<JobRecord, 'status' | 'result' | 'error'> & { lost?: boolean | undefined };

/**
 * A write that may have been carried out though nobody learned its result (its job was lost or
 * interrupted): an identical call is not sent again blindly.
 */
export interface Doubt {
  jobId: string;
  tool: string;
  startedAt: string;
  endedAt: string;
  replica: string;
  why: 'lost' | 'interrupted';
}

/**
 * What a claim comes to: the job to run or join, the doubt that stops an identical write, or a refusal
 * because the caller has as many jobs running as it may (or the store is full): nothing was started.
 */
export type Claim = { record: JobRecord; joined: boolean } | { doubt: Doubt } | { full: JobsFull };

/** Thrown when a new job is refused by the bounds (JobsFull): nothing was started or sent. */
export class TooManyJobs extends Error {
  constructor(readonly full: JobsFull) {
    super(
      full.why === 'caller' ? `${full.running} jobs running of at most ${full.bound} per caller` : `the job store holds ${full.bound} jobs`,
    );
    this.name = 'TooManyJobs';
  }
}

/** Thrown by a store that cannot answer now (down, stalled, failing over); says whether anything was started. */
export class StoreUnavailable extends Error {
  constructor(
    readonly step: 'claim' | 'read' | 'write',
    cause: unknown,
    /** Refused by the store's configuration (a password, a permission, a certificate): no retry fixes it. */
    readonly misconfigured = false,
  ) {
    super(`The job store (Redis) that this server's replicas share cannot be used now: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = 'StoreUnavailable';
  }
}

/** A running job's replica, as a store can tell: gone (its presence lapsed on a steady store), there, or not known yet. */
export type Liveness = 'alive' | 'gone' | 'unsure';

/**
 * Where jobs are kept. Running jobs are found by their key (tool, arguments, caller) so an identical call
 * joins them; every job by its id. Only the replica running a job writes its progress and its end, but
 * any replica may cancel it, and end it as lost once its replica is gone.
 */
/**
 * Readings of long lists, kept a few minutes so that the parts of one list come from one reading (in the
 * shared store when replicas run, so a next part served by another replica adds up). A reading is the
 * JSON text of the list's answer; it may be gone at any time (expired, evicted, the store down).
 */
export interface ReadingStore {
  getReading(key: string): Promise<string | undefined>;
  putReading(key: string, json: string, keepMs: number): Promise<void>;
}

export interface JobStore extends ReadingStore {
  /**
   * Starts `record` under `key`, or gives the running job of that key (`joined`), or the doubt a lost or
   * interrupted write of that key left (unless `overDoubt`: the person said to go on; the doubt goes).
   * Waits, within `signal`, while the store has just come back empty, so the replicas running jobs can
   * write them back first.
   */
  claim(key: string, record: JobRecord, signal?: AbortSignal, overDoubt?: boolean): Promise<Claim>;
  get(id: string): Promise<JobRecord | undefined>;
  /** Progress and the hand-off of a running job. */
  update(id: string, patch: Partial<Pick<JobRecord, 'progress' | 'handedOff'>>): Promise<void>;
  /**
   * Ends a job: a running one, one ended as lost, or one the store no longer has (it lost its data);
   * a cancelled one keeps its end. Returns the record as it ends up.
   */
  finish(job: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined>;
  /** Ends a running job as lost, by another replica's judgment: its own replica may still replace the end. */
  judgeLost(job: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined>;
  /**
   * Resolves with the record once it is no longer running, or after `ms` with it as it then is. `first`
   * sees the record as first read, and may end the wait there ('stop').
   */
  waitForEnd(id: string, ms: number, first?: (job: JobRecord) => Promise<'wait' | 'stop'>): Promise<JobRecord | undefined>;
  /** Ends a running job as cancelled, wherever it runs; the replica running it is told to stop. */
  cancel(id: string): Promise<JobRecord | undefined>;
  /** Called with a job's id when some replica cancelled it. */
  onCancel(listener: (id: string) => void): void;
  /** The jobs of one caller, newest first. */
  list(owner: string): Promise<JobRecord[]>;
  /** Whether a job's replica is gone; 'unsure' until the store has answered steadily for long enough to tell. */
  liveness(job: JobRecord): Promise<Liveness>;
  /**
   * The jobs this replica holds (running, or ended but not yet stored): the store keeps their records
   * written while they run, writing back any it lost.
   */
  hold(jobs: () => Iterable<JobRecord>): void;
  /** Takes away the doubt left on this key. */
  clearDoubt(key: string): Promise<void>;
  setDoubt(key: string, doubt: Doubt): Promise<void>;
  /** Whether the store answers now. */
  /** For /readyz: never reached yet, answering, failing (or refusing writes), or refused by its configuration; and why. */
  state(): StoreReport;
  close(): Promise<void>;
}

/** How long stores keep what. */
export interface Retention {
  /** A finished job that was handed off (default 1 h). */
  keepMs: number;
  /** A finished job nobody was given the id of: only long enough for joined calls elsewhere to read it. */
  quickKeepMs: number;
}

/** The state of a shared store for /readyz: never reached yet, answering, failing, or refused by its configuration. */
export type StoreState = 'connecting' | 'ready' | 'degraded' | 'misconfigured';

/** A store's state, and the cause in words when it is not ready. */
export interface StoreReport {
  state: StoreState;
  reason?: string;
}
