/** What one HTTP request learned on its way through, for its access-log line. */
export interface RequestTrace {
  upstreamStatus?: number;
}

/**
 * Traces of the HTTP requests in flight, by an id the HTTP layer puts in a request header of its own
 * (overwriting any a client sent). The SDK hands request headers to tool handlers as
 * `extra.requestInfo`, so a tool call finds its trace without AsyncLocalStorage, whose promise
 * hooks cost every async step on Node 20.
 */
export const TRACE_HEADER = 'x-learning-workspace-trace';
export const traces = new Map<string, RequestTrace>();

export function traceOf(requestInfo: { headers?: Record<string, string | string[] | undefined> } | undefined): RequestTrace | undefined {
  const id = requestInfo?.headers?.[TRACE_HEADER];
  return typeof id === 'string' ? traces.get(id) : undefined;
}
