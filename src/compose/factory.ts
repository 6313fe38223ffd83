import type { Server } from '@modelcontextprotocol/server';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { CODE_LIMITS } from '../config/code-limits.js';
import { Sandboxes } from '../code/sandboxes.js';
import { Confirmations } from '../confirm/flow.js';
import { AuditLog } from '../telemetry/audit.js';
import { otelWanted, type Telemetry } from '../telemetry/hooks.js';
import { log } from '../telemetry/log.js';
import { CredentialCheck, type Verdict } from '../call/credential-check.js';
import { Upstream } from '../call/upstream.js';
import type { Config } from '../config/parse.js';
import { DEFAULT_JOB_BOUNDS } from '../jobs/caller-jobs.js';
import { MemoryJobStore } from '../jobs/memory-store.js';
import { MemoryReadings } from '../jobs/memory-readings.js';
import type { JobStore } from '../jobs/record.js';
import { Readings } from '../mcp/list-reading.js';
import { JobRunner, newJobId } from '../jobs/runner.js';
import { Catalogue, repeatFacts } from '../mcp/catalogue.js';
import { CallsInFlight } from '../mcp/in-flight.js';
import { ObjectIndex } from '../mcp/object-index.js';
import type { Narrowing } from '../mcp/narrowing.js';
import { requestContext, type Caller } from '../mcp/request-context.js';
import { createMcpServer } from './server.js';

/**
 * A fresh MCP server for a caller (none on stdio): the server's own credentials, or (client-credential
 * hosting) the caller's; a signed-in caller's acting user and scopes; the tools narrowed as the client
 * asked over HTTP (its request's, or its session's initialize's, headers or path).
 */
export type ServerFactory = (caller: Caller | undefined, narrowing?: Narrowing) => Server;

/** The catalogue for an upstream's APIs; `readOnly` for a caller whose sign-in grants reading only. */
export type Catalogues = (upstream: Upstream, readOnly: boolean) => Catalogue;

/** What a process serves with: one upstream pool, the catalogues, and servers made per connection. */
export interface Serving {
  upstream: Upstream;
  inFlight: CallsInFlight;
  /** Every tool this configuration can offer (the server's own credentials, full grant). */
  all: Catalogue;
  /**
   * What a client may narrow its tools to: `all`, or in client-credential hosting (where the server holds
   * no credentials and `all` is empty) the tools of both APIs, as a client bringing both would be offered.
   */
  offerable: Catalogue;
  makeServer: ServerFactory;
  /** Runs the long calls as jobs; none when hand-off is off. */
  jobs: JobRunner | undefined;
  /** Client-credential hosting: whether a caller's own credentials are real, before a session is kept for it. */
  verifyCaller: (caller: Caller) => Promise<Verdict>;
  confirm: Confirmations | undefined;
  audit: AuditLog | undefined;
  telemetry: Telemetry | undefined;
  /** code_run's sandboxes, with code on: the one made ready ahead is ended at a stop. */
  sandboxes: Sandboxes | undefined;
}

export async function prepareServing(config: Config, env: NodeJS.ProcessEnv): Promise<Serving> {
  // Nothing of OpenTelemetry is loaded unless the OTEL_* variables or --metrics ask for it.
  const telemetry = otelWanted(env) || config.http?.metrics ? await startTelemetry(env, config.http?.metrics ?? false) : undefined;
  const upstream = new Upstream(
    { connector: config.connector, content: config.content },
    {
      timeoutMs: config.timeoutMs,
      deadlineMs: config.deadlineMs,
      maxRetries: config.maxRetries,
      retryBaseMs: config.retryBaseMs,
      streamIdleMs: config.streamIdleMs,
      maxAnswerChars: config.maxAnswerChars,
      telemetry,
    },
  );
  const inFlight = new CallsInFlight();
  const jobs = config.jobAfterMs > 0 ? await jobRunner(config) : undefined;
  const catalogues = await selectCatalogues(config);
  const confirm = confirmations(config);
  const credentials = new CredentialCheck();
  const verifyCaller = (caller: Caller) => credentials.verify(caller.hash, upstreamFor(config, upstream, caller));
  const audit = config.auditLog ? new AuditLog(config.auditLog) : undefined;
  // One bound for the process: every session's code_run shares it.
  const sandboxes = config.code ? new Sandboxes(CODE_LIMITS.runsAtOnce, CODE_LIMITS.memoryBytes) : undefined;
  // One place for the readings of lists served in parts, for every server of the process: a next part asked
  // in another session, or on another 2026-07-28 request, reads the same one.
  const readings = new Readings(jobs?.store ?? new MemoryReadings());
  // One index of the objects callers name, for every server of the process (HTTP makes one per request).
  const objects = new ObjectIndex();
  const makeServer = serverFactory(config, upstream, inFlight, catalogues, {
    jobs,
    confirm,
    audit,
    telemetry,
    sandboxes,
    readings,
    objects,
  });
  const all = catalogues(upstream, false);
  const offerable = config.http?.credentials === 'client' ? catalogues(upstream.withTargets(clientApis(config)), false) : all;
  return { upstream, inFlight, jobs, confirm, audit, telemetry, sandboxes, verifyCaller, all, offerable, makeServer };
}

/** OpenTelemetry, loaded now; where it is not installed (the desktop bundle), a warning and none. */
async function startTelemetry(env: NodeJS.ProcessEnv, prometheus: boolean): Promise<Telemetry | undefined> {
  try {
    return await (await import('../telemetry/otel.js')).startTelemetry(env, prometheus);
  } catch (err) {
    log(
      'warn',
      'OpenTelemetry could not be started (the desktop bundle and the default container image do not carry it; the npm package and the image built with TELEMETRY=1 do)',
      {
        error: String(err).slice(0, 200),
      },
    );
    return undefined;
  }
}

