import { CODE_LIMITS } from './code-limits.js';
import { parseArgs } from 'node:util';
import type { Toolset } from '../../tools/toolsets.js';
import { TOOLSETS as knownToolsets } from '../../tools/toolsets.js';
import type { ConnectorTarget, ContentTarget } from './targets.js';
import { DEFAULTS } from './defaults.js';
import { LOG_LEVELS, type LogLevel } from '../telemetry/log.js';
import type { OAuthSettings } from './oauth.js';
import { helpText, OPTIONS, parseArgsOptions, settingName } from './options.js';
import { redisTarget, RedisSettingError, type RedisTarget } from './redis.js';

export interface Config {
  connector: ConnectorTarget | undefined;
  content: ContentTarget | undefined;
  /** How long one upstream attempt may take to answer. */
  timeoutMs: number;
  /** How long one tool call may take in all, every retry included. */
  deadlineMs: number;
  maxRetries: number;
  /** Base of the retry backoff, before jitter. */
  retryBaseMs: number;
  /** Longest silence allowed inside the insights stream. */
  streamIdleMs: number;
  /** Longest streamed answer kept before the stream is cut. */
  maxAnswerChars: number;
  /** Interval of the still-working progress notifications of long calls. */
  keepAliveMs: number;
  /** A long call still running after this is answered with its running job (0: never). */
  jobAfterMs: number;
  /** How long a finished job that was handed off is kept. */
  jobKeepMs: number;
  /** Jobs one caller may have running at once. */
  maxJobsPerCaller: number;
  /** A job store shared by replicas (standalone, Cluster or Sentinel); jobs live in the process without it. */
  redis: RedisTarget | undefined;
  /** When a deletion is confirmed by the person first. */
  confirmDestructive: 'auto' | 'always' | 'never';
  /** Seals confirmation state; shared by replicas (a key of the process when unset). */
  stateSecret: string | undefined;
  /** Where the write tools' calls are recorded. */
  auditLog: string | undefined;
  /** The log level asked for; unset, warn on stdio and info over HTTP. */
  logLevel: LogLevel | undefined;
  toolsets: ReadonlySet<Toolset> | undefined;
  /** Tools named with --tools and --exclude-tools; checked against the tools once they are read (cli). */
  tools: ReadonlySet<string> | undefined;
  excludeTools: ReadonlySet<string> | undefined;
  /** code_run is offered: `code` among the toolsets, or code_run among the tools. */
  code: boolean;
  resultMaxChars: number;
  listMaxRows: number;
  readOnly: boolean;
  /** Lockdown for every request: deletions always asked, prose people wrote withheld, foreign links defanged. */
  lockdown: boolean;
  /** code_run's CPU and wall-clock limits: the defaults, or lower. */
  codeCpuMs: number;
  codeWallMs: number;
  sandbox: boolean;
  /** Learners of a generated sandbox workspace (--sandbox-size); unset, the small one. */
  sandboxSize: number | undefined;
  /** Base URLs of the APIs, with or without server-held credentials (client-credential hosting needs them alone). */
  urls: { connector: string | undefined; content: string | undefined };
  http: HttpConfig | undefined;
}

export interface HttpConfig {
  port: number;
  host: string;
  /** No sessions: every request stands alone, so any replica can answer it. */
  stateless: boolean;
  /** `server`: workspace credentials from this configuration; `client`: each client brings its own. */
  credentials: 'server' | 'client';
  /** Access tokens clients must present in server-credential mode (several allow rotation). */
  authTokens: string[];
  /** Sign-in with the team's authorization server instead of static access tokens. */
  oauth: OAuthSettings | undefined;
  allowedHosts: string[] | undefined;
  allowedOrigins: string[] | undefined;
  maxSessions: number;
  maxSessionsPerCaller: number;
  sessionIdleMs: number;
  maxInFlight: number;
  /** Requests in flight one caller may have at once, every session and revision together. */
  maxInFlightPerCaller: number;
  drainMs: number;
  /** Prefix of this replica's session ids, so a load balancer can route a session back to it. */
  replicaId: string | undefined;
  /** Worker processes sharing the port (stateless only: sessions live in one process). */
  workers: number;
  /** Tool calls one caller may make per window; none when unset. */
  rateLimit: { calls: number; windowS: number; onStoreFailure: 'open' | 'closed' } | undefined;
  /** Prometheus text at GET /metrics. */
  metrics: boolean;
  /** Clients may narrow their tools per request (X-MCP-* headers, /mcp/x/… paths), within what the flags offer. */
  narrowing: boolean;
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export class ConfigError extends Error {}

export const HELP = helpText();

export type CliAction = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; config: Config };

