// The sandbox at a customer's size (--sandbox-size): the small workspace grown to N learners in teams of
// about 25 under a tree of departments and regions, with the courses, assignments, progress and radar
// alerts that grow with them. Deterministic: one seeded generator of its own, so the small workspace's
// records (and every answer about them) stay as they are.
import {
  DAY,
  learnCourse,
  prng,
  q,
  seedWorkspace,
  topic,
  type AlertRec,
  type AssignmentRec,
  type Course,
  type GroupRec,
  type Iso,
  type LearningRecords,
  type MembershipRec,
  type Unit,
  type User,
  type Workspace,
} from './seed.js';

/** Learners of the small workspace; a size below it keeps the first of them. */
const SMALL_LEARNERS = 9;
export const MAX_SANDBOX_SIZE = 100_000;
const TEAM_SIZE = 25;

/** The small workspace (no size), or one of `learners` learners grown from it. */
export function sizedWorkspace(now: number, learners?: number): Workspace {
  const ws = seedWorkspace(now);
  if (learners === undefined) return ws;
  if (!Number.isInteger(learners) || learners < 1 || learners > MAX_SANDBOX_SIZE)
    throw new RangeError(`A sandbox holds 1 to ${MAX_SANDBOX_SIZE} learners, not ${learners}.`);
  if (learners < SMALL_LEARNERS) shrink(ws, learners);
  else if (learners > SMALL_LEARNERS) grow(ws, learners - SMALL_LEARNERS, now);
  return ws;
}

/** Keeps the first `learners` learners of the small workspace, and only the records of the people left. */
function shrink(ws: Workspace, learners: number): void {
  const keep = new Set(
    ws.users
      .filter((u) => u.role === 'MEMBER')
      .slice(0, learners)
      .map((u) => u.id),
  );
  const stays = (id: string) => keep.has(id) || ws.users.some((u) => u.id === id && u.role !== 'MEMBER');
  ws.users = ws.users.filter((u) => stays(u.id));
  ws.memberships = ws.memberships.filter((m) => stays(m.userId));
  ws.progress = ws.progress.filter((p) => stays(p.userId));
  ws.attempts = ws.attempts.filter((a) => stays(a.userId));
  ws.projectAttempts = ws.projectAttempts.filter((a) => stays(a.userId));
}

/** A department: its share of the teams, the regions its teams sit under, the course it assigns its people. */
interface Department {
  id: string;
  name: string;
  share: number;
  /** Existing or new groups directly under the department; teams are spread over them. */
  regions: [string, string][];
  courseId: string | null;
}

// prettier-ignore
const DEPARTMENTS: Department[] = [
  { id: 'g_sales', name: 'Sales', share: 0.34, regions: [['g_sales_emea', 'Sales EMEA'], ['g_sales_na', 'Sales North America'], ['g_sales_apac', 'Sales APAC'], ['g_sales_latam', 'Sales LATAM']], courseId: 'c_sales_onboarding' },
  { id: 'g_eng', name: 'Engineering', share: 0.24, regions: [['g_eng_platform', 'Platform Team'], ['g_eng_product', 'Product Engineering'], ['g_eng_data', 'Data']], courseId: 'c_eng_practices' },
  { id: 'g_cs', name: 'Customer Success', share: 0.18, regions: [['g_cs_emea', 'Customer Success EMEA'], ['g_cs_americas', 'Customer Success Americas']], courseId: 'c_cs_fundamentals' },
  { id: 'g_ops', name: 'Operations', share: 0.12, regions: [], courseId: 'c_ops_safety' },
  { id: 'g_marketing', name: 'Marketing', share: 0.07, regions: [], courseId: null },
  { id: 'g_finance', name: 'Finance and People', share: 0.05, regions: [], courseId: null },
];

