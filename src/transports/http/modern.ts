import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import { classifyInboundRequest, createMcpHandler, type AuthInfo, type Server as McpServer } from '@modelcontextprotocol/server';
import { log } from '../../telemetry/log.js';
import { carried, type Caller } from '../../mcp/request-context.js';
import type { Narrowing } from '../../mcp/narrowing.js';
import { header } from './auth.js';
import type { Body } from './body.js';

/**
 * Which revision a request speaks, decided as the SDK's own HTTP entry decides it: a request without the
 * 2026-07-28 `_meta` envelope (initialize and everything of a 2025-11-25 session, GET and DELETE
 * included) is legacy; the rest, and the SDK's refusals of broken 2026-07-28 requests, are modern.
 * Plain 2025-11-25 traffic is recognised without the SDK's classifier, which checks every message
 * against its schemas (tens of microseconds a request); anything that may be modern goes through it.
 */
export function isLegacyRequest(req: IncomingMessage, body: Body | undefined): boolean {
  if (req.method !== 'POST' || !body) return true;
  const version = header(req, 'mcp-protocol-version');
  if (!mayBeModern(version, body)) return true;
  const route = classifyInboundRequest({
    httpMethod: req.method,
    ...optional('protocolVersionHeader', version),
    ...optional('mcpMethodHeader', header(req, 'mcp-method')),
    ...optional('mcpNameHeader', header(req, 'mcp-name')),
    body: body.json,
  });
  return route.kind === 'legacy';
}

const LEGACY_VERSION = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/** A modern (or unknown) revision header, or a message that claims the 2026-07-28 envelope. */
function mayBeModern(version: string | undefined, body: Body): boolean {
  if (version !== undefined && !(LEGACY_VERSION.test(version) && version.trim() < '2026-07-28')) return true;
  return body.enveloped;
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);

export interface ModernHandler {
  handle(req: IncomingMessage, res: ServerResponse, body: Body, auth: AuthInfo): Promise<void>;
  close(): Promise<void>;
}

/**
 * 2026-07-28 requests: no session, a server of its own for each request (cheap: the tool list is built
 * once per process), answered as JSON or, once the call sends progress, as an event stream on the
 * request's own response; a client that closes that stream cancels the call. The SDK checks the
 * envelope, the protocol version (an unsupported one is refused with the supported ones listed) and the
 * Mcp-Method / Mcp-Name headers against the body.
 */
export function modernHandler(makeServer: (caller: Caller, narrowing?: Narrowing) => McpServer, maxBodyBytes: number): ModernHandler {
  const onerror = (error: Error) => log('info', 'request refused', { reason: error.message });
  // The caller comes with the request's context, in the auth info the front gave the handler.
  // The request's own narrowing (its headers and path) makes its server's tools.
  const handler = createMcpHandler(({ authInfo }) => makeServer(carried(authInfo)!.caller, carried(authInfo)!.narrowing), {
    legacy: 'reject',
    maxRequestBodySize: maxBodyBytes,
    onerror,
  });
  const serve = toNodeHandler(handler, { onerror, maxRequestBodySize: maxBodyBytes });
  return {
    handle(req, res, body, auth) {
      // The request's context rides to the server factory and the handlers as the SDK's pass-through auth
      // info; the credentials of client-credential hosting are never sent anywhere but upstream, and an
      // OAuth token nowhere.
      const request = req as IncomingMessage & { auth?: AuthInfo };
      request.auth = auth;
      // Node's own type leaves `method` optional, as the SDK's does not; a server request always has one.
      return serve(request as NodeIncomingMessageLike, res, body.json);
    },
    close: () => handler.close(),
  };
}
