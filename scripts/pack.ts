// npm run pack: the Claude Desktop bundle. Minified JavaScript (esbuild, tree-shaken, split into an entry
// file and chunks read on first use, source maps kept out, the tools' list and summaries made at build
// time) plus manifest, icon and licence, packed by the mcpb CLI into learning-workspace-mcp-<version>.mcpb.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };
import { tools } from '../tools/index.js';
import { BATCH_TOOL } from '../tools/batch.js';
import { JOB_TOOLS } from '../tools/jobs.js';
import { batchToolEntry, jobToolEntry, toolEntry } from '../src/mcp/tool-schema.js';
import { summarize } from '../src/mcp/tool-summary.js';
import { buildViews } from './build-views.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = `${root}build/bundle`;
const mcpb = `${root}node_modules/.bin/mcpb`;
export const BUNDLE_FILE = `${root}learning-workspace-mcp-${pkg.version}.mcpb`;

rmSync(`${root}build`, { recursive: true, force: true });
mkdirSync(`${dir}/server`, { recursive: true });

const built = {
  summaries: tools.map(summarize),
  list: Object.fromEntries([
    ...tools.map((t) => [t.name, toolEntry(t)] as const),
    [BATCH_TOOL.name, batchToolEntry(BATCH_TOOL)] as const,
    ...JOB_TOOLS.map((t) => [t.name, jobToolEntry(t)] as const),
  ]),
};
// What the build makes goes into the one module that reads it (the plugin below), not in esbuild defines:
// a define's object lands in a chunk that every start loads, and the views' 1.7 MB of HTML was parsed at
// every start. The tools' list is written as JSON.parse of a string, which V8 reads faster than the same
// object literal.
const json = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
const prepended: Record<string, string> = {
  'src/mcp/catalogue.ts': `const __LW_TOOLS__ = ${json(built)};`,
  // In the chunk of view-html.ts, read when a client first asks for a view.
  'src/mcp/view-html.ts': `const __LW_VIEWS__ = ${JSON.stringify(await buildViews())};`,
};
const result = await build({
  entryPoints: [`${root}src/cli.ts`],
  // Split at the dynamic imports: a stdio start parses only what stdio needs; the HTTP transports, the
  // HTTP client and the sandbox are chunks read on first use.
  outdir: `${dir}/server`,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  treeShaking: true,
  sourcemap: 'external',
  legalComments: 'none',
  metafile: true,
  // Some dependencies are CommonJS and require Node's built-ins.
  banner: { js: "import{createRequire as __lwRequire}from'node:module';const require=__lwRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [
    {
      // OpenTelemetry is for hosted servers (the npm package has it): the desktop bundle carries none of it,
      // and a bundle started with the OTEL_* variables says so instead of exporting.
      name: 'no-otel',
      setup(b) {
        b.onResolve({ filter: /telemetry\/otel\.js$/ }, (args) => ({ path: args.path, namespace: 'no-otel' }));
        b.onLoad({ filter: /.*/, namespace: 'no-otel' }, () => ({
          contents: "export async function startTelemetry() { throw new Error('OpenTelemetry is not part of the desktop bundle'); }",
          loader: 'js',
        }));
      },
    },
    {
      // The values above, put before the module's first line (on it, so its line numbers stay).
      name: 'build-time-values',
      setup(b) {
        b.onLoad({ filter: /[\\/]src[\\/]mcp[\\/](catalogue|view-html)\.ts$/ }, (args) => {
          const key = args.path.slice(root.length).replace(/\\/g, '/');
          const source = readFileSync(args.path, 'utf8');
          return { contents: `${prepended[key] ?? ''}${source}`, loader: 'ts' };
        });
      },
    },
    {
      // The SDK's default JSON Schema validator (Ajv and its formats, 150 KB) is used only when a server
      // is given none; ours is always given one (src/mcp/server.ts), so it stays out. The SDK reaches it
      // through its runtime shims module, which also hands over node:process.
      name: 'no-default-ajv',
      setup(b) {
        b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, (args) => ({ path: args.path, namespace: 'no-ajv' }));
        b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
          contents:
            "export { default as process } from 'node:process';\n" +
            "export class DefaultJsonSchemaValidator { constructor() { throw new Error('The bundle has no default JSON Schema validator; pass jsonSchemaValidator.'); } }",
          loader: 'js',
          resolveDir: root,
        }));
      },
    },
  ],
});
// What each output file holds, for the bench's account of what a start loads (outside the bundle).
writeFileSync(`${root}build/meta.json`, JSON.stringify(result.metafile));
// Source maps stay out of the bundle.
mkdirSync(`${root}build/maps`, { recursive: true });
for (const f of readdirSync(`${dir}/server`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'))) renameSync(`${dir}/server/${f}`, `${root}build/maps/${f.replace(/\//g, '_')}`);
for (const f of ['manifest.json', 'icon.png', 'LICENSE']) copyFileSync(`${root}${f}`, `${dir}/${f}`);

execFileSync(mcpb, ['validate', `${root}manifest.json`], { stdio: 'inherit' });
rmSync(BUNDLE_FILE, { force: true });
execFileSync(mcpb, ['pack', dir, BUNDLE_FILE], { stdio: ['ignore', 'ignore', 'inherit'] });
const kb = (f: string) => `${(statSync(f).size / 1024).toFixed(0)} KB`;
const chunks = readdirSync(`${dir}/server/chunks`).map((f) => statSync(`${dir}/server/chunks/${f}`).size);
console.log(`server/index.js ${kb(`${dir}/server/index.js`)} (+ ${chunks.length} chunks read on first use, ${(chunks.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB); ${BUNDLE_FILE.slice(root.length)} ${kb(BUNDLE_FILE)}`);
