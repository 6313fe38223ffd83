import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthSettings } from '../../config/oauth.js';

const PRM_PREFIX = '/.well-known/oauth-protected-resource';

/**
 * Protected Resource Metadata (RFC 9728) for the server at its public URL: where clients learn which
 * authorization server issues its tokens and which scopes to ask for. `readOnly`: the write scope is
 * never granted anything here, so it is not offered.
 */
export class ProtectedResource {
  /** The metadata URL clients are pointed at from a 401 (the public URL's path inserted, as RFC 9728 says). */
  readonly metadataUrl: string;
  private readonly paths: ReadonlySet<string>;
  private readonly document: string;
  readonly scopes: readonly string[];

  constructor(
    readonly settings: OAuthSettings,
    readOnly: boolean,
  ) {
    const url = new URL(settings.publicUrl);
    this.metadataUrl = `${url.origin}${PRM_PREFIX}${url.pathname}`;
    // The path clients derive from the public URL, the path of this server's own endpoint (a proxy may
    // serve it under a prefix), and the root document some clients ask for first.
    this.paths = new Set([`${PRM_PREFIX}${url.pathname}`, `${PRM_PREFIX}/mcp`, PRM_PREFIX]);
    this.scopes = readOnly ? [settings.readScope] : [settings.readScope, settings.writeScope];
    this.document = JSON.stringify({
      resource: settings.publicUrl,
      authorization_servers: [settings.issuer],
      scopes_supported: this.scopes,
      bearer_methods_supported: ['header'],
      resource_name: 'Learning Workspace MCP server',
    });
  }

  /** Whether the path is one of the metadata's. */
  serves(path: string): boolean {
    return this.paths.has(path);
  }

  /** Answers a metadata request. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(req.method === 'HEAD' ? undefined : this.document);
  }

  /** The challenge of a request without a token: where to sign in, and the scopes to ask for. */
  signInChallenge(): string {
    return `Bearer resource_metadata="${this.metadataUrl}", scope="${this.scopes.join(' ')}"`;
  }

  /** The challenge of a token that is not acceptable (RFC 6750 §3.1 invalid_token). */
  invalidTokenChallenge(description: string): string {
    return `Bearer error="invalid_token", error_description="${quoted(description)}", resource_metadata="${this.metadataUrl}"`;
  }

  /** The step-up challenge (RFC 6750 §3.1 insufficient_scope): the scope the request needs. */
  insufficientScopeChallenge(scope: string, description: string): string {
    return `Bearer error="insufficient_scope", scope="${scope}", error_description="${quoted(description)}", resource_metadata="${this.metadataUrl}"`;
  }
}

/** RFC 6750 limits error_description to printable ASCII without `"` and `\`. */
function quoted(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "'");
}
