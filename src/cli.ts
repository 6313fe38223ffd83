#!/usr/bin/env node
import { serveStdio as serveBothRevisions } from '@modelcontextprotocol/server/stdio';
import { inspectorHint } from './banner.js';
import { ConfigError, HELP, parseCli, type Config, type HttpConfig } from './config.js';
import type { Caller } from './http/index.js';
import { readOnlyGrant } from './context.js';
import { errorReply } from './jsonrpc.js';
import { log, registerSecret } from './log.js';
import { Catalogue, unknownToolNames } from './catalogue.js';
import { CallsInFlight, createMcpServer } from './server.js';
// Static on purpose: the bundler wraps a module reached by dynamic import in lazy initialisers, which
// broke zod's own initialisation order in the bundle.
import { StdioTransport } from './stdio.js';
import { Upstream } from './upstream.js';
import { version } from './version.js';

type Closer = () => Promise<void>;
type Cluster = typeof import('node:cluster').default;
/**
 * A fresh MCP server for a caller (none on stdio): the server's own credentials, or (client-credential
 * hosting) the caller's; a signed-in caller's acting user and scopes.
 */
type ServerFactory = (caller: Caller | undefined) => ReturnType<typeof createMcpServer>;

async function main(): Promise<void> {
  let action;
  try {
    action = parseCli(process.argv.slice(2), process.env);
    if (action.kind === 'run') await checkToolNames(action.config);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`learning-workspace-mcp: ${err.message}\n`);
    // Started by an MCP client (stdin is a pipe, not a terminal): the client shows only "connection
    // closed" for a server that exits, so the reason is given as the answer to its requests.
    if (process.stdin.isTTY || process.argv.includes('--http')) process.exit(2);
    return serveConfigError(err.message);
  }
  // Help and version are the only things written to stdout outside the protocol.
  if (action.kind === 'help') return void process.stdout.write(HELP);
  if (action.kind === 'version') return void process.stdout.write(`${version}\n`);

  const config: Config = action.config;
  const closers: Closer[] = [];
  const cluster = config.http && config.http.workers > 1 ? (await import('node:cluster')).default : undefined;
  if (config.sandbox) closers.push(await useSandbox(config));
  if (cluster?.isPrimary) return runPrimary(cluster, config, closers);
  registerSecret(config.connector?.token);
  registerSecret(config.content?.apiKey);

  const upstream = new Upstream(
    { connector: config.connector, content: config.content },
    { timeoutMs: config.timeoutMs, deadlineMs: config.deadlineMs, maxRetries: config.maxRetries, retryBaseMs: config.retryBaseMs, streamIdleMs: config.streamIdleMs },
  );
  closers.unshift(() => upstream.close());
  const inFlight = new CallsInFlight();
  const catalogues = await selectCatalogues(config);
  const makeServer = serverFactory(config, upstream, inFlight, catalogues);
  const shutdown = shutdownOnSignals(closers);
  const all = catalogues(upstream, false);
  if (config.http) return serveHttp(config, config.http, all, upstream, makeServer, closers, shutdown, cluster);
  const tools = all.names.length;
  return serveStdio(makeServer, inFlight, shutdown, tools);
}

/** Starts the built-in sandbox workspace and points the configuration at it. */
async function useSandbox(config: Config): Promise<Closer> {
  const { startSandbox, SANDBOX_CREDENTIALS } = await import('./sandbox/server.js');
  const env = process.env;
  // Pacing of the sandbox's streamed answers, so a demo shows them arriving.
  const sandbox = await startSandbox({
    stream: {
      delayMs: Number(env['WORKSPACE_SANDBOX_STREAM_DELAY_MS'] ?? 40),
      ...(env['WORKSPACE_SANDBOX_STREAM_DELTAS'] ? { deltas: Number(env['WORKSPACE_SANDBOX_STREAM_DELTAS']) } : {}),
    },
  });
  config.connector = { baseUrl: sandbox.url, token: SANDBOX_CREDENTIALS.connectorToken };
  config.content = { baseUrl: sandbox.url, apiKey: SANDBOX_CREDENTIALS.apiKey, userId: SANDBOX_CREDENTIALS.userId };
  log('info', 'sandbox workspace started', { url: sandbox.url });
  return () => sandbox.close();
}

