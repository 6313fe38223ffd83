// The chart's sandbox values as a cluster would run them, as far as this machine allows: helm renders them, and
// podman kube play runs the Deployment (its Secret made a podman secret first) with the image built from the
// Dockerfile, on podman's bridge network where the machine has CNI, else on the host's. An SDK client then reads
// /readyz and calls analytics_hero, and the container is checked for what the pod asks: non-root, read-only root,
// no capability. Run by scripts/image/kube-test.sh, which fetches helm and names the infra image.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../helpers.js';
import { CI_VALUES, getWithHost, helmTools, needHelm, only, render, type HelmTools, type K8sObject } from '../helm.js';
import { connectWithToken, IMAGE, podman, podmanOk, until } from '../image/podman.js';
import { missingPrograms } from '../programs.js';

let tools: HelmTools | string;
let dir: string;
let base = '';
let pod = '';
let secretName = '';
let token = '';
let container = '';
let readyHost = '';

/** The Deployment as podman kube play takes it: without host networking no port is published, so none is named. */
function forPodman(deployment: K8sObject, hostNetwork: boolean): K8sObject {
  if (!hostNetwork) return deployment;
  const copy = structuredClone(deployment) as K8sObject & { spec: { template: { spec: { containers: { ports?: unknown }[] } } } };
  for (const c of copy.spec.template.spec.containers) delete c.ports;
  return copy;
}

beforeAll(async () => {
  tools = await helmTools();
  if (typeof tools === 'string' || missingPrograms('podman').length > 0) return;
  dir = mkdtempSync(join(tmpdir(), 'lw-kube-'));
  const port = await freePort();
  const [repository, tag] = [IMAGE.slice(0, IMAGE.lastIndexOf(':')), IMAGE.slice(IMAGE.lastIndexOf(':') + 1)];
  const objects = await render(
    tools,
    [...['-f', CI_VALUES[1]!, '--set', `server.port=${port}`], ...['--set', `image.repository=${repository}`, '--set', `image.tag=${tag}`]],
    `kt${process.pid}`,
  ); // a release, and so pod and secret names, of this run's own
  const secret = only(objects, 'Secret');
  const data = secret['data'] as Record<string, string>;
  secretName = secret.metadata.name;
  token = Buffer.from(data['WORKSPACE_MCP_AUTH_TOKEN']!, 'base64').toString();
  // podman 4.3 reads a secret named by envFrom as the JSON of the Secret's data (its own import of a Secret is unreadable to it).
  writeFileSync(join(dir, 'secret.json'), JSON.stringify(data));
  await podman(['secret', 'rm', secretName]);
  await podmanOk(['secret', 'create', secretName, join(dir, 'secret.json')]);
  const bridge = (await podman(['network', 'exists', 'podman'])).code === 0;
  const deployment = only(objects, 'Deployment');
  writeFileSync(join(dir, 'deployment.json'), JSON.stringify(forPodman(deployment, !bridge)));
  const played = await podmanOk(['kube', 'play', ...(bridge ? [] : ['--network', 'host']), join(dir, 'deployment.json')], 120_000);
  pod = /Pod:\s*([0-9a-f]{12,})/.exec(played)?.[1] ?? '';
  container = `${(await podmanOk(['pod', 'inspect', '--format', '{{.Name}}', pod])).trim()}-server`;
  const infra = await podmanOk(['pod', 'inspect', '--format', '{{.InfraContainerID}}', pod]);
  const ip = bridge
    ? await podmanOk(['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', infra])
    : '127.0.0.1';
  base = `http://${ip}:${port}`;
  const probe = (
    deployment['spec'] as { template: { spec: { containers: { readinessProbe: { httpGet: { httpHeaders: { value: string }[] } } }[] } } }
  ).template.spec.containers[0]!.readinessProbe;
  readyHost = probe.httpGet.httpHeaders[0]!.value;
  await until('the pod answers /readyz', async () => (await fetch(`${base}/readyz`)).ok || Promise.reject(new Error('not ready')), 60_000);
});

afterAll(async () => {
  if (pod) await podman(['pod', 'rm', '-f', '-t', '0', pod]);
  if (secretName) await podman(['secret', 'rm', secretName]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Skipped outside CI when helm could not be fetched or podman is missing; failed with CI set. */
function needAll(ctx: Parameters<typeof needHelm>[0]): void {
  needHelm(ctx, tools);
  if (missingPrograms('podman').length > 0) ctx.skip('needs podman, not installed (apt-get install podman); skipped outside CI');
}

test('the pod answers /readyz and /healthz with 200, asked as its probes ask', async (ctx) => {
  needAll(ctx);
  for (const path of ['/readyz', '/healthz']) expect(await getWithHost(`${base}${path}`, readyHost), path).toBe(200);
});

test('an SDK client with the Secret’s token calls tools/call analytics_hero on the sandbox workspace', async (ctx) => {
  needAll(ctx);
  const { client } = await connectWithToken(`${base}/mcp`, token);
  try {
    const result = (await client.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content).slice(0, 300)).toBeFalsy();
    expect(result.structuredContent).toBeDefined();
  } finally {
    await client.close();
  }
});

test('the container runs as the pod asks: uid 1000, a read-only root with /tmp writable, no capability, no new privileges', async (ctx) => {
  needAll(ctx);
  expect(await podmanOk(['exec', container, 'id', '-u'])).toBe('1000');
  expect(await podmanOk(['inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', container])).toBe('true');
  expect((await podman(['exec', container, 'touch', '/app/written'])).code).not.toBe(0);
  expect((await podman(['exec', container, 'touch', '/tmp/written'])).code).toBe(0);
  expect(await podmanOk(['exec', container, 'grep', '^CapEff', '/proc/1/status'])).toMatch(/^CapEff:\s+0+$/);
  expect(await podmanOk(['exec', container, 'grep', '^NoNewPrivs', '/proc/1/status'])).toMatch(/^NoNewPrivs:\s+1$/);
});
