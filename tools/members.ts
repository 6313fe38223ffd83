import * as z from 'zod';
import { command, DESTRUCTIVE, id, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Tag } from './shapes.js';

export const membersTools: ToolDef[] = [
  command({
    name: 'members_remove',
    title: 'Remove member from workspace',
    description:
      'Take someone out of the whole workspace (they left the company, offboarding) with all their group memberships. Irreversible: the person confirms.',
    toolset: 'members',
    command: 'members/remove',
    input: { userId: id('User id, from analytics_students.') },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
  }),
  command({
    name: 'members_set_tags',
    title: 'Set member tags',
    description:
      "Set a member's tags (labels such as role, region or team): replaces the whole set; new tags are created, [] clears them.",
    toolset: 'members',
    command: 'members/set-tags',
    input: {
      userId: id('User id, from analytics_students.'),
      tags: z.array(z.string().min(1)).max(20).describe('The whole new set of tag names, at most 20; [] clears them.'),
    },
    output: { userId: z.string(), tags: z.array(Tag) },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
];
