// What the sandbox's Connector commands compute from the workspace records: lookups, course completion
// under assignment criteria, and the views the API document shows. The handlers (one module per domain)
// are thin over it.
import type {
  Activity,
  ActivityProgress,
  AssignmentRec,
  Attempt,
  Course,
  Criteria,
  GroupRec,
  MembershipRec,
  ProjectAttempt,
  Question,
  SystemKey,
  User,
  Workspace,
} from '../seed.js';
import { CommandError, type Body, type Check } from './check.js';

export const NY = 'America/New_York';
// One formatter: making one per date costs more than the rest of a monthly overview over thousands of learners.
const nyMonthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: NY, year: 'numeric', month: '2-digit' });
export function nyMonth(d: Date): string {
  const parts = nyMonthFormat.formatToParts(d);
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

const roleNames: Record<SystemKey, [string, string]> = {
  ADMIN: ['Admin', '#dc2626'],
  INSTRUCTOR: ['Instructor', '#7c3aed'],
  MEMBER: ['Member', '#64748b'],
};

/**
 * How the workspace treats `limit`, which the API document leaves unstated: with none, a list stops at
 * `defaultRows` and says nothing (as the real one does); above `max` it is refused with `status` and a
 * VALIDATION_ERROR naming the field. Read on each command, so a test sandbox can change it between two.
 */
export interface ListLimits {
  defaultRows: number;
  max: number;
  status: number;
  /** The most rows a list answers whatever its `limit`, without a word (a workspace's own cap): none unless a test sets one. */
  silentMax: number;
}

export const LIST_LIMITS: Readonly<ListLimits> = { defaultRows: 50, max: 100_000, status: 400, silentMax: Infinity };

export interface CommandContext {
  ws: Workspace;
  now: () => number;
  /** Unset, LIST_LIMITS. */
  limits?: ListLimits;
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

/** Names in the order people expect; one collator, as `localeCompare` makes one per call. */
export const byName = new Intl.Collator().compare;

/**
 * Sorts in place by name, in the collator's order and stable, as `sort` with `byName` would: each distinct
 * name is compared once (thousands of learners share a few thousand names), then the rows by rank.
 */
export function sortByName<T>(items: T[], name: (item: T) => string): T[] {
  const distinct = [...new Set(items.map(name))].sort(byName);
  const rank = new Map<string, number>();
  let r = 0;
  distinct.forEach((n, i) => {
    if (i > 0 && byName(distinct[i - 1]!, n) !== 0) r++;
    rank.set(n, r);
  });
  return items.sort((a, b) => rank.get(name(a))! - rank.get(name(b))!);
}

/**
 * The lookups that outlive a command, per workspace: kept while the records they were made from are the same
 * array of the same length. Commands add records by pushing and remove them by making a new array, and none
 * edits the ids these lookups are keyed by, so a kept one is the one a command would make again.
 */
const lasting = new WeakMap<Workspace, Map<string, { from: unknown[]; value: unknown }>>();

/**
 * Lookups over the records, made on first use: the per-command ones (`memo`: audiences, course states, which
 * read fields commands edit, such as a membership's status) are dropped before each command (`Model.fresh`);
 * those keyed by ids are kept while their records stand (`lasting`). A command over thousands of learners
 * looks each one up in constant time. Lists keep the records' own order, so every answer is the one a scan
 * would give.
 */
class Indexes {
  private readonly made = new Map<string, unknown>();
  constructor(private readonly ws: Workspace) {}
  private once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as T;
  }
  /** Checked once per command, then looked up like the others. */
  private kept<T>(key: string, records: unknown[][], make: () => T): T {
    return this.once(key, () => this.keptNow(key, records, make));
  }
  private keptNow<T>(key: string, records: unknown[][], make: () => T): T {
    const store = lasting.get(this.ws) ?? lasting.set(this.ws, new Map()).get(this.ws)!;
    const from = records.flatMap((r) => [r, r.length]);
    const hit = store.get(key);
    if (hit && hit.from.length === from.length && hit.from.every((x, i) => x === from[i])) return hit.value as T;
    const value = make();
    store.set(key, { from, value });
    return value;
  }
  users = () => this.kept('users', [this.ws.users], () => new Map(this.ws.users.map((u) => [u.id, u])));
  groups = () => this.kept('groups', [this.ws.groups], () => new Map(this.ws.groups.map((g) => [g.id, g])));
  children = () => this.kept('children', [this.ws.groups], () => groupBy(this.ws.groups, (g) => g.parentId ?? ''));
  membershipsOfUser = () => this.kept('mu', [this.ws.memberships], () => groupBy(this.ws.memberships, (m) => m.userId));
  /** Each group's memberships with their place in the records, so members of several groups merge in record order. */
  membershipsOfGroup = () =>
    this.kept('mg', [this.ws.memberships], () => {
      const out = new Map<string, [number, MembershipRec][]>();
      this.ws.memberships.forEach((m, i) => pushTo(out, m.groupId, [i, m]));
      return out;
    });
  progressOfUser = () => this.kept('pu', [this.ws.progress], () => groupBy<ActivityProgress>(this.ws.progress, (p) => p.userId));
  attemptsOfUser = () => this.kept('au', [this.ws.attempts], () => groupBy<Attempt>(this.ws.attempts, (a) => a.userId));
  projectAttemptsOfUser = () =>
    this.kept('pau', [this.ws.projectAttempts], () => groupBy<ProjectAttempt>(this.ws.projectAttempts, (a) => a.userId));
  /** Learners with progress in each course, in the order of the progress records. */
  progressLearners = () =>
    this.kept('pl', [this.ws.progress, this.ws.courses], () => {
      const courseOf = new Map<string, string>();
      for (const c of this.ws.courses)
        for (const u of c.units) for (const t of u.topics) for (const a of t.activities) courseOf.set(a.id, c.id);
      const out = new Map<string, Set<string>>();
      for (const p of this.ws.progress) {
        const c = courseOf.get(p.activityId);
        if (c) (out.get(c) ?? out.set(c, new Set()).get(c)!).add(p.userId);
      }
      return out;
    });
  questions = () =>
    this.kept('q', [this.ws.courses], () => {
      const out = new Map<string, Question[]>();
      const add = (id: string, qs: Question[]) => out.has(id) || out.set(id, qs);
      for (const c of this.ws.courses)
        for (const u of c.units) {
          if (u.test) add(u.test.id, u.test.questions);
          for (const t of u.topics) for (const a of t.activities) add(a.id, a.questions);
        }
      return out;
    });
  memo = <K, V>(key: string) => this.once(key, () => new Map<K, V>());
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) pushTo(out, key(item), item);
  return out;
}

