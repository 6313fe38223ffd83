// What a smoke test asks of a built server, wherever it runs (the Node versions, the container image): it
// names itself, lists its tools, answers a call and serves a view's HTML.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { ALL_TOOLS, text } from './helpers.js';

export async function smoke(client: Client): Promise<void> {
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
