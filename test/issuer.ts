// A real OAuth 2.1 / OpenID authorization server for the sign-in tests: panva's oidc-provider (OpenID
// certified), in this process, with its user interaction (login and consent) answered by the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors, type Configuration } from 'oidc-provider';

export const READ = 'workspace:read';
export const WRITE = 'workspace:write';
export const INTROSPECTOR = { clientId: 'mcp-introspection', clientSecret: 'introspection-secret-0123456789abcdef' };
export const ROBOT = { clientId: 'robot', clientSecret: 'robot-secret-0123456789abcdef' };

export interface IssuerOptions {
  /** The MCP server's public URL: the one resource this issuer makes tokens for. */
  resource: string;
  /** `jwt` (default) or `opaque` access tokens. */
  format?: 'jwt' | 'opaque';
  /** A claim carrying each account's workspace user id. */
  userClaim?: string;
}

export interface Issuer {
  url: string;
  /** Who signs in at the next authorization, and which scopes they grant. */
  signIn: { account: string; grant: string[] };
  /** Workspace user id of each account, for the user claim. */
  users: Record<string, string>;
  /** Requests for the key set so far. */
  jwksFetches: number;
  /** The current signing key (private), to make the tokens a real issuer would make, and some it would not. */
  signingKey: JWK & { kid: string };
  /** A new signing key, published first with the old one still listed, as providers rotate. */
  rotate(): Promise<void>;
  /** A token for the robot client (client credentials), for the given scopes. */
  robotToken(scope: string): Promise<string>;
  close(): Promise<void>;
}

async function signingKey(kid: string): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
}

export async function startIssuer(opts: IssuerOptions): Promise<Issuer> {
  let provider: Provider;
  const http: Server = createServer((req, res) => {
    if (req.url === '/jwks') issuer.jwksFetches++;
    if (req.url?.startsWith('/interaction/')) return void interact(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const keys = [await signingKey('key-1')];
  const issuer: Issuer = {
    url,
    signIn: { account: 'alice', grant: [READ, WRITE] },
    users: { alice: 'u-alice', bob: 'u-bob' },
    jwksFetches: 0,
    signingKey: keys[0]!,
    async rotate() {
      keys.unshift(await signingKey(`key-${keys.length + 1}`));
      issuer.signingKey = keys[0]!;
      provider = make();
    },
    async robotToken(scope) {
      const res = await fetch(`${url}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${ROBOT.clientId}:${ROBOT.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource: opts.resource }),
      });
      const json = (await res.json()) as { access_token?: string };
      if (!json.access_token) throw new Error(`no token: ${JSON.stringify(json)}`);
      return json.access_token;
    },
    close: () => new Promise((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  };

  // The person at the browser: signs in as `signIn.account` and grants `signIn.grant` on the resource.
  async function interact(
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const accountId = issuer.signIn.account;
    const grant = new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
    // Scopes this issuer also lists as its own (clients register with them) are granted or refused on both counts.
    for (const scope of [READ, WRITE]) {
      if (issuer.signIn.grant.includes(scope)) {
        grant.addOIDCScope(scope);
        grant.addResourceScope(opts.resource, scope);
      } else {
        grant.rejectOIDCScope(scope);
        grant.rejectResourceScope(opts.resource, scope);
      }
    }
    grant.addOIDCScope('openid offline_access');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  function make(): Provider {
    const configuration: Configuration = {
      clients: [
        {
          client_id: INTROSPECTOR.clientId,
          client_secret: INTROSPECTOR.clientSecret,
          grant_types: [],
          redirect_uris: [],
          response_types: [],
        },
        {
          client_id: ROBOT.clientId,
          client_secret: ROBOT.clientSecret,
          grant_types: ['client_credentials'],
          redirect_uris: [],
          response_types: [],
        },
      ],
      jwks: { keys: keys.map((k) => ({ ...k })) },
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: true },
        introspection: { enabled: true },
        revocation: { enabled: true },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => opts.resource,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator) => {
            if (indicator !== opts.resource) throw new errors.InvalidTarget();
            return {
              scope: `${READ} ${WRITE}`,
              audience: indicator,
              accessTokenTTL: 3600,
              accessTokenFormat: opts.format ?? 'jwt',
              jwt: { sign: { alg: 'ES256' } },
            };
          },
        },
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
      extraTokenClaims: (_ctx, token) => {
        const account = 'accountId' in token ? (token.accountId as string | undefined) : undefined;
        return opts.userClaim && account && issuer.users[account] ? { [opts.userClaim]: issuer.users[account] } : undefined;
      },
      routes: { jwks: '/jwks' },
      scopes: ['openid', 'offline_access', READ, WRITE],
      clientDefaults: { id_token_signed_response_alg: 'ES256', grant_types: ['authorization_code'], response_types: ['code'] },
      clientBasedCORS: () => true,
      ttl: { ClientCredentials: 600, AccessToken: 3600 },
    };
    const p = new Provider(url, configuration);
    // Quiet: the provider's own warnings about development settings are expected here.
    p.on('server_error', (_ctx, err) => process.stderr.write(`issuer: ${String(err)}\n`));
    return p;
  }
  provider = make();
  return issuer;
}
