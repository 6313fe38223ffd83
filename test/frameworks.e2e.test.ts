// Agent frameworks' own MCP clients against the built server (no model, no network): what each makes of
// the tool list and what a call returns through it.
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport as StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { getAllMcpTools, MCPServerStdio, RunContext } from '@openai/agents-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_TOOLS, CLI, sandboxEnv, startSandbox, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
  env = sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'error' });
});
afterAll(() => sandbox.close());

describe('OpenAI Agents SDK (JavaScript)', () => {
  let server: MCPServerStdio;
  beforeAll(async () => {
    server = new MCPServerStdio({ name: 'learning-workspace', command: process.execPath, args: [CLI], env });
    await server.connect();
  });
  afterAll(() => server.close());

  test(`converts all ${ALL_TOOLS} tools to strict function tools, with no fallback`, async () => {
    const tools = (await getAllMcpTools({ mcpServers: [server], convertSchemasToStrict: true })) as { name: string; strict: boolean }[];
    const loose = tools.filter((t) => !t.strict).map((t) => t.name);
    console.log(
      `OpenAI Agents SDK: ${tools.length} tools, ${tools.length - loose.length} strict${loose.length ? `; not strict: ${loose.join(', ')}` : ''}`,
    );
    expect(tools).toHaveLength(ALL_TOOLS);
    expect(loose).toEqual([]);
  });

  test('calls a read and the streamed answer, with the nulls a strict model sends', async () => {
    const tools = (await getAllMcpTools({ mcpServers: [server], convertSchemasToStrict: true })) as unknown as {
      name: string;
      invoke: (c: RunContext, input: string) => Promise<unknown>;
    }[];
    const call = (name: string, args: Record<string, unknown>) =>
      tools.find((t) => t.name === name)!.invoke(new RunContext(), JSON.stringify(args));
    expect(JSON.stringify(await call('radar_alerts_list', { status: 'new', limit: null }))).toContain('al_1');
    // Paced as the --sandbox demo paces it (40 ms between events).
    sandbox.content.options.stream = { delayMs: 40 };
    const started = Date.now();
    const answer = JSON.stringify(
      await call('performance_insights_ask', {
        question: 'How is Sales North America doing?',
        messages: null,
        sessionId: null,
        componentId: null,
        groupIds: null,
        timezone: null,
        context: null,
        userId: null,
      }),
    );
    expect(answer).toContain('Sales North America has');
    // The Python SDK's default MCP call timeout is 5 s; the paced answer streams in about 3 s.
    const took = Date.now() - started;
    console.log(`OpenAI Agents SDK: performance_insights_ask answered in ${took} ms`);
    expect(took).toBeLessThan(5_000);
    sandbox.content.options.stream = {};
  });
});

describe('Vercel AI SDK MCP client', () => {
  test(`lists the ${ALL_TOOLS} tools and calls them`, async () => {
    const client = await createMCPClient({ transport: new StdioMCPTransport({ command: process.execPath, args: [CLI], env }) });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools)).toHaveLength(ALL_TOOLS);
      const options = { toolCallId: 't1', messages: [] };
      const read = (await tools['radar_alerts_list']!.execute!({ status: 'new' }, options)) as {
        content: { text: string }[];
        structuredContent?: unknown;
      };
      expect(read.content[0]!.text).toContain('al_1');
      const ask = (await tools['performance_insights_ask']!.execute!({ question: 'Who is behind?' }, options)) as {
        content: { text: string }[];
      };
      expect(ask.content[0]!.text).toContain('You asked');
    } finally {
      await client.close();
    }
  });
});
