import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import pkg from '../../package.json' with { type: 'json' };
import { tools } from '../../tools/index.js';
import { BATCH_TOOL } from '../../tools/batch.js';
import { JOB_TOOLS } from '../../tools/jobs.js';
import { BATCH_MAX_CALLS, BATCH_TOOL_NAME, JOB_TOOL_NAMES } from '../../src/mcp/tool-summary.js';
import { TOOL_COUNT, TOOLS_OFFERED } from '../../scripts/tool-docs.js';
import { markdownFiles, TOOL_LIST_BUDGET, tokenFigures } from '../../scripts/doc-files.js';
import { listViews, VIEW_TABLE, viewMeta, viewUri } from '../../src/mcp/view-resources.js';
import { TOOLSET_TABLE } from '../../tools/toolsets.js';
import { configByType } from '../../tools/components.js';
import { CONFIG_TYPES } from '../../src/mcp/resources.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { portableSchema, tidySchema } from '../../src/mcp/tool-schema.js';
import { offered, summarize, type ToolFilter } from '../../src/mcp/tool-summary.js';
import { helpText, toolsetLines } from '../../src/config/options.js';
import { OPTIONS } from '../../src/config/options.js';
import { REGISTRY_SCHEMA, serverJson } from '../../scripts/server-json.js';
import { readTool } from '../../src/call/read.js';
import { Upstream } from '../../src/call/upstream.js';
import { Catalogue } from '../../src/mcp/catalogue.js';
import { connectInMemory, SANDBOX_CREDENTIALS, startSandbox, type Connected, type Sandbox } from '../helpers.js';

let sandbox: Sandbox;
let conn: Connected;
let listed: Tool[];

