import type { CallToolResult } from '@modelcontextprotocol/server';
import { redact } from '../telemetry/log.js';
import { cleanDeep, oneLine, workspaceWords } from '../text/clean.js';
import { fence } from '../text/fence.js';

/** What one code means, what to do about it unless the error says better, and whether calling again as is may work. */
export interface CodeInfo {
  meaning: string;
  resolution: string;
  /** The same call made again later may succeed (a write's message says whether it may have been applied). */
  retry: boolean;
}

/**
 * Every code an error result carries. The upstream's own codes (its `error.code`, an undocumented set)
 * are not codes here: they travel beside ours as `upstreamCode`.
 */
export const ERROR_CODES = {
  INVALID_INPUT: {
    meaning: "The arguments do not fit the tool's input schema; nothing was sent.",
    resolution: 'Correct the fields named below and call again.',
    retry: false,
  },
  UPSTREAM_INVALID: {
    meaning: 'The workspace refused the request as invalid (HTTP 400 or 422).',
    resolution: 'Correct what the message and the field errors name, then call again.',
    retry: false,
  },
  UNAUTHORIZED: {
    meaning: "The workspace did not accept this server's credential (HTTP 401).",
    resolution: 'Calling again will not help: the person running the server must set a valid credential (see Check).',
    retry: false,
  },
  FORBIDDEN: {
    meaning: 'The credential is valid but may not do this (HTTP 403).',
    resolution: 'Use a tool this credential may call, or ask a workspace admin for the permission (see Check).',
    retry: false,
  },
  NOT_FOUND: {
    meaning: 'The workspace has no such item, or no such operation (HTTP 404).',
    resolution: "Check the id with the tool its field's description names as the source.",
    retry: false,
  },
  CONFLICT: {
    meaning: "The request conflicts with the workspace's state, or an idempotency key was reused for other input (HTTP 409).",
    resolution: 'Read the current state first; a different write needs a new idempotencyKey.',
    retry: false,
  },
  RATE_LIMITED: {
    meaning: "Too many calls: the workspace's limit or this server's per-caller limit.",
    resolution: 'Wait a minute, then call again.',
    retry: true,
  },
  UPSTREAM_FAILED: {
    meaning: 'The workspace failed to carry the request out (an error on its side).',
    resolution: 'Try again later.',
    retry: true,
  },
  BAD_UPSTREAM_RESPONSE: {
    meaning: 'The workspace answered with something other than the documented answer.',
    resolution: 'Check that the base URL points at the workspace itself, not a proxy or login page; if it does, report it.',
    retry: false,
  },
  UPSTREAM_ANSWER_TOO_LARGE: {
    meaning: 'The answer is larger than this server reads.',
    resolution: 'Ask for less: a smaller limit, a filter, or the next page.',
    retry: false,
  },
  UPSTREAM_TIMEOUT: { meaning: 'The workspace did not answer in time.', resolution: 'Try again later.', retry: true },
  UPSTREAM_UNREACHABLE: {
    meaning: 'The workspace could not be reached.',
    resolution: 'Check the base URL and that the service is up.',
    retry: true,
  },
  UPSTREAM_CONNECTION_DROPPED: {
    meaning: 'The connection to the workspace dropped before its answer was complete.',
    resolution: 'Try again.',
    retry: true,
  },
  UPSTREAM_ERROR: {
    meaning: 'The request to the workspace failed on the way.',
    resolution: 'Try again; if it persists, check the network between this server and the workspace.',
    retry: true,
  },
  NOT_CONFIGURED: {
    meaning: 'This server has no credential for the API this tool reaches.',
    resolution: 'The person running the server must configure it (see Check).',
    retry: false,
  },
  STREAM_IDLE_TIMEOUT: {
    meaning: 'The answer stream went silent and was ended.',
    resolution: 'Ask again; the part received is below.',
    retry: true,
  },
  STREAM_ERROR: {
    meaning: 'The assistant reported an error while answering.',
    resolution: 'Ask again, perhaps in other words.',
    retry: true,
  },
  STREAM_INCOMPLETE: { meaning: 'The answer stream ended before the answer was finished.', resolution: 'Ask again.', retry: true },
  CANCELLED: { meaning: 'The call was cancelled before it ended.', resolution: 'Call again if it is still wanted.', retry: true },
  CONFIRMATION_UNAVAILABLE: {
    meaning: 'This server asks the person before a deletion, and this client cannot ask: nothing was changed.',
    resolution: "Use a client that supports elicitation, or have the server's operator change WORKSPACE_CONFIRM_DESTRUCTIVE.",
    retry: false,
  },
  CONFIRMATION_MISMATCH: {
    meaning: 'The confirmation was given for other arguments: nothing was changed.',
    resolution: 'Call again to ask the person about these arguments.',
    retry: true,
  },
  JOB_LOST: {
    meaning: 'The server process running the job stopped before it ended; its result is lost.',
    resolution: 'Check whether it was carried out before calling the tool again (the message says when calling again is safe).',
    retry: false,
  },
  JOB_INTERRUPTED: {
    meaning: 'The job was stopped before it ended (the server shut down or restarted).',
    resolution: 'Check whether it was carried out before calling the tool again (the message says when calling again is safe).',
    retry: false,
  },
  STORE_UNAVAILABLE: {
    meaning: "The server's job or limit store could not be reached.",
    resolution:
      "Try again shortly; if it persists, the server's operator must check the store (the WORKSPACE_REDIS_* settings; docs/redis.md).",
    retry: true,
  },
  READ_ONLY: {
    meaning: 'This server or sign-in serves only the tools that change nothing; a write was asked for, and nothing was sent.',
    resolution: 'Leave the writes out, or use a server or sign-in that may write.',
    retry: false,
  },
  JOB_NOT_STARTED: {
    meaning: 'The job never started: the call that made it could not reach the job store and was answered with an error; nothing was sent.',
    resolution: 'Call the tool again.',
    retry: true,
  },
  MAY_BE_DONE: {
    meaning:
      'An identical write was lost or interrupted before its result came back, so the workspace may have carried it out; nothing was sent this time.',
    resolution: 'Ask the person whether to make it again; the next identical call runs it.',
    retry: true,
  },
  TOO_MANY_JOBS: {
    meaning: 'This caller has as many background jobs running as the server allows (or its job store is full); nothing was started.',
    resolution: 'Follow the running jobs with jobs_get (or cancel one with jobs_cancel), then call again once one has ended.',
    retry: true,
  },
  NO_SUCH_JOB: {
    meaning: 'This caller has no job with that id (or it ended long enough ago to be forgotten).',
    resolution: 'Job ids come from the answer of a long tool; a finished job is kept for a limited time.',
    retry: false,
  },
  WITHHELD: {
    meaning:
      'In lockdown, the result of a job made outside lockdown is not shown: it may carry prose people wrote, which lockdown withholds.',
    resolution: 'Call the tool again in lockdown: its result then comes with that prose withheld.',
    retry: false,
  },
  CODE_FAILED: {
    meaning:
      "The code given to code_run did not return an answer: it threw, broke one of the sandbox's limits, or returned what is not JSON.",
    resolution: 'Fix the code as the message says (aggregate more, make fewer calls, compute less) and run it again.',
    retry: false,
  },
  RESULT_TOO_LARGE: {
    meaning: 'The answer is larger than this server answers with (WORKSPACE_RESULT_MAX_CHARS), even served in parts: it was not sent.',
    resolution: 'Ask for less: fewer fields, a smaller limit, or a narrower tool.',
    retry: false,
  },
  INTERNAL_ERROR: { meaning: 'A fault in this server.', resolution: 'Report it with the time of the call.', retry: false },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code for an error status the upstream answered with. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'UPSTREAM_INVALID';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'UPSTREAM_FAILED';
}

