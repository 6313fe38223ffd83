// The sandbox workspace: a small academy whose numbers agree with each other, because every
// figure the sandbox reports is computed from these records, never stored beside them.

export type SystemKey = 'ADMIN' | 'INSTRUCTOR' | 'MEMBER';

export interface User {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: SystemKey;
  joinedAt: string;
  tagIds: string[];
}
export interface TagRec {
  id: string;
  name: string;
  color: string;
}
export interface GroupRec {
  id: string;
  name: string;
  description: string | null;
  parentId: string | null;
  tags: string[];
  leadInstructorId: string | null;
  isArchived: boolean;
}
export interface MembershipRec {
  groupId: string;
  userId: string;
  systemKey: SystemKey;
  status: 'ACTIVE' | 'INACTIVE';
  joinedAt: string | null;
  enrolledAt: string;
}
export interface Question {
  id: string;
  type: string;
  question: string;
  options: string[];
  correct: string;
}
export interface Activity {
  id: string;
  title: string;
  type: 'reading' | 'video' | 'quiz' | 'flashcards';
  questions: Question[];
}
export interface Topic {
  id: string;
  title: string;
  description: string | null;
  learningGoalCount: number;
  activities: Activity[];
}
export interface Project {
  id: string;
  title: string;
  type: 'roleplay' | 'scenario';
  required: boolean;
}
export interface UnitTest {
  id: string;
  title: string;
  minScore: number;
  questions: Question[];
}
export interface Unit {
  id: string;
  title: string;
  description: string | null;
  topics: Topic[];
  projects: Project[];
  test: UnitTest | null;
}
export interface Course {
  id: string;
  title: string;
  description: string | null;
  type: 'COURSE' | 'ASSESSMENT' | 'ATOM';
  createdById: string;
  createdAt: string;
  publishedAt: string | null;
  canEdit: boolean;
  units: Unit[];
}
export interface ActivityProgress {
  userId: string;
  activityId: string;
  completedAt: string;
  timeSeconds: number;
}
export interface Attempt {
  userId: string;
  refId: string; // quiz activity id or unit test id
  answers: Record<string, string>; // question id -> answer given
  elapsedSeconds: number;
  isCompleted: boolean;
  updatedAt: string;
}
export interface ProjectAttempt {
  userId: string;
  projectId: string;
  attempts: number;
  bestScore: number;
  completedAt: string | null;
  startedAt: string;
}
export interface Criteria {
  activitiesPerTopic: number | 'ALL';
  testRequired: boolean;
  testMinScore: number | null;
  projectsRequired: boolean;
  quizMinScore: number | null;
}
export interface Rule {
  kind: 'INCLUDE' | 'EXCLUDE';
  targetType: 'GROUP' | 'USER' | 'INVITE';
  groupId: string | null;
  userId: string | null;
}
export interface AssignmentRec {
  id: string;
  type: 'WORKSPACE' | 'GROUP' | 'CUSTOM';
  name: string | null;
  courseId: string;
  groupId: string | null;
  assignedById: string;
  assignedAt: string;
  dueDate: string | null;
  criteria: Criteria | null;
  rules: Rule[];
}
export interface AlertRec {
  id: string;
  monitorId: string;
  monitorName: string;
  monitorTags: string[];
  monitorAttachedCourseIds: string[];
  tailoredTitle: string;
  tailoredSummary: string;
  recommendations: unknown;
  status: 'new' | 'dismissed' | 'actioned' | 'partially_actioned';
  detectedAt: string;
  actionedActions: { id: string; mode: 'create' | 'append'; courseId: string | null; courseTitle: string | null; status: string }[];
}
export interface ExploreSection {
  id: string;
  title: string;
  visibleToGroupIds: string[];
  hiddenFromGroupIds: string[];
}

export interface Workspace {
  users: User[];
  tags: TagRec[];
  groups: GroupRec[];
  memberships: MembershipRec[];
  courses: Course[];
  progress: ActivityProgress[];
  attempts: Attempt[];
  projectAttempts: ProjectAttempt[];
  assignments: AssignmentRec[];
  alerts: AlertRec[];
  explore: { enabled: boolean; sections: ExploreSection[] };
  pendingInvites: string[];
}

