// The Content tools and the insights stream: the built binary over stdio and HTTP, against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import {
  ALL_TOOLS,
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

const KIND = 'learning-workspace/kind';

const CHAT_CONFIG = {
  model: 'gpt-4o',
  temperature: 0.4,
  enableGuardrails: true,
  guardrailRules: [{ id: 'r1', description: 'No PII', condition: 'mentions a phone number', action: 'block' }],
};

/** One valid call of each Content tool and the request it must become. */
const CONTENT_CALLS: {
  tool: string;
  args: Record<string, unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}[] = [
  {
    tool: 'components_create',
    args: { type: 'chat', name: 'Negotiation coach', description: 'Practice partner', config: JSON.stringify(CHAT_CONFIG) },
    method: 'POST',
    path: '/api/v1/components',
    // config travels as JSON text and reaches the API as the object.
    body: { type: 'chat', name: 'Negotiation coach', description: 'Practice partner', config: CHAT_CONFIG },
  },
  {
    // A type whose config the document does not show: its fields pass as the API takes them.
    tool: 'components_create',
    args: { type: 'tutor_me', name: 'Tutor', config: '{"model":"gpt-4o","subject":"algebra"}' },
    method: 'POST',
    path: '/api/v1/components',
    body: { type: 'tutor_me', name: 'Tutor', config: { model: 'gpt-4o', subject: 'algebra' } },
  },
  {
    tool: 'components_set_status',
    args: { id: 'cmp_insights', status: 'inactive' },
    method: 'PATCH',
    path: '/api/v1/components/cmp_insights',
    body: { status: 'inactive' },
  },
  {
    tool: 'presentations_create',
    args: {
      topic: 'Anchoring',
      numberOfSlides: 4,
      locale: 'en-US',
      imageMode: 'provide-own',
      customImages: [
        { url: 'https://img.example/a.png', description: 'A ship anchor' },
        { base64: 'iVBORw0KGgo=', description: 'Chart' },
      ],
    },
    method: 'POST',
    path: '/api/v1/pdf-generator/create',
  },
  {
    tool: 'materials_generate',
    args: {
      topic: 'BATNA',
      type: 'notes',
      name: 'BATNA notes',
      length: 'short',
      level: 'professional',
      references: [{ title: 'Getting to Yes' }],
    },
    method: 'POST',
    path: '/api/v1/materials/generate',
  },
  {
    tool: 'materials_upload_and_process',
    args: {
      name: 'Policy',
      content: { type: 'pdf', sourceUrl: 'https://docs.example/policy.pdf' },
      folderId: 'f_security',
      timeoutMs: 5000,
      pollIntervalMs: 100,
    },
    method: 'POST',
    path: '/api/v1/materials/upload-and-process',
  },
  {
    tool: 'materials_create',
    args: { name: 'Opening lines', content: { type: 'text', text: 'Start with a question.' }, folderId: 'f_sales_playbooks' },
    method: 'POST',
    path: '/api/v1/materials',
  },
  {
    tool: 'materials_list',
    args: { folderId: 'f_sales_playbooks', page: 1, limit: 200, search: 'anchor' },
    method: 'GET',
    path: '/api/v1/materials',
    query: { folderId: 'f_sales_playbooks', page: '1', limit: '200', search: 'anchor' },
  },
  {
    tool: 'folders_create',
    args: { name: 'Onboarding', description: 'Week one', metadata: { color: '#f59e0b', icon: 'rocket' } },
    method: 'POST',
    path: '/api/v1/folders',
  },
  {
    tool: 'folders_update',
    args: { id: 'f_security', name: 'Security & privacy' },
    method: 'PATCH',
    path: '/api/v1/folders/f_security',
    body: { name: 'Security & privacy' },
  },
  {
    tool: 'performance_insights_ask',
    args: {
      question: 'Which course needs attention?',
      sessionId: 'ses_1',
      groupIds: ['g_sales'],
      timezone: 'Europe/Berlin',
      componentId: 'cmp_insights',
      context: '{"page":"dashboard"}',
      userId: 'u_maya',
    },
    method: 'POST',
    path: '/api/v1/performance-insights/stream',
    body: {
      messages: [{ role: 'user', content: 'Which course needs attention?' }],
      message: { text: 'Which course needs attention?' },
      sessionId: 'ses_1',
      id: 'ses_1',
      componentId: 'cmp_insights',
      groupIds: ['g_sales'],
      timezone: 'Europe/Berlin',
      context: { page: 'dashboard' },
      userId: 'u_maya',
    },
  },
];