beforeAll(async () => {
  sandbox = await startSandbox();
  // As the server runs by default: long calls handed off as jobs, so the job tools are listed too.
  conn = await connectInMemory(sandbox, { jobAfterMs: 40_000 });
  listed = (await conn.client.listTools()).tools;
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

/** Every property of a JSON schema, with its path, however deep. */
function properties(schema: Record<string, unknown>, path = ''): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  const props = (schema['properties'] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [k, v] of Object.entries(props)) {
    out.push([`${path}${k}`, v]);
    out.push(...properties(v, `${path}${k}.`));
    const items = v['items'] as Record<string, unknown> | undefined;
    if (items) out.push(...properties(items, `${path}${k}[].`));
  }
  return out;
}

describe('tool registry', () => {
  test('the job tools and batch_call are known by name without loading their schemas', () => {
    expect(JOB_TOOLS.map((t) => t.name)).toEqual([...JOB_TOOL_NAMES]);
    expect(BATCH_TOOL.name).toBe(BATCH_TOOL_NAME);
    const batch = listed.find((t) => t.name === BATCH_TOOL_NAME)!;
    expect((batch.inputSchema.properties as Record<string, { maxItems?: number }>)['calls']!.maxItems).toBe(BATCH_MAX_CALLS);
  });

  test('beside its own result, a long tool declares the handed-off job and a destructive one the declined answer; no other tool does', () => {
    for (const t of listed) {
      const anyOf = (t.outputSchema as { anyOf?: { required?: string[] }[] } | undefined)?.anyOf ?? [];
      const def = tools.find((d) => d.name === t.name);
      // batch_call: a batch that outlives the client's patience is handed off as a job too.
      const long = (def !== undefined && def.mode !== 'json') || t.name === BATCH_TOOL_NAME;
      const destructive = def?.annotations.destructiveHint ?? false;
      expect(
        anyOf.slice(1).map((a) => a.required?.[0]),
        t.name,
      ).toEqual([...(long ? ['job'] : []), ...(destructive ? ['declined'] : [])]);
    }
  });

  test('each row is one operation of one API: no two rows share a method and path', () => {
    const operations = tools.map((t) => `${t.api} ${t.method} ${t.path}`);
    expect(new Set(operations).size).toBe(operations.length);
    for (const t of tools) if (t.api === 'connector') expect(`${t.method} ${t.path}`, t.name).toMatch(/^POST \/api\/v1\/[a-z-]+\/[a-z-]+$/);
  });

  test('every declared tool is listed once, in table order', () => {
    expect(listed.map((t) => t.name)).toEqual([...tools.map((t) => t.name), BATCH_TOOL_NAME, ...JOB_TOOLS.map((t) => t.name)]);
    expect(new Set(listed.map((t) => t.name)).size).toBe(listed.length);
  });

  test('names are {toolset}_{action}, snake case, at most 64 characters', () => {
    for (const def of tools) {
      expect(def.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(def.name.length).toBeLessThanOrEqual(64);
      expect(def.name.startsWith(`${def.toolset}_`)).toBe(true);
    }
  });

  test('every tool sets all four hints explicitly', () => {
    for (const t of listed) {
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe('boolean');
      }
      // The job tools work on this server's own jobs; every other tool reaches the workspace.
      expect(t.annotations?.openWorldHint, t.name).toBe(!t.name.startsWith('jobs_'));
      if (t.annotations?.readOnlyHint) expect(t.annotations.destructiveHint, t.name).toBe(false);
    }
  });

  test('the deleting rows, and batch_call (which runs them), are destructive', () => {
    const destructive = listed
      .filter((t) => t.annotations?.destructiveHint)
      .map((t) => t.name)
      .sort();
    expect(destructive).toEqual([...tools.filter((t) => t.annotations.destructiveHint).map((t) => t.name), BATCH_TOOL_NAME].sort());
  });

  test('a tool that takes an idempotency key is a write, and lists the field; no other tool does', () => {
    for (const t of listed) {
      const def = tools.find((d) => d.name === t.name);
      const has = Object.keys((t.inputSchema.properties ?? {}) as object).includes('idempotencyKey');
      // batch_call's key is the batch's: its writes' keys are made from it.
      expect(has, t.name).toBe((def?.takesIdempotencyKey ?? false) || t.name === BATCH_TOOL_NAME);
      if (def?.takesIdempotencyKey) expect(t.annotations?.readOnlyHint, t.name).toBe(false);
    }
  });

  test('deleting again changes nothing: a destructive tool is idempotent; so is cancelling a job', () => {
    // batch_call may run deletions among writes that add, so it is not idempotent as a whole.
    for (const t of listed)
      if (t.annotations?.destructiveHint && t.name !== BATCH_TOOL_NAME) expect(t.annotations.idempotentHint, t.name).toBe(true);
    expect(listed.find((t) => t.name === 'jobs_cancel')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
  });

  test('every input field is described and unknown fields are refused in the schema', () => {
    for (const t of listed) {
      expect(t.inputSchema.additionalProperties, t.name).toBe(false);
      for (const [path, prop] of properties(t.inputSchema as Record<string, unknown>)) {
        if (path.includes('.')) continue; // nested fields are described by their parent
        expect(typeof prop['description'], `${t.name}.${path}`).toBe('string');
      }
    }
  });

  test('every tool has a title, an output schema and a description of useful length', () => {
    for (const t of listed) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.description!.length, t.name).toBeGreaterThanOrEqual(40);
      expect(t.description!.length, t.name).toBeLessThanOrEqual(300);
    }
  });

  test('output schemas stay open to fields the documents do not list', () => {
    for (const t of listed) expect(t.outputSchema?.additionalProperties, t.name).not.toBe(false);
  });

  test('the part of the tool list a model reads stays within its token budget (o200k)', () => {
    // What a client puts in front of the model for each tool, counted as the client sends it: one JSON
    // document of name, description and input schema, with the o200k tokenizer. Every conversation that
    // loads the list pays it.
    const modelFacing = listed.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    const sent = countTokens(JSON.stringify(modelFacing));
    const perTool = modelFacing.map((t) => [t.name, countTokens(JSON.stringify(t))] as const);
    const heaviest = [...perTool].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(
      `model-facing tool list: ${sent} o200k tokens as one JSON document for ${listed.length} tools; heaviest: ${heaviest.map(([n, c]) => `${n} ${c}`).join(', ')}`,
    );
    expect(sent).toBeLessThanOrEqual(TOOL_LIST_BUDGET);
    // No one tool eats the budget.
    for (const [name, n] of perTool) expect(n, name).toBeLessThanOrEqual(400);
    // And the whole list as sent, output schemas and annotations included (about 4 characters a token);
    // 75,000 since a `cursor` and `fields` names the paths of each paged tool's rows (about 1,500 characters).
    expect(JSON.stringify(listed).length).toBeLessThan(75_000);
  });

  test('output schemas are spelt portably: no empty additionalProperties, nullable as anyOf, any JSON value by branches', () => {
    expect(
      portableSchema({
        type: 'object',
        properties: { a: { type: ['string', 'null'], description: 'd', minLength: 2 } },
        additionalProperties: {},
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { description: 'd', anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] } },
    });
    expect(portableSchema({ type: ['string', 'null'], enum: ['x', null] })).toEqual({
      anyOf: [{ type: 'string', enum: ['x'] }, { type: 'null' }],
    });
    expect(portableSchema({ type: 'object', properties: { v: { description: 'anything' } }, additionalProperties: false })).toEqual({
      type: 'object',
      properties: {
        v: { description: 'anything', anyOf: ['object', 'array', 'string', 'number', 'boolean', 'null'].map((type) => ({ type })) },
      },
      additionalProperties: false,
    });
    // A property named like a keyword is a property, not a keyword.
    expect(portableSchema({ type: 'object', properties: { type: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { type: { type: 'string' } },
    });
  });

  test('converted schemas drop what means nothing to a model, and what descriptions say in words', () => {
    expect(
      tidySchema({
        $schema: 'x',
        type: 'object',
        properties: { n: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
      }),
    ).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
    });
    expect(tidySchema({ type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: 10 })).toEqual({ type: 'integer', maximum: 10 });
    expect(tidySchema({ type: 'number', exclusiveMinimum: 0 })).toEqual({ type: 'number' });
    expect(tidySchema({ type: 'array', minItems: 1, maxItems: 100 })).toEqual({ type: 'array', maxItems: 100 });
    expect(tidySchema({ type: 'string', minLength: 1, maxLength: 255, pattern: '^x$', format: 'uri', description: 'd' })).toEqual({
      type: 'string',
      description: 'd',
    });
    for (const t of listed) expect(JSON.stringify(t)).not.toMatch(/\$schema|9007199254740991/);
  });

  test('a field whose pattern, format or length limit the list leaves out says it in its description', () => {
    const unsaid: string[] = [];
    const visit = (tool: string, path: string, node: unknown): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(tool, `${path}[${i}]`, n));
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (('pattern' in n || 'format' in n || 'maxLength' in n) && !(typeof n['description'] === 'string' && n['description'].length > 0))
        unsaid.push(`${tool}${path}`);
      for (const [k, v] of Object.entries(n)) {
        // A properties map holds schemas by field name (a field may be called "format").
        if (k === 'properties' && v && typeof v === 'object') for (const [f, s] of Object.entries(v)) visit(tool, `${path}.${f}`, s);
        else visit(tool, `${path}.${k}`, v);
      }
    };
    // The schemas as zod writes them, before the list leaves those keywords out.
    for (const t of tools) visit(t.name, '', t.input['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
    expect(unsaid).toEqual([]);
    for (const t of listed) expect(JSON.stringify(t.inputSchema)).not.toMatch(/"(pattern|format|maxLength)"/);
  });

  // One readable file per tool, so a schema change is a diff of that tool alone (npm run toolsnaps refreshes them).
  test.each([...tools, BATCH_TOOL, ...JOB_TOOLS].map((t) => t.name))('tools/list entry of %s matches test/__toolsnaps__', async (name) => {
    await expect(
      JSON.stringify(
        listed.find((t) => t.name === name),
        null,
        2,
      ) + '\n',
    ).toMatchFileSnapshot(`../__toolsnaps__/${name}.json`);
  });

  test('the bundle manifest lists every tool, the package version and its Node range', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../manifest.json', import.meta.url), 'utf8')) as {
      version: string;
      tools: unknown;
      compatibility: { runtimes: { node: string } };
    };
    expect(manifest.compatibility.runtimes.node, 'run `npm run docs`').toBe(pkg.engines.node);
    expect(manifest.tools, 'run `npm run docs`').toEqual(
      [...tools, BATCH_TOOL, ...JOB_TOOLS].map((t) => ({ name: t.name, description: t.description })),
    );
    expect(manifest.version).toBe(pkg.version);
  });

  test('the pages count the tools a client sees as the tool table does', () => {
    const counts = markdownFiles().flatMap((f) => [...readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8').matchAll(TOOL_COUNT)]);
    expect(counts.length).toBeGreaterThan(2);
    expect(new Set(counts.map((m) => Number(m[2])))).toEqual(new Set([TOOLS_OFFERED]));
    expect(TOOLS_OFFERED).toBe(listed.length);
  });

  test('the token figures of docs/tools.md are the ones this test measures', async () => {
    const figures = await tokenFigures();
    expect(figures.tools).toBe(listed.length);
    const modelFacing = listed.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    expect(figures.list).toBe(countTokens(JSON.stringify(modelFacing)));
    expect(figures.instructions).toBe(countTokens(conn.client.getInstructions() ?? ''));
  });

  test('--help lists the toolsets of the toolsets table', () => {
    for (const t of TOOLSET_TABLE) expect(helpText()).toContain(toolsetLines(t.id, t.description).join('\n'));
    // Every tool's toolset is in the table, and every toolset has tools.
    expect(new Set([...tools.map((t) => t.toolset), 'jobs', 'code'])).toEqual(new Set(TOOLSET_TABLE.map((t) => t.id)));
    // And every name offered starts with a toolset --toolsets takes, the job tools' too.
    for (const t of listed) expect([...TOOLSET_TABLE.map((s) => s.id), 'batch'], t.name).toContain(t.name.slice(0, t.name.indexOf('_')));
  });
});