/**
 * An upstream base URL. Its text is never repeated in an error (it may hold a password): the message
 * names the setting. Credentials go in their own settings, not in the URL; plain http is for loopback,
 * or for a network the operator vouches for with --allow-insecure-http.
 */
function url(flagName: string, value: string | undefined, allowInsecureHttp: boolean): string | undefined {
  if (value === undefined || value === '') return undefined;
  const name = settingName(flagName);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL (expected https://host[:port][/path]).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${parsed.protocol}"`);
  }
  if (parsed.username || parsed.password) {
    throw new ConfigError(
      `${name} must not carry a user name or password: give the credentials in WORKSPACE_CONNECTOR_TOKEN and WORKSPACE_API_KEY.`,
    );
  }
  if (parsed.protocol === 'http:' && !isLoopback(parsed.hostname) && !allowInsecureHttp) {
    throw new ConfigError(
      `${name} is plain http to ${parsed.hostname}, so the workspace credentials would travel unencrypted: use https, or set WORKSPACE_ALLOW_INSECURE_HTTP=1 (--allow-insecure-http) for a private network you trust.`,
    );
  }
  // The routes carry /api/v1 themselves: a base URL that ends in it would send every call to /api/v1/api/v1/….
  const versioned = /\/api\/v\d+\/?$/.exec(parsed.pathname);
  if (versioned) {
    const root = `${parsed.origin}${parsed.pathname.slice(0, versioned.index)}`;
    throw new ConfigError(`${name} ends in ${versioned[0].replace(/\/$/, '')}, which every tool adds itself: set it to ${root} instead.`);
  }
  return parsed.href.replace(/\/+$/, '');
}

/** `N/min`, `N/s` or `N/h` tool calls per caller. */
function rateLimit(value: string | undefined, onFailure: string | undefined): HttpConfig['rateLimit'] {
  if (onFailure !== undefined && onFailure !== '' && onFailure !== 'open' && onFailure !== 'closed') {
    throw new ConfigError(
      `WORKSPACE_MCP_RATE_LIMIT_STORE_FAILURE (--rate-limit-store-failure) must be open or closed, got "${onFailure.slice(0, 20)}"`,
    );
  }
  if (value === undefined || value === '') return undefined;
  const m = /^\s*(\d{1,9})\s*\/\s*(s|sec|second|min|minute|h|hour)\s*$/i.exec(value);
  if (!m || Number(m[1]) < 1)
    throw new ConfigError(
      `WORKSPACE_MCP_RATE_LIMIT (--rate-limit) must be calls per s, min or h, such as 30/min; got "${value.slice(0, 30)}"`,
    );
  const unit = m[2]!.toLowerCase();
  return {
    calls: Number(m[1]),
    windowS: unit.startsWith('s') ? 1 : unit.startsWith('m') ? 60 : 3600,
    onStoreFailure: onFailure === 'closed' ? 'closed' : 'open',
  };
}

/** Jobs for long calls, and confirmations of deletions. */
function longOperations(
  read: Read,
  env: NodeJS.ProcessEnv,
): Pick<Config, 'jobAfterMs' | 'jobKeepMs' | 'maxJobsPerCaller' | 'redis' | 'confirmDestructive' | 'stateSecret'> {
  return {
    jobAfterMs: integer('job-after-ms', read('job-after-ms'), DEFAULTS.jobAfterMs, 0, 3_600_000),
    jobKeepMs: integer('job-keep-ms', read('job-keep-ms'), DEFAULTS.jobKeepMs, 1_000, 7 * 86_400_000),
    maxJobsPerCaller: integer('max-jobs-per-caller', read('max-jobs-per-caller'), DEFAULTS.maxJobsPerCaller, 1, 1_000),
    redis: redisSettings(env),
    confirmDestructive: confirmMode(read('confirm-destructive')),
    stateSecret: stateSecret(env['WORKSPACE_STATE_SECRET']),
  };
}

function logLevel(value: string | undefined): LogLevel | undefined {
  if (value === undefined || value === '') return undefined;
  const level = LOG_LEVELS.find((l) => l === value.trim().toLowerCase());
  if (!level)
    throw new ConfigError(
      `WORKSPACE_LOG_LEVEL (--log-level) must be ${LOG_LEVELS.slice(0, -1).join(', ')} or ${LOG_LEVELS.at(-1)}, got "${value.slice(0, 20)}"`,
    );
  return level;
}

