// No input valid under a tool's advertised input schema is refused for its shape: inputs are drawn from
// each advertised JSON schema (seeded, so a failure repeats) and checked with the tool's own zod schema.
import { describe, expect, test } from 'vitest';
import { tools } from '../../tools/index.js';
import { toolEntry } from '../../src/mcp/tool-schema.js';
import { prng as random } from '../../src/sandbox/seed.js';

type Schema = Record<string, unknown>;

/** Strings a model might send where the schema says only "string". */
const STRINGS = ['a', 'u_amara', 'Sales EMEA', 'x'.repeat(40), 'Zoë', '42', 'id-7'];

/** One value valid under `schema` (the keywords the advertised schemas use), drawn with `next`. */
function draw(schema: Schema, next: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  if (Array.isArray(schema['enum'])) return pick(schema['enum'] as unknown[]);
  if ('const' in schema) return schema['const'];
  const branches = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  if (branches) return draw(pick(branches), next, depth);
  const type = Array.isArray(schema['type']) ? pick(schema['type'] as string[]) : schema['type'];
  switch (type) {
    case 'string':
      return pick(STRINGS);
    case 'integer':
    case 'number': {
      const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
      const max = typeof schema['maximum'] === 'number' ? schema['maximum'] : min + 1_000;
      const n = min + Math.floor(next() * (Math.min(max, min + 1_000) - min + 1));
      return type === 'number' && next() < 0.3 ? n - 0.5 * Number(n > min) : n;
    }
    case 'boolean':
      return next() < 0.5;
    case 'null':
      return null;
    case 'array': {
      const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : min + 4;
      const length = depth > 3 ? min : min + Math.floor(next() * (max - min + 1));
      return Array.from({ length }, () => draw((schema['items'] as Schema) ?? {}, next, depth + 1));
    }
    case 'object': {
      const props = (schema['properties'] ?? {}) as Record<string, Schema>;
      const required = new Set((schema['required'] as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(props)) if (required.has(key) || next() < 0.5) out[key] = draw(sub, next, depth + 1);
      return out;
    }
    default:
      return pick(STRINGS);
  }
}

const paged = tools.filter((t) => t.pages);

describe('inputs drawn from the advertised schemas', () => {
  test.each(paged.map((t) => [t.name, t] as const))('%s takes every input valid under its advertised schema', (name, def) => {
    const schema = toolEntry(def).inputSchema as Schema;
    const next = random(name.length * 7919);
    const refused: string[] = [];
    for (let i = 0; i < 300; i++) {
      const input = draw(schema, next);
      const checked = def.input.safeParse(input);
      if (!checked.success) refused.push(`${JSON.stringify(input)}: ${checked.error.issues.map((x) => x.message).join('; ')}`);
    }
    expect(refused.slice(0, 5), name).toEqual([]);
  });
});

describe('fields, named', () => {
  test.each(paged.map((t) => [t.name, t] as const))(
    '%s: fields names its row paths (from the output schema), at least one; a repeat is taken',
    (name, def) => {
      const fields = (toolEntry(def).inputSchema.properties as Record<string, Schema>)['fields']!;
      expect(fields['minItems'], name).toBe(1);
      expect((fields['items'] as Schema)['enum'], name).toEqual(def.rowPaths);
      const [first] = def.rowPaths!;
      const example = def.example ?? {};
      expect(def.input.safeParse({ ...example, fields: [first, first] }).success, name).toBe(true);
      expect(def.input.safeParse({ ...example, fields: [] }).success, name).toBe(false);
      expect(def.input.safeParse({ ...example, fields: ['no.such.path'] }).success, name).toBe(false);
    },
  );
});
