// The built binary, over stdio and over Streamable HTTP, against the sandbox upstream.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { currentMonthNewYork } from '../tools/analytics.js';
import { tools } from '../tools/index.js';
import { DEFAULTS } from '../src/config/defaults.js';
import {
  call,
  connectHttp,
  connectStdio,
  SANDBOX_CREDENTIALS,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type Connected,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

/** Calls that carry optional fields too; every other Connector tool is called with its row's example. */
const WITH_OPTIONALS: Record<string, Record<string, unknown>> = {
  analytics_monthly_overview: { month: currentMonthNewYork() },
  analytics_courses: { limit: 2 },
  analytics_students: { limit: 5 },
  analytics_top_performers: { limit: 3 },
  groups_member_add: { groupId: 'g_eng', userId: 'u_tom', systemKey: 'MEMBER' },
  groups_list: { parentId: 'g_sales', includeDescendants: true },
  members_set_tags: { userId: 'u_kenji', tags: ['EMEA', 'Mentor'] },
  explore_set_audience: { sectionId: 'sec_featured', hiddenFromGroupIds: ['g_newhires'] },
  explore_toggle: { exploreEnabled: false },
  learning_student_units: { userId: 'u_amara', courseId: 'c_negotiation', groupId: 'g_sales' },
  learning_project_scenarios: { courseId: 'c_negotiation', unitId: 'un_neg_table' },
  radar_alerts_list: { status: 'new', limit: 5 },
};

/** One valid call of each Connector tool, the command it must reach, and whether it carries an Idempotency-Key. */
const CONNECTOR_CALLS = tools
  .filter((t) => t.api === 'connector')
  .map((t) => ({
    tool: t.name,
    args: WITH_OPTIONALS[t.name] ?? t.example ?? {},
    command: t.path.replace('/api/v1/', ''),
    keyed: t.takesIdempotencyKey,
  }));

const SECRETS = Object.values(SANDBOX_CREDENTIALS).filter((s) => s.length > 10);

function nextMonth(): string {
  const [y, m] = currentMonthNewYork().split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const INVALID: { tool: string; args: Record<string, unknown>; mentions: string }[] = [
  { tool: 'analytics_monthly_overview', args: { month: '2026-13' }, mentions: 'month' },
  { tool: 'analytics_monthly_overview', args: { month: '1999-12' }, mentions: '2000-01' },
  { tool: 'analytics_monthly_overview', args: { month: nextMonth() }, mentions: 'current month' },
  { tool: 'analytics_monthly_overview', args: { mnth: '2026-01' }, mentions: 'mnth' },
  { tool: 'analytics_courses', args: { limit: 0 }, mentions: 'limit' },
  { tool: 'analytics_students', args: { limit: 2.5 }, mentions: 'limit' },
  { tool: 'members_set_tags', args: { userId: 'u_tom', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, mentions: 'tags' },
  { tool: 'groups_member_add', args: { groupId: '', userId: 'u_tom' }, mentions: 'groupId' },
  { tool: 'groups_member_add', args: { groupId: 'g_eng' }, mentions: 'userId' },
  { tool: 'groups_member_set_status', args: { groupId: 'g_eng', userId: 'u_tom', status: 'PAUSED' }, mentions: 'status' },
  { tool: 'radar_alerts_list', args: { status: 'open' }, mentions: 'status' },
  { tool: 'learning_question_stats', args: { kind: 'exam', refId: 'x' }, mentions: 'kind' },
  { tool: 'explore_toggle', args: { exploreEnabled: 'yes' }, mentions: 'exploreEnabled' },
];

let sandbox: Sandbox;
let http: HttpProcess;
let httpRefused: HttpProcess;
const outputs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  http = await startHttpProcess(sandboxEnv(sandbox));
  httpRefused = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_CONNECTOR_TOKEN: 'sbx_wrong_token_value_123' }));
});
afterAll(async () => {
  outputs.push(http.stderr(), httpRefused.stderr());
  await http.stop();
  await httpRefused.stop();
  await sandbox.close();
  // Nothing the server printed, answered or logged carries a credential.
  for (const out of outputs) for (const secret of [...SECRETS, 'sbx_wrong_token_value_123']) expect(out).not.toContain(secret);
});

const transports: [string, (env: Record<string, string>) => Promise<Connected & { stderr?: () => string }>][] = [
  ['stdio', (env) => connectStdio(env)],
  [
    'http',
    async (env) => connectHttp(env['WORKSPACE_CONNECTOR_TOKEN'] === SANDBOX_CREDENTIALS.connectorToken ? http.url : httpRefused.url),
  ],
];

