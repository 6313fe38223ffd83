// The sandbox's /components routes: create a study component, change its status.
import { fail, oid, ORG, type Body, type Route } from './store.js';

const COMPONENT_TYPES = [
  'chat',
  'data_analyst',
  'flashcards',
  'scenarios',
  'practice_test',
  'audio_recap',
  'tutor_me',
  'explainers',
  'uploads',
  'chat_analytics',
  'video_generation',
  'performance_insights',
];
const COMPONENT_STATUSES = ['draft', 'active', 'inactive', 'processing', 'error'];

export const components: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/v1\/components$/,
    run: ({ store, body }) => {
      if (!COMPONENT_TYPES.includes(String(body['type']))) return fail(400, `type must be one of ${COMPONENT_TYPES.join(', ')}`);
      if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
      const config = (body['config'] ?? {}) as Body;
      if ((body['type'] === 'chat' || body['type'] === 'data_analyst') && typeof config['model'] !== 'string')
        return fail(400, 'config.model is required');
      const c: Body = {
        _id: oid(),
        componentId: `cmp_${oid().slice(0, 10)}`,
        type: body['type'],
        name: body['name'],
        ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
        organization: ORG,
        config,
        status: 'draft',
        usage: {},
        createdAt: store.iso(),
        updatedAt: store.iso(),
      };
      store.components.push(c);
      return { status: 201, payload: c };
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/api\/v1\/components\/([^/]+)$/,
    run: ({ store, match, body }) => {
      const id = decodeURIComponent(match[1]!);
      const c = store.components.find((x) => x['_id'] === id || x['componentId'] === id);
      if (!c) return fail(404, `Component ${id} not found`);
      if (!COMPONENT_STATUSES.includes(String(body['status']))) return fail(400, `status must be one of ${COMPONENT_STATUSES.join(', ')}`);
      c['status'] = body['status'];
      c['updatedAt'] = store.iso();
      return { status: 200, payload: c };
    },
  },
];
