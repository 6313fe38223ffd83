// Prompts and resources, as clients show them to people and agents read them, over stdio and HTTP.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connectHttp,
  connectStdio,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  type Connected,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

let sandbox: Sandbox;
let http: HttpProcess;

beforeAll(async () => {
  sandbox = await startSandbox();
  http = await startHttpProcess(sandboxEnv(sandbox));
});
afterAll(async () => {
  await http.stop();
  await sandbox.close();
});

describe.each(['stdio', 'HTTP'] as const)('%s', (transport) => {
  let conn: Connected;
  beforeAll(async () => {
    conn = transport === 'stdio' ? await connectStdio(sandboxEnv(sandbox)) : await connectHttp(http.url);
  });
  afterAll(() => conn.close());

  test('prompts/list offers the workflows, each with its arguments', async () => {
    const { prompts } = await conn.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['follow_up_this_week', 'monthly_report', 'prepare_course_content']);
    expect(prompts.find((p) => p.name === 'prepare_course_content')?.arguments).toEqual([
      expect.objectContaining({ name: 'folderId', required: true }),
      expect.objectContaining({ name: 'topic', required: true }),
    ]);
  });

  test('prompts/get starts the conversation with a message naming the tools to use', async () => {
    const r = await conn.client.getPrompt({ name: 'follow_up_this_week', arguments: { groupId: 'g_sales_na' } });
    const text = (r.messages[0]?.content as { text: string }).text;
    expect(text).toContain('analytics_needs_attention');
    expect(text).toContain('assignments_for_user');
    expect(text).toContain('g_sales_na');
    const missing = await conn.client
      .getPrompt({ name: 'prepare_course_content', arguments: { topic: 'Phishing' } })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(McpError);
    expect((missing as McpError).message).toContain('needs folderId');
  });

  test('resources give the config fields of each documented component type', async () => {
    const { resources } = await conn.client.listResources();
    const configs = resources.filter((r) => r.uri.startsWith('learning-workspace://components/'));
    expect(configs.map((r) => r.uri)).toEqual(
      ['chat', 'data_analyst', 'flashcards', 'scenarios'].map((t) => `learning-workspace://components/config/${t}`),
    );
    const read = await conn.client.readResource({ uri: 'learning-workspace://components/config/flashcards' });
    const schema = JSON.parse((read.contents[0] as { text: string }).text) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['materials', 'difficulty', 'totalFlashcards', 'viewMode']));
    // The whole reference: what the tool list says only in words is kept here.
    const chat = JSON.parse(
      ((await conn.client.readResource({ uri: 'learning-workspace://components/config/chat' })).contents[0] as { text: string }).text,
    ) as { properties: Record<string, unknown>; required: string[] };
    expect(chat.properties['temperature']).toMatchObject({ minimum: 0, maximum: 2 });
    expect(chat.required).toContain('model');
    expect(await conn.client.readResource({ uri: 'learning-workspace://components/config/nope' }).catch((e: unknown) => e)).toBeInstanceOf(
      McpError,
    );
  });
});

test('a server with only the Content API offers only the prompt its tools serve', async () => {
  const env = sandboxEnv(sandbox);
  delete env['WORKSPACE_CONNECTOR_TOKEN'];
  const conn = await connectStdio(env);
  const names = (await conn.client.listPrompts()).prompts.map((p) => p.name);
  await conn.close();
  expect(names).toEqual(['prepare_course_content']);
});

test('2026-07-28: prompts/list and resources/list carry their cache fields', async () => {
  const client = new ModernClient({ name: 'guides', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernHttp(new URL(http.url)));
  const prompts = (await client.listPrompts()) as { prompts: unknown[]; ttlMs?: number; cacheScope?: string };
  const resources = (await client.listResources()) as { resources: unknown[]; ttlMs?: number; cacheScope?: string };
  await client.close();
  expect(prompts).toMatchObject({ ttlMs: 600_000, cacheScope: 'private' });
  expect(prompts.prompts).toHaveLength(3);
  // Listing the workspace's courses and groups, it may be kept a minute.
  expect(resources).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
  expect(resources.resources).toHaveLength(8 + 3 + 7); // four config references, four views, three courses, seven groups
});
