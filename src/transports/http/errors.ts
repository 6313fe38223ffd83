import type { ServerResponse } from 'node:http';

/** A refusal of the HTTP layer: its status, JSON-RPC code, message and headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly id: string | number | undefined = undefined,
  ) {
    super(message);
  }
}

/** The client went away before its request was complete: its doing, not a failure of ours. */
export class ClientGone extends Error {}

/** Writes a refusal as a JSON-RPC error body; a response already under way is cut instead. */
export function sendError(res: ServerResponse, err: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(err.status, { 'content-type': 'application/json', ...err.headers });
  // Without an id when the request's is unknown, as the MCP schema's error response has it.
  res.end(
    JSON.stringify({ jsonrpc: '2.0', ...(err.id === undefined ? {} : { id: err.id }), error: { code: err.code, message: err.message } }),
  );
}