/** An error as data: kept with a failed job, and carried in the `_meta` of its result. */
export interface ErrorData {
  code: ErrorCode;
  message: string;
  /** The HTTP status the upstream answered with. */
  status?: number | undefined;
  /** The upstream's own code for it, when it gave one. */
  upstreamCode?: string | undefined;
  /**
   * The server's own advice, exactly the text's "Resolution:" line (the code's default when the error
   * names none); never the workspace's words. Optional only in what the store kept before it was always set.
   */
  resolution?: string | undefined;
  /** What the workspace itself suggested, cleaned and on one line: shown quoted, as its words. */
  upstreamResolution?: string | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
}

/** `_meta` key of an error result: its ErrorData and whether calling again may work. */
export const ERROR_META = 'learning-workspace/error';

type ErrorOptions = Omit<ErrorData, 'code' | 'message'> & {
  code: ErrorCode;
  /** Which credential or setting to check (401, 403, an API not configured). */
  hint?: string | undefined;
  /** Text received before the failure (streams). */
  partial?: string | undefined;
};

/**
 * A failure the agent can act on. Everything that goes wrong in a call (the tool's, a job's, a task's,
 * a confirmation's, the input's) is one of these, and `errorResult` alone turns it into a result.
 */
export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly upstreamCode: string | undefined;
  readonly resolution: string | undefined;
  readonly upstreamResolution: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly hint: string | undefined;
  readonly partial: string | undefined;

  constructor(message: string, opts: ErrorOptions) {
    super(message);
    this.name = 'ToolError';
    this.code = opts.code;
    this.status = opts.status;
    this.upstreamCode = opts.upstreamCode;
    this.resolution = opts.resolution;
    this.upstreamResolution = opts.upstreamResolution;
    this.fieldErrors = opts.fieldErrors;
    this.hint = opts.hint;
    this.partial = opts.partial;
  }

  /**
   * The one resolution shown for this error, in the text's "Resolution:" line and in `_meta` alike: its
   * own, else its code's default, on one line and without a configured secret.
   */
  shownResolution(): string {
    return redact(oneLine(this.resolution ?? ERROR_CODES[this.code].resolution));
  }

  /** The error as data, as kept with a job and read back by `from`: never a configured secret. */
  data(): ErrorData & { resolution: string } {
    const { code, message, status, upstreamCode, upstreamResolution, fieldErrors } = this;
    const data = { code, message, status, upstreamCode, resolution: this.shownResolution(), upstreamResolution, fieldErrors };
    // Cleaned like every text of a result: the message may quote the workspace.
    return cleanDeep(JSON.parse(redact(JSON.stringify(data))) as ErrorData & { resolution: string });
  }

  static from(data: ErrorData): ToolError {
    return new ToolError(data.message, data);
  }

  /** Any failure: a ToolError as it is, anything else as the server's own fault. */
  static of(err: unknown, where: string): ToolError {
    if (err instanceof ToolError) return err;
    return new ToolError(`Unexpected failure in ${where}: ${(err as Error | null)?.message ?? String(err)}`, { code: 'INTERNAL_ERROR' });
  }
}

