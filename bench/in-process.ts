// This server's MCP server for the bench's in-process CPU figures: the Connector tools on an upstream
// at `baseUrl`, without jobs, confirmations or an audit log, none of which a read such as
// radar_alerts_list meets in the built server either. The bench builds this module as the
// bin is built (bundled, minified), leaving the SDK and zod to node_modules so that the minimal servers
// beside it run the same SDK.
import type { Server } from '@modelcontextprotocol/server';
import { tools } from '../tools/index.js';
import { Upstream } from '../src/call/upstream.js';
import { Catalogue } from '../src/mcp/catalogue.js';
import { createMcpServer } from '../src/compose/server.js';
import { DEFAULTS } from '../src/config/defaults.js';

export function ourServer(baseUrl: string, token: string): { server: Server; close: () => Promise<void> } {
  const upstream = new Upstream({ connector: { baseUrl, token } }, { timeoutMs: DEFAULTS.timeoutMs, maxRetries: DEFAULTS.maxRetries });
  const server = createMcpServer({ upstream, tools: Catalogue.of(tools.filter((t) => t.api === 'connector')) });
  return { server, close: () => upstream.close() };
}
