// Part of npm run build (scripts/build.ts): the MCP Apps views (views/*.ts and style.css) as self-contained
// HTML, one document per view, sharing one script. Nothing is loaded from elsewhere, so the hosts' default
// Content Security Policy holds.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { VIEW_TABLE } from '../src/mcp/view-resources.js';

const root = fileURLToPath(new URL('..', import.meta.url));

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
          b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
            contents: 'export { default as en } from "./en.js";',
            loader: 'js',
          }));
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