/** Small deterministic generator so every sandbox starts with the same workspace. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY = 86_400_000;

export function q(id: string, question: string, correct: string, wrong: string[]): Question {
  return { id, type: 'multiple_choice', question, options: [correct, ...wrong], correct };
}

export function topic(id: string, title: string, quiz: Question[]): Topic {
  return {
    id,
    title,
    description: `${title}: key ideas and practice.`,
    learningGoalCount: 3,
    activities: [
      { id: `${id}_read`, title: `${title}: reading`, type: 'reading', questions: [] },
      { id: `${id}_video`, title: `${title}: video`, type: 'video', questions: [] },
      { id: `${id}_quiz`, title: `${title}: quiz`, type: 'quiz', questions: quiz },
    ],
  };
}

function courseNegotiation(iso: (daysAgo: number) => string): Course {
  return {
    id: 'c_negotiation',
    title: 'Negotiation Essentials',
    description: 'Prepare, open and close commercial negotiations.',
    type: 'COURSE',
    createdById: 'u_daniel',
    createdAt: iso(120),
    publishedAt: iso(95),
    canEdit: true,
    units: [
      {
        id: 'un_neg_prepare',
        title: 'Preparing to negotiate',
        description: 'Interests, alternatives and walk-away points.',
        topics: [
          topic('tp_batna', 'BATNA and walk-away points', [
            q('qn_batna_1', 'What does BATNA stand for?', 'Best alternative to a negotiated agreement', [
              'Best available term and negotiated amount',
              'Bargaining at the negotiating table',
            ]),
            q('qn_batna_2', 'When should you walk away?', 'When the offer is worse than your BATNA', [
              'When the other side makes a first offer',
              'Never',
            ]),
            q('qn_batna_3', 'Who should know your walk-away point?', 'Only your own team', ['The other side', 'Nobody, not even you']),
          ]),
          topic('tp_interests', 'Interests versus positions', [
            q('qn_int_1', 'A position is…', 'What a party says it wants', ['Why a party wants something', 'A fallback option']),
            q('qn_int_2', 'Asking "why" uncovers…', 'Interests', ['Positions', 'Deadlines']),
            q('qn_int_3', 'Trading on differing priorities is called…', 'Logrolling', ['Anchoring', 'Nibbling']),
          ]),
        ],
        projects: [{ id: 'pj_neg_roleplay', title: 'Role-play: renewal with a hard-nosed buyer', type: 'roleplay', required: true }],
        test: {
          id: 'ts_neg_prepare',
          title: 'Unit test: preparation',
          minScore: 70,
          questions: [
            q('qt_prep_1', 'Your BATNA improves your…', 'Leverage', ['Deadline', 'Anchor']),
            q('qt_prep_2', 'A ZOPA exists when…', 'Reservation prices overlap', ['Both sides open high', 'Positions match']),
            q('qt_prep_3', 'Good preparation starts with…', 'Your own interests', ['The first offer', 'A concession plan']),
            q('qt_prep_4', 'A walk-away point should be set…', 'Before the negotiation', ['During the first offer', 'After closing']),
          ],
        },
      },
      {
        id: 'un_neg_table',
        title: 'At the table',
        description: 'Anchoring, concessions and closing.',
        topics: [
          topic('tp_anchor', 'Anchoring', [
            q('qn_anc_1', 'An anchor is…', 'A first number that frames the talks', ['A final offer', 'A deadline']),
            q('qn_anc_2', 'To counter an extreme anchor…', 'Re-anchor with your own justified number', [
              'Split the difference',
              'Accept quickly',
            ]),
            q('qn_anc_3', 'Anchors work because of…', 'Insufficient adjustment', ['Reciprocity', 'Scarcity']),
          ]),
          topic('tp_close', 'Concessions and closing', [
            q('qn_cls_1', 'Concessions should usually…', 'Shrink in size over time', ['Grow over time', 'Stay the same']),
            q('qn_cls_2', 'Before closing, you should…', 'Summarise what was agreed', ['Make a new demand', 'Reopen settled points']),
            q('qn_cls_3', 'A "nibble" is…', 'A small extra request after agreement', ['An opening offer', 'A walk-away']),
          ]),
        ],
        projects: [{ id: 'pj_neg_scenario', title: 'Scenario: multi-issue supplier deal', type: 'scenario', required: false }],
        test: null,
      },
    ],
  };
}

function courseSecurity(iso: (daysAgo: number) => string): Course {
  return {
    id: 'c_security',
    title: 'Security Awareness 2026',
    description: 'Phishing, passwords and data handling for everyone.',
    type: 'ASSESSMENT',
    createdById: 'u_priya',
    createdAt: iso(70),
    publishedAt: iso(40),
    canEdit: true,
    units: [
      {
        id: 'un_sec_core',
        title: 'Everyday security',
        description: null,
        topics: [
          topic('tp_phishing', 'Spotting phishing', [
            q('qn_phi_1', 'A sign of phishing is…', 'Urgent pressure to act', ['A known sender', 'A company logo']),
            q('qn_phi_2', 'Hovering over a link shows…', 'Its real destination', ['Its age', 'Its owner']),
            q('qn_phi_3', 'Report suspected phishing to…', 'The security team', ['The sender', 'Nobody']),
          ]),
          topic('tp_passwords', 'Passwords and MFA', [
            q('qn_pw_1', 'The best password is…', 'Long and unique, kept in a manager', ['Short and memorable', 'Reused everywhere']),
            q('qn_pw_2', 'MFA protects you when…', 'Your password is stolen', ['You forget your laptop', 'Wi-Fi is slow']),
            q('qn_pw_3', 'An MFA prompt you did not start means…', 'Someone has your password', ['A routine check', 'A system update']),
          ]),
        ],
        projects: [],
        test: {
          id: 'ts_sec_core',
          title: 'Security assessment',
          minScore: 75,
          questions: [
            q('qt_sec_1', 'Which is safest for sharing a customer file?', 'The approved file-sharing tool', [
              'Personal email',
              'A USB stick',
            ]),
            q('qt_sec_2', 'Public Wi-Fi should be used with…', 'The company VPN', ['No precautions', 'Bluetooth on']),
            q('qt_sec_3', 'A caller asks for your MFA code. You…', 'Refuse and report it', ['Read it out', 'Send it by chat']),
            q('qt_sec_4', 'Lock your screen when…', 'You step away', ['You leave for the day only', 'Never']),
          ],
        },
      },
    ],
  };
}

function courseOnboarding(iso: (daysAgo: number) => string): Course {
  return {
    id: 'c_onboarding',
    title: 'Welcome to Northwind',
    description: 'Tools, teams and ways of working for new hires.',
    type: 'ATOM',
    createdById: 'u_daniel',
    createdAt: iso(20),
    publishedAt: iso(18),
    canEdit: false,
    units: [
      {
        id: 'un_onb_start',
        title: 'Your first week',
        description: 'Everything you need in week one.',
        topics: [
          topic('tp_tools', 'Tools and accounts', [
            q('qn_tools_1', 'Where do you request software?', 'The IT portal', ['Your manager by email', 'Nowhere']),
            q('qn_tools_2', 'Your laptop must be…', 'Encrypted and updated', ['Shared with your team', 'Left unlocked']),
            q('qn_tools_3', 'Team chat is for…', 'Day-to-day collaboration', ['Customer passwords', 'Payroll data']),
          ]),
        ],
        projects: [],
        test: null,
      },
    ],
  };
}

function courses(now: number): Course[] {
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  return [courseNegotiation(iso), courseSecurity(iso), courseOnboarding(iso)];
}

export type Iso = (daysAgo: number) => string;

function seedPeople(iso: Iso): { users: User[]; tags: TagRec[] } {
  const people: [string, string, SystemKey, number][] = [
    ['u_maya', 'Maya Chen', 'ADMIN', 400],
    ['u_daniel', 'Daniel Okafor', 'INSTRUCTOR', 380],
    ['u_priya', 'Priya Raman', 'INSTRUCTOR', 300],
    ['u_lucas', 'Lucas Meyer', 'MEMBER', 260],
    ['u_amara', 'Amara Nwosu', 'MEMBER', 240],
    ['u_sofia', 'Sofia García', 'MEMBER', 200],
    ['u_kenji', 'Kenji Watanabe', 'MEMBER', 180],
    ['u_elena', 'Elena Petrova', 'MEMBER', 150],
    ['u_omar', 'Omar Haddad', 'MEMBER', 120],
    ['u_grace', 'Grace Liu', 'MEMBER', 90],
    ['u_tom', 'Tom Becker', 'MEMBER', 25],
    ['u_nina', 'Nina Rossi', 'MEMBER', 12],
  ];
  const tags: TagRec[] = [
    { id: 'tag_emea', name: 'EMEA', color: '#2563eb' },
    { id: 'tag_mgr', name: 'People manager', color: '#16a34a' },
    { id: 'tag_newhire', name: 'New hire', color: '#f59e0b' },
  ];
  const users: User[] = people.map(([id, name, role, daysAgo]) => ({
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@northwind.example`,
    avatarUrl: id === 'u_maya' || id === 'u_sofia' ? `https://avatars.northwind.example/${id}.png` : null,
    role,
    joinedAt: iso(daysAgo),
    tagIds: [],
  }));
  const tagUser = (userId: string, tagId: string) => users.find((u) => u.id === userId)?.tagIds.push(tagId);
  tagUser('u_lucas', 'tag_emea');
  tagUser('u_sofia', 'tag_emea');
  tagUser('u_daniel', 'tag_mgr');
  tagUser('u_tom', 'tag_newhire');
  tagUser('u_nina', 'tag_newhire');
  return { users, tags };
}

function seedGroups(users: User[], iso: Iso): { groups: GroupRec[]; memberships: MembershipRec[] } {
  // prettier-ignore
  const groups: GroupRec[] = [
    { id: 'g_sales', name: 'Sales', description: 'All customer-facing sales teams.', parentId: null, tags: ['revenue'], leadInstructorId: 'u_daniel', isArchived: false },
    { id: 'g_sales_emea', name: 'Sales EMEA', description: null, parentId: 'g_sales', tags: ['revenue', 'emea'], leadInstructorId: 'u_daniel', isArchived: false },
    { id: 'g_sales_na', name: 'Sales North America', description: null, parentId: 'g_sales', tags: ['revenue'], leadInstructorId: null, isArchived: false },
    { id: 'g_eng', name: 'Engineering', description: 'Product engineering.', parentId: null, tags: [], leadInstructorId: 'u_priya', isArchived: false },
    { id: 'g_eng_platform', name: 'Platform Team', description: 'Infrastructure and developer tooling.', parentId: 'g_eng', tags: ['infra'], leadInstructorId: 'u_priya', isArchived: false },
    { id: 'g_newhires', name: 'New Hires 2026', description: 'Everyone who joined this year.', parentId: null, tags: ['onboarding'], leadInstructorId: null, isArchived: false },
    { id: 'g_alumni', name: 'Pilot cohort 2024', description: 'Archived pilot group.', parentId: null, tags: [], leadInstructorId: null, isArchived: true },
  ];
  const member = (
    groupId: string,
    userId: string,
    systemKey: SystemKey = 'MEMBER',
    status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
  ): MembershipRec => {
    const joined = users.find((u) => u.id === userId)?.joinedAt ?? iso(30);
    return { groupId, userId, systemKey, status, joinedAt: status === 'ACTIVE' ? joined : null, enrolledAt: joined };
  };
  const memberships: MembershipRec[] = [
    member('g_sales', 'u_daniel', 'INSTRUCTOR'),
    member('g_sales_emea', 'u_lucas'),
    member('g_sales_emea', 'u_sofia'),
    member('g_sales_emea', 'u_amara'),
    member('g_sales_na', 'u_kenji'),
    member('g_sales_na', 'u_grace'),
    member('g_sales_na', 'u_omar', 'MEMBER', 'INACTIVE'),
    member('g_eng', 'u_priya', 'INSTRUCTOR'),
    member('g_eng_platform', 'u_elena'),
    member('g_eng_platform', 'u_omar'),
    member('g_newhires', 'u_tom'),
    member('g_newhires', 'u_nina'),
    member('g_newhires', 'u_grace'),
    member('g_alumni', 'u_lucas'),
  ];
  return { groups, memberships };
}

function seedAssignments(iso: Iso): AssignmentRec[] {
  return [
    {
      id: 'as_security_all',
      type: 'WORKSPACE',
      name: 'Annual security training',
      courseId: 'c_security',
      groupId: null,
      assignedById: 'u_maya',
      assignedAt: iso(38),
      dueDate: iso(-10),
      criteria: { activitiesPerTopic: 'ALL', testRequired: true, testMinScore: 75, projectsRequired: false, quizMinScore: null },
      rules: [{ kind: 'INCLUDE', targetType: 'GROUP', groupId: null, userId: null }],
    },
    {
      id: 'as_negotiation_sales',
      type: 'GROUP',
      name: null,
      courseId: 'c_negotiation',
      groupId: 'g_sales',
      assignedById: 'u_daniel',
      assignedAt: iso(90),
      dueDate: iso(5),
      criteria: { activitiesPerTopic: 'ALL', testRequired: true, testMinScore: 70, projectsRequired: true, quizMinScore: null },
      rules: [{ kind: 'INCLUDE', targetType: 'GROUP', groupId: 'g_sales', userId: null }],
    },
    {
      id: 'as_onboarding_custom',
      type: 'CUSTOM',
      name: 'Onboarding for new starters',
      courseId: 'c_onboarding',
      groupId: null,
      assignedById: 'u_daniel',
      assignedAt: iso(17),
      dueDate: null,
      criteria: null,
      rules: [
        { kind: 'INCLUDE', targetType: 'GROUP', groupId: 'g_newhires', userId: null },
        { kind: 'INCLUDE', targetType: 'USER', groupId: null, userId: 'u_elena' },
        { kind: 'EXCLUDE', targetType: 'USER', groupId: null, userId: 'u_grace' },
      ],
    },
  ];
}

export interface LearningRecords {
  progress: ActivityProgress[];
  attempts: Attempt[];
  projectAttempts: ProjectAttempt[];
}

/** One learner working through one course, as far as their diligence `d` takes them. */
export function learnCourse(
  out: LearningRecords,
  course: Course,
  userId: string,
  diligence: Map<string, number>,
  startDaysAgo: number,
  rand: () => number,
  iso: Iso,
): void {
  const { progress, attempts, projectAttempts } = out;
  const d = diligence.get(userId) ?? 0.5;
  const activities = course.units.flatMap((u) => u.topics.flatMap((t) => t.activities));
  const done = d >= 0.95 ? activities.length : Math.floor(activities.length * d);
  let day = startDaysAgo;
  activities.slice(0, done).forEach((a) => {
    day = Math.max(1, day - Math.round(rand() * 3));
    progress.push({ userId, activityId: a.id, completedAt: iso(day), timeSeconds: 120 + Math.round(rand() * 780) });
    if (a.type === 'quiz') {
      attempts.push({
        userId,
        refId: a.id,
        answers: answer(a.questions, 0.55 + d * 0.4, rand),
        elapsedSeconds: 60 + Math.round(rand() * 300),
        isCompleted: true,
        updatedAt: iso(day),
      });
    }
  });
  // An unfinished quiz attempt for the learner who stopped half-way.
  const next = activities[done];
  if (next?.type === 'quiz' && d > 0.3) {
    attempts.push({ userId, refId: next.id, answers: {}, elapsedSeconds: 40, isCompleted: false, updatedAt: iso(Math.max(1, day - 1)) });
  }
  for (const unit of course.units) {
    const unitDone = unit.topics.every((t) => t.activities.every((a) => activities.indexOf(a) < done));
    if (unit.test && unitDone) {
      day = Math.max(1, day - 1);
      attempts.push({
        userId,
        refId: unit.test.id,
        answers: answer(unit.test.questions, 0.6 + d * 0.4, rand),
        elapsedSeconds: 300 + Math.round(rand() * 600),
        isCompleted: true,
        updatedAt: iso(day),
      });
    }
    for (const project of unit.projects) {
      if (!unitDone && d < 0.5) continue;
      const tries = 1 + Math.floor(rand() * 3);
      const best = Math.round(55 + d * 40 + rand() * 5);
      projectAttempts.push({
        userId,
        projectId: project.id,
        attempts: tries,
        bestScore: Math.min(100, best),
        completedAt: unitDone && best >= 60 ? iso(Math.max(1, day - 1)) : null,
        startedAt: iso(day + 2),
      });
    }
  }
}

