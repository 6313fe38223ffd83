// The sandbox's /pdf-generator/create route: a presentation after a generation pause.
import { actingUser, fail, oid, ORG, sleep, type Body, type Route } from './store.js';

export const presentations: Route[] = [
  {
    method: 'POST',
    pattern: /^\/api\/v1\/pdf-generator\/create$/,
    run: async ({ store, options, body, req }) => {
      const n = body['numberOfSlides'];
      if (typeof body['topic'] !== 'string' || !body['topic']) return fail(400, 'topic is required');
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 50) return fail(400, 'numberOfSlides must be between 1 and 50');
      if (typeof body['locale'] !== 'string') return fail(400, 'locale is required');
      if (body['imageMode'] === 'provide-own' && !Array.isArray(body['customImages']))
        return fail(400, 'customImages is required when imageMode is provide-own');
      await sleep(options.generationMs ?? 1_500);
      const id = oid();
      const p: Body = {
        _id: id,
        topic: body['topic'],
        numberOfSlides: n,
        locale: body['locale'],
        url: `https://storage.northwind.example/presentations/${id}.pdf`,
        pptxUrl: `https://storage.northwind.example/presentations/${id}.pptx`,
        transcript: Array.from({ length: n }, (_, i) => ({
          pageNum: i + 1,
          descriptionOfPage:
            i === 0
              ? `Title slide: ${body['topic']}`
              : `Slide ${i + 1} on ${body['topic']}: key point ${i}, with an image (${body['imageMode'] ?? 'search'}).`,
        })),
        organizationId: ORG,
        userId: actingUser(req),
        createdAt: store.iso(),
        updatedAt: store.iso(),
      };
      store.presentations.push(p);
      return { status: 201, payload: { success: true, presentation: p } };
    },
  },
];
