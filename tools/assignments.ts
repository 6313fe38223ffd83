import * as z from 'zod';
import { command, DESTRUCTIVE, id, READ, type ToolDef } from './define.js';
import { Assignment, AssignmentSummary, UserRefNullableName } from './shapes.js';

export const assignmentsTools: ToolDef[] = [
  command({
    name: 'assignments_get',
    title: 'Get assignment',
    description:
      "One course assignment: who has finished, who is late or overdue, each assignee's progress, its rules and completion criteria.",
    toolset: 'assignments',
    command: 'assignments/get',
    input: { assignmentId: id('Assignment id, from assignments_for_user.') },
    output: { assignment: Assignment },
    annotations: READ,
  }),
  command({
    name: 'assignments_for_user',
    title: 'Assignments of a user',
    description:
      'All training assigned to one person: progress, due date and whether each is complete or overdue; gives assignment ids.',
    toolset: 'assignments',
    pages: 'assignments',
    command: 'assignments/for-user',
    input: { userId: id('User id, from analytics_students.') },
    output: { user: UserRefNullableName, assignments: z.array(AssignmentSummary) },
    annotations: READ,
  }),
  command({
    name: 'assignments_remove',
    title: 'Remove assignment',
    description:
      'Remove (cancel, unassign) a course assignment from everyone it was given to. Irreversible: the person confirms.',
    toolset: 'assignments',
    command: 'assignments/remove',
    input: { assignmentId: id('Assignment id, from assignments_for_user.') },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
  }),
];
