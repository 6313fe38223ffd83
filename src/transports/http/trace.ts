import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientPresence, type RequestTrace } from '../../call/context.js';
import { log, shortHash } from '../../telemetry/log.js';

/** What one HTTP request learned on its way through, for its access-log line. */
export interface AccessTrace extends RequestTrace {
  method?: string;
  tool?: string;
  session?: string;
  /** Hash of who called: the token's subject when signed in, of the access token or credentials otherwise. */
  caller?: string;
  /** The protocol revision the request speaks, when it says. */
  revision?: string;
  /** How the client narrowed its tools (X-MCP-* headers, /mcp/x/… path, or its session's), when it did. */
  narrowing?: string;
}

/** A request's trace, written as its access-log line when its response closes (after `closed`). */
export function traceRequest(req: IncomingMessage, res: ServerResponse, path: string, closed: () => void): AccessTrace {
  const started = performance.now();
  // Left when the client goes before its answer is complete: nothing of its call is sent after that.
  const client = new ClientPresence();
  const trace: AccessTrace = { client };
  res.on('close', () => {
    if (!res.writableFinished) client.leave();
    closed();
    logAccess(req, res, path, trace, started);
  });
  return trace;
}

/** One JSON access-log line when the response closes; credentials never appear, only short hashes. */
function logAccess(req: IncomingMessage, res: ServerResponse, path: string, trace: AccessTrace, started: number): void {
  const sessionHeader = res.getHeader('mcp-session-id');
  const session = trace.session ?? (typeof sessionHeader === 'string' ? shortHash(sessionHeader) : undefined);
  log('info', 'access', {
    // Any path a client sent, unknown ones too: cut short, so a line stays a line.
    http: `${req.method} ${path.slice(0, 200)}`,
    ...(trace.caller ? { caller: trace.caller } : {}),
    ...(session ? { session } : {}),
    ...(trace.method ? { rpc: trace.method } : {}),
    ...(trace.revision ? { revision: trace.revision } : {}),
    ...(trace.tool ? { tool: trace.tool } : {}),
    ...(trace.narrowing ? { narrowing: trace.narrowing } : {}),
    // 499, as nginx logs it: the client closed the connection before the answer was complete.
    status: res.writableFinished ? res.statusCode : 499,
    ms: Math.round(performance.now() - started),
    ...(trace.upstreamStatus !== undefined ? { upstreamStatus: trace.upstreamStatus } : {}),
  });
}
