// A long list arrives in parts (`page { offset, returned, total, nextOffset }`, and an `offset` input):
// the model's context takes one part at a time, but a person looking at the view wants the whole list.
// The view gathers the rest by calling the same tool again through the host, one part after another,
// bounded (it stops at the total, and at a part that does not move on), and says honestly how many of
// the total it shows while it reads them.
import { fmt, h, measureRender } from './ui.js';
import type { ViewContext } from './view.js';

export interface Page {
  offset: number;
  returned: number;
  total: number;
  nextOffset: number | null;
  /** The workspace gave as many rows as it was asked for, or stopped at a cap of its own: the list may go on past `total`. */
  mayGoOn?: boolean;
  /** This part comes from a new reading of the list (the earlier one had expired on the server). */
  reread?: boolean;
}

/** No view holds more rows than this, whatever a result claims its total is. */
export const MAX_ROWS = 100_000;

/** The page of a result in parts, when it has a well-formed one. */
export function pageOf(data: Record<string, unknown>): Page | undefined {
  const p = data['page'] as Partial<Page> | undefined;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!p || !whole(p.offset) || !whole(p.returned) || !whole(p.total)) return undefined;
  if (p.nextOffset !== null && !whole(p.nextOffset)) return undefined;
  return {
    offset: p.offset,
    returned: p.returned,
    total: p.total,
    nextOffset: p.nextOffset ?? null,
    ...(p.mayGoOn === true ? { mayGoOn: true } : {}),
    ...(p.reread === true ? { reread: true } : {}),
  };
}

export interface Progress<R> {
  rows: R[];
  /** The list's total, as the latest part says. */
  total: number;
  /** More parts are being read. */
  loading: boolean;
  /** Why reading stopped before the total, in words. */
  stopped?: string;
  /** Where to go on from, when it stopped. */
  resume?: number;
  /** The list may go on past its total (the workspace gave as many rows as it was asked for). */
  mayGoOn?: boolean;
}

/** Times a list is read again from its start when the server says its reading expired midway. */
const RESTARTS = 2;

/**
 * Reads the parts after `first` with `fetch(offset)` until the list is whole, telling `progress` after
 * each. It stops, saying why, at a failed call, a part that is not the one asked for or does not move on,
 * or MAX_ROWS; and silently when `signal` is aborted (the view was replaced).
 */
export async function gather<R>(
  start: { rows: R[]; page: Page },
  field: string,
  fetch: (offset: number) => Promise<Record<string, unknown>>,
  progress: (p: Progress<R>) => void,
  signal: AbortSignal,
): Promise<Progress<R>> {
  const rows = [...start.rows];
  let total = start.page.total;
  let next = start.page.nextOffset;
  let mayGoOn = start.page.mayGoOn === true;
  let restarts = 0;
  // Each report has its own copy of the rows: the reading goes on appending to (or restarting) its own.
  const report = (p: Progress<R>) => (signal.aborted ? p : (progress({ ...p, rows: [...p.rows] }), p));
  const end = (more: Partial<Progress<R>> = {}) => report({ rows, total, loading: false, ...(mayGoOn ? { mayGoOn } : {}), ...more });
  while (next !== null && rows.length < total) {
    if (rows.length >= MAX_ROWS) return end({ stopped: `a view holds at most ${fmt.number(MAX_ROWS)} rows` });
    let data: Record<string, unknown>;
    try {
      data = await fetch(next);
    } catch (err) {
      if (signal.aborted) return { rows, total, loading: false };
      return end({ stopped: (err as Error).message.split('\n')[0] ?? 'the call failed', resume: next });
    }
    if (signal.aborted) return { rows, total, loading: false };
    const page = pageOf(data);
    const items = data[field];
    if (!page && next === 0 && Array.isArray(items)) {
      // Read again from the start, the list now fits one answer: it is whole.
      rows.splice(0, rows.length, ...(items as R[]));
      total = rows.length;
      mayGoOn = false;
      return end();
    }
    if (!page || !Array.isArray(items) || page.offset !== next || items.length === 0)
      return end({ stopped: `the part at offset ${next} did not hold the rows that follow` });
    if (page.nextOffset !== null && page.nextOffset <= next) return end({ stopped: `the part at offset ${next} did not move on` });
    if (page.reread && next > 0) {
      // The server read the list again for this part: the rows before it may have moved, so start over.
      if (++restarts > RESTARTS) return end({ stopped: 'the list kept changing while it was read' });
      rows.length = 0;
      next = 0;
      continue;
    }
    rows.push(...(items as R[]));
    total = page.total;
    next = page.nextOffset;
    mayGoOn = page.mayGoOn === true;
    report({ rows, total, loading: next !== null && rows.length < total, ...(mayGoOn ? { mayGoOn } : {}) });
  }
  // The last part's report said it all.
  return { rows, total, loading: false, ...(mayGoOn ? { mayGoOn } : {}) };
}

