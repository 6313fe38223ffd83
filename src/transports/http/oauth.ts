import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OAuthSettings } from '../../config/oauth.js';
import { CheckGate, Recent, type GateOptions } from '../../call/check-gate.js';
import { log } from '../../telemetry/log.js';

/** What a valid token grants. */
export interface Grant {
  /** `iss` and `sub`, the identity a session is bound to. */
  subject: string;
  scopes: ReadonlySet<string>;
  userId: string | undefined;
  /** The token's `aud` values that name this server (its public URL, a configured audience, a narrowed endpoint). */
  audiences: readonly string[];
}

/** The token is not acceptable: answered 401 with `error="invalid_token"` and this description. */
export class TokenRejected extends Error {}

/** The issuer could not be asked (metadata, keys or introspection): answered 503, the token not judged. */
export class IssuerUnavailable extends Error {}

interface IssuerMetadata {
  issuer: string;
  jwks_uri?: string;
  introspection_endpoint?: string;
}

export interface VerifierOptions {
  /** Least time between two key-set fetches prompted by an unknown key id. */
  jwksCooldownMs?: number;
  /** How long a verified token is remembered (never past its expiry). */
  cacheMs?: number;
  /** Audiences accepted besides the public URL and the configured ones: the narrowed endpoints' URLs under it. */
  audience?: ((aud: string) => boolean) | undefined;
}

/**
 * Signature algorithms accepted: public-key ones only, so neither `alg: none` nor an HMAC keyed with a
 * published public key can pass.
 */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** The most a token's clock may differ from ours. */
const CLOCK_SKEW_S = 60;
const ISSUER_TIMEOUT_MS = 5_000;
const MAX_CACHED = 10_000;
/**
 * Introspection calls in flight at most, so a flood of made-up opaque tokens does not become a flood at
 * the issuer; 8 of them kept for tokens found good before (a cached grant that lapsed), and a new token
 * that finds the rest taken waits up to 5 s for its turn rather than being refused.
 */
const INTROSPECTIONS: GateOptions = { slots: 32, reserved: 8, waitMs: 5_000, maxWaiting: 512 };
/** A token the issuer said is not active is refused again from memory this long, without asking again. */
const REFUSED_MS = 30_000;
/** How long a token found good keeps its room among the introspections. */
const KNOWN_MS = 24 * 3_600_000;

/**
 * The places RFC 8414 and OpenID Connect Discovery put an issuer's metadata, in the order the MCP
 * authorization specification tries them: the path inserted after the well-known prefix (OAuth, then
 * OpenID), then OpenID's path appended, which Keycloak, Okta and Entra ID serve.
 */
