import { parseJSONRPCMessage, type JSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { quote } from '../text/quote.js';

/** The largest message any transport takes: HTTP refuses a larger body with 413, stdio answers an error. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

export type RequestId = string | number;

/** What a transport does with one incoming message: hand it on, or answer it with an error (without an id when it has none). */
export type Checked = { message: JSONRPCMessage } | { reason: string; reply: JSONRPCErrorResponse | undefined };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validId(id: unknown): RequestId | undefined {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
}

/**
 * An error response. When the request's id cannot be known, the response has no id: the MCP schema's
 * error response leaves it out (JSON-RPC 2.0's `"id": null` fails clients that check the 2025-11-25 schema).
 */
export function errorReply(id: RequestId | undefined, code: number, message: string): JSONRPCErrorResponse {
  return id === undefined ? { jsonrpc: '2.0', error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message } };
}

const CALL_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/** A well-formed request or notification, as the SDK's schema would accept it. */
function isPlainCall(v: unknown): boolean {
  if (!isObject(v) || v['jsonrpc'] !== '2.0' || typeof v['method'] !== 'string') return false;
  if ('id' in v && validId(v['id']) === undefined) return false;
  const params = v['params'];
  if (params !== undefined && (!isObject(params) || ('_meta' in params && !isObject(params['_meta'])))) return false;
  for (const key in v) if (!CALL_KEYS.has(key)) return false;
  return true;
}

/** Why a value is not a JSON-RPC 2.0 message, in words a client developer can act on. */
function whyInvalid(v: unknown): string {
  if (!isObject(v)) return `a message is a JSON object, not ${Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v}`;
  if (v['jsonrpc'] !== '2.0') return `"jsonrpc" must be "2.0"${typeof v['jsonrpc'] === 'string' ? `, not ${quote(v['jsonrpc'])}` : ''}`;
  if ('id' in v && validId(v['id']) === undefined && !('error' in v)) return '"id" must be a string or an integer';
  if ('method' in v) {
    if (typeof v['method'] !== 'string') return '"method" must be a string';
    if ('params' in v && !isObject(v['params'])) return '"params" must be an object';
    const extra = Object.keys(v).filter((k) => !['jsonrpc', 'id', 'method', 'params'].includes(k));
    if (extra.length > 0) return `unknown member ${quote(extra[0]!)}`;
    if (isObject(v['params']) && '_meta' in v['params'] && !isObject(v['params']['_meta'])) return '"params._meta" must be an object';
  }
  return 'not a JSON-RPC 2.0 request, notification or response';
}

/**
 * Checks one parsed message as the SDK will, and for one it would drop in silence makes the error that
 * answers it: a request whose envelope is broken still gets a reply to its id, so its caller never hangs.
 */
export function checkMessage(value: unknown): Checked {
  // Most messages are plain requests and notifications: checked here by hand, since the SDK parses them
  // with its schema again; only the rest go through that schema to find out what is wrong.
  if (isPlainCall(value)) return checkCall(value as JSONRPCMessage);
  const parsed = parseOrUndefined(value);
  if (parsed) return checkCall(parsed);
  const reason = whyInvalid(value);
  // A broken response (no method, a result or error) answers nothing of ours: there is nobody to tell.
  const isResponse = isObject(value) && !('method' in value) && ('result' in value || 'error' in value);
  const id = isObject(value) ? validId(value['id']) : undefined;
  return { reason, reply: isResponse ? undefined : errorReply(id, INVALID_REQUEST, `Invalid Request: ${reason}.`) };
}

function parseOrUndefined(value: unknown): JSONRPCMessage | undefined {
  try {
    return parseJSONRPCMessage(value);
  } catch {
    return undefined;
  }
}

/**
 * A `tools/call` must name a tool and give its arguments as an object. The SDK would answer one that
 * does not with its schema's error dump; this answers with what is wrong.
 */
function checkCall(message: JSONRPCMessage): Checked {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return { message };
  const params = (message.params ?? {}) as Record<string, unknown>;
  const name = params['name'];
  const args = params['arguments'];
  let reason: string | undefined;
  if (typeof name !== 'string' || name === '') reason = 'tools/call needs params.name: the name of a tool from tools/list';
  else if (args !== undefined && !isObject(args)) {
    reason = `tools/call params.arguments must be an object of ${quote(name)}'s input fields, not ${Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args}`;
  }
  return reason ? { reason, reply: errorReply(message.id, INVALID_PARAMS, `Invalid params: ${reason}.`) } : { message };
}

/**
 * The id of a message too large to parse, from where a top-level id can stand: first (`{"id":…` or
 * `{"jsonrpc":"2.0","id":…`), or last (`…,"id":7}`, as the TypeScript SDK writes it). A nested id cannot
 * stand in either place.
 */
export function idOfUnparsed(head: string, tail: string): RequestId | undefined {
  const first = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})\s*[,}]/.exec(head);
  const last = /[,{]\s*"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})\s*\}\s*$/.exec(tail);
  const raw = first?.[1] ?? last?.[1];
  if (raw === undefined) return undefined;
  try {
    return validId(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
