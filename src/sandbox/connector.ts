// The Connector API of the sandbox, written from connector-api.md. It validates on its own
// (it does not borrow the server's zod schemas), so tests see how the server copes with a real
// upstream's refusals.
import type { AssignmentRec, Course, Criteria, GroupRec, MembershipRec, SystemKey, TagRec, User, Workspace } from './seed.js';

export class CommandError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resolution: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

/** Collects per-field messages the way the document describes `error.errors`. */
class Check {
  readonly errors: Record<string, string[]> = {};
  constructor(private readonly body: Body) {}
  private add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  str(field: string, required: boolean): string | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'string' || v.length === 0) {
      this.add(field, 'must be a non-empty string');
      return undefined;
    }
    return v;
  }
  oneOf<T extends string>(field: string, values: readonly T[], required: boolean): T | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (!values.includes(v as T)) {
      this.add(field, `must be one of ${values.join(', ')}`);
      return undefined;
    }
    return v as T;
  }
  bool(field: string, required: boolean): boolean | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'boolean') this.add(field, 'must be a boolean');
    return v as boolean;
  }
  limit(): number | undefined {
    const v = this.body['limit'];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) {
      this.add('limit', 'must be an integer greater than 0');
      return undefined;
    }
    return v;
  }
  strings(field: string, required: boolean, max?: number): string[] | undefined {
    const v = this.body[field];
    if (v === undefined) {
      if (required) this.add(field, 'is required');
      return undefined;
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.add(field, 'must be an array of strings');
      return undefined;
    }
    if (max !== undefined && v.length > max) this.add(field, `must have at most ${max} items`);
    return v as string[];
  }
  fail(field: string, message: string) {
    this.add(field, message);
  }
  done() {
    if (Object.keys(this.errors).length > 0) {
      throw new CommandError(422, 'VALIDATION_ERROR', 'The request body is invalid.', 'Correct the fields listed in errors and send the command again.', this.errors);
    }
  }
}

