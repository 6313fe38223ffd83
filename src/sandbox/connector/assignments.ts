// The sandbox's assignments/* commands.
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function assignmentsGet(sbx: Model, b: Body, check: Check): unknown {
  const a = sbx.findAssignment(check, check.str('assignmentId', true));
  check.done();
  return { assignment: sbx.assignmentView(a!) };
}

function assignmentsForUser(sbx: Model, b: Body, check: Check): unknown {
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  check.done();
  const now = sbx.now();
  const list = sbx.ws.assignments
    .filter((a) => sbx.assignees(a).includes(u!.id))
    .map((a) => {
      const c = sbx.course(a.courseId);
      const s = c ? sbx.courseState(u!.id, c, a.criteria) : null;
      const g = a.groupId ? sbx.group(a.groupId) : undefined;
      return {
        assignmentId: a.id,
        name: a.name,
        courseId: a.courseId,
        courseTitle: c?.title ?? '(deleted course)',
        type: a.type,
        scopeLabel: a.type === 'WORKSPACE' ? 'Everyone' : a.type === 'GROUP' ? (g?.name ?? 'Deleted group') : 'Custom audience',
        groupName: g?.name ?? null,
        dueDate: a.dueDate,
        complete: !!s?.complete,
        progressPercent: s?.progressPercent ?? 0,
        completedAt: s?.completedAt ?? null,
        overdue: !s?.complete && !!a.dueDate && Date.parse(a.dueDate) < now,
      };
    });
  return { user: sbx.userRef(u!), assignments: list };
}

function assignmentsRemove(sbx: Model, b: Body, check: Check): unknown {
  const a = sbx.findAssignment(check, check.str('assignmentId', true));
  check.done();
  sbx.ws.assignments = sbx.ws.assignments.filter((x) => x !== a);
  return { removed: true };
}

export const assignments: Handlers = {
  'assignments/get': { write: false, run: assignmentsGet },
  'assignments/for-user': { write: false, run: assignmentsForUser },
  'assignments/remove': { write: true, run: assignmentsRemove },
};
