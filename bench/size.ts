// npm run bench size: the server's own cost of whole lists at a customer's size. The sandbox runs in this
// process with a clock around every request it answers, so the workspace's own time is taken out of each
// MCP call (what remains is the server reading, checking, keeping and cutting the list, and the stdio hop);
// the built server runs as a process of its own, whose resident memory is read from /proc.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { request } from 'undici';
import { listen, SANDBOX_CREDENTIALS, type Sandbox } from '../src/sandbox/platform.js';
import { TestSandbox } from '../src/sandbox/testing.js';
import { CLI, sandboxEnv } from '../test/helpers.js';

const SIZES = (process.env['BENCH_SIZES'] ?? '5000,100000').split(',').map(Number);
const REPEATS = Number(process.env['BENCH_SIZE_REPEATS'] ?? 5);
const AT_ONCE = 8;
/** The rows a whole list is read with (WORKSPACE_LIST_MAX_ROWS). */
const MAX_ROWS = 100_000;
/** A next part of one walk, cut to two fields, asked this many times. */
const NEXT_PARTS = 30;
/** Whole lists of 100,000 take a while on a shared machine: no call is cut at the client's 60 s. */
const LONG = { timeout: 600_000 };
/** The server waits as long for its workspace: the sandbox makes a list of 100,000 in seconds, longer on a busy machine. */
const PATIENT = { WORKSPACE_TIMEOUT_MS: '300000', WORKSPACE_DEADLINE_MS: '600000' };

/** The sandbox with a clock: the time it spent answering, summed over the requests since the last reset. */
export class TimedSandbox extends TestSandbox {
  spentMs = 0;
  override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const t = performance.now();
    try {
      await super.handle(req, res);
    } finally {
      this.spentMs += performance.now() - t;
    }
  }
}

function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

