import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { shortHash } from '../log.js';
import { HttpError } from './errors.js';

/** Workspace credentials a client brought (client-credential hosting). */
export interface ClientCredentials {
  connectorToken: string | undefined;
  apiKey: string | undefined;
  userId: string | undefined;
}

/** Who is calling: a hash their session is bound to, and their workspace credentials in client mode. */
export interface Caller {
  hash: string;
  credentials: ClientCredentials | undefined;
}

export interface AuthOptions {
  credentials: 'server' | 'client';
  authTokens: string[];
}

const sha256 = (v: string) => createHash('sha256').update(v).digest();

/** Constant-time membership test: every configured token is compared, whatever matches. */
function tokenMatches(presented: string, tokens: Buffer[]): boolean {
  const p = sha256(presented);
  let ok = false;
  for (const t of tokens) ok = timingSafeEqual(p, t) || ok;
  return ok;
}

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  return h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, '').trim() || undefined : undefined;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

const unauthorized = (message: string, description: string) =>
  new HttpError(401, -32001, message, { 'www-authenticate': `Bearer realm="learning-workspace", error="invalid_token", error_description="${description}"` });

/** The authentication step: an access token in server mode, the client's own credentials in client mode. */
export function authenticator(opts: AuthOptions): (req: IncomingMessage) => Caller {
  const tokens = opts.authTokens.map(sha256);
  if (opts.credentials === 'client') {
    return (req) => {
      const credentials = { connectorToken: bearer(req), apiKey: header(req, 'x-api-key'), userId: header(req, 'x-user-id') };
      if (!credentials.connectorToken && !credentials.apiKey) {
        throw unauthorized(
          'Send your workspace credentials: Authorization: Bearer <Connector token> and/or X-Api-Key: <Content API key> (with X-User-Id for the acting user).',
          'workspace credentials required',
        );
      }
      return { hash: shortHash(`${credentials.connectorToken ?? ''}\n${credentials.apiKey ?? ''}\n${credentials.userId ?? ''}`), credentials };
    };
  }
  return (req) => {
    if (tokens.length === 0) return { hash: 'open', credentials: undefined };
    const presented = bearer(req);
    if (!presented) throw unauthorized('Send the access token as Authorization: Bearer <token>.', 'access token required');
    if (!tokenMatches(presented, tokens)) throw unauthorized('The access token is not valid.', 'access token not valid');
    return { hash: shortHash(presented), credentials: undefined };
  };
}
