// The sandbox at a customer's size (--sandbox-size) and the workspace's own `limit` rules: what the
// generated workspace holds, that it is the same every time, and how lists stop or are refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Check, CommandError, createConnector, type ListLimits } from '../../src/sandbox/connector/index.js';
import { sizedWorkspace } from '../../src/sandbox/grow.js';
import { seedWorkspace, type Workspace } from '../../src/sandbox/seed.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/platform.js';
import { startTestSandbox, type TestSandbox } from '../../src/sandbox/testing.js';

const NOW = Date.UTC(2026, 10, 1, 12);
const now = () => NOW;

function commands(ws: Workspace, limits?: ListLimits) {
  const connector = createConnector({ ws, now, ...(limits ? { limits } : {}) });
  return <T>(name: string, body: Record<string, unknown> = {}) => connector[name]!.run(body, new Check(body)) as T;
}

type Students = { students: { user: { id: string }; coursesAssigned: number; coursesCompleted: number }[] };
type Assignment = {
  assignment: { totalAssignees: number; completedCount: number; assignedUsers: { userId: string; complete: boolean }[] };
};

describe('--sandbox-size', () => {
  let ws: Workspace;
  beforeAll(() => {
    ws = sizedWorkspace(NOW, 5000);
  });

  test('without a size the workspace is the small one, record for record', () => {
    expect(sizedWorkspace(NOW)).toEqual(seedWorkspace(NOW));
  });

  test('the same size gives the same workspace every time', () => {
    expect(JSON.stringify(sizedWorkspace(NOW, 1200))).toBe(JSON.stringify(sizedWorkspace(NOW, 1200)));
  });

  test('5,000 learners in about 200 teams of a three-level tree, each learner in a team, ids and emails unique', () => {
    const learners = ws.users.filter((u) => u.role === 'MEMBER');
    expect(learners).toHaveLength(5000);
    expect(new Set(ws.users.map((u) => u.id)).size).toBe(ws.users.length);
    expect(new Set(ws.users.map((u) => u.email)).size).toBe(ws.users.length);
    const teams = ws.groups.filter((g) => /_t\d+$/.test(g.id));
    expect(teams).toHaveLength(200);
    const byId = new Map(ws.groups.map((g) => [g.id, g]));
    const depth = (id: string | null): number => (id ? 1 + depth(byId.get(id)!.parentId) : 0);
    for (const t of teams) expect(byId.has(t.parentId!)).toBe(true);
    expect(Math.max(...teams.map((t) => depth(t.id)))).toBe(3);
    const inTeam = new Set(ws.memberships.filter((m) => byId.has(m.groupId)).map((m) => m.userId));
    expect(learners.filter((u) => !inTeam.has(u.id)).map((u) => u.id)).toEqual([]);
    expect(teams.every((t) => t.leadInstructorId && ws.users.some((u) => u.id === t.leadInstructorId && u.role === 'INSTRUCTOR'))).toBe(
      true,
    );
  });

  test('Sales onboarding reaches about a third of the learners, security training all of them, each figure agreeing with its rows', () => {
    const run = commands(ws);
    const sales = run<Assignment>('assignments/get', { assignmentId: 'as_sales_onboarding' }).assignment;
    expect(sales.totalAssignees).toBeGreaterThan(5000 * 0.28);
    expect(sales.totalAssignees).toBeLessThan(5000 * 0.4);
    expect(sales.assignedUsers).toHaveLength(sales.totalAssignees);
    expect(sales.completedCount).toBe(sales.assignedUsers.filter((u) => u.complete).length);
    const security = run<Assignment>('assignments/get', { assignmentId: 'as_security_all' }).assignment;
    expect(security.totalAssignees).toBe(5000);
    expect(new Set(security.assignedUsers.map((u) => u.userId)).size).toBe(5000);
  });

  test('about half the learners need attention, and the needs-attention list is the students list filtered', () => {
    const run = commands(ws);
    const all = run<Students>('analytics/students', { limit: 100_000 }).students;
    const attention = run<Students>('analytics/needs-attention', { limit: 100_000 }).students;
    expect(all).toHaveLength(5000);
    expect(attention.map((s) => s.user.id)).toEqual(
      all.filter((s) => s.coursesAssigned > 0 && s.coursesCompleted === 0).map((s) => s.user.id),
    );
    expect(attention.length).toBeGreaterThan(5000 * 0.3);
    expect(attention.length).toBeLessThan(5000 * 0.7);
  });

  test.each([1, 4, 8])('%i learners: the first of the small workspace, with no record left of the others', (n) => {
    const small = sizedWorkspace(NOW, n);
    const ids = new Set(small.users.map((u) => u.id));
    expect(small.users.filter((u) => u.role === 'MEMBER')).toHaveLength(n);
    expect(small.users.filter((u) => u.role !== 'MEMBER')).toHaveLength(3);
    for (const rec of [...small.memberships, ...small.progress, ...small.attempts, ...small.projectAttempts])
      expect(ids.has(rec.userId)).toBe(true);
    expect(commands(small)<Students>('analytics/students').students).toHaveLength(n);
  });

  test.each([0, 100_001, 2.5, Number.NaN])('%s learners is refused', (n) => {
    expect(() => sizedWorkspace(NOW, n)).toThrow(RangeError);
  });
});

