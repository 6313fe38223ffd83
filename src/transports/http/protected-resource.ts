import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointPath, within, type Endpoint } from './narrowing.js';
import type { OAuthSettings } from '../../config/oauth.js';

const PRM_PREFIX = '/.well-known/oauth-protected-resource';

/**
 * Protected Resource Metadata (RFC 9728) for the server at its public URL: where clients learn which
 * authorization server issues its tokens and which scopes to ask for. `readOnly`: the write scope is
 * never granted anything here, so it is not offered. `narrowable`: the narrowed endpoints (/mcp/readonly,
 * /mcp/x/<toolsets>[/readonly]) are resources of their own, each with its metadata (its URL as the
 * resource; a read-only one offers the read scope alone), and a challenge names the metadata of the
 * path it answers. offline_access is never among the scopes (the 2026-07-28 authorization rule).
 */
export class ProtectedResource {
  /** The metadata URL clients are pointed at from a 401 (the public URL's path inserted, as RFC 9728 says). */
  readonly metadataUrl: string;
  private readonly paths: ReadonlySet<string>;
  private readonly document: string;
  readonly scopes: readonly string[];

  private readonly publicPath: string;
  private readonly origin: string;

  constructor(
    readonly settings: OAuthSettings,
    private readonly readOnly: boolean,
    private readonly narrowable = false,
  ) {
    const url = new URL(settings.publicUrl);
    this.origin = url.origin;
    this.publicPath = url.pathname;
    this.metadataUrl = `${url.origin}${PRM_PREFIX}${url.pathname}`;
    // The path clients derive from the public URL, the path of this server's own endpoint (a proxy may
    // serve it under a prefix), and the root document some clients ask for first.
    this.paths = new Set([`${PRM_PREFIX}${url.pathname}`, `${PRM_PREFIX}/mcp`, PRM_PREFIX]);
    this.scopes = this.scopesFor('');
    this.document = this.documentFor('');
  }

  /** Whether the path is one of the metadata's. */
  serves(path: string): boolean {
    return this.paths.has(path) || this.suffixOfMetadata(path) !== undefined;
  }

  /** Answers a metadata request: the public URL's, or a narrowed endpoint's. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const path = (req.url ?? '/').split('?')[0]!;
    const suffix = this.paths.has(path) ? '' : (this.suffixOfMetadata(path) ?? '');
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(req.method === 'HEAD' ? undefined : suffix ? this.documentFor(suffix) : this.document);
  }

  /** The challenge of a request without a token: where to sign in, and the scopes to ask for. */
  signInChallenge(path?: string): string {
    const suffix = this.suffixOfEndpoint(path);
    return `Bearer resource_metadata="${this.metadataUrlFor(suffix)}", scope="${quoted(this.scopesFor(suffix).join(' '))}"`;
  }

  /** The challenge of a token that is not acceptable (RFC 6750 §3.1 invalid_token). */
  invalidTokenChallenge(description: string, path?: string): string {
    return `Bearer error="invalid_token", error_description="${quoted(description)}", resource_metadata="${this.metadataUrlFor(this.suffixOfEndpoint(path))}"`;
  }

  /** The step-up challenge (RFC 6750 §3.1 insufficient_scope): the scope the request needs. */
  insufficientScopeChallenge(scope: string, description: string, path?: string): string {
    return `Bearer error="insufficient_scope", scope="${quoted(scope)}", error_description="${quoted(description)}", resource_metadata="${this.metadataUrlFor(this.suffixOfEndpoint(path))}"`;
  }

  /** The resource URLs tokens may be issued for: the public URL, and with narrowing any narrowed endpoint under it. */
  accepts(audience: string): boolean {
    return this.endpointOf(audience) !== undefined;
  }

  /**
   * Whether a token issued for these audiences may be used at this path (RFC 8707: the resource a token
   * names is its limit): at the endpoint it names or a narrower one, never a wider one. The public URL and
   * the configured audiences name the whole server; a path that is no endpoint (/metrics, /readyz) needs it.
   */
  admits(audiences: readonly string[], path: string): boolean {
    const at = endpointPath(path, this.narrowable) ?? { readOnly: false };
    return audiences.some((aud) => {
      const issuedFor = this.endpointOf(aud);
      return issuedFor !== undefined && within(at, issuedFor);
    });
  }

  /** The endpoint an audience names: the whole server for the public URL or a configured audience, a narrowed one under it. */
  private endpointOf(audience: string): Endpoint | undefined {
    if (audience === this.settings.publicUrl || this.settings.audiences.includes(audience)) return { readOnly: false };
    if (!this.narrowable || !audience.startsWith(`${this.origin}${this.publicPath}/`)) return undefined;
    return endpointPath(`/mcp${audience.slice(this.origin.length + this.publicPath.length)}`, true);
  }

  /** The metadata URL of an endpoint; its suffix passed endpointPath's grammar, and is encoded all the same. */
  private metadataUrlFor(suffix: string): string {
    return urlParam(`${this.origin}${PRM_PREFIX}${this.publicPath}${suffix}`);
  }

  /** The scopes a (narrowed) endpoint offers: a read-only one, the read scope alone. */
  private scopesFor(suffix: string): string[] {
    const { readScope, writeScope } = this.settings;
    const reads = this.readOnly || suffix === '/readonly' || suffix.endsWith('/readonly');
    return (reads ? [readScope] : [readScope, writeScope]).filter((s) => s !== 'offline_access');
  }

  private documentFor(suffix: string): string {
    return JSON.stringify({
      resource: `${this.settings.publicUrl}${suffix}`,
      authorization_servers: [this.settings.issuer],
      scopes_supported: this.scopesFor(suffix),
      bearer_methods_supported: ['header'],
      resource_name: suffix ? `Learning Workspace MCP server (${suffix.slice(1, 120)})` : 'Learning Workspace MCP server',
    });
  }

  /** The narrowed endpoint an HTTP request came to, as the part of its path after /mcp ('' for /mcp itself). */
  private suffixOfEndpoint(path: string | undefined): string {
    if (!this.narrowable || path === undefined || !path.startsWith('/mcp/')) return '';
    return endpointPath(path, true) ? path.slice('/mcp'.length) : '';
  }

  /** The narrowed endpoint a metadata path names (after the public URL's path, or /mcp), if it names one. */
  private suffixOfMetadata(path: string): string | undefined {
    if (!this.narrowable) return undefined;
    for (const base of [`${PRM_PREFIX}${this.publicPath}`, `${PRM_PREFIX}/mcp`]) {
      if (!path.startsWith(`${base}/`)) continue;
      const suffix = path.slice(base.length);
      if (endpointPath(`/mcp${suffix}`, true)) return suffix;
    }
    return undefined;
  }
}

/** RFC 6750 limits error_description to printable ASCII without `"` and `\`. */
function quoted(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "'");
}

/** A URL as a challenge's quoted value: a space, quote, backslash or anything outside printable ASCII percent-encoded. */
function urlParam(url: string): string {
  return url.replace(/[^\x21\x23-\x5b\x5d-\x7e]/gu, encodeURIComponent);
}
