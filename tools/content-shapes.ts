import * as z from 'zod';
import { webUrl } from './define.js';

// Shapes of the Content API document. Loose for the same reason as the Connector shapes.

const string = z.string();
const number = z.number();

export const Reference = z.strictObject({
  title: z.string().min(1),
  url: webUrl().describe('URL of the source.').optional(),
});

export const Material = z.looseObject({
  _id: string,
  name: string,
  organizationId: string,
  folderId: string.nullable(),
  contentType: string.describe('text, pdf, video, audio, image or epub'),
  content: z.looseObject({
    text: string.optional(),
    url: string.optional(),
    storageKey: string.optional(),
    storageUrl: string.optional(),
    filename: string.optional(),
    fileSize: number.optional(),
    mimeType: string.optional(),
  }),
  metadata: z.looseObject({}).optional(),
  status: string.describe('active, processing, pending_upload, error or deleted'),
  usage: z.looseObject({}).optional(),
  references: z.array(z.looseObject({ title: string, url: string.optional() })).optional(),
  createdAt: string,
  updatedAt: string,
  generationMetadata: z.looseObject({}).optional(),
});

export const Folder = z.looseObject({
  _id: string,
  name: string,
  organizationId: string,
  parentFolderId: string.nullable().optional(),
  description: string.optional(),
  status: string.describe('active or deleted'),
  metadata: z
    .looseObject({
      color: string.optional(),
      icon: string.optional(),
      materialCount: number.optional(),
      totalSize: number.optional(),
      lastActivity: string.optional(),
    })
    .optional(),
  createdAt: string,
  updatedAt: string,
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
  _id: string,
  componentId: string,
  type: string,
  name: string,
  description: string.optional(),
  organization: string,
  config: z.looseObject({}),
  // The document lists active, inactive and draft for answers while a request may set processing or error.
  status: string,
  usage: z.looseObject({}),
  createdAt: string,
  updatedAt: string,
});

export const Presentation = z.looseObject({
  _id: string,
  topic: string,
  numberOfSlides: number,
  locale: string,
  url: string,
  pptxUrl: string.optional(),
  transcript: z.array(z.looseObject({ pageNum: number, descriptionOfPage: string })),
  organizationId: string,
  userId: string.optional(),
  createdAt: string,
  updatedAt: string,
});
