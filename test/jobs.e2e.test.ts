// Long operations against clients that give up: a real SDK client that waits 58 s and does not reset its
// timeout on progress, an upstream that takes 66 to 80 s. JOBS_TEST_SCALE shrinks every time in
// proportion (0.05 for a quick run while working); CI runs it at 1, in real time, the tests side by side.
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import {
  connectHttp,
  connectStdio,
  sandboxEnv,
  startHttpProcess,
  startRedis,
  startSandbox,
  text,
  type Connected,
  type Sandbox,
  watched,
} from './helpers.js';
import { needPrograms } from './programs.js';

const S = Number(process.env['JOBS_TEST_SCALE'] ?? 1);
const ms = (n: number) => Math.max(1, Math.round(n * S));
const CLIENT_GIVES_UP = ms(58_000);
const HAND_OFF = ms(40_000);
const DECK = ms(80_000);
const TEST_TIMEOUT = ms(200_000) + 30_000;
const DECK_ARGS = { topic: 'Negotiation basics', numberOfSlides: 5, locale: 'en' };

/** The server's settings for these tests: the hand-off and the still-working beat, both scaled. */
const jobEnv = (sandbox: Sandbox, extra: Record<string, string> = {}) =>
  sandboxEnv(sandbox, { WORKSPACE_JOB_AFTER_MS: String(HAND_OFF), WORKSPACE_KEEPALIVE_MS: String(Math.max(100, ms(10_000))), ...extra });

/** A tools/call as a client with a fixed 58 s timeout makes it (progress does not extend it). */
async function callAsImpatientClient(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  onprogress?: (message: string | undefined) => void,
): Promise<CallToolResult> {
  const options = {
    timeout: CLIENT_GIVES_UP,
    resetTimeoutOnProgress: false,
    ...(onprogress ? { onprogress: (p: { message?: string | undefined }) => onprogress(p.message) } : {}),
  };
  return (await client.callTool({ name, arguments: args }, CallToolResultSchema, options)) as CallToolResult;
}

interface Job {
  id: string;
  tool: string;
  status: string;
  result?: Record<string, unknown>;
  error?: { status?: number; code?: string; message: string };
  progress?: string;
}
const jobOf = (r: CallToolResult) => (r.structuredContent as { job?: Job } | undefined)?.job;

/** jobs_get until the job ends, counting the turns an agent would take. */
async function follow(client: Client, id: string): Promise<{ job: Job; result: CallToolResult; turns: number }> {
  for (let turns = 1; ; turns++) {
    const result = await callAsImpatientClient(client, 'jobs_get', { jobId: id });
    const job = jobOf(result)!;
    if (job.status !== 'running') return { job, result, turns };
    if (turns > 50) throw new Error('the job never ended');
  }
}

const creates = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path === '/api/v1/pdf-generator/create').length;

