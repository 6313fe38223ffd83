// npm run docs: rewrites what is generated from the tool declarations: the README's tool table and the
// tools, version and Node range of the bundle manifest; and from the options table, the README's configuration
// table and the MCP Registry entry (server.json). Tests fail when any drifts.
import { readFileSync, writeFileSync } from 'node:fs';
import pkg from '../package.json' with { type: 'json' };
import { optionsTable, OPTIONS_END, OPTIONS_START } from '../src/config/options.js';
import { serverJson } from './server-json.js';
import { replaceTable, updateManifest } from './tool-docs.js';

function rewrite(name: string, update: (text: string) => string): void {
  const path = new URL(`../${name}`, import.meta.url);
  const before = readFileSync(path, 'utf8');
  const after = update(before);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${name} is up to date` : `${name} updated`);
}

rewrite('README.md', (text) => {
  const start = text.indexOf(OPTIONS_START);
  const end = text.indexOf(OPTIONS_END) + OPTIONS_END.length;
  return replaceTable(text.slice(0, start) + optionsTable() + text.slice(end));
});
rewrite('manifest.json', (text) => `${JSON.stringify(updateManifest(JSON.parse(text) as Record<string, unknown>, pkg), null, 2)}\n`);
rewrite('server.json', () => `${JSON.stringify(serverJson(pkg), null, 2)}\n`);
