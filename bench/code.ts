// npm run bench code: code_run's fixed cost, side by side with one plain tool call over stdio (the SDK's
// client, the built server, the sandbox workspace on loopback). `return 1` makes no tool call: what it costs
// is the run's own machinery (a fresh QuickJS instance, the messages, the answer). Measured against the
// plain call sent the same way: paced, back to back, 8 at once; and the first runs of a server that has not
// listed its tools (everything made while the call waits) or has (its sandbox made ready meanwhile).
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, sandboxEnv, startSandbox, type Sandbox } from '../test/helpers.js';

const ROUNDS = Number(process.env['BENCH_CODE_ROUNDS'] ?? 8);
const PAIRS = Number(process.env['BENCH_CODE_PAIRS'] ?? 10);
const STARTS = Number(process.env['BENCH_CODE_STARTS'] ?? 5);
/** The pause before each call of the paced series: far less than a model's turn between two calls. */
const PAUSE_MS = Number(process.env['BENCH_CODE_PAUSE_MS'] ?? 250);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function rssMb(pid: number | null | undefined): number {
  const m = pid ? /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8')) : null;
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Server {
  client: Client;
  pid: number | null;
  /** The time of one call, end to end; throws on an error result. */
  time(name: string, args: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

async function server(sandbox: Sandbox): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '--toolsets', 'code'],
    env: sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' }),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  const time = async (name: string, args: Record<string, unknown>) => {
    const t = performance.now();
    const r = await client.callTool({ name, arguments: args });
    const took = performance.now() - t;
    if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
    return took;
  };
  return { client, pid: transport.pid, time, close: () => client.close() };
}

const RUN = { code: 'return 1' };

/** First runs of fresh servers: without a listing (cold), and after code_run was listed (warmed meanwhile). */
async function firstRuns(sandbox: Sandbox): Promise<{ cold: number[]; listed: number[]; spareMb: number[] }> {
  const cold: number[] = [];
  const listed: number[] = [];
  const spareMb: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const a = await server(sandbox);
    // The plain call first, so that both series start from a server that has served a call.
    await a.time('analytics_hero', {});
    cold.push(await a.time('code_run', RUN));
    await a.close();
    const b = await server(sandbox);
    await b.time('analytics_hero', {});
    await sleep(500);
    const before = rssMb(b.pid);
    await b.client.listTools();
    // A model reads the tool list and decides for seconds; one second is given here.
    await sleep(1_000);
    spareMb.push(rssMb(b.pid) - before);
    listed.push(await b.time('code_run', RUN));
    await b.close();
  }
  return { cold, listed, spareMb };
}

/** Plain calls and runs in turn, each after a pause, in rounds (drift on the machine falls on both alike). */
async function paced(s: Server): Promise<{ plain: number[]; code: number[]; ratios: number[] }> {
  const plain: number[] = [];
  const code: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const p: number[] = [];
    const c: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      await sleep(PAUSE_MS);
      p.push(await s.time('analytics_hero', {}));
      await sleep(PAUSE_MS);
      c.push(await s.time('code_run', RUN));
    }
    plain.push(...p);
    code.push(...c);
    ratios.push(percentile(c, 50) / percentile(p, 50));
  }
  return { plain, code, ratios };
}

/** Back to back: rounds of plain calls in a row, then runs in a row (drift falls on both alike). */
async function backToBack(s: Server): Promise<{ plain: number[]; code: number[] }> {
  const plain: number[] = [];
  const code: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < PAIRS; i++) plain.push(await s.time('analytics_hero', {}));
    for (let i = 0; i < PAIRS; i++) code.push(await s.time('code_run', RUN));
  }
  return { plain, code };
}

/** Each call's time when 8 are sent at once; the code of each run its own (identical calls would join one job). */
async function atOnce(s: Server, name: string, args: (i: number) => Record<string, unknown>): Promise<number[]> {
  return Promise.all(Array.from({ length: AT_ONCE }, (_, i) => s.time(name, args(i))));
}

const AT_ONCE = 8;
const runAt = (i: number) => ({ code: `return 1 // ${i}` });

