import { readFile } from 'node:fs/promises';

/** The views' HTML, put in by the bundle's build (read from disk otherwise); a chunk of its own, read on first use. */
declare const __LW_VIEWS__: Record<string, string> | undefined;

const read = new Map<string, Promise<string>>();

/**
 * A view's self-contained HTML, built by `npm run build` into dist/views/ (next to dist/src when running
 * the build, beside the repository's src when tests import the sources).
 */
export function viewHtml(id: string): Promise<string> {
  if (typeof __LW_VIEWS__ !== 'undefined') return Promise.resolve(__LW_VIEWS__[id] ?? '');
  let html = read.get(id);
  if (!html) {
    const places = [new URL(`../../views/${id}.html`, import.meta.url), new URL(`../../dist/views/${id}.html`, import.meta.url)];
    html = readFile(places[0]!, 'utf8').catch(() =>
      readFile(places[1]!, 'utf8').catch(() => {
        throw new Error(`The ${id} view is not built: run npm run build.`);
      }),
    );
    html.catch(() => read.delete(id));
    read.set(id, html);
  }
  return html;
}
