// npm run pack: the Claude Desktop bundle. One minified JS file (esbuild, tree-shaken, source map kept
// out of the bundle, tool schemas converted at build time) plus manifest, icon and licence, packed by
// the mcpb CLI into learning-workspace-mcp-<version>.mcpb.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };
import { tools } from '../src/registry.js';
import { toolList } from '../src/tool-list.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = `${root}build/bundle`;
const mcpb = `${root}node_modules/.bin/mcpb`;
export const BUNDLE_FILE = `${root}learning-workspace-mcp-${pkg.version}.mcpb`;

rmSync(`${root}build`, { recursive: true, force: true });
mkdirSync(`${dir}/server`, { recursive: true });

const list = Object.fromEntries(toolList(tools).map((t) => [t.name, t]));
await build({
  entryPoints: [`${root}src/cli.ts`],
  outfile: `${dir}/server/index.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  treeShaking: true,
  sourcemap: 'external',
  legalComments: 'none',
  define: { __LW_TOOL_LIST__: JSON.stringify(list) },
  // Some dependencies are CommonJS and require Node's built-ins.
  banner: { js: "import{createRequire as __lwRequire}from'node:module';const require=__lwRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [
    {
      // The SDK's default JSON Schema validator (Ajv and its formats, 150 KB) is used only when a server
      // is given none; ours is always given one (src/server.ts), so it stays out. The SDK reaches it
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
renameSync(`${dir}/server/index.js.map`, `${root}build/index.js.map`);
for (const f of ['manifest.json', 'icon.png', 'LICENSE']) copyFileSync(`${root}${f}`, `${dir}/${f}`);

execFileSync(mcpb, ['validate', `${root}manifest.json`], { stdio: 'inherit' });
rmSync(BUNDLE_FILE, { force: true });
execFileSync(mcpb, ['pack', dir, BUNDLE_FILE], { stdio: ['ignore', 'ignore', 'inherit'] });
const kb = (f: string) => `${(statSync(f).size / 1024).toFixed(0)} KB`;
console.log(`server/index.js ${kb(`${dir}/server/index.js`)}; ${BUNDLE_FILE.slice(root.length)} ${kb(BUNDLE_FILE)}`);