const INVALID: { tool: string; args: Record<string, unknown>; mentions: string }[] = [
  { tool: 'components_create', args: { type: 'quiz', name: 'x' }, mentions: 'type' },
  {
    tool: 'performance_insights_ask',
    args: { question: 'q', context: 'page=dashboard' },
    mentions: 'context must be a JSON object written as a string',
  },
  {
    tool: 'performance_insights_ask',
    args: { question: 'q', context: '["a"]' },
    mentions: 'context must be a JSON object written as a string',
  },
  { tool: 'folders_create', args: { name: 'x', metadata: { colour: 'red' } }, mentions: 'colour' },
  { tool: 'components_create', args: { type: 'chat', name: 'x', config: '{"model":"m","temperature":2.5}' }, mentions: 'temperature' },
  { tool: 'components_create', args: { type: 'chat', name: 'x', config: '{"model":"m","temprature":1}' }, mentions: 'temprature' },
  {
    tool: 'components_create',
    args: { type: 'chat', name: 'x', config: '{"model":' },
    mentions: 'config must be a JSON object written as a string',
  },
  { tool: 'components_create', args: { type: 'chat', name: 'x', config: { model: 'm' } }, mentions: 'config' },
  { tool: 'components_create', args: { type: 'data_analyst', name: 'x' }, mentions: 'model' },
  { tool: 'components_create', args: { type: 'flashcards', name: 'x', config: '{"difficulty":"brutal"}' }, mentions: 'difficulty' },
  {
    tool: 'components_create',
    args: {
      type: 'chat',
      name: 'x',
      config: JSON.stringify({ model: 'm', guardrailRules: [{ id: 'r', description: 'd', condition: 'c', action: 'shout' }] }),
    },
    mentions: 'action',
  },
  { tool: 'components_set_status', args: { id: 'cmp_insights', status: 'archived' }, mentions: 'status' },
  { tool: 'presentations_create', args: { topic: 't', numberOfSlides: 51, locale: 'en-US' }, mentions: 'numberOfSlides' },
  { tool: 'presentations_create', args: { topic: 't', numberOfSlides: 0, locale: 'en-US' }, mentions: 'numberOfSlides' },
  {
    tool: 'presentations_create',
    args: { topic: 't', numberOfSlides: 3, locale: 'en-US', imageMode: 'provide-own' },
    mentions: 'customImages',
  },
  {
    tool: 'presentations_create',
    args: {
      topic: 't',
      numberOfSlides: 3,
      locale: 'en-US',
      imageMode: 'provide-own',
      customImages: [{ url: 'https://a.example/x.png', base64: 'AAAA', description: 'd' }],
    },
    mentions: 'exactly one of url or base64',
  },
  {
    tool: 'presentations_create',
    args: { topic: 't', numberOfSlides: 3, locale: 'en-US', customImages: [{ url: 'https://a.example/x.png' }] },
    mentions: 'description',
  },
  { tool: 'presentations_create', args: { topic: 't', numberOfSlides: 3, locale: 'english please' }, mentions: 'locale' },
  { tool: 'materials_generate', args: { topic: 't', type: 'essay', name: 'n' }, mentions: 'type' },
  { tool: 'materials_create', args: { name: 'n', content: { type: 'image', url: 'https://a.example' } }, mentions: 'type' },
  { tool: 'materials_create', args: { name: 'n', content: { type: 'url' } }, mentions: 'type url needs url' },
  { tool: 'materials_list', args: { limit: 201 }, mentions: 'limit' },
  { tool: 'materials_list', args: { page: 0 }, mentions: 'page' },
  { tool: 'folders_update', args: { id: 'f_security' }, mentions: 'at least one field' },
  { tool: 'folders_update', args: { id: '..', name: 'x' }, mentions: 'id' },
  { tool: 'performance_insights_ask', args: {}, mentions: 'question' },
  { tool: 'performance_insights_ask', args: { question: 'q', timezone: 'Mars/Olympus' }, mentions: 'timezone' },
  { tool: 'performance_insights_ask', args: { question: 'q', messages: [{ role: 'robot', content: 'hi' }] }, mentions: 'role' },
];

interface Streamed {
  result: CallToolResult;
  /** Progress notifications of this call as they came off the wire, in order. */
  progress: (Progress & { _meta?: Record<string, unknown> })[];
  /** How many of them were on the wire before the result. */
  beforeResult: number;
}

type Message = { id?: unknown; method?: string; params?: Record<string, unknown>; result?: unknown };

/**
 * Records what reaches the client transport. The SDK client hands progress to `onprogress` a microtask
 * late and drops any that share a read with the response (typescript-sdk issue 2580), so the order the
 * server sent things in is checked on the wire itself.
 */