/** Rounds of 8 plain calls at once, then 8 runs at once; the first burst of runs (the pool growing to it) apart. */
async function sideBySide(s: Server): Promise<{ plain: number[]; code: number[]; first: number[] }> {
  const first = await atOnce(s, 'code_run', runAt);
  const plain: number[] = [];
  const code: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await sleep(PAUSE_MS);
    plain.push(...(await atOnce(s, 'analytics_hero', () => ({}))));
    await sleep(PAUSE_MS);
    code.push(...(await atOnce(s, 'code_run', runAt)));
  }
  return { plain, code, first };
}

export async function codeCost(): Promise<void> {
  const sandbox = await startSandbox();
  const firsts = await firstRuns(sandbox);
  const s = await server(sandbox);
  await s.client.listTools();
  // Past the first calls of each kind (the process's own code compiled), as the paced series are.
  for (let i = 0; i < 5; i++) {
    await s.time('analytics_hero', {});
    await sleep(PAUSE_MS);
    await s.time('code_run', RUN);
  }
  const steady = await paced(s);
  const row = await backToBack(s);
  const burst = await sideBySide(s);
  const rss = rssMb(s.pid);
  await s.close();
  await sandbox.close();

  const plain50 = percentile(steady.plain, 50);
  const line = (name: string, xs: number[]) => [
    name,
    xs.length,
    ms(percentile(xs, 50)),
    ms(percentile(xs, 90)),
    `${(percentile(xs, 50) / plain50).toFixed(1)}×`,
  ];
  console.log(`\n## code_run's fixed cost (stdio, \`return 1\` against analytics_hero, sandbox upstream on loopback)\n`);
  console.log(
    table(
      ['call', 'n', 'p50', 'p90', '÷ plain call p50'],
      [
        line(`analytics_hero, ${PAUSE_MS} ms apart`, steady.plain),
        line(`code_run return 1, ${PAUSE_MS} ms apart (a sandbox ready)`, steady.code),
        line('analytics_hero, back to back', row.plain),
        line('code_run return 1, back to back', row.code),
        line(`analytics_hero, ${AT_ONCE} at once (each call)`, burst.plain),
        line(`code_run return 1, ${AT_ONCE} at once (each run)`, burst.code),
        line(`the first ${AT_ONCE} runs at once of a server (sandboxes started for them)`, burst.first),
        line('first code_run of a server, its tools not listed (cold: compile, worker, QuickJS)', firsts.cold),
        line('first code_run of a server, 1 s after code_run was listed', firsts.listed),
      ],
    ),
  );
  const against = (name: string, code: number[], plain: number[]) => {
    const c = percentile(code, 50);
    const p = percentile(plain, 50);
    const target = 4 * p + 10;
    return [name, ms(c), ms(p), `${(c / p).toFixed(2)}×`, ms(target), c <= target ? 'yes' : 'no'];
  };
  console.log(`\ncode_run return 1 against a plain call sent the same way (p50s; target: at most 4× the plain call + 10 ms):\n`);
  console.log(
    table(
      ['pattern', 'code_run', 'plain call', 'ratio', 'target', 'holds'],
      [
        against(`${PAUSE_MS} ms apart`, steady.code, steady.plain),
        against('back to back', row.code, row.plain),
        against(`${AT_ONCE} at once`, burst.code, burst.plain),
        against(`${AT_ONCE} at once, against one plain call ${PAUSE_MS} ms apart`, burst.code, steady.plain),
      ],
    ),
  );
  const r = steady.ratios;
  console.log(
    `\ncode_run return 1 ÷ analytics_hero, p50 per round (median and quartiles of ${r.length} rounds of ${PAIRS} pairs): ` +
      `${percentile(r, 50).toFixed(2)}× (${percentile(r, 25).toFixed(2)}–${percentile(r, 75).toFixed(2)}). ` +
      `A sandbox made ready adds ${percentile(firsts.spareMb, 50).toFixed(0)} MB resident (median of ${firsts.spareMb.length} servers); ` +
      `the server held ${rss.toFixed(0)} MB resident after the runs ${AT_ONCE} at once, their sandboxes kept ready.`,
  );
}
