// npm run bench [section] (latency, cpu, relay, throughput, startup, sign-in, telemetry, size, completion, code, fairness): side-by-side
// figures measured in one run against the sandbox upstream on loopback,
// ending with the three that set the targets: stdio added latency and cold start against the minimal v2
// SDK server, stateful HTTP throughput against the minimal v1 one.
// Latency of a tool call through this server (stdio and HTTP) next to the same request sent directly
// with undici and through a minimal one-tool SDK server (the floor for any server on the SDK).
import { MODERN_CALL_BODY, MODERN_HEADERS } from './modern-call.js';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Agent, Pool, request } from 'undici';
import {
  CLI,
  connectHttp,
  freePort,
  sandboxEnv,
  SANDBOX_CREDENTIALS,
  startHttpProcess,
  startSandbox,
  type Connected,
  type HttpProcess,
} from '../test/helpers.js';

const CALLS = Number(process.env['BENCH_CALLS'] ?? 3000);
/** The three figures issue 33 sets targets for, gathered by the sections that measure them and printed last. */
const headline: { stdio?: string; start?: string; throughput?: string } = {};
const ROUNDS = 15;
const WARMUP = 300;
/** The floor on the SDK this server runs on (v2), and on the one it ran on until the move (v1). */
const ON_NODE_UNDICI = "minimal v2 SDK server on Node's bundled undici";
const V1_ON_NODE_UNDICI = "minimal v1 SDK server on Node's bundled undici";
const MINIMAL = fileURLToPath(new URL('./minimal-server-v2.mjs', import.meta.url));
const MINIMAL_V1 = fileURLToPath(new URL('./minimal-server.mjs', import.meta.url));
const MODERN = '2026-07-28';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function fmt(ms: number): string {
  return ms >= 10 ? ms.toFixed(1) : ms.toFixed(3);
}

export function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

interface Variant {
  name: string;
  call: () => Promise<unknown>;
  samples: number[];
  /** The p50 of each round, for ratios taken within a round (drift on the machine falls on both sides alike). */
  rounds?: number[];
}

/** The median of an unsorted series. */
function median(xs: number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/** Median and quartiles of a series, as "1.07× (0.98–1.15)". */
function spread(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `${percentile(s, 50).toFixed(2)}× (${percentile(s, 25).toFixed(2)}–${percentile(s, 75).toFixed(2)})`;
}

/** Per-round ratios of two series measured side by side: `over[i] / under[i]`. */
function roundRatios(over: number[], under: number[]): number[] {
  return over.map((x, i) => x / under[i]!);
}

type Caller = (name: string, args: Record<string, unknown>) => Promise<{ isError?: boolean; content: unknown }>;

async function stdioClient(script: string, env: Record<string, string>): Promise<Connected> {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], env, stderr: 'ignore' }));
  return { client, close: () => client.close() };
}

