import { valueAt, withValueAt } from './fit.js';

/**
 * One row cut to the dot paths asked for (`["user.name", "coursesCompleted"]`), each kept in its nesting:
 * `{ user: { name }, coursesCompleted }`. A path the row does not carry (a null object on the way, an
 * optional field left out) is left out; a row that is not an object is kept as it is.
 */
export function projectRow(row: unknown, fields: readonly string[]): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  let kept: Record<string, unknown> = {};
  for (const path of fields) {
    const value = valueAt(row, path);
    if (value !== undefined) kept = withValueAt(kept, path, value);
  }
  return kept;
}

/** The answer with the rows of the array at `path` cut to `fields`; everything around them kept. */
export function projectRows(data: Record<string, unknown>, path: string, fields: readonly string[] | undefined): Record<string, unknown> {
  const rows = valueAt(data, path);
  if (!fields || !Array.isArray(rows)) return data;
  return withValueAt(
    data,
    path,
    rows.map((row) => projectRow(row, fields)),
  );
}
