// The served input schemas against the schema subsets agent frameworks hand to models: OpenAI's strict
// structured outputs and Gemini's function declarations; and every schema, output schemas included,
// against the MCP Inspector's portability check. Prints every tool and keyword that fails.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectInMemory, startSandbox, type Connected, type Sandbox } from '../helpers.js';

type Schema = Record<string, unknown>;

/** Keywords OpenAI's strict mode takes (structured outputs, function calling with strict: true). */
const OPENAI_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'description',
  'title',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  '$defs',
  '$ref',
]);
const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Keywords of Gemini's function-declaration schema (an OpenAPI 3.0 subset); frameworks drop additionalProperties: false. */
const GEMINI_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'anyOf',
  'description',
  'title',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'format',
  'nullable',
  'additionalProperties',
]);
const GEMINI_STRING_FORMATS = new Set(['enum', 'date-time']);

/** Where a schema breaks OpenAI's strict subset: open objects, unknown keywords or formats. */
export function openAiProblems(schema: Schema, path = ''): string[] {
  const out: string[] = [];
  for (const key of Object.keys(schema)) if (!OPENAI_KEYWORDS.has(key)) out.push(`${path || '/'} ${key}`);
  if (typeof schema['format'] === 'string' && !OPENAI_FORMATS.has(schema['format'])) out.push(`${path || '/'} format ${schema['format']}`);
  if (schema['type'] === 'object' && schema['additionalProperties'] !== false) out.push(`${path || '/'} open object`);
  return [...out, ...children(schema, path).flatMap(([p, s]) => openAiProblems(s, p))];
}

/** Where a schema breaks Gemini's subset: unknown keywords, formats other than enum and date-time, open or empty objects. */
export function geminiProblems(schema: Schema, path = ''): string[] {
  const out: string[] = [];
  for (const key of Object.keys(schema)) if (!GEMINI_KEYWORDS.has(key)) out.push(`${path || '/'} ${key}`);
  if (schema['type'] === 'string' && typeof schema['format'] === 'string' && !GEMINI_STRING_FORMATS.has(schema['format']))
    out.push(`${path || '/'} format ${schema['format']}`);
  if (schema['type'] === 'object') {
    // A tool with no arguments at all is sent with no parameters (the frameworks' Gemini providers do so).
    if (path !== '' && (!schema['properties'] || Object.keys(schema['properties'] as object).length === 0))
      out.push(`${path} object without properties`);
    if (schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false) out.push(`${path || '/'} open object`);
  }
  return [...out, ...children(schema, path).flatMap(([p, s]) => geminiProblems(s, p))];
}

/** Keywords that constrain a value, as the Inspector's check counts them: a schema with none accepts anything. */
const CONSTRAINING = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'items',
  'prefixItems',
  'contains',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  '$ref',
]);
const BOOLEAN_ALLOWED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);

/**
 * What the MCP Inspector (2.x) reports as not portable, for `--method tools/list`: a `type` array (clients
 * that map schemas onto one type per schema, such as Gemini's, drop or refuse it), a schema that
 * constrains nothing (`{}`), a bare boolean where a schema object is expected, a `$ref` to another document.
 */
export function portabilityProblems(schema: unknown, path = '', keyword?: string): string[] {
  if (typeof schema === 'boolean') return keyword !== undefined && BOOLEAN_ALLOWED.has(keyword) ? [] : [`${path || '/'} bare ${schema}`];
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  const out: string[] = [];
  if (Array.isArray(node['type'])) out.push(`${path || '/'} type array`);
  if (typeof node['$ref'] === 'string' && !node['$ref'].startsWith('#')) out.push(`${path || '/'} remote $ref`);
  if (keyword !== 'not' && !Object.keys(node).some((k) => CONSTRAINING.has(k))) out.push(`${path || '/'} accepts anything`);
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    for (const [name, sub] of Object.entries((node[key] as Record<string, unknown> | undefined) ?? {}))
      out.push(...portabilityProblems(sub, `${path}/${name}`, key));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    for (const [i, sub] of ((node[key] as unknown[] | undefined) ?? []).entries())
      out.push(...portabilityProblems(sub, `${path}|${key}${i}`, key));
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'not', 'contains', 'if', 'then', 'else']) {
    if (key in node) out.push(...portabilityProblems(node[key], `${path}.${key}`, key));
  }
  return out;
}

