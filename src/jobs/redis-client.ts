// The default export: the bundle's chunk of a CommonJS package has no named ones.
import ioredis, { type Cluster, type Redis } from 'ioredis';
import { createSecureContext, rootCertificates, type ConnectionOptions } from 'node:tls';
import type { RedisTarget, RedisTls } from '../config/redis.js';
import { log } from '../telemetry/log.js';
import type { StoreReport } from './record.js';

// The Redis clients every part of the server shares (the job store, the rate limit), whatever the
// topology: one standalone Redis, a Cluster, or a master found through Sentinel. They fail fast while Redis
// is away rather than queue calls behind it, reconnect on their own with a back-off, and say what failed
// in words (authentication, a permission, a certificate, reachability), at most once per 10 s per kind.

/** Every command on a call's path answers within this, or the call is told the store is unavailable. */
const COMMAND_TIMEOUT_MS = 2_000;
/** A kind of failure is logged at most this often per client, with the count since the last line. */
const LOG_EVERY_MS = 10_000;

/** A client of any topology: both speak the same commands, and a script's keys route it on a cluster. */
export type RedisClient = Redis | Cluster;

/** What went wrong, as an operator acts on it. */
export type FaultKind = 'auth' | 'permission' | 'certificate' | 'unreachable' | 'no-writes' | 'other';

export interface Fault {
  kind: FaultKind;
  /** In words, naming the cause first; never a secret. */
  words: string;
}

const CERT_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const UNREACHABLE =
  /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE|Connection is closed|Stream isn't writeable|isn't ready|Command timed out|sentinels are unreachable|None of the sentinels|Failed to refresh slots cache|CLUSTERDOWN|timed out|socket hang up|disconnected/i;
const NO_WRITES = /^(READONLY|MASTERDOWN|LOADING|TRYAGAIN|MOVED|ASK|CROSSSLOT)\b|Too many Cluster redirections|READONLY You can't write/;

/**
 * A Redis failure in words. `during` names what was being done (a command, a subscription), so a missing
 * permission says which.
 */
export function faultOf(err: unknown, during?: string): Fault {
  const e = err as { message?: string; code?: string } | undefined;
  const message = String(e?.message ?? err);
  const code = e?.code ?? '';
  if (/WRONGPASS|NOAUTH|invalid username-password|invalid password|AUTH <password> called without any password/i.test(message))
    return {
      kind: 'auth',
      words: `authentication failed: Redis refused the user name or password (${message.split(/[\s:]/)[0]}); check WORKSPACE_REDIS_USERNAME and WORKSPACE_REDIS_PASSWORD, or the user and password in WORKSPACE_REDIS_URL`,
    };
  if (/NOPERM|can't run this command/.test(message)) {
    const command = /'([\w|]+)' command/.exec(message)?.[1];
    const what = /channel/i.test(message) ? 'a channel' : /key/i.test(message) ? 'a key' : undefined;
    const which = command ? `the ${command.toUpperCase()} command` : (what ?? 'a command');
    return {
      kind: 'permission',
      words: `permission missing: the Redis ACL user may not use ${which}${during ? ` (during ${during})` : ''}; it needs ~lw:* keys, &lw:* channels and the commands in docs/redis.md`,
    };
  }
  if (CERT_CODES.has(code) || /certificate|self[- ]signed/i.test(message))
    return {
      kind: 'certificate',
      words: `certificate not trusted: the Redis server's certificate was refused (${code || message}); set WORKSPACE_REDIS_CA_FILE to the CA that signed it, and reach Redis by a name or address its certificate holds`,
    };
  if (NO_WRITES.test(message)) return { kind: 'no-writes', words: `Redis answers but cannot take writes now (${message.slice(0, 120)})` };
  if (UNREACHABLE.test(message) || UNREACHABLE.test(code)) return { kind: 'unreachable', words: `not reachable: ${message.slice(0, 160)}` };
  return { kind: 'other', words: message.slice(0, 200) };
}

/** Failures that pass on their own (a restart, a failover): a step is tried again within its time. */
export const isTransient = (fault: Fault): boolean => fault.kind === 'unreachable' || fault.kind === 'no-writes';
/** Failures only the operator ends: the client keeps trying, but they are a configuration error. */
export const isMisconfigured = (fault: Fault): boolean =>
  fault.kind === 'auth' || fault.kind === 'permission' || fault.kind === 'certificate';

