// What the server relies on in its dependencies, held by tests that fail when a release changes it.
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer, Resource } from '@modelcontextprotocol/server';
import { describe, expect, test } from 'vitest';
import { listViews, VIEW_TABLE, viewMeta } from '../../src/mcp/view-resources.js';

describe('@modelcontextprotocol/ext-apps', () => {
  test("a tool's view _meta and a view's resources/list entry are what ext-apps' own helpers write", () => {
    for (const view of VIEW_TABLE) {
      for (const tool of view.tools) {
        let written: Record<string, unknown> | undefined;
        const capture: Pick<McpServer, 'registerTool'> = { registerTool: ((_name: string, config: { _meta?: Record<string, unknown> }) => void (written = config._meta)) as never };
        registerAppTool(capture, tool, { _meta: { ui: { resourceUri: (viewMeta(tool)!['ui'] as { resourceUri: string }).resourceUri, visibility: ['model', 'app'] } } }, () => ({ content: [] }));
        expect(viewMeta(tool)).toEqual(written);
      }
      let entry: Resource | undefined;
      const capture: Pick<McpServer, 'registerResource'> = {
        registerResource: ((name: string, uri: string, config: Omit<Resource, 'uri' | 'name'>) => void (entry = { uri, name, ...config })) as never,
      };
      const ours = listViews(new Set(view.tools))[0]!;
      registerAppResource(capture, ours.name, ours.uri, { title: ours.title!, description: ours.description! }, () => ({ contents: [] }));
      expect(ours).toEqual(entry);
    }
  });
});

describe('undici', () => {
  test('the pooled agent is reached through the default export, and the error codes the retries name are its own', async () => {
    const { default: undici } = await import('undici');
    const agent = new undici.Agent();
    expect(typeof agent.request).toBe('function');
    await agent.close();
    const { errors } = undici;
    expect([new errors.SocketError('x').code, new errors.ConnectTimeoutError().code, new errors.HeadersTimeoutError().code, new errors.BodyTimeoutError().code]).toEqual([
      'UND_ERR_SOCKET',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
    ]);
  });
});