function seedActivity(courseList: Course[], users: User[], now: number, rand: () => number, iso: Iso): LearningRecords {
  // Learners work through each course they are assigned in order; how far each got is drawn once.
  const progress: ActivityProgress[] = [];
  const attempts: Attempt[] = [];
  const projectAttempts: ProjectAttempt[] = [];
  const learners = users.filter((u) => u.role === 'MEMBER');
  const diligence = new Map(learners.map((u) => [u.id, rand()]));
  diligence.set('u_omar', 0); // assigned work, nothing done: shows in needs-attention
  diligence.set('u_sofia', 1);
  diligence.set('u_lucas', 1);
  diligence.set('u_tom', 1);
  const enrolled: Record<string, string[]> = {
    c_security: learners.map((u) => u.id),
    c_negotiation: ['u_lucas', 'u_sofia', 'u_amara', 'u_kenji', 'u_grace', 'u_omar'],
    c_onboarding: ['u_tom', 'u_nina', 'u_elena'],
  };
  const out = { progress, attempts, projectAttempts };
  for (const course of courseList) {
    const startDaysAgo = Math.min(35, Math.round((now - Date.parse(course.publishedAt ?? course.createdAt)) / DAY) - 1);
    for (const userId of enrolled[course.id] ?? []) learnCourse(out, course, userId, diligence, startDaysAgo, rand, iso);
  }
  return out;
}

