import * as z from 'zod';
import { assignmentIdField, command, DESTRUCTIVE, READ, userIdField, type ToolDef } from './define.js';
import { count, plural, quoted, text, type Body } from './questions.js';
import { Assignment, AssignmentSummary, UserRefNullableName } from './shapes.js';

export const assignmentsTools: ToolDef[] = [
  command({
    name: 'assignments_get',
    untrusted: [
      'assignment.name',
      'assignment.courseTitle',
      'assignment.courseDescription',
      'assignment.groupName',
      'assignment.assignedByName',
      'assignment.assignedUsers[].name',
      'assignment.assignedUsers[].email',
    ],
    title: "One assignment's details and progress (a rollout): who completed it, who is outstanding or overdue",
    description:
      "How one course or training assignment is going, assignee by assignee: who completed it, who is late, each one's status, percent done, due date and completion rules (minimum scores).",
    toolset: 'assignments',
    pages: 'assignment.assignedUsers',
    statedTotal: { path: 'assignment.totalAssignees' },
    command: 'assignments/get',
    input: { assignmentId: assignmentIdField },
    output: { assignment: Assignment },
    annotations: READ,
    example: { assignmentId: 'as_negotiation_sales' },
  }),
  command({
    name: 'assignments_for_user',
    untrusted: [
      'user.name',
      'user.email',
      'assignments[].name',
      'assignments[].courseTitle',
      'assignments[].scopeLabel',
      'assignments[].groupName',
    ],
    gives: 'assignment ids',
    title: "A person's assigned training (training plan, on their plate): what is due or overdue",
    description:
      "Everything assigned to one person and what is left to do, by when: each required course's progress, due date, complete, late or overdue; gives assignment ids. All assignees of one: assignments_get. In bulk: batch_call.",
    toolset: 'assignments',
    pages: 'assignments',
    command: 'assignments/for-user',
    input: { userId: userIdField },
    output: { user: UserRefNullableName, assignments: z.array(AssignmentSummary) },
    annotations: READ,
    example: { userId: 'u_amara' },
  }),
  command({
    name: 'assignments_remove',
    title: 'Unassign, withdraw, cancel or take back an assignment (duplicate, old or replaced)',
    description:
      'Unassign or withdraw a course assignment that is outdated or sent by mistake, from all it was given to. Cannot be undone. In bulk: batch_call.',
    toolset: 'assignments',
    command: 'assignments/remove',
    input: { assignmentId: assignmentIdField },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
    example: { assignmentId: 'as_onboarding_custom' },
    confirm: async ({ assignmentId }, read) => {
      const a = (await read('assignments_get', { assignmentId }))?.['assignment'] as Body | undefined;
      if (!a) return `Remove the assignment ${String(assignmentId)} from everyone it was given to? This cannot be undone.`;
      const name = text(a['name']);
      const course = text(a['courseTitle']);
      const what = name && course ? `${quoted(name)} (course ${quoted(course)})` : quoted(name ?? course ?? String(assignmentId));
      return `Remove the assignment ${what} from its ${plural(count(a['totalAssignees']), 'assignee')}? This cannot be undone.`;
    },
  }),
];
