// The Helm chart (deploy/helm/learning-workspace-mcp) as helm 4 lints and renders it, with its defaults and each
// ci/ values file: every rendered object checked against the Kubernetes JSON schemas, the pod's hardening, the
// probes (and the built server answering them as the kubelet asks), the grace period against the drain, where
// secrets go, and what rendering refuses. No Kubernetes API server runs here; test/kube/play.test.ts runs the
// sandbox values' Deployment under podman kube play.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { blocksRunBy, shellCommands, shellWords } from './docs-blocks.js';
import { freePort, startHttpProcess } from './helpers.js';
import { needPrograms, program } from './programs.js';
import {
  CHART,
  CI_VALUES,
  getWithHost,
  helm,
  helmTools,
  needHelm,
  only,
  render,
  validate,
  type HelmTools,
  type K8sObject,
} from './helm.js';

let tools: HelmTools | string;
beforeAll(async () => {
  tools = await helmTools();
}, 300_000);

type Probe = { httpGet: { path: string; port: string; httpHeaders?: { name: string; value: string }[] } };
type Env = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };
interface Container {
  name: string;
  args?: string[];
  command?: string[];
  env: Env[];
  envFrom?: { secretRef: { name: string } }[];
  securityContext: Record<string, unknown>;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  startupProbe: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle: { preStop: { exec: { command: string[] } } };
  volumeMounts: { name: string; mountPath: string }[];
}
interface PodSpec {
  automountServiceAccountToken: boolean;
  securityContext: Record<string, unknown>;
  terminationGracePeriodSeconds: number;
  topologySpreadConstraints?: { topologyKey: string }[];
  containers: Container[];
  volumes: { name: string; emptyDir?: unknown }[];
}
const podOf = (objects: K8sObject[]) =>
  (only(objects, 'Deployment') as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec;
const serverOf = (objects: K8sObject[]) => podOf(objects).containers[0]!;
const drainOf = (c: Container) => Number(c.env.find((e) => e.name === 'WORKSPACE_MCP_DRAIN_MS')?.value);

const VALUES_FILES: [string, string[]][] = [
  ['the defaults', []],
  ...CI_VALUES.map((f): [string, string[]] => [f.slice(CHART.length + 1), ['-f', f]]),
];

describe('helm lint and render', () => {
  test.for(VALUES_FILES)('helm lint --strict passes with %s', async ([, args], ctx) => {
    const h = needHelm(ctx, tools);
    const r = await helm(h, ['lint', '--strict', CHART, ...args]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('0 chart(s) failed');
  });

  test('every object of every values file fits its Kubernetes schema; together they hold every kind the chart makes', async (ctx) => {
    const h = needHelm(ctx, tools);
    const kinds = new Set<string>();
    for (const [name, args] of VALUES_FILES) {
      for (const object of await render(h, args)) {
        kinds.add(object.kind);
        await expect(validate(h, object), `${name}: ${object.kind} ${object.metadata.name}`).resolves.toBeUndefined();
      }
    }
    for (const kind of [
      'Deployment',
      'Service',
      'ServiceAccount',
      'Secret',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'ServiceMonitor',
      'PrometheusRule',
      'Ingress',
      'HTTPRoute',
      'ConfigMap',
    ])
      expect(kinds).toContain(kind);
  });

  test('the schema check is a real one: a Deployment with a replica count in words does not fit', async (ctx) => {
    const h = needHelm(ctx, tools);
    const deployment = only(await render(h), 'Deployment');
    const broken = { ...deployment, spec: { ...(deployment['spec'] as object), replicas: 'two' } };
    await expect(validate(h, broken)).rejects.toThrow(/replicas must be integer/);
  });
});

describe('what rendering refuses', () => {
  test('--set replicaCount=two is refused by the values schema', async (ctx) => {
    const h = needHelm(ctx, tools);
    const r = await helm(h, ['template', 'lw', CHART, '--set', 'replicaCount=two']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/replicaCount.*got string, want integer/);
  });

  test('an unknown top-level key is refused by the values schema', async (ctx) => {
    const h = needHelm(ctx, tools);
    const r = await helm(h, ['template', 'lw', CHART, '--set', 'replicas=3']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/additional properties 'replicas' not allowed/);
  });

  test.for([
    ['--set replicaCount=3', ['--set', 'replicaCount=3']],
    ['--set autoscaling.enabled=true', ['--set', 'autoscaling.enabled=true']],
  ] as [string, string[]][])('%s without Redis is refused, naming Redis and what to set', async ([, args], ctx) => {
    const h = needHelm(ctx, tools);
    const r = await helm(h, ['template', 'lw', CHART, ...args]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('needs Redis');
    expect(r.stderr).toContain('redis.url');
    expect(r.stderr).toContain('redis.existingSecret');
  });

  test('three replicas with Redis render: the URL from the Secret the chart makes, or from an existing Secret', async (ctx) => {
    const h = needHelm(ctx, tools);
    const url = 'redis://:p4ssw0rd-of-redis@redis.mcp.svc:6379/0';
    const made = await render(h, ['--set', 'replicaCount=3', '--set', `redis.url=${url}`]);
    expect((only(made, 'Deployment')['spec'] as { replicas: number }).replicas).toBe(3);
    expect(JSON.stringify(only(made, 'Deployment'))).not.toContain('p4ssw0rd');
    expect(Buffer.from((only(made, 'Secret')['data'] as Record<string, string>)['WORKSPACE_REDIS_URL']!, 'base64').toString()).toBe(url);
    const existing = await render(h, ['--set', 'replicaCount=3', '--set', 'redis.existingSecret=shared-redis']);
    expect(serverOf(existing).env.find((e) => e.name === 'WORKSPACE_REDIS_URL')).toEqual({
      name: 'WORKSPACE_REDIS_URL',
      valueFrom: { secretKeyRef: { name: 'shared-redis', key: 'WORKSPACE_REDIS_URL' } },
    });
  });

  test('a secret setting given as a plain variable (server.extraEnv) is refused', async (ctx) => {
    const h = needHelm(ctx, tools);
    const r = await helm(h, ['template', 'lw', CHART, '--set', 'server.extraEnv.WORKSPACE_API_KEY=k']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('server.extraEnv.WORKSPACE_API_KEY is a secret setting');
  });
});

describe('the default pod', () => {
  test('is hardened: non-root, read-only root with an emptyDir at /tmp, no escalation, no capability, seccomp, no token', async (ctx) => {
    const h = needHelm(ctx, tools);
    const objects = await render(h);
    const pod = podOf(objects);
    const server = pod.containers[0]!;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(server.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      privileged: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(only(objects, 'ServiceAccount')['automountServiceAccountToken']).toBe(false);
    expect(server.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
    expect(pod.volumes.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();
    expect(server.resources.requests['memory']).toBeDefined();
    expect(server.resources.limits['memory']).toBeDefined();
    // Capacity holds through an upgrade; the pods spread across nodes.
    expect(only(objects, 'Deployment')['spec']).toMatchObject({
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } },
    });
    expect(pod.topologySpreadConstraints?.map((t) => t.topologyKey)).toContain('kubernetes.io/hostname');
  });

  test("probes the server's own paths: startup and liveness /healthz, readiness /readyz", async (ctx) => {
    const server = serverOf(await render(needHelm(ctx, tools)));
    expect([server.startupProbe, server.livenessProbe, server.readinessProbe].map((p) => [p.httpGet.path, p.httpGet.port])).toEqual([
      ['/healthz', 'http'],
      ['/healthz', 'http'],
      ['/readyz', 'http'],
    ]);
  });

  test.for([[], ['--set', 'server.drainMs=30000'], ['--set', 'server.drainMs=2500', '--set', 'termination.preStopSeconds=0']])(
    'the grace period covers the preStop pause, the drain and the 2 s the server takes to exit (%j)',
    async (args, ctx) => {
      const pod = podOf(await render(needHelm(ctx, tools), args));
      const server = pod.containers[0]!;
      const pause = Number(server.lifecycle.preStop.exec.command[1]);
      expect(server.lifecycle.preStop.exec.command[0]).toBe('sleep');
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + drainOf(server) / 1000 + 2);
    },
  );
});

describe('secrets', () => {
  const TOKEN = 'plain-text-token-that-must-not-show-0123';
  test('come from a Secret: never a plain value of the Deployment, an argument or a ConfigMap', async (ctx) => {
    const h = needHelm(ctx, tools);
    const objects = await render(h, ['-f', CI_VALUES[0]!, '--set', `secrets.values.WORKSPACE_MCP_AUTH_TOKEN=${TOKEN}`]);
    const secret = only(objects, 'Secret');
    const data = secret['data'] as Record<string, string>;
    const values = Object.values(data).map((v) => Buffer.from(v, 'base64').toString());
    expect(values).toContain(TOKEN);
    for (const object of objects.filter((o) => o.kind !== 'Secret')) {
      for (const value of values) expect(JSON.stringify(object), `${object.kind} holds a secret value`).not.toContain(value);
    }
    const server = serverOf(objects);
    expect(server.args ?? []).toEqual([]);
    expect(server.envFrom).toEqual([{ secretRef: { name: secret.metadata.name } }]);
    for (const name of Object.keys(data)) expect(server.env.find((e) => e.name === name && e.value !== undefined)).toBeUndefined();
    // A changed Secret rolls the pods.
    expect((only(objects, 'Deployment')['spec'] as { template: K8sObject }).template.metadata.annotations).toHaveProperty(
      'checksum/secret',
    );
  });

  test('an existing Secret: the chart makes none and the pods read that one', async (ctx) => {
    const objects = await render(needHelm(ctx, tools), ['--set', 'secrets.existingSecret=team-mcp']);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    expect(serverOf(objects).envFrom).toEqual([{ secretRef: { name: 'team-mcp' } }]);
  });
});

describe('traffic', () => {
  test("the Ingress carries ingress-nginx's annotations for event streams, and its host is an allowed Host", async (ctx) => {
    const objects = await render(needHelm(ctx, tools), ['--set', 'ingress.enabled=true']);
    expect(only(objects, 'Ingress').metadata.annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
    });
    const hosts = serverOf(objects)
      .env.find((e) => e.name === 'WORKSPACE_MCP_ALLOWED_HOSTS')
      ?.value?.split(',');
    expect(hosts).toContain('mcp.example.com');
    expect(hosts).toContain('127.0.0.1:8787');
  });
});

test('the built server, given what the sandbox values give the pod, answers each probe 200 with the Host the probe sends, and Prometheus by the pod address', async (ctx) => {
  const h = needHelm(ctx, tools);
  const port = await freePort();
  // An allowed host from the Ingress: the probes still pass, as the chart adds 127.0.0.1 with the port.
  const objects = await render(h, ['-f', CI_VALUES[1]!, '--set', `server.port=${port}`, '--set', 'server.allowedHosts={mcp.example.com}']);
  const data = only(objects, 'Secret')['data'] as Record<string, string>;
  const server = serverOf(objects);
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    // The kubelet expands $(POD_IP), the pod's address, defined before it.
    ...Object.fromEntries(
      server.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value!.replaceAll('$(POD_IP)', '10.0.0.7')]),
    ),
    ...Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])),
    WORKSPACE_MCP_HOST: '127.0.0.1',
  };
  const process_ = await startHttpProcess(env, ['--port', String(port)]);
  try {
    for (const probe of [server.startupProbe, server.livenessProbe, server.readinessProbe]) {
      const host = probe.httpGet.httpHeaders?.find((x) => x.name === 'Host')?.value ?? `127.0.0.1:${port}`;
      expect(await getWithHost(`http://127.0.0.1:${port}${probe.httpGet.path}`, host), `${probe.httpGet.path} with Host ${host}`).toBe(200);
    }
    // The pod's own address, as Prometheus scrapes it, is allowed; another is refused, so the Host the probes send matters.
    expect(await getWithHost(`http://127.0.0.1:${port}/readyz`, `10.0.0.7:${port}`)).toBe(200);
    expect(await getWithHost(`http://127.0.0.1:${port}/readyz`, `10.0.0.8:${port}`)).toBe(403);
  } finally {
    await process_.stop();
  }
});

