import { parseArgs } from 'node:util';
import type { Toolset } from '../tools/define.js';
import { toolsets as knownToolsets } from './registry.js';
import { DEFAULT_DEADLINE_MS } from './upstream.js';

export interface ConnectorTarget {
  baseUrl: string;
  token: string;
}

export interface ContentTarget {
  baseUrl: string;
  apiKey: string;
  userId: string | undefined;
}

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
  /** Interval of the still-working progress notifications of long calls. */
  keepAliveMs: number;
  toolsets: ReadonlySet<Toolset> | undefined;
  readOnly: boolean;
  sandbox: boolean;
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
  allowedHosts: string[] | undefined;
  allowedOrigins: string[] | undefined;
  maxSessions: number;
  sessionIdleMs: number;
  maxInFlight: number;
  drainMs: number;
  /** Prefix of this replica's session ids, so a load balancer can route a session back to it. */
  replicaId: string | undefined;
  /** Worker processes sharing the port (stateless only: sessions live in one process). */
  workers: number;
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export class ConfigError extends Error {}

export const HELP = `learning-workspace-mcp: MCP server for a learning workspace (Connector and Content APIs)

Usage: learning-workspace-mcp [options]

Upstream (each option also reads the environment variable shown):
  --base-url URL          WORKSPACE_BASE_URL        base URL of both APIs
  --connector-url URL     WORKSPACE_CONNECTOR_URL   Connector API base URL (overrides --base-url)
  --content-url URL       WORKSPACE_CONTENT_URL     Content API base URL (overrides --base-url)
  --connector-token TOKEN WORKSPACE_CONNECTOR_TOKEN Connector secret or child token
  --api-key KEY           WORKSPACE_API_KEY         Content API key
  --user-id ID            WORKSPACE_USER_ID         acting user for the Content API
  --timeout-ms MS         WORKSPACE_TIMEOUT_MS      time one upstream attempt may take (default 30000)
  --deadline-ms MS        WORKSPACE_DEADLINE_MS     time one tool call may take, retries included (default ${DEFAULT_DEADLINE_MS})
  --max-retries N         WORKSPACE_MAX_RETRIES     retries of a failed attempt (default 2)
  --retry-base-ms MS      WORKSPACE_RETRY_BASE_MS   first retry delay before jitter (default 250)
  --stream-idle-ms MS     WORKSPACE_STREAM_IDLE_MS  longest silence in the insights stream (default 60000)
  --keepalive-ms MS       WORKSPACE_KEEPALIVE_MS    progress interval while a long call waits (default 10000)
  Prefer the environment for credentials: command lines are visible to other processes.

Tools:
  --toolsets a,b          WORKSPACE_TOOLSETS        only these toolsets (${knownToolsets.join(', ')})
  --read-only             WORKSPACE_READ_ONLY=1     only tools that change nothing

Serving:
  --sandbox               run against the built-in sandbox workspace (no credentials needed)
  --http                  serve Streamable HTTP at /mcp instead of stdio
  --port N                WORKSPACE_MCP_PORT        HTTP port (default 8787)
  --host HOST             WORKSPACE_MCP_HOST        HTTP bind address (default 127.0.0.1)
  --stateless             WORKSPACE_MCP_STATELESS=1 no sessions: any replica can answer any request
  --credentials MODE      WORKSPACE_MCP_CREDENTIALS server (default): workspace credentials from this
                                                    configuration; client: each client sends its own
                                                    (Authorization: Bearer <Connector token>, X-Api-Key, X-User-Id)
  --auth-token T1,T2      WORKSPACE_MCP_AUTH_TOKEN  access tokens clients must send as Authorization: Bearer
                                                    (server mode; required off loopback)
  --allowed-hosts H1,H2   WORKSPACE_MCP_ALLOWED_HOSTS    Host headers accepted (default: loopback names on loopback)
  --allowed-origins O1,O2 WORKSPACE_MCP_ALLOWED_ORIGINS  Origin headers accepted (default: loopback origins on loopback)
  --max-sessions N        WORKSPACE_MCP_MAX_SESSIONS     open sessions at most (default 1000)
  --session-idle-ms MS    WORKSPACE_MCP_SESSION_IDLE_MS  idle sessions end after this (default 1800000)
  --max-inflight N        WORKSPACE_MCP_MAX_INFLIGHT     requests in flight per session at most (default 16)
  --drain-ms MS           WORKSPACE_MCP_DRAIN_MS         grace for calls in flight on SIGTERM (default 10000)
  --replica-id ID         WORKSPACE_MCP_REPLICA_ID       prefix of session ids ("ID."), for session affinity
  --workers N             WORKSPACE_MCP_WORKERS          worker processes on one port (stateless only; default 1)
  -h, --help              this text
  -v, --version           the version
`;

