// batch_call against the built server, with the SDKs' own clients: many calls of the API tools in one,
// checked whole before anything is sent, run side by side, one question for all their deletions, keys
// made from the batch's so a retry writes nothing twice, refused whole by a read-only or rate-limited
// server, handed off as a job when it outlasts the client, one span per call and an audit line per write.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  CLI,
  connectHttp,
  connectStdio,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type Connected,
  type Sandbox,
  watched,
} from './helpers.js';
import { receiver, until } from './otlp.js';

interface Item {
  index: number;
  tool: string;
  status: 'succeeded' | 'failed' | 'skipped' | 'declined';
  result?: Record<string, unknown>;
  error?: { status?: number; code?: string; message: string; fieldErrors?: Record<string, string[]> };
}
interface Batch {
  results: Item[];
  succeeded: number;
  failed: number;
  declined?: number;
  skipped?: number;
  tools: Record<string, Record<string, number>>;
  failures?: { calls: number[]; tool: string; error: NonNullable<Item['error']>; otherMessages?: number }[];
  listed?: number;
  idempotencyKey?: string;
}
const batchOf = (r: CallToolResult) => r.structuredContent as unknown as Batch;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

/** n people who joined today, as the workspace has them (u_hire_01, …, u_hire_1000). */
function hire(n: number): string[] {
  const ids = Array.from({ length: n }, (_, i) => `u_hire_${String(i + 1).padStart(2, '0')}`);
  for (const id of ids)
    sandbox.ws.users.push({
      id,
      name: `Hire ${id.slice(7)}`,
      email: `${id}@northwind.example`,
      avatarUrl: null,
      role: 'MEMBER',
      joinedAt: new Date().toISOString(),
      tagIds: [],
    });
  return ids;
}

/** One groups_member_add call per person, its arguments as the listed schema asks: a JSON object as a string. */
const adds = (userIds: string[], groupId = 'g_newhires') =>
  userIds.map((userId) => ({ tool: 'groups_member_add', arguments: JSON.stringify({ groupId, userId }) }));
const sent = (path: string) => sandbox.requests.filter((r) => r.path === `/api/v1/${path}`);

async function batch(client: Client, args: Record<string, unknown>, onprogress?: (message: string) => void): Promise<CallToolResult> {
  const options = onprogress ? { onprogress: (p: { message?: string | undefined }) => onprogress(p.message ?? '') } : {};
  return (await client.callTool({ name: 'batch_call', arguments: args }, CallToolResultSchema, options)) as CallToolResult;
}