describe("the workspace's limit", () => {
  let ws: Workspace;
  beforeAll(() => {
    ws = sizedWorkspace(NOW, 2000);
  });

  test.each(['analytics/students', 'analytics/needs-attention', 'analytics/top-performers'])(
    '%s without limit stops at the default of 50, saying nothing; with one, that many',
    (name) => {
      const run = commands(ws);
      const page = run<Record<string, unknown[]>>(name);
      expect(Object.keys(page)).toEqual(['students']);
      expect(page['students']).toHaveLength(50);
      expect(run<Record<string, unknown[]>>(name, { limit: 700 })['students']).toHaveLength(700);
    },
  );

  test('a limit above the maximum is refused with a VALIDATION_ERROR naming limit; at the maximum it is served', () => {
    const run = commands(ws, { defaultRows: 50, max: 500, status: 400, silentMax: Infinity });
    expect(run<Students>('analytics/students', { limit: 500 }).students).toHaveLength(500);
    for (const name of [
      'analytics/students',
      'analytics/needs-attention',
      'analytics/top-performers',
      'analytics/courses',
      'radar/alerts-list',
    ]) {
      let error: unknown;
      try {
        run(name, { limit: 501 });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CommandError);
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { limit: ['must be at most 500'] } });
    }
    // By default the maximum is 100,000.
    expect(() => commands(ws)('analytics/students', { limit: 100_001 })).toThrow(CommandError);
  });

  test('a silent cap answers at most that many rows whatever the limit, with no error and no word of it', () => {
    const run = commands(ws, { defaultRows: 50, max: 100_000, status: 400, silentMax: 300 });
    const answer = run<Students>('analytics/students', { limit: 1_000 });
    expect(answer.students).toHaveLength(300);
    expect(Object.keys(answer)).toEqual(['students']);
    expect(run<Students>('analytics/students', { limit: 20 }).students).toHaveLength(20);
  });
});

describe('a test sandbox refusing large limits', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ size: 300 });
  });
  afterAll(() => sandbox.close());

  const post = async (limit: number) => {
    const res = await fetch(`${sandbox.url}/api/v1/analytics/students`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.connectorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit }),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; data?: Students; error?: Record<string, unknown> } };
  };

  test('refuseLimitAbove answers the failure envelope over HTTP until the next reset', async () => {
    expect((await post(300)).body.data?.students).toHaveLength(300);
    sandbox.refuseLimitAbove(100);
    const refused = await post(101);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', errors: { limit: ['must be at most 100'] } } });
    expect((await post(100)).body.data?.students).toHaveLength(100);
    sandbox.refuseLimitAbove(10, 422);
    expect((await post(11)).status).toBe(422);
    sandbox.reset();
    expect((await post(300)).body.data?.students).toHaveLength(300);
    expect(sandbox.ws.users.filter((u) => u.role === 'MEMBER')).toHaveLength(300);
  });
});
