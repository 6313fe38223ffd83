// TypeScript declarations of the tools code_run's code calls, written from their JSON Schemas: what the
// tool's description carries (inputs whole, outputs to a few levels) and the fuller resource (outputs whole).

type Schema = Record<string, unknown>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One tool's line: its input and its output as TypeScript, and its description as a comment. */
export interface ToolDeclarationSource {
  name: string;
  description: string;
  input: Schema;
  output: Schema;
}

/** A JSON Schema as a TypeScript type; past `depth` levels an object is `object`, so short types stay short. */
export function tsType(schema: unknown, depth: number, comments = false): string {
  if (typeof schema !== 'object' || schema === null) return 'unknown';
  const s = schema as Schema;
  if (Array.isArray(s['enum'])) return (s['enum'] as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s['const']);
  const branches = (s['anyOf'] ?? s['oneOf']) as unknown[] | undefined;
  if (Array.isArray(branches)) return union(branches.map((b) => tsType(b, depth, comments)));
  const type = s['type'];
  if (Array.isArray(type)) return union(type.map((t) => tsType({ ...s, type: t }, depth, comments)));
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = tsType(s['items'], depth, comments);
      return /^[\w"]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'object':
      return objectType(s, depth, comments);
    default:
      return s['properties'] ? objectType(s, depth, comments) : 'unknown';
  }
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.includes('unknown') ? 'unknown' : unique.join(' | ');
}

function objectType(s: Schema, depth: number, comments: boolean): string {
  const props = (s['properties'] ?? {}) as Record<string, Schema>;
  const names = Object.keys(props);
  if (names.length === 0) return s['additionalProperties'] === false ? '{}' : 'Record<string, unknown>';
  if (depth <= 0) return 'object';
  const required = new Set((s['required'] as string[] | undefined) ?? []);
  const fields = names.map((name) => {
    const key = IDENT.test(name) ? name : JSON.stringify(name);
    const note =
      comments && typeof props[name]!['description'] === 'string' ? ` /** ${clean(props[name]!['description'] as string)} */` : '';
    return `${key}${required.has(name) ? '' : '?'}: ${tsType(props[name], depth - 1, comments)};${note}`;
  });
  return `{ ${fields.join(' ')} }`;
}

const clean = (text: string) => text.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();

/** What sets the tools inside code apart from the same tools called alone, said where their types are read. */
export const WHOLE_LISTS =
  '// Inside code_run a list comes whole (every row, no offset); fields keeps only the paths given of each row. A list the workspace may hold more of has page.mayGoOn: true (its rows are not all; the answer names it in partial).';

/**
 * The `tools` object as TypeScript: each method with its input (field descriptions as comments) and its
 * output, to `outputDepth` levels of nesting.
 */
export function toolsDeclaration(lines: readonly string[]): string {
  return `declare const tools: {\n  ${WHOLE_LISTS}\n${lines.join('\n')}\n};`;
}

/**
 * One method of the `tools` object: its input (field descriptions as comments) and its output to
 * `outputDepth` levels; with its description as a comment where asked (the tool list already has it).
 */
export function toolLine(t: ToolDeclarationSource, outputDepth: number, described: boolean): string {
  const args = tsType(t.input, 4, true);
  const optional = ((t.input['required'] as string[] | undefined) ?? []).length === 0;
  const method = `  ${t.name}(args${optional ? '?' : ''}: ${args}): Promise<${tsType(t.output, outputDepth)}>;`;
  return described ? `  /** ${clean(t.description)} */\n${method}` : method;
}

/** Output levels the tool's description shows; the resource shows them all. */
export const SHORT_DEPTH = 2;
export const FULL_DEPTH = 12;

/** Both declarations of one tool, as the build keeps them. */
export interface ToolDeclarations {
  short: string;
  full: string;
}

export function declarationsOf(t: ToolDeclarationSource): ToolDeclarations {
  const whole = wholeList(t);
  return { short: toolLine(unnamedFields(whole), SHORT_DEPTH, false), full: toolLine(whole, FULL_DEPTH, true) };
}

/**
 * The short line's `fields` as `string[]`: the paths are named in the tool's own input schema (in the same
 * tool list) and in the full declarations, and spelled again in code_run's description they would cost a
 * few hundred tokens in every conversation that offers it.
 */
function unnamedFields(t: ToolDeclarationSource): ToolDeclarationSource {
  const inputs = t.input['properties'] as Record<string, Schema> | undefined;
  const fields = inputs?.['fields'];
  if (!fields) return t;
  const { items: _items, ...rest } = fields;
  return { ...t, input: { ...t.input, properties: { ...inputs, fields: { ...rest, items: { type: 'string' } } } } };
}

/**
 * What a `page` says inside code_run: only that a list may go on (a list known whole has no page), with the
 * rows it gave and the cap the workspace stops lists at, when known.
 */
const WHOLE_PAGE: Schema = {
  type: 'object',
  properties: { mayGoOn: { const: true }, returned: { type: 'integer' }, cap: { type: 'integer' } },
  required: ['mayGoOn', 'returned'],
};

/**
 * A list tool as code sees it: inside code_run a list comes whole, so the server's paging (`offset` and
 * `cursor` in) is not declared, and `page` only as what it says there (may go on); `fields` is, since it cuts each row there too.
 */
export function wholeList(t: ToolDeclarationSource): ToolDeclarationSource {
  const inputs = t.input['properties'] as Record<string, Schema> | undefined;
  const outputs = t.output['properties'] as Record<string, Schema> | undefined;
  if (!inputs?.['offset'] || !outputs?.['page']) return t;
  const { offset: _offset, cursor: _cursor, ...input } = inputs;
  const output = { ...outputs, page: WHOLE_PAGE };
  return { ...t, input: { ...t.input, properties: input }, output: { ...t.output, properties: output } };
}
