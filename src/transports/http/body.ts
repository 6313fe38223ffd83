import type { IncomingMessage } from 'node:http';
import { isInitializeRequest, PROTOCOL_VERSION_META_KEY as ENVELOPE_VERSION } from '@modelcontextprotocol/server';
import { toolCallsOf } from '../../batch/weight.js';
import { checkMessage, INVALID_PARAMS, INVALID_REQUEST, type RequestId } from '../jsonrpc.js';
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

/** Revisions whose Streamable HTTP took JSON-RPC batches; MCP has had none since 2025-06-18. */
const BATCHING_REVISIONS = new Set(['2024-11-05', '2025-03-26']);

type Message = Record<string, unknown>;

/**
 * A POST body, read and classified once: what every later step asks of it (the access log, the rate
 * limit, the write-scope check, the revision routing, the sessions and the transport), so none of them
 * looks into the JSON again. The SDK is handed `json`, as it came.
 */
export interface Body {
  readonly json: unknown;
  /** Its messages: the one, or each of a batch (older revisions); every one a JSON-RPC message. */
  readonly messages: readonly Message[];
  readonly batch: boolean;
  /** For the access log: the (first) message's method (`batch:` before it for a batch), the tool of a tools/call, the revision it speaks. */
  readonly method: string | undefined;
  readonly tool: string | undefined;
  readonly revision: string | undefined;
  /** The ids of its requests (messages with a method and an id): each is answered, and may start an upstream call. */
  readonly requests: readonly RequestId[];
  /** Its tool calls (a batch_call counts each call it carries): what the rate limit counts. */
  readonly toolCalls: number;
  /** A lone, well-formed initialize request: what opens a 2025-11-25 session. */
  readonly initialize: boolean;
  /** Some message carries the 2026-07-28 envelope (its revision in `_meta`). */
  readonly enveloped: boolean;
  /** The id of a lone message (a refusal answers to it). */
  readonly id: RequestId | undefined;
  /** The request a lone notifications/cancelled names. */
  readonly cancels: RequestId | undefined;
}

const isObject = (v: unknown): v is Message => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): RequestId | undefined => (typeof v === 'string' || typeof v === 'number' ? v : undefined);

/** What the access log says a request was: the JSON-RPC method, the tool for tools/call, and the revision. */
export interface Described {
  method?: string | undefined;
  tool?: string | undefined;
  revision?: string | undefined;
}

/**
 * Checks and classifies a parsed body, having first noted on `described` what it is (so a refused request
 * is logged as what it was). A message the SDK would refuse without naming its id gets a JSON-RPC error
 * to that id, with the reason; a batch is refused on the revisions that have none and, on an older one
 * that has them, when it holds more requests than may be in flight at once (refused whole, never fanned out).
 */
export function classify(json: unknown, versionHeader: string | undefined, maxRequests: number, described: Described = {}): Body {
  const batch = Array.isArray(json);
  const messages = (batch ? json : [json]) as unknown[];
  const first = (isObject(messages[0]) ? messages[0] : {}) as Message;
  const params = (isObject(first['params']) ? first['params'] : {}) as {
    name?: unknown;
    protocolVersion?: unknown;
    requestId?: unknown;
    _meta?: unknown;
  };
  const firstMethod = typeof first['method'] === 'string' ? first['method'] : undefined;
  // The revision a request speaks: its 2026-07-28 envelope, else the one initialize asks for, else the header.
  const revision =
    (isObject(params._meta) ? params._meta[ENVELOPE_VERSION] : undefined) ??
    (firstMethod === 'initialize' ? params.protocolVersion : undefined) ??
    versionHeader;
  described.method = firstMethod !== undefined && batch ? `batch:${firstMethod}` : firstMethod;
  described.tool = firstMethod === 'tools/call' && typeof params.name === 'string' ? params.name : undefined;
  described.revision = typeof revision === 'string' ? revision.slice(0, 32) : undefined;

  const requests: RequestId[] = [];
  let toolCalls = 0;
  let enveloped = false;
  for (const message of messages) {
    const checked = checkMessage(message);
    if ('reason' in checked) {
      // A broken envelope is a bad HTTP request; a well-formed request with invalid params is answered as any request is.
      const code = checked.reply?.error.code ?? INVALID_REQUEST;
      throw new HttpError(
        code === INVALID_PARAMS ? 200 : 400,
        code,
        checked.reply?.error.message ?? `Invalid Request: ${checked.reason}.`,
        {},
        checked.reply?.id,
      );
    }
    const m = message as Message;
    const id = idOf(m['id']);
    if (typeof m['method'] === 'string' && id !== undefined) requests.push(id);
    toolCalls += toolCallsOf(m);
    const meta = (m['params'] as { _meta?: unknown } | undefined)?._meta;
    enveloped ||= isObject(meta) && ENVELOPE_VERSION in meta;
  }
  const body: Body = {
    json,
    messages: messages as Message[],
    batch,
    method: described.method,
    tool: described.tool,
    revision: described.revision,
    requests,
    toolCalls,
    initialize: !batch && firstMethod === 'initialize' && isInitializeRequest(json),
    enveloped,
    id: batch ? undefined : idOf(first['id']),
    cancels: !batch && firstMethod === 'notifications/cancelled' && first['id'] === undefined ? idOf(params.requestId) : undefined,
  };
  if (batch) checkBatch(body, maxRequests);
  return body;
}

function checkBatch(body: Body, maxRequests: number): void {
  const { revision } = body;
  if (revision === undefined || !BATCHING_REVISIONS.has(revision)) {
    throw new HttpError(
      400,
      -32600,
      `Invalid Request: MCP has no JSON-RPC batches since revision 2025-06-18${revision ? ` (this request speaks ${revision})` : ''}; send one message per request.`,
    );
  }
  if (body.requests.length > maxRequests) {
    throw new HttpError(
      429,
      -32600,
      `Invalid Request: a batch of ${body.requests.length} requests is more than may be in flight at once (${maxRequests}, --max-inflight); send smaller batches.`,
      { 'retry-after': '1' },
    );
  }
}
