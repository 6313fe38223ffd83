import type { Tool } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { ToolDef } from '../../tools/define.js';
import type { BatchToolDef } from '../../tools/batch.js';
import type { JobToolDef } from '../../tools/jobs.js';
import type { CodeToolDef } from '../../tools/code.js';
import { declarationsOf, type ToolDeclarations } from '../../tools/declarations.js';
import { viewMeta } from './view-resources.js';

/**
 * The same conversion McpServer makes for a zod 4 schema: zod's own Standard JSON Schema, JSON Schema
 * 2020-12 (the dialect MCP assumes when a schema names none).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
}

/**
 * What zod writes that means nothing to a model or a client, taken out of a converted schema: the
 * `$schema` line (2020-12 is MCP's default dialect), `minLength: 1` and `minItems: 1`, a safe integer's bounds
 * (`exclusiveMinimum: 0` with `maximum: 9007199254740991`, said as `minimum: 1`), and the patterns,
 * formats and length limits the descriptions say in words. The server's zod schemas still check it all.
 */
export function tidySchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(tidySchema) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    // "Not empty": true of any value a model would send; the server still refuses an empty one.
    // A choice among named values (items of an enum, as `fields`) keeps its minItems: none chosen is refused.
    if ((key === 'minLength' || (key === 'minItems' && !namesItems(schema))) && value === 1) continue;
    // Patterns, formats and length limits are said in the field's description (a test checks that),
    // where every model and agent framework reads them; the server still checks them.
    if (key === 'pattern' || key === 'format' || key === 'maxLength') continue;
    out[key] = tidySchema(value);
  }
  if (out['type'] === 'integer' && out['exclusiveMinimum'] === 0 && out['minimum'] === undefined) {
    delete out['exclusiveMinimum'];
    out['minimum'] = 1;
  }
  // Gemini takes no exclusiveMinimum: a number above 0 is said in its description instead.
  if (out['type'] === 'number' && out['exclusiveMinimum'] === 0) delete out['exclusiveMinimum'];
  return out as T;
}

type Node = Record<string, unknown>;

/** An array schema whose items are named values (an enum). */
const namesItems = (schema: object) => {
  const items = (schema as Node)['items'];
  return typeof items === 'object' && items !== null && Array.isArray((items as Node)['enum']);
};

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'propertyNames', 'not', 'contains', 'if', 'then', 'else'];
const SCHEMA_LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords that say something about the value; a schema with none of them accepts anything. */
const CONSTRAINING = ['type', 'enum', 'const', '$ref', ...SCHEMA_LIST, ...SCHEMA_MAP, 'items', 'additionalProperties', 'not', 'required'];
/** Keywords that describe a schema rather than constrain it: kept beside an anyOf, not inside its branches. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);
/** Any JSON value, said with a type per branch. */
const ANY_JSON = ['object', 'array', 'string', 'number', 'boolean', 'null'].map((type) => ({ type }));

/**
 * An output schema in the spelling every client can map onto its own schema dialect, as the MCP
 * Inspector's portability check asks: a loose object's `additionalProperties: {}` is left out (the same
 * contract: extra fields allowed), a nullable `type: [X, "null"]` becomes `anyOf` branches of one type
 * each, and a value of any JSON type says so by branches instead of an empty schema.
 */
export function portableSchema<T>(schema: T): T {
  return portable(schema, undefined) as T;
}

function portable(schema: unknown, keyword: string | undefined): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const node = schema as Node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && isEmptySchema(value)) continue;
    if (ONE_SCHEMA.includes(key)) out[key] = Array.isArray(value) ? value.map((v) => portable(v, key)) : portable(value, key);
    else if (SCHEMA_LIST.includes(key) && Array.isArray(value)) out[key] = value.map((v) => portable(v, key));
    else if (SCHEMA_MAP.includes(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, portable(sub, key)]));
    } else out[key] = value;
  }
  if (Array.isArray(out['type'])) return typeBranches(out);
  if (keyword !== 'not' && !CONSTRAINING.some((k) => k in out)) return { ...out, anyOf: ANY_JSON };
  return out;
}