describe('over stdio (2025-11-25 SDK client)', () => {
  let conn: Connected;
  beforeAll(async () => {
    conn = await connectStdio(sandboxEnv(sandbox));
  });
  afterAll(() => conn.close());

  test('30 groups_member_add calls in one: 30 upstream requests, 30 results, each write keyed by the batch and its index, progress "n of 30"', async () => {
    const people = hire(30);
    const progress: string[] = [];
    const r = await batch(conn.client, { calls: adds(people) }, (m) => progress.push(m));
    expect(r.isError, text(r)).toBeFalsy();
    const b = batchOf(r);
    expect([b.succeeded, b.failed]).toEqual([30, 0]);
    expect(
      b.results.map((i) => [i.index, i.status, (i.result?.['membership'] as { user?: { id?: string } } | undefined)?.user?.id]),
    ).toEqual(people.map((id, i) => [i, 'succeeded', id]));
    expect(sent('groups/member-add')).toHaveLength(30);
    expect(sandbox.ws.memberships.filter((m) => m.groupId === 'g_newhires' && people.includes(m.userId))).toHaveLength(30);
    const keys = sent('groups/member-add').map((q) => String(q.headers['idempotency-key']));
    expect(new Set(keys).size).toBe(30);
    expect(keys.sort()).toEqual(people.map((_, i) => `${b.idempotencyKey}:${i}`).sort());
    expect(text(r)).toMatch(/^30 calls: 30 succeeded, 0 failed\./);
    // One status per call, in order. The SDK clients drop progress that arrives in the same read as the
    // answer (typescript-sdk#2580), so the last few may be missing however the server orders them.
    const counts = progress.filter((m) => / of 30 done$/.test(m));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(people.slice(0, counts.length).map((_, i) => `${i + 1} of 30 done`));
  });

  test('40 calls against a 400 ms upstream: at most 16 requests open at once, and 16 reached', async () => {
    const people = hire(40);
    sandbox.latencyMs = 400;
    const r = await batch(conn.client, { calls: adds(people) });
    expect(batchOf(r).succeeded, text(r)).toBe(40);
    expect(sent('groups/member-add')).toHaveLength(40);
    expect(sandbox.maxOpen).toBe(16);
  });

  test('one invalid call refuses the whole batch, naming its index and field; nothing is sent', async () => {
    const people = hire(5);
    const calls: Record<string, unknown>[] = adds(people);
    calls[3] = { tool: 'groups_member_add', arguments: { groupId: 'g_newhires', userId: '' } };
    const r = await batch(conn.client, { calls });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('INVALID_INPUT');
    expect(text(r)).toContain('Call 3 of the batch cannot run as given; nothing of the batch was sent');
    expect(text(r)).toMatch(/- calls\[3\]\.arguments\.userId: groups_member_add: /);
    const unknown = await batch(conn.client, {
      calls: [...adds(people.slice(0, 2)), { tool: 'groups_member_ad', arguments: '{}' }, { tool: 'jobs_get', arguments: '{"jobId":"x"}' }],
    });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('calls[2].tool: no tool "groups_member_ad" (did you mean groups_member_add');
    expect(text(unknown)).toContain('calls[3].tool: jobs_get cannot run inside a batch');
    const many = await batch(conn.client, { calls: adds(hire(1_001)) });
    expect(many.isError).toBe(true);
    expect(text(many)).toContain('A batch takes at most 1000 calls and this one has 1001; nothing was sent. Send them as 2 batches.');
    expect(sandbox.requests).toHaveLength(0);
  });

  test("calls naming groups that do not exist fail with the upstream's error, listed first; the others succeed", async () => {
    const people = hire(6);
    const calls = people.map((userId, i) => ({
      tool: 'groups_member_add',
      arguments: { groupId: i === 1 || i === 4 ? 'g_nope' : 'g_newhires', userId },
    }));
    const r = await batch(conn.client, { calls });
    expect(r.isError).toBeFalsy();
    const b = batchOf(r);
    expect([b.succeeded, b.failed]).toEqual([4, 2]);
    expect(b.results.filter((i) => i.status === 'failed').map((i) => i.index)).toEqual([1, 4]);
    // The two failed alike: one entry names both.
    expect(b.failures).toEqual([
      {
        calls: [1, 4],
        tool: 'groups_member_add',
        error: expect.objectContaining({
          status: 422,
          code: 'UPSTREAM_INVALID',
          upstreamCode: 'VALIDATION_ERROR',
          fieldErrors: { groupId: ['no group with id g_nope'] },
        }),
      },
    ]);
    const lines = text(r).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '6 calls: 4 succeeded, 2 failed.',
      'Failed (2):',
      expect.stringMatching(
        /^- calls\[1\] groups_member_add \(groupId g_nope, userId u_hire_02\): HTTP 422 UPSTREAM_INVALID: .* Fields: groupId: no group with id g_nope$/,
      ),
      expect.stringMatching(/^- calls\[4\] groups_member_add \(groupId g_nope, userId u_hire_05\): HTTP 422 UPSTREAM_INVALID/),
    ]);
    expect(sent('groups/member-add')).toHaveLength(6);
  });

  test('the same batch sent again with its idempotency key writes nothing twice: every write is answered again upstream', async () => {
    const people = hire(5);
    const before = sandbox.ws.memberships.length;
    const args = { calls: adds(people), idempotencyKey: 'onboarding-2026-09' };
    const first = batchOf(await batch(conn.client, args));
    const again = batchOf(await batch(conn.client, args));
    expect(first.succeeded).toBe(5);
    expect(again.succeeded).toBe(5);
    expect(again.results.map((i) => i.result)).toEqual(first.results.map((i) => i.result));
    expect(sandbox.ws.memberships.length - before).toBe(5);
    const keys = sent('groups/member-add').map((q) => q.headers['idempotency-key']);
    expect(keys).toHaveLength(10);
    expect(keys.slice(5).sort()).toEqual(keys.slice(0, 5).sort());
    expect(first.idempotencyKey).toBe('onboarding-2026-09');
    // Without the key the batch is a new one: the upstream refuses what is already done.
    const fresh = batchOf(await batch(conn.client, { calls: adds(people) }));
    expect(fresh.failed).toBe(5);
  });

  test('reads run side by side too, and the arguments may be sent as objects', async () => {
    const users = ['u_amara', 'u_lucas', 'u_sofia', 'u_kenji'];
    const r = await batch(conn.client, { calls: users.map((userId) => ({ tool: 'assignments_for_user', arguments: { userId } })) });
    const b = batchOf(r);
    expect(b.succeeded).toBe(4);
    expect(b.idempotencyKey).toBeUndefined();
    expect(b.results.map((i) => (i.result?.['user'] as { id: string }).id)).toEqual(users);
  });
});