describe.each(transports)('over %s', (_name, connect) => {
  let conn: Connected & { stderr?: () => string };
  beforeAll(async () => {
    conn = await connect(sandboxEnv(sandbox));
  });
  afterAll(async () => {
    if (conn.stderr) outputs.push(conn.stderr());
    await conn.close();
  });
  beforeEach(() => sandbox.reset());

  const run = async (tool: string, args: Record<string, unknown> = {}) => {
    const result = await call(conn.client, tool, args);
    outputs.push(JSON.stringify(result));
    return result;
  };

  test.each(CONNECTOR_CALLS)('$tool reaches POST /api/v1/$command with its input', async ({ tool, args, command, keyed }) => {
    const result = await run(tool, args);
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toBeTypeOf('object');
    // The JSON first; a list that met its limit has a note after it saying it may go on.
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    // A roster shorter than asked is checked against analytics_hero's count of learners (a silent cap), once a minute.
    const own = sandbox.requests.filter((r) => r.path !== '/api/v1/analytics/hero' || command === 'analytics/hero');
    expect(own).toHaveLength(1);
    const req = own[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/api/v1/${command}`);
    // A list asked without a limit is read whole: the server asks for WORKSPACE_LIST_MAX_ROWS rows.
    const readWhole =
      'limit' in (tools.find((t) => t.name === tool)?.input.shape ?? {}) &&
      tools.find((t) => t.name === tool)?.pages &&
      args['limit'] === undefined;
    expect(req.body).toEqual(readWhole ? { ...args, limit: DEFAULTS.listMaxRows } : args);
    expect(req.headers['authorization']).toBe(`Bearer ${SANDBOX_CREDENTIALS.connectorToken}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-api-key']).toBeUndefined();
    if (keyed) expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    else expect(req.headers['idempotency-key']).toBeUndefined();
  });

  test('a command without input sends {}', async () => {
    await run('analytics_hero');
    expect(sandbox.requests[0]!.body).toEqual({});
  });

  test('writes change the sandbox workspace', async () => {
    await run('groups_member_add', { groupId: 'g_eng', userId: 'u_tom' });
    const list = await run('groups_list', { parentId: null });
    const eng = (list.structuredContent!['groups'] as { id: string; memberCount: number }[]).find((g) => g.id === 'g_eng');
    expect(eng?.memberCount).toBe(2);
  });

  test.each(INVALID)('$tool refuses $args before any request', async ({ tool, args, mentions }) => {
    const result = await run(tool, args);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(mentions);
    expect(sandbox.requests).toHaveLength(0);
  });

  test('the same idempotency key replays the first result; other input with it is a 409', async () => {
    const args = { userId: 'u_kenji', tags: ['Mentor'], idempotencyKey: 'retag-kenji-1' };
    const first = await run('members_set_tags', args);
    const again = await run('members_set_tags', args);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(sandbox.requests.map((r) => r.headers['idempotency-key'])).toEqual(['retag-kenji-1', 'retag-kenji-1']);
    expect(sandbox.requests[0]!.body).toEqual({ userId: 'u_kenji', tags: ['Mentor'] });

    const conflict = await run('members_set_tags', { ...args, tags: ['Other'] });
    expect(conflict.isError).toBe(true);
    expect(text(conflict)).toContain('Error CONFLICT (HTTP 409 IDEMPOTENCY_KEY_REUSED)');
    expect(text(conflict)).toContain('Resolution:');
    expect(sandbox.requests).toHaveLength(3); // a 409 is never retried
  });

  test('each write without a key gets a fresh one', async () => {
    await run('explore_toggle', { exploreEnabled: false });
    await run('explore_toggle', { exploreEnabled: false });
    const keys = sandbox.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test('a read is retried after a 503', async () => {
    sandbox.inject({ path: '/api/v1/analytics/hero', status: 503 });
    const result = await run('analytics_hero');
    expect(result.isError).toBeFalsy();
    expect(sandbox.requests).toHaveLength(2);
  });

  test('a read is retried after the connection is reset', async () => {
    sandbox.inject({ path: '/api/v1/groups/list', reset: true });
    const result = await run('groups_list');
    expect(result.isError).toBeFalsy();
    expect(sandbox.requests).toHaveLength(2);
  });

  test('a write whose answer was lost is retried with the same key and applied once', async () => {
    sandbox.inject({ path: '/api/v1/groups/member-add', status: 503, afterApply: true });
    const result = await run('groups_member_add', { groupId: 'g_eng', userId: 'u_tom' });
    expect(result.isError, text(result)).toBeFalsy();
    expect(sandbox.requests).toHaveLength(2);
    expect(sandbox.requests[1]!.headers['idempotency-key']).toBe(sandbox.requests[0]!.headers['idempotency-key']);
    expect(sandbox.ws.memberships.filter((m) => m.groupId === 'g_eng' && m.userId === 'u_tom')).toHaveLength(1);
  });

  test('Retry-After on a 429 is honoured', async () => {
    sandbox.inject({ path: '/api/v1/analytics/courses', status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const result = await run('analytics_courses');
    expect(result.isError).toBeFalsy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  test('a 422 reports status, code, message, resolution and each field error, in words and as data', async () => {
    const result = await run('groups_member_add', { groupId: 'g_nowhere', userId: 'u_nobody' });
    expect(result.isError).toBe(true);
    const t = text(result);
    expect(t).toContain('Error UPSTREAM_INVALID (HTTP 422 VALIDATION_ERROR): The workspace said: "The request body is invalid."');
    expect(result._meta?.['learning-workspace/error']).toMatchObject({
      code: 'UPSTREAM_INVALID',
      status: 422,
      upstreamCode: 'VALIDATION_ERROR',
      retry: false,
      fieldErrors: { groupId: ['no group with id g_nowhere'] },
    });
    expect(t).toContain('Resolution: Correct what the message and the field errors name');
    expect(t).toContain('- groupId: "no group with id g_nowhere"');
    expect(t).toContain('- userId: "no member with id u_nobody"');
    expect(sandbox.requests).toHaveLength(1);
  });

  test("an unknown assignment's error carries in _meta the resolution its text shows", async () => {
    const result = await run('assignments_get', { assignmentId: 'a_nowhere' });
    expect(result.isError).toBe(true);
    const resolution = 'Correct what the message and the field errors name, then call again.';
    expect(text(result).split('\n')[1]).toBe(`Resolution: ${resolution}`);
    expect(result._meta?.['learning-workspace/error']).toMatchObject({ code: 'UPSTREAM_INVALID', resolution });
  });

  test('a 404 from the upstream is reported with its details', async () => {
    sandbox.inject({
      path: '/api/v1/courses/structure',
      status: 404,
      body: {
        success: false,
        error: { code: 'UNKNOWN_COMMAND', message: 'Unknown command courses/structure.', resolution: 'Upgrade the workspace.' },
      },
    });
    const result = await run('courses_structure', { courseId: 'c_security' });
    expect(text(result)).toContain('Error NOT_FOUND (HTTP 404 UNKNOWN_COMMAND): The workspace said: "Unknown command courses/structure."');
    // The workspace's suggestion is its words, quoted; the Resolution line is the server's.
    expect(text(result)).toContain(`Resolution: ${"Check the id with the tool its field's description names as the source."}`);
    expect(text(result)).toContain('The workspace suggests (its words, not the server\'s): "Upgrade the workspace."');
  });

  test('an answer that is not an envelope is reported clearly', async () => {
    sandbox.inject({ path: '/api/v1/analytics/hero', status: 502, body: '<html>Bad gateway</html>', times: 3 });
    const result = await run('analytics_hero');
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('HTTP 502');
    expect(text(result)).toContain('not a Connector envelope');
    expect(sandbox.requests).toHaveLength(3); // the first try and two retries
  });
});

describe.each(transports)('refusals over %s', (_name, connect) => {
  test('a wrong token gets a 401 naming the credential to check, without the token', async () => {
    const conn = await connect(sandboxEnv(sandbox, { WORKSPACE_CONNECTOR_TOKEN: 'sbx_wrong_token_value_123' }));
    const result = await call(conn.client, 'analytics_hero');
    outputs.push(JSON.stringify(result));
    if (conn.stderr) outputs.push(conn.stderr());
    await conn.close();
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Error UNAUTHORIZED (HTTP 401)');
    expect(text(result)).toContain('Check: WORKSPACE_CONNECTOR_TOKEN');
  });
});

describe('policy refusals', () => {
  test('a read-only child token gets a 403 on writes and on the monthly overview', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_CONNECTOR_TOKEN: SANDBOX_CREDENTIALS.readOnlyToken }));
    const del = await call(conn.client, 'groups_delete', { groupId: 'g_alumni' });
    const month = await call(conn.client, 'analytics_monthly_overview');
    const read = await call(conn.client, 'analytics_hero');
    outputs.push(JSON.stringify([del, month, read]), conn.stderr());
    await conn.close();
    expect(text(del)).toContain('Error FORBIDDEN (HTTP 403)');
    expect(text(del)).toContain("Connector's policy");
    expect(text(month)).toContain('VIEW_ANALYTICS');
    expect(read.isError).toBeFalsy();
  });
});
