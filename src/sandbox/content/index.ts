// The Content API of the sandbox, written from content-api.md: one module of routes per resource, like
// tools/, over one store. Where the document is silent (error bodies, the stream's events) it answers the
// way such services commonly do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { components } from './components.js';
import { folders } from './folders.js';
import { materials } from './materials.js';
import { presentations } from './presentations.js';
import { ContentStore, fail, type Body, type ContentOptions, type Result, type Route } from './store.js';
import { streamRoute, type StreamRecord } from './insights.js';

export type { ContentOptions, StreamScript } from './store.js';

const API_KEY_HEADER = 'x-api-key';

export function createContent(options: ContentOptions, now: () => number, apiKey: string) {
  const store = new ContentStore(now, () => options.processingMs ?? 1_200);
  const state = { streams: [] as StreamRecord[] };
  const routes: Route[] = [streamRoute(() => state.streams), ...components, ...presentations, ...materials, ...folders];

  return {
    options,
    state,
    /** What the sandbox holds, for tests that check a write landed. */
    get store() {
      return { components: store.components, materials: store.materials, folders: store.folders, presentations: store.presentations };
    },
    owns(path: string): boolean {
      return /^\/api\/v1\/(performance-insights|components|pdf-generator|materials|folders)(\/|$)/.test(path);
    },
    reset(): void {
      store.seed();
      options.stream = {};
      state.streams = [];
    },
    async handle(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<Result> {
      if (req.headers[API_KEY_HEADER] !== apiKey) return fail(401, 'Invalid or missing API key');
      let body: Body = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Body;
        } catch {
          return fail(400, 'Request body is not valid JSON');
        }
      }
      for (const route of routes) {
        const match = route.pattern.exec(url.pathname);
        if (match && route.method === req.method) return route.run({ store, options, match, body, req, res, url });
      }
      return fail(404, `Cannot ${req.method} ${url.pathname}`);
    },
  };
}
