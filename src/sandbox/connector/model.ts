// What the sandbox's Connector commands compute from the workspace records: lookups, course completion
// under assignment criteria, and the views the API document shows. The handlers (one module per domain)
// are thin over it.
import type { AssignmentRec, Course, Criteria, GroupRec, MembershipRec, SystemKey, User, Workspace } from '../seed.js';
import type { Body, Check } from './check.js';

export const NY = 'America/New_York';
export function nyMonth(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: NY, year: 'numeric', month: '2-digit' }).formatToParts(d);
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

const roleNames: Record<SystemKey, [string, string]> = {
  ADMIN: ['Admin', '#dc2626'],
  INSTRUCTOR: ['Instructor', '#7c3aed'],
  MEMBER: ['Member', '#64748b'],
};

export interface CommandContext {
  ws: Workspace;
  now: () => number;
}

/** Course completion of one learner, under an assignment's criteria (or the course's own rules). */
interface CourseState {
  done: Set<string>;
  total: number;
  progressPercent: number;
  complete: boolean;
  startedAt: string | null;
  completedAt: string | null;
  timeSeconds: number;
}

export const defaultCriteria: Criteria = {
  activitiesPerTopic: 'ALL',
  testRequired: true,
  testMinScore: null,
  projectsRequired: false,
  quizMinScore: null,
};

export type Handlers = Record<string, { write: boolean; run: (sbx: Model, body: Body, check: Check) => unknown }>;

export class Model {
  readonly ws: Workspace;
  constructor(private readonly ctx: CommandContext) {
    this.ws = ctx.ws;
  }
  readonly iso = () => new Date(this.ctx.now()).toISOString();
  readonly now = () => this.ctx.now();

  readonly user = (id: string) => this.ws.users.find((u) => u.id === id);
  readonly group = (id: string) => this.ws.groups.find((g) => g.id === id);
  readonly course = (id: string) => this.ws.courses.find((c) => c.id === id);
  readonly userRef = (u: User) => ({ id: u.id, name: u.name, email: u.email, avatarUrl: u.avatarUrl });

