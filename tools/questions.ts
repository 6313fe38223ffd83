// Words for the confirmation questions of destructive rows (ToolDef.confirm): names quoted and cut, counts
// with their noun.

/** A non-empty string, or undefined. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A name as the question shows it: quoted, at most 80 characters. */
export const quoted = (name: string): string => `'${name.length > 80 ? `${name.slice(0, 80)}…` : name}'`;

/** "1 member", "3 members". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A count field of an answer, 0 when absent. */
export const count = (v: unknown): number => (typeof v === 'number' ? v : 0);

export type Body = Record<string, unknown>;
