#!/usr/bin/env node
// The entry: reads the settings, then serves stdio or HTTP. What each step does lives in its folder:
// config/ (settings), mcp/ (the MCP face), call/ (the request core), transports/ (stdio, HTTP), sandbox/.
import { asksForHttp, ConfigError, HELP, parseCli, type Config } from './config/parse.js';
import { redisSecrets } from './config/redis.js';
import { unknownToolNames } from './mcp/catalogue.js';
import { prepareServing } from './compose/factory.js';
import { log, registerSecret, setLogLevel } from './telemetry/log.js';
// Static on purpose: the bundler wraps a module reached by dynamic import in lazy initialisers, which
// broke zod's own initialisation order in the bundle.
import { serveConfigError, serveStdio } from './transports/stdio/serve.js';
import { version } from './version.js';

type Closer = () => Promise<void>;

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
    if (process.stdin.isTTY || asksForHttp(process.argv.slice(2), process.env)) process.exit(2);
    return serveConfigError(err.message);
  }
  // Help and version are the only things written to stdout outside the protocol.
  if (action.kind === 'help') return void process.stdout.write(HELP);
  if (action.kind === 'version') return void process.stdout.write(`${version}\n`);
  return run(action.config);
}

async function run(config: Config): Promise<void> {
  // Quiet on stdio unless asked: clients show whatever a server writes to stderr, some as errors.
  setLogLevel(config.logLevel ?? (config.http ? 'info' : 'warn'));
  const closers: Closer[] = [];
  const cluster = config.http && config.http.workers > 1 ? (await import('node:cluster')).default : undefined;
  if (config.sandbox) closers.push(await useSandbox(config));
  if (config.http && cluster?.isPrimary) {
    const { runPrimary } = await import('./transports/http/cluster.js');
    return runPrimary(cluster, config, config.http, closers);
  }
  registerSecret(config.connector?.token);
  registerSecret(config.content?.apiKey);
  for (const secret of redisSecrets(config.redis)) registerSecret(secret);
  registerSecret(config.stateSecret);
  const serving = await prepareServing(config, process.env);
  closers.unshift(() => serving.upstream.close());
  // Before the upstream closes: the jobs still running end as interrupted, and their requests with them.
  if (serving.jobs) closers.unshift(() => serving.jobs!.close());
  if (serving.sandboxes) closers.push(() => serving.sandboxes!.close());
  if (serving.audit) closers.push(() => serving.audit!.close());
  if (serving.telemetry) closers.push(() => serving.telemetry!.shutdown());
  const shutdown = shutdownOnSignals(closers, (config.http?.drainMs ?? 0) + STOP_MARGIN_MS);
  if (config.http) {
    const { serveHttp } = await import('./transports/http/serve.js');
    return serveHttp(config, config.http, serving, closers, shutdown, !cluster?.isWorker);
  }
  serveStdio({
    makeServer: () => serving.makeServer(undefined),
    settled: (ms) => serving.inFlight.settled(ms),
    shutdown,
    tools: serving.all.names.length,
  });
}

/** Starts the built-in sandbox workspace and points the configuration at it. */
async function useSandbox(config: Config): Promise<Closer> {
  const { attachSandbox } = await import('./sandbox/attach.js');
  const sandbox = await attachSandbox(process.env, config.sandboxSize);
  config.connector = sandbox.connector;
  config.content = sandbox.content;
  log('debug', 'sandbox workspace started', { url: sandbox.url, learners: sandbox.learners });
  return sandbox.close;
}

/** --tools and --exclude-tools must name tools (read once the tool list is at hand, not with the flags). */
async function checkToolNames(config: Config): Promise<void> {
  const problem = await unknownToolNames({ apis: new Set(), tools: config.tools, excludeTools: config.excludeTools });
  if (problem) throw new ConfigError(problem);
}

/** What a stop takes past the HTTP drain: jobs ended as interrupted, their ends stored, connections closed. */
const STOP_MARGIN_MS = 1_800;

/**
 * SIGINT and SIGTERM run the closers in order, then exit; the returned function does the same with a code.
 * The process exits by `limitMs` whatever a closer waits for, so an orchestrator never has to kill it.
 */
function shutdownOnSignals(closers: Closer[], limitMs: number): (code: number) => Promise<void> {
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      log('warn', 'stop took too long; exiting', { limitMs });
      process.exit(code);
    }, limitMs).unref();
    for (const close of closers) await close().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  return shutdown;
}

main().catch((err: unknown) => {
  log('error', 'fatal', { error: String(err), stack: (err as Error)?.stack });
  process.exit(1);
});