const options = {
  'base-url': { type: 'string' },
  'connector-url': { type: 'string' },
  'content-url': { type: 'string' },
  'connector-token': { type: 'string' },
  'api-key': { type: 'string' },
  'user-id': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'deadline-ms': { type: 'string' },
  'max-retries': { type: 'string' },
  'retry-base-ms': { type: 'string' },
  'stream-idle-ms': { type: 'string' },
  'keepalive-ms': { type: 'string' },
  toolsets: { type: 'string' },
  'read-only': { type: 'boolean' },
  sandbox: { type: 'boolean' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  stateless: { type: 'boolean' },
  credentials: { type: 'string' },
  'auth-token': { type: 'string' },
  'allowed-hosts': { type: 'string' },
  'allowed-origins': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-idle-ms': { type: 'string' },
  'max-inflight': { type: 'string' },
  'drain-ms': { type: 'string' },
  'replica-id': { type: 'string' },
  workers: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export type CliAction = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; config: Config };

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${parsed.protocol}"`);
  }
  // The routes carry /api/v1 themselves: a base URL that ends in it would send every call to /api/v1/api/v1/….
  const versioned = /\/api\/v\d+\/?$/.exec(parsed.pathname);
  if (versioned) {
    const root = `${parsed.origin}${parsed.pathname.slice(0, versioned.index)}`;
    throw new ConfigError(`${name} ends in ${versioned[0].replace(/\/$/, '')}, which every tool adds itself: set it to ${root} instead.`);
  }
  return parsed.href.replace(/\/+$/, '');
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

type Values = ReturnType<typeof parseArgs<{ options: typeof options; strict: true; allowPositionals: false }>>['values'];

function httpConfig(values: Values, env: NodeJS.ProcessEnv): HttpConfig {
  const host = values.host ?? env['WORKSPACE_MCP_HOST'] ?? '127.0.0.1';
  const credentials = values.credentials ?? env['WORKSPACE_MCP_CREDENTIALS'] ?? 'server';
  if (credentials !== 'server' && credentials !== 'client') throw new ConfigError(`--credentials must be server or client, got "${credentials}"`);
  const authTokens = list(values['auth-token'] ?? env['WORKSPACE_MCP_AUTH_TOKEN']) ?? [];
  if (authTokens.some((t) => t.length < 16)) throw new ConfigError('WORKSPACE_MCP_AUTH_TOKEN: each access token must be at least 16 characters.');
  if (credentials === 'client' && authTokens.length > 0) {
    throw new ConfigError('--auth-token applies to server credentials; with --credentials client the Authorization header carries each client\'s Connector token.');
  }
  if (credentials === 'server' && !isLoopback(host) && authTokens.length === 0) {
    throw new ConfigError(
      `Refusing to serve the server's workspace credentials on ${host} without an access token: set WORKSPACE_MCP_AUTH_TOKEN (or --auth-token), bind to 127.0.0.1, or use --credentials client.`,
    );
  }
  const replicaId = values['replica-id'] ?? env['WORKSPACE_MCP_REPLICA_ID'];
  if (replicaId !== undefined && !/^[A-Za-z0-9-]{1,32}$/.test(replicaId)) throw new ConfigError('WORKSPACE_MCP_REPLICA_ID must be 1 to 32 letters, digits or dashes.');
  const stateless = values.stateless ?? flag(env['WORKSPACE_MCP_STATELESS']);
  const workers = integer('WORKSPACE_MCP_WORKERS (--workers)', values.workers ?? env['WORKSPACE_MCP_WORKERS'], 1, 1, 64);
  if (workers > 1 && !stateless) throw new ConfigError('--workers needs --stateless: a session lives in one process. Run stateful replicas behind a load balancer with session affinity instead.');
  return {
    replicaId,
    workers,
    port: integer('WORKSPACE_MCP_PORT (--port)', values.port ?? env['WORKSPACE_MCP_PORT'], 8787, 0, 65_535),
    host,
    stateless,
    credentials,
    authTokens,
    allowedHosts: list(values['allowed-hosts'] ?? env['WORKSPACE_MCP_ALLOWED_HOSTS']),
    allowedOrigins: list(values['allowed-origins'] ?? env['WORKSPACE_MCP_ALLOWED_ORIGINS']),
    maxSessions: integer('WORKSPACE_MCP_MAX_SESSIONS (--max-sessions)', values['max-sessions'] ?? env['WORKSPACE_MCP_MAX_SESSIONS'], 1000, 1, 1_000_000),
    sessionIdleMs: integer('WORKSPACE_MCP_SESSION_IDLE_MS (--session-idle-ms)', values['session-idle-ms'] ?? env['WORKSPACE_MCP_SESSION_IDLE_MS'], 1_800_000, 1_000, 86_400_000),
    maxInFlight: integer('WORKSPACE_MCP_MAX_INFLIGHT (--max-inflight)', values['max-inflight'] ?? env['WORKSPACE_MCP_MAX_INFLIGHT'], 16, 1, 10_000),
    drainMs: integer('WORKSPACE_MCP_DRAIN_MS (--drain-ms)', values['drain-ms'] ?? env['WORKSPACE_MCP_DRAIN_MS'], 10_000, 0, 600_000),
  };
}

function flag(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value);
}

/**
 * A placeholder a launcher left as it was: Claude Desktop's bundle runtime leaves `${user_config.x}`
 * untouched when an optional setting has neither a value nor a default. It means "not set".
 */
