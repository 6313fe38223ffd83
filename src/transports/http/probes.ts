import type { ServerResponse } from 'node:http';

/**
 * What OAuth clients request after a 401: the resource's metadata (RFC 9728), the authorization server's
 * (RFC 8414, OpenID), client registration (RFC 7591), and /authorize and /token, where the MCP
 * specification's fallback looks when there is no metadata.
 */
const SIGN_IN_PATHS =
  /^\/(?:\.well-known\/(?:oauth-protected-resource|oauth-authorization-server|openid-configuration)(?:\/.*)?|register|authorize|token)$/;

export const isSignInProbe = (path: string): boolean => SIGN_IN_PATHS.test(path);

/**
 * The answer to those requests on a server that takes access tokens or client credentials, not OAuth
 * sign-in: not found, with an OAuth error body that says what to send instead. Claude Code, mcp-remote and
 * the Inspector pass over metadata that is not found, then show the registration's answer to the person.
 */
export function signInProbeAnswer(hint: string | undefined): ((res: ServerResponse) => void) | undefined {
  if (hint === undefined) return undefined;
  const body = JSON.stringify({ error: 'invalid_request', error_description: hint });
  return (res) => void res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
}