test('the component config resources are the types tools/components.ts documents', () => {
  expect([...CONFIG_TYPES].sort()).toEqual(Object.keys(configByType).sort());
});

describe('confirmation questions', () => {
  const destructive = tools.filter((t) => t.annotations.destructiveHint);

  test('a destructive tool, and only one, words its own question', () => {
    expect(destructive.length).toBeGreaterThan(0);
    for (const t of tools) expect(t.confirm !== undefined, t.name).toBe(t.annotations.destructiveHint);
  });

  test.each(destructive.map((t) => [t.name, t] as const))(
    '%s: reads only read tools with input they take; names its target when they fail, and more when they answer',
    async (_name, def) => {
      const upstream = new Upstream(
        {
          connector: { baseUrl: sandbox.url, token: SANDBOX_CREDENTIALS.connectorToken },
          content: { baseUrl: sandbox.url, apiKey: SANDBOX_CREDENTIALS.apiKey, userId: SANDBOX_CREDENTIALS.userId },
        },
        { timeoutMs: 5_000, maxRetries: 0 },
      );
      try {
        const input = def.example ?? {};
        const target = String(Object.values(input)[0]);
        const reads: string[] = [];
        const failed = await def.confirm!(input, async (tool, args) => {
          const read = tools.find((t) => t.name === tool);
          expect(read?.annotations.readOnlyHint, tool).toBe(true);
          expect(read!.input.safeParse(args).success, `${tool} ${JSON.stringify(args)}`).toBe(true);
          reads.push(tool);
          return undefined;
        });
        expect(reads.length, def.name).toBeGreaterThan(0);
        expect(failed).toContain(target);
        expect(failed).toMatch(/This cannot be undone\.$/);
        const answered = await def.confirm!(input, (tool, args) => readTool(upstream, tool, args, { retry: false }));
        expect(answered).not.toBe(failed);
        expect(answered).toMatch(/This cannot be undone\.$/);
      } finally {
        await upstream.close();
      }
    },
  );
});

