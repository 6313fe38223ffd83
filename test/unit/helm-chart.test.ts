// The Helm chart's files against the server they deploy, without helm (test/helm.e2e.test.ts renders it):
// its appVersion is the package's version, the series its alerts, dashboard and autoscaler read are ones the
// server exports, and its values and its values schema name the same keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import pkg from '../../package.json' with { type: 'json' };
import { CHART_DIR } from '../../scripts/chart-docs.js';
import { ROOT } from '../../scripts/doc-files.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const chart = (file: string) => read(join(CHART_DIR, file));

/** The Prometheus series names the server's meters become (dots as underscores, counters with _total). */
export function exportedSeries(otel: string): Set<string> {
  const names = new Set<string>();
  for (const [, kind, name] of otel.matchAll(/meter\.create(Counter|UpDownCounter|Histogram)\('([^']+)'/g)) {
    const base = name!.replace(/\./g, '_');
    if (kind === 'Counter') names.add(`${base}_total`);
    else if (kind === 'UpDownCounter') names.add(base);
    else for (const suffix of ['_bucket', '_count', '_sum']) names.add(base + suffix);
  }
  return names;
}

describe('the Helm chart', () => {
  test("appVersion is package.json's version (npm run docs writes it)", () => {
    expect((parse(chart('Chart.yaml')) as { appVersion: string }).appVersion).toBe(pkg.version);
  });

  test('every series the alerts, the dashboard and the autoscaler read is one the server exports', () => {
    const exported = exportedSeries(read('src/telemetry/otel.ts'));
    expect(exported).toContain('learning_workspace_calls_in_flight');
    expect(exported).toContain('mcp_server_operation_duration_count');
    const readers = ['templates/prometheusrule.yaml', 'dashboards/learning-workspace-mcp.json', 'templates/hpa.yaml'].map(chart).join('\n');
    // A series is followed by its selector (or ends the HPA's line); labels such as learning_workspace_store are not.
    const read_ = new Set([...readers.matchAll(/\b((?:mcp_server|http_client|learning_workspace)_\w+)(?=\{|\s*$)/gm)].map((m) => m[1]!));
    expect(read_.size).toBeGreaterThan(4);
    for (const series of read_)
      expect(exported, `${series} is read by the chart but not exported by src/telemetry/otel.ts`).toContain(series);
  });

  test('the dashboard is a Grafana dashboard whose every panel queries the chosen data source', () => {
    type Panel = { title: string; datasource: { uid: string }; targets: { expr: string }[] };
    const dashboard = JSON.parse(chart('dashboards/learning-workspace-mcp.json')) as { uid: string; panels: Panel[] };
    expect(dashboard.uid).toBe('learning-workspace-mcp');
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe('${datasource}');
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const t of panel.targets) expect(t.expr, panel.title).toMatch(/\$namespace.*\$job|\$job.*\$namespace/);
    }
  });

  test('values.yaml and values.schema.json name the same keys, and the schema refuses unknown top-level ones', () => {
    type Schema = { properties?: Record<string, Schema>; additionalProperties?: unknown };
    const schema = JSON.parse(chart('values.schema.json')) as Schema;
    expect(schema.additionalProperties).toBe(false);
    const values = parse(chart('values.yaml')) as Record<string, unknown>;
    expect(
      Object.keys(schema.properties!)
        .filter((k) => k !== 'global')
        .sort(),
    ).toEqual(Object.keys(values).sort());
    // Within a group the schema lists, each value of values.yaml is listed too.
    const walk = (v: Record<string, unknown>, s: Schema, at: string) => {
      if (!s.properties) return;
      for (const [key, value] of Object.entries(v)) {
        expect(s.properties, `${at}${key} is not in values.schema.json`).toHaveProperty([key]);
        if (value && typeof value === 'object' && !Array.isArray(value))
          walk(value as Record<string, unknown>, s.properties[key]!, `${at}${key}.`);
      }
    };
    walk(values, schema, '');
  });
});