function rssMb(pid: number | null | undefined): number {
  if (!pid) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The workspace answering one command directly (no MCP server between): its time and its size. */
async function direct(sandbox: Sandbox, command: string, body: Record<string, unknown>): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await request(`${sandbox.url}/api/v1/${command}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    bytes = (await res.body.arrayBuffer()).byteLength;
    times.push(performance.now() - t);
  }
  return { ms: median(times), bytes };
}

interface Page {
  total?: number;
  nextOffset?: number | null;
  nextCursor?: string | null;
}

/** The `page` of a result in parts, wherever the list sits in it (a list tool's rows, or a nested array). */
function pageOf(structured: unknown): Page | undefined {
  if (!structured || typeof structured !== 'object') return undefined;
  const o = structured as Record<string, unknown>;
  if (o['page'] && typeof o['page'] === 'object') return o['page'] as Page;
  for (const v of Object.values(o)) {
    const inner = v && typeof v === 'object' && !Array.isArray(v) ? pageOf(v) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

interface Row {
  learners: number;
  tool: string;
  rows: number;
  directMs: number;
  directKb: number;
  callMs: number;
  upstreamMs: number;
  ownMs: number;
  firstChars: number;
  parts: number;
  walkMs: number;
  /** A next part from the middle of the walk, with two fields: median ms. */
  nextPartMs: number;
}

async function measureTool(
  client: Client,
  sandbox: TimedSandbox,
  learners: number,
  tool: string,
  args: Record<string, unknown>,
  upstream: [string, Record<string, unknown>],
): Promise<Row> {
  const d = await direct(sandbox, ...upstream);
  console.error(`size: ${learners} learners, ${tool}: the workspace alone ${d.ms.toFixed(0)} ms`);
  const calls: { ms: number; upstream: number }[] = [];
  let first: Awaited<ReturnType<Client['callTool']>> | undefined;
  for (let i = 0; i < REPEATS; i++) {
    sandbox.spentMs = 0;
    const t = performance.now();
    first = await client.callTool({ name: tool, arguments: args }, undefined, LONG);
    calls.push({ ms: performance.now() - t, upstream: sandbox.spentMs });
    if (first.isError) throw new Error(`${tool}: ${JSON.stringify(first.content).slice(0, 300)}`);
  }
  const page = pageOf(first!.structuredContent);
  // Every next part, from the reading the first call kept (its cursor names it).
  let parts = 1;
  let next = page?.nextCursor ?? null;
  const cursors: string[] = [];
  const t = performance.now();
  while (typeof next === 'string') {
    const r = await client.callTool({ name: tool, arguments: { ...args, cursor: next } }, undefined, LONG);
    if (r.isError) throw new Error(`${tool} at ${next}: ${JSON.stringify(r.content).slice(0, 300)}`);
    next = pageOf(r.structuredContent)?.nextCursor ?? null;
    parts++;
    if (next) cursors.push(next);
  }
  const walkMs = performance.now() - t;
  console.error(`size: ${learners} learners, ${tool}: ${parts} parts walked in ${walkMs.toFixed(0)} ms`);
  const middle = cursors[Math.floor(cursors.length / 2)];
  const nextParts: number[] = [];
  for (let i = 0; middle && i < NEXT_PARTS; i++) {
    const started = performance.now();
    const r = await client.callTool({ name: tool, arguments: { ...args, cursor: middle, fields: FIELDS[tool] } });
    if (r.isError) throw new Error(`${tool} next part: ${JSON.stringify(r.content).slice(0, 300)}`);
    nextParts.push(performance.now() - started);
  }
  const text = (first!.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');
  return {
    learners,
    tool,
    rows: page?.total ?? NaN,
    directMs: d.ms,
    directKb: d.bytes / 1024,
    callMs: median(calls.map((c) => c.ms)),
    upstreamMs: median(calls.map((c) => c.upstream)),
    ownMs: median(calls.map((c) => c.ms - c.upstream)),
    firstChars: text.length,
    parts,
    walkMs,
    nextPartMs: median(nextParts),
  };
}

/** Two fields of each paged tool's rows, for the cost of a next part cut to them. */
const FIELDS: Record<string, string[]> = {
  analytics_students: ['user.name', 'coursesCompleted'],
  assignments_get: ['userId', 'progressPercent'],
};

/** A workspace that answers every request at once with the same recorded body (the sandbox answers one at a time). */
async function recorded(body: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

interface Memory {
  idle: number;
  peak: number;
  after: number;
  ms: number;
}

/**
 * Resident memory of the server while 8 whole lists are read and cut at once: idle, at its peak, after.
 * Its workspace answers them together with the sandbox's recorded answer, so that the server holds them
 * all. `distinct`: 8 lists of their own (each a limit of its own), which wait their turn by size; else 8
 * identical calls, which the server reads once.
 */
async function memory(sandbox: TestSandbox, distinct: boolean): Promise<Memory> {
  const res = await request(`${sandbox.url}/api/v1/analytics/students`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: MAX_ROWS }),
  });
  const upstream = await recorded(await res.body.text());
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI],
    env: { ...sandboxEnv(sandbox, PATIENT), WORKSPACE_BASE_URL: upstream.url },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  await client.callTool({ name: 'analytics_hero', arguments: {} });
  const pid = transport.pid ?? undefined;
  const idle = rssMb(pid);
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 5);
  const t = performance.now();
  const args = (i: number) => (distinct ? { limit: MAX_ROWS - i } : {});
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) => client.callTool({ name: 'analytics_students', arguments: args(i) }, undefined, LONG)),
  );
  const ms = performance.now() - t;
  clearInterval(timer);
  peak = Math.max(peak, rssMb(pid));
  const failed = answers.find((a) => a.isError);
  if (failed) throw new Error(`a call of the ${AT_ONCE} failed: ${JSON.stringify(failed.content).slice(0, 400)}`);
  const after = rssMb(pid);
  await client.close();
  upstream.close();
  return { idle, peak, after, ms };
}

interface BuiltIn {
  learners: number;
  server: Memory;
  sandboxPeak: number;
}

/**
 * The Done-when run as a user makes it: `--sandbox --sandbox-size N` and 8 distinct whole lists at once.
 * The built-in sandbox is a process of its own (the workspace, not the server): both are read from /proc.
 */
async function builtIn(learners: number): Promise<BuiltIn> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '--sandbox', '--sandbox-size', String(learners)],
    env: { PATH: process.env['PATH'] ?? '', ...PATIENT },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  await client.callTool({ name: 'analytics_hero', arguments: {} });
  const pid = transport.pid ?? undefined;
  const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  const idle = rssMb(pid);
  let peak = idle;
  let sandboxPeak = rssMb(child);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    sandboxPeak = Math.max(sandboxPeak, rssMb(child));
  }, 5);
  const t = performance.now();
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) =>
      client.callTool({ name: 'analytics_students', arguments: { limit: MAX_ROWS - i } }, undefined, LONG),
    ),
  );
  const ms = performance.now() - t;
  clearInterval(timer);
  const failed = answers.find((a) => a.isError);
  if (failed) throw new Error(`a call of the ${AT_ONCE} failed: ${JSON.stringify(failed.content).slice(0, 400)}`);
  const after = rssMb(pid);
  await client.close();
  return { learners, server: { idle, peak, after, ms }, sandboxPeak };
}

/** The sandbox's own answers (over loopback, no MCP server between), whole lists as the server asks for them. */
const WORKSPACE_ANSWERS: [string, Record<string, unknown>][] = [
  ['analytics/students', { limit: MAX_ROWS }],
  ['analytics/needs-attention', { limit: MAX_ROWS }],
  ['assignments/get', { assignmentId: 'as_sales_onboarding' }],
  ['assignments/get', { assignmentId: 'as_security_all' }],
  ['analytics/hero', {}],
];

export async function costAtSize(): Promise<void> {
  const answers: (string | number)[][] = [];
  const rows: Row[] = [];
  const mem: ({ learners: number; seedMs: number; distinct: boolean } & Memory)[] = [];
  for (const learners of SIZES) {
    const t = performance.now();
    const sandbox = await listen({ size: learners }, (server, url) => new TimedSandbox(server, url, { size: learners }));
    const seedMs = performance.now() - t;
    for (const [command, body] of WORKSPACE_ANSWERS) {
      const d = await direct(sandbox, command, body);
      answers.push([learners, `${command} ${JSON.stringify(body)}`, d.ms.toFixed(0), (d.bytes / 1024).toFixed(0)]);
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI],
      env: sandboxEnv(sandbox, PATIENT),
      stderr: 'ignore',
    });
    const client = new Client({ name: 'bench', version: '0' });
    await client.connect(transport);
    await client.callTool({ name: 'analytics_hero', arguments: {} });
    rows.push(await measureTool(client, sandbox, learners, 'analytics_students', {}, ['analytics/students', { limit: MAX_ROWS }]));
    rows.push(
      await measureTool(client, sandbox, learners, 'assignments_get', { assignmentId: 'as_security_all' }, [
        'assignments/get',
        { assignmentId: 'as_security_all' },
      ]),
    );
    await client.close();
    for (const distinct of [false, true]) mem.push({ learners, seedMs, distinct, ...(await memory(sandbox, distinct)) });
    await sandbox.close();
  }
  const b = await builtIn(Math.max(...SIZES));
  console.log(`\n## Cost at size: the sandbox's own answers (median of 3, over loopback, no MCP server between)\n`);
  console.log(table(['learners', 'command', 'ms', 'KB'], answers));
  console.log(
    `\n### The server's own cost (whole lists over stdio; median of ${REPEATS} calls; the workspace's time, taken by a clock in the sandbox, left out)\n`,
  );
  console.log(
    table(
      [
        'learners',
        'tool (no limit)',
        'rows',
        'workspace alone ms (KB)',
        'MCP call ms',
        'workspace during call ms',
        "server's own ms",
        'own µs per row',
        'first part chars',
        'parts',
        'every next part ms',
        'a next part, 2 fields, ms',
      ],
      rows.map((r) => [
        r.learners,
        r.tool,
        r.rows,
        `${r.directMs.toFixed(0)} (${r.directKb.toFixed(0)})`,
        r.callMs.toFixed(0),
        r.upstreamMs.toFixed(0),
        r.ownMs.toFixed(0),
        ((1000 * r.ownMs) / r.rows).toFixed(1),
        r.firstChars,
        r.parts,
        r.walkMs.toFixed(0),
        r.nextPartMs.toFixed(1),
      ]),
    ),
  );
  for (const tool of new Set(rows.map((r) => r.tool))) {
    const [a, b] = rows.filter((r) => r.tool === tool);
    if (a && b)
      console.log(
        `\n${tool}: ${b.rows / a.rows}× the rows, ${(b.ownMs / a.ownMs).toFixed(2)}× the server's own time, ${(b.walkMs / a.walkMs).toFixed(2)}× the time of every next part; a next part with two fields ${b.nextPartMs.toFixed(1)} ms against ${a.nextPartMs.toFixed(1)} ms (at most 3× + 15 ms: ${(3 * a.nextPartMs + 15).toFixed(1)} ms).`,
      );
  }
  console.log(
    `\n### Resident memory of the server, ${AT_ONCE} calls of analytics_students at once (each reads the whole list, answered at once with the sandbox's recorded one): identical ({}, read once), or distinct (each its own limit, read in turns)\n`,
  );
  console.log(
    table(
      [
        'learners',
        'calls',
        'sandbox made in ms',
        'RSS idle MB',
        `peak RSS during ${AT_ONCE} at once MB`,
        'RSS after MB',
        `${AT_ONCE} calls took ms`,
      ],
      mem.map((m) => [
        m.learners,
        m.distinct ? 'distinct' : 'identical',
        m.seedMs.toFixed(0),
        m.idle.toFixed(0),
        m.peak.toFixed(0),
        m.after.toFixed(0),
        m.ms.toFixed(0),
      ]),
    ),
  );
  console.log(
    `\n### --sandbox --sandbox-size ${b.learners}: ${AT_ONCE} distinct whole lists of analytics_students at once (the built-in sandbox in its own process, as the user runs it)\n`,
  );
  console.log(
    table(
      ['server RSS idle MB', 'server peak RSS MB', 'server RSS after MB', "sandbox's peak RSS MB", `${AT_ONCE} calls took ms`],
      [[b.server.idle.toFixed(0), b.server.peak.toFixed(0), b.server.after.toFixed(0), b.sandboxPeak.toFixed(0), b.server.ms.toFixed(0)]],
    ),
  );
}
