/** Where a result served in parts stands: what this part holds and where the next begins. */
export interface Page {
  offset: number;
  returned: number;
  total: number;
  /** The offset of the next part, or null when this part is the last. */
  nextOffset: number | null;
  /** The next part of this same reading, or null when this part is the last (absent when the reading is not kept). */
  nextCursor?: string | null;
  /** The workspace gave exactly as many rows as it was asked for: the list may go on past `total`. */
  mayGoOn?: true;
  /** The workspace is known to stop a list at this many rows without a word (it stated a larger total once). */
  cap?: number;
  /** This part comes from a new reading of the list (the one the earlier parts came from had expired). */
  reread?: true;
}

/** What is known of a list beyond its rows: it may go on, or was read again for this part. */
export type ListFlags = Pick<Page, 'mayGoOn' | 'cap' | 'reread'>;

/** The value at a dot path (`assignment.assignedUsers`) of an answer, or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `data` with `value` at the dot path, every object on the way copied and the rest shared. */
export function withValueAt(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...data, [key]: value };
  const inner = data[key];
  const child = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...data, [key]: withValueAt(child, rest.join('.'), value) };
}

/**
 * How a part is made beyond its place: `project` cuts each row to the fields asked for (applied to the
 * part's own rows only, so a part costs what it holds at any length of the list); `cursor` names the
 * reading a next part comes from (`page.nextCursor`); `upTo` is a larger limit that can succeed.
 */
export interface PartOptions {
  project?: ((row: unknown) => unknown) | undefined;
  cursor?: ((nextOffset: number) => string) | undefined;
  upTo?: number | undefined;
}

/**
 * Makes a list result fit the size clients take: the items of the array at `path` from `offset` on, as
 * many as keep the answer's JSON within `maxChars`, cut at an item boundary, with a `page` (at the top of
 * the answer) saying where the next part begins. Everything around the array (totals, counts,
 * percentages) stays whole in every part. A result that fits whole, from the start, with nothing to say
 * of its list, is returned as it is.
 */
export function fitList(
  data: Record<string, unknown>,
  path: string,
  offset: number,
  maxChars: number,
  flags: ListFlags = {},
  part: PartOptions = {},
): { data: Record<string, unknown>; page?: Page; json?: string } {
  const items = valueAt(data, path);
  const project = part.project;
  if (!Array.isArray(items)) return { data };
  // A row is at least `{}` and a comma: a longer list cannot fit whole, and is not made into JSON to learn so.
  if (offset === 0 && !flags.mayGoOn && !flags.reread && items.length * 3 <= maxChars) {
    const whole = project ? withValueAt(data, path, items.map(project)) : data;
    // The whole answer's JSON is its text block too: made once, and kept when it fits.
    const json = JSON.stringify(whole);
    if (json.length <= maxChars) return { data: whole, json };
  }
  const taken: unknown[] = [];
  const build = (count: number) => {
    const next = offset + count < items.length ? offset + count : null;
    const cursor = part.cursor ? { nextCursor: next === null ? null : part.cursor(next) } : {};
    const page: Page = { offset, returned: count, total: items.length, nextOffset: next, ...cursor, ...flags };
    return { data: { ...withValueAt(data, path, taken.slice(0, count)), page }, page };
  };
  if (offset >= items.length) return build(0);
  // Rows are measured one at a time from the offset until the room is spent, so a part costs what it holds,
  // not the whole list: following every part of a long list stays linear in its rows.
  let used = JSON.stringify(build(0).data).length;
  for (let i = offset; i < items.length; i++) {
    const row = project ? project(items[i]) : items[i];
    const chars = (JSON.stringify(row) ?? 'null').length + (taken.length > 0 ? 1 : 0);
    // At least one item, so paging always moves on.
    if (used + chars > maxChars && taken.length > 0) break;
    used += chars;
    taken.push(row);
  }
  let count = taken.length;
  // The page's own figures grow by a few digits with the count: step back while the whole does not fit.
  let fitted = build(count);
  while (count > 1 && JSON.stringify(fitted.data).length > maxChars) fitted = build(--count);
  return fitted;
}

/** The last segment of a dot path: what the rows are called in words. */
const rowsWord = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** What the text of a result cut into parts says, so a model knows there is more and how to get it. */
export function pageNote(path: string, page: Page, upTo?: number): string {
  const field = rowsWord(path);
  const shown = page.returned === 0 ? `no ${field}` : `${field} ${page.offset + 1} to ${page.offset + page.returned}`;
  const next = page.nextCursor ? `cursor: "${page.nextCursor}"` : `offset: ${page.nextOffset}`;
  const more = page.nextOffset === null ? 'This is the last part.' : `Call again with ${next} for the next part.`;
  const lines = [`Showing ${shown} of ${page.total}. ${more}`];
  if (page.mayGoOn && page.cap !== undefined)
    lines.push(
      `The workspace stops a list at ${page.cap} ${field} without saying so (it states more in all), so the list may go on past these; a larger limit does not give more: say so rather than count these as all.`,
    );
  else if (page.mayGoOn)
    lines.push(
      upTo
        ? `The workspace gave exactly as many ${field} as were asked for, so the list may go on: ask with a larger limit (up to ${upTo}) for more.`
        : `The workspace gave exactly as many ${field} as were asked for, so the list may go on; ${page.total} is the most one list is read with here (the server's WORKSPACE_LIST_MAX_ROWS or the largest limit the workspace takes): narrow it with the tool's filters to see the rest.`,
    );
  if (page.reread) lines.push('The list was read again for this part (the earlier reading had expired): rows may have moved.');
  return lines.join(' ');
}

/**
 * A list read whole (inside code_run) that may go on: its answer carries the page a part would, so the code
 * can test `page.mayGoOn`; a list known whole is returned as it is.
 */
export function withWholePage(data: Record<string, unknown>, path: string, flags: ListFlags): Record<string, unknown> {
  const items = valueAt(data, path);
  if (!flags.mayGoOn || !Array.isArray(items)) return data;
  const page: Page = { offset: 0, returned: items.length, total: items.length, nextOffset: null, mayGoOn: true };
  return { ...data, page: flags.cap === undefined ? page : { ...page, cap: flags.cap } };
}

/** Room kept for the note beside a part's JSON, so text and structured content both stay within the cap. */
export const NOTE_ROOM = 400;

/** The largest array of an answer, by its JSON's length, with its dot path (`[]` for an array's items). */
export function largestArray(data: unknown, path = ''): { path: string; length: number; chars: number } | undefined {
  let best: { path: string; length: number; chars: number } | undefined;
  const consider = (c: { path: string; length: number; chars: number } | undefined) => {
    if (c && (!best || c.chars > best.chars)) best = c;
  };
  if (Array.isArray(data)) {
    consider({ path, length: data.length, chars: JSON.stringify(data).length });
    for (const item of data) consider(largestArray(item, `${path}[]`));
  } else if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data)) consider(largestArray(v, path ? `${path}.${k}` : k));
  }
  return best;
}