/** A v2 SDK client pinned to 2026-07-28, over stdio or HTTP. */
async function modernClient(
  target: { script: string; env: Record<string, string> } | { url: string },
): Promise<{ call: Caller; close: () => Promise<void> }> {
  const client = new V2Client({ name: 'bench', version: '0' }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(
    'url' in target
      ? new V2Http(new URL(target.url))
      : new V2Stdio({ command: process.execPath, args: [target.script], env: target.env, stderr: 'ignore' }),
  );
  return { call: (name, args) => client.callTool({ name, arguments: args }) as never, close: () => client.close() };
}

/**
 * A module of this repository built for the bench into dist/bench/, with its packages left to
 * node_modules, so that what it imports (zod, the SDK) is the same as the minimal servers import.
 */
async function benchModule(entry: string, out: string, minify = false): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    outfile: fileURLToPath(new URL(`../dist/bench/${out}`, import.meta.url)),
    bundle: true,
    minify,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** radar_alerts_list's row, for the minimal servers to return the same output contract (MIN_CONTRACT=1). */
const contractModule = () => benchModule('../tools/radar.ts', 'radar.js');

/** This server's MCP server (bench/in-process.ts), minified as the bin is. */
const inProcessModule = () => benchModule('./in-process.ts', 'in-process.js', true);

/** An upstream in a process of its own that answers every request with `body`: its CPU is not the bench's. */
async function fixedUpstream(body: string): Promise<{ url: string; stop: () => void }> {
  const code =
    "const b=process.env.BODY;require('node:http').createServer((q,r)=>{q.resume();q.on('end',()=>{" +
    "r.writeHead(200,{'content-type':'application/json','content-length':Buffer.byteLength(b)});r.end(b)})})" +
    ".listen(0,'127.0.0.1',function(){console.log(this.address().port)})";
  const child = spawn(process.execPath, ['-e', code], { env: { BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * CPU time per tool call with no pipe or socket between client and server: each server on an in-memory
 * transport in this process, its upstream a process answering with a recorded sandbox answer, in rounds
 * taken in turn. The pipes' wake-ups, which dominate the stdio figure and move it most, are left out:
 * what remains is the work of the client, the SDK and the server, per call.
 */
async function cpu(): Promise<void> {
  await Promise.all([contractModule(), inProcessModule()]);
  const sandbox = await startSandbox();
  const recorded = await request(`${sandbox.url}/api/v1/radar/alerts-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 2 }),
  });
  const upstream = await fixedUpstream(await recorded.body.text());
  await sandbox.close();
  const token = SANDBOX_CREDENTIALS.connectorToken;
  const here = (path: string) => new URL(path, import.meta.url).href;
  const ours = (await import(here('../dist/bench/in-process.js'))) as typeof import('./in-process.js');
  const { makeMinimal } = (await import(here('./minimal-server-v2.mjs'))) as {
    makeMinimal: (o: { base: string; token: string; outputSchema?: unknown }) => { connect: (t: unknown) => Promise<void> };
  };
  const { radarTools } = (await import(here('../dist/bench/radar.js'))) as typeof import('../tools/radar.js');
  const made = ours.ourServer(upstream.url, token);
  const servers = [
    { name: 'this server', server: made.server as { connect: (t: unknown) => Promise<void> } },
    { name: 'minimal v2 SDK server', server: makeMinimal({ base: upstream.url, token }) },
    {
      name: 'minimal v2 SDK server with the same output contract',
      server: makeMinimal({ base: upstream.url, token, outputSchema: radarTools[0]!.output }),
    },
  ];
  const variants = await Promise.all(
    servers.map(async ({ name, server }) => {
      const [a, b] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 'bench', version: '0' });
      await Promise.all([server.connect(a), client.connect(b)]);
      const call = async () => {
        const r = await client.callTool({ name: 'radar_alerts_list', arguments: { limit: 2 } });
        if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
      };
      return { name, call, client, perCall: [] as number[] };
    }),
  );
  const ROUNDS = Number(process.env['BENCH_CPU_ROUNDS'] ?? 16);
  const CALLS = Number(process.env['BENCH_CPU_CALLS'] ?? 1000);
  for (const v of variants) for (let i = 0; i < 2000; i++) await v.call();
  for (let r = 0; r < ROUNDS; r++) {
    // Each round in the other order, so that no server always follows the same one.
    for (const v of r % 2 === 0 ? variants : [...variants].reverse()) {
      const before = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await v.call();
      const used = process.cpuUsage(before);
      v.perCall.push((used.user + used.system) / CALLS);
    }
  }
  const [self, floor, contract] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
  console.log(
    `\n## CPU per tool call in one process (client, SDK and server; ${ROUNDS} rounds of ${CALLS} calls taken in turn, radar_alerts_list)\n`,
  );
  console.log(
    table(
      ['server', 'CPU µs per call (median)', '÷ minimal v2, per round', '÷ minimal v2 with the same output contract, per round'],
      variants.map((v) => [
        v.name,
        median(v.perCall).toFixed(0),
        spread(roundRatios(v.perCall, floor.perCall)),
        spread(roundRatios(v.perCall, contract.perCall)),
      ]),
    ),
  );
  console.log(
    `\nThe minimal v2 server returning the output contract (structuredContent checked against the output schema, and its JSON ` +
      `text) takes ${spread(roundRatios(contract.perCall, floor.perCall))} the plain one's CPU per call; this server, which returns ` +
      `it for every tool, ${spread(roundRatios(self.perCall, floor.perCall))}.`,
  );
  for (const v of variants) await v.client.close();
  await made.close();
  upstream.stop();
}

async function latency(): Promise<void> {
  await contractModule();
  const sandbox = await startSandbox();
  const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' });
  const contractEnv = { ...env, MIN_CONTRACT: '1' };
  // The minimal servers as they ran before they were given the npm undici's Agent (see minimal-server-v2.mjs).
  const nodeUndiciEnv = { ...env, MIN_GLOBAL_DISPATCHER: '1' };
  const args = { limit: 2 };
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const processes: HttpProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  const serve = async (script: string, e: Record<string, string>) => {
    const proc = await startHttpProcess(e, [], script);
    processes.push(proc);
    return proc.url;
  };
  // 2025-11-25: the v1 SDK client, as most hosts in use are; 2026-07-28: the v2 client pinned to it.
  const legacy = async (t: 'stdio' | 'HTTP', script: string, e: Record<string, string>): Promise<Caller> => {
    const c = t === 'stdio' ? await stdioClient(script, e) : await connectHttp(await serve(script, e));
    closers.push(() => c.close());
    return (name, a) => c.client.callTool({ name, arguments: a }) as never;
  };
  const modern = async (t: 'stdio' | 'HTTP', script: string, e: Record<string, string>): Promise<Caller> => {
    const c = await modernClient(t === 'stdio' ? { script, env: e } : { url: await serve(script, e) });
    closers.push(c.close);
    return c.call;
  };
  const tool = (call: Caller) => async () => {
    const r = await call('radar_alerts_list', args);
    if (r.isError) throw new Error(JSON.stringify(r.content));
  };

  const variants: Variant[] = [
    {
      name: 'direct upstream (undici)',
      samples: [],
      call: async () => {
        const res = await request(`${sandbox.url}/api/v1/radar/alerts-list`, {
          dispatcher: agent,
          method: 'POST',
          headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
        return res.body.json();
      },
    },
  ];
  const add = (name: string, call: Caller) => variants.push({ name, samples: [], call: tool(call) });
  for (const t of ['stdio', 'HTTP'] as const) {
    add(`this server, ${t}, 2025-11-25`, await legacy(t, CLI, env));
    add(`minimal v2 SDK server, ${t}, 2025-11-25`, await legacy(t, MINIMAL, env));
    add(`minimal v2 SDK server with the same output contract, ${t}, 2025-11-25`, await legacy(t, MINIMAL, contractEnv));
    add(`minimal v1 SDK server, ${t}, 2025-11-25`, await legacy(t, MINIMAL_V1, env));
    if (t === 'stdio') add(`${ON_NODE_UNDICI}, ${t}, 2025-11-25`, await legacy(t, MINIMAL, nodeUndiciEnv));
    add(`this server, ${t}, ${MODERN}`, await modern(t, CLI, env));
    add(`minimal v2 SDK server, ${t}, ${MODERN}`, await modern(t, MINIMAL, env));
  }

  for (const v of variants) for (let i = 0; i < WARMUP; i++) await v.call();
  // Rounds interleave the variants so drift on the machine falls on all of them alike.
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of variants) {
      const round: number[] = [];
      for (let i = 0; i < CALLS / ROUNDS; i++) {
        const t = performance.now();
        await v.call();
        round.push(performance.now() - t);
      }
      v.samples.push(...round);
      (v.rounds ??= []).push(median(round));
    }
  }
  const stats = new Map(
    variants.map((v) => {
      const s = [...v.samples].sort((a, b) => a - b);
      return [v.name, { p50: percentile(s, 50), p99: percentile(s, 99) }] as const;
    }),
  );
  console.log(`\n## Tool call latency (${CALLS} calls each, radar_alerts_list, sandbox upstream on loopback)\n`);
  console.log(
    table(
      ['path', 'p50 ms', 'p99 ms'],
      [...stats].map(([name, s]) => [name, fmt(s.p50), fmt(s.p99)]),
    ),
  );
  const d = stats.get('direct upstream (undici)')!.p50;
  const added = (name: string) => stats.get(name)!.p50 - d;
  console.log(
    '\nAdded latency at p50 (the path minus the direct call). Target: this server ≤ 1.0× the minimal server on the same SDK (v2).\n',
  );
  const rows: string[][] = [];
  for (const t of ['stdio', 'HTTP'] as const) {
    for (const rev of ['2025-11-25', MODERN]) {
      const ours = added(`this server, ${t}, ${rev}`);
      const v2 = added(`minimal v2 SDK server, ${t}, ${rev}`);
      const row = [t, rev, `${fmt(ours)} ms`, `${fmt(v2)} ms`, `${(ours / v2).toFixed(2)}×`];
      if (rev === MODERN) row.push('', '', '', '');
      else {
        const v1 = added(`minimal v1 SDK server, ${t}, ${rev}`);
        const same = added(`minimal v2 SDK server with the same output contract, ${t}, ${rev}`);
        row.push(`${fmt(v1)} ms`, `${(ours / v1).toFixed(2)}×`, `${fmt(same)} ms`, `${(ours / same).toFixed(2)}×`);
      }
      rows.push(row);
    }
  }
  console.log(
    table(
      ['transport', 'revision', 'this server', 'minimal v2', 'ratio', 'minimal v1', 'ratio', 'minimal v2, same output contract', 'ratio'],
      rows,
    ),
  );
  const ours = added('this server, stdio, 2025-11-25');
  const floor = added('minimal v2 SDK server, stdio, 2025-11-25');
  const nodeUndici = added(`${ON_NODE_UNDICI}, stdio, 2025-11-25`);
  // The same ratio within each round: the machine's drift between rounds cancels out.
  const addedRounds = (name: string) => {
    const direct = variants[0]!.rounds!;
    return variants.find((v) => v.name === name)!.rounds!.map((p50, i) => p50 - direct[i]!);
  };
  const perRound = (name: string) => spread(roundRatios(addedRounds('this server, stdio, 2025-11-25'), addedRounds(name)));
  console.log(
    `\nstdio, 2025-11-25, this server's added latency ÷ the other's, per round (median and quartiles of ${ROUNDS} rounds): ` +
      `minimal v2 ${perRound('minimal v2 SDK server, stdio, 2025-11-25')}; ` +
      `minimal v2 with the same output contract ${perRound('minimal v2 SDK server with the same output contract, stdio, 2025-11-25')}; ` +
      `minimal v1 ${perRound('minimal v1 SDK server, stdio, 2025-11-25')}.`,
  );
  headline.stdio =
    `stdio added latency at p50 (2025-11-25): ${fmt(ours)} ms, the minimal v2 SDK server's ${fmt(floor)} ms: ${(ours / floor).toFixed(2)}× (target ≤ 1.0×; ` +
    `per round ${perRound('minimal v2 SDK server, stdio, 2025-11-25')}; ` +
    `${perRound('minimal v2 SDK server with the same output contract, stdio, 2025-11-25')} the minimal v2 server returning the same output contract; ` +
    `${(ours / nodeUndici).toFixed(2)}× the same server on Node's bundled undici, ${fmt(nodeUndici)} ms)`;

  for (const close of closers) await close();
  await agent.close();
  for (const p of processes) await p.stop();
  await sandbox.close();
}

/** Resident set size of a process, from /proc (Linux). */
function rssMb(pid: number | null | undefined): number {
  if (!pid) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Relay latency of the insights stream over stdio: from the sandbox writing a text delta to the client
 * reading the progress notification that carries it (both in this process, one clock).
 */
async function relay(): Promise<void> {
  const sandbox = await startSandbox();
  const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI], env, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  const arrivals: { at: number; message: string }[] = [];
  const original = transport.onmessage!;
  transport.onmessage = (m) => {
    const msg = m as { method?: string; params?: { message?: string } };
    if (msg.method === 'notifications/progress') arrivals.push({ at: performance.now(), message: msg.params?.message ?? '' });
    original.call(transport, m);
  };

  const run = async (deltas: number, delayMs: number) => {
    const emitted = new Array<number>(deltas);
    arrivals.length = 0;
    sandbox.content.options.stream = { deltas, delayMs, token: (i) => `e${i} `, onEmit: (i, at) => (emitted[i] = at) };
    const r = await client.callTool({ name: 'performance_insights_ask', arguments: { question: 'bench' } }, undefined, {
      onprogress: () => undefined,
      timeout: 600_000,
    });
    if (r.isError) throw new Error(JSON.stringify(r.content));
    const latencies: number[] = [];
    for (const a of arrivals) for (const m of a.message.matchAll(/e(\d+) /g)) latencies.push(a.at - emitted[Number(m[1])]!);
    latencies.sort((a, b) => a - b);
    return { latencies, notifications: arrivals.length };
  };

  console.log('\n## Insights stream relay over stdio (upstream writes a delta → client reads its progress notification)\n');
  const rows: string[][] = [];
  for (const [deltas, delay, target] of [
    [50, 100, 'p50 < 5 ms'],
    [500, 10, 'p99 < 60 ms'],
  ] as const) {
    const { latencies, notifications } = await run(deltas, delay);
    rows.push([
      `${deltas} deltas, ${delay} ms apart`,
      String(notifications),
      fmt(percentile(latencies, 50)),
      fmt(percentile(latencies, 99)),
      target,
    ]);
  }
  console.log(table(['stream', 'notifications', 'p50 ms', 'p99 ms', 'target'], rows));

  await run(1_000, 0);
  const after1k = rssMb(transport.pid);
  const long = await run(10_000, 0);
  const after10k = rssMb(transport.pid);
  console.log(
    `\nServer RSS after a 1,000-delta stream: ${after1k.toFixed(1)} MB; after a 10,000-delta stream: ${after10k.toFixed(1)} MB (${long.latencies.length} deltas relayed in ${long.notifications} notifications).`,
  );
  await client.close();
  await sandbox.close();
}

/** What `npx learning-workspace-mcp` and the .mcpb start: one build. */
const BIN = 'npm bin (dist/src/cli.js, as in the .mcpb)';
/** A stdio server with no dependency, answering by hand: what node itself costs a start. */
const BARE = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
/** Preloaded for the start-up breakdown: when node is up and when a server starts reading stdin. */
const START_MARKS = fileURLToPath(new URL('./start-marks.mjs', import.meta.url));
const INITIALIZE_LINE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
});
const LIST_LINES = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`;

interface Start {
  /** Spawn to the initialize answer read, and to the tools/list answer read (ms, this process's clock). */
  initialized: number;
  listed: number;
  /** With the preload: when node was up and when the server started reading stdin (ms since it started). */
  marks?: { nodeUp: number; reading: number } | undefined;
}

/**
 * One start with a client that only writes the three lines and reads the answers (no validation, no
 * schema compiling on its side), so the time is the server's alone.
 */
async function rawStart(script: string, env: Record<string, string>, marks = false): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(marks ? ['--import', START_MARKS] : []), script], {
    env,
    stdio: ['pipe', 'pipe', marks ? 'pipe' : 'ignore'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const times: number[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before answering tools/list`)));
    let buffered = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      buffered += d;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, nl)) as { id?: number; result?: unknown };
        buffered = buffered.slice(nl + 1);
        if (message.id === undefined) continue;
        if (message.result === undefined) return reject(new Error(`${script}: ${JSON.stringify(message)}`));
        times.push(performance.now() - started);
        if (message.id === 1) child.stdin!.write(LIST_LINES);
        else return resolve();
      }
    });
    child.stdin!.write(`${INITIALIZE_LINE}\n`);
  });
  child.stdin!.end();
  child.kill('SIGTERM');
  await exited;
  const m = /START-MARKS (.*)/.exec(stderr);
  return { initialized: times[0]!, listed: times[1]!, marks: m ? (JSON.parse(m[1]!) as Start['marks']) : undefined };
}

