// Hosted with sign-in: the built server as an OAuth resource server for a real authorization server
// (oidc-provider), signed into by the MCP SDK client's own OAuth support.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SignJWT, importJWK, generateKeyPair, type JWK } from 'jose';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { startTestSandbox, type TestSandbox } from '../src/sandbox/testing.js';
import { ALL_TOOLS, freePort, SANDBOX_CREDENTIALS, startHttpProcess, text, type HttpProcess, watched } from './helpers.js';
import { READ, startIssuer, WRITE, type Issuer } from './issuer.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
const USER_CLAIM = 'workspace_user';

/** What an MCP client keeps of a sign-in, as a desktop client would; the browser step is `browse`. */
class SignIn implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'sign-in test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The browser: follows the authorization URL through the issuer's sign-in (cookies kept) to the redirect, and returns its parameters. */
async function browse(start: URL): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = start.href;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`sign-in stopped at ${res.status} ${url}: ${(await res.text()).slice(0, 500)}`);
    const next = new URL(location, url);
    if (next.href.startsWith(REDIRECT)) {
      if (!next.searchParams.get('code')) throw new Error(`no code: ${next.search}`);
      return next.searchParams;
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}

/** The whole sign-in as a client does it: refused with a challenge, discovery, registration, code + PKCE, token; then connected. */
async function signInAndConnect(url: string, signIn = new SignIn()): Promise<{ client: Client; signIn: SignIn }> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: signIn });
  await expect(new Client({ name: 'test', version: '0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  const code = (await browse(signIn.authorizationUrl!)).get('code')!;
  await first.finishAuth(code);
  const client = watched(new Client({ name: 'test', version: '0' }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: signIn }));
  return { client, signIn };
}

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const post = (url: string, token: string | undefined, body: object, extra: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body: JSON.stringify(body),
  });

let sandbox: TestSandbox;
let issuer: Issuer;
let server: HttpProcess;
let url: string;
const tokensSeen: string[] = [];

async function startServer(port: number, extraEnv: Record<string, string> = {}, args: string[] = []): Promise<HttpProcess> {
  return startHttpProcess(
    {
      PATH: process.env['PATH'] ?? '',
      WORKSPACE_CONNECTOR_URL: sandbox.url,
      WORKSPACE_CONTENT_URL: sandbox.url,
      WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.connectorToken,
      WORKSPACE_API_KEY: SANDBOX_CREDENTIALS.apiKey,
      WORKSPACE_MCP_AUTH: 'oauth',
      WORKSPACE_MCP_OAUTH_ISSUER: issuer.url,
      WORKSPACE_MCP_PUBLIC_URL: `http://127.0.0.1:${port}/mcp`,
      WORKSPACE_MCP_OAUTH_USER_CLAIM: USER_CLAIM,
      ...extraEnv,
    },
    ['--port', String(port), ...args],
  );
}

const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  iss: issuer.url,
  sub: 'alice',
  aud: url,
  scope: `${READ} ${WRITE}`,
  [USER_CLAIM]: 'u-alice',
  iat: now(),
  exp: now() + 600,
  ...extra,
});

/** A token signed with the issuer's own key, as it would make one, with the claims given. */
async function mint(extra: Record<string, unknown> = {}, key: JWK & { kid?: string } = issuer.signingKey): Promise<string> {
  const token = await new SignJWT(claims(extra))
    .setProtectedHeader({ alg: 'ES256', kid: key.kid ?? issuer.signingKey.kid, typ: 'at+jwt' })
    .sign(await importJWK(key, 'ES256'));
  tokensSeen.push(token);
  return token;
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A refusal as the client sees it: status, challenge, and nothing sent upstream. */
async function refused(token: string | undefined, body: object = INIT, extra: Record<string, string> = {}) {
  const res = await post(url, token, body, extra);
  const json = (await res.json()) as { error?: { message: string } };
  expect(sandbox.requests).toEqual([]);
  return { status: res.status, challenge: res.headers.get('www-authenticate') ?? '', message: json.error?.message ?? '' };
}

async function session(token: string): Promise<string> {
  const res = await post(url, token, INIT);
  expect(res.status).toBe(200);
  await res.text();
  const sid = res.headers.get('mcp-session-id')!;
  await post(
    url,
    token,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
  );
  return sid;
}

const callBody = (name: string, args: object = {}, id = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // The issuer must know the resource before the server starts, so the port is chosen first.
  const port = await freePort();
  url = `http://127.0.0.1:${port}/mcp`;
  issuer = await startIssuer({ resource: url, userClaim: USER_CLAIM });
  server = await startServer(port);
});
beforeEach(() => {
  sandbox.reset();
  issuer.signIn = { account: 'alice', grant: [READ, WRITE] };
});
afterAll(async () => {
  await server?.stop();
  await issuer?.close();
  await sandbox?.close();
  // The access log names callers by hash only: no token is ever written.
  const log = server?.stderr() ?? '';
  expect(log).toMatch(/"caller":"[0-9a-f]+"/);
  for (const t of tokensSeen) expect(log).not.toContain(t);
});

