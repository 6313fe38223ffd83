// Workspace objects a person attaches and names: the four resource templates, the courses and groups in
// resources/list, and completion/complete of their ids, through both SDK clients (the v1 client speaks
// 2025-11-25, the v2 client pinned to 2026-07-28) against the built server over stdio and HTTP, on the
// built-in sandbox (small, and at 5,000 learners).
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, sandboxEnv, startHttpProcess, startSandbox, type HttpProcess } from './helpers.js';

const env = { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'warn' };
const SMALL = ['--sandbox'];
const SIZED = ['--sandbox', '--sandbox-size', '5000'];
const ANALYTICS = ['--sandbox', '--toolsets', 'analytics'];

type Contents = { uri: string; mimeType?: string; text?: string; _meta?: Record<string, unknown> }[];
interface ReadResult {
  contents: Contents;
  _meta?: Record<string, unknown>;
  ttlMs?: number;
  cacheScope?: string;
}
interface Completion {
  values: string[];
  total?: number | undefined;
  hasMore?: boolean | undefined;
}
interface Listed {
  resources: { uri: string; name: string; title?: string; mimeType?: string }[];
  nextCursor?: string;
}

/** What both SDK clients are asked here, in their own words. */
interface Conn {
  revision: '2025-11-25' | '2026-07-28';
  templates(): Promise<{ uriTemplate: string; name: string; mimeType?: string | undefined }[]>;
  list(cursor?: string): Promise<Listed>;
  read(uri: string): Promise<ReadResult>;
  complete(
    ref: { type: 'ref/resource'; uri: string } | { type: 'ref/prompt'; name: string },
    name: string,
    value: string,
  ): Promise<Completion>;
  call(name: string, args: Record<string, unknown>): Promise<{ structuredContent?: Record<string, unknown>; isError?: boolean }>;
  close(): Promise<void>;
}

type Target = { kind: 'stdio'; args: string[] } | { kind: 'http'; url: string };

async function v1(target: Target, environment: Record<string, string> = env): Promise<Conn> {
  const client = new V1Client({ name: 'objects-v1', version: '0' });
  const transport =
    target.kind === 'stdio'
      ? new V1Stdio({ command: process.execPath, args: [CLI, ...target.args], env: environment, stderr: 'ignore' })
      : new V1Http(new URL(target.url));
  await client.connect(transport);
  return {
    revision: '2025-11-25',
    templates: async () => (await client.listResourceTemplates()).resourceTemplates,
    list: (cursor) => client.listResources(cursor === undefined ? undefined : { cursor }) as Promise<Listed>,
    read: (uri) => client.readResource({ uri }) as Promise<ReadResult>,
    complete: async (ref, name, value) => (await client.complete({ ref, argument: { name, value } })).completion,
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<{ structuredContent?: Record<string, unknown> }>,
    close: () => client.close(),
  };
}

