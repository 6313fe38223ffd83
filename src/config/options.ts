import { CODE_LIMITS } from './code-limits.js';
import pkg from '../../package.json' with { type: 'json' };
import { TOOLSET_TABLE } from '../../tools/toolsets.js';
import { DEFAULTS, FIRST_KEEPALIVE_MS } from './defaults.js';

/**
 * Every setting, once: parsing, `--help` and the configuration table of docs/configuration.md are made
 * from this table (the docs table by `npm run docs`, checked by a test).
 */
export interface OptionRow {
  /** Command-line flag without the dashes; none for settings read from the environment only. */
  flag?: string;
  short?: string;
  /** Environment variable read when the flag is not given. */
  env?: string;
  /** Name of the value in --help; none for a switch. */
  value?: string;
  group: 'Upstream' | 'Tools' | 'Serving' | 'OAuth' | 'Other';
  help: string;
  /** A credential or a value that may hold one: marked secret where hosts store settings (keychains, the MCP Registry). */
  secret?: true;
}

export const OPTIONS: readonly OptionRow[] = [
  {
    flag: 'base-url',
    env: 'WORKSPACE_BASE_URL',
    value: 'URL',
    group: 'Upstream',
    help: 'base URL of both APIs (http or https), without /api/v1: the tools add it',
  },
  {
    flag: 'connector-url',
    env: 'WORKSPACE_CONNECTOR_URL',
    value: 'URL',
    group: 'Upstream',
    help: 'Connector API base URL, overriding the base',
  },
  { flag: 'content-url', env: 'WORKSPACE_CONTENT_URL', value: 'URL', group: 'Upstream', help: 'Content API base URL, overriding the base' },
  {
    flag: 'connector-token',
    env: 'WORKSPACE_CONNECTOR_TOKEN',
    value: 'TOKEN',
    group: 'Upstream',
    help: 'Connector secret or child token; without it the Connector tools are not offered',
    secret: true,
  },
  {
    flag: 'api-key',
    env: 'WORKSPACE_API_KEY',
    value: 'KEY',
    group: 'Upstream',
    help: 'Content API key; without it the Content tools are not offered',
    secret: true,
  },
  { flag: 'user-id', env: 'WORKSPACE_USER_ID', value: 'ID', group: 'Upstream', help: 'acting user for the Content API (x-user-id)' },
  {
    flag: 'allow-insecure-http',
    env: 'WORKSPACE_ALLOW_INSECURE_HTTP',
    group: 'Upstream',
    help: 'accept a plain http base URL off loopback, where the credentials travel unencrypted (env: 1 or true; for a private network you trust)',
  },
  {
    flag: 'timeout-ms',
    env: 'WORKSPACE_TIMEOUT_MS',
    value: 'MS',
    group: 'Upstream',
    help: `how long one upstream attempt may take (default ${DEFAULTS.timeoutMs})`,
  },
  {
    flag: 'deadline-ms',
    env: 'WORKSPACE_DEADLINE_MS',
    value: 'MS',
    group: 'Upstream',
    help: `how long one tool call may take in all, retries included (default ${DEFAULTS.deadlineMs}, under the 60 s most MCP clients wait)`,
  },
  {
    flag: 'max-retries',
    env: 'WORKSPACE_MAX_RETRIES',
    value: 'N',
    group: 'Upstream',
    help: `retries after a connection error, timeout, cut answer, 429, 502, 503 or 504 (default ${DEFAULTS.maxRetries})`,
  },
  {
    flag: 'retry-base-ms',
    env: 'WORKSPACE_RETRY_BASE_MS',
    value: 'MS',
    group: 'Upstream',
    help: `first retry pause before jitter (default ${DEFAULTS.retryBaseMs})`,
  },
  {
    flag: 'max-answer-chars',
    env: 'WORKSPACE_MAX_ANSWER_CHARS',
    value: 'N',
    group: 'Upstream',
    help: `longest answer of the insights stream kept; past it the stream is closed and the answer marked as cut short (default ${DEFAULTS.maxAnswerChars})`,
  },
  {
    flag: 'stream-idle-ms',
    env: 'WORKSPACE_STREAM_IDLE_MS',
    value: 'MS',
    group: 'Upstream',
    help: `longest silence inside the insights stream before it is ended (default ${DEFAULTS.streamIdleMs})`,
  },
  {
    flag: 'keepalive-ms',
    env: 'WORKSPACE_KEEPALIVE_MS',
    value: 'MS',
    group: 'Upstream',
    help: `interval of "still waiting" progress while a call with a progress token waits (default ${DEFAULTS.keepAliveMs}; the first after ${FIRST_KEEPALIVE_MS / 1000} s)`,
  },
  {
    flag: 'toolsets',
    env: 'WORKSPACE_TOOLSETS',
    value: 'A,B',
    group: 'Tools',
    help: 'offer only these toolsets (see Toolsets); default: what is offered without the flag; all: every tool, code_run included',
  },
  {
    flag: 'tools',
    env: 'WORKSPACE_TOOLS',
    value: 'T1,T2',
    group: 'Tools',
    help: "offer only these tools (with --toolsets: these and the toolsets' tools), for clients that limit how many tools they take",
  },
  { flag: 'exclude-tools', env: 'WORKSPACE_EXCLUDE_TOOLS', value: 'T1,T2', group: 'Tools', help: 'never offer these tools' },
  {
    flag: 'result-max-chars',
    env: 'WORKSPACE_RESULT_MAX_CHARS',
    value: 'N',
    group: 'Tools',
    help: `longest text, and longest structured content, of any tool result: a longer list is served in parts, with an offset for the next part (default ${DEFAULTS.resultMaxChars}, about 10,000 tokens)`,
  },
  {
    flag: 'list-max-rows',
    env: 'WORKSPACE_LIST_MAX_ROWS',
    value: 'N',
    group: 'Tools',
    help: `rows a list asked without a limit is read with, then served in parts; an answer with exactly as many says the list may go on (default ${DEFAULTS.listMaxRows})`,
  },
  {
    flag: 'job-after-ms',
    env: 'WORKSPACE_JOB_AFTER_MS',
    value: 'MS',
    group: 'Tools',
    help: `a long call (deck, upload, AI-written material, assistant answer) still running after this answers with a running job, followed with jobs_get (default ${DEFAULTS.jobAfterMs}, under the 60 s clients wait; 0: never, for clients that wait)`,
  },
  {
    flag: 'job-keep-ms',
    env: 'WORKSPACE_JOB_KEEP_MS',
    value: 'MS',
    group: 'Tools',
    help: `how long a finished job's result is kept for jobs_get (default ${DEFAULTS.jobKeepMs})`,
  },
  {
    flag: 'max-jobs-per-caller',
    env: 'WORKSPACE_MAX_JOBS_PER_CALLER',
    value: 'N',
    group: 'Tools',
    help: `background jobs one caller (access token, credentials or signed-in user) may have running at once; past it a long call is refused, naming jobs_get (default ${DEFAULTS.maxJobsPerCaller}; shared by replicas through WORKSPACE_REDIS_URL)`,
  },
  {
    env: 'WORKSPACE_REDIS_URL',
    group: 'Tools',
    secret: true,
    help: 'redis:// or rediss:// URL of a standalone Redis holding the job store shared by replicas, so any replica follows, joins or cancels any job; at most one of this, WORKSPACE_REDIS_CLUSTER_NODES and WORKSPACE_REDIS_SENTINELS (environment only; default: jobs live in this process; docs/redis.md)',
  },
  {
    env: 'WORKSPACE_REDIS_CLUSTER_NODES',
    group: 'Tools',
    help: "host:port[,host:port…] of a Redis Cluster's startup nodes (a managed service's configuration endpoint is one) holding the job store (environment only)",
  },
  {
    env: 'WORKSPACE_REDIS_SENTINELS',
    group: 'Tools',
    help: "host:port[,host:port…] of the sentinels watching the job store's Redis; writes follow the master they name (environment only)",
  },
  { env: 'WORKSPACE_REDIS_SENTINEL_MASTER', group: 'Tools', help: 'name of the master the sentinels monitor (environment only)' },
  {
    env: 'WORKSPACE_REDIS_SENTINEL_PASSWORD',
    group: 'Tools',
    secret: true,
    help: 'password the sentinels ask for, when they ask for one (environment only)',
  },
  {
    env: 'WORKSPACE_REDIS_USERNAME',
    group: 'Tools',
    help: 'ACL user of the Cluster or Sentinel-watched Redis (environment only; a standalone one takes it in its URL)',
  },
  {
    env: 'WORKSPACE_REDIS_PASSWORD',
    group: 'Tools',
    secret: true,
    help: 'password of the Cluster or Sentinel-watched Redis (environment only; a standalone one takes it in its URL)',
  },
  {
    env: 'WORKSPACE_REDIS_TLS',
    group: 'Tools',
    help: 'TLS to the Cluster or Sentinel-watched Redis: 1 or 0 (environment only; a standalone one: rediss://)',
  },
  {
    env: 'WORKSPACE_REDIS_CA_FILE',
    group: 'Tools',
    help: "PEM file of the CA that signed the Redis servers' certificates, trusted besides the system's (environment only)",
  },
  {
    env: 'WORKSPACE_REDIS_CERT_FILE',
    group: 'Tools',
    help: 'PEM client certificate for mutual TLS with Redis, with WORKSPACE_REDIS_KEY_FILE (environment only)',
  },
  { env: 'WORKSPACE_REDIS_KEY_FILE', group: 'Tools', help: 'PEM key of that client certificate (environment only)' },
  {
    flag: 'confirm-destructive',
    env: 'WORKSPACE_CONFIRM_DESTRUCTIVE',
    value: 'MODE',
    group: 'Tools',
    help: 'ask the person before a tool that deletes for good (those marked destructive): auto (default: when the client can ask), always (refuse when it cannot), never',
  },
  {
    env: 'WORKSPACE_STATE_SECRET',
    group: 'Tools',
    secret: true,
    help: 'at least 32 bytes sealing the confirmation questions, the same on every replica (environment only; default: a key of this process)',
  },
  { flag: 'read-only', env: 'WORKSPACE_READ_ONLY', group: 'Tools', help: 'offer only the tools that change nothing (env: 1 or true)' },
  {
    flag: 'lockdown',
    env: 'WORKSPACE_LOCKDOWN',
    group: 'Tools',
    help: 'best effort against text people wrote steering the agent: every deletion asks the person (refused where the client cannot ask), prose people or the assistant wrote is withheld, links to other hosts defanged (env: 1 or true; over HTTP the header X-Workspace-Lockdown: 1 switches it on for one request, never off)',
  },
  {
    flag: 'code-cpu-ms',
    env: 'WORKSPACE_CODE_CPU_MS',
    value: 'MS',
    group: 'Tools',
    help: `CPU time one code_run may use (default and highest ${CODE_LIMITS.cpuMs}: it may be lowered, not raised)`,
  },
  {
    flag: 'code-wall-ms',
    env: 'WORKSPACE_CODE_WALL_MS',
    value: 'MS',
    group: 'Tools',
    help: `time one code_run may take in all, its worker then ended (default and highest ${CODE_LIMITS.wallMs}: it may be lowered, not raised)`,
  },
  {
    flag: 'sandbox',
    env: 'WORKSPACE_SANDBOX',
    group: 'Serving',
    help: 'run against the built-in sandbox workspace (no credentials needed; env: 1 or true)',
  },
  {
    flag: 'sandbox-size',
    env: 'WORKSPACE_SANDBOX_SIZE',
    value: 'N',
    group: 'Serving',
    help: 'with --sandbox (refused without it): a generated workspace of N learners (1 to 100000) in teams of about 25, with assignments that grow with it, the same every time (default: the small workspace of 9 learners)',
  },
  {
    flag: 'http',
    env: 'WORKSPACE_MCP_HTTP',
    group: 'Serving',
    help: 'serve Streamable HTTP at /mcp (plus /healthz, /readyz) instead of stdio (env: 1 or true; the container image sets it)',
  },
  { flag: 'port', env: 'WORKSPACE_MCP_PORT', value: 'N', group: 'Serving', help: `HTTP port (default ${DEFAULTS.port})` },
  { flag: 'host', env: 'WORKSPACE_MCP_HOST', value: 'HOST', group: 'Serving', help: `HTTP bind address (default ${DEFAULTS.host})` },
  { flag: 'stateless', env: 'WORKSPACE_MCP_STATELESS', group: 'Serving', help: 'no sessions: any replica can answer any request' },
  {
    flag: 'no-narrowing',
    env: 'WORKSPACE_MCP_NO_NARROWING',
    group: 'Serving',
    help: 'clients may not narrow their tools per request (headers X-MCP-Toolsets, X-MCP-Tools, X-MCP-Exclude-Tools, X-MCP-Readonly; paths /mcp/readonly, /mcp/x/<toolsets>[/readonly]): every client is offered what these flags offer, at /mcp alone (env: 1 or true)',
  },
  {
    flag: 'credentials',
    env: 'WORKSPACE_MCP_CREDENTIALS',
    value: 'MODE',
    group: 'Serving',
    help: 'server (default): workspace credentials from this configuration; client: each client sends its own (Authorization: Bearer <Connector token>, X-Api-Key, X-User-Id)',
  },
  {
    flag: 'auth-token',
    env: 'WORKSPACE_MCP_AUTH_TOKEN',
    value: 'T1,T2',
    group: 'Serving',
    help: 'access tokens clients send as Authorization: Bearer, each at least 16 characters (server credentials; off loopback this or --auth oauth is required)',
    secret: true,
  },
  {
    flag: 'allowed-hosts',
    env: 'WORKSPACE_MCP_ALLOWED_HOSTS',
    value: 'H1,H2',
    group: 'Serving',
    help: 'Host headers accepted (default: loopback names on loopback)',
  },
  {
    flag: 'allowed-origins',
    env: 'WORKSPACE_MCP_ALLOWED_ORIGINS',
    value: 'O1,O2',
    group: 'Serving',
    help: 'Origin headers accepted (default: loopback origins on loopback)',
  },
  {
    flag: 'max-sessions',
    env: 'WORKSPACE_MCP_MAX_SESSIONS',
    value: 'N',
    group: 'Serving',
    help: `open sessions at most; when full, the oldest idle session of whoever holds the most makes room (default ${DEFAULTS.maxSessions})`,
  },
  {
    flag: 'max-sessions-per-caller',
    env: 'WORKSPACE_MCP_MAX_SESSIONS_PER_CALLER',
    value: 'N',
    group: 'Serving',
    help: `sessions one caller (access token, credentials or signed-in user) may hold; past it its own oldest idle session makes room (default ${DEFAULTS.maxSessionsPerCaller}; a token a whole team shares is one caller)`,
  },
  {
    flag: 'session-idle-ms',
    env: 'WORKSPACE_MCP_SESSION_IDLE_MS',
    value: 'MS',
    group: 'Serving',
    help: `idle sessions end after this (default ${DEFAULTS.sessionIdleMs})`,
  },
  {
    flag: 'max-inflight',
    env: 'WORKSPACE_MCP_MAX_INFLIGHT',
    value: 'N',
    group: 'Serving',
    help: `requests in flight per session at most (default ${DEFAULTS.maxInFlight})`,
  },
  {
    flag: 'max-inflight-per-caller',
    env: 'WORKSPACE_MCP_MAX_INFLIGHT_PER_CALLER',
    value: 'N',
    group: 'Serving',
    help: `requests in flight one caller (access token, credentials or signed-in user) may have at once, every session and revision together; past it 429 with Retry-After (default ${DEFAULTS.maxInFlightPerCaller}; per process)`,
  },
  {
    flag: 'metrics',
    env: 'WORKSPACE_MCP_METRICS',
    group: 'Serving',
    help: 'serve Prometheus metrics at GET /metrics, behind the same authentication as /mcp (env: 1 or true)',
  },
  {
    flag: 'rate-limit',
    env: 'WORKSPACE_MCP_RATE_LIMIT',
    value: 'N/min',
    group: 'Serving',
    help: 'tool calls one caller (access token, credentials or signed-in user) may make, e.g. 30/min; past it 429 with Retry-After; shared by replicas through WORKSPACE_REDIS_URL (default: no limit)',
  },
  {
    flag: 'rate-limit-store-failure',
    env: 'WORKSPACE_MCP_RATE_LIMIT_STORE_FAILURE',
    value: 'MODE',
    group: 'Serving',
    help: 'when the shared Redis count cannot be read: open (default; calls go on, counted in this process meanwhile, logged and counted in metrics) or closed (calls are refused with 503 until it answers)',
  },
  {
    flag: 'drain-ms',
    env: 'WORKSPACE_MCP_DRAIN_MS',
    value: 'MS',
    group: 'Serving',
    help: `grace on SIGTERM for calls in flight and running jobs; jobs still running then end as interrupted, and the process exits within 2 s more (default ${DEFAULTS.drainMs})`,
  },
  {
    flag: 'replica-id',
    env: 'WORKSPACE_MCP_REPLICA_ID',
    value: 'ID',
    group: 'Serving',
    help: 'prefix of session ids ("ID."), for session affinity behind a load balancer',
  },
  {
    flag: 'workers',
    env: 'WORKSPACE_MCP_WORKERS',
    value: 'N',
    group: 'Serving',
    help: `worker processes on one port (stateless only; default ${DEFAULTS.workers})`,
  },
  {
    flag: 'auth',
    env: 'WORKSPACE_MCP_AUTH',
    value: 'MODE',
    group: 'OAuth',
    help: 'token (default): the access tokens of --auth-token; oauth: tokens from your authorization server (--oauth-issuer), as MCP clients sign in',
  },
  {
    flag: 'oauth-issuer',
    env: 'WORKSPACE_MCP_OAUTH_ISSUER',
    value: 'URL',
    group: 'OAuth',
    help: 'issuer of the access tokens, exactly as in their iss claim (its metadata and keys are read from it)',
  },
  {
    flag: 'public-url',
    env: 'WORKSPACE_MCP_PUBLIC_URL',
    value: 'URL',
    group: 'OAuth',
    help: 'the URL clients use for this server, ending in /mcp: the resource tokens must be issued for',
  },
  {
    flag: 'oauth-audience',
    env: 'WORKSPACE_MCP_OAUTH_AUDIENCE',
    value: 'A1,A2',
    group: 'OAuth',
    help: 'further aud values accepted besides the public URL (an API identifier of your provider)',
  },
  {
    flag: 'oauth-scopes',
    env: 'WORKSPACE_MCP_OAUTH_SCOPES',
    value: 'READ,WRITE',
    group: 'OAuth',
    help: `the scope that offers the read tools and the one that adds the writes (default ${DEFAULTS.oauthScopes.join(',')})`,
  },
  {
    flag: 'oauth-user-claim',
    env: 'WORKSPACE_MCP_OAUTH_USER_CLAIM',
    value: 'NAME',
    group: 'OAuth',
    help: "token claim that is the caller's Content API user (x-user-id); tokens without it are refused",
  },
  {
    flag: 'oauth-client-id',
    env: 'WORKSPACE_MCP_OAUTH_CLIENT_ID',
    value: 'ID',
    group: 'OAuth',
    help: "client of the issuer's introspection endpoint, to accept opaque (non-JWT) tokens",
  },
  {
    flag: 'oauth-token-types',
    env: 'WORKSPACE_MCP_OAUTH_TOKEN_TYPES',
    value: 'T1,T2',
    group: 'OAuth',
    help: `JWT typ headers taken as access tokens (default ${DEFAULTS.oauthTokenTypes.join(',')}, RFC 9068; add JWT for providers such as Keycloak and Entra ID that mark access tokens so)`,
  },
  {
    env: 'WORKSPACE_MCP_OAUTH_CLIENT_SECRET',
    group: 'OAuth',
    secret: true,
    help: 'secret of that introspection client (environment only)',
  },
  {
    flag: 'audit-log',
    env: 'WORKSPACE_AUDIT_LOG',
    value: 'FILE',
    group: 'Other',
    help: 'append one JSON line per call of a write tool (caller hash, tool, target ids, outcome, trace id) to FILE, flushed before the answer (default: none)',
  },
  {
    flag: 'log-level',
    env: 'WORKSPACE_LOG_LEVEL',
    value: 'LEVEL',
    group: 'Other',
    help: 'debug, info, warn, error or silent; logs go to stderr as JSON lines (default: warn on stdio, where clients show what a server writes there as errors; info over HTTP, a line per request)',
  },
  { flag: 'help', short: 'h', group: 'Other', help: 'this text' },
  { flag: 'version', short: 'v', group: 'Other', help: 'the version' },
];

