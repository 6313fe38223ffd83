// Lists a user can trust at any size: a list that may go on says so in parts and inside code_run alike,
// whether the workspace stops at the limit it takes, at the server's own maximum, or at a cap of its own
// that it keeps without a word; and every paged tool takes `fields`, its schema naming the paths.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { tools } from '../tools/index.js';
import { CLI, sandboxEnv, startSandbox, text, type Sandbox } from './helpers.js';

interface Page {
  returned: number;
  total: number;
  nextOffset: number | null;
  mayGoOn?: true;
  cap?: number;
}
interface Run {
  result: Record<string, unknown>;
  calls: number;
  partial?: { tool: string; rows: number; cap?: number }[];
}

let large: Sandbox;
beforeAll(async () => {
  large = await startSandbox({ size: 5_000 });
});
beforeEach(() => large.reset());
afterAll(() => large.close());

/** A fresh server process over stdio (nothing learned yet), every tool and code_run offered. */
async function server(env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '--toolsets', 'all'],
    env: sandboxEnv(large, { WORKSPACE_LOG_LEVEL: 'warn', ...env }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(transport);
  // Listing first makes the SDK client check every structuredContent against the tool's output schema.
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const code = async (source: string) => {
    const r = await call('code_run', { code: source });
    expect(r.isError, text(r)).toBeFalsy();
    return { run: r.structuredContent as unknown as Run, text: text(r) };
  };
  return { client, call, code, close: () => client.close() };
}

const pageOf = (r: CallToolResult) => (r.structuredContent as { page?: Page }).page;

/** What a code run reads of two lists: their counts and what their pages say. */
const READ_BOTH = `const a = await tools.analytics_students({});
const b = await tools.analytics_needs_attention({});
return { students: a.students.length, studentsMayGoOn: a.page?.mayGoOn ?? false, attention: b.students.length, attentionMayGoOn: b.page?.mayGoOn ?? false };`;

describe('a workspace that accepts limit up to 1,000 (5,007 learners)', () => {
  test("code_run's answer and the list's value inside the code say the list may go on", async () => {
    large.refuseLimitAbove(1_000);
    const s = await server();
    try {
      const { run, text: said } = await s.code(
        `const a = await tools.analytics_students({}); return { n: a.students.length, mayGoOn: a.page?.mayGoOn ?? false };`,
      );
      expect(run.result).toEqual({ n: 1_000, mayGoOn: true });
      expect(run.partial).toEqual([{ tool: 'analytics_students', rows: 1_000 }]);
      expect(said).toMatch(/Partial: analytics_students \(1000 rows\) may go on/);
      // A list known whole carries no page, and the run names nothing.
      const whole = await s.code(`const c = await tools.analytics_courses({}); return { keys: Object.keys(c) };`);
      expect(whole.run.result).toEqual({ keys: ['courses'] });
      expect(whole.run.partial).toBeUndefined();
    } finally {
      await s.close();
    }
  }, 90_000);

  test("at the server's own maximum of rows (WORKSPACE_LIST_MAX_ROWS) the same", async () => {
    const s = await server({ WORKSPACE_LIST_MAX_ROWS: '2000' });
    try {
      const { run, text: said } = await s.code(
        `const a = await tools.analytics_students({}); return [a.students.length, a.page?.mayGoOn];`,
      );
      expect(run.result).toEqual([2_000, true]);
      expect(run.partial).toEqual([{ tool: 'analytics_students', rows: 2_000 }]);
      expect(said).toMatch(/Partial: analytics_students/);
    } finally {
      await s.close();
    }
  }, 90_000);
});

describe('a workspace that answers at most 500 rows without a word', () => {
  test('analytics_students {} and then analytics_needs_attention {} both say the list may go on, in parts', async () => {
    large.capRowsSilently(500);
    const s = await server();
    try {
      const roster = await s.call('analytics_students');
      expect(roster.isError, text(roster)).toBeFalsy();
      expect(pageOf(roster)).toMatchObject({ total: 500, mayGoOn: true, cap: 500 });
      expect(text(roster)).toMatch(/stops a list at 500 students without saying so/);
      const attention = await s.call('analytics_needs_attention');
      expect(pageOf(attention)).toMatchObject({ total: 500, mayGoOn: true, cap: 500 });
      // Its next part says so too.
      const next = await s.call('analytics_needs_attention', { offset: pageOf(attention)!.nextOffset! });
      expect(pageOf(next)).toMatchObject({ mayGoOn: true });
    } finally {
      await s.close();
    }
  }, 90_000);

  test('inside code_run alike: the value of each list and the run answer say it may go on', async () => {
    large.capRowsSilently(500);
    const s = await server();
    try {
      const { run, text: said } = await s.code(READ_BOTH);
      expect(run.result).toEqual({ students: 500, studentsMayGoOn: true, attention: 500, attentionMayGoOn: true });
      expect(run.partial).toEqual([
        { tool: 'analytics_students', rows: 500, cap: 500 },
        { tool: 'analytics_needs_attention', rows: 500, cap: 500 },
      ]);
      expect(said).toMatch(/Partial: analytics_students \(500 rows, the workspace's cap\), analytics_needs_attention/);
    } finally {
      await s.close();
    }
  }, 90_000);

  test('a workspace without a cap: the same lists are whole, in parts and inside code_run', async () => {
    const s = await server();
    try {
      const roster = await s.call('analytics_students');
      expect(pageOf(roster)?.mayGoOn).toBeUndefined();
      expect(pageOf(roster)?.total).toBe(large.ws.users.filter((u) => u.role === 'MEMBER').length);
      const { run } = await s.code(READ_BOTH);
      expect(run.result).toMatchObject({ studentsMayGoOn: false, attentionMayGoOn: false });
      expect(run.partial).toBeUndefined();
    } finally {
      await s.close();
    }
  }, 90_000);
});

describe('fields on every paged tool', () => {
  test('every paged tool takes fields, its schema naming the paths (at least one); a part with one path holds only it', async () => {
    const s = await server();
    try {
      const listed = (await s.client.listTools()).tools;
      // The tools that serve a list in parts (materials_list's own `page` is the workspace's page number).
      const paged = listed.filter((t) => tools.find((d) => d.name === t.name)?.pages);
      expect(paged).toHaveLength(8);
      for (const t of paged) {
        const fields = (t.inputSchema.properties as Record<string, { minItems?: number; items?: { enum?: string[] } }>)['fields'];
        const paths = fields?.items?.enum;
        expect(paths, t.name).toEqual(tools.find((d) => d.name === t.name)!.rowPaths);
        expect(fields?.minItems, t.name).toBe(1);
        const def = tools.find((d) => d.name === t.name)!;
        const leaf = paths!.find((p) => !paths!.some((q) => q.startsWith(`${p}.`)))!;
        // A repeated path is taken as once.
        const r = await s.call(t.name, { ...(def.example ?? {}), fields: [leaf, leaf] });
        expect(r.isError, `${t.name}: ${text(r)}`).toBeFalsy();
        const rows = def.pages!.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], r.structuredContent) as object[];
        for (const row of rows) for (const key of Object.keys(row)) expect(key, t.name).toBe(leaf.split('.')[0]);
      }
    } finally {
      await s.close();
    }
  }, 90_000);
});
