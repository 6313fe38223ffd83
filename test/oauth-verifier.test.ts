// The token verifier against a real authorization server (oidc-provider): key rotation, the refetch
// rate limit, opaque tokens by introspection, metadata discovery and an issuer that cannot be reached.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import type { OAuthSettings } from '../src/config/oauth.js';
import { IssuerUnavailable, metadataUrls, TokenRejected, TokenVerifier } from '../src/transports/http/oauth.js';
import { INTROSPECTOR, READ, startIssuer, WRITE, type Issuer } from './issuer.js';

const RESOURCE = 'https://mcp.example.com/mcp';
let issuer: Issuer | undefined;

afterEach(async () => {
  await issuer?.close();
  issuer = undefined;
});

function settings(extra: Partial<OAuthSettings> = {}): OAuthSettings {
  return {
    issuer: extra.issuer ?? issuer!.url,
    publicUrl: RESOURCE,
    audiences: [],
    readScope: READ,
    writeScope: WRITE,
    userClaim: undefined,
    introspection: undefined,
    tokenTypes: ['at+jwt', 'application/at+jwt'],
    ...extra,
  };
}

describe('keys', () => {
  test('a rotation at the issuer: the new key is fetched when a token names it; unknown keys refetch at most once per cool-down', async () => {
    issuer = await startIssuer({ resource: RESOURCE });
    const verifier = new TokenVerifier(settings(), { jwksCooldownMs: 300, cacheMs: 0 });
    const before = await issuer.robotToken(READ);
    expect((await verifier.verify(before)).scopes).toEqual(new Set([READ]));
    expect(issuer.jwksFetches).toBe(1);

    await issuer.rotate();
    await new Promise((r) => setTimeout(r, 350));
    const after = await issuer.robotToken(`${READ} ${WRITE}`);
    expect(decodeProtectedHeader(after).kid).toBe('key-2');
    expect((await verifier.verify(after)).scopes).toEqual(new Set([READ, WRITE]));
    expect(issuer.jwksFetches).toBe(2);
    // The old key is still published, so tokens made before the rotation stay good until they expire.
    await verifier.verify(before);

    // A flood of tokens naming keys nobody publishes costs one fetch per cool-down, not one each.
    const forged = after.replace(/^[^.]+/, Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'nobody' })).toString('base64url'));
    await new Promise((r) => setTimeout(r, 350));
    for (let i = 0; i < 20; i++) await expect(verifier.verify(forged)).rejects.toBeInstanceOf(TokenRejected);
    expect(issuer.jwksFetches).toBe(3);
  });
});

describe('opaque tokens', () => {
  test('checked by introspection: active, audience and scopes; a revoked token is refused', async () => {
    issuer = await startIssuer({ resource: RESOURCE, format: 'opaque' });
    const token = await issuer.robotToken(READ);
    expect(token.split('.')).toHaveLength(1);
    await expect(new TokenVerifier(settings()).verify(token)).rejects.toThrow(/introspection/);
    const verifier = new TokenVerifier(settings({ introspection: INTROSPECTOR }), { cacheMs: 0 });
    const grant = await verifier.verify(token);
    expect(grant.scopes).toEqual(new Set([READ]));
    expect(grant.subject).toBe(`${issuer.url}\nrobot`);
    // Revoked at the issuer: the next check says so.
    const revoke = await fetch(`${issuer.url}/token/revocation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('robot:robot-secret-0123456789abcdef').toString('base64')}`,
      },
      body: new URLSearchParams({ token }),
    });
    expect(revoke.status).toBe(200);
    await expect(verifier.verify(token)).rejects.toThrow('the token is not active');
    // A token for another resource is refused on its audience.
    const elsewhere = new TokenVerifier(
      { ...settings({ introspection: INTROSPECTOR }), publicUrl: 'https://other.example.com/mcp' },
      { cacheMs: 0 },
    );
    await expect(elsewhere.verify(await issuer.robotToken(READ))).rejects.toThrow('audience');
  });
});