/** One start as an agent framework on the v1 SDK sees it: connect, then listTools() resolved. */
async function sdkStart(script: string, env: Record<string, string>): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [script], env, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  await client.listTools();
  const ms = performance.now() - started;
  const rss = rssMb(transport.pid);
  await client.close();
  return { ms, rss };
}

/** What the build's entry loads before it can answer (its static imports, from esbuild's metafile), by package. */
function startContents(): string {
  const file = fileURLToPath(new URL('../dist/meta.json', import.meta.url));
  if (!existsSync(file)) return 'dist/meta.json is missing: run npm run build.';
  type Output = { bytes: number; imports: { path: string; kind: string }[]; inputs: Record<string, { bytesInOutput: number }> };
  const outputs = (JSON.parse(readFileSync(file, 'utf8')) as { outputs: Record<string, Output> }).outputs;
  const files = Object.keys(outputs).filter((o) => o.endsWith('.js'));
  const loaded = new Set<string>();
  const visit = (o: string) => {
    if (loaded.has(o)) return;
    loaded.add(o);
    for (const i of outputs[o]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  const entry = files.find((o) => o.endsWith('dist/src/cli.js'));
  if (!entry) return 'dist/meta.json names no entry: run npm run build.';
  visit(entry);
  const byPackage = new Map<string, number>();
  for (const o of loaded) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[o]!.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? /^(src\/[^/.]+|tools)\//.exec(input)?.[1] ?? input;
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const sum = (fs: string[]) => fs.reduce((n, o) => n + outputs[o]!.bytes, 0);
  const parts = [...byPackage].filter(([, b]) => b >= 1024).sort((a, b) => b[1] - a[1]);
  return `A start loads ${loaded.size} files, ${kb(sum([...loaded]))}: ${parts.map(([n, b]) => `${n} ${kb(b)}`).join(', ')} (and less than 1 KB each of ${byPackage.size - parts.length} more); ${kb(sum(files.filter((o) => !loaded.has(o))))} in ${files.length - loaded.size} chunks read on first use.`;
}

/**
 * Start-up as Claude Desktop or an agent framework sees it: spawn to the answer of tools/list over stdio,
 * for the npm bin (the build the .mcpb carries too), the minimal SDK servers and node alone, interleaved, medians. Measured
 * twice: by a v1 SDK client (listTools() resolved, which includes the client's own work on the list, such
 * as compiling each tool's output schema) and by a bare client (the answer read, the server's time alone);
 * idle and with the other cores kept busy; then where a start goes, phase by phase.
 */
async function startup(): Promise<void> {
  if (!existsSync(CLI)) throw new Error('dist/ is missing: run npm run build first');
  const env = {
    PATH: process.env['PATH'] ?? '',
    WORKSPACE_BASE_URL: 'http://127.0.0.1:9',
    WORKSPACE_CONNECTOR_TOKEN: 'bench-token-not-used',
    WORKSPACE_API_KEY: 'bench-key-not-used',
  };
  const variants: [string, string][] = [
    [BIN, CLI],
    ['minimal v2 SDK server', MINIMAL],
    ['minimal v1 SDK server', MINIMAL_V1],
    ['node alone (bench/bare-server.mjs, no dependency)', BARE],
  ];
  const RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 21);
  const BUSY = Number(process.env['BENCH_STARTUP_BUSY'] ?? Math.max(1, availableParallelism() - 1));
  const MARK_RUNS = Number(process.env['BENCH_STARTUP_MARK_RUNS'] ?? 7);
  const measure = async () => {
    const m = new Map(variants.map(([n]) => [n, { raw: [] as number[], sdk: [] as number[], rss: [] as number[] }]));
    for (let i = 0; i < RUNS; i++) {
      for (const [name, script] of variants) {
        const s = m.get(name)!;
        s.raw.push((await rawStart(script, env)).listed);
        const { ms, rss } = await sdkStart(script, env);
        s.sdk.push(ms);
        s.rss.push(rss);
      }
    }
    return m;
  };
  const idle = await measure();
  // Under load: busy loops on all cores but one, as on a machine doing other work while a client starts us.
  const loops = Array.from({ length: BUSY }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
  const underLoad = await measure().finally(() => loops.forEach((l) => l.kill()));
  await Promise.all(loops.map((l) => (l.exitCode === null && l.signalCode === null ? new Promise((r) => l.once('exit', r)) : undefined)));
  const phases = new Map(variants.map(([n]) => [n, [] as Start[]]));
  for (let i = 0; i < MARK_RUNS; i++) for (const [name, script] of variants) phases.get(name)!.push(await rawStart(script, env, true));

  const V1 = 'minimal v1 SDK server';
  const ratio = (m: typeof idle, name: string, k: 'raw' | 'sdk') => `${(median(m.get(name)![k]) / median(m.get(V1)![k])).toFixed(2)}×`;
  const cell = (m: typeof idle, name: string, k: 'raw' | 'sdk') => [fmt(median(m.get(name)![k])), ratio(m, name, k)];
  console.log(`\n## Start-up over stdio: spawn to the tools/list answer (median of ${RUNS}, interleaved)\n`);
  console.log(
    table(
      ['server', 'median ms', '× minimal v1 SDK server', 'RSS after start'],
      variants.map(([n]) => [n, fmt(median(idle.get(n)!.sdk)), ratio(idle, n, 'sdk'), `${median(idle.get(n)!.rss).toFixed(1)} MB`]),
    ),
  );
  console.log(`\nEntry size: dist/src/cli.js ${(statSync(CLI).size / 1024).toFixed(0)} KB (target < 1.5 MB).`);
  const start = (k: 'raw' | 'sdk') => {
    const bin = median(idle.get(BIN)![k]);
    const v2 = median(idle.get('minimal v2 SDK server')![k]);
    return `${fmt(bin)} ms, the minimal v2 SDK server's ${fmt(v2)} ms: ${(bin / v2).toFixed(2)}×`;
  };
  headline.start =
    `cold start of the npm bin (idle, medians; target ≤ 0.7×): the server's time (spawn to the tools/list answer read) ${start('raw')}; ` +
    `as a v1 SDK client sees it (listTools() resolved, its compiling of each tool's output schema included) ${start('sdk')}`;

  console.log(
    `\nThe same servers in the same run, side by side (medians of ${RUNS}, ms and × the minimal v1 SDK server). "Answer read": a bare client reads the tools/list answer, the server's time alone; "listTools()": the v1 SDK client above, which also works on the list it gets (it compiles each tool's output schema). Under load: ${BUSY} busy loop${BUSY === 1 ? '' : 's'} (${availableParallelism()} cores).\n`,
  );
  console.log(
    table(
      ['server', 'answer read, idle', '×', 'listTools(), idle', '×', 'answer read, under load', '×', 'listTools(), under load', '×'],
      variants.map(([n]) => [
        n,
        ...cell(idle, n, 'raw'),
        ...cell(idle, n, 'sdk'),
        ...cell(underLoad, n, 'raw'),
        ...cell(underLoad, n, 'sdk'),
      ]),
    ),
  );

  console.log(
    `\nWhere a start goes (bare client, idle, medians of ${MARK_RUNS}; the first two marks by a preload, ms since the server's process started; the answers ms since spawn).\n`,
  );
  console.log(
    table(
      ['server', 'node up', 'reading stdin (modules loaded, set up)', 'initialize answered', 'tools/list answered'],
      variants.map(([n]) => {
        const s = phases.get(n)!;
        return [
          n,
          fmt(median(s.map((x) => x.marks?.nodeUp ?? NaN))),
          fmt(median(s.map((x) => x.marks?.reading ?? NaN))),
          fmt(median(s.map((x) => x.initialized))),
          fmt(median(s.map((x) => x.listed))),
        ];
      }),
    ),
  );
  console.log(`\n${startContents()}`);
}

const INIT_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'load', version: '0' } },
});
const CALL_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'radar_alerts_list', arguments: { limit: 2 } },
});
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
type Mode = 'stateful' | 'stateless' | 'modern';