function confirmMode(value: string | undefined): 'auto' | 'always' | 'never' {
  const mode = value ?? 'auto';
  if (mode !== 'auto' && mode !== 'always' && mode !== 'never')
    throw new ConfigError(
      `WORKSPACE_CONFIRM_DESTRUCTIVE (--confirm-destructive) must be auto, always or never, got "${mode.slice(0, 20)}"`,
    );
  return mode;
}

function stateSecret(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (Buffer.byteLength(value) < 32) throw new ConfigError('WORKSPACE_STATE_SECRET must be at least 32 bytes (e.g. openssl rand -hex 32).');
  return value;
}

/** The job store's Redis, from the environment only; a contradictory setting is refused with the reason. */
function redisSettings(env: NodeJS.ProcessEnv): RedisTarget | undefined {
  try {
    return redisTarget(env);
  } catch (err) {
    if (err instanceof RedisSettingError) throw new ConfigError(err.message);
    throw err;
  }
}

function integer(flagName: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const name = settingName(flagName);
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

type Values = Record<string, string | boolean | undefined>;

/** A setting's value: the flag's, else its environment variable's. */
type Read = (flag: string) => string | undefined;

function reader(values: Values, env: NodeJS.ProcessEnv): Read {
  return (flag) => {
    const v = values[flag];
    if (typeof v === 'string') return v;
    const name = OPTIONS.find((o) => o.flag === flag)?.env;
    return name ? env[name] : undefined;
  };
}

/** A switch: the flag, or its environment variable set to 1, true, yes or on. */
function switchOn(values: Values, read: Read, flagName: string): boolean {
  return values[flagName] === true || flag(read(flagName));
}

/**
 * OAuth resource-server settings (`--auth oauth`): tokens of one issuer, for this server's public URL.
 * Plain http is allowed for loopback addresses only, for trying it out next to a local issuer.
 */
function oauthConfig(read: Read, env: NodeJS.ProcessEnv, credentials: string, authTokens: string[]): OAuthSettings | undefined {
  const mode = read('auth') ?? 'token';
  if (mode !== 'token' && mode !== 'oauth') throw new ConfigError(`WORKSPACE_MCP_AUTH (--auth) must be token or oauth, got "${mode}"`);
  const oauthOnly = [
    'oauth-issuer',
    'public-url',
    'oauth-audience',
    'oauth-scopes',
    'oauth-user-claim',
    'oauth-client-id',
    'oauth-token-types',
  ].filter((f) => read(f));
  if (mode === 'token') {
    if (oauthOnly.length > 0)
      throw new ConfigError(`${settingName(oauthOnly[0]!)} applies to --auth oauth; set WORKSPACE_MCP_AUTH=oauth (or --auth oauth) too.`);
    return undefined;
  }
  if (credentials === 'client')
    throw new ConfigError(
      '--auth oauth needs server credentials: the Authorization header carries the OAuth token, not a workspace credential.',
    );
  if (authTokens.length > 0)
    throw new ConfigError('--auth oauth replaces --auth-token: clients sign in with your authorization server instead.');
  const issuer = read('oauth-issuer');
  const publicUrl = read('public-url');
  if (!issuer)
    throw new ConfigError(
      '--auth oauth needs WORKSPACE_MCP_OAUTH_ISSUER (--oauth-issuer): the issuer of the access tokens, as in their iss claim.',
    );
  if (!publicUrl)
    throw new ConfigError(
      '--auth oauth needs WORKSPACE_MCP_PUBLIC_URL (--public-url): the URL clients use for this server, ending in /mcp.',
    );
  secureUrl('oauth-issuer', issuer);
  const resource = secureUrl('public-url', publicUrl);
  if (!resource.pathname.endsWith('/mcp') || resource.search || resource.hash)
    throw new ConfigError(`${settingName('public-url')} must end in /mcp, with no query or fragment, got "${publicUrl}"`);
  const scopes = list(read('oauth-scopes')) ?? DEFAULTS.oauthScopes;
  // offline_access asks the authorization server for a refresh token: a resource never advertises it (2026-07-28).
  if ((scopes as readonly string[]).includes('offline_access'))
    throw new ConfigError(
      `${settingName('oauth-scopes')} names the tools' read and write scopes; offline_access is the authorization server's to grant, and this server never advertises it.`,
    );
  if (scopes.length !== 2 || scopes[0] === scopes[1] || scopes.some((s) => /[\s"\\]/.test(s))) {
    throw new ConfigError(
      `${settingName('oauth-scopes')} must name two different scopes, read then write (e.g. workspace:read,workspace:write)`,
    );
  }
  const clientId = read('oauth-client-id');
  const clientSecret = env['WORKSPACE_MCP_OAUTH_CLIENT_SECRET'] || undefined;
  if (Boolean(clientId) !== Boolean(clientSecret))
    throw new ConfigError('Token introspection needs both WORKSPACE_MCP_OAUTH_CLIENT_ID and WORKSPACE_MCP_OAUTH_CLIENT_SECRET.');
  return {
    issuer,
    publicUrl: resource.href,
    audiences: list(read('oauth-audience')) ?? [],
    readScope: scopes[0]!,
    writeScope: scopes[1]!,
    userClaim: read('oauth-user-claim') || undefined,
    tokenTypes: (list(read('oauth-token-types')) ?? DEFAULTS.oauthTokenTypes).map((t) => t.toLowerCase()),
    introspection: clientId && clientSecret ? { clientId, clientSecret } : undefined,
  };
}

/** An https URL, or http on a loopback address. */
function secureUrl(flagName: string, value: string): URL {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new ConfigError(`${settingName(flagName)} is not a URL: "${value}"`);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopback(u.hostname))) {
    throw new ConfigError(`${settingName(flagName)} must be https (plain http only on a loopback address), got "${value}"`);
  }
  return u;
}

function httpConfig(values: Values, read: Read, env: NodeJS.ProcessEnv): HttpConfig {
  const host = read('host') ?? DEFAULTS.host;
  const credentials = read('credentials') ?? 'server';
  if (credentials !== 'server' && credentials !== 'client')
    throw new ConfigError(`--credentials must be server or client, got "${credentials}"`);
  const authTokens = list(read('auth-token')) ?? [];
  if (authTokens.some((t) => t.length < 16))
    throw new ConfigError('WORKSPACE_MCP_AUTH_TOKEN: each access token must be at least 16 characters.');
  if (credentials === 'client' && authTokens.length > 0) {
    throw new ConfigError(
      "--auth-token applies to server credentials; with --credentials client the Authorization header carries each client's Connector token.",
    );
  }
  const oauth = oauthConfig(read, env, credentials, authTokens);
  if (credentials === 'server' && !isLoopback(host) && authTokens.length === 0 && !oauth) {
    throw new ConfigError(
      `Refusing to serve the server's workspace credentials on ${host} without an access token: set WORKSPACE_MCP_AUTH_TOKEN (or --auth-token), sign-in with --auth oauth, bind to 127.0.0.1, or use --credentials client.`,
    );
  }
  const replicaId = read('replica-id');
  if (replicaId !== undefined && !/^[A-Za-z0-9-]{1,32}$/.test(replicaId))
    throw new ConfigError('WORKSPACE_MCP_REPLICA_ID must be 1 to 32 letters, digits or dashes.');
  const stateless = switchOn(values, read, 'stateless');
  const workers = integer('workers', read('workers'), DEFAULTS.workers, 1, 64);
  if (workers > 1 && !stateless)
    throw new ConfigError(
      '--workers needs --stateless: a session lives in one process. Run stateful replicas behind a load balancer with session affinity instead.',
    );
  return {
    replicaId,
    workers,
    port: integer('port', read('port'), DEFAULTS.port, 0, 65_535),
    host,
    stateless,
    credentials,
    authTokens,
    oauth,
    allowedHosts: list(read('allowed-hosts')),
    allowedOrigins: list(read('allowed-origins')),
    maxSessions: integer('max-sessions', read('max-sessions'), DEFAULTS.maxSessions, 1, 1_000_000),
    maxSessionsPerCaller: integer('max-sessions-per-caller', read('max-sessions-per-caller'), DEFAULTS.maxSessionsPerCaller, 1, 1_000_000),
    sessionIdleMs: integer('session-idle-ms', read('session-idle-ms'), DEFAULTS.sessionIdleMs, 1_000, 86_400_000),
    maxInFlight: integer('max-inflight', read('max-inflight'), DEFAULTS.maxInFlight, 1, 10_000),
    maxInFlightPerCaller: integer('max-inflight-per-caller', read('max-inflight-per-caller'), DEFAULTS.maxInFlightPerCaller, 1, 100_000),
    drainMs: integer('drain-ms', read('drain-ms'), DEFAULTS.drainMs, 0, 600_000),
    rateLimit: rateLimit(read('rate-limit'), read('rate-limit-store-failure')),
    metrics: switchOn(values, read, 'metrics'),
    narrowing: !switchOn(values, read, 'no-narrowing'),
  };
}

function flag(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value);
}

