import * as z from 'zod';

// Shapes of the Content API document. Loose for the same reason as the Connector shapes.

const str = z.string();
const num = z.number();

export const Reference = z.strictObject({
  title: z.string().min(1).describe('Reference title.'),
  url: z.string().url().describe('Reference URL.').optional(),
});

export const Material = z.looseObject({
  _id: str,
  name: str,
  organizationId: str,
  folderId: str.nullable(),
  contentType: str.describe('text, pdf, video, audio, image or epub'),
  content: z.looseObject({
    text: str.optional(),
    url: str.optional(),
    storageKey: str.optional(),
    storageUrl: str.optional(),
    filename: str.optional(),
    fileSize: num.optional(),
    mimeType: str.optional(),
  }),
  metadata: z.looseObject({}).optional(),
  status: str.describe('active, processing, pending_upload, error or deleted'),
  usage: z.looseObject({}).optional(),
  references: z.array(z.looseObject({ title: str, url: str.optional() })).optional(),
  createdAt: str,
  updatedAt: str,
  generationMetadata: z.looseObject({}).optional(),
});

export const Folder = z.looseObject({
  _id: str,
  name: str,
  organizationId: str,
  parentFolderId: str.nullable().optional(),
  description: str.optional(),
  status: str.describe('active or deleted'),
  metadata: z
    .looseObject({ color: str.optional(), icon: str.optional(), materialCount: num.optional(), totalSize: num.optional(), lastActivity: str.optional() })
    .optional(),
  createdAt: str,
  updatedAt: str,
});

export const COMPONENT_TYPES = [
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
] as const;

export const COMPONENT_STATUSES = ['draft', 'active', 'inactive', 'processing', 'error'] as const;

export const Component = z.looseObject({
  _id: str,
  componentId: str,
  type: str,
  name: str,
  description: str.optional(),
  organization: str,
  config: z.looseObject({}),
  // The document lists active, inactive and draft for answers while a request may set processing or error.
  status: str,
  usage: z.looseObject({}),
  createdAt: str,
  updatedAt: str,
});

export const Presentation = z.looseObject({
  _id: str,
  topic: str,
  numberOfSlides: num,
  locale: str,
  url: str,
  pptxUrl: str.optional(),
  transcript: z.array(z.looseObject({ pageNum: num, descriptionOfPage: str })),
  organizationId: str,
  userId: str.optional(),
  createdAt: str,
  updatedAt: str,
});