export type Handlers = Record<string, { write: boolean; run: (sbx: Model, body: Body, check: Check) => unknown }>;

export class Model {
  readonly ws: Workspace;
  private idx: Indexes;
  constructor(private readonly ctx: CommandContext) {
    this.ws = ctx.ws;
    this.idx = new Indexes(ctx.ws);
  }
  /** Drops the lookups: the next command sees the records as they are then. */
  fresh(): void {
    this.idx = new Indexes(this.ws);
  }
  readonly iso = () => new Date(this.ctx.now()).toISOString();
  readonly now = () => this.ctx.now();

  readonly user = (id: string) => this.idx.users().get(id);
  readonly group = (id: string) => this.idx.groups().get(id);
  readonly course = (id: string) => this.ws.courses.find((c) => c.id === id);
  readonly userRef = (u: User) => ({ id: u.id, name: u.name, email: u.email, avatarUrl: u.avatarUrl });

  readonly descendants = (groupId: string): string[] => {
    const out = [groupId];
    const children = this.idx.children();
    for (let i = 0; i < out.length; i++) for (const g of children.get(out[i]!) ?? []) out.push(g.id);
    return out;
  };
  readonly depth = (g: GroupRec): number => {
    let d = 0;
    for (let p = g.parentId; p; p = this.group(p)?.parentId ?? null) d++;
    return d;
  };
  /** Active learners of a group and the groups under it, in the order of the membership records. */
  readonly groupMembers = (groupId: string): string[] => {
    const memo = this.idx.memo<string, string[]>('groupMembers');
    const known = memo.get(groupId);
    if (known) return known;
    const byGroup = this.idx.membershipsOfGroup();
    const rows = this.descendants(groupId).flatMap((id) => byGroup.get(id) ?? []);
    if (rows.length > 1) rows.sort((x, y) => x[0] - y[0]);
    const ids = new Set<string>();
    for (const [, m] of rows) if (m.status === 'ACTIVE' && m.systemKey === 'MEMBER' && this.user(m.userId)) ids.add(m.userId);
    memo.set(groupId, [...ids]);
    return [...ids];
  };
  readonly assignees = (a: AssignmentRec): string[] => {
    const memo = this.idx.memo<AssignmentRec, string[]>('assignees');
    const known = memo.get(a);
    if (known) return known;
    const ids = this.audience(a);
    memo.set(a, ids);
    return ids;
  };
  private readonly audience = (a: AssignmentRec): string[] => {
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
  readonly activitiesOf = (c: Course): Activity[] => {
    const memo = this.idx.memo<Course, Activity[]>('activities');
    const known = memo.get(c);
    if (known) return known;
    const acts = c.units.flatMap((u) => u.topics.flatMap((t) => t.activities));
    memo.set(c, acts);
    return acts;
  };
  readonly progressOf = (userId: string): ActivityProgress[] => this.idx.progressOfUser().get(userId) ?? [];
  readonly attemptsOf = (userId: string): Attempt[] => this.idx.attemptsOfUser().get(userId) ?? [];
  readonly projectAttemptsOf = (userId: string): ProjectAttempt[] => this.idx.projectAttemptsOfUser().get(userId) ?? [];
  readonly bestTest = (userId: string, testId: string): number | null => {
    const scores = this.attemptsOf(userId)
      .filter((a) => a.refId === testId && a.isCompleted)
      .map((a) => this.scorePercent(a.answers, testId));
    return scores.length ? Math.max(...scores) : null;
  };
  readonly questionsOf = (refId: string): Question[] => this.idx.questions().get(refId) ?? [];
  readonly scorePercent = (answers: Record<string, string>, refId: string): number => {
    const qs = this.questionsOf(refId);
    const right = qs.filter((q) => answers[q.id] === q.correct).length;
    return qs.length ? Math.round((100 * right) / qs.length) : 0;
  };
  /** A learner's state in a course, worked out once per command for the same criteria (analytics ask for it per course and per row). */
  readonly courseState = (userId: string, c: Course, criteria: Criteria | null): CourseState => {
    const memo = this.idx.memo<string, { criteria: Criteria | null; state: CourseState }>('courseState');
    const key = `${userId}\n${c.id}`;
    const known = memo.get(key);
    if (known?.criteria === criteria) return known.state;
    const state = this.computeState(userId, c, criteria);
    if (!known) memo.set(key, { criteria, state });
    return state;
  };
  /** A course's activity, test and project ids, looked up once per command. */
  private readonly shape = (c: Course) => {
    const memo = this.idx.memo<Course, { ids: Set<string>; tests: Set<string>; projects: Set<string> }>('shape');
    const known = memo.get(c);
    if (known) return known;
    const made = {
      ids: new Set(this.activitiesOf(c).map((a) => a.id)),
      tests: new Set(c.units.flatMap((u) => (u.test ? [u.test.id] : []))),
      projects: new Set(c.units.flatMap((u) => u.projects.map((p) => p.id))),
    };
    memo.set(c, made);
    return made;
  };
  private readonly computeState = (userId: string, c: Course, criteria: Criteria | null): CourseState => {
    const crit = criteria ?? defaultCriteria;
    const rows = this.progressOf(userId);
    const acts = this.activitiesOf(c);
    const shape = this.shape(c);
    const byActivity = new Map<string, ActivityProgress>();
    for (const p of rows) if (shape.ids.has(p.activityId)) byActivity.set(p.activityId, p);
    // One pass over the course's activities: what is done, and the first and last day of it.
    const done = new Set<string>();
    let first: string | undefined;
    let last: string | undefined;
    for (const a of acts) {
      const p = byActivity.get(a.id);
      if (!p) continue;
      done.add(a.id);
      if (p.completedAt && (first === undefined || p.completedAt < first)) first = p.completedAt;
      if (p.completedAt && (last === undefined || p.completedAt > last)) last = p.completedAt;
    }
    const topicsOk = c.units.every((u) =>
      u.topics.every((t) => {
        let n = 0;
        for (const a of t.activities) if (done.has(a.id)) n++;
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
          .every((p) => this.projectAttemptsOf(userId).some((x) => x.projectId === p.id && x.completedAt)),
      );
    const complete = acts.length > 0 && topicsOk && testsOk && projectsOk;
    return {
      done,
      total: acts.length,
      progressPercent: acts.length ? Math.round((100 * done.size) / acts.length) : 0,
      complete,
      startedAt: first ?? null,
      completedAt: complete ? this.lastDate(userId, shape, last) : null,
      timeSeconds: rows.filter((p) => done.has(p.activityId)).reduce((s, p) => s + p.timeSeconds, 0),
    };
  };
  /** When a course was completed: the latest of its activities (`last`), its tests and its completed projects. */
  private readonly lastDate = (
    userId: string,
    shape: { tests: Set<string>; projects: Set<string> },
    last: string | undefined,
  ): string | null => {
    let latest = last;
    const later = (d: string) => {
      if (latest === undefined || d > latest) latest = d;
    };
    for (const a of this.attemptsOf(userId)) if (shape.tests.has(a.refId)) later(a.updatedAt);
    for (const a of this.projectAttemptsOf(userId)) if (a.completedAt && shape.projects.has(a.projectId)) later(a.completedAt);
    return latest ?? null;
  };
  /** Courses assigned to a user, each with the criteria of its first assignment. */
  readonly assigned = (userId: string): ReadonlyMap<string, AssignmentRec> => {
    const all = this.idx.memo<string, Map<string, AssignmentRec>>('assigned');
    if (all.size === 0)
      for (const a of this.ws.assignments)
        for (const id of this.assignees(a)) {
          const mine = all.get(id) ?? all.set(id, new Map()).get(id)!;
          if (!mine.has(a.courseId)) mine.set(a.courseId, a);
        }
    return all.get(userId) ?? new Map<string, AssignmentRec>();
  };
  readonly studentRow = (u: User) => {
    const courses = this.assigned(u.id);
    let completed = 0;
    for (const [courseId, a] of courses) {
      const c = this.course(courseId);
      if (c && this.courseState(u.id, c, a.criteria).complete) completed++;
    }
    const groups = (this.idx.membershipsOfUser().get(u.id) ?? []).map((m) => this.group(m.groupId)?.name).filter((n): n is string => !!n);
    return { user: this.userRef(u), joinedAt: u.joinedAt, coursesAssigned: courses.size, coursesCompleted: completed, groups };
  };
  readonly students = () =>
    sortByName(
      this.ws.users.filter((u) => u.role === 'MEMBER'),
      (u) => u.name,
    );
  /** Learners with progress in a course, in the order of the progress records. */
  readonly started = (c: Course): ReadonlySet<string> => this.idx.progressLearners().get(c.id) ?? new Set<string>();
  /** Learners of a course: assigned or with recorded progress. */
  readonly enrolled = (c: Course): string[] => {
    const ids = new Set<string>();
    for (const a of this.ws.assignments) if (a.courseId === c.id) this.assignees(a).forEach((id) => ids.add(id));
    for (const id of this.started(c)) if (this.user(id)) ids.add(id);
    return [...ids];
  };
  readonly criteriaFor = (userId: string, courseId: string) => this.assigned(userId).get(courseId)?.criteria ?? null;
  /** The cohort a statistic is computed over: a group, or everyone enrolled in the course. */
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
      memberCount: this.idx.membershipsOfGroup().get(g.id)?.length ?? 0,
      childCount: this.idx.children().get(g.id)?.length ?? 0,
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
  /** The rows a list command answers: `limit` of them, the workspace's default without one; a `limit` above its maximum is refused. */
  readonly take = <T>(list: T[], limit: number | undefined): T[] => {
    const { defaultRows, max, status, silentMax } = this.ctx.limits ?? LIST_LIMITS;
    if (limit !== undefined && limit > max)
      throw new CommandError(
        status,
        'VALIDATION_ERROR',
        'The request body is invalid.',
        'Correct the fields listed in errors and send the command again.',
        {
          limit: [`must be at most ${max}`],
        },
      );
    return list.slice(0, Math.min(limit ?? defaultRows, silentMax));
  };
  readonly avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  readonly pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
  readonly sumTime = (userId: string, activityIds: Set<string>) => {
    const rows = this.progressOf(userId).filter((p) => activityIds.has(p.activityId));
    return rows.length ? rows.reduce((s, p) => s + p.timeSeconds, 0) : null;
  };
  readonly assignmentView = (a: AssignmentRec) => {
    const c = this.course(a.courseId);
    const by = this.user(a.assignedById);
    const users = sortByName(
      this.assignees(a).map((id) => this.user(id)!),
      (u) => u.name,
    );
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
