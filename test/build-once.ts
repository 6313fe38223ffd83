// Global setup of the end-to-end tests: dist/ (the build the npm bin and the bundle run) is built once per
// run, before any test file starts, and only when a source is newer than it; set LW_REBUILD=1 to build anyway.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDist, DIST_SERVER, ENTRY } from '../scripts/build.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the build reads: the sources, the tool rows, the views, the build script and the package's version. */
const INPUTS = ['src', 'tools', 'views', 'scripts/build.ts', 'scripts/build-views.ts', 'package.json'];

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function builtAt(): number {
  try {
    return statSync(join(DIST_SERVER, ENTRY)).mtimeMs;
  } catch {
    return 0;
  }
}

export default async function setup(): Promise<void> {
  if (process.env['LW_REBUILD'] !== '1' && builtAt() > Math.max(...INPUTS.map((p) => newest(join(root, p))))) return;
  await buildDist();
}