describe.concurrent('long operations over stdio', () => {
  test(
    'an 80 s deck comes back as a running job before the client gives up; jobs_get gives the deck; the identical retry joined it',
    { timeout: TEST_TIMEOUT },
    async () => {
      const sandbox = await startSandbox({ generationMs: DECK });
      const conn = await connectStdio(jobEnv(sandbox));
      try {
        const started = Date.now();
        const first = await callAsImpatientClient(conn.client, 'presentations_create', DECK_ARGS);
        const handedOffAfter = Date.now() - started;
        expect(first.isError).toBeFalsy();
        expect(handedOffAfter).toBeLessThan(CLIENT_GIVES_UP);
        const job = jobOf(first)!;
        expect(job).toMatchObject({ tool: 'presentations_create', status: 'running' });
        expect(job.id).toMatch(/^[0-9a-f]{32}$/);
        expect(text(first)).toContain('jobs_get');
        // The agent, unsure, calls again with the same arguments (in another order): the same job, no second deck.
        const again = await callAsImpatientClient(conn.client, 'presentations_create', {
          locale: 'en',
          numberOfSlides: 5,
          topic: 'Negotiation basics',
        });
        expect(jobOf(again)?.id).toBe(job.id);
        const followed = await follow(conn.client, job.id);
        expect(followed.job.status).toBe('succeeded');
        expect(followed.job.result).toMatchObject({ success: true, presentation: { topic: 'Negotiation basics', numberOfSlides: 5 } });
        expect(followed.result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')).toContain('"presentation"');
        expect(creates(sandbox)).toBe(1);
        console.log(
          `80 s deck (scale ${S}): handed off after ${(handedOffAfter / 1000).toFixed(1)} s; ${followed.turns} jobs_get turns to the deck`,
        );
      } finally {
        await conn.close();
        await sandbox.close();
      }
    },
  );

  test('a job whose upstream answers 500 after 66 s ends failed with that error', { timeout: TEST_TIMEOUT }, async () => {
    const sandbox = await startSandbox({ generationMs: 10 });
    sandbox.inject({
      path: '/api/v1/pdf-generator/create',
      delayMs: ms(66_000),
      status: 500,
      body: { message: 'The slide renderer crashed.', code: 'RENDER_FAILED' },
    });
    const conn = await connectStdio(jobEnv(sandbox));
    try {
      const job = jobOf(await callAsImpatientClient(conn.client, 'presentations_create', DECK_ARGS))!;
      expect(job.status).toBe('running');
      const { job: ended, result } = await follow(conn.client, job.id);
      expect(ended).toMatchObject({
        status: 'failed',
        error: {
          status: 500,
          code: 'UPSTREAM_FAILED',
          upstreamCode: 'RENDER_FAILED',
          message: 'The workspace said: "The slide renderer crashed."',
        },
      });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('Error UPSTREAM_FAILED (HTTP 500 RENDER_FAILED): The workspace said: "The slide renderer crashed."');
      expect(creates(sandbox)).toBe(1);
    } finally {
      await conn.close();
      await sandbox.close();
    }
  });

  test('jobs_cancel ends the job and closes the upstream request within a second', { timeout: TEST_TIMEOUT }, async () => {
    const sandbox = await startSandbox({ generationMs: DECK });
    const conn = await connectStdio(jobEnv(sandbox));
    try {
      const job = jobOf(await callAsImpatientClient(conn.client, 'presentations_create', DECK_ARGS))!;
      expect(sandbox.sockets.size).toBeGreaterThan(0);
      const cancelledAt = Date.now();
      const cancelled = await callAsImpatientClient(conn.client, 'jobs_cancel', { jobId: job.id });
      expect(jobOf(cancelled)?.status).toBe('cancelled');
      while (sandbox.sockets.size > 0 && Date.now() - cancelledAt < 1_000) await new Promise((r) => setTimeout(r, 10));
      expect(sandbox.sockets.size, 'the upstream connection is closed').toBe(0);
      expect((await follow(conn.client, job.id)).job.status).toBe('cancelled');
    } finally {
      await conn.close();
      await sandbox.close();
    }
  });

  test('an 80 s insights answer becomes a job after progress; jobs_get returns the whole answer', { timeout: TEST_TIMEOUT }, async () => {
    const deltas = 40;
    const sandbox = await startSandbox({ stream: { deltas, delayMs: DECK / deltas, token: (i) => `w${i} ` } });
    const conn = await connectStdio(jobEnv(sandbox));
    try {
      const progress: string[] = [];
      const first = await callAsImpatientClient(
        conn.client,
        'performance_insights_ask',
        { question: 'Why did completion drop in the Sales cohort?' },
        (m) => m && progress.push(m),
      );
      const job = jobOf(first)!;
      expect(job.status).toBe('running');
      expect(progress.join(''), 'answer text arrived as progress before the hand-off').toContain('w0 ');
      const { job: ended } = await follow(conn.client, job.id);
      expect(ended.status).toBe('succeeded');
      const answer = String(ended.result?.['answer']);
      for (let i = 0; i < deltas; i++) expect(answer).toContain(`w${i} `);
    } finally {
      await conn.close();
      await sandbox.close();
    }
  });
});

describe.concurrent('tasks (revision 2025-11-25)', () => {
  test(
    "the v1 SDK client's experimental.tasks.callToolStream on a long tool gets a task and its result",
    { timeout: TEST_TIMEOUT },
    async () => {
      const sandbox = await startSandbox({ generationMs: ms(6_000) });
      const conn = await connectStdio(jobEnv(sandbox));
      try {
        expect(conn.client.getServerCapabilities()?.tasks).toMatchObject({ requests: { tools: { call: {} } } });
        const listed = (await conn.client.listTools()).tools.find((t) => t.name === 'presentations_create');
        expect(listed?.execution?.taskSupport).toBe('optional');
        const seen: string[] = [];
        let result: CallToolResult | undefined;
        let taskId = '';
        for await (const message of conn.client.experimental.tasks.callToolStream(
          { name: 'presentations_create', arguments: DECK_ARGS },
          CallToolResultSchema,
          { timeout: CLIENT_GIVES_UP },
        )) {
          seen.push(message.type);
          if (message.type === 'taskCreated') taskId = message.task.taskId;
          if (message.type === 'result') result = message.result as CallToolResult;
          if (message.type === 'error') throw message.error;
        }
        expect(seen[0]).toBe('taskCreated');
        expect(seen.at(-1)).toBe('result');
        expect(result?.structuredContent).toMatchObject({ success: true, presentation: { topic: 'Negotiation basics' } });
        // The same job, seen through the job tools and tasks/list.
        expect(jobOf(await callAsImpatientClient(conn.client, 'jobs_get', { jobId: taskId }))?.status).toBe('succeeded');
        const { tasks } = await conn.client.experimental.tasks.listTasks();
        expect(tasks.map((t) => t.taskId)).toContain(taskId);
        expect(creates(sandbox)).toBe(1);
      } finally {
        await conn.close();
        await sandbox.close();
      }
    },
  );
});

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * A 2026-07-28 client that declares the tasks extension, driven by the extension's own client
 * (@modelcontextprotocol/ext-tasks). The SDK client's codec knows no `task` result, so, as the package asks
 * of its host, task traffic goes out framed by hand: one POST per request with the 2026-07-28 headers.
 */
async function tasksClient(url: string, token?: string) {
  const capabilities = { extensions: { [TASKS_EXTENSION]: {} } };
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const client = new V2Client(
    { name: 'tasks', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: capabilities as never },
  );
  await client.connect(new V2Http(new URL(url), { requestInit: { headers: auth } }));
  let id = 1;
  const raw = async (body: { method: string; params: Record<string, unknown> }) => {
    const name = (body.params['name'] ?? body.params['taskId']) as string | undefined;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': body.method,
      ...(name ? { 'mcp-name': name } : {}),
      ...auth,
    };
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: id++, ...body }) });
    return (await res.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  };
  const framing = { protocolVersion: '2026-07-28', clientInfo: { name: 'tasks', version: '0' }, clientCapabilities: capabilities };
  const session = createTaskSessionFromClient(client as never, { endpointId: url, rawDispatch: raw as never, v2RequestFraming: framing });
  /** A request of this client, framed as the extension's client frames them. */
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': framing.protocolVersion,
    'io.modelcontextprotocol/clientInfo': framing.clientInfo,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const request = (method: string, params: Record<string, unknown>) => raw({ method, params: { ...params, _meta: envelope } });
  /** The same request from a client that did not declare the tasks extension. */
  const undeclared = (method: string, params: Record<string, unknown>) =>
    raw({ method, params: { ...params, _meta: { ...envelope, 'io.modelcontextprotocol/clientCapabilities': {} } } });
  return { session, request, undeclared, close: async () => (await session.close(), await client.close()) };
}