/** Whether a start asks for HTTP (--http, or WORKSPACE_MCP_HTTP as the container image sets it), read before parsing succeeds. */
export function asksForHttp(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--http') || flag(env['WORKSPACE_MCP_HTTP']);
}

/**
 * A placeholder a launcher left as it was: Claude Desktop's bundle runtime leaves `${user_config.x}`
 * untouched when an optional setting has neither a value nor a default. It means "not set".
 */
function isPlaceholder(value: string | undefined): boolean {
  return value !== undefined && /^\$\{[^}]*\}$/.test(value.trim());
}

function withoutPlaceholders<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !(typeof v === 'string' && isPlaceholder(v)))) as T;
}

/**
 * The toolsets named, if any. batch_call is offered with any API tool: `batch` is accepted beside the
 * toolsets it runs the tools of. `code` (code_run, off unless named) goes with the toolsets whose reads its
 * code calls; named alone, with all of them.
 */
function toolsets(named: string[]): ReadonlySet<Toolset> | undefined {
  // `default` (what is offered without the flag) and `all` (that and code_run) name every API toolset.
  if (named.includes('all') || named.includes('default')) return undefined;
  const own = ['batch', 'code'];
  const unknown = named.filter((t) => !own.includes(t) && !(knownToolsets as readonly string[]).includes(t));
  if (unknown.length > 0) {
    throw new ConfigError(`Unknown toolset(s): ${unknown.join(', ')}. Known: ${knownToolsets.join(', ')}, batch, default, all`);
  }
  const api = named.filter((t) => !own.includes(t));
  if (named.includes('code') && api.length === 0) return undefined;
  if (named.length > 0 && api.length === 0)
    throw new ConfigError('--toolsets batch needs the toolsets whose tools batch_call runs beside it (e.g. groups,members,batch).');
  return api.length > 0 ? new Set(api as Toolset[]) : undefined;
}