export function metadataUrls(issuer: string): string[] {
  const u = new URL(issuer);
  const path = u.pathname.replace(/\/+$/, '');
  const at = (p: string) => `${u.origin}${p}`;
  if (path === '') return [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')];
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}

/** Space-separated `scope` (RFC 9068, RFC 7662) or `scp` as a list or string (Okta, Entra ID). */
export function scopesOf(claims: Record<string, unknown>): Set<string> {
  const raw = claims['scope'] ?? claims['scp'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(' ') : [];
  return new Set(list.filter((s): s is string => typeof s === 'string' && s !== ''));
}

/**
 * Checks access tokens from one issuer: JWTs against its published keys (fetched from its metadata's
 * `jwks_uri`, refetched when a token names an unknown key, at most once per cool-down), opaque tokens by
 * introspection when a client for it is configured. A verdict is remembered for a minute at most, so a
 * busy client costs one check, not one per request.
 */
export class TokenVerifier {
  private metadataPromise: Promise<IssuerMetadata> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  private readonly cache = new LRUCache<string, Grant>({ max: MAX_CACHED });
  private readonly accepted: string[];
  private readonly introspections = new CheckGate(INTROSPECTIONS);
  /** Tokens refused lately, with the reason, kept apart from the good ones so a flood of refusals never pushes those out. */
  private readonly refused = new Recent<string>(MAX_CACHED, REFUSED_MS);
  private readonly known = new Recent(MAX_CACHED, KNOWN_MS);

  constructor(
    private readonly settings: OAuthSettings,
    private readonly opts: VerifierOptions = {},
  ) {
    this.accepted = [settings.publicUrl, ...settings.audiences];
  }

  /** Reads the issuer's metadata ahead of the first request; a failure is logged and retried then. */
  async warmUp(): Promise<void> {
    try {
      const m = await this.metadata();
      log('info', 'authorization server found', {
        issuer: m.issuer,
        jwks: m.jwks_uri ?? null,
        introspection: m.introspection_endpoint ?? null,
      });
    } catch (err) {
      log('warn', 'authorization server not reachable yet', { issuer: this.settings.issuer, error: (err as Error).message });
    }
  }

  async verify(token: string): Promise<Grant> {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const refusal = this.refused.get(key);
    if (refusal !== undefined) throw new TokenRejected(refusal);
    const { grant, expiresAt } = looksLikeJwt(token) ? await this.verifyJwt(token) : await this.introspect(token, key);
    this.known.add(key);
    // Remembered until the token expires, and for the cache time at most (none: not remembered).
    const ttl = Math.min(expiresAt - Date.now(), this.opts.cacheMs ?? 60_000);
    if (ttl >= 1) this.cache.set(key, grant, { ttl: Math.floor(ttl) });
    return grant;
  }

  private async verifyJwt(token: string): Promise<{ grant: Grant; expiresAt: number }> {
    const jwks = await this.keys();
    let payload: JWTPayload;
    let typ: string | undefined;
    try {
      ({
        payload,
        protectedHeader: { typ },
      } = await jwtVerify(token, jwks, {
        issuer: this.settings.issuer,
        // With narrowed endpoints the audience is checked below, against the URLs under the public one too.
        ...(this.opts.audience ? {} : { audience: this.accepted }),
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_SKEW_S,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      throw jwtRefusal(err);
    }
    const audiences = this.audiencesAccepted(payload.aud);
    if (audiences.length === 0) throw new TokenRejected('the token was not issued for this server (audience)');
    if (typ !== undefined && !this.settings.tokenTypes.includes(typ.toLowerCase())) {
      throw new TokenRejected(
        `the token is not an access token (typ ${JSON.stringify(typ.slice(0, 40))}; accepted: ${this.settings.tokenTypes.join(', ')})`,
      );
    }
    return { grant: this.grant(payload, audiences), expiresAt: payload.exp! * 1000 };
  }

  /** Which of a token's `aud` values (one or several) name this server: its public URL, a configured audience, a narrowed endpoint. */
  private audiencesAccepted(aud: unknown): string[] {
    const list: unknown[] = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    return list.filter((a): a is string => typeof a === 'string' && (this.accepted.includes(a) || this.opts.audience?.(a) === true));
  }

  /** RFC 7662: the issuer says whether an opaque token is active, and for whom and what. */
  private async introspect(token: string, key: string): Promise<{ grant: Grant; expiresAt: number }> {
    const client = this.settings.introspection;
    if (!client) throw new TokenRejected('not a JWT, and no introspection client is configured to check opaque tokens');
    const endpoint = (await this.metadata()).introspection_endpoint;
    if (!endpoint) throw new IssuerUnavailable('the authorization server publishes no introspection_endpoint');
    const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64');
    const release = await this.introspections.acquire(this.known.has(key));
    if (!release) throw new IssuerUnavailable(`${INTROSPECTIONS.slots} token introspections are in flight and more wait for their turn`);
    let claims: Record<string, unknown>;
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
        signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`introspection answered HTTP ${res.status}`);
      claims = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      throw new IssuerUnavailable(`token introspection failed: ${(err as Error).message}`);
    } finally {
      release();
    }
    // The issuer's word that the token is not active is remembered: a flood of made-up tokens sent again
    // costs nothing more. Other refusals depend on this server's settings (the audience) and are not.
    if (claims['active'] !== true) {
      this.refused.add(key, 'the token is not active');
      throw new TokenRejected('the token is not active');
    }
    if (claims['iss'] !== undefined && claims['iss'] !== this.settings.issuer)
      throw new TokenRejected('the token was issued by another authorization server');
    const audiences = this.audiencesAccepted(claims['aud']);
    if (audiences.length === 0) throw new TokenRejected('the token was not issued for this server (audience)');
    const now = Date.now() / 1000;
    const exp = typeof claims['exp'] === 'number' ? claims['exp'] : undefined;
    if (exp === undefined || exp + CLOCK_SKEW_S < now) throw new TokenRejected('the token has expired');
    if (typeof claims['nbf'] === 'number' && claims['nbf'] - CLOCK_SKEW_S > now) throw new TokenRejected('the token is not valid yet');
    // A client's own token (client credentials) may name no user: the client is its subject (RFC 9068 §2.2).
    const sub = typeof claims['sub'] === 'string' ? claims['sub'] : claims['client_id'];
    if (typeof sub !== 'string') throw new TokenRejected('the token names no subject');
    return { grant: this.grant({ ...claims, sub, iss: this.settings.issuer }, audiences), expiresAt: exp * 1000 };
  }

  private grant(claims: Record<string, unknown>, audiences: readonly string[]): Grant {
    const name = this.settings.userClaim;
    let userId: string | undefined;
    if (name) {
      const v = claims[name];
      if (typeof v !== 'string' && typeof v !== 'number')
        throw new TokenRejected(`the token has no ${name} claim, which names the acting user`);
      userId = String(v);
    }
    return { subject: `${String(claims['iss'])}\n${String(claims['sub'])}`, scopes: scopesOf(claims), userId, audiences };
  }

  private async keys(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    if (this.jwks) return this.jwks;
    const uri = (await this.metadata()).jwks_uri;
    if (!uri) throw new IssuerUnavailable('the authorization server publishes no jwks_uri');
    this.jwks = createRemoteJWKSet(new URL(uri), {
      cooldownDuration: this.opts.jwksCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: ISSUER_TIMEOUT_MS,
    });
    return this.jwks;
  }

  /** The issuer's metadata, read once; a failed read is forgotten so the next request tries again. */
  private metadata(): Promise<IssuerMetadata> {
    this.metadataPromise ??= this.discover().catch((err: unknown) => {
      this.metadataPromise = undefined;
      throw err;
    });
    return this.metadataPromise;
  }

  private async discover(): Promise<IssuerMetadata> {
    const tried: string[] = [];
    for (const url of metadataUrls(this.settings.issuer)) {
      let res: Response;
      try {
        res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS) });
      } catch (err) {
        tried.push(`${url}: ${(err as Error).message}`);
        continue;
      }
      if (!res.ok) {
        tried.push(`${url}: HTTP ${res.status}`);
        continue;
      }
      const m = (await res.json().catch(() => ({}))) as Partial<IssuerMetadata>;
      // RFC 8414 §3.3: metadata that names another issuer must not be used.
      if (m.issuer !== this.settings.issuer)
        throw new IssuerUnavailable(`${url} names the issuer ${JSON.stringify(m.issuer)}, not ${JSON.stringify(this.settings.issuer)}`);
      return m as IssuerMetadata;
    }
    throw new IssuerUnavailable(`no authorization server metadata found (${tried.join('; ')})`);
  }
}