/** A light load generator: raw HTTP on an undici pool, so the servers, not the clients, are measured. */
async function openSession(pool: Pool, mode: Mode): Promise<Record<string, string>> {
  if (mode === 'modern') return MODERN_HEADERS;
  if (mode === 'stateless') return HEADERS;
  const res = await pool.request({ path: '/mcp', method: 'POST', headers: HEADERS, body: INIT_BODY });
  await res.body.text();
  const id = res.headers['mcp-session-id'];
  if (typeof id !== 'string') throw new Error(`initialize answered ${res.statusCode} without a session`);
  const headers = { ...HEADERS, 'mcp-session-id': id };
  const note = await pool.request({
    path: '/mcp',
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await note.body.text();
  return headers;
}

/** CPU time a process has used so far (user and system), in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    // utime and stime: fields 14 and 15, counted after the command name's closing parenthesis, in ticks of 10 ms (Linux's USER_HZ).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Stateful HTTP at 16 clients, this server against the minimal ones, in many short rounds taken in turn:
 * the ratio of each round (and of the servers' CPU time per call in it), whose median the machine's drift
 * moves less than a best pass. The first of `servers` is this server, the second the reference.
 */
async function pairedRounds(servers: { name: string; proc: HttpProcess; mode: Mode }[]): Promise<{ rate: string; cpu: string }> {
  const ROUNDS = Number(process.env['BENCH_PAIRED_ROUNDS'] ?? 12);
  const CALLS = Number(process.env['BENCH_PAIRED_CALLS'] ?? 1500);
  const clients = await Promise.all(
    servers.map(async (s) => {
      const pool = new Pool(new URL(s.proc.url).origin, { connections: 16 });
      return { ...s, pool, sessions: await Promise.all(Array.from({ length: 16 }, () => openSession(pool, s.mode))) };
    }),
  );
  const rates = clients.map(() => [] as number[]);
  const cpu = clients.map(() => [] as number[]);
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [i, c] of clients.entries()) {
      let left = CALLS;
      const cpuBefore = cpuMs(c.proc.pid);
      const started = performance.now();
      await Promise.all(
        c.sessions.map(async (headers) => {
          while (left-- > 0) {
            const res = await c.pool.request({ path: '/mcp', method: 'POST', headers, body: CALL_BODY });
            const body = await res.body.text();
            if (res.statusCode !== 200 || body.includes('"isError":true'))
              throw new Error(`${c.name}: ${res.statusCode} ${body.slice(0, 200)}`);
          }
        }),
      );
      // Round 0 warms the servers up and is not counted.
      if (round === 0) continue;
      rates[i]!.push(CALLS / ((performance.now() - started) / 1000));
      cpu[i]!.push((cpuMs(c.proc.pid) - cpuBefore) / CALLS);
    }
  }
  for (const c of clients) await c.pool.close();
  console.log(
    `\n### Stateful HTTP, 16 clients, ${ROUNDS} rounds of ${CALLS} calls taken in turn (medians; ratios per round, with quartiles)\n`,
  );
  console.log(
    table(
      ['server', 'calls/s', 'server CPU µs per call', `÷ ${clients[1]!.name}, calls/s`, 'CPU per call, its ÷ this one'],
      clients.map((c, i) => [
        c.name,
        Math.round(median(rates[i]!)).toString(),
        (median(cpu[i]!) * 1000).toFixed(0),
        spread(roundRatios(rates[i]!, rates[1]!)),
        spread(roundRatios(cpu[i]!, cpu[0]!)),
      ]),
    ),
  );
  return { rate: spread(roundRatios(rates[0]!, rates[1]!)), cpu: spread(roundRatios(cpu[1]!, cpu[0]!)) };
}

