// What the rest of the server asks of telemetry, without loading any of it: the OpenTelemetry SDK is
// imported (src/telemetry/otel.ts) only when the OTEL_* variables or --metrics turn it on.

/** One MCP request as the OpenTelemetry semantic conventions for MCP name it. */
export interface RequestInfo {
  method: string;
  /** The tool, prompt or resource the request is about. */
  target?: string | undefined;
  requestId: string | number;
  sessionId?: string | undefined;
  protocolVersion?: string | undefined;
  transport: 'pipe' | 'tcp';
  /** The HTTP path of the endpoint (/mcp, /mcp/x/analytics/readonly…) and how the client narrowed its tools, if it did. */
  path?: string | undefined;
  narrowing?: string | undefined;
  /** The client's `_meta` trace context (`traceparent`, `tracestate`). */
  meta?: Record<string, unknown> | undefined;
}

export interface Telemetry {
  /** Runs a request handler inside a SERVER span continuing the client's trace, and times it. */
  request<T>(info: RequestInfo, run: () => Promise<T>, errorType: (result: T) => string | undefined): Promise<T>;
  /** Work inside the current request: an INTERNAL child span (one call of a batch), with its error type. */
  step<T>(
    name: string,
    attributes: Record<string, string | number>,
    run: () => Promise<T>,
    errorType: (result: T) => string | undefined,
  ): Promise<T>;
  /** One upstream attempt: a CLIENT span; the headers that carry its trace upstream; its end. */
  upstream(method: string, url: string): { headers: Record<string, string>; end(status: number | undefined, error?: string): void };
  /** A 2025-11-25 session ended, after this many seconds (mcp.server.session.duration). */
  sessionEnded(seconds: number, why: string): void;
  /** A session was closed to make room for another (`caller share`: the same caller's newer one; `table full`). */
  sessionEvicted(why: string): void;
  /** A shared store (Redis) failed a step: which, and what the call got (the rate limit: `allowed` or `refused`). */
  storeFailed(store: 'rate-limit' | 'jobs', outcome: string): void;
  /** A request was refused with 429 by the per-caller limit (--rate-limit). */
  rateLimited(): void;
  /** Prometheus text for GET /metrics, when --metrics is on. */
  metrics?: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | undefined;
  shutdown(): Promise<void>;
}

/** Whether the standard variables ask for OpenTelemetry export. */
export function otelWanted(env: NodeJS.ProcessEnv): boolean {
  return (
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'].some((k) => !!env[k]) &&
    env['OTEL_SDK_DISABLED'] !== 'true'
  );
}