describe('signing in with the SDK client', () => {
  test("discovery from the 401, registration, code with PKCE, token; then every tool, called as the token's user", async () => {
    const { client, signIn } = await signInAndConnect(url);
    tokensSeen.push(signIn.saved!.access_token);
    expect(signIn.client?.client_id).toBeTruthy(); // registered dynamically
    expect(signIn.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(signIn.authorizationUrl?.searchParams.get('resource')).toBe(url);
    expect(signIn.authorizationUrl?.searchParams.get('scope')).toBe(`${READ} ${WRITE}`);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(ALL_TOOLS);
    expect((await client.callTool({ name: 'analytics_hero', arguments: {} })).isError).toBeFalsy();
    // A Content call goes out as the token's user, with the server's own credentials, never the token.
    const created = await client.callTool({ name: 'folders_create', arguments: { name: 'Signed in' } });
    expect(created.isError, text(created as never)).toBeFalsy();
    const folderCalls = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/folders'));
    expect(folderCalls.at(-1)?.headers['x-user-id']).toBe('u-alice');
    expect(folderCalls.at(-1)?.headers['x-api-key']).toBe(SANDBOX_CREDENTIALS.apiKey);
    for (const r of sandbox.requests) expect(JSON.stringify(r.headers)).not.toContain(signIn.saved!.access_token);
    await client.close();
  });

  test('the 2026-07-28 client signs in the same way and calls without a session', async () => {
    const signIn = new SignIn();
    issuer.signIn = { account: 'bob', grant: [READ, WRITE] };
    const first = new ModernTransport(new URL(url), { authProvider: signIn });
    const auto = { versionNegotiation: { mode: 'auto' as const } };
    await expect(new ModernClient({ name: 'test', version: '0' }, auto).connect(first)).rejects.toThrow();
    await first.finishAuth(await browse(signIn.authorizationUrl!));
    tokensSeen.push(signIn.saved!.access_token);
    const client = new ModernClient({ name: 'test', version: '0' }, auto);
    const transport = new ModernTransport(new URL(url), { authProvider: signIn });
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listTools()).tools).toHaveLength(ALL_TOOLS);
    const res = await client.callTool({ name: 'materials_list', arguments: {} });
    expect(res.isError).toBeFalsy();
    expect(sandbox.requests.at(-1)?.headers['x-user-id']).toBe('u-bob');
    await client.close();
  });

  test('a user who grants reading only: writes are hidden, and a write call is refused with a step-up challenge the client follows', async () => {
    issuer.signIn = { account: 'alice', grant: [READ] };
    const { client, signIn } = await signInAndConnect(url);
    tokensSeen.push(signIn.saved!.access_token);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(10);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    // A client with an older list still calls a write by name: 403, and the SDK asks for the write scope.
    signIn.authorizationUrl = undefined;
    await expect(client.callTool({ name: 'folders_create', arguments: { name: 'x' } })).rejects.toThrow();
    const stepUp = signIn.authorizationUrl as URL | undefined;
    expect(stepUp?.searchParams.get('scope')).toContain(WRITE);
    expect(sandbox.requests).toEqual([]);
    await client.close();
  });
});