type Answer = 'accept' | 'decline';

/** A v1 (2025-11-25, elicitation) or v2 (2026-07-28, input_required) SDK client over stdio that asks its person. */
async function asking(
  kind: 'v1' | 'v2',
  answer: Answer,
  asked: string[],
): Promise<{ call: (args: Record<string, unknown>) => Promise<CallToolResult>; close: () => Promise<void> }> {
  const reply = (message: string) => {
    asked.push(message);
    return answer === 'accept' ? { action: 'accept' as const, content: { confirm: true } } : { action: 'decline' as const };
  };
  const env = sandboxEnv(sandbox);
  if (kind === 'v1') {
    const client = watched(new Client({ name: 'v1', version: '0' }, { capabilities: { elicitation: { form: {} } } }));
    client.setRequestHandler(ElicitRequestSchema, async (r) => reply(String(r.params.message)));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI], env, stderr: 'ignore' }));
    return {
      call: async (args) => (await client.callTool({ name: 'batch_call', arguments: args })) as CallToolResult,
      close: () => client.close(),
    };
  }
  const client = new V2Client(
    { name: 'v2', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (r) => reply(String((r.params as { message: string }).message)));
  await client.connect(new V2Stdio({ command: process.execPath, args: [CLI], env, stderr: 'ignore' }));
  return {
    call: async (args) => (await client.callTool({ name: 'batch_call', arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

describe.each(['v1', 'v2'] as const)('three members_remove calls, %s SDK client', (kind) => {
  const leavers = ['u_priya', 'u_tom', 'u_nina'];
  const removals = leavers.map((userId) => ({ tool: 'members_remove', arguments: JSON.stringify({ userId }) }));

  test('exactly one question names the three people; declined, none is sent and the other call runs', async () => {
    const asked: string[] = [];
    const c = await asking(kind, 'decline', asked);
    try {
      const people = hire(1);
      const r = await c.call({ calls: [...removals, ...adds(people)] });
      expect(r.isError, text(r)).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(asked[0]!.split('\n').slice(0, 4)).toEqual([
        'Do these 3 things, which cannot be undone?',
        expect.stringMatching(
          /^1\. Remove “Priya Raman” \(“priya@northwind\.example”\) from the whole workspace, with all their group memberships/,
        ),
        expect.stringMatching(/^2\. Remove “Tom Becker” \(“tom@northwind\.example”\) from the whole workspace/),
        expect.stringMatching(/^3\. Remove “Nina Rossi” \(“nina@northwind\.example”\) from the whole workspace/),
      ]);
      expect(asked[0]).toContain('The other call of this batch deletes nothing and runs either way.');
      const b = batchOf(r);
      expect(b.results.map((i) => i.status)).toEqual(['declined', 'declined', 'declined', 'succeeded']);
      expect(sent('members/remove')).toHaveLength(0);
      expect(sent('groups/member-add')).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  test('accepted, the three are sent, under keys from the batch', async () => {
    const asked: string[] = [];
    const c = await asking(kind, 'accept', asked);
    try {
      const r = await c.call({ calls: removals });
      expect(asked).toHaveLength(1);
      expect(batchOf(r).succeeded).toBe(3);
      const removed = sent('members/remove');
      expect(removed.map((q) => (q.body as { userId: string }).userId).sort()).toEqual([...leavers].sort());
      expect(removed.map((q) => q.headers['idempotency-key']).sort()).toEqual([0, 1, 2].map((i) => `${batchOf(r).idempotencyKey}:${i}`));
      expect(sandbox.ws.users.some((u) => leavers.includes(u.id))).toBe(false);
    } finally {
      await c.close();
    }
  });
});

describe('refused whole, nothing sent', () => {
  test('a read-only server refuses a batch with any write, naming it; a batch of reads runs', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_READ_ONLY: '1' }));
    try {
      const tools = (await conn.client.listTools()).tools;
      expect(tools.find((t) => t.name === 'batch_call')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const r = await batch(conn.client, {
        calls: [{ tool: 'groups_list' }, { tool: 'members_set_tags', arguments: '{"userId":"u_tom","tags":[]}' }],
      });
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('READ_ONLY');
      expect(text(r)).toContain(
        'calls[1].tool: members_set_tags changes the workspace, and this server offers only the tools that change nothing (WORKSPACE_READ_ONLY).',
      );
      expect(sandbox.requests).toHaveLength(0);
      expect(batchOf(await batch(conn.client, { calls: [{ tool: 'groups_list' }, { tool: 'analytics_hero' }] })).succeeded).toBe(2);
    } finally {
      await conn.close();
    }
  });

  test('a rate-limited server counts every call of a batch: one larger than what is left is refused whole with the limit named, and costs nothing', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--rate-limit', '10/min']);
    const conn = await connectHttp(server.url);
    try {
      const people = hire(11);
      const refused = await batch(conn.client, { calls: adds(people) }).catch((e: unknown) => e as Error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain(
        'this request holds 11, and 10 of the 10 tool calls per minute this server allows per caller (--rate-limit) are left; nothing was sent. Split it',
      );
      expect(sandbox.requests).toHaveLength(0);
      // The refused batch cost nothing: ten calls still fit, and then no more.
      expect(batchOf(await batch(conn.client, { calls: adds(people.slice(0, 10)) })).succeeded).toBe(10);
      const after = await conn.client.callTool({ name: 'analytics_hero', arguments: {} }).catch((e: unknown) => e as Error);
      expect((after as Error).message).toContain('Too many tool calls');
      expect(sandbox.requests).toHaveLength(10);
    } finally {
      await conn.close();
      await server.stop();
    }
  });

  test('over HTTP, a batch keeps to --max-inflight', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox), ['--max-inflight', '4']);
    const conn = await connectHttp(server.url);
    try {
      sandbox.latencyMs = 100;
      const r = await batch(conn.client, { calls: adds(hire(12)) });
      expect(batchOf(r).succeeded).toBe(12);
      expect(sandbox.maxOpen).toBe(4);
    } finally {
      await conn.close();
      await server.stop();
    }
  });
});

describe('a batch that outlasts the hand-off time', () => {
  let conn: Connected;
  beforeAll(async () => {
    conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_JOB_AFTER_MS: '300' }));
  });
  afterAll(() => conn.close());
  const jobOf = (r: CallToolResult) =>
    (r.structuredContent as { job: { id: string; status: string; result?: Batch; progress?: string } }).job;

  test("becomes a job, and jobs_get gives the batch's result", async () => {
    sandbox.latencyMs = 400;
    const people = hire(40);
    const r = await batch(conn.client, { calls: adds(people) });
    const job = jobOf(r);
    expect(job.status).toBe('running');
    expect(text(r)).toContain('batch_call is still running as job');
    let done = job;
    for (let i = 0; i < 20 && done.status === 'running'; i++)
      done = jobOf((await conn.client.callTool({ name: 'jobs_get', arguments: { jobId: job.id } })) as CallToolResult);
    expect(done.status).toBe('succeeded');
    expect(done.result?.succeeded).toBe(40);
    expect(done.result?.results).toHaveLength(40);
    expect(sent('groups/member-add')).toHaveLength(40);
  });

  test("1,000 calls handed off: jobs_get's answer, the job around the batch's, keeps within 40,000 characters", async () => {
    sandbox.latencyMs = 20;
    const people = hire(1_000);
    const r = await batch(conn.client, { calls: adds(people) });
    let done = jobOf(r);
    expect(done.status).toBe('running');
    let got = r;
    for (let i = 0; i < 30 && done.status === 'running'; i++) {
      got = (await conn.client.callTool({ name: 'jobs_get', arguments: { jobId: done.id } })) as CallToolResult;
      done = jobOf(got);
    }
    expect(done.status).toBe('succeeded');
    expect(done.result?.succeeded).toBe(1_000);
    expect(JSON.stringify(got.structuredContent).length).toBeLessThanOrEqual(40_000);
    expect(got.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n').length).toBeLessThanOrEqual(40_000);
    expect(sent('groups/member-add')).toHaveLength(1_000);
  });

  test('jobs_cancel stops the calls not yet sent', async () => {
    sandbox.latencyMs = 400;
    const people = hire(40);
    const r = await batch(conn.client, { calls: adds(people) });
    const cancelled = (await conn.client.callTool({ name: 'jobs_cancel', arguments: { jobId: jobOf(r).id } })) as CallToolResult;
    expect(jobOf(cancelled).status).toBe('cancelled');
    // What was open when the cancel came ends; nothing more is sent, however long one waits.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const count = sent('groups/member-add').length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(40);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sent('groups/member-add')).toHaveLength(count);
  });
});

