import * as z from 'zod';
import { command, DESTRUCTIVE, id, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Tag } from './shapes.js';

export const membersTools: ToolDef[] = [
  command({
    name: 'members_remove',
    title: 'Remove member from workspace',
    description: 'Removes a member from the whole workspace, with all their group memberships. Cannot be undone.',
    toolset: 'members',
    command: 'members/remove',
    input: { userId: id('Id of the member to remove.') },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
  }),
  command({
    name: 'members_set_tags',
    title: 'Set member tags',
    description:
      'Replaces a member\'s whole set of organizational tags (unknown tags are created; an empty list clears them) and returns the tags.',
    toolset: 'members',
    command: 'members/set-tags',
    input: {
      userId: id('Id of the member.'),
      tags: z.array(z.string().min(1)).max(20).describe('The complete new set of tag names, at most 20; [] clears all tags.'),
    },
    output: { userId: z.string(), tags: z.array(Tag) },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
];
