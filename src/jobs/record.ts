import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ErrorData } from '../call/errors.js';

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
  /** On success, and on failure: the MCP result the tool call would have returned. */
  result?: CallToolResult | undefined;
  error?: JobError | undefined;
}

/** A job that ended, as a store keeps it. */
export type JobOutcome = Pick<JobRecord, 'status' | 'result' | 'error'>;

/**
 * Where jobs are kept. Running jobs are found by their key (tool, arguments, caller) so an identical call
 * joins them; every job by its id. Only the replica running a job writes its progress and its end, but
 * any replica may cancel it.
 */
export interface JobStore {
  /** Starts `record` under `key`, or gives the running job of that key (`joined`). */
  claim(key: string, record: JobRecord): Promise<{ record: JobRecord; joined: boolean }>;
  get(id: string): Promise<JobRecord | undefined>;
  /** Progress and the hand-off of a running job. */
  update(id: string, patch: Partial<Pick<JobRecord, 'progress' | 'handedOff'>>): Promise<void>;
  /**
   * Ends a running job and frees its key; a job already ended (cancelled meanwhile) keeps its end.
   * Returns the record as it ends up.
   */
  finish(id: string, outcome: JobOutcome): Promise<JobRecord | undefined>;
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
  /** False once a replica stopped renewing its presence (it died). */
  replicaAlive(replica: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How long stores keep what. */
export interface Retention {
  /** A finished job that was handed off (default 1 h). */
  keepMs: number;
  /** A finished job nobody was given the id of: only long enough for joined calls elsewhere to read it. */
  quickKeepMs: number;
}
