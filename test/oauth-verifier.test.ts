// The token verifier against a real authorization server (oidc-provider): key rotation, the refetch
// rate limit, opaque tokens by introspection, metadata discovery and an issuer that cannot be reached.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
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
  test('introspection calls in flight are capped: the rest are told the issuer is busy, not that their token is bad', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = createServer((req, res) => {
      if (req.url?.startsWith('/.well-known/')) {
        const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ issuer: at, introspection_endpoint: `${at}/introspect` }));
      }
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ active: false }));
      }, 200);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const verifier = new TokenVerifier({
      issuer: at,
      publicUrl: RESOURCE,
      audiences: [],
      readScope: READ,
      writeScope: WRITE,
      userClaim: undefined,
      introspection: INTROSPECTOR,
      tokenTypes: ['at+jwt'],
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => verifier.verify(`made-up-token-${i}`)));
    const reasons = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).constructor.name : 'accepted'));
    expect(reasons.filter((r) => r === 'TokenRejected')).toHaveLength(32);
    expect(reasons.filter((r) => r === 'IssuerUnavailable')).toHaveLength(18);
    expect(most).toBe(32);
    await new Promise((resolve) => slow.close(resolve));
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
