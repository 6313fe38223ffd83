// What a tool call brings from the MCP request it came in, as the call core sees it.

/** What one call learned on its way to the upstream, for the access-log line of the HTTP request behind it. */
export interface RequestTrace {
  upstreamStatus?: number;
  /** Aborts when the HTTP client went away before its answer: nothing of the call is sent after that. */
  clientGone?: AbortSignal;
}

/** Progress a call reports: a piece of the answer, or what is happening. */
export type ProgressKind = 'text' | 'status';

/** Cancellation, progress, the trace and a confirmed write's key, of one call. */
export interface CallContext {
  signal: AbortSignal;
  /** Present when the client asked for progress; sends one progress notification. */
  progress?: ((message: string, kind: ProgressKind) => Promise<void>) | undefined;
  /** How often a long call tells the client it is still waiting (clients reset their timeout on progress). */
  keepAliveMs: number;
  trace?: RequestTrace | undefined;
  /** Tells the client of a retry, as a log message its log level may filter out. */
  onRetry?: ((notice: string) => void) | undefined;
  /** The Idempotency-Key the person confirmed the write under, sent instead of the call's own. */
  idempotencyKey?: string | undefined;
}
