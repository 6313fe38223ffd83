// The floor on the SDK this server is built on (v2): a one-tool McpServer forwarding to the same upstream
// with undici, served the way the SDK's guides serve one. Plain JavaScript so nothing but the SDK, zod and
// undici run in it.
// Usage: node minimal-server-v2.mjs [--http [--stateless]]. stdio serves both revisions (serveStdio); HTTP
// answers 2026-07-28 requests through createMcpHandler and 2025-11-25 ones in sessions (stateful) or per
// request (--stateless, the handler's own legacy serving). MIN_CONTRACT=1 returns what this project's
// tools return (structuredContent checked against the same output schema, plus the JSON text block).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { Agent, request } from 'undici';
import * as z from 'zod';

// The HTTP client this server and the bench's direct call use: an Agent of the npm undici. A bare
// request() would go to undici's global dispatcher, which the SDK's import hands to Node's own bundled
// undici (6.x in Node 20), a client without undici 7's check of an idle connection before it is reused
// (one more event-loop turn per request). MIN_GLOBAL_DISPATCHER=1 measures that client.
const dispatcher = process.env.MIN_GLOBAL_DISPATCHER ? undefined : new Agent({ keepAliveTimeout: 30_000 });

/**
 * The one-tool server; with `outputSchema` it returns the output contract. Exported for the bench's
 * in-process CPU figures, which build it in the bench's own process.
 */
export function makeMinimal({ base, token, outputSchema }) {
  const server = new McpServer({ name: 'minimal', version: '0.0.0' });
  server.registerTool(
    'radar_alerts_list',
    {
      description: 'List alerts.',
      inputSchema: z.object({ limit: z.number().int().positive().optional() }),
      ...(outputSchema ? { outputSchema } : {}),
    },
    async (args) => {
      const res = await request(`${base}/api/v1/radar/alerts-list`, {
        dispatcher,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      const { data } = await res.body.json();
      return { content: [{ type: 'text', text: JSON.stringify(data) }], ...(outputSchema ? { structuredContent: data } : {}) };
    },
  );
  return server;
}

/** Serves stdio or HTTP, as the script's usage says. */
async function serve() {
  const base = process.env.WORKSPACE_BASE_URL;
  const token = process.env.WORKSPACE_CONNECTOR_TOKEN;
  const outputSchema = process.env.MIN_CONTRACT ? (await import('../dist/bench/radar.js')).radarTools[0].output : undefined;
  const make = () => makeMinimal({ base, token, outputSchema });
  process.on('SIGINT', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  const stateless = process.argv.includes('--stateless');
  if (!process.argv.includes('--http')) return serveStdio(make);
  const handler = toNodeHandler(createMcpHandler(make, { legacy: stateless ? 'stateless' : 'reject' }));
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const route = classifyInboundRequest({
      httpMethod: req.method,
      protocolVersionHeader: req.headers['mcp-protocol-version'],
      mcpMethodHeader: req.headers['mcp-method'],
      mcpNameHeader: req.headers['mcp-name'],
      body,
    });
    if (stateless || route.kind !== 'legacy') return handler(req, res, body);
    const id = req.headers['mcp-session-id'];
    let transport = id ? sessions.get(id) : undefined;
    if (!transport && isInitializeRequest(body)) {
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      await make().connect(transport);
    }
    if (!transport) return void res.writeHead(400).end();
    await transport.handleRequest(req, res, body);
  });
  http.listen(0, '127.0.0.1', () => process.stderr.write(`MCP endpoint (Streamable HTTP): http://127.0.0.1:${http.address().port}/mcp\n`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve();