  readonly descendants = (groupId: string): string[] => {
    const out = [groupId];
    for (let i = 0; i < out.length; i++) for (const g of this.ws.groups) if (g.parentId === out[i]) out.push(g.id);
    return out;
  };
  readonly depth = (g: GroupRec): number => {
    let d = 0;
    for (let p = g.parentId; p; p = this.group(p)?.parentId ?? null) d++;
    return d;
  };
  readonly groupMembers = (groupId: string): string[] => {
    const ids = new Set(this.descendants(groupId));
    return [
      ...new Set(
        this.ws.memberships.filter((m) => ids.has(m.groupId) && m.status === 'ACTIVE' && m.systemKey === 'MEMBER').map((m) => m.userId),
      ),
    ].filter((id) => this.user(id));
  };
  readonly assignees = (a: AssignmentRec): string[] => {
    if (a.type === 'WORKSPACE') return this.ws.users.filter((u) => u.role === 'MEMBER').map((u) => u.id);
    if (a.type === 'GROUP') return a.groupId && this.group(a.groupId) ? this.groupMembers(a.groupId) : [];
    const set = new Set<string>();
    for (const r of a.rules.filter((x) => x.kind === 'INCLUDE')) {
      if (r.targetType === 'GROUP' && r.groupId) this.groupMembers(r.groupId).forEach((id) => set.add(id));
      if (r.targetType === 'USER' && r.userId && this.user(r.userId)) set.add(r.userId);
    }
    for (const r of a.rules.filter((x) => x.kind === 'EXCLUDE')) {
      if (r.targetType === 'GROUP' && r.groupId) this.groupMembers(r.groupId).forEach((id) => set.delete(id));
      if (r.targetType === 'USER' && r.userId) set.delete(r.userId);
    }
    return [...set];
  };
  readonly activitiesOf = (c: Course) => c.units.flatMap((u) => u.topics.flatMap((t) => t.activities));
  readonly bestTest = (userId: string, testId: string): number | null => {
    const scores = this.ws.attempts
      .filter((a) => a.userId === userId && a.refId === testId && a.isCompleted)
      .map((a) => this.scorePercent(a.answers, testId));
    return scores.length ? Math.max(...scores) : null;
  };
  readonly questionsOf = (refId: string) => {
    for (const c of this.ws.courses)
      for (const u of c.units) {
        if (u.test?.id === refId) return u.test.questions;
        for (const t of u.topics) for (const a of t.activities) if (a.id === refId) return a.questions;
      }
    return [];
  };
  readonly scorePercent = (answers: Record<string, string>, refId: string): number => {
    const qs = this.questionsOf(refId);
    const right = qs.filter((q) => answers[q.id] === q.correct).length;
    return qs.length ? Math.round((100 * right) / qs.length) : 0;
  };
  readonly courseState = (userId: string, c: Course, criteria: Criteria | null): CourseState => {
    const crit = criteria ?? defaultCriteria;
    const rows = this.ws.progress.filter((p) => p.userId === userId);
    const byActivity = new Map(rows.map((p) => [p.activityId, p]));
    const acts = this.activitiesOf(c);
    const done = new Set(acts.filter((a) => byActivity.has(a.id)).map((a) => a.id));
    const dates = acts
      .map((a) => byActivity.get(a.id)?.completedAt)
      .filter((d): d is string => !!d)
      .sort();
    const topicsOk = c.units.every((u) =>
      u.topics.every((t) => {
        const n = t.activities.filter((a) => done.has(a.id)).length;
        return crit.activitiesPerTopic === 'ALL' ? n === t.activities.length : n >= Math.min(crit.activitiesPerTopic, t.activities.length);
      }),
    );
    const testsOk =
      !crit.testRequired ||
      c.units.every((u) => !u.test || (this.bestTest(userId, u.test.id) ?? -1) >= (crit.testMinScore ?? u.test.minScore));
    const projectsOk =
      !crit.projectsRequired ||
      c.units.every((u) =>
        u.projects
          .filter((p) => p.required)
          .every((p) => this.ws.projectAttempts.some((x) => x.userId === userId && x.projectId === p.id && x.completedAt)),
      );
    const complete = acts.length > 0 && topicsOk && testsOk && projectsOk;
    const testDates = this.ws.attempts
      .filter((a) => a.userId === userId && c.units.some((u) => u.test?.id === a.refId))
      .map((a) => a.updatedAt);
    const projDates = this.ws.projectAttempts
      .filter((a) => a.userId === userId && a.completedAt && c.units.some((u) => u.projects.some((p) => p.id === a.projectId)))
      .map((a) => a.completedAt as string);
    const all = [...dates, ...testDates, ...projDates].sort();
    return {
      done,
      total: acts.length,
      progressPercent: acts.length ? Math.round((100 * done.size) / acts.length) : 0,
      complete,
      startedAt: dates[0] ?? null,
      completedAt: complete ? (all.at(-1) ?? null) : null,
      timeSeconds: rows.filter((p) => done.has(p.activityId)).reduce((s, p) => s + p.timeSeconds, 0),
    };
  };
  /** Courses this.assigned to a this.user, each with the criteria of its first assignment. */
  readonly assigned = (userId: string): Map<string, AssignmentRec> => {
    const out = new Map<string, AssignmentRec>();
    for (const a of this.ws.assignments) if (!out.has(a.courseId) && this.assignees(a).includes(userId)) out.set(a.courseId, a);
    return out;
  };
  readonly studentRow = (u: User) => {
    const courses = this.assigned(u.id);
    let completed = 0;
    for (const [courseId, a] of courses) {
      const c = this.course(courseId);
      if (c && this.courseState(u.id, c, a.criteria).complete) completed++;
    }
    const groups = this.ws.memberships
      .filter((m) => m.userId === u.id)
      .map((m) => this.group(m.groupId)?.name)
      .filter((n): n is string => !!n);
    return { user: this.userRef(u), joinedAt: u.joinedAt, coursesAssigned: courses.size, coursesCompleted: completed, groups };
  };
  readonly students = () => this.ws.users.filter((u) => u.role === 'MEMBER').sort((a, b) => a.name.localeCompare(b.name));
  /** Learners of a course: this.assigned or with recorded progress. */
  readonly enrolled = (c: Course): string[] => {
    const ids = new Set<string>();
    for (const a of this.ws.assignments) if (a.courseId === c.id) this.assignees(a).forEach((id) => ids.add(id));
    const acts = new Set(this.activitiesOf(c).map((a) => a.id));
    for (const p of this.ws.progress) if (acts.has(p.activityId) && this.user(p.userId)) ids.add(p.userId);
    return [...ids];
  };
  readonly criteriaFor = (userId: string, courseId: string) => this.assigned(userId).get(courseId)?.criteria ?? null;
  /** The this.cohort a statistic is computed over: a this.group, or everyone this.enrolled in the this.course. */
  readonly cohort = (c: Course, groupId: string | undefined): string[] => {
    return groupId ? this.groupMembers(groupId) : this.enrolled(c);
  };
  readonly roleRef = (key: SystemKey, scope: GroupRec | null) => {
    const [name, color] = roleNames[key];
    return {
      id: `role_${key.toLowerCase()}`,
      name,
      systemKey: key,
      color,
      scopeGroupId: scope?.id ?? null,
      ...(scope ? { scopeGroupName: scope.name } : {}),
    };
  };
  readonly membershipView = (m: MembershipRec) => {
    const u = this.user(m.userId)!;
    const g = this.group(m.groupId) ?? null;
    const extra = u.role !== 'MEMBER' && u.role !== m.systemKey ? [this.roleRef(u.role, null)] : [];
    return {
      user: this.userRef(u),
      primaryRole: this.roleRef(m.systemKey, g),
      extraRoles: extra,
      status: m.status,
      joinedAt: m.joinedAt,
      enrolledAt: m.enrolledAt,
    };
  };
  readonly groupView = (g: GroupRec) => {
    const lead = g.leadInstructorId ? this.user(g.leadInstructorId) : undefined;
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      parentId: g.parentId,
      depth: this.depth(g),
      memberCount: this.ws.memberships.filter((m) => m.groupId === g.id).length,
      childCount: this.ws.groups.filter((c) => c.parentId === g.id).length,
      tags: g.tags,
      leadInstructor: lead ? { id: lead.id, name: lead.name } : null,
      isArchived: g.isArchived,
    };
  };
  readonly needUser = (check: Check, field: string, id: string | undefined): User | undefined => {
    if (id === undefined) return undefined;
    const u = this.user(id);
    if (!u) check.fail(field, `no member with id ${id}`);
    return u;
  };
  readonly needGroup = (check: Check, field: string, id: string | undefined): GroupRec | undefined => {
    if (id === undefined) return undefined;
    const g = this.group(id);
    if (!g) check.fail(field, `no group with id ${id}`);
    return g;
  };
  readonly needCourse = (check: Check, field: string, id: string | undefined): Course | undefined => {
    if (id === undefined) return undefined;
    const c = this.course(id);
    if (!c) check.fail(field, `no course with id ${id}`);
    return c;
  };
  readonly take = <T>(list: T[], limit: number | undefined) => (limit === undefined ? list : list.slice(0, limit));
  readonly avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  readonly pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
  readonly sumTime = (userId: string, activityIds: Set<string>) => {
    const rows = this.ws.progress.filter((p) => p.userId === userId && activityIds.has(p.activityId));
    return rows.length ? rows.reduce((s, p) => s + p.timeSeconds, 0) : null;
  };
  readonly assignmentView = (a: AssignmentRec) => {
    const c = this.course(a.courseId);
    const by = this.user(a.assignedById);
    const users = this.assignees(a)
      .map((id) => this.user(id)!)
      .sort((x, y) => x.name.localeCompare(y.name));
    const rows = users.map((u) => {
      const s = c ? this.courseState(u.id, c, a.criteria) : null;
      return {
        userId: u.id,
        name: u.name,
        email: u.email,
        avatarUrl: u.avatarUrl,
        complete: !!s?.complete,
        progressPercent: s?.progressPercent ?? 0,
        completedAt: s?.completedAt ?? null,
      };
    });
    const completed = rows.filter((r) => r.complete).length;
    return {
      id: a.id,
      type: a.type,
      name: a.name,
      courseId: a.courseId,
      courseTitle: c?.title ?? '(deleted course)',
      courseDescription: c?.description ?? null,
      groupId: a.groupId,
      groupName: a.groupId ? (this.group(a.groupId)?.name ?? null) : null,
      assignedById: a.assignedById,
      assignedByName: by?.name ?? 'Former member',
      assignedAt: a.assignedAt,
      dueDate: a.dueDate,
      totalAssignees: rows.length,
      completedCount: completed,
      completionPercent: this.pct(completed, rows.length),
      completionCriteria: a.criteria,
      rules: a.rules,
      assignedUsers: rows,
    };
  };
  readonly findAssignment = (check: Check, id: string | undefined) => {
    if (id === undefined) return undefined;
    const a = this.ws.assignments.find((x) => x.id === id);
    if (!a) check.fail('assignmentId', `no assignment with id ${id}`);
    return a;
  };
  readonly findQuiz = (refId: string) => {
    for (const c of this.ws.courses)
      for (const u of c.units)
        for (const t of u.topics)
          for (const a of t.activities) if (a.id === refId && a.type === 'quiz') return { course: c, unit: u, topic: t, activity: a };
    return undefined;
  };
  readonly findTest = (refId: string) => {
    for (const c of this.ws.courses) for (const u of c.units) if (u.test?.id === refId) return { course: c, unit: u, test: u.test };
    return undefined;
  };
  readonly findUnit = (unitId: string) => {
    for (const c of this.ws.courses) for (const u of c.units) if (u.id === unitId) return { course: c, unit: u };
    return undefined;
  };
}
