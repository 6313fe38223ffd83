// npm run docs: rewrites what is generated (scripts/doc-files.ts says what): from the tool declarations, the
// toolsets table of the README and of docs/tools.md, the tool table and token figures of docs/tools.md,
// the views table of docs/views.md, the tool counts of every page and the bundle manifest's tools and
// version; from the options table, docs/configuration.md's table and the MCP Registry entry (server.json).
// Tests fail when any drifts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles, ROOT } from './doc-files.js';

for (const [name, after] of await generatedFiles()) {
  const path = join(ROOT, name);
  if (readFileSync(path, 'utf8') === after) continue;
  writeFileSync(path, after);
  console.log(`${name} updated`);
}
console.log('generated files are up to date');