function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]*\.[\w-]*$/.test(token);
}

/** A failed JWT check in words a client developer can act on; the issuer being unreachable is not the token's fault. */
function jwtRefusal(err: unknown): Error {
  const E = joseErrors;
  if (err instanceof IssuerUnavailable) return err;
  if (err instanceof E.JWTExpired) return new TokenRejected('the token has expired');
  if (err instanceof E.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return new TokenRejected('the token was not issued for this server (audience)');
    if (err.claim === 'iss') return new TokenRejected('the token was issued by another authorization server');
    if (err.claim === 'nbf') return new TokenRejected('the token is not valid yet');
    return new TokenRejected(`the token's ${err.claim} claim is missing or not valid`);
  }
  if (err instanceof E.JOSEAlgNotAllowed || err instanceof E.JOSENotSupported)
    return new TokenRejected('the token is not signed with an accepted algorithm');
  if (err instanceof E.JWKSNoMatchingKey)
    return new TokenRejected('the token is signed with a key the authorization server does not publish');
  if (err instanceof E.JWSSignatureVerificationFailed) return new TokenRejected('the token signature does not verify');
  if (err instanceof E.JWSInvalid || err instanceof E.JWTInvalid) return new TokenRejected('the token is not a valid JWT');
  // Left: the key set could not be fetched or used (timeout, network, HTTP status, malformed set).
  return new IssuerUnavailable(`the authorization server's keys could not be read: ${(err as Error).message}`);
}
