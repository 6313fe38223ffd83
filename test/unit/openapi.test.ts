import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { tools, type Api, type ToolDef } from '../../tools/index.js';

// The contract of the two upstream APIs is api/*.openapi.json. These tests hold every tool row to the
// operation it calls, and every operation to a row, so neither can drift from the other unnoticed. The
// server's own tools (jobs) are no rows of `tools` and call no operation.

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  [keyword: string]: unknown;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: 'header' | 'query' | 'path';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}
type Method = 'get' | 'post' | 'patch';
interface Document {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

const documents: Record<Api, Document> = {
  connector: JSON.parse(readFileSync(new URL('../../api/connector.openapi.json', import.meta.url), 'utf8')) as Document,
  content: JSON.parse(readFileSync(new URL('../../api/content.openapi.json', import.meta.url), 'utf8')) as Document,
};

/**
 * Body fields of an operation that its row leaves out on purpose, each with the reason. The test fails
 * when a row starts sending such a field, or leaves out one not listed here.
 */
const LEFT_OUT: Record<string, Record<string, string>> = {
  'POST /api/v1/performance-insights/stream': {
    trigger: 'what triggered the message: always the agent asking, so the tool does not offer it',
  },
};

/** Follows a local `#/components/...` reference. */
function resolve<T extends { $ref?: string }>(doc: Document, node: T): T {
  if (node.$ref === undefined) return node;
  let target: unknown = doc;
  for (const part of node.$ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown>)[part];
  if (target === undefined) throw new Error(`dangling reference ${node.$ref}`);
  return resolve(doc, target as T);
}

/** The properties and required names of an object schema, through references and allOf. */
function objectOf(doc: Document, schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const s = resolve(doc, schema);
  const parts = (s.allOf ?? []).map((part) => objectOf(doc, part));
  return {
    properties: Object.assign({}, ...parts.map((p) => p.properties), s.properties),
    required: [...parts.flatMap((p) => p.required), ...(s.required ?? [])],
  };
}

function operationOf(def: ToolDef): Operation | undefined {
  return documents[def.api].paths[def.path]?.[def.method.toLowerCase() as Method];
}

function parametersOf(def: ToolDef, where: Parameter['in']): Parameter[] {
  const op = operationOf(def);
  const doc = documents[def.api];
  return (op?.parameters ?? []).map((p) => resolve(doc, p)).filter((p) => p.in === where);
}

/** The body schema of an operation, flattened. */
function bodyOf(def: ToolDef) {
  const schema = operationOf(def)?.requestBody?.content['application/json']?.schema;
  return schema ? objectOf(documents[def.api], schema) : { properties: {}, required: [] };
}

const pathParams = (def: ToolDef) => [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** The row's input as clients see it: its fields, required ones, and their JSON schemas. */
function inputOf(def: ToolDef) {
  const schema = z.toJSONSchema(def.input, { io: 'input' }) as { properties?: Record<string, Schema>; required?: string[] };
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** A stand-in value of the field's JSON type: only the names of the fields the row sends matter here. */
function placeholder(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return { array: [], object: {}, boolean: true, integer: 1, number: 1 }[type ?? ''] ?? 'x';
}

/**
 * The fields the row sends upstream when given `fields` of its input: its own `body()` when it has one,
 * else the input less what the server takes for itself (path parameters, the idempotency key, which
 * travels as a header, and a paged list's offset and fields).
 */
function sentFields(def: ToolDef, fields: string[]): string[] {
  const input = inputOf(def);
  const own = new Set([...pathParams(def), 'idempotencyKey', ...(def.pages ? ['offset', 'cursor', 'fields'] : [])]);
  const given = fields.filter((k) => !own.has(k));
  if (!def.body) return given;
  const sample = Object.fromEntries(given.map((k) => [k, placeholder(input.properties[k] ?? {})]));
  return Object.keys(def.body(sample) as Record<string, unknown>);
}

/** The keywords of a field that state a fact of the document: the row must carry the same. */
const FACTS = [
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
];

const key = (def: ToolDef) => `${def.method} ${def.path}`;
const sorted = (names: Iterable<string>) => [...names].sort();

describe('the OpenAPI description', () => {
  test('every operation has exactly one tool row, and every row an operation', () => {
    const operations = Object.entries(documents).flatMap(([api, doc]) =>
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${api} ${method.toUpperCase()} ${path}`)),
    );
    const rows = tools.map((def) => `${def.api} ${key(def)}`);
    expect(new Set(rows).size, 'two rows call the same operation').toBe(rows.length);
    expect(sorted(rows)).toEqual(sorted(operations));
  });

  test('every operation id is unique across both APIs', () => {
    const ids = Object.values(documents).flatMap((doc) =>
      Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('every $ref resolves', () => {
    for (const doc of Object.values(documents)) {
      for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":\s*"([^"]+)"/g))
        expect(() => resolve(doc, { $ref: ref ?? '' })).not.toThrow();
    }
  });

  test('left-out fields name operations that exist', () => {
    const known = new Set(tools.map(key));
    for (const op of Object.keys(LEFT_OUT)) expect(known, op).toContain(op);
  });
});

describe.each(tools.map((def) => [def.name, def] as const))('%s matches its operation', (_name, def) => {
  test('the operation exists, with the method and path of the row', () => {
    expect(operationOf(def), `${def.api} ${key(def)}`).toBeDefined();
  });

  test('path parameters are required fields of the row', () => {
    const declared = parametersOf(def, 'path');
    expect(sorted(declared.map((p) => p.name))).toEqual(sorted(pathParams(def)));
    for (const name of pathParams(def)) expect(inputOf(def).required, name).toContain(name);
  });

  test('Idempotency-Key exactly when the row takes one', () => {
    const header = parametersOf(def, 'header').some((p) => p.name === 'Idempotency-Key');
    expect(header).toBe(def.takesIdempotencyKey);
  });

  if (def.method === 'GET') {
    test('the query fields are the query parameters of the operation', () => {
      const input = inputOf(def);
      const query = parametersOf(def, 'query');
      expect(sorted(sentFields(def, Object.keys(input.properties)))).toEqual(sorted(query.map((p) => p.name)));
      for (const p of query.filter((q) => q.required)) expect(input.required, p.name).toContain(p.name);
    });
    return;
  }

  test('the body fields are those of the operation', () => {
    const body = bodyOf(def);
    const input = inputOf(def);
    const sent = sentFields(def, Object.keys(input.properties));
    const leftOut = Object.keys(LEFT_OUT[key(def)] ?? {});
    expect(operationOf(def)?.requestBody, 'the operation takes no body').toBeDefined();
    expect(sorted(sent), 'fields the operation does not have').toEqual(sorted(sent.filter((f) => f in body.properties)));
    expect(sorted(Object.keys(body.properties).filter((f) => !sent.includes(f))), 'fields the row leaves out').toEqual(sorted(leftOut));
  });

  test('the fields the operation requires are always sent', () => {
    const always = sentFields(def, inputOf(def).required);
    for (const field of bodyOf(def).required) expect(always, field).toContain(field);
  });

  // A row with its own body() may reshape a field (a question becomes a message): only direct fields compare.
  if (!def.body) {
    test('each field keeps the enums and bounds of the operation', () => {
      const doc = documents[def.api];
      const input = inputOf(def);
      for (const [field, declared] of Object.entries(bodyOf(def).properties)) {
        const row = input.properties[field];
        if (!row) continue;
        const spec = resolve(doc, declared);
        for (const keyword of FACTS.filter((k) => k in spec)) expect(row[keyword], `${field}.${keyword}`).toEqual(spec[keyword]);
      }
    });
  }
});