// prettier-ignore
const FIRST = ['Aiko', 'Alex', 'Amir', 'Ana', 'Anders', 'Ben', 'Bianca', 'Carlos', 'Chen', 'Chloe', 'Dana', 'David', 'Deepa', 'Diego', 'Emma', 'Erik', 'Fatima', 'Felix', 'Hana', 'Hugo', 'Ines', 'Isaac', 'Ivan', 'Jade', 'James', 'Jin', 'Julia', 'Kai', 'Kofi', 'Laila', 'Leo', 'Lina', 'Luca', 'Mara', 'Mateo', 'Mei', 'Mia', 'Nadia', 'Noah', 'Olga', 'Oscar', 'Paula', 'Ravi', 'Rosa', 'Sam', 'Sara', 'Seo-yeon', 'Tariq', 'Tess', 'Uma', 'Victor', 'Wei', 'Yara', 'Yusuf', 'Zoe', 'Zoltan'];
// prettier-ignore
const LAST = ['Adeyemi', 'Andersson', 'Bauer', 'Brown', 'Castro', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Fernandes', 'Gupta', 'Hansen', 'Hoffmann', 'Ito', 'Jensen', 'Kim', 'Kowalski', 'Kumar', 'Lambert', 'Larsen', 'Lopez', 'Martin', 'Moreau', 'Müller', 'Nakamura', 'Nielsen', 'Novak', 'Okoye', 'Olsen', 'Park', 'Patel', 'Perez', 'Quinn', 'Rossi', 'Sato', 'Schmidt', 'Silva', 'Singh', 'Smith', 'Tanaka', 'Torres', 'Van Dijk', 'Wagner', 'Walsh', 'Wong', 'Yilmaz', 'Zhang', 'Zielinski'];

interface Team {
  group: GroupRec;
  department: Department;
}

interface Grown {
  rand: () => number;
  iso: Iso;
  now: number;
  ws: Workspace;
}

function grow(ws: Workspace, extra: number, now: number): void {
  // Records are dated in whole days: each day's text made once, not once per record.
  const days = new Map<number, string>();
  const iso: Iso = (daysAgo) => days.get(daysAgo) ?? days.set(daysAgo, new Date(now - daysAgo * DAY).toISOString()).get(daysAgo)!;
  const g: Grown = { rand: prng(47_2026), iso, now, ws };
  const teams = growGroups(g, Math.max(1, Math.round((extra + SMALL_LEARNERS) / TEAM_SIZE)));
  const courses = growCourses(g.iso, extra + SMALL_LEARNERS);
  ws.courses.push(...courses);
  const people = growPeople(g, extra, teams);
  growAssignments(g, teams);
  growLearning(g, people, courses);
  ws.alerts.push(...growAlerts(g, teams));
  for (let i = 0; i < Math.round(extra / 200); i++) ws.pendingInvites.push(`invitee${i + 1}@northwind.example`);
}

/** Departments, their regions and the teams under them: a tree three levels deep. */
function growGroups(g: Grown, count: number): Team[] {
  const { ws } = g;
  const have = new Set(ws.groups.map((x) => x.id));
  const group = (id: string, name: string, parentId: string | null, tags: string[]): GroupRec => {
    const rec: GroupRec = { id, name, description: null, parentId, tags, leadInstructorId: null, isArchived: false };
    if (!have.has(id)) {
      ws.groups.push(rec);
      have.add(id);
    }
    return ws.groups.find((x) => x.id === id) ?? rec;
  };
  const teams: Team[] = [];
  let made = 0;
  DEPARTMENTS.forEach((d, di) => {
    group(d.id, d.name, null, []);
    for (const [id, name] of d.regions) group(id, name, d.id, []);
    const share = di === DEPARTMENTS.length - 1 ? count - made : Math.max(1, Math.round(count * d.share));
    const n = Math.max(0, Math.min(share, count - made));
    for (let k = 0; k < n; k++) {
      const [parentId, parentName] = d.regions[k % Math.max(1, d.regions.length)] ?? [d.id, d.name];
      const id = `g_${d.id.slice(2)}_t${k + 1}`;
      const tags = parentName.includes('EMEA') ? ['emea'] : [];
      teams.push({
        group: group(id, `${parentName} · Team ${Math.floor(k / Math.max(1, d.regions.length)) + 1}`, parentId, tags),
        department: d,
      });
    }
    made += n;
  });
  return teams;
}

/** Generated learners (and an instructor per eight teams): each in a team, some in two, recent joiners in New Hires. */
function growPeople(g: Grown, extra: number, teams: Team[]): { user: User; team: Team }[] {
  const { ws, rand, iso } = g;
  const emails = new Map<string, number>();
  const person = (i: number, role: User['role'], prefix: string): User => {
    const first = FIRST[Math.floor(rand() * FIRST.length)]!;
    const last = LAST[Math.floor(rand() * LAST.length)]!;
    const handle = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const seen = (emails.get(handle) ?? 0) + 1;
    emails.set(handle, seen);
    return {
      id: `${prefix}${String(i + 1).padStart(6, '0')}`,
      name: `${first} ${last}`,
      email: `${handle}${seen > 1 ? seen : ''}@northwind.example`,
      avatarUrl: rand() < 0.3 ? `https://avatars.northwind.example/${prefix}${i + 1}.png` : null,
      role,
      joinedAt: iso(5 + Math.floor(rand() * 1500)),
      tagIds: [],
    };
  };
  const member = (groupId: string, u: User, systemKey: User['role'], status: MembershipRec['status']): MembershipRec => ({
    groupId,
    userId: u.id,
    systemKey,
    status,
    joinedAt: status === 'ACTIVE' ? u.joinedAt : null,
    enrolledAt: u.joinedAt,
  });
  for (let i = 0; i * 8 < teams.length; i++) {
    const lead = person(i, 'INSTRUCTOR', 'u_i');
    ws.users.push(lead);
    for (const t of teams.slice(i * 8, i * 8 + 8)) {
      t.group.leadInstructorId = lead.id;
      ws.memberships.push(member(t.group.id, lead, 'INSTRUCTOR', 'ACTIVE'));
    }
  }
  const out: { user: User; team: Team }[] = [];
  for (let i = 0; i < extra; i++) {
    const u = person(i, 'MEMBER', 'u_l');
    const team = teams[Math.floor(rand() * teams.length)]!;
    ws.users.push(u);
    ws.memberships.push(member(team.group.id, u, 'MEMBER', rand() < 0.03 ? 'INACTIVE' : 'ACTIVE'));
    if (rand() < 0.05) ws.memberships.push(member(teams[Math.floor(rand() * teams.length)]!.group.id, u, 'MEMBER', 'ACTIVE'));
    if (Date.parse(u.joinedAt) > g.now - 60 * DAY) {
      u.tagIds.push('tag_newhire');
      ws.memberships.push(member('g_newhires', u, 'MEMBER', 'ACTIVE'));
    }
    if (team.group.tags.includes('emea')) u.tagIds.push('tag_emea');
    if (rand() < 0.04) u.tagIds.push('tag_mgr');
    out.push({ user: u, team });
  }
  return out;
}

const RIGHT = 'What the lesson recommends';
const WRONG = ['What most people do by habit', 'Whatever is quickest'];

const COURSE_TITLES: [string, string, Course['type']][] = [
  ['c_sales_onboarding', 'Sales Onboarding Playbook', 'COURSE'],
  ['c_eng_practices', 'Engineering Practices', 'COURSE'],
  ['c_cs_fundamentals', 'Customer Success Fundamentals', 'COURSE'],
  ['c_ops_safety', 'Workplace Safety', 'ASSESSMENT'],
  ['c_lib_feedback', 'Giving and Receiving Feedback', 'ATOM'],
  ['c_lib_writing', 'Clear Business Writing', 'COURSE'],
  ['c_lib_meetings', 'Running Effective Meetings', 'ATOM'],
  ['c_lib_time', 'Time and Priorities', 'ATOM'],
  ['c_lib_privacy', 'Data Privacy Basics', 'ASSESSMENT'],
  ['c_lib_presenting', 'Presenting with Confidence', 'COURSE'],
  ['c_lib_coaching', 'Coaching for Managers', 'COURSE'],
  ['c_lib_inclusion', 'Inclusive Teams', 'COURSE'],
];

/** The department courses, then a library that grows by one course per 2,500 learners. */
function growCourses(iso: Iso, learners: number): Course[] {
  const count = Math.min(COURSE_TITLES.length, 4 + Math.floor(learners / 2500));
  return COURSE_TITLES.slice(0, count).map(([id, title, type], ci) => {
    const key = id.slice(2);
    const units: Unit[] = [];
    const unitCount = type === 'ATOM' ? 1 : 2 + (ci % 3);
    for (let ui = 0; ui < unitCount; ui++) {
      const topics = [];
      for (let ti = 0; ti < 2 + ((ci + ui) % 2); ti++) {
        const tid = `tp_${key}_${ui + 1}_${ti + 1}`;
        const name = `${title}, part ${ui + 1}.${ti + 1}`;
        const checks = [1, 2, 3].map((k) => q(`qn_${key}_${ui + 1}_${ti + 1}_${k}`, `${name}: check ${k}`, RIGHT, WRONG));
        topics.push(topic(tid, name, checks));
      }
      const last = ui === unitCount - 1;
      units.push({
        id: `un_${key}_${ui + 1}`,
        title: `${title}: unit ${ui + 1}`,
        description: null,
        topics,
        projects:
          type === 'COURSE' && last ? [{ id: `pj_${key}`, title: `${title}: practice scenario`, type: 'scenario', required: ci < 3 }] : [],
        test: last
          ? {
              id: `ts_${key}`,
              title: `${title}: final test`,
              minScore: 70,
              questions: [1, 2, 3, 4].map((k) => q(`qt_${key}_${k}`, `${title}: test question ${k}`, RIGHT, WRONG)),
            }
          : null,
      });
    }
    return {
      id,
      title,
      description: `${title} for Northwind teams.`,
      type,
      createdById: ci % 2 ? 'u_priya' : 'u_daniel',
      createdAt: iso(200 - ci * 10),
      publishedAt: iso(150 - ci * 10),
      canEdit: true,
      units,
    };
  });
}

/** Sales onboarding (custom: Sales, about a third of everyone, less one region's newest team), one per department. */
function growAssignments(g: Grown, teams: Team[]): void {
  const { ws, iso } = g;
  const latam = teams.filter((t) => t.group.parentId === 'g_sales_latam').at(-1);
  const assignment = (a: Omit<AssignmentRec, 'assignedById' | 'criteria'> & Partial<AssignmentRec>): AssignmentRec => ({
    assignedById: 'u_daniel',
    criteria: { activitiesPerTopic: 'ALL', testRequired: true, testMinScore: 70, projectsRequired: false, quizMinScore: null },
    ...a,
  });
  ws.assignments.push(
    assignment({
      id: 'as_sales_onboarding',
      type: 'CUSTOM',
      name: 'Sales onboarding',
      courseId: 'c_sales_onboarding',
      groupId: null,
      assignedAt: iso(60),
      dueDate: iso(-14),
      rules: [
        { kind: 'INCLUDE', targetType: 'GROUP', groupId: 'g_sales', userId: null },
        { kind: 'INCLUDE', targetType: 'USER', groupId: null, userId: 'u_elena' },
        ...(latam ? [{ kind: 'EXCLUDE' as const, targetType: 'GROUP' as const, groupId: latam.group.id, userId: null }] : []),
      ],
    }),
  );
  for (const d of DEPARTMENTS.slice(1)) {
    if (!d.courseId) continue;
    ws.assignments.push(
      assignment({
        id: `as_${d.courseId.slice(2)}`,
        type: 'GROUP',
        name: null,
        courseId: d.courseId,
        groupId: d.id,
        assignedAt: iso(45),
        dueDate: iso(-30),
        criteria: null,
        rules: [{ kind: 'INCLUDE', targetType: 'GROUP', groupId: d.id, userId: null }],
      }),
    );
  }
}

/** Each generated learner works through the courses assigned to them (and now and then a library course). */
function growLearning(g: Grown, people: { user: User; team: Team }[], courses: Course[]): void {
  const { ws, rand, iso, now } = g;
  const out: LearningRecords = { progress: ws.progress, attempts: ws.attempts, projectAttempts: ws.projectAttempts };
  const byId = new Map(ws.courses.map((c) => [c.id, c]));
  const start = new Map(
    ws.courses.map((c) => [c.id, Math.min(35, Math.round((now - Date.parse(c.publishedAt ?? c.createdAt)) / DAY) - 1)]),
  );
  const library = courses.filter((c) => c.id.startsWith('c_lib_'));
  const diligence = new Map<string, number>();
  for (const { user, team } of people) {
    // About half finish what they start (the rest stop somewhere along the way), so about half need attention.
    diligence.set(user.id, rand() < 0.5 ? 0.95 + rand() * 0.05 : rand() * 0.95);
    const mine = ['c_security'];
    if (team.department.id === 'g_sales') mine.push('c_negotiation');
    if (team.department.courseId) mine.push(team.department.courseId);
    if (user.tagIds.includes('tag_newhire')) mine.push('c_onboarding');
    if (library.length && rand() < 0.08) mine.push(library[Math.floor(rand() * library.length)]!.id);
    for (const id of mine) learnCourse(out, byId.get(id)!, user.id, diligence, start.get(id)!, rand, iso);
  }
}

/** About one alert per ten teams: a team behind on its department's course, in every status. */
function growAlerts(g: Grown, teams: Team[]): AlertRec[] {
  const statuses: AlertRec['status'][] = ['new', 'new', 'dismissed', 'actioned', 'partially_actioned'];
  const out: AlertRec[] = [];
  for (let i = 0; i * 10 < teams.length; i++) {
    const t = teams[i * 10]!;
    const courseId = t.department.courseId ?? 'c_security';
    out.push({
      id: `al_g${i + 1}`,
      monitorId: 'mon_completion',
      monitorName: 'Completion risk',
      monitorTags: ['completion'],
      monitorAttachedCourseIds: [courseId],
      tailoredTitle: `${t.group.name} is behind on its assigned course`,
      tailoredSummary: `Fewer than half of ${t.group.name} have finished the first unit.`,
      recommendations: [{ action: 'nudge', audience: t.group.id }],
      status: statuses[i % statuses.length]!,
      detectedAt: g.iso(2 + (i % 40)),
      actionedActions: [],
    });
  }
  return out;
}
