// What a tool call brings from the MCP request it came in, as the call core sees it.

/** What one call learned on its way to the upstream, for the access-log line of the HTTP request behind it. */
export interface RequestTrace {
  upstreamStatus?: number;
  /** The HTTP client behind the call, which may go away before its answer: nothing of the call is sent after that. */
  client?: ClientPresence;
}

/**
 * Whether an HTTP client is still there for its answer. Its signals are made only when asked for, one
 * per call (an AbortSignal costs some 4 µs on Node 20), so a request that starts no call pays nothing.
 */
export class ClientPresence {
  private left = false;
  private readonly given: AbortController[] = [];

  get gone(): boolean {
    return this.left;
  }

  /** A signal that aborts when the client goes, or when `also` aborts (its reason then). */
  signal(also?: AbortSignal): AbortSignal {
    if (also?.aborted) return also;
    const controller = new AbortController();
    if (this.left) {
      controller.abort();
      return controller.signal;
    }
    this.given.push(controller);
    // Both live no longer than their request, so the listener needs no removing.
    also?.addEventListener('abort', () => controller.abort(also.reason), { once: true });
    return controller.signal;
  }

  /** The client went away: every signal given out aborts. */
  leave(): void {
    if (this.left) return;
    this.left = true;
    for (const controller of this.given.splice(0)) controller.abort();
  }
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
  /** Lockdown (the server's or the request's): prose people wrote is withheld from the result and progress. */
  lockdown?: boolean | undefined;
}