type Rule = { alert: string; annotations: Record<string, string>; labels: Record<string, string> };

describe('the alerts', () => {
  // Series as the server and kube-state-metrics export them, each alert's fault starting at minute 5.
  const at = 'namespace="mcp", job="lw-learning-workspace-mcp"';
  const SERIES = [
    ['kube_deployment_spec_replicas{namespace="mcp", deployment="lw-learning-workspace-mcp"}', '3x40'],
    ['kube_deployment_status_replicas_available{namespace="mcp", deployment="lw-learning-workspace-mcp"}', '3x5 2x35'],
    [`mcp_server_operation_duration_count{${at}, pod="a", mcp_method_name="tools/call"}`, '0+90x40'],
    [`mcp_server_operation_duration_count{${at}, pod="a", mcp_method_name="tools/call", error_type="tool_error"}`, '0x5 0+10x35'],
    [
      `learning_workspace_store_failures_total{${at}, pod="a", learning_workspace_store="jobs", learning_workspace_outcome="refused"}`,
      '0x5 1+1x35',
    ],
    [`learning_workspace_rate_limit_refusals_total{${at}, pod="a"}`, '0x5 0+180x35'],
  ].map(([series, values]) => ({ series, values }));
  /** Each alert's extra labels and the $value its description reads at minute 30. */
  const EXPECTED: Record<string, { labels: Record<string, string>; value: string }> = {
    LearningWorkspaceMcpNotReady: { labels: { namespace: 'mcp', deployment: 'lw-learning-workspace-mcp' }, value: '1' },
    LearningWorkspaceMcpErrorRate: { labels: {}, value: '10%' },
    LearningWorkspaceMcpRedisUnavailable: { labels: {}, value: '5' },
    LearningWorkspaceMcpRateLimited: { labels: {}, value: '3' },
  };

  test('are valid Prometheus rules, and each fires on the series it watches, after its delay (promtool test rules)', async (ctx) => {
    const h = needHelm(ctx, tools);
    needPrograms(ctx, 'promtool');
    const rule = only(await render(h, ['-f', CI_VALUES[0]!]), 'PrometheusRule') as K8sObject & { spec: { groups: { rules: Rule[] }[] } };
    const rules = rule.spec.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert).sort()).toEqual(Object.keys(EXPECTED).sort());
    const alertsAt = (minute: number, firing: boolean) =>
      rules.map((r) => ({
        eval_time: `${minute}m`,
        alertname: r.alert,
        exp_alerts: firing
          ? [
              {
                exp_labels: { ...r.labels, ...EXPECTED[r.alert]!.labels },
                exp_annotations: Object.fromEntries(
                  Object.entries(r.annotations).map(([k, v]) => [
                    k,
                    v.replace(/\{\{ \$value( \| humanizePercentage)? \}\}/, EXPECTED[r.alert]!.value),
                  ]),
                ),
              },
            ]
          : [],
      }));
    const dir = mkdtempSync(join(tmpdir(), 'lw-rules-'));
    try {
      writeFileSync(join(dir, 'rules.yaml'), stringify(rule.spec));
      // Nothing fires before the faults, nor before each alert's `for`; everything has fired by minute 30.
      const tests = [
        { interval: '1m', input_series: SERIES, alert_rule_test: [...alertsAt(4, false), ...alertsAt(8, false), ...alertsAt(30, true)] },
      ];
      writeFileSync(join(dir, 'test.yaml'), stringify({ rule_files: ['rules.yaml'], evaluation_interval: '1m', tests }));
      const run = promisify(execFile);
      const checked = await run(program('promtool'), ['check', 'rules', join(dir, 'rules.yaml')]);
      expect(checked.stdout).toContain('SUCCESS: 4 rules found');
      const tested = await run(program('promtool'), ['test', 'rules', join(dir, 'test.yaml')]).catch((err: { stdout?: string }) => err);
      expect(tested.stdout).toContain('SUCCESS');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docs/kubernetes.md', () => {
  const PAGE = 'docs/kubernetes.md';
  /** The values arguments of a documented helm install or upgrade: what follows the chart, without the namespace and --reuse-values. */
  const valuesArgs = (command: string) => {
    const words = shellWords(command, {});
    const rest = words.slice(words.indexOf('deploy/helm/learning-workspace-mcp') + 1);
    return rest.filter((w, i) => !['-n', '--reuse-values', '--create-namespace'].includes(w) && rest[i - 1] !== '-n');
  };

  test('its helm install and upgrades render, each upgrade on top of the install', async (ctx) => {
    const h = needHelm(ctx, tools);
    const helmCommands = blocksRunBy(PAGE, 'test/helm.e2e.test.ts', 'sh')
      .flatMap((b) => shellCommands(b.text))
      .filter((c) => /^helm (install|upgrade) /.test(c));
    const [install, ...upgrades] = helmCommands;
    expect(install).toMatch(/^helm install /);
    expect(upgrades.length).toBeGreaterThanOrEqual(2);
    const installed = valuesArgs(install!);
    expect(serverOf(await render(h, installed)).envFrom).toEqual([{ secretRef: { name: 'learning-workspace-mcp' } }]);
    for (const upgrade of upgrades) await expect(render(h, [...installed, ...valuesArgs(upgrade)]), upgrade).resolves.toBeDefined();
  });

  test('its OAuth values render, with the issuer and the public URL as the server reads them', async (ctx) => {
    const h = needHelm(ctx, tools);
    const [block] = blocksRunBy(PAGE, 'test/helm.e2e.test.ts', 'yaml');
    const dir = mkdtempSync(join(tmpdir(), 'lw-oauth-'));
    try {
      writeFileSync(join(dir, 'values.yaml'), block!.text);
      const env = serverOf(await render(h, ['-f', join(dir, 'values.yaml')])).env;
      expect(env).toContainEqual({ name: 'WORKSPACE_MCP_AUTH', value: 'oauth' });
      expect(env).toContainEqual({ name: 'WORKSPACE_MCP_OAUTH_ISSUER', value: 'https://id.example.com/realms/team' });
      expect(env).toContainEqual({ name: 'WORKSPACE_MCP_PUBLIC_URL', value: 'https://mcp.example.com/mcp' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