async function throughput(): Promise<void> {
  const sandbox = await startSandbox();
  // This server at its default log level: the access log line per request is part of its work.
  const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' });
  const servers: { name: string; proc: HttpProcess; mode: Mode }[] = [];
  const quiet = { ...env, WORKSPACE_LOG_LEVEL: 'error' };
  for (const stateless of [false, true]) {
    const flags = stateless ? ['--stateless'] : [];
    const mode = stateless ? 'stateless' : 'stateful';
    const ours = await startHttpProcess(env, flags, CLI, false);
    const v2 = await startHttpProcess(quiet, flags, MINIMAL, false);
    servers.push({ name: `this server, ${mode}`, proc: ours, mode }, { name: `minimal v2 SDK server, ${mode}`, proc: v2, mode });
    servers.push({ name: `minimal v1 SDK server, ${mode}`, proc: await startHttpProcess(quiet, flags, MINIMAL_V1, false), mode });
    if (!stateless)
      servers.push({
        name: `${V1_ON_NODE_UNDICI}, ${mode}`,
        proc: await startHttpProcess({ ...quiet, MIN_GLOBAL_DISPATCHER: '1' }, flags, MINIMAL_V1, false),
        mode,
      });
    // 2026-07-28 requests, which carry no session, on the same processes.
    if (!stateless)
      servers.push(
        { name: 'this server, 2026-07-28', proc: ours, mode: 'modern' },
        { name: 'minimal v2 SDK server, 2026-07-28', proc: v2, mode: 'modern' },
      );
  }
  servers.push({
    name: 'this server, stateless, 2 workers',
    proc: await startHttpProcess(env, ['--stateless', '--workers', '2'], CLI, false),
    mode: 'stateless',
  });
  const CALLS = Number(process.env['BENCH_THROUGHPUT_CALLS'] ?? 4000);
  const PASSES = 3;
  const results = new Map<string, { rate: number; errors: number }>();
  for (const concurrency of [16, 64]) {
    // Passes interleave the servers; the best pass of each counts (the first warms JIT and pools).
    for (let pass = 0; pass < PASSES; pass++) {
      for (const s of servers) {
        const pool = new Pool(new URL(s.proc.url).origin, { connections: concurrency });
        const sessions = await Promise.all(Array.from({ length: concurrency }, () => openSession(pool, s.mode)));
        const callBody = s.mode === 'modern' ? MODERN_CALL_BODY : CALL_BODY;
        let errors = 0;
        let left = CALLS;
        const started = performance.now();
        await Promise.all(
          sessions.map(async (headers) => {
            while (left-- > 0) {
              const res = await pool.request({ path: '/mcp', method: 'POST', headers, body: callBody });
              const body = await res.body.text();
              if (res.statusCode !== 200 || !body.includes('"result"') || body.includes('"isError":true')) errors++;
            }
          }),
        );
        const rate = CALLS / ((performance.now() - started) / 1000);
        const key = `${s.name}|${concurrency}`;
        const best = results.get(key);
        if (!best || rate > best.rate) results.set(key, { rate, errors: (best?.errors ?? 0) + errors });
        else best.errors += errors;
        await pool.close();
      }
    }
  }
  console.log(`\n## HTTP throughput (${CALLS} tools/call per run, best of three interleaved passes, sandbox upstream on loopback)\n`);
  const rows = [...results].map(([key, r]) => {
    const [name, c] = key.split('|');
    return [name!, c!, Math.round(r.rate).toString(), String(r.errors)];
  });
  console.log(table(['server', 'concurrent clients', 'calls/s', 'errors'], rows));
  console.log('\n| mode | clients | this server ÷ minimal v2 SDK server | this server ÷ minimal v1 SDK server |\n|---|---|---|---|');
  for (const [mode, ours] of [
    ['stateful', 'stateful'],
    ['2026-07-28', '2026-07-28'],
    ['stateless', 'stateless'],
    ['stateless', 'stateless, 2 workers'],
  ] as const)
    for (const c of [16, 64]) {
      const rate = results.get(`this server, ${ours}|${c}`)!.rate;
      const v2 = results.get(`minimal v2 SDK server, ${mode}|${c}`)!.rate;
      const v1 = results.get(`minimal v1 SDK server, ${mode}|${c}`)?.rate;
      console.log(`| ${ours} | ${c} | ${(rate / v2).toFixed(2)}× | ${v1 ? `${(rate / v1).toFixed(2)}×` : '—'} |`);
    }
  const stateful = results.get('this server, stateful|16')!.rate;
  const v1Stateful = results.get('minimal v1 SDK server, stateful|16')!.rate;
  const v1NodeUndici = results.get(`${V1_ON_NODE_UNDICI}, stateful|16`)!.rate;
  const paired = await pairedRounds(
    ['this server, stateful', 'minimal v1 SDK server, stateful', 'minimal v2 SDK server, stateful'].map((n) =>
      servers.find((s) => s.name === n)!,
    ),
  );
  headline.throughput =
    `stateful HTTP throughput, 16 clients: ${Math.round(stateful)} calls/s, the minimal v1 SDK server's ${Math.round(v1Stateful)}: ${(stateful / v1Stateful).toFixed(2)}× (target ≥ 1.5×; ` +
    `per round ${paired.rate}, and ${paired.cpu} in the server's CPU time per call; ` +
    `${(stateful / v1NodeUndici).toFixed(2)}× the same server on Node's bundled undici, ${Math.round(v1NodeUndici)})`;

  // Memory with many open sessions.
  const ours = servers[0]!.proc;
  const pool = new Pool(new URL(ours.url).origin, { connections: 16 });
  const before = rssMb(ours.pid);
  for (let i = 0; i < 500; i += 50) await Promise.all(Array.from({ length: 50 }, () => openSession(pool, 'stateful')));
  await new Promise((r) => setTimeout(r, 500));
  console.log(
    `\nRSS of this server (stateful): ${before.toFixed(1)} MB before opening 500 more sessions, ${rssMb(ours.pid).toFixed(1)} MB after (target < 300 MB at 500).`,
  );
  await pool.close();
  for (const p of new Set(servers.map((s) => s.proc))) await p.stop();
  await sandbox.close();
}

