import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import type { RequestTrace } from '../call/context.js';
import type { Narrowing } from './narrowing.js';

/** Workspace credentials a client brought (client-credential hosting). */
export interface ClientCredentials {
  connectorToken: string | undefined;
  apiKey: string | undefined;
  userId: string | undefined;
}

/** Who is calling: a hash their session and jobs are bound to, what their sign-in grants, their workspace credentials in client mode. */
export interface Caller {
  /** SHA-256 of who they are, in full (sessions, jobs and confirmations are bound to it); logs show its first ten digits. */
  hash: string;
  credentials: ClientCredentials | undefined;
  /** The Content API user a signed-in caller acts as (the token's user claim). */
  userId: string | undefined;
  /** A signed-in caller's issuer and subject, for the audit log. */
  subject?: string | undefined;
  /** The scopes a signed-in caller's token grants, and whether they allow the read tools only. */
  scopes: readonly string[];
  readOnly: boolean;
}

/**
 * One request as the tool handlers see it, made once per request: who calls and what they may do, and
 * the trace the call notes what it learned in (the upstream's status, for the access log and the audit).
 * The HTTP front makes it after authentication; a stdio request gets the local process's.
 */
export interface RequestContext {
  readonly caller: Caller;
  readonly trace: RequestTrace;
  /** The request asked for lockdown (HTTP header X-Workspace-Lockdown: 1); it can switch it on, never off. */
  readonly lockdown?: boolean | undefined;
  /** The HTTP path the request came to (/mcp, /mcp/x/analytics/readonly…), for the audit log and the traces. */
  readonly path?: string | undefined;
  /** The tools this client narrowed its offer to (its headers or path, a session's at initialize), within the operator's. */
  readonly narrowing?: Narrowing | undefined;
  /**
   * Counts more tool calls of this request against the caller's rate limit (--rate-limit), or refuses them:
   * code_run counts each call its code makes, as it is made. Absent where no limit is set.
   */
  readonly countCalls?: ((n: number) => Promise<void>) | undefined;
}

/** The local process over stdio: one person, every grant. */
const STDIO_CALLER: Caller = Object.freeze({
  hash: 'stdio',
  credentials: undefined,
  userId: undefined,
  scopes: Object.freeze([]),
  readOnly: false,
});

// The SDK hands each request's handlers the auth info its transport was given (over our own transport, and
// through createMcpHandler on 2026-07-28), as it was given: the context rides there under this one key,
// written by carry() and read by requestContext() only. test/unit/dependencies.test.ts holds the SDK to it.
const KEY = 'learning-workspace/request';

/** The auth info that carries a request's context from the HTTP front to its handlers (no credential: the caller's hash). */
export function carry(request: RequestContext): AuthInfo {
  const { caller } = request;
  return { token: caller.hash, clientId: caller.hash, scopes: [...caller.scopes], extra: { [KEY]: request } };
}

/** The context an HTTP request carries, when the auth info is one carry() made. */
export function carried(authInfo: AuthInfo | undefined): RequestContext | undefined {
  return authInfo?.extra?.[KEY] as RequestContext | undefined;
}

/**
 * A request's context: the one the HTTP front made, or over stdio (no auth info) the local caller's with a
 * trace of its own. Auth info without a context is refused, never taken for the local caller.
 */
export function requestContext(ctx: ServerContext): RequestContext {
  const authInfo = ctx.http?.authInfo;
  if (!authInfo) return { caller: STDIO_CALLER, trace: {} };
  const request = carried(authInfo);
  if (!request) throw new Error('A request came with auth info but no request context: the HTTP front makes one for every request.');
  return request;
}
