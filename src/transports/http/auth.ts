import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Caller, ClientCredentials } from '../../mcp/request-context.js';
import { log } from '../../telemetry/log.js';
import { HttpError } from './errors.js';
import { IssuerUnavailable, TokenRejected, type TokenVerifier } from './oauth.js';
import type { ProtectedResource } from './protected-resource.js';

export interface AuthOptions {
  credentials: 'server' | 'client';
  authTokens: string[];
  /** Sign-in: the issuer's tokens are checked by the verifier; refusals point at the resource's metadata. */
  signIn?: { verifier: TokenVerifier; resource: ProtectedResource } | undefined;
}

export type Authenticate = (req: IncomingMessage) => Caller | Promise<Caller>;

const sha256 = (v: string) => createHash('sha256').update(v).digest();
const identity = (v: string) => createHash('sha256').update(v).digest('hex');

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

/** A credential that was sent and is not accepted: `invalid_token` (RFC 6750 §3.1). */
const unauthorized = (message: string, description: string) =>
  new HttpError(401, -32001, message, {
    'www-authenticate': `Bearer realm="learning-workspace", error="invalid_token", error_description="${description}"`,
  });

/**
 * No credential at all: a challenge with no error code (RFC 6750 §3.1), whose description says how this
 * server takes credentials, for the clients that show it.
 */
const noCredentials = (hint: string) =>
  new HttpError(401, -32001, hint, { 'www-authenticate': `Bearer realm="learning-workspace", error_description="${hint}"` });

/**
 * How this server takes credentials, in the words clients show a person: the answer of a request
 * without them, and of the OAuth requests clients try next (none when clients sign in, or need nothing).
 */
export function credentialsHint(opts: AuthOptions): string | undefined {
  if (opts.signIn) return undefined;
  if (opts.credentials === 'client') {
    return 'This server takes your workspace credentials, not OAuth sign-in: send Authorization: Bearer <Connector token> and/or X-Api-Key: <Content API key>, with X-User-Id: <user id> for the acting user.';
  }
  if (opts.authTokens.length === 0) return undefined;
  return 'This server takes an access token, not OAuth sign-in: send it in the Authorization header, as Authorization: Bearer <token>.';
}

/** How logs name a caller: the first ten digits of its hash, never a credential. */
export const callerTag = (c: Caller): string => c.hash.slice(0, 10);

const caller = (hash: string, credentials?: ClientCredentials): Caller => ({
  hash,
  credentials,
  userId: undefined,
  scopes: [],
  readOnly: false,
});

/**
 * The authentication step: a token of the team's authorization server (OAuth), an access token in
 * server mode, the client's own credentials in client mode.
 */
export function authenticator(opts: AuthOptions): Authenticate {
  const tokens = opts.authTokens.map(sha256);
  if (opts.signIn) return signedIn(opts.signIn.verifier, opts.signIn.resource);
  const hint = credentialsHint(opts) ?? '';
  if (opts.credentials === 'client') {
    return (req) => {
      const credentials = { connectorToken: bearer(req), apiKey: header(req, 'x-api-key'), userId: header(req, 'x-user-id') };
      if (!credentials.connectorToken && !credentials.apiKey) throw noCredentials(hint);
      return caller(identity(`${credentials.connectorToken ?? ''}\n${credentials.apiKey ?? ''}\n${credentials.userId ?? ''}`), credentials);
    };
  }
  return (req) => {
    if (tokens.length === 0) return caller('open');
    const presented = bearer(req);
    if (!presented) throw noCredentials(hint);
    if (!tokenMatches(presented, tokens)) throw unauthorized('The access token is not valid.', 'access token not valid');
    return caller(identity(presented));
  };
}

/**
 * OAuth: the bearer token must be one the issuer made for this server. The caller is the token's
 * subject (and acting user), which a session is bound to; the token itself goes nowhere else.
 */
/** The path of a request, for the challenge that names its endpoint's metadata. */
const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0]!;

function signedIn(verifier: TokenVerifier, resource: ProtectedResource): Authenticate {
  const { readScope, writeScope } = resource.settings;
  return async (req) => {
    const token = bearer(req);
    if (!token)
      throw new HttpError(
        401,
        -32001,
        'Sign in: this server takes OAuth access tokens (Authorization: Bearer), see the WWW-Authenticate header.',
        { 'www-authenticate': resource.signInChallenge(pathOf(req)) },
      );
    let grant;
    try {
      grant = await verifier.verify(token);
    } catch (err) {
      if (err instanceof TokenRejected) {
        throw new HttpError(401, -32001, `The access token is not accepted: ${err.message}.`, {
          'www-authenticate': resource.invalidTokenChallenge(err.message, pathOf(req)),
        });
      }
      if (err instanceof IssuerUnavailable) {
        log('warn', 'token not checked: authorization server unavailable', { error: err.message });
        throw new HttpError(503, -32000, 'The authorization server cannot be reached to check the access token; retry shortly.', {
          'retry-after': '5',
        });
      }
      throw err;
    }
    // A token issued for a narrowed endpoint is taken there and at narrower ones only (RFC 8707).
    if (!resource.admits(grant.audiences, pathOf(req))) {
      const reason = 'the token was issued for a narrower endpoint than this one (its audience); sign in for this endpoint';
      throw new HttpError(401, -32001, `The access token is not accepted here: ${reason}.`, {
        'www-authenticate': resource.invalidTokenChallenge(reason, pathOf(req)),
      });
    }
    // The write scope includes reading: a client that stepped up with it alone is served everything.
    const writes = grant.scopes.has(writeScope);
    if (!writes && !grant.scopes.has(readScope)) {
      throw new HttpError(403, -32001, `The access token grants neither ${readScope} nor ${writeScope}.`, {
        'www-authenticate': resource.insufficientScopeChallenge(readScope, `${readScope} is needed`, pathOf(req)),
      });
    }
    const scopes = [...grant.scopes].filter((s) => s === readScope || s === writeScope);
    return {
      hash: identity(`oauth\n${grant.subject}\n${grant.userId ?? ''}`),
      credentials: undefined,
      userId: grant.userId,
      subject: grant.subject,
      scopes,
      readOnly: !writes,
    };
  };
}

/** The step-up refusal of a tool call that changes things, for a caller whose token grants reading only. */
export function writeScopeNeeded(resource: ProtectedResource, tool: string, id: string | number | undefined, path?: string): HttpError {
  const scope = resource.settings.writeScope;
  return new HttpError(
    403,
    -32001,
    `${tool} changes the workspace and needs the ${scope} scope; the access token grants reading only. Sign in again granting ${scope}.`,
    { 'www-authenticate': resource.insufficientScopeChallenge(scope, `${tool} needs ${scope}`, path) },
    id,
  );
}