/**
 * What sign-in costs: stateless HTTP (every request authenticated) with no token check, a static
 * access token, and OAuth tokens of a real issuer (oidc-provider); and one token's first check against
 * a repeated one, in process.
 */
async function signIn(): Promise<void> {
  const { startIssuer, READ, WRITE } = await import('../test/issuer.js');
  const { TokenVerifier } = await import('../src/transports/http/oauth.js');
  const sandbox = await startSandbox();
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const issuer = await startIssuer({ resource });
  const token = await issuer.robotToken(`${READ} ${WRITE}`);
  const STATIC = 'bench-static-access-token-0123456789';
  const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' });
  const servers = [
    { name: 'no token check (loopback)', proc: await startHttpProcess(env, ['--stateless'], CLI, false), auth: undefined },
    {
      name: 'static access token',
      proc: await startHttpProcess({ ...env, WORKSPACE_MCP_AUTH_TOKEN: STATIC }, ['--stateless'], CLI, false),
      auth: STATIC,
    },
    {
      name: 'OAuth JWT (ES256)',
      proc: await startHttpProcess(
        { ...env, WORKSPACE_MCP_AUTH: 'oauth', WORKSPACE_MCP_OAUTH_ISSUER: issuer.url, WORKSPACE_MCP_PUBLIC_URL: resource },
        ['--stateless', '--port', String(port)],
        CLI,
        false,
      ),
      auth: token,
    },
  ];
  const CALLS = Number(process.env['BENCH_THROUGHPUT_CALLS'] ?? 4000);
  const rates = new Map<string, number>();
  for (let pass = 0; pass < 3; pass++) {
    for (const s of servers) {
      const headers = { ...HEADERS, ...(s.auth ? { authorization: `Bearer ${s.auth}` } : {}) };
      const rate = await sixteenClients(s.proc.url, CALLS, '/mcp', headers, CALL_BODY, (text) => !text.includes('"isError":true'));
      rates.set(s.name, Math.max(rates.get(s.name) ?? 0, rate));
    }
  }
  console.log(`\n## Sign-in (stateless HTTP, every request authenticated; ${CALLS} calls, 16 clients, best of three passes)\n`);
  const open = rates.get(servers[0]!.name)!;
  console.log(
    table(
      ['authentication', 'calls/s', '÷ no token check'],
      servers.map((s) => [s.name, Math.round(rates.get(s.name)!).toString(), `${(rates.get(s.name)! / open).toFixed(2)}×`]),
    ),
  );

  // One token checked first (signature, claims) and then again (remembered), in process.
  const settings = {
    issuer: issuer.url,
    publicUrl: resource,
    audiences: [],
    readScope: READ,
    writeScope: WRITE,
    userClaim: undefined,
    introspection: undefined,
    tokenTypes: ['at+jwt'],
  };
  const verifier = new TokenVerifier(settings, { cacheMs: 0 });
  await verifier.verify(token); // keys fetched
  const N = 2000;
  let t = performance.now();
  for (let i = 0; i < N; i++) await verifier.verify(token);
  const fresh = (performance.now() - t) / N;
  const cached = new TokenVerifier(settings);
  await cached.verify(token);
  t = performance.now();
  for (let i = 0; i < N * 10; i++) await cached.verify(token);
  const hit = (performance.now() - t) / (N * 10);
  console.log(
    `\nOne ES256 token: ${(fresh * 1000).toFixed(0)} µs checked in full, ${(hit * 1000).toFixed(1)} µs when remembered (a minute at most).`,
  );
  for (const s of servers) await s.proc.stop();
  await issuer.close();
  await sandbox.close();
}