/** The learners of a generated sandbox: only with --sandbox, where a size with nothing to size would be silently ignored. */
function sandboxSettings(read: Read, sandbox: boolean): Pick<Config, 'sandbox' | 'sandboxSize'> {
  const value = read('sandbox-size');
  if (value === undefined || value === '') return { sandbox, sandboxSize: undefined };
  if (!sandbox)
    throw new ConfigError(`${settingName('sandbox-size')} sizes the built-in sandbox workspace: add --sandbox (or WORKSPACE_SANDBOX=1).`);
  return { sandbox, sandboxSize: integer('sandbox-size', value, 0, 1, 100_000) };
}

/** The toolsets and tools named; code_run alone among the tools offers it with every read. */
function toolChoice(sets: string[], named: string[]): Pick<Config, 'toolsets' | 'tools' | 'code'> {
  // Every API toolset named: tools named besides add nothing (and must not narrow to themselves).
  const every = sets.includes('all') || sets.includes('default');
  return {
    toolsets: toolsets(sets),
    tools: !every && named.some((t) => t !== 'code_run') ? new Set(named) : undefined,
    code: sets.includes('code') || sets.includes('all') || named.includes('code_run'),
  };
}

/** How large one result may be, and how many rows a list is read with. */
function answerSizes(read: Read): Pick<Config, 'resultMaxChars' | 'listMaxRows'> {
  return {
    resultMaxChars: integer('result-max-chars', read('result-max-chars'), DEFAULTS.resultMaxChars, 1_000, 10_000_000),
    listMaxRows: integer('list-max-rows', read('list-max-rows'), DEFAULTS.listMaxRows, 1, 1_000_000),
  };
}