describe('refusals', () => {
  test('no token: 401 pointing at the metadata, with the scopes to ask for', async () => {
    const r = await refused(undefined);
    expect(r.status).toBe(401);
    expect(r.challenge).toBe(
      `Bearer resource_metadata="${url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')}", scope="${READ} ${WRITE}"`,
    );
    // A 2026-07-28 request (no initialize, no session) is refused the same way.
    const modern = await refused(
      undefined,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(modern.status).toBe(401);
  });

  const invalid = [
    ['expired', () => mint({ exp: now() - 120, iat: now() - 900 }), 'the token has expired'],
    ['for another resource', () => mint({ aud: 'https://other.example.com/mcp' }), 'audience'],
    ['from another issuer', () => mint({ iss: 'https://evil.example.com' }), 'another authorization server'],
    ['not valid yet', () => mint({ nbf: now() + 600 }), 'not valid yet'],
    [
      "signed by another key under the issuer's key id",
      async () => mint({}, { ...(await otherKey()), kid: issuer.signingKey.kid }),
      'signature does not verify',
    ],
    [
      'signed by a key the issuer does not publish',
      async () => mint({}, { ...(await otherKey()), kid: 'unknown-key' }),
      'does not publish',
    ],
    [
      'of another kind (typ JWT, as an ID token is)',
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'ES256', kid: issuer.signingKey.kid, typ: 'JWT' })
          .sign(await importJWK(issuer.signingKey, 'ES256')),
      'not an access token',
    ],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, 'accepted algorithm'],
    ["HMAC keyed with the issuer's public key", async () => hmacWithPublicKey(), 'accepted algorithm'],
    ['without the user claim', () => mint({ [USER_CLAIM]: undefined }), `no ${USER_CLAIM} claim`],
    ['opaque, with no introspection configured', async () => 'opaque-token-0123456789', 'introspection'],
  ] as const;
  test.each(invalid)('a token %s: 401 invalid_token, nothing upstream', async (_name, make, reason) => {
    const token = await make();
    const r = await refused(token);
    expect(r.status).toBe(401);
    expect(r.challenge).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    expect(r.challenge).toContain(reason);
    expect(r.message).toContain(reason);
  });

  test('a clock 30 s behind the issuer is tolerated; 60 s is the most', async () => {
    const res = await post(url, await mint({ exp: now() - 30 }), INIT);
    expect(res.status).toBe(200);
  });

  test('a token with neither scope: 403 insufficient_scope for the read scope', async () => {
    const r = await refused(await mint({ scope: 'openid profile' }));
    expect(r.status).toBe(403);
    expect(r.challenge).toContain(`error="insufficient_scope", scope="${READ}"`);
  });

  test('a write with a read-only token: 403 with the step-up challenge; with the write scope it goes through, in the same session', async () => {
    const readOnly = await mint({ scope: READ });
    const sid = await session(readOnly);
    const headers = { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' };
    sandbox.reset();
    const r = await refused(readOnly, callBody('folders_create', { name: 'x' }), headers);
    expect(r.status).toBe(403);
    expect(r.challenge).toBe(
      `Bearer error="insufficient_scope", scope="${WRITE}", error_description="folders_create needs ${WRITE}", resource_metadata="${url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')}"`,
    );
    // The same on 2026-07-28, which has no session.
    const modern = await refused(
      readOnly,
      {
        ...callBody('folders_create', { name: 'x' }),
        params: { name: 'folders_create', arguments: { name: 'x' }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'folders_create' },
    );
    expect([modern.status, modern.challenge]).toEqual([403, r.challenge]);
    // The client signs in again with the write scope and retries in its session: the same subject, now served.
    const res = await post(url, await mint({ scope: `${READ} ${WRITE}` }), callBody('folders_create', { name: 'x' }), headers);
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(answer).toContain('"structuredContent"');
    expect(answer).not.toContain('"isError":true');
  });

  test("a session replayed with another subject's token: 403, nothing upstream", async () => {
    const sid = await session(await mint());
    sandbox.reset();
    const r = await refused(await mint({ sub: 'bob', [USER_CLAIM]: 'u-bob' }), callBody('analytics_hero'), {
      'mcp-session-id': sid,
      'mcp-protocol-version': '2025-11-25',
    });
    expect(r.status).toBe(403);
    expect(r.message).toContain('another caller');
  });
});

