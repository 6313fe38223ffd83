// The sandbox's /folders routes: create, and update (only the fields given change).
import { fail, oid, ORG, type Body, type Route } from './store.js';

export const folders: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/v1\/folders$/,
    run: ({ store, body }) => {
      if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
      if (body['parentFolderId'] !== undefined && !store.folder(body['parentFolderId'])) return fail(404, 'Parent folder not found');
      const f: Body = {
        _id: oid(),
        name: body['name'],
        organizationId: ORG,
        parentFolderId: body['parentFolderId'] ?? null,
        ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
        status: 'active',
        metadata: { materialCount: 0, totalSize: 0, ...((body['metadata'] as Body) ?? {}) },
        createdAt: store.iso(),
        updatedAt: store.iso(),
      };
      store.folders.push(f);
      return { status: 201, payload: f };
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/api\/v1\/folders\/([^/]+)$/,
    run: ({ store, match, body }) => {
      const id = decodeURIComponent(match[1]!);
      const f = store.folder(id);
      if (!f) return fail(404, `Folder ${id} not found`);
      if (body['parentFolderId'] !== undefined && (body['parentFolderId'] === id || !store.folder(body['parentFolderId'])))
        return fail(400, 'parentFolderId must be another existing folder');
      for (const k of ['name', 'parentFolderId', 'description'] as const) if (body[k] !== undefined) f[k] = body[k];
      if (body['metadata'] && typeof body['metadata'] === 'object')
        f['metadata'] = { ...(f['metadata'] as Body), ...(body['metadata'] as Body) };
      f['updatedAt'] = store.iso();
      return { status: 200, payload: f };
    },
  },
];