function seedAlerts(iso: Iso): AlertRec[] {
  return [
    {
      id: 'al_1',
      monitorId: 'mon_completion',
      monitorName: 'Completion risk',
      monitorTags: ['completion', 'deadline'],
      monitorAttachedCourseIds: ['c_negotiation'],
      tailoredTitle: 'Sales North America is behind on Negotiation Essentials',
      tailoredSummary:
        'Two of three learners in Sales North America have not finished the first unit, and the assignment is due in 5 days.',
      recommendations: [{ action: 'nudge', audience: 'g_sales_na', message: 'Remind learners of the due date.' }],
      status: 'new',
      detectedAt: iso(1),
      actionedActions: [],
    },
    {
      id: 'al_2',
      monitorId: 'mon_quiz',
      monitorName: 'Confusing questions',
      monitorTags: ['quiz'],
      monitorAttachedCourseIds: ['c_security'],
      tailoredTitle: 'Many learners miss the MFA question',
      tailoredSummary: 'The question on unexpected MFA prompts has the highest wrong-answer rate in Security Awareness 2026.',
      recommendations: { rewrite: ['qn_pw_3'], addExplainer: true },
      status: 'new',
      detectedAt: iso(3),
      actionedActions: [],
    },
    {
      id: 'al_3',
      monitorId: 'mon_engagement',
      monitorName: 'Inactive learners',
      monitorTags: ['engagement'],
      monitorAttachedCourseIds: [],
      tailoredTitle: 'Omar Haddad has not started any assigned course',
      tailoredSummary: 'Omar has two assignments and no recorded activity.',
      recommendations: [{ action: 'contact', userId: 'u_omar' }],
      status: 'dismissed',
      detectedAt: iso(9),
      actionedActions: [],
    },
    {
      id: 'al_4',
      monitorId: 'mon_quiz',
      monitorName: 'Confusing questions',
      monitorTags: ['quiz'],
      monitorAttachedCourseIds: ['c_negotiation'],
      tailoredTitle: 'Anchoring quiz scores are low',
      tailoredSummary: 'Average score on the anchoring quiz is below 60%.',
      recommendations: [{ action: 'add-topic', title: 'Anchoring in practice' }],
      status: 'actioned',
      detectedAt: iso(20),
      actionedActions: [
        { id: 'act_1', mode: 'append', courseId: 'c_negotiation', courseTitle: 'Negotiation Essentials', status: 'completed' },
      ],
    },
  ];
}