describe.concurrent('tasks extension (revision 2026-07-28)', () => {
  test(
    "the extension's own client on a long tool gets a task and then the deck; one create upstream",
    { timeout: TEST_TIMEOUT },
    async () => {
      const sandbox = await startSandbox({ generationMs: ms(6_000) });
      const server = await startHttpProcess(jobEnv(sandbox), ['--stateless']);
      const c = await tasksClient(server.url);
      try {
        const execution = await c.session.callTool('presentations_create', DECK_ARGS);
        expect(execution.kind).toBe('task');
        const { outcome } = await execution.settle();
        expect(outcome.status).toBe('completed');
        const result = resultFromTaskOutcome(outcome) as CallToolResult;
        expect(result.structuredContent).toMatchObject({ success: true, presentation: { topic: 'Negotiation basics' } });
        expect(creates(sandbox)).toBe(1);
      } finally {
        await c.close();
        await server.stop();
        await sandbox.close();
      }
    },
  );

  test(
    'a cancelled task closes its upstream request at once; another caller cannot see the task; a quick tool answers as ever',
    { timeout: TEST_TIMEOUT },
    async () => {
      const sandbox = await startSandbox({ generationMs: DECK });
      const tokens = ['token-of-alice-0123456789', 'token-of-bob-0123456789ab'];
      const server = await startHttpProcess(jobEnv(sandbox), ['--stateless', '--auth-token', tokens.join(',')]);
      const alice = await tasksClient(server.url, tokens[0]);
      const bob = await tasksClient(server.url, tokens[1]);
      try {
        const created = await alice.request('tools/call', { name: 'presentations_create', arguments: DECK_ARGS });
        expect(created.result, JSON.stringify(created)).toMatchObject({ resultType: 'task', status: 'working' });
        const taskId = created.result!['taskId'] as string;
        // Another caller's task is no task of theirs: -32602, as for an id that never was.
        expect((await bob.request('tasks/get', { taskId })).error).toMatchObject({
          code: -32602,
          message: expect.stringMatching(/No task/),
        });
        // Without the extension declared, the task methods are refused as a missing capability.
        for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update'])
          expect((await alice.undeclared(method, { taskId })).error?.code, method).toBe(-32021);
        expect((await alice.request('tasks/get', { taskId })).result).toMatchObject({ status: 'working', taskId });
        // The task is answered before its upstream request is sent; on a busy machine the request can be a moment behind.
        const askedAt = Date.now();
        while (sandbox.sockets.size === 0 && Date.now() - askedAt < 5_000) await new Promise((r) => setTimeout(r, 10));
        expect(sandbox.sockets.size, 'the upstream request is open').toBeGreaterThan(0);
        const cancelledAt = Date.now();
        expect((await alice.request('tasks/cancel', { taskId })).result).toMatchObject({ resultType: 'complete' });
        while (sandbox.sockets.size > 0 && Date.now() - cancelledAt < 1_000) await new Promise((r) => setTimeout(r, 10));
        expect(sandbox.sockets.size, 'the upstream connection is closed').toBe(0);
        expect((await alice.request('tasks/get', { taskId })).result).toMatchObject({ status: 'cancelled' });
        // A call that is not long answers as ever, extension or not.
        const quick = await alice.request('tools/call', { name: 'analytics_hero', arguments: {} });
        expect(quick.result).toMatchObject({ resultType: 'complete', structuredContent: { totalStudents: expect.any(Number) } });
        expect(creates(sandbox)).toBe(1);
      } finally {
        await alice.close();
        await bob.close();
        await server.stop();
        await sandbox.close();
      }
    },
  );
});

