import * as z from 'zod';
import { command, DESTRUCTIVE, groupIdField as groupId, READ, WRITE, IDEMPOTENT_WRITE, userIdField as userId, type ToolDef } from './define.js';
import { Group, Membership, MembershipStatus } from './shapes.js';


export const groupsTools: ToolDef[] = [
  command({
    name: 'groups_member_add',
    title: 'Add, put or enroll someone, such as a new hire, in a group, team, cohort, department or class',
    description:
      'Add a person to a group (team, cohort), or make them its instructor or admin. In bulk: batch_call.',
    toolset: 'groups',
    command: 'groups/member-add',
    input: {
      groupId,
      userId,
      systemKey: z
        .enum(['ADMIN', 'INSTRUCTOR', 'MEMBER'])
        .describe('Default MEMBER.')
        .optional(),
    },
    output: { membership: Membership },
    annotations: WRITE,
    mutating: true,
  }),
  command({
    name: 'groups_member_set_status',
    title: 'Pause or suspend someone in a group while on leave (on hold, parental or medical leave, sabbatical): switch off, or reactivate them',
    description:
      'Mark someone inactive: pause or deactivate their membership in one group or cohort for now while they stay employed, or reactivate it when they are back. Offboarding: members_remove. In bulk: batch_call.',
    toolset: 'groups',
    command: 'groups/member-set-status',
    input: { groupId, userId, status: MembershipStatus.describe('INACTIVE pauses, ACTIVE resumes.') },
    output: { membership: z.looseObject({ status: MembershipStatus }) },
    annotations: IDEMPOTENT_WRITE,
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
  }),
  command({
    name: 'groups_list',
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
