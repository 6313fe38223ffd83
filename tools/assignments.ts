import * as z from 'zod';
import { command, DESTRUCTIVE, id, READ, type ToolDef } from './define.js';
import { Assignment, AssignmentSummary, UserRefNullableName } from './shapes.js';

export const assignmentsTools: ToolDef[] = [
  command({
    name: 'assignments_get',
    title: 'Get assignment',
    description:
      'One course assignment with its rules, completion criteria, completion stats and every assignee\'s progress.',
    toolset: 'assignments',
    command: 'assignments/get',
    input: { assignmentId: id('Assignment id.') },
    output: { assignment: Assignment },
    annotations: READ,
  }),
  command({
    name: 'assignments_for_user',
    title: 'Assignments of a user',
    description: 'All assignments of one user with progress, due date and whether each is complete or overdue.',
    toolset: 'assignments',
    command: 'assignments/for-user',
    input: { userId: id('User id.') },
    output: { user: UserRefNullableName, assignments: z.array(AssignmentSummary) },
    annotations: READ,
  }),
  command({
    name: 'assignments_remove',
    title: 'Remove assignment',
    description: 'Removes a course assignment from everyone it was assigned to. Cannot be undone.',
    toolset: 'assignments',
    command: 'assignments/remove',
    input: { assignmentId: id('Id of the assignment to remove.') },
    output: { removed: z.literal(true) },
    annotations: DESTRUCTIVE,
    mutating: true,
  }),
];