/**
 * What telemetry costs a tool call over stdio: off (nothing of OpenTelemetry loaded), on with traces and
 * metrics exported over OTLP/HTTP to a receiver on loopback, and with --metrics (Prometheus) over HTTP.
 */
async function telemetry(): Promise<void> {
  const sandbox = await startSandbox();
  const { createServer } = await import('node:http');
  const receiver = createServer((req, res) =>
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')),
  );
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const otlp = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  const env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' });
  const on = { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: otlp, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_METRIC_EXPORT_INTERVAL: '1000' };
  const variants = [
    { name: 'stdio, telemetry off', conn: await stdioClient(CLI, env), samples: [] as number[] },
    { name: 'stdio, OTLP traces and metrics on', conn: await stdioClient(CLI, on), samples: [] as number[] },
  ];
  const N = Number(process.env['BENCH_TELEMETRY_CALLS'] ?? 1500);
  const call = async (c: Connected) => {
    const r = (await c.client.callTool({ name: 'radar_alerts_list', arguments: { limit: 2 } })) as { isError?: boolean };
    if (r.isError) throw new Error('call failed');
  };
  for (const v of variants) for (let i = 0; i < 200; i++) await call(v.conn);
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of variants) {
      for (let i = 0; i < N / ROUNDS; i++) {
        const t = performance.now();
        await call(v.conn);
        v.samples.push(performance.now() - t);
      }
    }
  }
  const off = median(variants[0]!.samples);
  console.log(`\n## Telemetry cost per tool call (${N} calls each, radar_alerts_list over stdio, interleaved)\n`);
  console.log(
    table(
      ['variant', 'p50 ms', 'p99 ms', 'added at p50'],
      variants.map((v) => [
        v.name,
        fmt(median(v.samples)),
        fmt(
          percentile(
            [...v.samples].sort((a, b) => a - b),
            99,
          ),
        ),
        `${fmt(median(v.samples) - off)} ms`,
      ]),
    ),
  );
  for (const v of variants) await v.conn.close();
  receiver.close();
  await sandbox.close();
}

