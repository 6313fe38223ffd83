// npm run bench completion: completing a learner's name at a customer's size, over stdio against the built
// server. The first keystroke reads the whole roster into the caller's index (its time is mostly the
// workspace's, taken by a clock in the sandbox); the next ones are answered from the index.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listen } from '../src/sandbox/platform.js';
import { CLI, sandboxEnv } from '../test/helpers.js';
import { TimedSandbox } from './size.js';

const SIZES = (process.env['BENCH_SIZES'] ?? '5000,20000').split(',').map(Number);
const KEYS = ['Be', 'Ben', 'Ben P', 'u_l0001', 'Sofia Garc'];
const REPEATS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const ref = { type: 'ref/resource' as const, uri: 'learning-workspace://learners/{userId}' };

export async function completionCost(): Promise<void> {
  const rows: string[] = [];
  for (const learners of SIZES) {
    const sandbox = await listen({ size: learners }, (server, url) => new TimedSandbox(server, url, { size: learners }));
    const client = new Client({ name: 'bench', version: '0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI], env: sandboxEnv(sandbox), stderr: 'ignore' }));
    await client.callTool({ name: 'analytics_hero', arguments: {} });
    (sandbox as TimedSandbox).spentMs = 0;
    let t = performance.now();
    const first = await client.complete({ ref, argument: { name: 'userId', value: 'B' } });
    const coldMs = performance.now() - t;
    const workspaceMs = (sandbox as TimedSandbox).spentMs;
    const warm: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      for (const value of KEYS) {
        t = performance.now();
        await client.complete({ ref, argument: { name: 'userId', value } });
        warm.push(performance.now() - t);
      }
    }
    t = performance.now();
    let pages = 0;
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = await client.listResources(cursor === undefined ? undefined : { cursor });
      cursor = page.nextCursor;
      pages++;
    }
    const listMs = performance.now() - t;
    rows.push(
      `| ${learners} | ${coldMs.toFixed(0)} | ${workspaceMs.toFixed(0)} | ${(coldMs - workspaceMs).toFixed(0)} | ${first.completion.total} | ${median(warm).toFixed(1)} | ${Math.max(...warm).toFixed(1)} | ${pages} in ${listMs.toFixed(0)} |`,
    );
    await client.close();
    await sandbox.close();
  }
  console.log('\n## Completion of a learner by name (over stdio; first keystroke reads the roster, the rest from the index)\n');
  console.log(
    '| learners | first keystroke ms | workspace during it ms | server\'s own ms | "B" total | next keystrokes median ms | slowest ms | resources/list pages in ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}
