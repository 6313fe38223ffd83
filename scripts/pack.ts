// npm run pack: the Claude Desktop bundle. The build the npm bin runs (scripts/build.ts; the entry becomes
// server/index.js, its chunks beside it, source maps left out) plus manifest, icon and licence, packed by
// the mcpb CLI into learning-workspace-mcp-<version>.mcpb. `--no-build` packs the dist/ already built.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pkg from '../package.json' with { type: 'json' };
import { buildDist, CODE_WASM, CODE_WORKER, DIST_SERVER, ENTRY, SANDBOX_PROCESS } from './build.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = `${root}build/bundle`;
const mcpb = `${root}node_modules/.bin/mcpb`;
export const BUNDLE_FILE = `${root}learning-workspace-mcp-${pkg.version}.mcpb`;

if (!process.argv.includes('--no-build')) await buildDist();
rmSync(`${root}build`, { recursive: true, force: true });
mkdirSync(`${dir}/server/chunks`, { recursive: true });
copyFileSync(`${DIST_SERVER}/${ENTRY}`, `${dir}/server/index.js`);
// code_run's worker and WebAssembly, and the sandbox's process, where the chunks look for them (one folder up).
for (const f of [CODE_WORKER, CODE_WASM, SANDBOX_PROCESS]) copyFileSync(`${DIST_SERVER}/${f}`, `${dir}/server/${f}`);
for (const f of readdirSync(`${DIST_SERVER}/chunks`).filter((f) => f.endsWith('.js')))
  copyFileSync(`${DIST_SERVER}/chunks/${f}`, `${dir}/server/chunks/${f}`);
for (const f of ['manifest.json', 'icon.png', 'LICENSE']) copyFileSync(`${root}${f}`, `${dir}/${f}`);

execFileSync(mcpb, ['validate', `${root}manifest.json`], { stdio: 'inherit' });
rmSync(BUNDLE_FILE, { force: true });
execFileSync(mcpb, ['pack', dir, BUNDLE_FILE], { stdio: ['ignore', 'ignore', 'inherit'] });
const kb = (f: string) => `${(statSync(f).size / 1024).toFixed(0)} KB`;
const chunks = readdirSync(`${dir}/server/chunks`).map((f) => statSync(`${dir}/server/chunks/${f}`).size);
console.log(
  `server/index.js ${kb(`${dir}/server/index.js`)} (+ ${chunks.length} chunks read on first use, ${(chunks.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB); ${BUNDLE_FILE.slice(root.length)} ${kb(BUNDLE_FILE)}`,
);