const NY = 'America/New_York';
function nyMonth(d: Date): string {
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

const defaultCriteria: Criteria = { activitiesPerTopic: 'ALL', testRequired: true, testMinScore: null, projectsRequired: false, quizMinScore: null };

export function createConnector(ctx: CommandContext) {
  const { ws } = ctx;
  const iso = () => new Date(ctx.now()).toISOString();

  const user = (id: string) => ws.users.find((u) => u.id === id);
  const group = (id: string) => ws.groups.find((g) => g.id === id);
  const course = (id: string) => ws.courses.find((c) => c.id === id);
  const userRef = (u: User) => ({ id: u.id, name: u.name, email: u.email, avatarUrl: u.avatarUrl });

  function descendants(groupId: string): string[] {
    const out = [groupId];
    for (let i = 0; i < out.length; i++) for (const g of ws.groups) if (g.parentId === out[i]) out.push(g.id);
    return out;
  }
  function depth(g: GroupRec): number {
    let d = 0;
    for (let p = g.parentId; p; p = group(p)?.parentId ?? null) d++;
    return d;
  }
  function groupMembers(groupId: string): string[] {
    const ids = new Set(descendants(groupId));
    return [...new Set(ws.memberships.filter((m) => ids.has(m.groupId) && m.status === 'ACTIVE' && m.systemKey === 'MEMBER').map((m) => m.userId))].filter((id) => user(id));
  }
  function assignees(a: AssignmentRec): string[] {
    if (a.type === 'WORKSPACE') return ws.users.filter((u) => u.role === 'MEMBER').map((u) => u.id);
    if (a.type === 'GROUP') return a.groupId && group(a.groupId) ? groupMembers(a.groupId) : [];
    const set = new Set<string>();
    for (const r of a.rules.filter((x) => x.kind === 'INCLUDE')) {
      if (r.targetType === 'GROUP' && r.groupId) groupMembers(r.groupId).forEach((id) => set.add(id));
      if (r.targetType === 'USER' && r.userId && user(r.userId)) set.add(r.userId);
    }
    for (const r of a.rules.filter((x) => x.kind === 'EXCLUDE')) {
      if (r.targetType === 'GROUP' && r.groupId) groupMembers(r.groupId).forEach((id) => set.delete(id));
      if (r.targetType === 'USER' && r.userId) set.delete(r.userId);
    }
    return [...set];
  }
  const activitiesOf = (c: Course) => c.units.flatMap((u) => u.topics.flatMap((t) => t.activities));
  function bestTest(userId: string, testId: string): number | null {
    const scores = ws.attempts
      .filter((a) => a.userId === userId && a.refId === testId && a.isCompleted)
      .map((a) => scorePercent(a.answers, testId));
    return scores.length ? Math.max(...scores) : null;
  }
  function questionsOf(refId: string) {
    for (const c of ws.courses)
      for (const u of c.units) {
        if (u.test?.id === refId) return u.test.questions;
        for (const t of u.topics) for (const a of t.activities) if (a.id === refId) return a.questions;
      }
    return [];
  }
  function scorePercent(answers: Record<string, string>, refId: string): number {
    const qs = questionsOf(refId);
    const right = qs.filter((q) => answers[q.id] === q.correct).length;
    return qs.length ? Math.round((100 * right) / qs.length) : 0;
  }
  function courseState(userId: string, c: Course, criteria: Criteria | null): CourseState {
    const crit = criteria ?? defaultCriteria;
    const rows = ws.progress.filter((p) => p.userId === userId);
    const byActivity = new Map(rows.map((p) => [p.activityId, p]));
    const acts = activitiesOf(c);
    const done = new Set(acts.filter((a) => byActivity.has(a.id)).map((a) => a.id));
    const dates = acts.map((a) => byActivity.get(a.id)?.completedAt).filter((d): d is string => !!d).sort();
    const topicsOk = c.units.every((u) =>
      u.topics.every((t) => {
        const n = t.activities.filter((a) => done.has(a.id)).length;
        return crit.activitiesPerTopic === 'ALL' ? n === t.activities.length : n >= Math.min(crit.activitiesPerTopic, t.activities.length);
      }),
    );
    const testsOk =
      !crit.testRequired ||
      c.units.every((u) => !u.test || (bestTest(userId, u.test.id) ?? -1) >= (crit.testMinScore ?? u.test.minScore));
    const projectsOk =
      !crit.projectsRequired ||
      c.units.every((u) => u.projects.filter((p) => p.required).every((p) => ws.projectAttempts.some((x) => x.userId === userId && x.projectId === p.id && x.completedAt)));
    const complete = acts.length > 0 && topicsOk && testsOk && projectsOk;
    const testDates = ws.attempts.filter((a) => a.userId === userId && c.units.some((u) => u.test?.id === a.refId)).map((a) => a.updatedAt);
    const projDates = ws.projectAttempts.filter((a) => a.userId === userId && a.completedAt && c.units.some((u) => u.projects.some((p) => p.id === a.projectId))).map((a) => a.completedAt as string);
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
  }
  /** Courses assigned to a user, each with the criteria of its first assignment. */
  function assigned(userId: string): Map<string, AssignmentRec> {
    const out = new Map<string, AssignmentRec>();
    for (const a of ws.assignments) if (!out.has(a.courseId) && assignees(a).includes(userId)) out.set(a.courseId, a);
    return out;
  }
  function studentRow(u: User) {
    const courses = assigned(u.id);
    let completed = 0;
    for (const [courseId, a] of courses) {
      const c = course(courseId);
      if (c && courseState(u.id, c, a.criteria).complete) completed++;
    }
    const groups = ws.memberships.filter((m) => m.userId === u.id).map((m) => group(m.groupId)?.name).filter((n): n is string => !!n);
    return { user: userRef(u), joinedAt: u.joinedAt, coursesAssigned: courses.size, coursesCompleted: completed, groups };
  }
  const students = () => ws.users.filter((u) => u.role === 'MEMBER').sort((a, b) => a.name.localeCompare(b.name));
  /** Learners of a course: assigned or with recorded progress. */
  function enrolled(c: Course): string[] {
    const ids = new Set<string>();
    for (const a of ws.assignments) if (a.courseId === c.id) assignees(a).forEach((id) => ids.add(id));
    const acts = new Set(activitiesOf(c).map((a) => a.id));
    for (const p of ws.progress) if (acts.has(p.activityId) && user(p.userId)) ids.add(p.userId);
    return [...ids];
  }
  const criteriaFor = (userId: string, courseId: string) => assigned(userId).get(courseId)?.criteria ?? null;
  /** The cohort a statistic is computed over: a group, or everyone enrolled in the course. */
  function cohort(c: Course, groupId: string | undefined): string[] {
    return groupId ? groupMembers(groupId) : enrolled(c);
  }
  function roleRef(key: SystemKey, scope: GroupRec | null) {
    const [name, color] = roleNames[key];
    return { id: `role_${key.toLowerCase()}`, name, systemKey: key, color, scopeGroupId: scope?.id ?? null, ...(scope ? { scopeGroupName: scope.name } : {}) };
  }
  function membershipView(m: MembershipRec) {
    const u = user(m.userId)!;
    const g = group(m.groupId) ?? null;
    const extra = u.role !== 'MEMBER' && u.role !== m.systemKey ? [roleRef(u.role, null)] : [];
    return { user: userRef(u), primaryRole: roleRef(m.systemKey, g), extraRoles: extra, status: m.status, joinedAt: m.joinedAt, enrolledAt: m.enrolledAt };
  }
  function groupView(g: GroupRec) {
    const lead = g.leadInstructorId ? user(g.leadInstructorId) : undefined;
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      parentId: g.parentId,
      depth: depth(g),
      memberCount: ws.memberships.filter((m) => m.groupId === g.id).length,
      childCount: ws.groups.filter((c) => c.parentId === g.id).length,
      tags: g.tags,
      leadInstructor: lead ? { id: lead.id, name: lead.name } : null,
      isArchived: g.isArchived,
    };
  }
  function needUser(check: Check, field: string, id: string | undefined): User | undefined {
    if (id === undefined) return undefined;
    const u = user(id);
    if (!u) check.fail(field, `no member with id ${id}`);
    return u;
  }
  function needGroup(check: Check, field: string, id: string | undefined): GroupRec | undefined {
    if (id === undefined) return undefined;
    const g = group(id);
    if (!g) check.fail(field, `no group with id ${id}`);
    return g;
  }
  function needCourse(check: Check, field: string, id: string | undefined): Course | undefined {
    if (id === undefined) return undefined;
    const c = course(id);
    if (!c) check.fail(field, `no course with id ${id}`);
    return c;
  }
  const take = <T>(list: T[], limit: number | undefined) => (limit === undefined ? list : list.slice(0, limit));
  const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
  const sumTime = (userId: string, activityIds: Set<string>) => {
    const rows = ws.progress.filter((p) => p.userId === userId && activityIds.has(p.activityId));
    return rows.length ? rows.reduce((s, p) => s + p.timeSeconds, 0) : null;
  };
  function assignmentView(a: AssignmentRec) {
    const c = course(a.courseId);
    const by = user(a.assignedById);
    const users = assignees(a).map((id) => user(id)!).sort((x, y) => x.name.localeCompare(y.name));
    const rows = users.map((u) => {
      const s = c ? courseState(u.id, c, a.criteria) : null;
      return { userId: u.id, name: u.name, email: u.email, avatarUrl: u.avatarUrl, complete: !!s?.complete, progressPercent: s?.progressPercent ?? 0, completedAt: s?.completedAt ?? null };
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
      groupName: a.groupId ? (group(a.groupId)?.name ?? null) : null,
      assignedById: a.assignedById,
      assignedByName: by?.name ?? 'Former member',
      assignedAt: a.assignedAt,
      dueDate: a.dueDate,
      totalAssignees: rows.length,
      completedCount: completed,
      completionPercent: pct(completed, rows.length),
      completionCriteria: a.criteria,
      rules: a.rules,
      assignedUsers: rows,
    };
  }
  function findAssignment(check: Check, id: string | undefined) {
    if (id === undefined) return undefined;
    const a = ws.assignments.find((x) => x.id === id);
    if (!a) check.fail('assignmentId', `no assignment with id ${id}`);
    return a;
  }
  function findQuiz(refId: string) {
    for (const c of ws.courses)
      for (const u of c.units)
        for (const t of u.topics)
          for (const a of t.activities) if (a.id === refId && a.type === 'quiz') return { course: c, unit: u, topic: t, activity: a };
    return undefined;
  }
  function findTest(refId: string) {
    for (const c of ws.courses) for (const u of c.units) if (u.test?.id === refId) return { course: c, unit: u, test: u.test };
    return undefined;
  }
  function findUnit(unitId: string) {
    for (const c of ws.courses) for (const u of c.units) if (u.id === unitId) return { course: c, unit: u };
    return undefined;
  }

  const handlers: Record<string, { write: boolean; run: (b: Body, check: Check) => unknown }> = {
    'analytics/monthly-overview': {
      write: false,
      run: (b, check) => {
        const extra = Object.keys(b).filter((k) => k !== 'month');
        for (const k of extra) check.fail(k, 'is not allowed');
        const current = nyMonth(new Date(ctx.now()));
        let month = current;
        if (b['month'] !== undefined) {
          if (typeof b['month'] !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(b['month'])) check.fail('month', 'must match YYYY-MM');
          else if (b['month'] < '2000-01' || b['month'] > current) check.fail('month', `must be between 2000-01 and ${current}`);
          else month = b['month'];
        }
        check.done();
        const inMonth = (d: string | null) => !!d && nyMonth(new Date(d)) === month;
        const started = ws.courses.filter((c) => inMonth(c.createdAt));
        const published = ws.courses.filter((c) => inMonth(c.publishedAt));
        const pairs = ws.users.flatMap((u) => ws.courses.map((c) => courseState(u.id, c, criteriaFor(u.id, c.id))).map((s) => ({ u, s })));
        const startedPairs = pairs.filter((p) => inMonth(p.s.startedAt));
        const completedPairs = pairs.filter((p) => inMonth(p.s.completedAt));
        return {
          month,
          currentMonth: current,
          timezone: NY,
          creation: {
            activeCreators: new Set([...started, ...published].map((c) => c.createdById)).size,
            coursesStarted: started.length,
            coursesCompleted: published.length,
            courseTypes: (['COURSE', 'ASSESSMENT', 'ATOM'] as const).map((type) => ({
              type,
              started: started.filter((c) => c.type === type).length,
              completed: published.filter((c) => c.type === type).length,
            })),
          },
          learning: {
            startingLearners: new Set(startedPairs.map((p) => p.u.id)).size,
            completingLearners: new Set(completedPairs.map((p) => p.u.id)).size,
            coursesStarted: startedPairs.length,
            coursesCompleted: completedPairs.length,
          },
        };
      },
    },
    'analytics/hero': {
      write: false,
      run: () => {
        const durations: number[] = [];
        let completions = 0;
        for (const c of ws.courses)
          for (const id of enrolled(c)) {
            const s = courseState(id, c, criteriaFor(id, c.id));
            if (!s.complete) continue;
            completions++;
            if (s.startedAt && s.completedAt) durations.push((Date.parse(s.completedAt) - Date.parse(s.startedAt)) / 1000);
          }
        return {
          scopeType: 'WORKSPACE',
          totalStudents: ws.users.filter((u) => u.role === 'MEMBER').length,
          totalInstructors: ws.users.filter((u) => u.role === 'INSTRUCTOR').length,
          totalAdmins: ws.users.filter((u) => u.role === 'ADMIN').length,
          totalCourses: ws.courses.length,
          courseCompletions: completions,
          pendingInvites: ws.pendingInvites.length,
          avgTimeToCompleteSeconds: durations.length ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) : null,
        };
      },
    },
    'analytics/courses': {
      write: false,
      run: (_b, check) => {
        const limit = check.limit();
        check.done();
        const rows = ws.courses.map((c) => {
          const ids = enrolled(c);
          const completed = ids.filter((id) => courseState(id, c, criteriaFor(id, c.id)).complete).length;
          return { courseId: c.id, title: c.title, enrolled: ids.length, completed, completionPercent: pct(completed, ids.length) };
        });
        return { courses: take(rows, limit) };
      },
    },
    'analytics/students': {
      write: false,
      run: (_b, check) => {
        const limit = check.limit();
        check.done();
        return { students: take(students().map(studentRow), limit) };
      },
    },
    'analytics/needs-attention': {
      write: false,
      run: (_b, check) => {
        const limit = check.limit();
        check.done();
        return { students: take(students().map(studentRow).filter((r) => r.coursesAssigned > 0 && r.coursesCompleted === 0), limit) };
      },
    },
    'analytics/top-performers': {
      write: false,
      run: (_b, check) => {
        const limit = check.limit();
        check.done();
        const ranked = students()
          .map(studentRow)
          .filter((r) => r.coursesAssigned > 0)
          .map((r) => ({ ...r, completionRatio: Math.round((r.coursesCompleted / r.coursesAssigned) * 100) / 100 }))
          .sort((a, b) => b.completionRatio - a.completionRatio || b.coursesCompleted - a.coursesCompleted || a.user.name.localeCompare(b.user.name))
          .map((r, i) => ({ rank: i + 1, ...r }));
        return { students: take(ranked, limit) };
      },
    },
    'groups/member-add': {
      write: true,
      run: (b, check) => {
        const g = needGroup(check, 'groupId', check.str('groupId', true));
        const u = needUser(check, 'userId', check.str('userId', true));
        const key = check.oneOf('systemKey', ['ADMIN', 'INSTRUCTOR', 'MEMBER'] as const, false) ?? 'MEMBER';
        if (g && u && ws.memberships.some((m) => m.groupId === g.id && m.userId === u.id)) check.fail('userId', 'is already a member of this group');
        if (g?.isArchived) check.fail('groupId', 'group is archived');
        check.done();
        const now = iso();
        const m: MembershipRec = { groupId: g!.id, userId: u!.id, systemKey: key, status: 'ACTIVE', joinedAt: now, enrolledAt: now };
        ws.memberships.push(m);
        return { membership: membershipView(m) };
      },
    },
    'groups/member-set-status': {
      write: true,
      run: (b, check) => {
        const g = needGroup(check, 'groupId', check.str('groupId', true));
        const u = needUser(check, 'userId', check.str('userId', true));
        const status = check.oneOf('status', ['ACTIVE', 'INACTIVE'] as const, true);
        const m = g && u ? ws.memberships.find((x) => x.groupId === g.id && x.userId === u.id) : undefined;
        if (g && u && !m) check.fail('userId', 'is not a member of this group');
        check.done();
        m!.status = status!;
        if (status === 'ACTIVE') m!.joinedAt ??= iso();
        return { membership: { status: m!.status } };
      },
    },
    'groups/delete': {
      write: true,
      run: (b, check) => {
        const g = needGroup(check, 'groupId', check.str('groupId', true));
        check.done();
        const gone = new Set(descendants(g!.id));
        ws.groups = ws.groups.filter((x) => !gone.has(x.id));
        ws.memberships = ws.memberships.filter((m) => !gone.has(m.groupId));
        for (const s of ws.explore.sections) {
          s.visibleToGroupIds = s.visibleToGroupIds.filter((id) => !gone.has(id));
          s.hiddenFromGroupIds = s.hiddenFromGroupIds.filter((id) => !gone.has(id));
        }
        return { deleted: true };
      },
    },
    'groups/list': {
      write: false,
      run: (b, check) => {
        const parentId = b['parentId'];
        if (parentId !== undefined && parentId !== null && (typeof parentId !== 'string' || !group(parentId))) check.fail('parentId', 'must be the id of an existing group or null');
        const deep = check.bool('includeDescendants', false) ?? false;
        check.done();
        let list: GroupRec[];
        if (typeof parentId === 'string') {
          list = deep ? descendants(parentId).slice(1).map((id) => group(id)!) : ws.groups.filter((g) => g.parentId === parentId);
        } else {
          list = deep ? ws.groups : ws.groups.filter((g) => g.parentId === null);
        }
        return { groups: list.map(groupView) };
      },
    },
    'members/remove': {
      write: true,
      run: (b, check) => {
        const u = needUser(check, 'userId', check.str('userId', true));
        if (u?.role === 'ADMIN' && ws.users.filter((x) => x.role === 'ADMIN').length === 1) check.fail('userId', 'is the last admin and cannot be removed');
        check.done();
        ws.users = ws.users.filter((x) => x.id !== u!.id);
        ws.memberships = ws.memberships.filter((m) => m.userId !== u!.id);
        return { removed: true };
      },
    },
    'members/set-tags': {
      write: true,
      run: (b, check) => {
        const u = needUser(check, 'userId', check.str('userId', true));
        const names = check.strings('tags', true, 20);
        if (names?.some((n) => n.trim() === '')) check.fail('tags', 'tag names must not be empty');
        check.done();
        const palette = ['#0ea5e9', '#a855f7', '#ef4444', '#22c55e', '#eab308'];
        const tags: TagRec[] = [];
        for (const name of names!) {
          let t = ws.tags.find((x) => x.name.toLowerCase() === name.trim().toLowerCase());
          if (!t) {
            t = { id: `tag_${ws.tags.length + 1}_${name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_')}`, name: name.trim(), color: palette[ws.tags.length % palette.length]! };
            ws.tags.push(t);
          }
          if (!tags.includes(t)) tags.push(t);
        }
        u!.tagIds = tags.map((t) => t.id);
        return { userId: u!.id, tags };
      },
    },
    'assignments/get': {
      write: false,
      run: (b, check) => {
        const a = findAssignment(check, check.str('assignmentId', true));
        check.done();
        return { assignment: assignmentView(a!) };
      },
    },
    'assignments/for-user': {
      write: false,
      run: (b, check) => {
        const u = needUser(check, 'userId', check.str('userId', true));
        check.done();
        const now = ctx.now();
        const list = ws.assignments
          .filter((a) => assignees(a).includes(u!.id))
          .map((a) => {
            const c = course(a.courseId);
            const s = c ? courseState(u!.id, c, a.criteria) : null;
            const g = a.groupId ? group(a.groupId) : undefined;
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
        return { user: userRef(u!), assignments: list };
      },
    },
    'assignments/remove': {
      write: true,
      run: (b, check) => {
        const a = findAssignment(check, check.str('assignmentId', true));
        check.done();
        ws.assignments = ws.assignments.filter((x) => x !== a);
        return { removed: true };
      },
    },
    'explore/set-audience': {
      write: true,
      run: (b, check) => {
        const id = check.str('sectionId', true);
        const section = id ? ws.explore.sections.find((s) => s.id === id) : undefined;
        if (id && !section) check.fail('sectionId', `no explore section with id ${id}`);
        const visible = check.strings('visibleToGroupIds', false);
        const hidden = check.strings('hiddenFromGroupIds', false);
        for (const [field, ids] of [['visibleToGroupIds', visible], ['hiddenFromGroupIds', hidden]] as const)
          for (const gid of ids ?? []) if (!group(gid)) check.fail(field, `no group with id ${gid}`);
        check.done();
        if (visible) section!.visibleToGroupIds = [...new Set(visible)];
        if (hidden) section!.hiddenFromGroupIds = [...new Set(hidden)];
        return { ...section! };
      },
    },
    'explore/toggle': {
      write: true,
      run: (b, check) => {
        const enabled = check.bool('exploreEnabled', true);
        check.done();
        ws.explore.enabled = enabled!;
        return { exploreEnabled: ws.explore.enabled };
      },
    },
    'learning/student-units': {
      write: false,
      run: (b, check) => {
        const u = needUser(check, 'userId', check.str('userId', true));
        const c = needCourse(check, 'courseId', check.str('courseId', true));
        const groupId = needGroup(check, 'groupId', check.str('groupId', false))?.id;
        check.done();
        const criteria = criteriaFor(u!.id, c!.id);
        const crit = criteria ?? defaultCriteria;
        const s = courseState(u!.id, c!, criteria);
        const team = cohort(c!, groupId).filter((id) => id !== u!.id);
        const quizPercents = (userId: string, ids: string[]) =>
          ws.attempts.filter((a) => a.userId === userId && a.isCompleted && ids.includes(a.refId)).map((a) => scorePercent(a.answers, a.refId));
        const allScores: number[] = [];
        const modules = c!.units.map((unit) => {
          const acts = unit.topics.flatMap((t) => t.activities);
          const actIds = new Set(acts.map((a) => a.id));
          const doneN = acts.filter((a) => s.done.has(a.id)).length;
          const quizIds = acts.filter((a) => a.type === 'quiz').map((a) => a.id);
          const mine = quizPercents(u!.id, quizIds);
          allScores.push(...mine);
          const teamTimes = team.map((id) => sumTime(id, actIds)).filter((t): t is number => t !== null);
          const best = unit.test ? bestTest(u!.id, unit.test.id) : null;
          if (best !== null) allScores.push(best);
          const minScore = unit.test ? (crit.testMinScore ?? unit.test.minScore) : null;
          const testSatisfied = !unit.test || !crit.testRequired || (best ?? -1) >= (minScore ?? 0);
          const projects = unit.projects.map((p) => {
            const done = ws.projectAttempts.some((x) => x.userId === u!.id && x.projectId === p.id && x.completedAt);
            const required = p.required && crit.projectsRequired;
            return { id: p.id, title: p.title, required, completed: done, satisfied: done || !required };
          });
          const unitComplete = doneN === acts.length && testSatisfied && projects.every((p) => p.satisfied);
          return {
            id: unit.id,
            title: unit.title,
            progress: acts.length ? Math.round((100 * doneN) / acts.length) : 0,
            quizScore: avg(mine),
            teamAvg: avg(teamTimes),
            status: unitComplete ? 'complete' : doneN > 0 ? 'active' : 'not-started',
            timeSeconds: sumTime(u!.id, actIds),
            unitComplete,
            topics: unit.topics.map((t, i) => {
              const n = t.activities.filter((a) => s.done.has(a.id)).length;
              const required = crit.activitiesPerTopic === 'ALL' ? t.activities.length : Math.min(crit.activitiesPerTopic, t.activities.length);
              return {
                id: t.id,
                title: t.title,
                orderIndex: i,
                completedCount: n,
                requiredCount: required,
                totalActivities: t.activities.length,
                completed: n >= required,
                timeSeconds: sumTime(u!.id, new Set(t.activities.map((a) => a.id))),
                activities: t.activities.map((a) => ({
                  id: a.id,
                  title: a.title,
                  type: a.type,
                  completed: s.done.has(a.id),
                  timeSeconds: ws.progress.find((p) => p.userId === u!.id && p.activityId === a.id)?.timeSeconds ?? null,
                })),
              };
            }),
            test: unit.test
              ? { id: unit.test.id, required: crit.testRequired, taken: best !== null, scorePercent: best, minScore, satisfied: testSatisfied }
              : null,
            projects,
          };
        });
        const unitsCompleted = modules.filter((m) => m.unitComplete).length;
        return {
          userId: u!.id,
          courseId: c!.id,
          overallProgress: s.progressPercent,
          overallScore: avg(allScores),
          overallStatus: s.complete ? 'complete' : s.done.size > 0 ? 'active' : 'not-started',
          unitsCompleted,
          totalUnits: modules.length,
          criteriaLabel: criteria
            ? [
                criteria.activitiesPerTopic === 'ALL' ? 'All activities' : `${criteria.activitiesPerTopic} activities per topic`,
                criteria.testRequired ? `unit tests${criteria.testMinScore !== null ? ` ≥ ${criteria.testMinScore}%` : ''}` : null,
                criteria.projectsRequired ? 'required projects' : null,
              ]
                .filter(Boolean)
                .join(', ')
            : null,
          modules,
        };
      },
    },
    'learning/question-stats': {
      write: false,
      run: (b, check) => {
        const kind = check.oneOf('kind', ['test', 'quiz'] as const, true);
        const refId = check.str('refId', true);
        const groupId = needGroup(check, 'groupId', check.str('groupId', false))?.id;
        const quiz = kind === 'quiz' && refId ? findQuiz(refId) : undefined;
        const test = kind === 'test' && refId ? findTest(refId) : undefined;
        if (kind && refId && !quiz && !test) check.fail('refId', `no ${kind} with id ${refId}`);
        check.done();
        const c = (quiz ?? test)!.course;
        const team = new Set(cohort(c, groupId));
        const questions = quiz ? quiz.activity.questions : test!.test.questions;
        const atts = ws.attempts.filter((a) => a.refId === refId && a.isCompleted && team.has(a.userId));
        const rows = questions.map((q, i) => {
          const answered = atts.filter((a) => a.answers[q.id] !== undefined);
          const wrong = answered.filter((a) => a.answers[q.id] !== q.correct);
          const counts = new Map<string, number>();
          for (const a of wrong) counts.set(a.answers[q.id]!, (counts.get(a.answers[q.id]!) ?? 0) + 1);
          const top = [...counts.entries()].sort((x, y) => y[1] - x[1])[0];
          return {
            questionId: q.id,
            order: i + 1,
            type: q.type,
            question: q.question,
            answeredCount: answered.length,
            correctCount: answered.length - wrong.length,
            wrongCount: wrong.length,
            wrongRatePercent: answered.length ? pct(wrong.length, answered.length) : null,
            topWrongAnswer: top?.[0] ?? null,
            topWrongAnswerCount: top?.[1] ?? 0,
          };
        });
        rows.sort((x, y) => (y.wrongRatePercent ?? -1) - (x.wrongRatePercent ?? -1) || x.order - y.order);
        return {
          kind,
          refId,
          title: quiz ? quiz.activity.title : test!.test.title,
          courseId: c.id,
          unitId: (quiz ?? test)!.unit.id,
          topicId: quiz ? quiz.topic.id : null,
          totalMembers: team.size,
          completedAttempts: atts.length,
          avgElapsedSeconds: avg(atts.map((a) => a.elapsedSeconds)),
          avgScorePercent: avg(atts.map((a) => scorePercent(a.answers, refId!))),
          questions: rows,
        };
      },
    },
    'learning/unit-topics': {
      write: false,
      run: (b, check) => {
        const unitId = check.str('unitId', true);
        const found = unitId ? findUnit(unitId) : undefined;
        if (unitId && !found) check.fail('unitId', `no unit with id ${unitId}`);
        const groupId = needGroup(check, 'groupId', check.str('groupId', false))?.id;
        check.done();
        const { course: c, unit } = found!;
        const team = cohort(c, groupId);
        return {
          unitId: unit.id,
          courseId: c.id,
          totalMembers: team.length,
          topics: unit.topics.map((t, i) => {
            const ids = new Set(t.activities.map((a) => a.id));
            const quizIds = t.activities.filter((a) => a.type === 'quiz').map((a) => a.id);
            const scores = ws.attempts.filter((a) => team.includes(a.userId) && a.isCompleted && quizIds.includes(a.refId)).map((a) => scorePercent(a.answers, a.refId));
            const completedBy = team.filter((id) => t.activities.every((a) => ws.progress.some((p) => p.userId === id && p.activityId === a.id))).length;
            const times = team.map((id) => sumTime(id, ids)).filter((x): x is number => x !== null);
            return {
              id: t.id,
              title: t.title,
              orderIndex: i,
              avgScore: avg(scores),
              minScore: scores.length ? Math.min(...scores) : null,
              maxScore: scores.length ? Math.max(...scores) : null,
              completion: pct(completedBy, team.length),
              avgTimeSeconds: avg(times),
            };
          }),
          projects: unit.projects.map((p) => {
            const completed = team.filter((id) => ws.projectAttempts.some((x) => x.userId === id && x.projectId === p.id && x.completedAt)).length;
            const required = p.required ? team.length : 0;
            return { id: p.id, title: p.title, type: p.type, completion: required ? pct(completed, required) : null, requiredMembers: required, totalMembers: team.length };
          }),
        };
      },
    },
    'learning/project-scenarios': {
      write: false,
      run: (b, check) => {
        const c = needCourse(check, 'courseId', check.str('courseId', true));
        const unitId = check.str('unitId', false);
        if (c && unitId && !c.units.some((u) => u.id === unitId)) check.fail('unitId', `no unit ${unitId} in course ${c.id}`);
        const groupId = needGroup(check, 'groupId', check.str('groupId', false))?.id;
        check.done();
        const team = cohort(c!, groupId);
        const projects = c!.units
          .filter((u) => !unitId || u.id === unitId)
          .flatMap((u) =>
            u.projects.map((p) => {
              const rows = ws.projectAttempts.filter((x) => x.projectId === p.id && team.includes(x.userId));
              const completed = rows.filter((x) => x.completedAt).length;
              return {
                projectId: p.id,
                title: p.title,
                type: p.type,
                unitId: u.id,
                unitTitle: u.title,
                startedPercent: pct(rows.length, team.length),
                completionPercent: pct(completed, team.length),
                avgAttempts: avg(rows.map((x) => x.attempts)),
                avgBestScorePercent: avg(rows.map((x) => x.bestScore)),
                startedCount: rows.length,
                completedCount: completed,
              };
            }),
          );
        return { courseId: c!.id, totalMembers: team.length, projects };
      },
    },
    'performance/quiz': {
      write: false,
      run: (b, check) => {
        const activityId = check.str('activityId', true);
        const found = activityId ? findQuiz(activityId) : undefined;
        if (activityId && !found) check.fail('activityId', `no quiz activity with id ${activityId}`);
        check.done();
        const { course: c, unit, topic, activity } = found!;
        const attempts = ws.attempts
          .filter((a) => a.refId === activity.id && user(a.userId))
          .map((a) => {
            const u = user(a.userId)!;
            const right = activity.questions.filter((q) => a.answers[q.id] === q.correct).length;
            return {
              user: { id: u.id, name: u.name, email: u.email },
              score: a.isCompleted ? right : null,
              totalQuestions: activity.questions.length,
              percent: a.isCompleted ? scorePercent(a.answers, activity.id) : null,
              elapsedSeconds: a.elapsedSeconds,
              isCompleted: a.isCompleted,
              updatedAt: a.updatedAt,
            };
          });
        const done = attempts.filter((a) => a.isCompleted);
        const bucket = (lo: number, hi: number) => done.filter((a) => (a.percent ?? 0) >= lo && (a.percent ?? 0) <= hi).length;
        return {
          activity: { id: activity.id, topicId: topic.id, topicTitle: topic.title, unitId: unit.id, unitTitle: unit.title, courseId: c.id },
          attempts,
          completedAttempts: done.length,
          avgScore: avg(done.map((a) => a.score ?? 0)),
          avgPercent: avg(done.map((a) => a.percent ?? 0)),
          distribution: { '0-24': bucket(0, 24), '25-49': bucket(25, 49), '50-74': bucket(50, 74), '75-100': bucket(75, 100) },
        };
      },
    },
    'courses/structure': {
      write: false,
      run: (b, check) => {
        const c = needCourse(check, 'courseId', check.str('courseId', true));
        check.done();
        const edit = (path: string) => (c!.canEdit ? `https://app.northwind.example/courses/${c!.id}/edit/${path}` : null);
        const units = c!.units.map((u, i) => ({
          id: u.id,
          title: u.title,
          description: u.description,
          orderIndex: i,
          contentOrder: [
            ...u.topics.map((t) => ({ type: 'topic', id: t.id })),
            ...u.projects.map((p) => ({ type: 'project', id: p.id })),
            ...(u.test ? [{ type: 'test', id: u.test.id }] : []),
          ],
          topics: u.topics.map((t, j) => ({
            id: t.id,
            title: t.title,
            description: t.description,
            orderIndex: j,
            learningGoalCount: t.learningGoalCount,
            activityTypes: [...new Set(t.activities.map((a) => a.type))],
            editUrl: edit(`topics/${t.id}`),
          })),
          projects: u.projects.map((p, j) => ({ id: p.id, title: p.title, type: p.type, orderIndex: j, editUrl: edit(`projects/${p.id}`) })),
          test: u.test ? { id: u.test.id, title: u.test.title, questionCount: u.test.questions.length, editUrl: edit(`tests/${u.test.id}`) } : null,
        }));
        return {
          courseId: c!.id,
          courseTitle: c!.title,
          canEdit: c!.canEdit,
          readOnlyNote: c!.canEdit ? null : 'This course is published from a template and can only be edited in the template library.',
          unitCount: units.length,
          topicCount: units.reduce((n, u) => n + u.topics.length, 0),
          projectCount: units.reduce((n, u) => n + u.projects.length, 0),
          unitTestCount: units.filter((u) => u.test).length,
          units,
        };
      },
    },
    'radar/alerts-list': {
      write: false,
      run: (b, check) => {
        const status = check.oneOf('status', ['new', 'dismissed', 'actioned', 'partially_actioned', 'all'] as const, false) ?? 'all';
        const limit = check.limit();
        check.done();
        const list = ws.alerts.filter((a) => status === 'all' || a.status === status).sort((x, y) => y.detectedAt.localeCompare(x.detectedAt));
        return { alerts: take(list, limit) };
      },
    },
  };

  return handlers;
}

export type ConnectorHandlers = ReturnType<typeof createConnector>;
export { Check };