export function seedWorkspace(now = Date.now()): Workspace {
  const rand = prng(20260301);
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const { users, tags } = seedPeople(iso);
  const { groups, memberships } = seedGroups(users, iso);
  const courseList = courses(now);
  const assignments = seedAssignments(iso);
  const { progress, attempts, projectAttempts } = seedActivity(courseList, users, now, rand, iso);
  const alerts = seedAlerts(iso);
  return {
    users,
    tags,
    groups,
    memberships,
    courses: courseList,
    progress,
    attempts,
    projectAttempts,
    assignments,
    alerts,
    explore: {
      enabled: true,
      sections: [
        { id: 'sec_featured', title: 'Featured this month', visibleToGroupIds: [], hiddenFromGroupIds: [] },
        { id: 'sec_sales_library', title: 'Sales library', visibleToGroupIds: ['g_sales'], hiddenFromGroupIds: [] },
      ],
    },
    pendingInvites: ['jordan@northwind.example', 'li@northwind.example', 'sam@northwind.example'],
  };
}

function answer(questions: Question[], pCorrect: number, rand: () => number): Record<string, string> {
  const out: Record<string, string> = {};
  questions.forEach((question, i) => {
    // Later questions are harder, so wrong-answer rates differ per question.
    const right = rand() < pCorrect - i * 0.12;
    out[question.id] = right
      ? question.correct
      : (question.options[1 + Math.floor(rand() * (question.options.length - 1))] ?? question.correct);
  });
  return out;
}