/** Logs repeating failures at most once per LOG_EVERY_MS per kind, with how many there were meanwhile. */
export class FailureLog {
  private readonly kinds = new Map<string, { last: number; unlogged: number }>();
  constructor(private readonly what: string) {}

  note(fault: Fault, extra: Record<string, unknown> = {}): void {
    const seen = this.kinds.get(fault.kind) ?? { last: 0, unlogged: 0 };
    this.kinds.set(fault.kind, seen);
    seen.unlogged++;
    if (Date.now() - seen.last < LOG_EVERY_MS) return;
    log(isMisconfigured(fault) ? 'error' : 'warn', `${this.what}: ${fault.words}`, { kind: fault.kind, failures: seen.unlogged, ...extra });
    seen.last = Date.now();
    seen.unlogged = 0;
  }

  /** Whether anything was logged since the last recovery; cleared by it. */
  recovered(): boolean {
    const any = [...this.kinds.values()].some((k) => k.last > 0);
    this.kinds.clear();
    return any;
  }
}

/**
 * What /readyz says of one client: `connecting` until it first answers, then `ready` or `degraded`; a
 * refusal only the operator ends (a password, a permission, a certificate) is `misconfigured`, in words.
 */
export class StoreHealth {
  private reached = false;
  private fault: Fault | undefined;
  private faultAt = 0;
  private readonly waiting = new Set<() => void>();
  readonly log: FailureLog;

  constructor(what: string) {
    this.log = new FailureLog(what);
  }

  failed(fault: Fault, extra?: Record<string, unknown>): void {
    // A refusal by the configuration stands until the store answers: the failures it causes next (a
    // cluster that cannot map its slots, a command refused for want of a connection) do not hide it.
    if (!this.misconfigured || isMisconfigured(fault)) this.fault = fault;
    this.faultAt = Date.now();
    this.log.note(fault, extra);
  }

  /** The store answered a command: reached, and a refusal by its configuration is over. */
  answered(): void {
    this.reached = true;
    if (this.fault && isMisconfigured(this.fault)) this.fault = undefined;
    for (const wake of this.waiting) wake();
  }

  /** Resolves once the store is first reached (at once if it was), or after `ms`. */
  reachedWithin(ms: number): Promise<void> {
    if (this.reached) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => (clearTimeout(timer), this.waiting.delete(wake), resolve());
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  /** Whether the store answered since the start. */
  get everReached(): boolean {
    return this.reached;
  }

  /** A refusal by the store's configuration that stands (a command failing meanwhile fails for it). */
  get misconfigured(): Fault | undefined {
    return this.fault && isMisconfigured(this.fault) ? this.fault : undefined;
  }

  /** When the last failure was (0: never). */
  get lastFailure(): number {
    return this.faultAt;
  }

  /** `quietMs`: how long after a failure the store still counts as degraded. */
  state(clientReady: boolean, quietMs: number): StoreReport {
    const reason = this.fault ? { reason: this.fault.words } : {};
    if (this.fault && isMisconfigured(this.fault)) return { state: 'misconfigured', ...reason };
    if (!this.reached) return { state: 'connecting', ...reason };
    if (!clientReady || Date.now() - this.faultAt < quietMs) return { state: 'degraded', ...reason };
    return { state: 'ready' };
  }
}

/**
 * The trust and identity of a TLS connection: the CA file besides the system's, and a client certificate.
 * One context for all of a client's connections: given `ca`, Node builds a context for each connection
 * (each cluster node, each slots refresh, each reconnect), parsing the ~140 system roots every time, which
 * blocks the event loop 60 to 170 ms on a loaded 2-core host.
 */
function tlsOptions(tls: RedisTls | undefined): ConnectionOptions | undefined {
  if (!tls) return undefined;
  if (!tls.ca && !tls.cert) return {};
  return {
    secureContext: createSecureContext({
      ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}),
      ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
    }),
  };
}

/** Commands refused by a demoted master or a replica being promoted: reconnect (Sentinel then names the master). */
const reconnectOnError = (err: Error): 1 | false => (/^(READONLY|MASTERDOWN|LOADING)/.test(err.message) ? 1 : false);

