import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOW_HEADERS =
  'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id, x-api-key, x-user-id, x-workspace-lockdown, ' +
  'x-mcp-toolsets, x-mcp-tools, x-mcp-exclude-tools, x-mcp-readonly, x-mcp-lockdown';
// A browser page may read only the headers named here: the session id and the sign-in challenge matter.
const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate, retry-after';

/**
 * CORS for browser-based MCP clients, limited to the allowed origins: the answers (a 401's challenge
 * included) carry the allow headers, and a preflight is answered here, before authentication, since
 * browsers send it without credentials. Returns true when the request was a preflight and is answered.
 * An origin not allowed gets no CORS headers; the origin check then refuses its requests.
 */
export function corsHeaders(allowed: () => string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin === undefined) return false;
    const ok = allowed().includes(origin);
    res.setHeader('vary', 'Origin');
    if (ok) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
    }
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
    if (ok) {
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
      res.setHeader('access-control-allow-headers', ALLOW_HEADERS);
      res.setHeader('access-control-max-age', '600');
    }
    res.writeHead(ok ? 204 : 403).end();
    return true;
  };
}