const isEmptySchema = (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/** `{ type: [X, "null"], … }` as `{ anyOf: [{ type: X, … }, { type: "null" }] }`, annotations kept outside. */
function typeBranches(node: Node): Node {
  const types = node['type'] as string[];
  const outer: Node = {};
  const inner: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (ANNOTATIONS.has(key)) outer[key] = value;
    else inner[key] = value;
  }
  const enumOf = (type: string) =>
    Array.isArray(inner['enum']) ? { enum: (inner['enum'] as unknown[]).filter((v) => (v === null) === (type === 'null')) } : {};
  const branches = types.map((type) => (type === 'null' ? { type } : { type, ...inner, ...enumOf(type) }));
  return branches.length === 1 ? { ...outer, ...branches[0] } : { ...outer, anyOf: branches };
}

/**
 * The structured content of a long tool's answer when its call was handed off as a job: a tool's declared
 * output schema admits it beside the tool's own result (clients check structured content against it).
 */
const HANDED_OFF = {
  type: 'object',
  properties: {
    job: {
      type: 'object',
      description: 'The call goes on as this job: follow it with jobs_get.',
      properties: {
        id: { type: 'string' },
        tool: { type: 'string' },
        status: { type: 'string', enum: ['running'] },
        startedAt: { type: 'string' },
        progress: { type: 'string' },
      },
      required: ['id', 'tool', 'status', 'startedAt'],
    },
  },
  required: ['job'],
} as const;

/** The structured content of a destructive write the person declined when asked: nothing was changed. */
const DECLINED = {
  type: 'object',
  properties: { declined: { type: 'boolean', enum: [true], description: 'The person said no when asked; nothing was changed.' } },
  required: ['declined'],
} as const;

/** A tool's `tools/list` entry. */
export function toolEntry(def: ToolDef): Tool {
  const output = portableSchema(tidySchema({ type: 'object' as const, ...jsonSchema(def.listedOutput ?? def.output, 'output') }));
  // Besides its own result: a long call handed off as a job, a destructive one the person declined.
  const others = [...(def.mode === 'json' ? [] : [HANDED_OFF]), ...(def.annotations.destructiveHint ? [DECLINED] : [])];
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: tidySchema({ type: 'object' as const, ...jsonSchema(def.input, 'input') }),
    outputSchema: others.length === 0 ? output : { type: 'object' as const, anyOf: [output, ...others] },
    annotations: { title: def.title, ...def.annotations },
    // A long call may be asked for as a task (revision 2025-11-25), served from the job store.
    ...(def.mode === 'json' ? {} : { execution: { taskSupport: 'optional' as const } }),
    ...optionalMeta(viewMeta(def.name)),
  };
}

/** A job tool's `tools/list` entry. */
export function jobToolEntry(def: JobToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: tidySchema({ type: 'object' as const, ...jsonSchema(def.input, 'input') }),
    outputSchema: portableSchema(tidySchema({ type: 'object' as const, ...jsonSchema(def.output, 'output') })),
    annotations: { title: def.title, ...def.annotations },
  };
}

/** batch_call's `tools/list` entry: its result, or the batch handed off as a job; it may be asked for as a task. */
export function batchToolEntry(def: BatchToolDef | CodeToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: tidySchema({ type: 'object' as const, ...jsonSchema(def.input, 'input') }),
    outputSchema: portableSchema({
      type: 'object' as const,
      anyOf: [tidySchema({ type: 'object' as const, ...jsonSchema(def.output, 'output') }), HANDED_OFF],
    }),
    annotations: { title: def.title, ...def.annotations },
    execution: { taskSupport: 'optional' as const },
  };
}

const optionalMeta = (meta: Record<string, unknown> | undefined) => (meta ? { _meta: meta } : {});

/** A read tool's TypeScript declarations for code_run, from its schemas as listed. */
export function toolDeclarations(def: ToolDef): ToolDeclarations {
  return declarationsOf({
    name: def.name,
    description: def.description,
    input: tidySchema(jsonSchema(def.input, 'input')),
    output: tidySchema(jsonSchema(def.listedOutput ?? def.output, 'output')),
  });
}

/** code_run's `tools/list` entry, without the declarations its catalogue appends to the description: a batch's shape. */
export const codeToolEntry = (def: CodeToolDef): Tool => batchToolEntry(def);
