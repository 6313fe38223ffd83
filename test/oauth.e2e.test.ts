// Hosted with sign-in: the built server as an OAuth resource server for a real authorization server
// (oidc-provider), signed into by the MCP SDK client's own OAuth support.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SignJWT, importJWK, generateKeyPair, type JWK } from 'jose';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { startTestSandbox, type TestSandbox } from '../src/sandbox/testing.js';
import { SANDBOX_CREDENTIALS, startHttpProcess, text, type HttpProcess } from './helpers.js';
import { INTROSPECTOR, READ, startIssuer, WRITE, type Issuer } from './issuer.js';

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
    return { client_name: 'sign-in test', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
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

/** The browser: follows the authorization URL through the issuer's sign-in (cookies kept) to the redirect, and returns the code. */
async function browse(start: URL): Promise<string> {
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
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`no code: ${next.search}`);
      return code;
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}

/** The whole sign-in as a client does it: refused with a challenge, discovery, registration, code + PKCE, token; then connected. */
async function signInAndConnect(url: string, signIn = new SignIn()): Promise<{ client: Client; signIn: SignIn }> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: signIn });
  await expect(new Client({ name: 'test', version: '0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  const code = await browse(signIn.authorizationUrl!);
  await first.finishAuth(code);
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: signIn }));
  return { client, signIn };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };
const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const post = (url: string, token: string | undefined, body: object, extra: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra }, body: JSON.stringify(body) });

let sandbox: TestSandbox;
let issuer: Issuer;
let server: HttpProcess;
let url: string;

async function startServer(extraEnv: Record<string, string> = {}, args: string[] = []): Promise<HttpProcess> {
  const port = await freePort();
  url = `http://127.0.0.1:${port}/mcp`;
  return startHttpProcess(
    {
      PATH: process.env['PATH'] ?? '',
      WORKSPACE_CONNECTOR_URL: sandbox.url,
      WORKSPACE_CONTENT_URL: sandbox.url,
      WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.connectorToken,
      WORKSPACE_API_KEY: SANDBOX_CREDENTIALS.apiKey,
      WORKSPACE_USER_ID: SANDBOX_CREDENTIALS.userId,
      WORKSPACE_MCP_AUTH: 'oauth',
      WORKSPACE_MCP_OAUTH_ISSUER: issuer.url,
      WORKSPACE_MCP_PUBLIC_URL: url,
      WORKSPACE_MCP_OAUTH_USER_CLAIM: USER_CLAIM,
      ...extraEnv,
    },
    ['--port', String(port), ...args],
  );
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const port = await freePort();
  // The issuer must know the resource before the server starts; the server is started on that port.
  issuer = await startIssuer({ resource: `http://127.0.0.1:${port}/mcp`, userClaim: USER_CLAIM });
  url = `http://127.0.0.1:${port}/mcp`;
  server = await startHttpProcess(
    {
      PATH: process.env['PATH'] ?? '',
      WORKSPACE_CONNECTOR_URL: sandbox.url,
      WORKSPACE_CONTENT_URL: sandbox.url,
      WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.connectorToken,
      WORKSPACE_API_KEY: SANDBOX_CREDENTIALS.apiKey,
      WORKSPACE_USER_ID: SANDBOX_CREDENTIALS.userId,
      WORKSPACE_MCP_AUTH: 'oauth',
      WORKSPACE_MCP_OAUTH_ISSUER: issuer.url,
      WORKSPACE_MCP_PUBLIC_URL: url,
      WORKSPACE_MCP_OAUTH_USER_CLAIM: USER_CLAIM,
    },
    ['--port', String(port)],
  );
});
beforeEach(() => {
  sandbox.reset();
  issuer.signIn = { account: 'alice', grant: [READ, WRITE] };
});
afterAll(async () => {
  await server?.stop();
  await issuer?.close();
  await sandbox?.close();
});

describe('signing in with the SDK client', () => {
  test('discovery from the 401, registration, code with PKCE, token; then every tool, called as the token\'s user', async () => {
    const { client, signIn } = await signInAndConnect(url);
    expect(signIn.client?.client_id).toBeTruthy(); // registered dynamically
    expect(signIn.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(signIn.authorizationUrl?.searchParams.get('resource')).toBe(url);
    expect(signIn.authorizationUrl?.searchParams.get('scope')).toBe(`${READ} ${WRITE}`);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(34);
    const res = await client.callTool({ name: 'analytics_hero', arguments: {} });
    expect(res.isError).toBeFalsy();
    // A Content call goes out as the token's user, with the server's own credentials, never the token.
    const created = await client.callTool({ name: 'folders_create', arguments: { name: 'Signed in' } });
    expect(created.isError, text(created as never)).toBeFalsy();
    const upstream = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/folders'));
    expect(upstream.at(-1)?.headers['x-user-id']).toBe('u-alice');
    for (const r of sandbox.requests) {
      expect(JSON.stringify(r.headers)).not.toContain(signIn.saved!.access_token);
    }
    await client.close();
  });
});
