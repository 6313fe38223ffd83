// The smoke test CI runs on every Node major the package supports (scripts/node-versions.sh), besides the
// whole suite on the machine's Node: the built server over stdio and over Streamable HTTP initializes,
// lists its tools, answers a call and serves a view. It runs the server on the Node that runs the test.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { ALL_TOOLS, connectHttp, connectStdio, sandboxEnv, startHttpProcess, startSandbox, text, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function smoke(client: Client): Promise<void> {
  expect(client.getServerVersion()).toMatchObject({ name: 'learning-workspace', version: pkg.version });
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(ALL_TOOLS);
  const result = (await client.callTool({ name: 'radar_alerts_list', arguments: { status: 'new' } })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(text(result)).toContain('al_1');
  // A view: the tool names it, the server serves its HTML.
  const uri = tools.map((t) => (t._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri).find(Boolean);
  expect(uri).toMatch(/^ui:\/\//);
  const view = (await client.readResource({ uri: uri! })).contents[0] as { text: string; mimeType: string };
  expect(view.mimeType).toBe('text/html;profile=mcp-app');
  expect(view.text).toMatch(/^<!doctype html>/i);
}

describe(`the built server on Node ${process.versions.node}`, () => {
  test('over stdio', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox));
    try {
      await smoke(conn.client);
    } finally {
      await conn.close();
    }
  });

  test('over Streamable HTTP, and it stops with exit code 0 on SIGTERM', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox));
    try {
      const conn = await connectHttp(server.url);
      await smoke(conn.client);
      await conn.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
