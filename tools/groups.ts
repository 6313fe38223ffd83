import * as z from 'zod';
import {
  command,
  DESTRUCTIVE,
  groupIdField as groupId,
  READ,
  WRITE,
  IDEMPOTENT_WRITE,
  userIdField as userId,
  type ToolDef,
} from './define.js';
import { count, plural, quoted, type Body } from './questions.js';
import { Group, Membership, MembershipStatus } from './shapes.js';

export const groupsTools: ToolDef[] = [
  command({
    name: 'groups_member_add',
    untrusted: [
      'membership.user.name',
      'membership.user.email',
      'membership.primaryRole.name',
      'membership.primaryRole.scopeGroupName',
      'membership.extraRoles[].name',
      'membership.extraRoles[].scopeGroupName',
    ],
    title: 'Add, put or enroll someone, such as a new hire, in a group, team, cohort, department or class',
    description: 'Add a person to a group (team, cohort), or make them its instructor or admin. In bulk: batch_call.',
    toolset: 'groups',
    command: 'groups/member-add',
    input: {
      groupId,
      userId,
      systemKey: z.enum(['ADMIN', 'INSTRUCTOR', 'MEMBER']).describe('Default MEMBER.').optional(),
    },
    output: { membership: Membership },
    annotations: WRITE,
    example: { groupId: 'g_eng', userId: 'u_tom' },
    mutating: true,
  }),
  command({
    name: 'groups_member_set_status',
    title:
      'Pause or suspend someone in a group while on leave (on hold, parental or medical leave, sabbatical): switch off, or reactivate them',
    description:
      'Mark someone inactive: pause or deactivate their membership in one group or cohort while they stay employed, or reactivate it. Offboarding: members_remove. In bulk: batch_call.',
    toolset: 'groups',
    command: 'groups/member-set-status',
    input: { groupId, userId, status: MembershipStatus.describe('INACTIVE pauses, ACTIVE resumes.') },
    output: { membership: z.looseObject({ status: MembershipStatus }) },
    annotations: IDEMPOTENT_WRITE,
    example: { groupId: 'g_sales_na', userId: 'u_omar', status: 'ACTIVE' },
    mutating: true,
  }),
  command({
    name: 'groups_delete',
    title: 'Delete or disband a group, team or cohort no longer needed or made by mistake (get rid of it)',
    description:
      'Delete or remove a whole group, team or cohort, with its nested subgroups and memberships (members stay in the workspace). Cannot be undone.',
    toolset: 'groups',
    command: 'groups/delete',
    input: { groupId },
    output: { deleted: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
    example: { groupId: 'g_alumni' },
    confirm: async ({ groupId }, read) => {
      const all = ((await read('groups_list', { includeDescendants: true }))?.['groups'] as Body[] | undefined) ?? [];
      const g = all.find((x) => x['id'] === groupId);
      if (!g) return `Delete the group ${String(groupId)}? This cannot be undone.`;
      const children = all.filter((x) => x['parentId'] === groupId).map((x) => quoted(String(x['name'])));
      const subgroups =
        children.length === 0
          ? ''
          : ` with its ${children.length === 1 ? 'subgroup' : 'subgroups'} ${children.slice(0, 5).join(', ')}${children.length > 5 ? ` and ${children.length - 5} more` : ''}`;
      return `Delete the group ${quoted(String(g['name']))} (${plural(count(g['memberCount']), 'member')})${subgroups}? The members stay in the workspace; their memberships go. This cannot be undone.`;
    },
  }),
  command({
    name: 'groups_list',
    untrusted: ['groups[].name', 'groups[].description', 'groups[].tags[]', 'groups[].leadInstructor.name'],
    gives: 'group ids',
    title: 'All groups, teams, cohorts, classes, class sections and departments in the workspace (org tree, departments, sub-groups)',
    description:
      'Which groups, teams or cohorts are set up in the workspace, how they nest, member counts, who leads each group, and tags; gives group ids.',
    toolset: 'groups',
    pages: 'groups',
    command: 'groups/list',
    input: {
      parentId: z.string().min(1).nullable().describe('Subgroups of this group; default: root groups.').optional(),
      includeDescendants: z.boolean().describe('Also their subgroups, all levels down.').optional(),
    },
    output: { groups: z.array(Group) },
    annotations: READ,
  }),
];
