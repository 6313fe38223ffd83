import type { Config, HttpConfig } from '../../config/parse.js';
import type { Catalogue } from '../../mcp/catalogue.js';
import type { ServerFactory, Serving } from '../../compose/factory.js';
import { log } from '../../telemetry/log.js';
import { version } from '../../version.js';
import { servingWords, tryItHint } from './banner.js';
import { startHttp } from './index.js';

/** Serves Streamable HTTP and says where; SIGTERM then drains it. A port in use ends the process with a hint. */
export async function serveHttp(
  config: Config,
  http: HttpConfig,
  serving: Pick<Serving, 'all' | 'offerable' | 'upstream' | 'verifyCaller' | 'telemetry' | 'jobs'> & { makeServer: ServerFactory },
  closers: (() => Promise<void>)[],
  shutdown: (code: number) => Promise<void>,
  announce: boolean,
): Promise<void> {
  const { all, upstream, makeServer, verifyCaller, telemetry } = serving;
  const handle = await startHttp({
    ...http,
    redis: config.redis,
    jobStoreState: serving.jobs && config.redis ? () => serving.jobs!.store.state() : undefined,
    metricsHandler: telemetry?.metrics,
    telemetry,
    makeServer,
    verifyCaller,
    writeTools: all.writes,
    narrowing: narrowingOffered(http, serving.offerable),
    readOnly: config.readOnly,
    health: upstream.pool.health,
  }).catch(async (err: unknown) => {
    const code = (err as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    const what =
      code === 'EADDRINUSE' ? `port ${http.port} on ${http.host} is in use` : `not allowed to use port ${http.port} on ${http.host}`;
    process.stderr.write(`learning-workspace-mcp: ${what}; choose another with --port (or WORKSPACE_MCP_PORT).\n`);
    await shutdown(1);
    throw err;
  });
  // SIGTERM drains: no new requests; calls in flight, and the jobs this replica runs, get the grace period; then sessions close.
  const jobs = serving.jobs;
  closers.unshift(() => handle.drain(http.drainMs, jobs && { busy: () => jobs.busy > 0, stop: () => jobs.interrupt() }));
  // Said once the port is ours, so a start that fails says only why it failed.
  if (!config.stateSecret && config.confirmDestructive !== 'never' && !config.sandbox) {
    log(
      'warn',
      "WORKSPACE_STATE_SECRET is not set: confirmations are sealed with a key of this process, so replicas refuse each other's; set the same secret on every replica",
    );
  }
  // Workers of a cluster are announced once, by the primary.
  if (!announce) return;
  const sends = http.credentials === 'client' ? 'credentials' : http.authTokens.length > 0 ? 'token' : 'nothing';
  process.stderr.write(
    `learning-workspace-mcp ${version}: ${http.credentials === 'client' ? 'tools per client credentials' : `${all.names.length} tools`}${config.sandbox ? ' on the sandbox workspace' : ''} (${servingWords(http.stateless, http.credentials)})\n` +
      `MCP endpoint (Streamable HTTP): ${handle.url}\n` +
      (http.narrowing
        ? `Narrowed per client (within these tools): ${handle.url}/readonly, ${handle.url}/x/<toolsets>[/readonly] (toolsets: ${serving.offerable.toolsets.join(',')}), or headers X-MCP-Toolsets, X-MCP-Tools, X-MCP-Exclude-Tools, X-MCP-Readonly\n`
        : '') +
      (http.oauth
        ? `Sign-in: tokens of ${http.oauth.issuer} for ${http.oauth.publicUrl}\n`
        : tryItHint(handle.url, sends, all.names, config.sandbox ? ['--sandbox'] : [])),
  );
}

/** What clients may narrow their tools to, unless the operator turned narrowing off. */
function narrowingOffered(http: HttpConfig, offerable: Catalogue): Parameters<typeof startHttp>[0]['narrowing'] {
  if (!http.narrowing) return undefined;
  return { offered: { toolsets: offerable.toolsets, names: offerable.names }, empty: (n) => offerable.narrow(n).names.length === 0 };
}