function baseOptions(name: string, commandTimeout: number, offlineQueue: boolean) {
  return {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: 5_000,
    ...(commandTimeout > 0 ? { commandTimeout } : {}),
    maxRetriesPerRequest: 0,
    enableOfflineQueue: offlineQueue,
    // Backs off to 1 s: a store that is not up yet is reached within about that of coming up.
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 4), 1_000),
    reconnectOnError,
  };
}

/**
 * A client of the target's topology, not connected yet (connect() starts it; it then reconnects on its own).
 * `commandTimeout` 0: none (a subscription waits as long as it must). `offlineQueue`: the subscriber needs
 * it to subscribe again after a reconnect.
 */
export function createClient(target: RedisTarget, name: string, commandTimeout = COMMAND_TIMEOUT_MS, offlineQueue = false): RedisClient {
  const base = baseOptions(name, commandTimeout, offlineQueue);
  const tls = tlsOptions(target.tls);
  if (target.topology === 'standalone') return new ioredis.Redis(target.url, { ...base, ...(tls ? { tls } : {}) });
  const auth = {
    ...(target.auth.username ? { username: target.auth.username } : {}),
    ...(target.auth.password ? { password: target.auth.password } : {}),
  };
  if (target.topology === 'sentinel') {
    return new ioredis.Redis({
      ...base,
      ...auth,
      ...(tls ? { tls, sentinelTLS: tls, enableTLSForSentinelMode: true } : {}),
      sentinels: target.sentinels,
      name: target.master,
      role: 'master',
      ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
      // The sentinels' +switch-master ends the connection to the old master at once, rather than at its first READONLY.
      failoverDetector: true,
      sentinelRetryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 4), 1_000),
    });
  }
  const { retryStrategy, lazyConnect: _lazy, enableOfflineQueue: _queue, ...nodeOptions } = base;
  const options = {
    lazyConnect: true,
    enableOfflineQueue: offlineQueue,
    clusterRetryStrategy: retryStrategy as (times: number) => number,
    // Managed services hand out certificates for their names: connect by the name the slots map gives.
    dnsLookup: (address: string, callback: (err: Error | null, address: string) => void) => callback(null, address),
    slotsRefreshTimeout: 2_000,
    retryDelayOnMoved: 50,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 200,
    redisOptions: { ...nodeOptions, ...auth, ...(tls ? { tls } : {}) },
  };
  return new ioredis.Cluster(target.nodes, options);
}

/** Whether a command for any key goes out at once: the client is ready and, on a cluster, so is its connection to every master. */
export function connectedToEveryNode(client: RedisClient): boolean {
  if (client.status !== 'ready') return false;
  return !(client instanceof ioredis.Cluster) || client.nodes('master').every((node) => node.status === 'ready');
}

/**
 * Watches a client: its failures are classified, logged (once per 10 s per kind) and recorded for
 * /readyz; its recovery is said once.
 *
 * `everyNode`, for a client whose commands are given little time (the rate limit's count): a cluster's
 * connection to a node is opened as soon as the slot map names it, and the store is reached once every
 * master's connection is up. ioredis opens it at the first command sent there, which then also waits for the
 * TCP and TLS handshakes, AUTH and the ready check: on TLS (a managed cluster) or a loaded host, longer than
 * a count is given.
 */
export function watchClient(client: RedisClient, health: StoreHealth, what: string, everyNode = false): void {
  client.on('error', (err: Error) => health.failed(faultOf(err)));
  // A cluster's nodes fail one by one: each is said, as the whole cluster's failures are.
  client.on('node error', (err: Error, node?: string) => health.failed(faultOf(err), node ? { node } : {}));
  const ready = () => {
    if (everyNode && !connectedToEveryNode(client)) return;
    health.answered();
    if (health.log.recovered()) log('info', `${what}: Redis answers again`);
  };
  client.on('ready', ready);
  if (!everyNode || !(client instanceof ioredis.Cluster)) return;
  // A node's connection does not reconnect on its own (the cluster makes a new one, a new '+node'); its
  // failures reach the cluster's 'node error'. One that failed at the start is out of the pool until the
  // next slot map: the store is reached without it rather than never.
  client.on('-node', () => {
    if (!health.everReached) ready();
  });
  client.on('+node', (node: Redis) => {
    node.on('ready', ready);
    // Replicas take no writes: a count never goes there.
    if (node.status === 'wait' && !node.options.readOnly) node.connect().catch(() => undefined);
  });
}