describe('what operators see', () => {
  test('one span for the batch with a child per call, upstream spans under their call; one audit line per write', async () => {
    const otlp = await receiver();
    const audit = join(mkdtempSync(join(tmpdir(), 'lw-batch-')), 'audit.jsonl');
    const env = sandboxEnv(sandbox, {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      WORKSPACE_AUDIT_LOG: audit,
    });
    const conn = await connectStdio(env);
    try {
      const people = hire(2);
      const r = await batch(conn.client, {
        calls: [
          ...adds(people),
          { tool: 'groups_list' },
          { tool: 'groups_member_add', arguments: '{"groupId":"g_nope","userId":"u_tom"}' },
        ],
      });
      expect(batchOf(r).succeeded).toBe(3);
      const server = await until(() => otlp.spans().find((s) => s.name === 'tools/call batch_call'));
      const items = await until(() => {
        const found = otlp.spans().filter((s) => s.parentSpanId === server.spanId && s.name.startsWith('execute_tool '));
        return found.length === 4 ? found : undefined;
      });
      expect(items.map((s) => s.name).sort()).toEqual([
        'execute_tool groups_list',
        'execute_tool groups_member_add',
        'execute_tool groups_member_add',
        'execute_tool groups_member_add',
      ]);
      expect(items.find((s) => s.attributes.some((a) => a.key === 'error.type'))).toBeDefined();
      const upstream = await until(() => {
        const found = otlp.spans().filter((s) => s.kind === 3 && items.some((i) => i.spanId === s.parentSpanId));
        return found.length === 4 ? found : undefined;
      });
      expect(upstream).toHaveLength(4);
      const lines = readFileSync(audit, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { tool: string; targets: Record<string, string>; outcome: string });
      expect(lines.map((l) => [l.tool, l.targets['userId'], l.outcome]).sort()).toEqual([
        ['groups_member_add', 'u_hire_01', 'ok'],
        ['groups_member_add', 'u_hire_02', 'ok'],
        ['groups_member_add', 'u_tom', 'UPSTREAM_INVALID'],
      ]);
    } finally {
      await conn.close();
      await otlp.close();
    }
  });
});