/** The catalogue for an upstream's APIs; `readOnly` for a caller whose sign-in grants reading only. */
type Catalogues = (upstream: Upstream, readOnly: boolean) => Catalogue;

/** --tools and --exclude-tools must name tools (read once the tool list is at hand, not with the flags). */
async function checkToolNames(config: Config): Promise<void> {
  const problem = await unknownToolNames({ apis: new Set(), tools: config.tools, excludeTools: config.excludeTools });
  if (problem) throw new ConfigError(problem);
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
      made.set(`${apis.join('+')}:${readOnly}`, await Catalogue.select({ apis: new Set(apis), toolsets, tools, excludeTools, readOnly: readOnly || config.readOnly }));
    }
  }
  return (upstream, readOnly) => made.get(`${[...upstream.apis()].sort().join('+')}:${readOnly}`)!;
}

function serverFactory(config: Config, upstream: Upstream, inFlight: CallsInFlight, catalogues: Catalogues): ServerFactory {
  // Signed-in callers: the tools follow each request's scopes, so a step-up within a session counts at once.
  const perRequest = config.http?.oauth !== undefined;
  const serverFor = (u: Upstream, caller: Caller | undefined) =>
    createMcpServer({
      upstream: u,
      tools: catalogues(u, caller?.readOnly ?? false),
      toolsFor: perRequest ? (authInfo) => catalogues(u, readOnlyGrant(authInfo)) : undefined,
      keepAliveMs: config.keepAliveMs,
      resultMaxChars: config.resultMaxChars,
      inFlight,
    });
  return (caller) => serverFor(upstreamFor(config, upstream, caller), caller);
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
  if (caller?.userId !== undefined && config.content) return upstream.withTargets({ connector: config.connector, content: { ...config.content, userId: caller.userId } });
  return upstream;
}

/** SIGINT and SIGTERM run the closers in order, then exit; the returned function does the same with a code. */
function shutdownOnSignals(closers: Closer[]): (code: number) => Promise<void> {
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    for (const close of closers) await close().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  return shutdown;
}

