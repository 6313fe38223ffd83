import * as z from 'zod';
import { endpoint, WRITE, type ToolDef, webUrl } from './define.js';
import { Presentation } from './content-shapes.js';

const image = z
  .strictObject({
    url: webUrl().describe('Image URL.').optional(),
    base64: z.string().min(1).describe('Instead of url.').optional(),
    description: z.string().min(1).describe('What it shows.'),
  })
  .refine((i) => (i.url === undefined) !== (i.base64 === undefined), 'give exactly one of url or base64');

export const presentationsTools: ToolDef[] = [
  endpoint({
    name: 'presentations_create',
    untrusted: ['presentation.topic'],
    prose: ['presentation.transcript[].descriptionOfPage'],
    title: 'Make a slide deck, slideshow or PowerPoint presentation',
    description:
      'Make or generate slides, a presentation deck on a topic: PDF, PowerPoint and a transcript (speaker notes) per slide. May answer with a job (jobs_get); a second call makes another deck.',
    toolset: 'presentations',
    method: 'POST',
    path: '/api/v1/pdf-generator/create',
    input: z
      .strictObject({
        topic: z.string().min(1).describe('What the deck is about.'),
        numberOfSlides: z.int().min(1).max(50).describe('1 to 50.'),
        locale: z
          .string()
          .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'locale must be a language tag such as en-US')
          .describe('Language, such as en-US.'),
        imageMode: z
          .enum(['search', 'generate', 'provide-own', 'none'])
          .describe('Default search; generate makes AI images; provide-own uses customImages.')
          .optional(),
        customImages: z.array(image).min(1).describe('For imageMode provide-own.').optional(),
        logoUrl: webUrl().describe('Default: a standard logo.').optional(),
      })
      .refine((i) => i.imageMode !== 'provide-own' || (i.customImages?.length ?? 0) > 0, {
        message: 'customImages is required when imageMode is provide-own',
        path: ['customImages'],
      }),
    output: z.looseObject({ success: z.boolean(), presentation: Presentation }),
    annotations: WRITE,
    example: { topic: 'Phishing', numberOfSlides: 2, locale: 'en-US' },
    mode: 'long',
    upstreamWaitMs: () => 10 * 60_000,
  }),
];
