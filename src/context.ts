import type { AuthInfo } from '@modelcontextprotocol/server';

/** What one call learned on its way to the upstream, for the access-log line of the HTTP request behind it. */
export interface RequestTrace {
  upstreamStatus?: number;
}

const TRACE = 'learning-workspace/trace';

/**
 * What the HTTP front hands a request's tool handler, through the SDK's pass-through auth info (the
 * seam it offers for per-request data): the caller's hash, never a credential, and the request's trace.
 */
export function requestAuth(callerHash: string, trace: RequestTrace, extra: Record<string, unknown> = {}): AuthInfo {
  return { token: callerHash, clientId: callerHash, scopes: [], extra: { ...extra, [TRACE]: trace } };
}

/** The trace of the HTTP request a call came in, if it came over HTTP. */
export function traceOf(authInfo: AuthInfo | undefined): RequestTrace | undefined {
  return authInfo?.extra?.[TRACE] as RequestTrace | undefined;
}