/**
 * tools/list over 2026-07-28 (a server per request) on /mcp, narrowed by header and by path: each
 * narrowing's catalogue is made once and kept, so a narrowed list should cost what the full one does.
 */
async function narrowing(): Promise<void> {
  const sandbox = await startSandbox();
  const proc = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' }), [], CLI, false);
  const meta = (JSON.parse(MODERN_CALL_BODY) as { params: { _meta: unknown } }).params._meta;
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } });
  const { 'mcp-name': _, ...call } = MODERN_HEADERS;
  const headers: Record<string, string> = { ...call, 'mcp-method': 'tools/list' };
  const variants = [
    { name: '/mcp', path: '/mcp', extra: {} },
    { name: '/mcp, X-MCP-Toolsets: analytics,groups', path: '/mcp', extra: { 'x-mcp-toolsets': 'analytics,groups' } },
    { name: '/mcp/x/analytics/readonly', path: '/mcp/x/analytics/readonly', extra: {} },
  ];
  const CALLS = Number(process.env['BENCH_THROUGHPUT_CALLS'] ?? 4000);
  const best = new Map<string, number>();
  for (let pass = 0; pass < 3; pass++) {
    for (const v of variants) {
      const rate = await sixteenClients(proc.url, CALLS, v.path, { ...headers, ...v.extra }, list, (text) => text.includes('"tools"'));
      best.set(v.name, Math.max(best.get(v.name) ?? 0, rate));
    }
  }
  console.log(`\n## tools/list, 2026-07-28, narrowed per request (${CALLS} per run, 16 clients, best of three interleaved passes)\n`);
  const full = best.get('/mcp')!;
  console.log(
    table(
      ['endpoint', 'lists/s', '÷ /mcp'],
      variants.map((v) => [v.name, Math.round(best.get(v.name)!).toString(), (best.get(v.name)! / full).toFixed(2)]),
    ),
  );
  await proc.stop();
  await sandbox.close();
}

const only = process.argv[2];
if (!only || only === 'latency') await latency();
if (!only || only === 'cpu') await cpu();
if (!only || only === 'relay') await relay();
if (!only || only === 'throughput') await throughput();
if (!only || only === 'narrowing') await narrowing();
if (!only || only === 'startup') await startup();
if (!only || only === 'sign-in') await signIn();
if (!only || only === 'telemetry') await telemetry();
if (!only || only === 'size') await (await import('./size.js')).costAtSize();
if (!only || only === 'code') await (await import('./code.js')).codeCost();
if (!only || only === 'completion') await (await import('./completion.js')).completionCost();
if (!only || only === 'fairness') await (await import('./fairness.js')).fairnessCost();

const figures = [headline.stdio, headline.start, headline.throughput].filter((f) => f !== undefined);
if (figures.length > 0) console.log(`\n## The three figures (same run, same machine)\n\n${figures.map((f) => `- ${f}`).join('\n')}`);

/** Requests per second of 16 clients sending `count` POSTs between them, each answer checked by `ok`. */
async function sixteenClients(
  url: string,
  count: number,
  path: string,
  headers: Record<string, string>,
  body: string,
  ok: (text: string) => boolean,
): Promise<number> {
  const pool = new Pool(new URL(url).origin, { connections: 16 });
  let left = count;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) {
        const res = await pool.request({ path, method: 'POST', headers, body });
        if (res.statusCode !== 200 || !ok(await res.body.text())) errors++;
      }
    }),
  );
  await pool.close();
  if (errors > 0) throw new Error(`${path}: ${errors} of ${count} answers failed`);
  return count / ((performance.now() - started) / 1000);
}