/** The arguments of a tool that its input schema refuses, field by field. */
export function invalidInput(tool: string, fieldErrors: Record<string, string[]>): ToolError {
  return new ToolError(`The arguments do not fit ${tool}'s input schema; nothing was sent.`, { code: 'INVALID_INPUT', fieldErrors });
}

/**
 * The one way an error becomes a result: `isError`, one text block an agent reads (code, status, message,
 * resolution, fields, what to check, a partial answer) and the same as data in `_meta`. Never a
 * configured secret.
 */
export function errorResult(error: ToolError): CallToolResult {
  const data = error.data();
  return {
    isError: true,
    content: [{ type: 'text', text: redact(errorText(error)) }],
    _meta: { [ERROR_META]: { ...data, retry: ERROR_CODES[error.code].retry } },
  };
}

function errorText(err: ToolError): string {
  const upstream = [
    err.status === undefined ? undefined : `HTTP ${err.status}`,
    err.upstreamCode === err.code ? undefined : err.upstreamCode,
  ]
    .filter(Boolean)
    .join(' ');
  // Every line but the partial answer's is one line of its own: nothing in a message or a field error
  // can start a line, so the one line starting "Resolution:" is the server's.
  const lines = [`Error ${err.code}${upstream ? ` (${oneLine(upstream)})` : ''}: ${oneLine(err.message)}`];
  lines.push(`Resolution: ${err.shownResolution()}`);
  if (err.upstreamResolution) lines.push(`The workspace suggests (its words, not the server's): ${workspaceWords(err.upstreamResolution)}`);
  if (err.fieldErrors && Object.keys(err.fieldErrors).length > 0) {
    lines.push('Field errors:');
    // The workspace's (an error it answered with a status) are its words, quoted.
    const theirs = err.status !== undefined;
    for (const [field, messages] of Object.entries(err.fieldErrors)) {
      for (const m of messages) lines.push(`- ${oneLine(field)}: ${theirs ? JSON.stringify(oneLine(m)) : oneLine(m)}`);
    }
  }
  if (err.hint) lines.push(`Check: ${err.hint}`);
  if (err.partial) lines.push('', ...fence(excerpt(err.partial), 'the part of the answer received before the failure'));
  return lines.join('\n');
}

/** How much of a partial answer an error repeats: its start, and how long it was. */
const EXCERPT_CHARS = 4_000;

function excerpt(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}… (${text.length} characters in all)`;
}
