import * as z from 'zod';
import { endpoint, id, WRITE, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Folder } from './content-shapes.js';

// The document lists color and icon as the metadata a client sets (the rest the API keeps itself);
// declared and closed, so every agent framework's strict schema takes it.
const metadata = z
  .strictObject({
    color: z.string().describe('e.g. #2563eb.').optional(),
    icon: z.string().describe('Icon name.').optional(),
  })
  .describe('Color and icon.');

export const foldersTools: ToolDef[] = [
  endpoint({
    name: 'folders_create',
    untrusted: ['name', 'description'],
    gives: 'folder ids',
    title: 'Make a new folder or subfolder for materials and docs',
    description: 'Create a new folder or subfolder for study materials or documents, optionally inside another.',
    toolset: 'folders',
    method: 'POST',
    path: '/api/v1/folders',
    input: z.strictObject({
      name: z.string().min(1).describe('Folder name.'),
      parentFolderId: z.string().min(1).describe('From materials_list.').optional(),
      description: z.string().describe('Folder description.').optional(),
      metadata: metadata.optional(),
    }),
    output: Folder,
    annotations: WRITE,
    example: { name: 'Onboarding' },
  }),
  endpoint({
    name: 'folders_update',
    untrusted: ['name', 'description'],
    title: 'Rename or move a folder, or change its color or icon',
    description: 'Rename a folder, move it under another folder (such as an archive), or edit its description.',
    toolset: 'folders',
    method: 'PATCH',
    path: '/api/v1/folders/{id}',
    input: z
      .strictObject({
        id: id('From materials_list or folders_create.'),
        name: z.string().min(1).describe('Rename to this.').optional(),
        parentFolderId: z.string().min(1).describe('Folder to move it into.').optional(),
        description: z.string().describe('Replaces the description.').optional(),
        metadata: metadata.optional(),
      })
      .refine((i) => Object.keys(i).some((k) => k !== 'id'), 'give at least one field to change'),
    output: Folder,
    annotations: IDEMPOTENT_WRITE,
    example: { id: 'f_security', name: 'Security & privacy' },
  }),
];
