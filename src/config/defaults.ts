// Every setting's default, once: parsing (parse.ts), --help and docs/configuration.md's table (options.ts), and the
// code that also runs without a parsed configuration (tests, scripts) read them here. A leaf module.

export const DEFAULTS = {
  /** One upstream attempt. */
  timeoutMs: 30_000,
  /** A whole call, retries included: the TypeScript SDK client and the Inspector give up at 60 s. */
  deadlineMs: 45_000,
  maxRetries: 2,
  retryBaseMs: 250,
  /** 1 MiB of text. */
  maxAnswerChars: 1_048_576,
  streamIdleMs: 60_000,
  /** Inside the 15 s clients allow between progress notifications. */
  keepAliveMs: 10_000,
  /**
   * About 10,000 tokens of JSON: a result is sent as text and again as structuredContent, and clients cut
   * a tool result near 25,000 tokens (Claude Code's MAX_MCP_OUTPUT_TOKENS), so both copies fit.
   */
  resultMaxChars: 40_000,
  /**
   * A list asked without a limit is read whole up to this many rows (the workspace's own default is
   * unstated): the largest sandbox's learners, about 23 MB of answer.
   */
  listMaxRows: 100_000,
  /** Under the 60 s clients wait. */
  jobAfterMs: 40_000,
  jobKeepMs: 3_600_000,
  /** Background jobs one caller may have running at once. */
  maxJobsPerCaller: 20,
  port: 8787,
  host: '127.0.0.1',
  maxSessions: 1000,
  maxSessionsPerCaller: 100,
  sessionIdleMs: 1_800_000,
  maxInFlight: 16,
  /** Requests in flight one caller may have at once, every session and revision together. */
  maxInFlightPerCaller: 64,
  drainMs: 10_000,
  workers: 1,
  oauthScopes: ['workspace:read', 'workspace:write'],
  /** RFC 9068's access-token types. */
  oauthTokenTypes: ['at+jwt', 'application/at+jwt'],
} as const;

/** Not a setting, but stated in --help: the first "still waiting" progress goes out this soon, then every keepAliveMs of silence. */
export const FIRST_KEEPALIVE_MS = 5_000;
