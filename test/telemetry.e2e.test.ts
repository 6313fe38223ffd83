// Telemetry as an operator's tools read it: OTLP/HTTP JSON to a receiver, Prometheus scraping /metrics,
// and nothing of OpenTelemetry loaded when it is off.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectStdio, freePort, sandboxEnv, startHttpProcess, startSandbox, type Sandbox, watched } from './helpers.js';
import { needPrograms, program } from './programs.js';
import { attr, receiver, until } from './otlp.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('OpenTelemetry over OTLP/HTTP JSON', () => {
  test('a tools/call with _meta.traceparent: SERVER span in that trace, CLIENT span upstream carrying it, tool_error, the duration histogram', async () => {
    const otlp = await receiver();
    const env = sandboxEnv(sandbox, {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'lw-under-test',
      OTEL_METRIC_EXPORT_INTERVAL: '300',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const conn = await connectStdio(env);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      sandbox.reset();
      const listed = (await conn.client.callTool({
        name: 'groups_list',
        arguments: {},
        _meta: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      const failed = (await conn.client.callTool({ name: 'groups_delete', arguments: { groupId: 'g_missing' } })) as CallToolResult;
      expect(failed.isError).toBe(true);
      const server = await until(() => otlp.spans().find((s) => s.name === 'tools/call groups_list'));
      expect(await until(() => otlp.spans().find((s) => s.name === 'initialize'))).toBeDefined();
      expect(server.traceId).toBe(traceId);
      expect(server.kind).toBe(2);
      expect(attr(server, 'mcp.method.name')).toBe('tools/call');
      expect(attr(server, 'gen_ai.tool.name')).toBe('groups_list');
      expect(attr(server, 'network.transport')).toBe('pipe');
      expect(attr(server, 'jsonrpc.request.id')).toBeDefined();
      const client = await until(() => otlp.spans().find((s) => s.kind === 3 && s.traceId === traceId));
      expect(client.parentSpanId).toBe(server.spanId);
      expect(attr(client, 'http.request.method')).toBe('POST');
      expect(attr(client, 'url.full')).toMatch(/\/api\/v1\/groups\/list$/);
      expect(attr(client, 'http.response.status_code')).toBe(200);
      const sent = sandbox.requests.find((r) => r.path === '/api/v1/groups/list');
      expect(String(sent?.headers['traceparent'])).toContain(traceId);
      const error = await until(() => otlp.spans().find((s) => s.name === 'tools/call groups_delete'));
      expect(attr(error, 'error.type')).toBe('tool_error');
      // An export may come between initialize and the calls: waited for until one carries the call (cumulative, so the next does).
      const metrics = await until(() =>
        /mcp\.server\.operation\.duration[\s\S]*groups_list/.test(otlp.metrics()) ? otlp.metrics() : undefined,
      );
      expect(metrics).toContain('"unit":"s"');
      expect(metrics).toContain('lw-under-test');
      expect(metrics).toContain('groups_list');
      const all = JSON.stringify(otlp.spans()) + metrics;
      for (const secret of ['sbx_connector_secret_5f2c9a71e4']) expect(all).not.toContain(secret);
    } finally {
      await conn.close();
      await otlp.close();
    }
  });

  test('with telemetry off, no OpenTelemetry module is loaded', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'lw-imports-')), 'imports.txt');
    writeFileSync(record, '');
    const env = {
      ...sandboxEnv(sandbox),
      RECORD_IMPORTS: record,
      NODE_OPTIONS: `--import ${new URL('./fixtures/record-imports.mjs', import.meta.url).href}`,
    };
    const conn = await connectStdio(env);
    await conn.client.callTool({ name: 'groups_list', arguments: {} });
    await conn.close();
    const seen = readFileSync(record, 'utf8');
    // The built server is one bundle: what it reads on the way is its chunks (the HTTP client's among them).
    expect(seen).toMatch(/\/undici-\w+\.js/);
    expect(seen).not.toContain('@opentelemetry');
    expect(seen).not.toMatch(/\/otel-/);
  });
});

describe('Prometheus', () => {
  test(
    'a real Prometheus scrapes /metrics with the access token and returns the operation-duration series; without a token /metrics is refused',
    { timeout: 60_000 },
    async (ctx) => {
      needPrograms(ctx, 'prometheus');
      const token = 'metrics-scrape-token-0123456789';
      const server = await startHttpProcess(sandboxEnv(sandbox), ['--metrics', '--auth-token', token]);
      const dir = mkdtempSync(join(tmpdir(), 'lw-prom-'));
      const target = new URL(server.url);
      writeFileSync(
        join(dir, 'prometheus.yml'),
        `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: learning-workspace-mcp\n    metrics_path: /metrics\n    authorization:\n      credentials: ${token}\n    static_configs:\n      - targets: ['${target.host}']\n`,
      );
      const port = await freePort();
      const prometheus = spawn(
        program('prometheus'),
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: 'ignore' },
      );
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const client = watched(new Client({ name: 'scraped', version: '0' }));
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      const conn = { client, close: () => client.close() };
      try {
        expect((await fetch(server.url.replace('/mcp', '/metrics'))).status).toBe(401);
        const scraped = await fetch(server.url.replace('/mcp', '/metrics'), { headers: { authorization: `Bearer ${token}` } });
        expect(scraped.status).toBe(200);
        // The token was on the command line: no resource attribute repeats it.
        expect(await scraped.text()).not.toContain(token);
        await conn.client.callTool({ name: 'groups_list', arguments: {} });
        let result: { metric: Record<string, string> }[] = [];
        const end = Date.now() + 45_000;
        while (result.length === 0 && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 500));
          const res = await fetch(
            `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent('mcp_server_operation_duration_count')}`,
          ).catch(() => undefined);
          if (res?.ok) result = ((await res.json()) as { data: { result: typeof result } }).data.result;
        }
        expect(result.some((r) => r.metric['gen_ai_tool_name'] === 'groups_list' && r.metric['mcp_method_name'] === 'tools/call')).toBe(
          true,
        );
      } finally {
        await conn.close();
        prometheus.kill();
        await server.stop();
      }
    },
  );
});

describe('the series the Helm chart reads', () => {
  test('a call refused by the rate limit and the calls in flight are served at /metrics as learning_workspace_rate_limit_refusals_total and learning_workspace_calls_in_flight', async () => {
    const token = 'metrics-refusals-token-0123456789';
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--metrics', '--auth-token', token, '--rate-limit', '1/min']);
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const client = watched(new Client({ name: 'limited', version: '0' }));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    try {
      await client.callTool({ name: 'groups_list', arguments: {} });
      await expect(client.callTool({ name: 'groups_list', arguments: {} })).rejects.toThrow(/Too many tool calls/);
      const scraped = await fetch(server.url.replace('/mcp', '/metrics'), { headers: { authorization: `Bearer ${token}` } });
      const text = await scraped.text();
      // The names deploy/helm's alerts, dashboard and autoscaler use (test/unit/helm-chart.test.ts holds them to otel.ts).
      expect(text).toMatch(/^learning_workspace_rate_limit_refusals_total\{[^}]*\} 1$/m);
      expect(text).toMatch(/^learning_workspace_calls_in_flight\{[^}]*\} 0$/m);
      expect(text).toMatch(/^mcp_server_operation_duration_count\{[^}]*gen_ai_tool_name="groups_list"[^}]*\} 1$/m);
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