describe('at size: up to 1,000 calls in one batch', () => {
  const MAX = 40_000;
  const within = (r: CallToolResult) => {
    expect(text(r).length).toBeLessThanOrEqual(MAX);
    expect(JSON.stringify(r.structuredContent).length).toBeLessThanOrEqual(MAX);
  };

  test('500 adds reach the workspace exactly once each, and the answer keeps within 40,000 characters', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox));
    try {
      const people = hire(500);
      const progress: string[] = [];
      const r = await batch(conn.client, { calls: adds(people) }, (m) => progress.push(m));
      expect(r.isError, text(r).slice(0, 500)).toBeFalsy();
      // Progress every hundredth of the batch, in order (the last few may be dropped by the SDK client, as above).
      const counts = progress.filter((m) => / of 500 done$/.test(m));
      expect(counts.length).toBeGreaterThan(0);
      expect(counts).toEqual(counts.map((_, i) => `${(i + 1) * 5} of 500 done`));
      within(r);
      const b = batchOf(r);
      expect([b.succeeded, b.failed]).toEqual([500, 0]);
      expect(b.tools).toEqual({ groups_member_add: { succeeded: 500 } });
      const received = sent('groups/member-add').map((q) => (q.body as { userId: string }).userId);
      expect(received).toHaveLength(500);
      expect([...received].sort()).toEqual([...people].sort());
      expect(sandbox.ws.memberships.filter((m) => m.groupId === 'g_newhires' && people.includes(m.userId))).toHaveLength(500);
      // The first calls are listed with their answers, the rest counted, with how to see them.
      expect(b.listed).toBe(b.results.length);
      expect(b.results.map((i) => i.index)).toEqual(people.slice(0, b.results.length).map((_, i) => i));
      expect(text(r)).toContain(`Calls ${b.results.length}-499 are not listed one by one`);
      expect(text(r)).toContain(`idempotencyKey "${b.idempotencyKey}:<index>"`);
    } finally {
      await conn.close();
    }
  });

  test('over HTTP, 1,000 adds in one request body: each reaches the workspace once, 16 at most at once', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox));
    const conn = await connectHttp(server.url);
    try {
      const people = hire(1_000);
      const r = await batch(conn.client, { calls: adds(people) });
      within(r);
      expect(batchOf(r).succeeded).toBe(1_000);
      const received = sent('groups/member-add').map((q) => (q.body as { userId: string }).userId);
      expect(received.sort()).toEqual([...people].sort());
      expect(sandbox.maxOpen).toBeLessThanOrEqual(16);
    } finally {
      await conn.close();
      await server.stop();
    }
  });

  test('1,000 deletions: one question with the count, the tool and the first 20 named, "and 980 more"; 20 reads to describe them', async () => {
    const asked: string[] = [];
    const c = await asking('v1', 'decline', asked);
    try {
      const leavers = hire(1_000);
      const r = await c.call({ calls: leavers.map((userId) => ({ tool: 'members_remove', arguments: JSON.stringify({ userId }) })) });
      expect(r.isError, text(r).slice(0, 500)).toBeFalsy();
      expect(asked).toHaveLength(1);
      const lines = asked[0]!.split('\n');
      expect(lines).toHaveLength(22);
      expect(lines[0]).toBe('Do these 1000 things, which cannot be undone? 1000 calls of members_remove; the first 20:');
      lines
        .slice(1, 21)
        .forEach((l, i) => expect(l).toMatch(new RegExp(`^${i + 1}\\. Remove “Hire ${String(i + 1).padStart(2, '0')}” \\(“u_hire_`)));
      expect(lines[21]).toBe('and 980 more, not named here.');
      expect(sent('assignments/for-user')).toHaveLength(20);
      expect(sent('members/remove')).toHaveLength(0);
      within(r);
      expect(batchOf(r).declined).toBe(1_000);
    } finally {
      await c.close();
    }
  });

  test('1,000 deletions accepted by a 2026-07-28 client (input_required): each sent once, 16 at most at once', async () => {
    const asked: string[] = [];
    const c = await asking('v2', 'accept', asked);
    try {
      const leavers = hire(1_000);
      const r = await c.call({ calls: leavers.map((userId) => ({ tool: 'members_remove', arguments: JSON.stringify({ userId }) })) });
      expect(asked).toHaveLength(1);
      within(r);
      expect(batchOf(r).succeeded).toBe(1_000);
      const removed = sent('members/remove').map((q) => (q.body as { userId: string }).userId);
      expect(removed.sort()).toEqual([...leavers].sort());
      expect(sandbox.maxOpen).toBeLessThanOrEqual(16);
    } finally {
      await c.close();
    }
  });

  test('1,000 calls that all fail, each its own way: every failed index in the answer, within 40,000 characters', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox));
    try {
      const calls = Array.from({ length: 1_000 }, (_, i) => ({
        tool: 'groups_member_add',
        arguments: JSON.stringify(i % 2 ? { groupId: `g_nope_${i}`, userId: 'u_tom' } : { groupId: 'g_newhires', userId: `u_ghost_${i}` }),
      }));
      const r = await batch(conn.client, { calls });
      expect(r.isError).toBeFalsy();
      within(r);
      const b = batchOf(r);
      expect([b.succeeded, b.failed]).toEqual([0, 1_000]);
      expect(b.failures!.flatMap((f) => f.calls).sort((x, y) => x - y)).toEqual(calls.map((_, i) => i));
      expect(b.failures!.every((f) => f.error.code === 'UPSTREAM_INVALID')).toBe(true);
      expect(text(r)).toMatch(/^Failed \(1000\):$/m);
      expect(sent('groups/member-add')).toHaveLength(1_000);
    } finally {
      await conn.close();
    }
  });
});
