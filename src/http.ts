import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { log, shortHash } from './log.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** A fresh MCP server for each session. */
  makeServer: () => McpServer;
  maxBodyBytes?: number;
}

export interface HttpHandle {
  url: string;
  server: Server;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

class BodyTooLarge extends Error {}

function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

/** Streamable HTTP at /mcp, one MCP server per session, plus GET /healthz. */
export async function startHttp(opts: HttpOptions): Promise<HttpHandle> {
  const sessions = new Map<string, Session>();
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && !existing) {
      return jsonRpcError(res, 404, -32001, 'Session not found: it ended or expired. Start a new session with initialize.');
    }
    if (req.method === 'POST') {
      let body: unknown;
      try {
        body = await readJson(req, maxBody);
      } catch (err) {
        if (err instanceof BodyTooLarge) return jsonRpcError(res, 413, -32600, `Request body larger than ${maxBody} bytes.`);
        return jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
      }
      if (existing) return existing.transport.handleRequest(req, res, body);
      if (!isInitializeRequest(body)) {
        return jsonRpcError(res, 400, -32000, 'No session: send initialize first, then the Mcp-Session-Id header it returns.');
      }
      const server = opts.makeServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server });
          log('info', 'session opened', { session: shortHash(id) });
        },
      });
      transport.onclose = () => {
        const id = transport.sessionId;
        if (id && sessions.delete(id)) log('info', 'session closed', { session: shortHash(id) });
        void server.close();
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!existing) return jsonRpcError(res, 400, -32000, 'Missing Mcp-Session-Id header.');
      return existing.transport.handleRequest(req, res);
    }
    return jsonRpcError(res, 405, -32000, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch((err: unknown) => {
        log('error', 'http handler failed', { error: String(err) });
        if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error.');
        else res.destroy();
      });
    if (path === '/healthz' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path === '/mcp') return void done(handleMcp(req, res));
    jsonRpcError(res, 404, -32000, 'Not found: the MCP endpoint is /mcp.');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}/mcp`,
    server,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
