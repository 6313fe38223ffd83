import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTrace } from '../context.js';
import { log, shortHash } from '../log.js';

/** What one HTTP request learned on its way through, for its access-log line. */
export interface AccessTrace extends RequestTrace {
  method?: string;
  tool?: string;
  session?: string;
  /** The protocol revision the request speaks, when it says. */
  revision?: string;
}

/** The header that carries a request's trace id to the tool handler (the SDK hands handlers the request headers). */
const TRACE_HEADER = 'x-learning-workspace-trace';

/** Finds a call's trace from the HTTP request the SDK hands its handler (a web Request). */
export type TraceLookup = (request: Request | undefined) => RequestTrace | undefined;

/**
 * The traces of one HTTP server's requests in flight. A tool call finds its own through an id the HTTP
 * layer puts in a request header (replacing any a client sent), without AsyncLocalStorage, whose
 * promise hooks cost every async step on Node 20.
 */
export class Traces {
  private readonly open = new Map<string, AccessTrace>();
  private seq = 0;

  readonly lookup: TraceLookup = (request) => {
    const id = request?.headers.get(TRACE_HEADER);
    return id ? this.open.get(id) : undefined;
  };

  /** A trace for this request, kept until its response closes. */
  start(req: IncomingMessage, res: ServerResponse): AccessTrace {
    const id = String(++this.seq);
    // The SDK builds request headers from rawHeaders.
    const raw = req.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]!.toLowerCase() === TRACE_HEADER) raw.splice(i, 2);
    raw.push(TRACE_HEADER, id);
    req.headers[TRACE_HEADER] = id;
    const trace: AccessTrace = {};
    this.open.set(id, trace);
    res.on('close', () => this.open.delete(id));
    return trace;
  }
}

/** One JSON access-log line when the response closes; credentials never appear, only short hashes. */
export function logAccess(req: IncomingMessage, res: ServerResponse, path: string, trace: AccessTrace, started: number): void {
  const sessionHeader = res.getHeader('mcp-session-id');
  const session = trace.session ?? (typeof sessionHeader === 'string' ? shortHash(sessionHeader) : undefined);
  log('info', 'access', {
    http: `${req.method} ${path}`,
    ...(session ? { session } : {}),
    ...(trace.method ? { rpc: trace.method } : {}),
    ...(trace.revision ? { revision: trace.revision } : {}),
    ...(trace.tool ? { tool: trace.tool } : {}),
    // 499, as nginx logs it: the client closed the connection before the answer was complete.
    status: res.writableFinished ? res.statusCode : 499,
    ms: Math.round(performance.now() - started),
    ...(trace.upstreamStatus !== undefined ? { upstreamStatus: trace.upstreamStatus } : {}),
  });
}