describe('views', () => {
  test("a view shows read tools' results and calls back read tools only, all of them declared", () => {
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const v of VIEW_TABLE) {
      for (const name of [...v.tools, ...v.calls]) {
        expect(byName.get(name), `${v.id}: ${name}`).toBeDefined();
        expect(byName.get(name)!.annotations.readOnlyHint, `${v.id}: ${name} changes nothing`).toBe(true);
      }
    }
  });

  test("each such tool's _meta names its view as ext-apps writes it; the others have none", () => {
    for (const t of tools) {
      const view = VIEW_TABLE.find((v) => (v.tools as readonly string[]).includes(t.name));
      if (!view) expect(viewMeta(t.name)).toBeUndefined();
      else
        expect(viewMeta(t.name)).toEqual({
          ui: { resourceUri: viewUri(view.id), visibility: ['model', 'app'] },
          'ui/resourceUri': viewUri(view.id),
        });
    }
  });

  test('the views are listed with the MCP Apps MIME type, only with the tools they show', () => {
    expect(listViews(new Set(tools.map((t) => t.name))).map((r) => [r.uri, r.mimeType])).toEqual(
      VIEW_TABLE.map((v) => [viewUri(v.id), 'text/html;profile=mcp-app']),
    );
    expect(listViews(new Set(['analytics_hero'])).map((r) => r.uri)).toEqual([viewUri('overview')]);
  });
});

