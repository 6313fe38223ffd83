import type { IncomingMessage } from 'node:http';
import { checkMessage, INVALID_PARAMS, INVALID_REQUEST } from '../jsonrpc.js';
import { ClientGone, HttpError } from './errors.js';

/** Reads a JSON body of at most `max` bytes (413 past it, 400 when it is not JSON). */
export function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > max) {
      reject(new HttpError(413, -32600, `Request body larger than ${max} bytes.`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new HttpError(413, -32600, `Request body larger than ${max} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, -32700, 'Parse error: the body is not valid JSON.'));
      }
    });
    const gone = () => reject(new ClientGone('client closed the connection mid-request'));
    req.on('error', gone);
    req.on('aborted', gone);
  });
}

/** A message the SDK would refuse without naming its id gets a JSON-RPC error to that id, with the reason. */
export function checkBody(body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    const checked = checkMessage(message);
    if (!('reason' in checked)) continue;
    // A broken envelope is a bad HTTP request; a well-formed request with invalid params is answered as any request is.
    const code = checked.reply?.error.code ?? INVALID_REQUEST;
    throw new HttpError(code === INVALID_PARAMS ? 200 : 400, code, checked.reply?.error.message ?? `Invalid Request: ${checked.reason}.`, {}, checked.reply?.id);
  }
}

/** What the access log says the request was: the JSON-RPC method, the tool for tools/call, and the protocol revision. */
export function describeBody(body: unknown, versionHeader: string | undefined): { method?: string; tool?: string; revision?: string } {
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return versionHeader ? { revision: versionHeader } : {};
  const m = first as { method?: unknown; params?: { name?: unknown; protocolVersion?: unknown; _meta?: Record<string, unknown> } };
  // The revision a request speaks: its 2026-07-28 envelope, else the one initialize asks for, else the header.
  const revision = m.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? (m.method === 'initialize' ? m.params?.protocolVersion : undefined) ?? versionHeader;
  return {
    ...(typeof m.method === 'string' ? { method: Array.isArray(body) ? `batch:${m.method}` : m.method } : {}),
    ...(m.method === 'tools/call' && typeof m.params?.name === 'string' ? { tool: m.params.name } : {}),
    ...(typeof revision === 'string' ? { revision: revision.slice(0, 32) } : {}),
  };
}

/** Revisions whose Streamable HTTP took JSON-RPC batches; MCP has had none since 2025-06-18. */
const BATCHING_REVISIONS = new Set(['2024-11-05', '2025-03-26']);

/** The requests (messages with an id and a method) of a body: what may each start an upstream call. */
export function requestCount(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((m) => typeof m === 'object' && m !== null && 'method' in m && 'id' in m).length;
}

/**
 * A JSON-RPC batch is refused on the revisions that have none. On an older revision that has them, a
 * batch may hold no more requests than may be in flight at once: it is refused whole, never fanned out.
 */
export function checkBatch(body: unknown, revision: string | undefined, maxRequests: number): void {
  if (!Array.isArray(body)) return;
  if (revision === undefined || !BATCHING_REVISIONS.has(revision)) {
    throw new HttpError(400, -32600, `Invalid Request: MCP has no JSON-RPC batches since revision 2025-06-18${revision ? ` (this request speaks ${revision.slice(0, 32)})` : ''}; send one message per request.`);
  }
  const requests = requestCount(body);
  if (requests > maxRequests) {
    throw new HttpError(429, -32600, `Invalid Request: a batch of ${requests} requests is more than may be in flight at once (${maxRequests}, --max-inflight); send smaller batches.`, { 'retry-after': '1' });
  }
}

