import * as z from 'zod';
import { command, DESTRUCTIVE, id, READ, WRITE, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Group, Membership, MembershipStatus } from './shapes.js';

const groupId = id('Group id, from groups_list.');
const userId = id('User id, from analytics_students.');

export const groupsTools: ToolDef[] = [
  command({
    name: 'groups_member_add',
    title: 'Add member to group',
    description:
      'Put (add, enroll) someone in a group, team, cohort or department with a role (MEMBER unless given); returns the membership.',
    toolset: 'groups',
    command: 'groups/member-add',
    input: {
      groupId,
      userId,
      systemKey: z
        .enum(['ADMIN', 'INSTRUCTOR', 'MEMBER'])
        .describe('Role in the group: ADMIN, INSTRUCTOR or MEMBER (default MEMBER).')
        .optional(),
    },
    output: { membership: Membership },
    annotations: WRITE,
    mutating: true,
  }),
  command({
    name: 'groups_member_set_status',
    title: 'Set group membership status',
    description:
      "Pause (deactivate) or reactivate a person's membership in a group without removing them; returns the new status.",
    toolset: 'groups',
    command: 'groups/member-set-status',
    input: { groupId, userId, status: MembershipStatus.describe('New membership status: ACTIVE or INACTIVE.') },
    output: { membership: z.looseObject({ status: MembershipStatus }) },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
  command({
    name: 'groups_delete',
    title: 'Delete group',
    description:
      'Delete a group (team, cohort) with its subgroups and all their memberships. Irreversible: the person confirms.',
    toolset: 'groups',
    command: 'groups/delete',
    input: { groupId: id('Group id, from groups_list.') },
    output: { deleted: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
  }),
  command({
    name: 'groups_list',
    title: 'List groups',
    description:
      'Groups (teams, cohorts, departments) with parent, member and subgroup counts, tags and lead instructor; gives group ids.',
    toolset: 'groups',
    pages: 'groups',
    command: 'groups/list',
    input: {
      parentId: z.string().min(1).nullable().describe('Subgroups of this group; omitted: the top level.').optional(),
      includeDescendants: z.boolean().describe('Also their subgroups, all levels down.').optional(),
    },
    output: { groups: z.array(Group) },
    annotations: READ,
  }),
];