describe.concurrent('long operations over HTTP', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ generationMs: DECK });
  });
  afterAll(() => sandbox.close());

  test('another caller (other credentials) can neither read nor join a job', { timeout: TEST_TIMEOUT }, async () => {
    const tokens = ['token-of-alice-0123456789', 'token-of-bob-0123456789ab'];
    const server = await startHttpProcess(jobEnv(sandbox), ['--auth-token', tokens.join(',')]);
    const as = async (token: string) => {
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const client = watched(new Client({ name: 'test', version: '0' }));
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      return client;
    };
    const alice = await as(tokens[0]!);
    const bob = await as(tokens[1]!);
    try {
      const before = creates(sandbox);
      const job = jobOf(await callAsImpatientClient(alice, 'presentations_create', DECK_ARGS))!;
      const peek = await callAsImpatientClient(bob, 'jobs_get', { jobId: job.id });
      expect(peek.isError).toBe(true);
      expect(text(peek)).toContain('NO_SUCH_JOB');
      expect(text(peek)).not.toContain('Negotiation');
      expect((await callAsImpatientClient(bob, 'jobs_cancel', { jobId: job.id })).isError).toBe(true);
      const own = jobOf(await callAsImpatientClient(bob, 'presentations_create', DECK_ARGS))!;
      expect(own.id).not.toBe(job.id);
      expect(creates(sandbox) - before).toBe(2);
      expect((await follow(alice, job.id)).job.status).toBe('succeeded');
      await callAsImpatientClient(bob, 'jobs_cancel', { jobId: own.id });
    } finally {
      await alice.close();
      await bob.close();
      await server.stop();
    }
  });
});