/**
 * A list's status line, kept up to date while its parts arrive: "Showing 1,300 of 5,000 learners;
 * reading the rest…", then the view's own summary of the whole list; or where reading stopped and why,
 * with a button to go on. `onRows` gets every row read so far after each part.
 */
export function listStatus<R>(
  data: Record<string, unknown>,
  field: string,
  ctx: ViewContext,
  noun: [one: string, many: string],
  summary: (rows: R[]) => string,
  onRows: (rows: R[]) => void,
): HTMLElement {
  const first = (data[field] ?? []) as R[];
  const page = pageOf(data);
  const line = h('p', { class: 'sub', role: 'status' });
  const showing = (n: number, total: number) => `Showing ${fmt.number(n)} of ${fmt.count(total, ...noun)}`;
  const whole = (rows: R[], mayGoOn: boolean | undefined) =>
    summary(rows) + (mayGoOn ? ` · the list may go on: the workspace may hold more ${noun[1]} than it gave` : '');
  if (!page || page.nextOffset === null || (page.offset === 0 && first.length >= page.total)) {
    line.textContent = whole(first, page?.mayGoOn);
    return line;
  }
  if (!ctx.tool || page.offset !== 0) {
    // Without the tool's name (a host that does not say) the view cannot ask for the rest; nor does it
    // read back to the start of a list the model asked for from further on.
    line.textContent = `${showing(first.length, page.total)}. More follow: ask for the next part (offset ${page.nextOffset}).`;
    return line;
  }
  const tool = ctx.tool;
  const fetch = (offset: number) => ctx.call(tool, { ...ctx.args, offset });
  const run = (start: { rows: R[]; page: Page }) => {
    line.setAttribute('aria-busy', 'true');
    void gather(start, field, fetch, show, ctx.signal);
  };
  const show = (p: Progress<R>) => measureRender(p.rows.length, () => update(p));
  const update = (p: Progress<R>) => {
    onRows(p.rows);
    if (p.loading) return void (line.textContent = `${showing(p.rows.length, p.total)}; reading the rest…`);
    line.removeAttribute('aria-busy');
    if (p.stopped === undefined) return void (line.textContent = whole(p.rows, p.mayGoOn));
    line.replaceChildren(`${showing(p.rows.length, p.total)}: the rest could not be read (${p.stopped}).`);
    const resume = p.resume;
    if (resume !== undefined)
      line.append(
        ' ',
        h(
          'button',
          {
            type: 'button',
            class: 'action',
            onclick: () => run({ rows: p.rows, page: { offset: 0, returned: resume, total: p.total, nextOffset: resume } }),
          },
          'Try again',
        ),
      );
  };
  line.textContent = `${showing(first.length, page.total)}; reading the rest…`;
  run({ rows: first, page });
  return line;
}

/**
 * Calls a list tool through the host and, when its result comes in parts, reads the rest: every row of
 * `field`; or, thrown, why they could not all be read.
 */
export async function callWhole<R>(ctx: ViewContext, tool: string, args: Record<string, unknown>, field: string): Promise<R[]> {
  const data = await ctx.call(tool, args);
  const rows = (data[field] ?? []) as R[];
  const page = pageOf(data);
  if (!page || page.nextOffset === null) return rows;
  const end = await gather(
    { rows, page },
    field,
    (offset) => ctx.call(tool, { ...args, offset }),
    () => undefined,
    ctx.signal,
  );
  if (end.stopped !== undefined)
    throw new Error(`The ${field} after the first ${fmt.number(end.rows.length)} could not be read: ${end.stopped}.`);
  return end.rows;
}

/** `work` for each item, at most `limit` at a time (a learner's progress in each of many courses), in the items' order. */
export async function eachLimited<T, U>(items: T[], limit: number, work: (item: T) => Promise<U>): Promise<U[]> {
  const out: U[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
