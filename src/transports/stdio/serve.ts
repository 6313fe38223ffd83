import { serveStdio as serveBothRevisions } from '@modelcontextprotocol/server/stdio';
import type { Server } from '@modelcontextprotocol/server';
import { log } from '../../telemetry/log.js';
import { version } from '../../version.js';
import { errorReply } from '../jsonrpc.js';
import { StdioTransport } from './transport.js';

/** What serving stdio needs of the process: a server per connection, and a wait for the calls in flight. */
export interface StdioServing {
  makeServer: () => Server;
  /** Resolves once no call is running, or when the wait is over. */
  settled: (maxWaitMs: number) => Promise<void>;
  shutdown: (code: number) => Promise<void>;
  tools: number;
}

/**
 * stdio for both revisions: the SDK's entry reads the opening message (initialize for 2025-11-25,
 * server/discover or an enveloped request for 2026-07-28) and pins the connection to a server of that
 * revision, over our transport with its message limit.
 */
export function serveStdio({ makeServer, settled, shutdown, tools }: StdioServing): void {
  const transport = new StdioTransport(process.stdin, process.stdout, undefined, () => void shutdown(0));
  // A client that goes away must end us, once the calls it already sent have answered (their answers
  // still go out on stdout).
  const tick = () => new Promise((r) => setImmediate(r));
  const stdinClosed = () =>
    void tick()
      .then(() => settled(10_000))
      .then(tick)
      .then(() => shutdown(0));
  process.stdin.on('end', stdinClosed);
  process.stdin.on('close', stdinClosed);
  serveBothRevisions(makeServer, { transport, onerror: (error) => log('warn', 'stdio', { error: error.message }) });
  log('info', 'serving on stdio', { tools, version });
}

/**
 * Answers every request with the configuration error until the client closes stdin, then exits 2:
 * the MCP client shows the message instead of "connection closed". A 2025-11-25 client's `initialize`
 * fails with it. A 2026-07-28 client's `server/discover` is answered as usual, since a client pinned
 * to that revision would otherwise report only that the revision was not offered; its next request
 * fails with the message.
 */
export async function serveConfigError(message: string): Promise<void> {
  const transport = new StdioTransport();
  transport.onmessage = (m) => {
    if (!('id' in m && 'method' in m)) return;
    if (m.method === 'server/discover') {
      const result = {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'learning-workspace', version } },
      };
      return void transport.send({ jsonrpc: '2.0', id: m.id, result });
    }
    void transport.send(errorReply(m.id, -32603, `learning-workspace-mcp is not configured: ${message}`));
  };
  process.stdin.on('end', () => process.exit(2));
  await transport.start();
}
