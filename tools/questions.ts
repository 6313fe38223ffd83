import { quoteName } from '../src/text/clean.js';

// Words for the confirmation questions of destructive rows (ToolDef.confirm): names quoted and cut, counts
// with their noun. A question is the person's last safeguard, and names are written by others: each name
// is cleaned, on one line, at most 80 characters and between marks a quote inside it cannot close, while
// counts and the server's words stand outside the marks.

/** A non-empty string, or undefined. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A name as the question shows it: “quoted”, on one line, at most 80 characters. */
export const quoted = (name: string): string => quoteName(name, 80);

/** "1 member", "3 members". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A count field of an answer, 0 when absent. */
export const count = (v: unknown): number => (typeof v === 'number' ? v : 0);

export type Body = Record<string, unknown>;