/**
 * The job runner: jobs kept in this process, or in Redis shared by replicas. A job waited on by jobs_get
 * waits at most half the hand-off time, so a poll answers well within the client's patience.
 */
async function jobRunner(config: Config): Promise<JobRunner> {
  const replica = `${config.http?.replicaId ?? hostname()}-${process.pid}-${newJobId().slice(0, 6)}`;
  const retention = { keepMs: config.jobKeepMs, quickKeepMs: 0 };
  const bounds = { ...DEFAULT_JOB_BOUNDS, maxRunningPerCaller: config.maxJobsPerCaller };
  let store: JobStore;
  if (config.redis) {
    const { RedisJobStore } = await import('../jobs/redis-store.js');
    // Not waited for: a store that is not up yet is reached in the background, and /readyz says so meanwhile.
    store = RedisJobStore.open(config.redis, { ...retention, quickKeepMs: 30_000 }, replica, bounds);
  } else {
    store = new MemoryJobStore(retention, bounds);
  }
  return new JobRunner(store, {
    handOffMs: config.jobAfterMs,
    pollMs: Math.min(20_000, Math.max(1, Math.round(config.jobAfterMs / 2))),
    replica,
    keepMs: config.jobKeepMs,
    facts: repeatFacts,
  });
}

/**
 * The tool catalogue for each set of APIs a server can have (client-credential hosting offers each client
 * the APIs it brought credentials for) and each grant (read-only or not), chosen once at start.
 */
async function selectCatalogues(config: Config): Promise<Catalogues> {
  const sets = [[], ['connector'], ['content'], ['connector', 'content']] as const;
  const made = new Map<string, Catalogue>();
  const { toolsets, tools, excludeTools } = config;
  for (const apis of sets) {
    for (const readOnly of [false, true]) {
      const filter = {
        apis: new Set(apis),
        toolsets,
        tools,
        excludeTools,
        readOnly: readOnly || config.readOnly,
        code: config.code,
        jobs: config.jobAfterMs > 0,
      };
      made.set(`${apis.join('+')}:${readOnly}`, await Catalogue.select(filter));
    }
  }
  return (upstream, readOnly) => made.get(`${[...upstream.apis()].sort().join('+')}:${readOnly}`)!;
}

/**
 * Confirmations of deletions, sealed with the shared secret, or with a key of this process (then a
 * question asked by one replica cannot be answered on another).
 */
function confirmations(config: Config): Confirmations | undefined {
  // Lockdown asks before every deletion whatever the mode, and over HTTP any request may switch it on.
  if (config.confirmDestructive === 'never' && !config.lockdown && !config.http) return undefined;
  const secret = config.stateSecret ?? randomBytes(32);
  return new Confirmations(config.confirmDestructive, secret, (ctx) => requestContext(ctx).caller.hash);
}

function serverFactory(
  config: Config,
  upstream: Upstream,
  inFlight: CallsInFlight,
  catalogues: Catalogues,
  extras: {
    jobs: JobRunner | undefined;
    confirm: Confirmations | undefined;
    audit: AuditLog | undefined;
    telemetry: Telemetry | undefined;
    sandboxes: Sandboxes | undefined;
    readings: Readings;
    objects: ObjectIndex;
  },
): ServerFactory {
  // Signed-in callers: the tools follow each request's scopes, so a step-up within a session counts at once.
  const perRequest = config.http?.oauth !== undefined;
  const serverFor = (u: Upstream, caller: Caller | undefined, narrowing: Narrowing | undefined) =>
    createMcpServer({
      upstream: u,
      tools: catalogues(u, caller?.readOnly ?? false).narrow(narrowing),
      toolsFor: perRequest ? (grant) => catalogues(u, grant.readOnly).narrow(narrowing) : undefined,
      narrowing,
      keepAliveMs: config.keepAliveMs,
      resultMaxChars: config.resultMaxChars,
      listMaxRows: config.listMaxRows,
      lockdown: config.lockdown,
      codeLimits: { ...CODE_LIMITS, cpuMs: config.codeCpuMs, wallMs: config.codeWallMs },
      maxInFlight: config.http?.maxInFlight,
      inFlight,
      ...extras,
    });
  return (caller, narrowing) => serverFor(upstreamFor(config, upstream, caller), caller, narrowing);
}

/** Stand-in targets for the APIs clients may bring credentials for: only which APIs, never used to call. */
function clientApis(config: Config): Parameters<Upstream['withTargets']>[0] {
  return {
    connector: config.urls.connector ? { baseUrl: config.urls.connector, token: 'client' } : undefined,
    content: config.urls.content ? { baseUrl: config.urls.content, apiKey: 'client', userId: undefined } : undefined,
  };
}

/**
 * The upstream a caller's calls go out through, over the one shared connection pool: in client-credential
 * hosting with that client's credentials only; signed in with a user claim, as the token's user.
 */
function upstreamFor(config: Config, upstream: Upstream, caller: Caller | undefined): Upstream {
  const c = caller?.credentials;
  if (c) {
    return upstream.withTargets({
      connector: c.connectorToken && config.urls.connector ? { baseUrl: config.urls.connector, token: c.connectorToken } : undefined,
      content: c.apiKey && config.urls.content ? { baseUrl: config.urls.content, apiKey: c.apiKey, userId: c.userId } : undefined,
    });
  }
  if (caller?.userId !== undefined && config.content)
    return upstream.withTargets({ connector: config.connector, content: { ...config.content, userId: caller.userId } });
  return upstream;
}