async function v2(target: Target): Promise<Conn> {
  const client = new V2Client({ name: 'objects-v2', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const transport =
    target.kind === 'stdio'
      ? new V2Stdio({ command: process.execPath, args: [CLI, ...target.args], env, stderr: 'ignore' })
      : new V2Http(new URL(target.url));
  await client.connect(transport);
  return {
    revision: '2026-07-28',
    templates: async () => (await client.listResourceTemplates()).resourceTemplates,
    // Without a cursor the v2 client walks every page itself and returns them together.
    list: (cursor) => client.listResources(cursor === undefined ? undefined : { cursor }) as Promise<Listed>,
    read: (uri) => client.readResource({ uri }, { cacheMode: 'bypass' }) as Promise<ReadResult>,
    complete: async (ref, name, value) => (await client.complete({ ref, argument: { name, value } })).completion,
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<{ structuredContent?: Record<string, unknown> }>,
    close: () => client.close(),
  };
}

const CLIENTS = [
  { name: 'v1 SDK client (2025-11-25)', connect: v1 },
  { name: 'v2 SDK client (2026-07-28)', connect: v2 },
] as const;
const TRANSPORTS = ['stdio', 'HTTP'] as const;

const servers = new Map<string, HttpProcess>();
beforeAll(async () => {
  const [small, sized, analytics] = await Promise.all([
    startHttpProcess(env, SMALL),
    startHttpProcess(env, SIZED),
    startHttpProcess(env, ANALYTICS),
  ]);
  servers.set('small', small).set('sized', sized).set('analytics', analytics);
}, 60_000);
afterAll(async () => {
  for (const s of servers.values()) await s.stop();
});

const target = (transport: (typeof TRANSPORTS)[number], server: 'small' | 'sized' | 'analytics'): Target =>
  transport === 'stdio'
    ? { kind: 'stdio', args: server === 'small' ? SMALL : server === 'sized' ? SIZED : ANALYTICS }
    : { kind: 'http', url: servers.get(server)!.url };

const template = (path: string, arg: string) => ({ type: 'ref/resource' as const, uri: `learning-workspace://${path}/{${arg}}` });
/** Every row of a read tool's list, following its parts. */
async function allRows<T>(c: Conn, tool: string, args: Record<string, unknown>, key: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const r = await c.call(tool, { ...args, offset });
    rows.push(...(r.structuredContent![key] as T[]));
    offset = (r.structuredContent!['page'] as { nextOffset: number | null } | undefined)?.nextOffset ?? null;
  }
  return rows;
}

const json = (r: ReadResult) => JSON.parse(r.contents[0]!.text!) as Record<string, unknown>;

describe.each(TRANSPORTS)('%s', (transport) => {
  describe.each(CLIENTS)('$name, the small sandbox', ({ connect }) => {
    let c: Conn;
    beforeAll(async () => {
      c = await connect(target(transport, 'small'));
    }, 30_000);
    afterAll(() => c.close());

    test('resources/templates/list offers the four templates, as JSON', async () => {
      const templates = await c.templates();
      expect(templates.map((t) => t.uriTemplate)).toEqual([
        'learning-workspace://courses/{courseId}',
        'learning-workspace://learners/{userId}',
        'learning-workspace://groups/{groupId}',
        'learning-workspace://assignments/{assignmentId}',
      ]);
      expect(templates.every((t) => t.mimeType === 'application/json')).toBe(true);
    });

    test('each read names its object and equals what the matching read tool answers, with its untrusted marks', async () => {
      const reads: [string, string, Record<string, unknown>, (d: Record<string, unknown>) => unknown][] = [
        ['courses/c_negotiation', 'courses_structure', { courseId: 'c_negotiation' }, (d) => d['courseTitle']],
        ['learners/u_elena', 'assignments_for_user', { userId: 'u_elena' }, (d) => (d['user'] as { name: string }).name],
        [
          'assignments/as_negotiation_sales',
          'assignments_get',
          { assignmentId: 'as_negotiation_sales' },
          (d) => (d['assignment'] as { courseTitle: string }).courseTitle,
        ],
      ];
      for (const [path, tool, args, nameOf] of reads) {
        const r = await c.read(`learning-workspace://${path}`);
        expect(r.contents[0]).toMatchObject({ uri: `learning-workspace://${path}`, mimeType: 'application/json' });
        const tools = await c.call(tool, args);
        expect(json(r), path).toEqual(tools.structuredContent);
        expect(nameOf(json(r))).toMatch(/\S/);
        expect(r._meta?.['io.github.learning-workspace/untrusted']).toEqual(expect.arrayContaining([expect.any(String)]));
      }
      // A group: its row of groups_list (its figures) and the rows under it.
      const group = json(await c.read('learning-workspace://groups/g_sales'));
      const all = (await c.call('groups_list', { includeDescendants: true })).structuredContent!['groups'] as {
        id: string;
        parentId: string | null;
      }[];
      expect(group['group']).toEqual(all.find((g) => g.id === 'g_sales'));
      expect(group['group']).toMatchObject({ name: 'Sales', memberCount: expect.any(Number) });
      expect(group['subgroups']).toEqual(all.filter((g) => g.parentId === 'g_sales'));
      expect(group['subgroupCount']).toBe(2);
    });

    test('2026-07-28 results carry how long they may be kept (ttlMs, private); 2025-11-25 results carry no such fields', async () => {
      const r = await c.read('learning-workspace://courses/c_security');
      if (c.revision === '2026-07-28') expect(r).toMatchObject({ ttlMs: 30_000, cacheScope: 'private' });
      else expect(r).not.toHaveProperty('ttlMs');
    });

    test('an unknown id is resource-not-found, naming the object', async () => {
      await expect(c.read('learning-workspace://courses/c_nope')).rejects.toThrow(/no course "c_nope"|No resource/);
      await expect(c.read('learning-workspace://learners/u_nope')).rejects.toThrow(/No resource/);
      await expect(c.read('learning-workspace://assignments/as_nope')).rejects.toThrow(/No resource/);
      await expect(c.read('learning-workspace://groups/g_nope')).rejects.toThrow(/no group "g_nope"/);
      await expect(c.read('learning-workspace://teams/x')).rejects.toThrow(/No resource/);
    });

    test('resources/list names the courses and groups by title, beside the reference and views', async () => {
      const listed = await c.list();
      expect(listed.nextCursor).toBeUndefined();
      const byUri = new Map(listed.resources.map((r) => [r.uri, r.name]));
      expect(byUri.get('learning-workspace://courses/c_negotiation')).toBe('Negotiation Essentials');
      expect(byUri.get('learning-workspace://courses/c_security')).toBe('Security Awareness 2026');
      expect(byUri.get('learning-workspace://courses/c_onboarding')).toBe('Welcome to Northwind');
      expect(byUri.get('learning-workspace://groups/g_sales_emea')).toBe('Sales EMEA');
      expect(byUri.get('learning-workspace://components/config/chat')).toBe('chat-config');
    });

    test('completion: "ele" gives u_elena, "negot" c_negotiation, "sal" g_sales first; a prompt\'s groupId too', async () => {
      expect(await c.complete(template('learners', 'userId'), 'userId', 'ele')).toMatchObject({
        values: ['u_elena'],
        total: 1,
        hasMore: false,
      });
      expect((await c.complete(template('courses', 'courseId'), 'courseId', 'negot')).values).toEqual(['c_negotiation']);
      const sal = await c.complete(template('groups', 'groupId'), 'groupId', 'sal');
      expect(sal.values).toEqual(['g_sales', 'g_sales_emea', 'g_sales_na']);
      expect((await c.complete({ type: 'ref/prompt', name: 'follow_up_this_week' }, 'groupId', 'sal')).values[0]).toBe('g_sales');
      // An id's prefix completes as well as a name.
      expect((await c.complete(template('learners', 'userId'), 'userId', 'u_so')).values).toEqual(['u_sofia']);
      // Assignments: the Connector API lists none to complete from.
      expect(await c.complete(template('assignments', 'assignmentId'), 'assignmentId', 'as_')).toMatchObject({ values: [] });
    });
  });

  describe.each(CLIENTS)('$name, at 5,000 learners', ({ connect }) => {
    let c: Conn;
    beforeAll(async () => {
      c = await connect(target(transport, 'sized'));
    }, 60_000);
    afterAll(() => c.close());

    test('resources/list pages with nextCursor, at most 100 a page, every course and group listed once', async () => {
      const groups = await allRows(c, 'groups_list', { includeDescendants: true }, 'groups');
      const courses = await allRows(c, 'analytics_courses', {}, 'courses');
      const seen: string[] = [];
      if (c.revision === '2025-11-25') {
        let page = await c.list();
        let pages = 1;
        seen.push(...page.resources.map((r) => r.uri));
        while (page.nextCursor) {
          expect(page.resources.length).toBe(100);
          page = await c.list(page.nextCursor);
          pages++;
          seen.push(...page.resources.map((r) => r.uri));
        }
        expect(pages).toBeGreaterThan(1);
      } else {
        // The v2 client follows nextCursor itself.
        seen.push(...(await c.list()).resources.map((r) => r.uri));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((u) => u.startsWith('learning-workspace://groups/'))).toHaveLength(groups.length);
      expect(seen.filter((u) => u.startsWith('learning-workspace://courses/'))).toHaveLength(courses.length);
      expect(groups.length).toBeGreaterThan(100);
    }, 60_000);

    test('"Ben" gives at most 100 values with the true total; "B" more than 100, with hasMore; "sales" the sales course', async () => {
      const rows = await allRows<{ user: { id: string; name: string } }>(
        c,
        'analytics_students',
        { fields: ['user.id', 'user.name'] },
        'students',
      );
      const starts = (p: string) => rows.filter((r) => r.user.name.split(/\s+/).some((w) => w.toLowerCase().startsWith(p))).length;
      const ben = await c.complete(template('learners', 'userId'), 'userId', 'Ben');
      expect(ben.values.length).toBeLessThanOrEqual(100);
      expect(ben.total).toBe(starts('ben'));
      expect(ben.hasMore).toBe(starts('ben') > 100);
      const b = await c.complete(template('learners', 'userId'), 'userId', 'B');
      expect(b).toMatchObject({ total: starts('b'), hasMore: true });
      expect(b.values).toHaveLength(100);
      expect((await c.complete(template('courses', 'courseId'), 'courseId', 'sales')).values[0]).toBe('c_sales_onboarding');
    }, 60_000);

    test('a long read comes in parts: the JSON says where the next starts, and ?offset= reads it', async () => {
      const first = await c.read('learning-workspace://assignments/as_sales_onboarding');
      const next = first._meta?.['io.github.learning-workspace/next'] as string;
      expect(next).toMatch(/^learning-workspace:\/\/assignments\/as_sales_onboarding\?offset=\d+$/);
      const page = json(first)['page'] as { nextOffset: number; total: number };
      expect(next.endsWith(`offset=${page.nextOffset}`)).toBe(true);
      const second = json(await c.read(next));
      expect((second['page'] as { offset: number }).offset).toBe(page.nextOffset);
    }, 60_000);
  });

  describe.each(CLIENTS)('$name, --toolsets analytics', ({ connect }) => {
    let c: Conn;
    beforeAll(async () => {
      c = await connect(target(transport, 'analytics'));
    }, 30_000);
    afterAll(() => c.close());

    test('no course, learner, group or assignment template or resource is offered, nor read, nor completed', async () => {
      expect(await c.templates()).toEqual([]);
      const listed = await c.list();
      expect(listed.resources.filter((r) => /^learning-workspace:\/\/(courses|groups|learners|assignments)\//.test(r.uri))).toEqual([]);
      await expect(c.read('learning-workspace://courses/c_negotiation')).rejects.toThrow(/No resource/);
      await expect(c.complete(template('courses', 'courseId'), 'courseId', 'neg')).rejects.toThrow(/No resource template/);
    });
  });
});

test.each(CLIENTS)(
  '$name: a client narrowed to analytics by its path (/mcp/x/analytics) is offered no template and no object',
  async ({ connect }) => {
    const url = servers.get('small')!.url.replace(/\/mcp$/, '/mcp/x/analytics');
    const c = await connect({ kind: 'http', url });
    try {
      expect(await c.templates()).toEqual([]);
      expect((await c.list()).resources.filter((r) => r.uri.startsWith('learning-workspace://'))).toEqual([]);
    } finally {
      await c.close();
    }
  },
);

test.each(CLIENTS)(
  '$name: narrowed to courses (/mcp/x/courses), the course template is offered but no course is named or completed: their names come from analytics, narrowed away',
  async ({ connect }) => {
    const url = servers.get('small')!.url.replace(/\/mcp$/, '/mcp/x/courses');
    const c = await connect({ kind: 'http', url });
    try {
      expect((await c.templates()).map((t) => t.uriTemplate)).toEqual(['learning-workspace://courses/{courseId}']);
      expect((await c.list()).resources.filter((r) => r.uri.startsWith('learning-workspace://courses/'))).toEqual([]);
      expect(await c.complete(template('courses', 'courseId'), 'courseId', 'neg')).toMatchObject({ values: [], total: 0 });
      expect(json(await c.read('learning-workspace://courses/c_negotiation'))).toBeTruthy();
    } finally {
      await c.close();
    }
  },
);

test('over HTTP with --rate-limit, a read of a workspace object counts as a tool call; the reference and views do not', async () => {
  const server = await startHttpProcess(env, ['--sandbox', '--rate-limit', '3/min']);
  const c = await v1({ kind: 'http', url: server.url });
  try {
    await c.read('learning-workspace://courses/c_negotiation');
    await c.read('learning-workspace://groups/g_sales');
    for (let i = 0; i < 4; i++) await c.read('learning-workspace://components/config/chat');
    await c.call('analytics_hero', {});
    await expect(c.read('learning-workspace://learners/u_elena')).rejects.toThrow(/Too many tool calls/);
    await expect(c.call('analytics_hero', {})).rejects.toThrow(/Too many tool calls/);
  } finally {
    await c.close();
    await server.stop();
  }
});

test('without a Connector credential no template is offered and a read is resource-not-found; one the workspace refuses is an error that says so', async () => {
  const sandbox = await startSandbox();
  const { WORKSPACE_CONNECTOR_TOKEN: _token, ...contentOnly } = sandboxEnv(sandbox);
  const missing = await v1({ kind: 'stdio', args: [] }, contentOnly);
  const refused = await v1({ kind: 'stdio', args: [] }, sandboxEnv(sandbox, { WORKSPACE_CONNECTOR_TOKEN: 'not-the-token' }));
  try {
    expect(await missing.templates()).toEqual([]);
    await expect(missing.read('learning-workspace://courses/c_negotiation')).rejects.toThrow(/No resource/);
    await expect(refused.read('learning-workspace://courses/c_negotiation')).rejects.toThrow(/failed: UNAUTHORIZED: .*Resolution: /);
    await expect(refused.complete(template('courses', 'courseId'), 'courseId', 'neg')).rejects.toThrow(
      /Listing the workspace's courses with analytics_courses failed: UNAUTHORIZED: .*Resolution: /,
    );
  } finally {
    await missing.close();
    await refused.close();
    await sandbox.close();
  }
});

test('a group whose rows below would pass the result cap shows as many as fit, in the order groups_list gives, and says how many there are', async () => {
  const c = await v1({ kind: 'stdio', args: [...SIZED, '--result-max-chars', '5000'] });
  try {
    const read = await c.read('learning-workspace://groups/g_sales');
    const group = json(read) as { subgroups: { id: string }[]; subgroupCount: number };
    expect(read.contents[0]!.text!.length).toBeLessThanOrEqual(5000);
    expect(group.subgroupCount).toBeGreaterThan(group.subgroups.length);
    expect(group.subgroups.slice(0, 4).map((g) => g.id)).toEqual(['g_sales_emea', 'g_sales_na', 'g_sales_apac', 'g_sales_latam']);
  } finally {
    await c.close();
  }
}, 60_000);