describe('tokens bound to the endpoint they were issued for (RFC 8707)', () => {
  test('a token issued for /mcp/x/analytics/readonly, write scope and all, is refused at /mcp and at wider paths, nothing upstream', async () => {
    const narrowed = await mint({ aud: `${url}/x/analytics/readonly` });
    for (const wider of [url, `${url}/readonly`, `${url}/x/analytics`, `${url}/x/analytics,groups/readonly`]) {
      const res = await post(wider, narrowed, INIT);
      expect(res.status, wider).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]*narrower endpoint[^"]*", resource_metadata="/);
      // The challenge names the metadata of the endpoint asked for, so the client signs in for it.
      expect(challenge).toContain(`/.well-known/oauth-protected-resource${new URL(wider).pathname}"`);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('narrower endpoint');
    }
    expect(sandbox.requests).toEqual([]);
  });

  test('there, and for /mcp anywhere, the token is taken: the narrowed path lists the analytics reads only', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const names = async (at: string, token: string) => {
      const sid = (await post(at, token, INIT)).headers.get('mcp-session-id')!;
      const res = await post(at, token, list, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' });
      expect(res.status).toBe(200);
      const text = await res.text();
      const json = JSON.parse(
        text.startsWith('{')
          ? text
          : text
              .split('\n')
              .find((l) => l.startsWith('data:'))!
              .slice(5),
      ) as {
        result: { tools: { name: string }[] };
      };
      return json.result.tools.map((t) => t.name);
    };
    const own = await names(`${url}/x/analytics/readonly`, await mint({ aud: `${url}/x/analytics/readonly` }));
    expect(own).toContain('analytics_hero');
    expect(own.every((n) => n.startsWith('analytics_') || n.startsWith('jobs_') || n === 'batch_call')).toBe(true);
    const wide = await mint();
    expect(await names(`${url}/x/analytics/readonly`, wide)).toEqual(own);
    expect((await names(url, wide)).length).toBeGreaterThan(own.length);
  });

  test('the metadata of each endpoint names that endpoint as the resource', async () => {
    for (const path of ['/mcp', '/mcp/readonly', '/mcp/x/analytics/readonly']) {
      const meta = await fetch(new URL(`/.well-known/oauth-protected-resource${path}`, url));
      expect(((await meta.json()) as { resource: string }).resource).toBe(`${new URL(url).origin}${path}`);
    }
  });
});

describe('metadata and browsers', () => {
  test('Protected Resource Metadata at the path-inserted and the root address', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(new URL(path, url));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        resource: url,
        authorization_servers: [issuer.url],
        scopes_supported: [READ, WRITE],
        bearer_methods_supported: ['header'],
        resource_name: 'Learning Workspace MCP server',
      });
    }
  });

  test("CORS for an allowed origin: the preflight is answered without a token, and a 401's challenge is readable", async () => {
    const origin = url.replace('/mcp', '');
    const pre = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const res = await post(url, undefined, INIT, { origin });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    expect(res.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
    const meta = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url), { headers: { origin } });
    expect(meta.headers.get('access-control-allow-origin')).toBe(origin);
    // Another origin gets no CORS headers, and its requests are refused.
    const evil = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('stateless', () => {
  test('every request is verified on its own', async () => {
    const port = await freePort();
    const stateless = await startServer(port, {}, ['--stateless']);
    try {
      const at = `http://127.0.0.1:${port}/mcp`;
      const good = await new SignJWT(claims({ aud: at }))
        .setProtectedHeader({ alg: 'ES256', kid: issuer.signingKey.kid })
        .sign(await importJWK(issuer.signingKey, 'ES256'));
      tokensSeen.push(good);
      expect((await post(at, good, callBody('analytics_hero'), { 'mcp-protocol-version': '2025-11-25' })).status).toBe(200);
      expect((await post(at, undefined, callBody('analytics_hero'), { 'mcp-protocol-version': '2025-11-25' })).status).toBe(401);
      // A token for the first server is not one for this one.
      expect((await post(at, await mint(), callBody('analytics_hero'), { 'mcp-protocol-version': '2025-11-25' })).status).toBe(401);
    } finally {
      await stateless.stop();
    }
  });
});

async function otherKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const { exportJWK } = await import('jose');
  return exportJWK(privateKey);
}

/** The classic confusion: HS256 with the issuer's published public key as the secret. */
async function hmacWithPublicKey(): Promise<string> {
  const { d: _private, ...publicJwk } = issuer.signingKey;
  const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
  return new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: issuer.signingKey.kid }).sign(secret);
}
