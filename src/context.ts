/** What one call learned on its way to the upstream, for the access-log line of the HTTP request behind it. */
export interface RequestTrace {
  upstreamStatus?: number;
}