describe.concurrent('replicas sharing a real Redis', () => {
  test(
    'a job started on one stateless replica is joined and finished on the other: one upstream request in all',
    { timeout: TEST_TIMEOUT },
    async (ctx) => {
      needPrograms(ctx, 'redis-server');
      const redis = await startRedis();
      const sandbox = await startSandbox({ generationMs: DECK });
      const env = jobEnv(sandbox, { WORKSPACE_REDIS_URL: redis.url });
      const [a, b] = await Promise.all([startHttpProcess(env, ['--stateless']), startHttpProcess(env, ['--stateless'])]);
      let ca: Connected | undefined;
      let cb: Connected | undefined;
      try {
        ca = await connectHttp(a.url);
        cb = await connectHttp(b.url);
        const onA = callAsImpatientClient(ca.client, 'presentations_create', DECK_ARGS);
        await new Promise((r) => setTimeout(r, ms(5_000)));
        const [jobA, jobB] = (await Promise.all([onA, callAsImpatientClient(cb.client, 'presentations_create', DECK_ARGS)])).map(jobOf);
        expect(jobB?.id).toBe(jobA?.id);
        const { job } = await follow(cb.client, jobA!.id);
        expect(job).toMatchObject({ status: 'succeeded', result: { presentation: { topic: 'Negotiation basics' } } });
        expect(creates(sandbox)).toBe(1);
      } finally {
        await ca?.close();
        await cb?.close();
        await Promise.all([a.stop(), b.stop()]);
        await sandbox.close();
        await redis.stop();
      }
    },
  );

  test(
    'a job whose replica died is reported failed, saying whether calling again is safe',
    { timeout: TEST_TIMEOUT + 30_000 },
    async (ctx) => {
      needPrograms(ctx, 'redis-server');
      const redis = await startRedis();
      const sandbox = await startSandbox({ generationMs: DECK });
      const env = jobEnv(sandbox, { WORKSPACE_REDIS_URL: redis.url });
      const [a, b] = await Promise.all([startHttpProcess(env, ['--stateless']), startHttpProcess(env, ['--stateless'])]);
      const ca = await connectHttp(a.url);
      const cb = await connectHttp(b.url);
      let killed = false;
      try {
        const job = jobOf(await callAsImpatientClient(ca.client, 'presentations_create', DECK_ARGS))!;
        process.kill(a.pid!, 'SIGKILL');
        killed = true;
        // Its presence lapses within 15 s of its last renewal (not scaled).
        let ended: Job | undefined;
        const killedAt = Date.now();
        while (ended?.status !== 'failed' && Date.now() - killedAt < 30_000)
          ended = jobOf(await callAsImpatientClient(cb.client, 'jobs_get', { jobId: job.id }));
        expect(ended).toMatchObject({ status: 'failed', error: { code: 'JOB_LOST' } });
        expect(ended?.error?.message).toMatch(/No tool can list what presentations_create makes[\s\S]*asks the person first/);
      } finally {
        await cb.close();
        await b.stop();
        if (!killed) await a.stop();
        void ca.client.close();
        await sandbox.close();
        await redis.stop();
      }
    },
  );
});