describe('load', () => {
  /** An issuer that answers each introspection after 100 ms: `good-token` is active, every other one is not. */
  async function slowIssuer() {
    const state = { inFlight: 0, most: 0, asked: 0 };
    const slow = createServer((req, res) => {
      if (req.url?.startsWith('/.well-known/')) {
        const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ issuer: at, introspection_endpoint: `${at}/introspect` }));
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        state.asked++;
        state.most = Math.max(state.most, ++state.inFlight);
        const good = new URLSearchParams(body).get('token') === 'good-token';
        const claims = good
          ? { active: true, aud: RESOURCE, sub: 'alice', scope: READ, exp: Math.floor(Date.now() / 1000) + 3_600 }
          : { active: false };
        setTimeout(() => {
          state.inFlight--;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(claims));
        }, 100);
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const verifier = new TokenVerifier(
      {
        issuer: at,
        publicUrl: RESOURCE,
        audiences: [],
        readScope: READ,
        writeScope: WRITE,
        userClaim: undefined,
        introspection: INTROSPECTOR,
        tokenTypes: ['at+jwt'],
      },
      // Nothing cached: the good token is introspected again on every request, as one whose grant lapsed.
      { cacheMs: 0 },
    );
    return { state, verifier, close: () => new Promise((resolve) => slow.close(resolve)) };
  }

  const reasonsOf = (outcomes: PromiseSettledResult<unknown>[]) =>
    outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).constructor.name : 'accepted'));

  test('introspections in flight are capped; a made-up token waits its turn and is refused as not active, not told the issuer is busy', async () => {
    const { state, verifier, close } = await slowIssuer();
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => verifier.verify(`made-up-token-${i}`)));
    expect(reasonsOf(outcomes).every((r) => r === 'TokenRejected')).toBe(true);
    // 32 at most, 8 of them kept for tokens found good before: new ones take 24 at once.
    expect(state.most).toBe(24);
    // Sent again, they are refused from memory: the issuer is not asked again.
    const asked = state.asked;
    const again = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => verifier.verify(`made-up-token-${i}`)));
    expect(reasonsOf(again).every((r) => r === 'TokenRejected')).toBe(true);
    expect(state.asked).toBe(asked);
    await close();
  });

  test('a flood of made-up opaque tokens leaves a token found good before unaffected', { timeout: 30_000 }, async () => {
    const { state, verifier, close } = await slowIssuer();
    expect((await verifier.verify('good-token')).subject).toMatch(/alice$/);
    const flood = Promise.allSettled(Array.from({ length: 700 }, (_, i) => verifier.verify(`flood-${i}`)));
    // The flood has every slot open to new tokens and a full queue; the good token takes a slot kept for it.
    await vi.waitFor(() => expect(state.most).toBe(24), { timeout: 10_000, interval: 10 });
    const good = await Promise.allSettled([verifier.verify('good-token'), verifier.verify('good-token')]);
    expect(reasonsOf(good)).toEqual(['accepted', 'accepted']);
    const reasons = reasonsOf(await flood);
    // Past the queue the flood is told the issuer is busy (503): its own delay, nobody else's.
    expect(reasons.filter((r) => r === 'IssuerUnavailable').length).toBeGreaterThan(0);
    expect(reasons.every((r) => r === 'TokenRejected' || r === 'IssuerUnavailable')).toBe(true);
    expect(state.most).toBeLessThanOrEqual(32);
    await close();
  });
});

describe('metadata', () => {
  test("RFC 8414 path insertion first, then OpenID's forms", () => {
    expect(metadataUrls('https://id.example.com')).toEqual([
      'https://id.example.com/.well-known/oauth-authorization-server',
      'https://id.example.com/.well-known/openid-configuration',
    ]);
    expect(metadataUrls('https://id.example.com/realms/team/')).toEqual([
      'https://id.example.com/.well-known/oauth-authorization-server/realms/team',
      'https://id.example.com/.well-known/openid-configuration/realms/team',
      'https://id.example.com/realms/team/.well-known/openid-configuration',
    ]);
  });

  test('metadata naming another issuer is not used; an issuer that cannot be reached is unavailable, not a bad token', async () => {
    const fake = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: 'https://someone-else.example.com', jwks_uri: 'x' })),
    );
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    await expect(new TokenVerifier(settings({ issuer: at })).verify('a.b.c')).rejects.toThrow(/names the issuer/);
    await new Promise((resolve) => fake.close(resolve));
    const gone = new TokenVerifier(settings({ issuer: at }));
    await expect(gone.verify('a.b.c')).rejects.toBeInstanceOf(IssuerUnavailable);
  });
});
