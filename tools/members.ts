import * as z from 'zod';
import { command, DESTRUCTIVE, IDEMPOTENT_WRITE, userIdField, type ToolDef } from './define.js';
import { plural, quoted, text, type Body } from './questions.js';
import { Tag } from './shapes.js';

export const membersTools: ToolDef[] = [
  command({
    name: 'members_remove',
    title:
      'Offboard someone who resigned, quit, left or no longer works here (contractors, offboarding): remove, delete or kick them out of the workspace, platform or system',
    description:
      'Remove a member from the whole workspace for good, off every group: their access ends. One group, for a while: groups_member_set_status. Cannot be undone. In bulk: batch_call.',
    toolset: 'members',
    command: 'members/remove',
    input: { userId: userIdField },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
    example: { userId: 'u_nina' },
    confirm: async ({ userId }, read) => {
      const data = (await read('assignments_for_user', { userId })) as { user?: Body; assignments?: unknown[] } | undefined;
      const name = text(data?.user?.['name']);
      const email = text(data?.user?.['email']);
      const who = name && email ? `${quoted(name)} (${quoted(email)})` : quoted(name ?? email ?? String(userId));
      const assignments = data?.assignments?.length ?? 0;
      return `Remove ${who} from the whole workspace, with all their group memberships${assignments > 0 ? ` and ${plural(assignments, 'course assignment')}` : ''}? This cannot be undone.`;
    },
  }),
  command({
    name: 'members_set_tags',
    untrusted: ['tags[].name'],
    title: 'Tag or label a member, such as manager, region, team or location',
    description:
      'Tag, label, change or wipe the tags of a member; the set given replaces theirs and new tags are created. In bulk: batch_call.',
    toolset: 'members',
    command: 'members/set-tags',
    input: {
      userId: userIdField,
      tags: z.array(z.string().min(1)).max(20).describe('The whole new set of tag names, at most 20; [] clears them.'),
    },
    output: { userId: z.string(), tags: z.array(Tag) },
    annotations: IDEMPOTENT_WRITE,
    example: { userId: 'u_kenji', tags: ['EMEA'] },
    mutating: true,
  }),
];