describe('the MCP Registry entry', () => {
  const server = JSON.parse(readFileSync(new URL('../../server.json', import.meta.url), 'utf8')) as ReturnType<typeof serverJson> & {
    name: string;
    description: string;
    version: string;
    packages: { identifier: string; version: string; environmentVariables: { name: string; description: string; isSecret: boolean }[] }[];
  };
  test('is generated from package.json and the options table (npm run docs)', () => {
    expect(server, 'run `npm run docs`').toEqual(serverJson(pkg as never));
  });
  test('follows the registry rules: reverse-DNS name equal to mcpName, a short description, one exact version everywhere', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../manifest.json', import.meta.url), 'utf8')) as { version: string };
    expect(server.$schema).toBe(REGISTRY_SCHEMA);
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.name).toBe((pkg as { mcpName?: string }).mcpName);
    expect(server.description.length).toBeGreaterThan(0);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.packages[0]!.identifier).toBe(pkg.name);
    for (const v of [server.version, server.packages[0]!.version, manifest.version]) expect(v).toBe(pkg.version);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
  });
  test('every variable it lists is described, read by the server, and a credential is marked secret', () => {
    const read = new Set(OPTIONS.map((o) => o.env));
    for (const v of server.packages[0]!.environmentVariables) {
      expect(read.has(v.name), v.name).toBe(true);
      expect(v.description.length, v.name).toBeGreaterThan(10);
    }
    const secrets = server.packages[0]!.environmentVariables.filter((v) => v.isSecret)
      .map((v) => v.name)
      .sort();
    expect(secrets).toEqual([
      'WORKSPACE_API_KEY',
      'WORKSPACE_CONNECTOR_TOKEN',
      'WORKSPACE_REDIS_PASSWORD',
      'WORKSPACE_REDIS_SENTINEL_PASSWORD',
      'WORKSPACE_REDIS_URL',
      'WORKSPACE_STATE_SECRET',
    ]);
  });
});

