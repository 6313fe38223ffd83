// npm run build: the one build of the server, which the npm bin, the Claude Desktop bundle (npm run pack)
// and the end-to-end tests all run. Minified JavaScript (esbuild, tree-shaken, split into the entry
// dist/src/cli.js and chunks read on first use; source maps beside them, kept out of both packages), the
// tools' list and summaries made at build time, and the views' HTML in a chunk of its own. The views are
// also written to dist/views/, where the sources read them when tests import src/ directly.
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { tools } from '../tools/index.js';
import { BATCH_TOOL } from '../tools/batch.js';
import { JOB_TOOLS } from '../tools/jobs.js';
import { CODE_TOOL } from '../tools/code.js';
import { batchToolEntry, codeToolEntry, jobToolEntry, toolDeclarations, toolEntry } from '../src/mcp/tool-schema.js';
import { summarize } from '../src/mcp/tool-summary.js';
import { buildViews } from './build-views.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The entry the npm bin names and the bundle's manifest starts (as server/index.js), and its chunks. */
export const DIST_SERVER = `${root}dist/src`;
export const ENTRY = 'cli.js';
/**
 * code_run's worker thread and the QuickJS WebAssembly it loads, beside the entry (a chunk finds them one
 * folder up); both are read only when code_run is first called.
 */
export const CODE_WORKER = 'code-worker.js';
export const CODE_WASM = 'quickjs.wasm';
/** The built-in sandbox's own process (`--sandbox`), beside the entry. */
export const SANDBOX_PROCESS = 'sandbox-process.js';
/** What each output file holds, for the bench's account of what a start loads. */
export const META_FILE = `${root}dist/meta.json`;
/**
 * OpenTelemetry is for hosted servers: left to the npm package's own dependencies and reached only from
 * the chunk of src/telemetry/otel.ts, which a start with telemetry off never reads. The desktop bundle has
 * no node_modules, so there a start with the OTEL_* variables warns instead of exporting.
 */
export const EXTERNAL = ['@opentelemetry/*'];
/** The strictest host takes views of 1 MiB. */
const VIEW_LIMIT = 1024 * 1024;

export async function buildDist(): Promise<void> {
  rmSync(`${root}dist`, { recursive: true, force: true });
  const views = await buildViews();
  writeViews(views);
  const built = {
    summaries: tools.map(summarize),
    list: Object.fromEntries([
      ...tools.map((t) => [t.name, toolEntry(t)] as const),
      [BATCH_TOOL.name, batchToolEntry(BATCH_TOOL)] as const,
      [CODE_TOOL.name, codeToolEntry(CODE_TOOL)] as const,
      ...JOB_TOOLS.map((t) => [t.name, jobToolEntry(t)] as const),
    ]),
  };
  const declarations = Object.fromEntries(tools.filter((t) => t.annotations.readOnlyHint).map((t) => [t.name, toolDeclarations(t)]));
  // What the build makes goes into the one module that reads it (the plugin below), not in esbuild defines:
  // a define's object lands in a chunk that every start loads, and the views' 1.7 MB of HTML was parsed at
  // every start. The tools' list is written as JSON.parse of a string, which V8 reads faster than the same
  // object literal.
  const json = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  const prepended: Record<string, string> = {
    'src/mcp/catalogue.ts': `const __LW_TOOLS__ = ${json(built)};`,
    // In the chunk of view-html.ts, read when a client first asks for a view.
    'src/mcp/view-html.ts': `const __LW_VIEWS__ = ${JSON.stringify(views)};`,
    // code_run's declarations of the reads, in a chunk read only where code_run is offered.
    'tools/built-declarations.ts': `const __LW_CODE_DECLARATIONS__ = ${json(declarations)};`,
    // Where the chunk of sandbox.ts finds the worker and the WebAssembly.
    'src/code/sandbox.ts': `const __LW_CODE_FILES__ = ${JSON.stringify({ worker: `../${CODE_WORKER}`, wasm: `../${CODE_WASM}` })};`,
    // Where the chunk of attach.ts finds the sandbox's process.
    'src/sandbox/attach.ts': `const __LW_SANDBOX_FILE__ = ${JSON.stringify(`../${SANDBOX_PROCESS}`)};`,
  };
  mkdirSync(DIST_SERVER, { recursive: true });
  copyFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'), `${DIST_SERVER}/${CODE_WASM}`);
  const result = await build({
    entryPoints: {
      [ENTRY.replace(/\.js$/, '')]: `${root}src/cli.ts`,
      [CODE_WORKER.replace(/\.js$/, '')]: `${root}src/code/worker.ts`,
      [SANDBOX_PROCESS.replace(/\.js$/, '')]: `${root}src/sandbox/process.ts`,
    },
    // Split at the dynamic imports: a stdio start parses only what stdio needs; the HTTP transports, the
    // HTTP client and the sandbox are chunks read on first use.
    outdir: DIST_SERVER,
    entryNames: '[name]',
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
    external: EXTERNAL,
    // Some dependencies are CommonJS and require Node's built-ins.
    banner: { js: "import{createRequire as __lwRequire}from'node:module';const require=__lwRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [
      {
        // The values above, put before the module's first line (on it, so its line numbers stay).
        name: 'build-time-values',
        setup(b) {
          b.onLoad(
            {
              filter:
                /[\\/](src[\\/](mcp[\\/](catalogue|view-html)|code[\\/]sandbox|sandbox[\\/]attach)|tools[\\/]built-declarations)\.ts$/,
            },
            (args) => {
              const key = args.path.slice(root.length).replace(/\\/g, '/');
              const source = readFileSync(args.path, 'utf8');
              return { contents: `${prepended[key] ?? ''}${source}`, loader: 'ts' };
            },
          );
        },
      },
      {
        // The SDK's default JSON Schema validator (Ajv and its formats, 150 KB) is used only when a server
        // is given none; ours is always given one (src/compose/server.ts), so it stays out. The SDK reaches it
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
  writeFileSync(META_FILE, JSON.stringify(result.metafile));
}

function writeViews(views: Record<string, string>): void {
  const out = `${root}dist/views`;
  mkdirSync(out, { recursive: true });
  const sizes: string[] = [];
  for (const [id, html] of Object.entries(views)) {
    writeFileSync(`${out}/${id}.html`, html);
    const size = statSync(`${out}/${id}.html`).size;
    if (size > VIEW_LIMIT / 2) throw new Error(`The ${id} view is ${size} bytes: keep each view well under 1 MiB.`);
    sizes.push(`${id} ${(size / 1024).toFixed(0)} KB`);
  }
  if (!process.env['VITEST']) console.log(`views: ${sizes.join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildDist();
  console.log(`dist/src/${ENTRY} ${(statSync(`${DIST_SERVER}/${ENTRY}`).size / 1024).toFixed(0)} KB`);
}
