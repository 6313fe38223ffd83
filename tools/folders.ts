import * as z from 'zod';
import { endpoint, id, WRITE, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Folder } from './content-shapes.js';

const metadata = z
  .looseObject({
    color: z.string().describe('Folder colour.').optional(),
    icon: z.string().describe('Folder icon.').optional(),
  })
  .describe('Display metadata such as color and icon.');

export const foldersTools: ToolDef[] = [
  endpoint({
    name: 'folders_create',
    title: 'Create folder',
    description: 'Creates a folder for materials, optionally inside another folder, and returns it.',
    toolset: 'folders',
    method: 'POST',
    path: '/api/v1/folders',
    input: z.strictObject({
      name: z.string().min(1).describe('Folder name.'),
      parentFolderId: z.string().min(1).describe('Parent folder id, to nest the folder.').optional(),
      description: z.string().describe('Folder description.').optional(),
      metadata: metadata.optional(),
    }),
    output: Folder,
    annotations: WRITE,
  }),
  endpoint({
    name: 'folders_update',
    title: 'Update folder',
    description: 'Renames, moves or re-describes a folder (only the fields given change) and returns it.',
    toolset: 'folders',
    method: 'PATCH',
    path: '/api/v1/folders/{id}',
    input: z
      .strictObject({
        id: id('Folder id.'),
        name: z.string().min(1).describe('New name.').optional(),
        parentFolderId: z.string().min(1).describe('New parent folder id.').optional(),
        description: z.string().describe('New description.').optional(),
        metadata: metadata.optional(),
      })
      .refine((i) => Object.keys(i).some((k) => k !== 'id'), 'give at least one field to change'),
    output: Folder,
    annotations: IDEMPOTENT_WRITE,
  }),
];