describe('server instructions', () => {
  test('stay within their own budget of 800 o200k tokens, jobs and confirmations included', () => {
    const instructions = conn.client.getInstructions() ?? '';
    expect(instructions).toContain('jobs_get');
    expect(instructions).toContain('asks the person');
    expect(countTokens(instructions)).toBeLessThanOrEqual(800);
  });

  test('open with one line that says what the server is for, on its own (clients that defer a server show only that line)', () => {
    const first = (conn.client.getInstructions() ?? '').split('\n')[0]!;
    expect(first).toMatch(/^Tools for a learning workspace \(LMS\): .+\.$/);
    // code_run's topic is named where it is offered (it is not by default).
    for (const set of TOOLSET_TABLE.filter((t) => t.id !== 'jobs' && t.id !== 'code')) expect(first, set.id).toContain(set.topic);
    expect(first.length).toBeLessThanOrEqual(300);
  });

  test('name exactly the tools offered, made from the toolsets table and the rows (annotations, ids, paging)', async () => {
    for (const readOnly of [false, true]) {
      const conn = await connectInMemory(sandbox, { readOnly });
      const instructions = conn.client.getInstructions() ?? '';
      const offered = (await conn.client.listTools()).tools.map((t) => t.name);
      await conn.close();
      const lines = instructions.split('\n');
      const namesIn = (line: string | undefined) => new Set(line?.match(/\b[a-z]+_[a-z_]+\b/g));
      // Where ids come from and which lists come in parts: made from the rows, for the tools offered only.
      const sources = namesIn(lines.find((l) => l.startsWith('Ids come from other tools: ')));
      // Which lists come in parts is said by each answer's page (most reads may come in parts): the line names none.
      const paging = lines.find((l) => l.startsWith('Long lists come in parts'));
      expect(paging !== undefined).toBe(tools.some((t) => offered.includes(t.name) && t.pages !== undefined));
      expect(namesIn(paging).size).toBe(0);
      for (const t of tools) expect(sources.has(t.name), t.name).toBe(offered.includes(t.name) && t.gives !== undefined);
      // The other lines after the toolsets say what each tool does to data.
      const rest = lines.filter((l) => !/^(- |Ids come from|Long lists come in parts)/.test(l)).join('\n');
      const named = namesIn(rest);
      // Reads are listed by name unless every tool offered reads; destructive tools always are.
      for (const t of tools)
        expect(named.has(t.name), t.name).toBe(
          offered.includes(t.name) && ((t.annotations.readOnlyHint && !readOnly) || t.annotations.destructiveHint),
        );
      for (const set of new Set(tools.filter((t) => offered.includes(t.name)).map((t) => t.toolset)))
        expect(instructions).toContain(`- ${set}: `);
      expect(instructions.includes('idempotencyKey')).toBe(!readOnly);
    }
  });
});

describe('tool filters', () => {
  test('--toolsets, --tools and --exclude-tools: a tool of a named toolset or named itself, unless excluded', () => {
    const pick = (f: Omit<ToolFilter, 'apis'>) =>
      tools
        .map(summarize)
        .filter((t) => offered(t, { apis: new Set(['connector', 'content']), ...f }))
        .map((t) => t.name);
    expect(pick({})).toHaveLength(tools.length);
    expect(pick({ tools: new Set(['analytics_hero', 'groups_list']) })).toEqual(['analytics_hero', 'groups_list']);
    expect(pick({ toolsets: new Set(['members']), tools: new Set(['groups_list']) })).toEqual(
      tools.filter((t) => t.toolset === 'members' || t.name === 'groups_list').map((t) => t.name),
    );
    expect(pick({ excludeTools: new Set(['groups_delete', 'members_remove']) })).toHaveLength(tools.length - 2);
    expect(pick({ tools: new Set(['groups_delete', 'groups_list']), readOnly: true })).toEqual(['groups_list']);
    expect(pick({ toolsets: new Set(['groups']), excludeTools: new Set(['groups_delete']) })).toEqual(
      tools.filter((t) => t.toolset === 'groups' && t.name !== 'groups_delete').map((t) => t.name),
    );
  });

  test('the job tools come with the long tools and batch_call, or by name: --toolsets jobs, --tools jobs_get; --exclude-tools leaves one out', async () => {
    const both = { apis: new Set(['connector', 'content'] as const), jobs: true };
    const names = async (f: Omit<ToolFilter, 'apis' | 'jobs'>, jobs = true) => (await Catalogue.select({ ...both, jobs, ...f })).names;
    const noBatch = new Set([BATCH_TOOL_NAME]);
    expect(await names({ toolsets: new Set(['jobs']) })).toEqual(['jobs_get', 'jobs_cancel']);
    expect(await names({ toolsets: new Set(['analytics']), tools: new Set(['jobs_get']), excludeTools: noBatch })).toEqual([
      ...tools.filter((t) => t.toolset === 'analytics').map((t) => t.name),
      'jobs_get',
    ]);
    expect(await names({ toolsets: new Set(['presentations']), excludeTools: noBatch })).toEqual([
      'presentations_create',
      'jobs_get',
      'jobs_cancel',
    ]);
    expect(await names({ toolsets: new Set(['presentations']), excludeTools: new Set(['jobs_cancel', BATCH_TOOL_NAME]) })).toEqual([
      'presentations_create',
      'jobs_get',
    ]);
    expect(await names({ toolsets: new Set(['analytics']), excludeTools: noBatch })).not.toContain('jobs_get');
    // A batch may outlast the client too: with batch_call, the job tools come.
    // (Reads only: a cancel would stop nothing but reads, so none is offered.)
    expect(await names({ toolsets: new Set(['analytics']) })).toEqual([
      ...tools.filter((t) => t.toolset === 'analytics').map((t) => t.name),
      BATCH_TOOL_NAME,
      'jobs_get',
    ]);
    // Without the hand-off (--job-after-ms 0) no call becomes a job: nothing to follow.
    expect(await names({ toolsets: new Set(['jobs', 'presentations']) }, false)).toEqual(['presentations_create', BATCH_TOOL_NAME]);
  });

  test('--read-only offers only tools that change nothing', async () => {
    const ro = await connectInMemory(sandbox, { readOnly: true });
    const listedRo = (await ro.client.listTools()).tools;
    await ro.close();
    const names = listedRo.map((t) => t.name);
    expect(names).toEqual([...tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name), BATCH_TOOL_NAME]);
    for (const t of tools) if (t.takesIdempotencyKey) expect(names).not.toContain(t.name);
    // batch_call runs reads only here, and says so.
    const batch = listedRo.find((t) => t.name === BATCH_TOOL_NAME);
    expect(batch?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
  });
});