export function isPlaceholder(value: string | undefined): boolean {
  return value !== undefined && /^\$\{[^}]*\}$/.test(value.trim());
}

function withoutPlaceholders<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !(typeof v === 'string' && isPlaceholder(v)))) as T;
}

export function parseCli(argv: string[], rawEnv: NodeJS.ProcessEnv): CliAction {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}\nRun with --help for the options.`);
  }
  values = withoutPlaceholders(values);
  const env = withoutPlaceholders(rawEnv);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const base = url('WORKSPACE_BASE_URL (--base-url)', values['base-url'] ?? env['WORKSPACE_BASE_URL']);
  const connectorUrl = url('WORKSPACE_CONNECTOR_URL (--connector-url)', values['connector-url'] ?? env['WORKSPACE_CONNECTOR_URL']) ?? base;
  const contentUrl = url('WORKSPACE_CONTENT_URL (--content-url)', values['content-url'] ?? env['WORKSPACE_CONTENT_URL']) ?? base;
  const token = values['connector-token'] ?? env['WORKSPACE_CONNECTOR_TOKEN'] ?? '';
  const apiKey = values['api-key'] ?? env['WORKSPACE_API_KEY'] ?? '';
  const userId = values['user-id'] ?? env['WORKSPACE_USER_ID'] ?? '';
  const sandbox = values.sandbox ?? false;

  const toolsetList = (values.toolsets ?? env['WORKSPACE_TOOLSETS'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = toolsetList.filter((t) => !(knownToolsets as readonly string[]).includes(t));
  if (unknown.length > 0) {
    throw new ConfigError(`Unknown toolset(s): ${unknown.join(', ')}. Known: ${knownToolsets.join(', ')}`);
  }

  const config: Config = {
    connector: token && connectorUrl ? { baseUrl: connectorUrl, token } : undefined,
    content: apiKey && contentUrl ? { baseUrl: contentUrl, apiKey, userId: userId || undefined } : undefined,
    timeoutMs: integer('WORKSPACE_TIMEOUT_MS (--timeout-ms)', values['timeout-ms'] ?? env['WORKSPACE_TIMEOUT_MS'], 30_000, 1, 3_600_000),
    deadlineMs: integer('WORKSPACE_DEADLINE_MS (--deadline-ms)', values['deadline-ms'] ?? env['WORKSPACE_DEADLINE_MS'], DEFAULT_DEADLINE_MS, 1, 3_600_000),
    maxRetries: integer('WORKSPACE_MAX_RETRIES (--max-retries)', values['max-retries'] ?? env['WORKSPACE_MAX_RETRIES'], 2, 0, 10),
    retryBaseMs: integer('WORKSPACE_RETRY_BASE_MS (--retry-base-ms)', values['retry-base-ms'] ?? env['WORKSPACE_RETRY_BASE_MS'], 250, 1, 60_000),
    streamIdleMs: integer('WORKSPACE_STREAM_IDLE_MS (--stream-idle-ms)', values['stream-idle-ms'] ?? env['WORKSPACE_STREAM_IDLE_MS'], 60_000, 1, 3_600_000),
    keepAliveMs: integer('WORKSPACE_KEEPALIVE_MS (--keepalive-ms)', values['keepalive-ms'] ?? env['WORKSPACE_KEEPALIVE_MS'], 10_000, 100, 600_000),
    toolsets: toolsetList.length > 0 ? new Set(toolsetList as Toolset[]) : undefined,
    readOnly: values['read-only'] ?? flag(env['WORKSPACE_READ_ONLY']),
    sandbox,
    urls: { connector: connectorUrl, content: contentUrl },
    http: values.http ? httpConfig(values, env) : undefined,
  };
  const clientCredentials = config.http?.credentials === 'client';
  if (clientCredentials) {
    // The server holds no workspace credentials in this mode; clients bring them.
    config.connector = undefined;
    config.content = undefined;
    if (!connectorUrl && !contentUrl) throw new ConfigError('--credentials client needs WORKSPACE_BASE_URL (or the per-API URLs) to know where to send each client\'s calls.');
    if (sandbox) throw new ConfigError('--credentials client cannot be combined with --sandbox.');
    return { kind: 'run', config };
  }

  if (!sandbox) {
    if (token && !connectorUrl) throw new ConfigError('WORKSPACE_CONNECTOR_TOKEN is set but no URL: set WORKSPACE_BASE_URL or WORKSPACE_CONNECTOR_URL.');
    if (apiKey && !contentUrl) throw new ConfigError('WORKSPACE_API_KEY is set but no URL: set WORKSPACE_BASE_URL or WORKSPACE_CONTENT_URL.');
    if (!config.connector && !config.content) {
      throw new ConfigError(
        'No API is configured. Set WORKSPACE_BASE_URL with WORKSPACE_CONNECTOR_TOKEN (Connector API) and/or WORKSPACE_API_KEY (Content API), or run with --sandbox to try the built-in sandbox workspace.',
      );
    }
  }
  return { kind: 'run', config };
}
