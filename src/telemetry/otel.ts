import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Histogram,
  type Meter,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { envDetector, hostDetector, osDetector } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { PeriodicExportingMetricReader, type IMetricReader } from '@opentelemetry/sdk-metrics';
import { version } from '../version.js';
import type { RequestInfo, Telemetry } from './hooks.js';

// OpenTelemetry by its semantic conventions for MCP: a SERVER span per request named
// `{mcp.method.name} {target}`, the client's `_meta.traceparent` continued, a CLIENT span per upstream
// attempt carrying `traceparent`, and `mcp.server.operation.duration` / `http.client.request.duration`
// in seconds. Configured by the standard OTEL_* variables only. Argument values and results are never
// recorded: they carry learners' data.

const SECONDS = {
  unit: 's',
  advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300] },
};

/** The OTLP metric reader the standard variables describe, when they name an endpoint. */
async function otlpMetricReader(env: NodeJS.ProcessEnv): Promise<IMetricReader | undefined> {
  if (!env['OTEL_EXPORTER_OTLP_ENDPOINT'] && !env['OTEL_EXPORTER_OTLP_METRICS_ENDPOINT']) return undefined;
  const protocol = env['OTEL_EXPORTER_OTLP_METRICS_PROTOCOL'] ?? env['OTEL_EXPORTER_OTLP_PROTOCOL'] ?? 'http/protobuf';
  const { OTLPMetricExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-metrics-otlp-http')
      : await import('@opentelemetry/exporter-metrics-otlp-proto');
  const interval = Number(env['OTEL_METRIC_EXPORT_INTERVAL'] ?? 60_000);
  return new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: interval });
}

/** The server's meters: the semantic conventions' histograms, and counters and a gauge of its own. */
function instruments(meter: Meter) {
  const operation = meter.createHistogram('mcp.server.operation.duration', { description: 'Duration of MCP requests handled', ...SECONDS });
  const client = meter.createHistogram('http.client.request.duration', {
    description: 'Duration of requests to the workspace APIs',
    ...SECONDS,
  });
  const session = meter.createHistogram('mcp.server.session.duration', { description: 'Duration of MCP sessions', unit: 's' });
  const evictions = meter.createCounter('learning_workspace.sessions.evicted', {
    description: 'Sessions closed to make room for another: a newer one of the same caller past its share, or any past the table size',
  });
  const storeFailures = meter.createCounter('learning_workspace.store.failures', {
    description: 'Steps on the shared Redis store that failed, by store and what the call got',
  });
  const refusals = meter.createCounter('learning_workspace.rate_limit.refusals', {
    description: 'Requests refused with 429 by the per-caller limit on tool calls (--rate-limit)',
  });
  // A gauge an autoscaler can follow: what a pod is busy with now, which CPU shows poorly for calls that wait upstream.
  const callsInFlight = meter.createUpDownCounter('learning_workspace.calls.in_flight', {
    description: 'Tool calls being answered now',
  });
  return { operation, client, session, evictions, storeFailures, refusals, callsInFlight };
}

