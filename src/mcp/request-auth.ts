import type { AuthInfo } from '@modelcontextprotocol/server';
import type { RequestTrace } from '../call/context.js';

const TRACE = 'learning-workspace/trace';
const READ_ONLY = 'learning-workspace/read-only';

/**
 * What the HTTP front hands a request's tool handler, through the SDK's pass-through auth info (the
 * seam it offers for per-request data): the caller's hash, never a credential; the scopes its token
 * grants (OAuth); whether that grant is read-only; and the request's trace.
 */
export function requestAuth(
  callerHash: string,
  trace: RequestTrace,
  extra: Record<string, unknown> = {},
  grant: { scopes: readonly string[]; readOnly: boolean } = { scopes: [], readOnly: false },
): AuthInfo {
  return { token: callerHash, clientId: callerHash, scopes: [...grant.scopes], extra: { ...extra, [TRACE]: trace, [READ_ONLY]: grant.readOnly } };
}

/** The trace of the HTTP request a call came in, if it came over HTTP. */
export function traceOf(authInfo: AuthInfo | undefined): RequestTrace | undefined {
  return authInfo?.extra?.[TRACE] as RequestTrace | undefined;
}

/** True when the request's grant allows only the tools that change nothing (an OAuth token without the write scope). */
export function readOnlyGrant(authInfo: AuthInfo | undefined): boolean {
  return authInfo?.extra?.[READ_ONLY] === true;
}

/** Who a request is for job ownership: the HTTP caller's hash (credential or subject), or the local process over stdio. */
export function callerOf(authInfo: AuthInfo | undefined): string {
  return authInfo?.clientId ?? 'stdio';
}

/** A signed-in caller's issuer and subject (the HTTP front puts its caller in the auth info's extra). */
export function subjectOf(authInfo: AuthInfo | undefined): string | undefined {
  const caller = authInfo?.extra?.['caller'] as { subject?: unknown } | undefined;
  return typeof caller?.subject === 'string' ? caller.subject : undefined;
}
