import * as z from 'zod';
import { command, DESTRUCTIVE, groupIdField as groupId, READ, WRITE, IDEMPOTENT_WRITE, userIdField as userId, type ToolDef } from './define.js';
import { Group, Membership, MembershipStatus } from './shapes.js';


export const groupsTools: ToolDef[] = [
  command({
    name: 'groups_member_add',
    title: 'Add someone to a group, team or cohort',
    description:
      'Add, put or enroll a person in a group (team, cohort, department, class), such as a new hire, or make them its instructor or admin.',
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
    title: 'Pause someone in a group while on leave or sabbatical (switch off), or reactivate them',
    description:
      'Mark someone inactive: pause, suspend or deactivate their membership in one group or cohort for now (on hold, parental or medical leave) while they stay employed, or reactivate it when they are back. Offboarding: members_remove.',
    toolset: 'groups',
    command: 'groups/member-set-status',
    input: { groupId, userId, status: MembershipStatus.describe('INACTIVE pauses, ACTIVE resumes.') },
    output: { membership: z.looseObject({ status: MembershipStatus }) },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
  command({
    name: 'groups_delete',
    title: 'Delete or disband a group, team or cohort (get rid of it)',
    description:
      'Delete or remove a whole group, team or cohort no longer needed or made by mistake, with its nested subgroups and memberships (members stay in the workspace). Cannot be undone.',
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
    title: 'All groups, teams, cohorts and departments in the workspace',
    description:
      'Which groups, teams, cohorts, classes or class sections are set up in the workspace, how they nest (org tree, departments, sub-groups), member counts, who leads each group, and tags; gives group ids.',
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
