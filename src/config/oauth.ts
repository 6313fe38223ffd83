// The sign-in settings: read from the configuration here, used by the HTTP transport's token checks.

/** The resource-server side of OAuth: which issuer's tokens are accepted, for which audience and scopes. */
export interface OAuthSettings {
  /** The authorization server's issuer identifier, exactly as its tokens carry it in `iss`. */
  issuer: string;
  /** The URL clients use for this server (ends in /mcp): the resource tokens must be issued for. */
  publicUrl: string;
  /** Further accepted `aud` values, for providers that name an API by its own identifier. */
  audiences: string[];
  readScope: string;
  writeScope: string;
  /** A claim naming the acting user of the Content API; tokens without it are refused. */
  userClaim: string | undefined;
  /** Client of the issuer's RFC 7662 introspection endpoint, for opaque (non-JWT) tokens. */
  introspection: { clientId: string; clientSecret: string } | undefined;
  /**
   * JWT `typ` headers accepted (lower case): RFC 9068's at+jwt by default, so an ID token or another
   * kind of JWT of the same issuer is not taken for an access token. A token without typ is accepted.
   */
  tokenTypes: readonly string[];
}
