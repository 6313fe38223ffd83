// The sandbox's /materials routes: generate, upload and wait for processing, create, list.
import { actingUser, fail, sleep, type Body, type Route } from './store.js';

export const materials: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/v1\/materials\/generate$/,
    run: ({ store, body, req }) => {
      if (typeof body['topic'] !== 'string' || !body['topic']) return fail(400, 'topic is required');
      if (!['outline', 'overview', 'notes', 'summary'].includes(String(body['type'])))
        return fail(400, 'type must be outline, overview, notes or summary');
      if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
      const m = store.addMaterial(
        {
          name: body['name'],
          content: { type: 'text', text: `${body['type']} of ${body['topic']}` },
          folderId: body['folderId'],
          references: body['references'],
        },
        actingUser(req),
        true,
      );
      m['generationMetadata'] = {
        topic: body['topic'],
        type: body['type'],
        length: body['length'] ?? 'medium',
        level: body['level'] ?? null,
        model: 'sandbox-writer-1',
      };
      return { status: 201, payload: m };
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/v1\/materials\/upload-and-process$/,
    run: async ({ store, body, req }) => {
      const errors = store.checkMaterial(body);
      if (Object.keys(errors).length) return fail(400, 'Invalid material', errors);
      const timeoutMs = typeof body['timeoutMs'] === 'number' ? body['timeoutMs'] : 300_000;
      const poll = typeof body['pollIntervalMs'] === 'number' ? body['pollIntervalMs'] : 2_000;
      const m = store.addMaterial(body, actingUser(req), true);
      const started = store.now();
      while (m['status'] === 'processing') {
        const waited = store.now() - started;
        if (waited >= timeoutMs)
          return fail(504, `Processing did not finish within ${timeoutMs} ms; the material ${m['_id']} is still processing.`);
        await sleep(Math.min(poll, timeoutMs - waited));
      }
      return { status: 201, payload: m };
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/v1\/materials$/,
    run: ({ store, body, req }) => {
      const errors = store.checkMaterial(body);
      if (Object.keys(errors).length) return fail(400, 'Invalid material', errors);
      const type = String((body['content'] as Body)['type']);
      return { status: 201, payload: store.addMaterial(body, actingUser(req), type !== 'text') };
    },
  },
  {
    method: 'GET',
    pattern: /^\/api\/v1\/materials$/,
    run: ({ store, url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!Number.isInteger(page) || page < 1) return fail(400, 'page must be a positive integer');
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return fail(400, 'limit must be between 1 and 200');
      const folderId = url.searchParams.get('folderId');
      const search = url.searchParams.get('search')?.toLowerCase();
      const list = store.materials.filter(
        (m) =>
          m['status'] !== 'deleted' &&
          (!folderId || m['folderId'] === folderId) &&
          (!search || String(m['name']).toLowerCase().includes(search)),
      );
      return {
        status: 200,
        payload: {
          materials: list.slice((page - 1) * limit, page * limit),
          totalCount: list.length,
          page,
          totalPages: Math.max(1, Math.ceil(list.length / limit)),
        },
      };
    },
  },
];
