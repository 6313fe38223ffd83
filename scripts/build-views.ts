// Part of npm run build: the MCP Apps views (views/*.ts and style.css) as self-contained HTML, one file per
// view in dist/views/, sharing one script. Nothing is loaded from elsewhere, so the hosts' default
// Content Security Policy holds. Prints each view's size (the strictest host takes 1 MiB).
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { VIEW_TABLE } from '../src/mcp/view-resources.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/views`;
const LIMIT = 1024 * 1024;

export async function buildViews(): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: [`${root}views/main.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox114', 'safari16.4'],
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        // The SDK reaches zod through its whole namespace, which keeps every locale's messages (over
        // 150 KB); a view needs English only.
        name: 'zod-english-only',
        setup(b) {
          b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
        },
      },
    ],
  });
  // A script inside HTML must not contain its own end tag.
  const script = result.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  const css = readFileSync(`${root}views/style.css`, 'utf8');
  const views: Record<string, string> = {};
  for (const v of VIEW_TABLE) {
    views[v.id] =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${v.title}</title><style>${css}</style></head><body data-view="${v.id}"><div id="app"></div><script type="module">${script}</script></body></html>`;
  }
  return views;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const views = await buildViews();
  mkdirSync(out, { recursive: true });
  const sizes: string[] = [];
  for (const [id, html] of Object.entries(views)) {
    writeFileSync(`${out}/${id}.html`, html);
    const size = statSync(`${out}/${id}.html`).size;
    if (size > LIMIT / 2) throw new Error(`The ${id} view is ${size} bytes: keep each view well under 1 MiB.`);
    sizes.push(`${id} ${(size / 1024).toFixed(0)} KB`);
  }
  console.log(`views: ${sizes.join(', ')}`);
}
