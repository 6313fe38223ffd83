// npm run test:scale: two replicas behind a real nginx on loopback, stateless (round robin) and stateful
// (session affinity on Mcp-Session-Id). Needs nginx (.ci/run installs Debian's package); run by hand, it
// says how to install it when it is missing, as the tests do (test/programs.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, sandboxEnv, startHttpProcess, startSandbox, type HttpProcess } from '../test/helpers.js';
import { aptLine, locate } from '../test/programs.js';

const NGINX = locate('nginx');
if (!NGINX) {
  console.error(`nginx is not installed: ${aptLine(['nginx'])}`);
  process.exit(1);
}

const TOOLS: [string, Record<string, unknown>][] = [
  ['radar_alerts_list', { limit: 2 }],
  ['analytics_hero', {}],
  ['groups_list', {}],
  ['materials_list', { limit: 3 }],
];
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function startNginx(dir: string, site: string, vars: Record<string, string>): ChildProcess {
  const body = readFileSync(new URL(`../deploy/${site}`, import.meta.url), 'utf8').replace(/\$\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  writeFileSync(join(dir, 'site.conf'), body);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  return spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.status !== 502) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface LoadClient {
  connect(): Promise<void>;
  call(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean }>;
  close(): Promise<void>;
}

/** A 2025-11-25 client (the v1 SDK's), with a session where the server keeps them. */
function legacyClient(url: string, c: number): LoadClient {
  const client = new Client({ name: `scale-${c}`, version: '0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  return {
    connect: () => client.connect(transport),
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<{ isError?: boolean }>,
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    },
  };
}

/** A 2026-07-28 client (the v2 SDK's, pinned): no session, every request on its own. */
function modernClient(url: string, c: number): LoadClient {
  const client = new ModernClient({ name: `scale-${c}`, version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  return {
    connect: () => client.connect(new ModernTransport(new URL(url))),
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<{ isError?: boolean }>,
    close: () => client.close().catch(() => undefined),
  };
}

/** `clients` MCP clients at once, each making `calls` tool calls; returns how many succeeded. */
async function load(
  url: string,
  clients: number,
  calls: number,
  make: (url: string, c: number) => LoadClient = legacyClient,
): Promise<{ ok: number; failed: number; ms: number }> {
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const client = make(url, c);
      try {
        await client.connect();
        for (let i = 0; i < calls; i++) {
          const [name, args] = TOOLS[(c + i) % TOOLS.length]!;
          try {
            const r = await client.call(name, args);
            if (r.isError) failed++;
            else ok++;
          } catch {
            failed++;
          }
        }
      } catch {
        failed += calls;
      } finally {
        await client.close();
      }
    }),
  );
  return { ok, failed, ms: performance.now() - started };
}

const toolCalls = (p: HttpProcess) =>
  p
    .stderr()
    .split('\n')
    .filter((l) => l.includes('"msg":"access"') && l.includes('"tool":')).length;
const sessionsOpened = (p: HttpProcess) =>
  p
    .stderr()
    .split('\n')
    .filter((l) => l.includes('"msg":"session opened"')).length;

const sandbox = await startSandbox();
const dir = mkdtempSync(join(tmpdir(), 'lw-nginx-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}/mcp`;
const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' });
const common = ['--allowed-hosts', `127.0.0.1:${port}`];

console.log('## Stateless replicas, round robin\n');
let r1 = await startHttpProcess(env, ['--stateless', ...common]);
let r2 = await startHttpProcess(env, ['--stateless', ...common]);
let nginx = startNginx(dir, 'nginx-stateless.conf', {
  LISTEN: `127.0.0.1:${port}`,
  REPLICA_1: new URL(r1.url).host,
  REPLICA_2: new URL(r2.url).host,
});
await waitFor(url);
const first = await load(url, 20, 25);
check(
  first.ok === 500 && first.failed === 0,
  `500 tool calls from 20 concurrent clients through nginx: ${first.ok} succeeded, ${first.failed} failed (${Math.round(first.ms)} ms, ${Math.round((first.ok / first.ms) * 1000)} calls/s)`,
);
await new Promise((r) => setTimeout(r, 300)); // access-log lines are written as each response closes
const [c1, c2] = [toolCalls(r1), toolCalls(r2)];
check(c1 > 0 && c2 > 0 && c1 + c2 === 500, `both replicas served calls: ${c1} and ${c2}`);
check((await r1.stop()) === 0, 'replica 1 stopped (SIGTERM, exit 0)');
const after = await load(url, 10, 10);
await new Promise((r) => setTimeout(r, 300));
check(after.ok === 100 && after.failed === 0, `with one replica down, 100 new calls: ${after.ok} succeeded, ${after.failed} failed`);
check(toolCalls(r2) - c2 === 100, `the remaining replica served them: ${toolCalls(r2) - c2}`);
await r2.stop();
nginx.kill('SIGQUIT');
await new Promise((r) => nginx.once('exit', r));

console.log('\n## Stateful replicas, session affinity on Mcp-Session-Id\n');
r1 = await startHttpProcess(env, ['--replica-id', 'r1', ...common]);
r2 = await startHttpProcess(env, ['--replica-id', 'r2', ...common]);
nginx = startNginx(dir, 'nginx-stateful.conf', {
  LISTEN: `127.0.0.1:${port}`,
  REPLICA_1: new URL(r1.url).host,
  REPLICA_2: new URL(r2.url).host,
});
await waitFor(url);
const sticky = await load(url, 20, 10);
await new Promise((r) => setTimeout(r, 300));
check(sticky.ok === 200 && sticky.failed === 0, `200 tool calls from 20 sessions: ${sticky.ok} succeeded, ${sticky.failed} failed`);
check(
  sessionsOpened(r1) > 0 && sessionsOpened(r2) > 0,
  `sessions spread over both replicas: ${sessionsOpened(r1)} and ${sessionsOpened(r2)}`,
);
check(toolCalls(r1) + toolCalls(r2) === 200, `every call reached the replica holding its session (${toolCalls(r1)} + ${toolCalls(r2)})`);
// 2026-07-28 requests carry no session id, so the same map sends them round robin.
const [s1, s2] = [toolCalls(r1), toolCalls(r2)];
const modern = await load(url, 20, 10, modernClient);
await new Promise((r) => setTimeout(r, 300));
check(
  modern.ok === 200 && modern.failed === 0,
  `200 tool calls from 20 clients speaking 2026-07-28, on the same setup: ${modern.ok} succeeded, ${modern.failed} failed`,
);
check(
  toolCalls(r1) > s1 && toolCalls(r2) > s2 && sessionsOpened(r1) + sessionsOpened(r2) === 20,
  `both replicas answered them, and they opened no session: ${toolCalls(r1) - s1} and ${toolCalls(r2) - s2}`,
);
await r1.stop();
await r2.stop();
nginx.kill('SIGQUIT');
await new Promise((r) => nginx.once('exit', r));
await sandbox.close();

console.log(`\n${failures.length === 0 ? 'scale test passed' : `scale test FAILED: ${failures.length} check(s)`}`);
process.exit(failures.length === 0 ? 0 : 1);
