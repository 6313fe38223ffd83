import * as z from 'zod';
import { QUOTE_MAX, quote } from '../text/quote.js';

const MAX_ISSUES = 20;

/**
 * Agent frameworks that put tools in strict mode (OpenAI's) make every optional field required and
 * nullable, and models then send null for what they leave out. Null stands for "omitted" here: it is
 * removed from every optional field, nested objects and array items included, before the arguments are
 * checked. A null where the field is required, or where null is a value of its own, is left for the
 * schema to judge.
 */
export function withoutNullOptionals(schema: z.ZodType, value: unknown): unknown {
  // Most calls carry no null at all: nothing to look up in the schema then.
  if (!containsNull(value)) return value;
  const inner = innerSchema(schema);
  if (Array.isArray(value) && inner instanceof z.ZodArray)
    return value.map((item) => withoutNullOptionals(inner.element as z.ZodType, item));
  if (!(inner instanceof z.ZodObject) || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const shape = inner.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = shape[key];
    if (v === null && field && field.safeParse(undefined).success && !field.safeParse(null).success) continue;
    out[key] = field ? withoutNullOptionals(field, v) : v;
  }
  return out;
}

function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (containsNull(v)) return true;
  return false;
}

/** The schema under optional, nullable, default and refinement wrappers, where its shape is. */
function innerSchema(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
    else return s;
  }
  return s;
}

function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p).length > QUOTE_MAX ? quote(String(p)) : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/**
 * zod's issues as per-field reasons an agent can act on, never repeating a long piece of its input
 * (zod names unknown keys whole, and a key can be a megabyte long).
 */
export function fieldIssues(error: z.ZodError, accepted?: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  for (const issue of error.issues.slice(0, MAX_ISSUES)) {
    const field = pathOf(issue.path);
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.slice(0, 5).map((k) => quote(k));
      const more = issue.keys.length > 5 ? ` and ${issue.keys.length - 5} more` : '';
      const known = accepted && issue.path.length === 0 ? `; the fields it takes are: ${accepted.join(', ')}` : '';
      add(field, `unknown field${issue.keys.length === 1 ? '' : 's'} ${keys.join(', ')}${more}${known}`);
    } else {
      add(field, issue.message.length > 300 ? `${issue.message.slice(0, 300)}…` : issue.message);
    }
  }
  if (error.issues.length > MAX_ISSUES) add('(arguments)', `and ${error.issues.length - MAX_ISSUES} more problems`);
  return out;
}