function tap(client: Client): Message[] {
  const wire: Message[] = [];
  const transport = client.transport!;
  const original = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    wire.push(message as Message);
    original.call(transport, message, extra);
  };
  return wire;
}

const wires = new WeakMap<Client, Message[]>();

async function ask(client: Client, args: Record<string, unknown>, withToken = true, signal?: AbortSignal): Promise<Streamed> {
  let wire = wires.get(client);
  if (!wire) wires.set(client, (wire = tap(client)));
  const from = wire.length;
  const result = (await client.callTool({ name: 'performance_insights_ask', arguments: args }, undefined, {
    ...(withToken ? { onprogress: () => undefined } : {}),
    ...(signal ? { signal } : {}),
    resetTimeoutOnProgress: true,
  })) as CallToolResult;
  const seen = wire.slice(from);
  const responseAt = seen.findIndex((m) => m.result !== undefined && m.id !== undefined);
  const progress = seen.filter((m) => m.method === 'notifications/progress').map((m) => m.params as Streamed['progress'][number]);
  const beforeResult = seen.slice(0, responseAt).filter((m) => m.method === 'notifications/progress').length;
  return { result, progress, beforeResult };
}

const joinedText = (s: Streamed) =>
  s.progress
    .filter((p) => p._meta?.[KIND] === 'text')
    .map((p) => p.message)
    .join('');

let sandbox: Sandbox;
let http: HttpProcess;
const outputs: string[] = [];
const ENV = { WORKSPACE_STREAM_IDLE_MS: '800', WORKSPACE_KEEPALIVE_MS: '150' };

beforeAll(async () => {
  sandbox = await startSandbox({ generationMs: 600, processingMs: 200 });
  http = await startHttpProcess(sandboxEnv(sandbox, ENV));
});
afterAll(async () => {
  outputs.push(http.stderr());
  await http.stop();
  await sandbox.close();
  for (const out of outputs)
    for (const secret of Object.values(SANDBOX_CREDENTIALS).filter((s) => s.length > 10)) expect(out).not.toContain(secret);
});

const transports: [string, () => Promise<Connected & { stderr?: () => string }>][] = [
  ['stdio', () => connectStdio(sandboxEnv(sandbox, ENV))],
  ['http', () => connectHttp(http.url)],
];

