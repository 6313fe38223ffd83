import type * as z from 'zod';

/** The longest piece of a caller's own input an error message repeats. */
const QUOTE_MAX = 60;
const MAX_ISSUES = 20;

/** A piece of caller input for an error text: short, on one line, and said to be cut when it was. */
export function quote(value: string, max = QUOTE_MAX): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is flattened here
  const flat = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat) + (flat.length > max ? ` (${value.length} characters)` : '');
}

function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)';
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p).length > QUOTE_MAX ? quote(String(p)) : String(p))).join('.').replace(/\.\[/g, '[');
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