describe('code_run in the tool list', () => {
  test('offered only when asked for; with it, the part of the list a model reads stays within 8,100 o200k tokens', async () => {
    expect(listed.some((t) => t.name === 'code_run')).toBe(false);
    const withCode = await connectInMemory(sandbox, { jobAfterMs: 40_000, code: true });
    try {
      const all = (await withCode.client.listTools()).tools;
      // The same list, code_run added.
      expect(all.filter((t) => t.name !== 'code_run')).toEqual(listed);
      const code = all.find((t) => t.name === 'code_run')!;
      const reads = tools.filter((t) => t.annotations.readOnlyHint && t.mode === 'json').map((t) => t.name);
      // Its description declares every quick read the code may call, and no write.
      for (const name of reads) expect(code.description, name).toContain(`  ${name}(args`);
      for (const t of tools.filter((t) => !t.annotations.readOnlyHint)) expect(code.description).not.toContain(`${t.name}(args`);
      const modelFacing = all.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
      const sent = countTokens(JSON.stringify(modelFacing));
      const own = countTokens(JSON.stringify(modelFacing.find((t) => t.name === 'code_run')));
      console.log(`model-facing tool list with code_run: ${sent} o200k tokens (code_run ${own})`);
      // 8,100 since the list tools take a `cursor` (about 90 tokens of the list code_run is offered beside).
      expect(sent).toBeLessThanOrEqual(8_100);
    } finally {
      await withCode.close();
    }
  });

  test('the fuller declarations are a resource, offered with code_run only', async () => {
    const uri = 'learning-workspace://code/tools.d.ts';
    expect((await conn.client.listResources()).resources.map((r) => r.uri)).not.toContain(uri);
    const withCode = await connectInMemory(sandbox, { code: true });
    try {
      expect((await withCode.client.listResources()).resources.map((r) => r.uri)).toContain(uri);
      const text = ((await withCode.client.readResource({ uri })).contents[0] as { text: string }).text;
      expect(text).toMatch(/^declare const tools: \{/);
      // Every output field, nested ones too (the description cuts them at two levels).
      expect(text).toContain('avatarUrl: string | null');
      expect(countTokens(text)).toBeGreaterThan(2_000);
    } finally {
      await withCode.close();
    }
  });
});