describe.each(transports)('over %s', (_name, connect) => {
  let conn: Connected & { stderr?: () => string };
  beforeAll(async () => {
    conn = await connect();
  });
  afterAll(async () => {
    if (conn.stderr) outputs.push(conn.stderr());
    await conn.close();
  });
  beforeEach(() => sandbox.reset());

  test(`all ${ALL_TOOLS} tools are listed (every operation and the job tools)`, async () => {
    const { tools } = await conn.client.listTools();
    expect(tools).toHaveLength(ALL_TOOLS);
  });

  test.each(CONTENT_CALLS)('$tool sends $method $path', async ({ tool, args, method, path, query, body }) => {
    const result = await call(conn.client, tool, args);
    outputs.push(JSON.stringify(result));
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toBeTypeOf('object');
    expect(sandbox.requests).toHaveLength(1);
    const req = sandbox.requests[0]!;
    expect(req.method).toBe(method);
    expect(req.path).toBe(path);
    expect(req.query).toEqual(query ?? {});
    expect(req.headers['x-api-key']).toBe(SANDBOX_CREDENTIALS.apiKey);
    expect(req.headers['x-user-id']).toBe(SANDBOX_CREDENTIALS.userId);
    expect(req.headers['authorization']).toBeUndefined();
    expect(req.headers['idempotency-key']).toBeUndefined();
    if (method === 'GET') {
      expect(req.body).toBeUndefined();
      expect(req.headers['content-type']).toBeUndefined();
    } else {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.body).toEqual(body ?? args);
    }
  });

  test.each(INVALID)('$tool refuses $args before any request', async ({ tool, args, mentions }) => {
    const result = await call(conn.client, tool, args);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(mentions);
    expect(sandbox.requests).toHaveLength(0);
  });

  test.each([
    ['../materials', '/api/v1/folders/..%2Fmaterials'],
    ['a/b?c', '/api/v1/folders/a%2Fb%3Fc'],
    ['%2e%2e', '/api/v1/folders/%252e%252e'],
    ['x#frag', '/api/v1/folders/x%23frag'],
  ])('a path parameter %j stays one segment', async (id, path) => {
    const result = await call(conn.client, 'folders_update', { id, name: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('HTTP 404');
    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${path}`]);
    expect(sandbox.requests[0]!.query).toEqual({});
  });

  test('the written material is there afterwards', async () => {
    await call(conn.client, 'materials_create', {
      name: 'Closing checklist',
      content: { type: 'text', text: 'Summarise, confirm, thank.' },
    });
    const list = await call(conn.client, 'materials_list', { search: 'closing' });
    expect((list.structuredContent!['materials'] as { name: string }[]).map((m) => m.name)).toEqual(['Closing checklist']);
  });

  test('a Content API error body becomes a clear error with status and message', async () => {
    sandbox.inject({
      path: '/api/v1/folders',
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'A folder with this name exists' },
    });
    const json = await call(conn.client, 'folders_create', { name: 'Security' });
    expect(text(json)).toContain('Error CONFLICT (HTTP 409): The workspace said: "A folder with this name exists');
    sandbox.inject({ path: '/api/v1/folders', status: 500, body: 'upstream exploded' });
    const plain = await call(conn.client, 'folders_create', { name: 'Security' });
    expect(text(plain)).toContain('Error UPSTREAM_FAILED (HTTP 500): The workspace said: "upstream exploded');
    expect(sandbox.requests).toHaveLength(2); // creates are never retried: the API takes no idempotency key
  });

  test('a long call keeps the client informed while it waits', async () => {
    const progress: Progress[] = [];
    const result = (await conn.client.callTool(
      { name: 'presentations_create', arguments: { topic: 'Closing', numberOfSlides: 2, locale: 'en-GB' } },
      undefined,
      {
        onprogress: (p) => void progress.push(p),
      },
    )) as CallToolResult;
    expect(result.isError, text(result)).toBeFalsy();
    expect(progress.length).toBeGreaterThanOrEqual(2); // 600 ms of generation, 150 ms interval
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(progress[0]!.message).toContain('Still working: Make a slide deck');
  });

  test('the insights answer streams as progress in order, and the text joined is the answer', async () => {
    sandbox.content.options.stream = { delayMs: 5 };
    const s = await ask(conn.client, { question: 'Which course needs attention?' });
    expect(s.result.isError, text(s.result)).toBeFalsy();
    const sc = s.result.structuredContent as {
      answer: string;
      sessionId: string;
      finishReason: string;
      toolCalls: { toolName: string; output: unknown }[];
      data: { type: string }[];
    };
    expect(sc.answer).toContain('Security Awareness 2026');
    // The answer is fenced: the server's note, the start marker, the answer, the end marker.
    expect((s.result.content[0] as { text: string }).text.split('\n').slice(2, -1).join('\n')).toBe(sc.answer);
    expect(joinedText(s)).toBe(sc.answer);
    expect(s.beforeResult).toBe(s.progress.length);
    expect(s.progress.map((p) => p.progress)).toEqual(s.progress.map((_, i) => i + 1));
    const statuses = s.progress.filter((p) => p._meta?.[KIND] === 'status').map((p) => p.message);
    expect(statuses).toEqual(['thinking', 'querying learner data', 'building a chart']);
    expect(sc.sessionId).toMatch(/^[0-9a-f-]{36}$/); // made by the server and sent upstream
    expect(sc.finishReason).toBe('stop');
    expect(sc.toolCalls.map((t) => t.toolName)).toEqual(['queryLearnerData', 'buildChart']);
    expect(sc.toolCalls[0]!.output).toHaveProperty('rows');
    expect(sc.data.map((d) => d.type)).toEqual(['data-chart']);
  });

  test('deltas closer than 50 ms are coalesced, none dropped', async () => {
    sandbox.content.options.stream = { delayMs: 0, deltas: 400, token: (i) => `w${i} ` };
    const s = await ask(conn.client, { question: 'q' });
    const answer = (s.result.structuredContent as { answer: string }).answer;
    expect(answer.split(' ').filter(Boolean)).toHaveLength(400);
    expect(joinedText(s)).toBe(answer);
    expect(s.progress.filter((p) => p._meta?.[KIND] === 'text').length).toBeLessThan(100);
  });

  test('without a progress token no notification is sent', async () => {
    sandbox.content.options.stream = { delayMs: 1 };
    const s = await ask(conn.client, { question: 'q' }, false);
    expect(s.result.isError).toBeFalsy();
    expect((s.result.structuredContent as { answer: string }).answer.length).toBeGreaterThan(50);
    expect(s.progress).toEqual([]);
  });

  test('a stream cut mid-way reports the text that arrived', async () => {
    sandbox.content.options.stream = { delayMs: 1, failAfter: 20 };
    const s = await ask(conn.client, { question: 'q' });
    expect(s.result.isError).toBe(true);
    const t = text(s.result);
    expect(t).toMatch(/UPSTREAM_CONNECTION_DROPPED|STREAM_INCOMPLETE/);
    expect(t).toContain('the part of the answer received before the failure');
    expect(t).toContain('You asked');
  });

  test('an error part ends the call with the error and the text so far', async () => {
    sandbox.content.options.stream = { delayMs: 1, errorAfter: 15 };
    const s = await ask(conn.client, { question: 'q' });
    expect(s.result.isError).toBe(true);
    expect(text(s.result)).toContain('STREAM_ERROR: The assistant reported an error: "The analytics service is temporarily unavailable."');
    expect(text(s.result)).toContain('You asked');
  });

  test('a stream that goes silent is ended after the idle timeout', async () => {
    sandbox.content.options.stream = { delayMs: 1, silentAfter: 12 };
    const s = await ask(conn.client, { question: 'q' });
    expect(s.result.isError).toBe(true);
    expect(text(s.result)).toContain('STREAM_IDLE_TIMEOUT');
    expect(text(s.result)).toContain('You asked');
    const streams = sandbox.content.state.streams;
    // The sandbox sees the close a moment after the answer may reach the client: wait for it, as the tests
    // of a cancelled stream do.
    const closing = Date.now();
    while (streams[0]!.open && Date.now() - closing < 5_000) await new Promise((r) => setTimeout(r, 5));
    expect(streams[0]!.closedEarly).toBe(true); // the silent upstream connection was closed too
  });

  test('cancelling mid-stream closes the upstream connection', async () => {
    sandbox.content.options.stream = { delayMs: 20, deltas: 500 };
    const controller = new AbortController();
    const pending = ask(conn.client, { question: 'q' }, true, controller.signal);
    const started = Date.now();
    const streams = sandbox.content.state.streams;
    while (streams.length === 0 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    const abortedAt = Date.now();
    controller.abort();
    await expect(pending).rejects.toThrow();
    while (streams[0]!.open && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 5));
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closedEarly).toBe(true);
    // Closed at once, not after the 10 s the rest of the stream would take.
    expect(Date.now() - abortedAt).toBeLessThan(2_000);
  });

  test.each(['data', 'text'] as const)('the %s stream format is read too', async (format) => {
    sandbox.content.options.stream = { format, delayMs: 1 };
    const s = await ask(conn.client, { question: 'q' });
    expect(s.result.isError, text(s.result)).toBeFalsy();
    const sc = s.result.structuredContent as { answer: string; toolCalls: unknown[] };
    expect(sc.answer).toContain('Across 3 courses');
    expect(joinedText(s)).toBe(sc.answer);
    if (format === 'data') expect(sc.toolCalls).toHaveLength(2);
  });

  test('earlier turns go upstream with the new question', async () => {
    await ask(conn.client, {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ],
      question: 'And now?',
    });
    const body = sandbox.requests[0]!.body as { messages: unknown[]; message: { text: string } };
    expect(body.messages).toHaveLength(3);
    expect(body.message.text).toBe('And now?');
  });
});

describe('content refusals', () => {
  test('a wrong API key gets a 401 naming WORKSPACE_API_KEY', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_API_KEY: 'sbx_wrong_api_key_4444' }));
    const list = await call(conn.client, 'materials_list');
    const stream = await call(conn.client, 'performance_insights_ask', { question: 'q' });
    outputs.push(JSON.stringify([list, stream]), conn.stderr());
    await conn.close();
    for (const r of [list, stream]) {
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('HTTP 401');
      expect(text(r)).toContain('Check: WORKSPACE_API_KEY');
      expect(text(r)).not.toContain('sbx_wrong_api_key_4444');
    }
  });

  test('processing that outlasts timeoutMs comes back as an error with the upstream message', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox, { WORKSPACE_TIMEOUT_MS: '300' }));
    const r = await call(conn.client, 'materials_upload_and_process', {
      name: 'Slow',
      content: { type: 'video', url: 'https://v.example/a.mp4' },
      timeoutMs: 50,
    });
    const ok = await call(conn.client, 'materials_upload_and_process', {
      name: 'Fine',
      content: { type: 'video', url: 'https://v.example/b.mp4' },
      timeoutMs: 5_000,
    });
    await conn.close();
    expect(text(r)).toContain('Error UPSTREAM_FAILED (HTTP 504): The workspace said: "Processing did not finish within 50 ms');
    // The HTTP timeout of a long call covers the upstream's own wait, not the 300 ms default.
    expect(ok.isError, text(ok)).toBeFalsy();
  });
});
