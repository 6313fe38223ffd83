import type { Cluster } from 'node:cluster';
import type { Config, HttpConfig } from '../../config/parse.js';
import { log } from '../../telemetry/log.js';
import { version } from '../../version.js';

/**
 * Several workers on one port (stateless HTTP): the primary forks them, replaces any that die, and on
 * SIGTERM passes the signal on so each drains, then exits. With --sandbox the sandbox runs here and the
 * workers are pointed at it, so they all see one workspace.
 */
export function runPrimary(cluster: Cluster, config: Config, http: HttpConfig, closers: (() => Promise<void>)[]): void {
  const env: Record<string, string> = { WORKSPACE_MCP_WORKERS: '1' };
  if (config.sandbox && config.connector && config.content) {
    Object.assign(env, {
      // The workers inherit the environment: WORKSPACE_SANDBOX would start a sandbox in each.
      WORKSPACE_SANDBOX: '',
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
    process.stderr.write(
      `learning-workspace-mcp ${version}: ${http.workers} workers (stateless, ${http.credentials} credentials)\nMCP endpoint (Streamable HTTP): http://${host}:${address.port}/mcp\n`,
    );
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