/** node:util parseArgs options for the table's flags. */
export function parseArgsOptions(): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  return Object.fromEntries(
    OPTIONS.filter((o) => o.flag).map((o) => [
      o.flag!,
      { type: o.value ? ('string' as const) : ('boolean' as const), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
}

/** "WORKSPACE_TIMEOUT_MS (--timeout-ms)": how an error names a setting. */
export function settingName(flag: string): string {
  const row = OPTIONS.find((o) => o.flag === flag);
  return row?.env ? `${row.env} (--${flag})` : `--${flag}`;
}

/** Text wrapped at `width` columns, every line indented. */
function wrap(text: string, indent: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(' '.repeat(indent) + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(' '.repeat(indent) + line);
  return lines;
}

/**
 * Each option as its flag and variable, in columns as wide as the longest of them, with what it means
 * wrapped below: long names can never run into each other.
 */
export function helpText(): string {
  const lines = [
    'learning-workspace-mcp: MCP server for a learning workspace (Connector and Content APIs)',
    '',
    'Usage: learning-workspace-mcp [options]',
    '',
    'stdio is the default: an MCP client starts the server and talks to it over stdin and stdout.',
    '--http serves Streamable HTTP instead, for clients that connect to a URL.',
    '',
    ...EXAMPLES,
  ];
  const flagOf = (o: OptionRow) => (o.flag ? `${o.short ? `-${o.short}, ` : ''}--${o.flag}${o.value ? ` ${o.value}` : ''}` : '');
  const flagWidth = Math.max(...OPTIONS.map((o) => flagOf(o).length)) + 3;
  for (const group of ['Upstream', 'Tools', 'Serving', 'OAuth', 'Other'] as const) {
    lines.push(
      '',
      `${group}${group === 'Upstream' || group === 'Tools' ? ' (each option also reads the environment variable shown)' : ''}:`,
    );
    for (const o of OPTIONS.filter((r) => r.group === group)) {
      lines.push(`  ${o.env ? flagOf(o).padEnd(flagWidth) + o.env : flagOf(o)}`, ...wrap(o.help, 6, HELP_WIDTH));
    }
  }
  lines.push('', 'Toolsets (for --toolsets):');
  for (const t of TOOLSET_TABLE) lines.push(...toolsetLines(t.id, t.description));
  lines.push('', 'Prefer the environment for credentials: command lines are visible to other processes.', '');
  return lines.join('\n');
}

/** The widest line of --help: what a terminal shows without wrapping it. */
export const HELP_WIDTH = 100;

/** A toolset in --help: its id, then its description wrapped beside it. */
export function toolsetLines(id: string, description: string): string[] {
  const [first = '', ...rest] = wrap(description, 18, HELP_WIDTH);
  return [`  ${id.padEnd(16)}${first.trimStart()}`, ...rest];
}

/** The examples --help opens with, each a command as typed and what it does. */
const EXAMPLES = [
  'Examples:',
  '  learning-workspace-mcp --sandbox',
  "      the built-in sandbox workspace over stdio: what a client's configuration starts to try it",
  '  learning-workspace-mcp --sandbox --http',
  '      the sandbox over Streamable HTTP at http://127.0.0.1:8787/mcp',
  '  WORKSPACE_BASE_URL=https://your-workspace.example WORKSPACE_CONNECTOR_TOKEN=… \\',
  '    WORKSPACE_API_KEY=… WORKSPACE_USER_ID=… learning-workspace-mcp',
  '      your workspace over stdio',
  '  learning-workspace-mcp --sandbox --toolsets analytics,groups --read-only',
  '      fewer tools, none of which changes anything',
  '  WORKSPACE_MCP_AUTH_TOKEN=… learning-workspace-mcp --http --host 0.0.0.0 \\',
  '    --allowed-hosts mcp.example.com',
  '      for a team: reachable off this machine, clients send Authorization: Bearer <token>',
  '',
  `The manual: ${pkg.repository.url}/tree/main/docs`,
  '  (every setting in more detail: docs/configuration.md; connecting a client: docs/clients/)',
];

export const OPTIONS_START = '<!-- options:start (generated by npm run docs) -->';
export const OPTIONS_END = '<!-- options:end -->';

/** The configuration table of docs/configuration.md. */
export function optionsTable(): string {
  const rows = OPTIONS.filter((o) => o.flag !== 'help' && o.flag !== 'version').map(
    (o) =>
      `| ${o.env ? `\`${o.env}\`` : ''} | ${o.flag ? `\`--${o.flag}${o.value ? ` ${o.value}` : ''}\`` : ''} | ${o.help.replace(/\|/g, '\\|')} |`,
  );
  return [OPTIONS_START, '| variable | flag | meaning |', '|---|---|---|', ...rows, OPTIONS_END].join('\n');
}
