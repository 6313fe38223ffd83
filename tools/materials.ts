import * as z from 'zod';
import { endpoint, READ, urlText, WRITE, type ToolDef, webUrl } from './define.js';
import { Material, Reference } from './content-shapes.js';

const references = z.array(Reference).describe('Sources to cite.').optional();
const folderId = z.string().min(1).describe('From materials_list.').optional();

const createShape = {
  name: z.string().min(1).describe('Material name.'),
  content: z
    .strictObject({
      type: z.enum(['text', 'pdf', 'video', 'audio', 'url']),
      text: z.string().min(1).describe('The text, for type text.').optional(),
      url: webUrl().describe('The URL, for type url.').optional(),
      sourceUrl: webUrl().describe('URL to fetch the content from.').optional(),
    })
    .refine((c) => c.type !== 'text' || c.text !== undefined || c.sourceUrl !== undefined, {
      message: 'type text needs text or sourceUrl',
      path: ['text'],
    })
    .refine((c) => c.type !== 'url' || c.url !== undefined, { message: 'type url needs url', path: ['url'] })
    .describe('What the material holds.'),
  folderId,
  references,
};

const DEFAULT_PROCESS_WAIT_MS = 300_000;

export const materialsTools: ToolDef[] = [
  endpoint({
    name: 'materials_generate',
    untrusted: ['name', 'content.filename', 'references[].title'],
    prose: ['content.text'],
    title: 'Write, make or draft study material with AI (outline, summary, handout)',
    description:
      'Have AI write a study document or material on a topic: course outline, overview, notes or summary. May answer with a job (jobs_get). Slides: presentations_create.',
    toolset: 'materials',
    method: 'POST',
    path: '/api/v1/materials/generate',
    input: z.strictObject({
      topic: z.string().min(1).describe('Topic to write about.'),
      context: z.string().describe('Extra context or instructions.').optional(),
      type: z.enum(['outline', 'overview', 'notes', 'summary']).describe('Kind of material.'),
      name: z.string().min(1).describe('Material name.'),
      folderId,
      length: z.enum(['short', 'medium', 'long']).describe('Length (default medium).').optional(),
      level: z.enum(['high_school', 'college', 'professional']).describe('Audience level.').optional(),
      references,
    }),
    output: Material,
    annotations: WRITE,
    example: { topic: 'BATNA', type: 'notes', name: 'Notes' },
    mode: 'long',
    upstreamWaitMs: () => 120_000,
    findWith: 'materials_list',
  }),
  endpoint({
    name: 'materials_upload_and_process',
    untrusted: ['name', 'content.filename', 'references[].title'],
    prose: ['content.text'],
    title: 'Upload, add or import a file or recording and wait until it is processed',
    description:
      'Upload a study material (document, PDF, video, audio, web page, text) and wait till it is fully processed and ready; may answer with a job (jobs_get). Without waiting: materials_create.',
    toolset: 'materials',
    method: 'POST',
    path: '/api/v1/materials/upload-and-process',
    input: z.strictObject({
      ...createShape,
      timeoutMs: z.int().positive().max(3_600_000).describe('Longest wait, ms (default 300000).').optional(),
      pollIntervalMs: z.int().positive().describe('Check interval, ms (default 2000).').optional(),
    }),
    output: Material,
    annotations: WRITE,
    example: { name: 'Policy', content: { type: 'text', text: 'Be careful.' } },
    mode: 'long',
    findWith: 'materials_list',
    upstreamWaitMs: (input) => (typeof input['timeoutMs'] === 'number' ? input['timeoutMs'] : DEFAULT_PROCESS_WAIT_MS),
  }),
  endpoint({
    name: 'materials_create',
    untrusted: ['name', 'content.filename', 'references[].title'],
    prose: ['content.text'],
    title: 'Add, save or store a material: an article or checklist, reading (without waiting)',
    description:
      'Create or add a study material in the library (text you paste, notes, a web page or link, a file) and return at once. To wait: materials_upload_and_process.',
    toolset: 'materials',
    method: 'POST',
    path: '/api/v1/materials',
    input: z.strictObject(createShape),
    output: Material,
    annotations: WRITE,
    example: { name: 'Lines', content: { type: 'text', text: 'Open with a question.' } },
  }),
  endpoint({
    name: 'materials_list',
    untrusted: ['materials[].name', 'materials[].content.filename', 'materials[].references[].title'],
    prose: ['materials[].content.text'],
    gives: 'material and folder ids',
    title: 'Find docs: study materials, documents, docs or files in the library, or everything in a folder',
    description:
      "Find or search the library: which study materials or documents we already have, by words in their names, or a folder's contents, latest first; gives material and folder ids.",
    toolset: 'materials',
    method: 'GET',
    path: '/api/v1/materials',
    input: z.strictObject({
      folderId: urlText().describe('Only this folder (folder ids: materials_list).').optional(),
      page: z.int().min(1).describe('Default 1.').optional(),
      limit: z.int().min(1).max(200).describe('Per page, up to 200 (default 20).').optional(),
      search: urlText().describe('Text to find in material names.').optional(),
    }),
    output: z.looseObject({ materials: z.array(Material), totalCount: z.number(), page: z.number(), totalPages: z.number() }),
    annotations: READ,
  }),
];
