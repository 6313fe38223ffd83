// What a strict-mode agent framework sends: every optional field present and null. Each tool, called that
// way over stdio on the sandbox (with its row's example for what it needs), is served as if the fields
// were left out.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withoutNullOptionals } from '../src/mcp/arguments.js';
import { tools } from '../tools/index.js';
import { connectStdio, sandboxEnv, startSandbox, text, type Connected, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
let conn: Connected;
let listed: { name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }[];

beforeAll(async () => {
  sandbox = await startSandbox({ generationMs: 10, processingMs: 10 });
  conn = await connectStdio(sandboxEnv(sandbox));
  listed = (await conn.client.listTools()).tools as typeof listed;
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

test('every tool takes null for each optional field, as if it were left out', async () => {
  const refused: string[] = [];
  for (const row of tools) {
    const tool = listed.find((t) => t.name === row.name);
    expect(tool, row.name).toBeDefined();
    const example = row.example ?? {};
    const optional = Object.keys(tool!.inputSchema.properties ?? {}).filter((k) => !(tool!.inputSchema.required ?? []).includes(k));
    const args = { ...example, ...Object.fromEntries(optional.filter((k) => !(k in example)).map((k) => [k, null])) };
    const r = (await conn.client.callTool({ name: row.name, arguments: args })) as CallToolResult;
    if (r.isError && /INVALID_INPUT|nothing was sent/.test(text(r))) refused.push(`${row.name}: ${text(r).slice(0, 200)}`);
  }
  expect(refused).toEqual([]);
});

test("batch_call takes null for its key and for a call's arguments", async () => {
  const r = (await conn.client.callTool({
    name: 'batch_call',
    arguments: { calls: [{ tool: 'analytics_hero', arguments: null }], idempotencyKey: null },
  })) as CallToolResult;
  expect(r.isError, text(r)).toBeFalsy();
});

test('null is dropped only where a field is optional, nested objects and list items included', () => {
  const def = tools.find((t) => t.name === 'presentations_create')!;
  const args = {
    topic: 'T',
    numberOfSlides: 1,
    locale: 'en-US',
    logoUrl: null,
    customImages: [{ url: 'https://i.example/a.png', base64: null, description: 'a' }],
  };
  expect(withoutNullOptionals(def.input, args)).toEqual({
    topic: 'T',
    numberOfSlides: 1,
    locale: 'en-US',
    customImages: [{ url: 'https://i.example/a.png', description: 'a' }],
  });
  // A required field sent as null stays, for the schema to refuse with its name.
  expect(withoutNullOptionals(def.input, { topic: null })).toEqual({ topic: null });
  // Where null means something (groups_list's parentId: the top level), it is kept.
  const list = tools.find((t) => t.name === 'groups_list')!;
  expect(withoutNullOptionals(list.input, { parentId: null })).toEqual({ parentId: null });
});