function children(schema: Schema, path: string): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const [name, s] of Object.entries((schema['properties'] as Record<string, Schema> | undefined) ?? {}))
    out.push([`${path}/${name}`, s]);
  if (schema['items'] && typeof schema['items'] === 'object') out.push([`${path}[]`, schema['items'] as Schema]);
  for (const [i, s] of ((schema['anyOf'] as Schema[] | undefined) ?? []).entries()) out.push([`${path}|${i}`, s]);
  return out;
}

let sandbox: Sandbox;
let conn: Connected;
let listed: { name: string; inputSchema: Schema; outputSchema?: Schema }[];

beforeAll(async () => {
  sandbox = await startSandbox();
  // As the server runs by default: long calls handed off as jobs, so the job tools are listed too.
  conn = await connectInMemory(sandbox, { jobAfterMs: 40_000 });
  listed = (await conn.client.listTools()).tools as typeof listed;
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

/**
 * The tools that still fail, by rule set: this list may only shrink. What is left is optional fields
 * that do not take null (issue 15's next step) and is listed keyword by keyword below when it runs.
 */
const KNOWN_FAILING = { openai: [] as string[], gemini: [] as string[] };

test('every input schema fits OpenAI strict mode and Gemini function declarations (failures printed)', () => {
  const report = (name: string, check: (s: Schema) => string[]) => {
    const failing = listed.map((t) => [t.name, check(t.inputSchema)] as const).filter(([, p]) => p.length > 0);
    console.log(
      `${name}: ${failing.length} of ${listed.length} tools fail${failing.map(([n, p]) => `\n  ${n}: ${p.join('; ')}`).join('')}`,
    );
    return failing.map(([n]) => n);
  };
  const openai = report('OpenAI strict', openAiProblems);
  const gemini = report('Gemini', geminiProblems);
  expect(openai).toEqual(KNOWN_FAILING.openai);
  expect(gemini).toEqual(KNOWN_FAILING.gemini);
});

test('every input and output schema passes the Inspector portability check: 0 errors, 0 warnings', () => {
  const failing = listed.flatMap((t) => [
    ...portabilityProblems(t.inputSchema).map((p) => `${t.name} inputSchema ${p}`),
    ...portabilityProblems(t.outputSchema).map((p) => `${t.name} outputSchema ${p}`),
  ]);
  expect(listed.length).toBeGreaterThan(30);
  expect(failing).toEqual([]);
});

test('the checks catch what they are for', () => {
  expect(
    portabilityProblems({
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: {}, c: { description: 'x' } },
      additionalProperties: {},
    }),
  ).toEqual(['/a type array', '/b accepts anything', '/c accepts anything', '.additionalProperties accepts anything']);
  expect(portabilityProblems({ type: 'object', properties: { t: true }, additionalProperties: true, anyOf: [{ not: {} }] })).toEqual([
    '/t bare true',
  ]);
  expect(
    openAiProblems({ type: 'object', properties: { m: { type: 'object', additionalProperties: {} } }, additionalProperties: false }),
  ).toEqual(['/m open object']);
  expect(
    openAiProblems({ type: 'object', properties: { u: { type: 'string', format: 'uri', minLength: 3 } }, additionalProperties: false }),
  ).toEqual(['/u minLength', '/u format uri']);
  expect(geminiProblems({ type: 'object', properties: { k: { const: 'x' }, o: { type: 'object', properties: {} } } })).toEqual([
    '/k const',
    '/o object without properties',
  ]);
});