export async function startTelemetry(env: NodeJS.ProcessEnv, prometheus: boolean): Promise<Telemetry> {
  const exporter = prometheus ? new PrometheusExporter({ preventServerStart: true }) : undefined;
  const otlp = await otlpMetricReader(env);
  const readers = [exporter, otlp].filter((r): r is NonNullable<typeof r> => r !== undefined);
  const sdk = new NodeSDK({
    serviceName: env['OTEL_SERVICE_NAME'] ?? 'learning-workspace-mcp',
    // Traces follow OTEL_TRACES_EXPORTER and the OTLP variables (none when no endpoint is named).
    ...(env['OTEL_EXPORTER_OTLP_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ? {} : { spanProcessors: [] }),
    metricReaders: readers,
    instrumentations: [],
    // Not the process detector: it records the command line, where a credential may stand.
    resourceDetectors: [envDetector, hostDetector, osDetector],
  });
  sdk.start();
  const tracer = trace.getTracer('learning-workspace-mcp', version);
  const meter = metrics.getMeter('learning-workspace-mcp', version);
  const { operation, client, session, evictions, storeFailures, refusals, callsInFlight } = instruments(meter);

  return {
    request(info, run, errorType) {
      if (info.method !== 'tools/call') return serverSpan(tracer, operation, info, run, errorType);
      callsInFlight.add(1);
      return serverSpan(tracer, operation, info, run, errorType).finally(() => callsInFlight.add(-1));
    },
    step: (name, attributes, run, errorType) => stepSpan(tracer, name, attributes, run, errorType),
    upstream(method, url) {
      const { origin, pathname } = new URL(url);
      const span = tracer.startSpan(method, {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.full': origin + pathname, 'server.address': new URL(url).hostname },
      });
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), span), headers);
      const started = performance.now();
      return {
        headers,
        end(status, error) {
          if (status !== undefined) span.setAttribute('http.response.status_code', status);
          const type = error ?? (status !== undefined && status >= 500 ? String(status) : undefined);
          if (type) {
            span.setAttribute('error.type', type);
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
          span.end();
          client.record((performance.now() - started) / 1000, {
            'http.request.method': method,
            ...(status !== undefined ? { 'http.response.status_code': status } : {}),
            ...(type ? { 'error.type': type } : {}),
          });
        },
      };
    },
    sessionEnded(seconds, why) {
      session.record(seconds, { 'mcp.session.end_reason': why });
    },
    sessionEvicted(why) {
      evictions.add(1, { 'mcp.session.end_reason': why });
    },
    storeFailed(store, outcome) {
      storeFailures.add(1, { 'learning_workspace.store': store, 'learning_workspace.outcome': outcome });
    },
    rateLimited() {
      refusals.add(1);
    },
    metrics: exporter ? (req: IncomingMessage, res: ServerResponse) => exporter.getMetricsRequestHandler(req, res) : undefined,
    shutdown: () => sdk.shutdown(),
  };
}

/** A step of the current request in an INTERNAL span of its own, the request's span its parent. */
function stepSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  run: () => Promise<T>,
  errorType: (result: T) => string | undefined,
): Promise<T> {
  return within(tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }), context.active(), run, errorType);
}

/** Runs `run` as `span`'s work, then ends the span, marked with the error type of a failure; `ended` learns it. */
async function within<T>(
  span: Span,
  parent: Context,
  run: () => Promise<T>,
  errorType: (result: T) => string | undefined,
  ended: (error: string | undefined) => void = () => undefined,
): Promise<T> {
  let error: string | undefined;
  try {
    const result = await context.with(trace.setSpan(parent, span), run);
    error = errorType(result);
    return result;
  } catch (err) {
    error = String((err as { code?: unknown }).code ?? 'error');
    throw err;
  } finally {
    if (error) {
      span.setAttribute('error.type', error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
    ended(error);
  }
}

/** A request inside a SERVER span continuing the client's `_meta` trace context, and its duration. */
function serverSpan<T>(
  tracer: Tracer,
  operation: Histogram,
  info: RequestInfo,
  run: () => Promise<T>,
  errorType: (result: T) => string | undefined,
): Promise<T> {
  const carrier: Record<string, string> = {};
  for (const key of ['traceparent', 'tracestate']) if (typeof info.meta?.[key] === 'string') carrier[key] = info.meta[key] as string;
  const parent = propagation.extract(context.active(), carrier);
  const attributes: Attributes = {
    'mcp.method.name': info.method,
    'jsonrpc.request.id': String(info.requestId),
    'network.transport': info.transport,
    ...(info.target && info.method === 'tools/call' ? { 'gen_ai.tool.name': info.target, 'gen_ai.operation.name': 'execute_tool' } : {}),
    ...(info.target && info.method === 'prompts/get' ? { 'gen_ai.prompt.name': info.target } : {}),
    ...(info.target && info.method === 'resources/read' ? { 'mcp.resource.uri': info.target } : {}),
    ...(info.sessionId ? { 'mcp.session.id': info.sessionId } : {}),
    ...(info.protocolVersion ? { 'mcp.protocol.version': info.protocolVersion } : {}),
    ...(info.path ? { 'url.path': info.path } : {}),
    ...(info.narrowing ? { 'mcp.narrowing': info.narrowing } : {}),
  };
  const span = tracer.startSpan(info.target ? `${info.method} ${info.target}` : info.method, { kind: SpanKind.SERVER, attributes }, parent);
  const started = performance.now();
  return within(span, parent, run, errorType, (error) => {
    const { 'mcp.method.name': m, 'gen_ai.tool.name': t } = attributes;
    operation.record((performance.now() - started) / 1000, {
      'mcp.method.name': m!,
      ...(t ? { 'gen_ai.tool.name': t } : {}),
      ...(error ? { 'error.type': error } : {}),
    });
  });
}