async function serveHttp(
  config: Config,
  http: HttpConfig,
  catalogue: Catalogue,
  upstream: Upstream,
  makeServer: ServerFactory,
  closers: Closer[],
  shutdown: (code: number) => Promise<void>,
  cluster: Cluster | undefined,
): Promise<void> {
  const { startHttp } = await import('./http/index.js');
  const tools = catalogue.names.length;
  const handle = await startHttp({ ...http, makeServer, writeTools: catalogue.writes, readOnly: config.readOnly, health: upstream.pool.health }).catch(async (err: unknown) => {
    const code = (err as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    const what = code === 'EADDRINUSE' ? `port ${http.port} on ${http.host} is in use` : `not allowed to use port ${http.port} on ${http.host}`;
    process.stderr.write(`learning-workspace-mcp: ${what}; choose another with --port (or WORKSPACE_MCP_PORT).\n`);
    await shutdown(1);
    throw err;
  });
  // SIGTERM drains: no new requests, calls in flight get the grace period, then sessions close.
  closers.unshift(() => handle.drain(http.drainMs));
  // Workers of a cluster are announced once, by the primary.
  if (cluster?.isWorker) return;
  process.stderr.write(
    `learning-workspace-mcp ${version}: ${http.credentials === 'client' ? 'tools per client credentials' : `${tools} tools`}${config.sandbox ? ' on the sandbox workspace' : ''} (${http.stateless ? 'stateless' : 'stateful'}, ${http.credentials} credentials)\n` +
      `MCP endpoint (Streamable HTTP): ${handle.url}\n` +
      (http.oauth ? `Sign-in: tokens of ${http.oauth.issuer} for ${http.oauth.publicUrl}\n` : inspectorHint(handle.url, http.credentials === 'client' || http.authTokens.length > 0)),
  );
}

/**
 * stdio for both revisions: the SDK's entry reads the opening message (initialize for 2025-11-25,
 * server/discover or an enveloped request for 2026-07-28) and pins the connection to a server of that
 * revision, over our transport with its message limit.
 */
async function serveStdio(makeServer: ServerFactory, inFlight: CallsInFlight, shutdown: (code: number) => Promise<void>, tools: number): Promise<void> {
  const transport = new StdioTransport(process.stdin, process.stdout, undefined, () => void shutdown(0));
  // A client that goes away must end us, once the calls it already sent have answered (their answers
  // still go out on stdout).
  const tick = () => new Promise((r) => setImmediate(r));
  const stdinClosed = () => void tick().then(() => inFlight.settled(10_000)).then(tick).then(() => shutdown(0));
  process.stdin.on('end', stdinClosed);
  process.stdin.on('close', stdinClosed);
  serveBothRevisions(() => makeServer(undefined), { transport, onerror: (error) => log('warn', 'stdio', { error: error.message }) });
  log('info', 'serving on stdio', { tools, version });
}

/**
 * Answers every request with the configuration error until the client closes stdin, then exits 2:
 * the MCP client shows the message instead of "connection closed". A 2025-11-25 client's `initialize`
 * fails with it. A 2026-07-28 client's `server/discover` is answered as usual, since a client pinned
 * to that revision would otherwise report only that the revision was not offered; its next request
 * fails with the message.
 */
async function serveConfigError(message: string): Promise<void> {
  const transport = new StdioTransport();
  transport.onmessage = (m) => {
    if (!('id' in m && 'method' in m)) return;
    if (m.method === 'server/discover') {
      const result = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'learning-workspace', version } } };
      return void transport.send({ jsonrpc: '2.0', id: m.id, result });
    }
    void transport.send(errorReply(m.id, -32603, `learning-workspace-mcp is not configured: ${message}`));
  };
  process.stdin.on('end', () => process.exit(2));
  await transport.start();
}

/**
 * Several workers on one port (stateless HTTP): the primary forks them, replaces any that die, and on
 * SIGTERM passes the signal on so each drains, then exits. With --sandbox the sandbox runs here and the
 * workers are pointed at it, so they all see one workspace.
 */
async function runPrimary(cluster: Cluster, config: Config, closers: Closer[]): Promise<void> {
  const http = config.http!;
  const env: Record<string, string> = { WORKSPACE_MCP_WORKERS: '1' };
  if (config.sandbox && config.connector && config.content) {
    Object.assign(env, {
      WORKSPACE_CONNECTOR_URL: config.connector.baseUrl,
      WORKSPACE_CONNECTOR_TOKEN: config.connector.token,
      WORKSPACE_CONTENT_URL: config.content.baseUrl,
      WORKSPACE_API_KEY: config.content.apiKey,
      WORKSPACE_USER_ID: config.content.userId ?? '',
    });
  }
  cluster.setupPrimary({ args: process.argv.slice(2).filter((a) => a !== '--sandbox'), silent: false });
  let stopping = false;
  let announced = false;
  const fork = () => cluster.fork(env);
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    const host = http.host.includes(':') ? `[${http.host}]` : http.host;
    process.stderr.write(`learning-workspace-mcp ${version}: ${http.workers} workers (stateless, ${http.credentials} credentials)\nMCP endpoint (Streamable HTTP): http://${host}:${address.port}/mcp\n`);
  });
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    log('warn', 'worker exited; starting another', { pid: worker.process.pid, code });
    fork();
  });
  for (let i = 0; i < http.workers; i++) fork();
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.once('exit', resolve), w.process.kill('SIGTERM')))));
    for (const close of closers) await close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  log('error', 'fatal', { error: String(err), stack: (err as Error)?.stack });
  process.exit(1);
});