export function parseCli(argv: string[], rawEnv: NodeJS.ProcessEnv): CliAction {
  let parsed: Values;
  try {
    parsed = parseArgs({ args: argv, options: parseArgsOptions(), strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}\nRun with --help for the options.`);
  }
  const values = withoutPlaceholders(parsed);
  const env = withoutPlaceholders(rawEnv);
  const read = reader(values, env);
  if (values['help']) return { kind: 'help' };
  if (values['version']) return { kind: 'version' };

  const insecure = switchOn(values, read, 'allow-insecure-http');
  const base = url('base-url', read('base-url'), insecure);
  const connectorUrl = url('connector-url', read('connector-url'), insecure) ?? base;
  const contentUrl = url('content-url', read('content-url'), insecure) ?? base;
  const token = read('connector-token') ?? '';
  const apiKey = read('api-key') ?? '';
  const userId = read('user-id') ?? '';
  const sandbox = switchOn(values, read, 'sandbox');

  const list = (name: string) =>
    (read(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const excluded = list('exclude-tools');

  const config: Config = {
    connector: token && connectorUrl ? { baseUrl: connectorUrl, token } : undefined,
    content: apiKey && contentUrl ? { baseUrl: contentUrl, apiKey, userId: userId || undefined } : undefined,
    timeoutMs: integer('timeout-ms', read('timeout-ms'), DEFAULTS.timeoutMs, 1, 3_600_000),
    deadlineMs: integer('deadline-ms', read('deadline-ms'), DEFAULTS.deadlineMs, 1, 3_600_000),
    maxRetries: integer('max-retries', read('max-retries'), DEFAULTS.maxRetries, 0, 10),
    retryBaseMs: integer('retry-base-ms', read('retry-base-ms'), DEFAULTS.retryBaseMs, 1, 60_000),
    streamIdleMs: integer('stream-idle-ms', read('stream-idle-ms'), DEFAULTS.streamIdleMs, 1, 3_600_000),
    maxAnswerChars: integer('max-answer-chars', read('max-answer-chars'), DEFAULTS.maxAnswerChars, 1_000, 100_000_000),
    keepAliveMs: integer('keepalive-ms', read('keepalive-ms'), DEFAULTS.keepAliveMs, 100, 600_000),
    ...longOperations(read, env),
    auditLog: read('audit-log') || undefined,
    logLevel: logLevel(read('log-level')),
    ...answerSizes(read),
    ...toolChoice(list('toolsets'), list('tools')),
    excludeTools: excluded.length > 0 ? new Set(excluded) : undefined,
    readOnly: switchOn(values, read, 'read-only'),
    lockdown: switchOn(values, read, 'lockdown'),
    codeCpuMs: integer('code-cpu-ms', read('code-cpu-ms'), CODE_LIMITS.cpuMs, 100, CODE_LIMITS.cpuMs),
    codeWallMs: integer('code-wall-ms', read('code-wall-ms'), CODE_LIMITS.wallMs, 1_000, CODE_LIMITS.wallMs),
    ...sandboxSettings(read, sandbox),
    urls: { connector: connectorUrl, content: contentUrl },
    http: switchOn(values, read, 'http') ? httpConfig(values, read, env) : undefined,
  };
  if (!config.http && read('auth') === 'oauth') throw new ConfigError('--auth oauth signs in HTTP clients: add --http.');
  const clientCredentials = config.http?.credentials === 'client';
  if (clientCredentials) {
    // The server holds no workspace credentials in this mode; clients bring them.
    config.connector = undefined;
    config.content = undefined;
    if (!connectorUrl && !contentUrl)
      throw new ConfigError(
        "--credentials client needs WORKSPACE_BASE_URL (or the per-API URLs) to know where to send each client's calls.",
      );
    if (sandbox) throw new ConfigError('--credentials client cannot be combined with --sandbox.');
    return { kind: 'run', config };
  }

  if (!sandbox) {
    if (token && !connectorUrl)
      throw new ConfigError('WORKSPACE_CONNECTOR_TOKEN is set but no URL: set WORKSPACE_BASE_URL or WORKSPACE_CONNECTOR_URL.');
    if (apiKey && !contentUrl)
      throw new ConfigError('WORKSPACE_API_KEY is set but no URL: set WORKSPACE_BASE_URL or WORKSPACE_CONTENT_URL.');
    if (!config.connector && !config.content) {
      throw new ConfigError(
        'No API is configured. Set WORKSPACE_BASE_URL with WORKSPACE_CONNECTOR_TOKEN (Connector API) and/or WORKSPACE_API_KEY (Content API), or run with --sandbox to try the built-in sandbox workspace.',
      );
    }
  }
  return { kind: 'run', config };
}
