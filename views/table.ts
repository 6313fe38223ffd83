// The views' table: sortable by any column, searchable and paged, so that a list of thousands of rows
// keeps only one page of them in the document (each row is several elements, and a host's iframe slows
// to a crawl with tens of thousands) while sorting and searching still cover every row.
import { fmt, getLocale, h, type Child } from './ui.js';

export interface Column<R> {
  key: string;
  label: string;
  numeric?: boolean;
  /** Kept on one line (dates, durations). */
  nowrap?: boolean;
  value: (row: R) => string | number | null;
  render?: (row: R) => Child;
}

export interface TableOptions<R> {
  sort?: { key: string; descending: boolean };
  /** A search field over every row's text, shown once the rows outgrow one page: what it finds ("learners"). */
  search?: string;
  /** Text searched beside the columns' values (an email the table does not show). */
  searchText?: (row: R) => string;
  /** Rows in the document at once. */
  pageSize?: number;
}

export interface Table<R> {
  element: HTMLElement;
  /** Replaces the rows (a list that grew as its parts arrived), keeping the sort, the search and the page. */
  setRows(rows: R[]): void;
}

export const PAGE_SIZE = 25;

/**
 * A table people can sort, search and page through: column headers are buttons (keyboard and screen
 * reader alike), the sorted column says so with aria-sort, and rows are in the data's order until a
 * header is chosen. Only the current page's rows are elements.
 */
export function dataTable<R>(
  caption: string | ((count: number) => string),
  columns: Column<R>[],
  rows: R[],
  options: TableOptions<R> = {},
): Table<R> {
  const size = options.pageSize ?? PAGE_SIZE;
  const captionOf = typeof caption === 'string' ? () => caption : caption;
  const state = { all: rows, sort: options.sort, query: '', page: 0, shown: rows, drawn: rows.length };
  const texts = new WeakMap<object, string>();
  const tbody = h('tbody');
  const captionEl = h('caption', {}, captionOf(rows.length));
  const searchField = h('input', {
    type: 'search',
    class: 'search',
    'aria-label': `Search ${options.search ?? 'rows'}`,
    placeholder: `Search ${options.search ?? 'rows'}`,
  });
  const found = h('span', { class: 'muted', 'aria-live': 'polite' });
  const toolbar = h('div', { class: 'toolbar', hidden: true }, searchField, found);
  const pager = makePager(captionOf(rows.length).replace(/, [\d,.\s]+rows?$/, ''), (page) => {
    state.page = page;
    draw();
  });
  const heads = columns.map((col) =>
    h(
      'th',
      { scope: 'col', class: col.numeric ? 'num' : undefined },
      h(
        'button',
        { type: 'button', class: 'sort', onclick: () => choose(col.key) },
        col.label,
        h('span', { class: 'sort-mark', 'aria-hidden': 'true' }),
      ),
    ),
  );
  const textOf = (r: R): string => {
    if (typeof r !== 'object' || r === null) return String(r).toLowerCase();
    let t = texts.get(r);
    if (t === undefined)
      texts.set(r, (t = [...columns.map((c) => c.value(r) ?? ''), options.searchText?.(r) ?? ''].join(' ').toLowerCase()));
    return t;
  };
  const choose = (key: string) => {
    state.sort =
      state.sort?.key === key
        ? { key, descending: !state.sort.descending }
        : { key, descending: columns.find((c) => c.key === key)?.numeric === true };
    state.page = 0;
    order();
  };
  /** Filters and sorts every row, then draws the current page. */
  const order = () => {
    const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
    const matching = words.length > 0 ? state.all.filter((r) => words.every((w) => textOf(r).includes(w))) : state.all;
    const col = columns.find((c) => c.key === state.sort?.key);
    state.shown = col ? sortedBy(matching, col, state.sort!.descending) : matching;
    heads.forEach((th, i) => {
      const key = columns[i]!.key;
      if (state.sort?.key === key) th.setAttribute('aria-sort', state.sort.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
    draw();
  };
  const draw = () => {
    state.drawn = state.all.length;
    const pages = Math.max(1, Math.ceil(state.shown.length / size));
    state.page = Math.min(state.page, pages - 1);
    const first = state.page * size;
    tbody.replaceChildren(
      ...state.shown.slice(first, first + size).map((r) => h('tr', {}, ...columns.map((c, i) => cell(i === 0 ? 'th' : 'td', c, r)))),
    );
    const searching = state.query.trim() !== '';
    toolbar.hidden = !searching && state.all.length <= size;
    found.textContent = searching ? `${fmt.number(state.shown.length)} of ${fmt.number(state.all.length)} match` : '';
    pager.show(state.page, pages, first, state.shown.length, size);
  };
  searchField.addEventListener('input', () => {
    state.query = searchField.value;
    state.page = 0;
    order();
  });
  order();
  const element = h(
    'div',
    { class: 'data-table' },
    toolbar,
    h('div', { class: 'table-wrap' }, h('table', {}, captionEl, h('thead', {}, h('tr', {}, ...heads)), tbody)),
    pager.element,
  );
  return {
    element,
    setRows: (next) => {
      // Rows appended to an unsorted, unsearched list leave a full page as it is: only the pager changes.
      const from = state.page * size;
      const same =
        !state.sort &&
        state.query.trim() === '' &&
        from + size <= state.drawn &&
        state.shown.slice(from, from + size).every((r, i) => next[from + i] === r);
      state.all = next;
      captionEl.textContent = captionOf(next.length);
      if (!same) return order();
      state.shown = next;
      toolbar.hidden = next.length <= size;
      pager.show(state.page, Math.ceil(next.length / size), state.page * size, next.length, size);
    },
  };
}

/**
 * First, previous, next and last page, and where the page stands ("Rows 51–100 of 5,000"). The buttons
 * are made once, so one keeps the keyboard focus while it is pressed again and again.
 */
function makePager(name: string, go: (page: number) => void) {
  let current = 0;
  let target = { first: 0, previous: 0, next: 0, last: 0 };
  // aria-disabled rather than disabled: a disabled button would drop the focus of someone paging from the keyboard.
  const button = (label: string, aria: string, which: keyof typeof target) =>
    h(
      'button',
      { type: 'button', class: 'action', 'aria-label': aria, onclick: () => target[which] !== current && go(target[which]) },
      label,
    );
  const buttons = {
    first: button('«', 'First page', 'first'),
    previous: button('‹', 'Previous page', 'previous'),
    next: button('›', 'Next page', 'next'),
    last: button('»', 'Last page', 'last'),
  };
  const place = h('span', { class: 'pager-place', 'aria-live': 'polite' });
  const element = h('nav', { class: 'pager', 'aria-label': `Pages of ${name}`, hidden: true });
  element.append(buttons.first, buttons.previous, place, buttons.next, buttons.last);
  return {
    element,
    show(page: number, pages: number, first: number, count: number, size: number) {
      element.hidden = count <= size;
      current = page;
      target = { first: 0, previous: Math.max(0, page - 1), next: Math.min(pages - 1, page + 1), last: pages - 1 };
      for (const which of Object.keys(buttons) as (keyof typeof target)[])
        buttons[which].setAttribute('aria-disabled', String(target[which] === current));
      place.textContent = `Rows ${fmt.number(first + 1)}–${fmt.number(Math.min(first + size, count))} of ${fmt.number(count)}`;
    },
  };
}

/** The rows ordered by a column (a copy); a missing value comes last whichever the direction. */
function sortedBy<R>(rows: R[], col: Column<R>, descending: boolean): R[] {
  const collator = new Intl.Collator(getLocale());
  const keyed = rows.map((r) => ({ r, v: col.value(r) }));
  keyed.sort((a, b) => {
    if (a.v === b.v) return 0;
    if (a.v === null) return 1;
    if (b.v === null) return -1;
    const order = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return descending ? -order : order;
  });
  return keyed.map((k) => k.r);
}

function cell<R>(tag: 'th' | 'td', c: Column<R>, r: R): HTMLElement {
  const content = c.render ? c.render(r) : c.value(r);
  const classes = [c.numeric ? 'num' : '', c.nowrap ? 'nowrap' : ''].filter(Boolean).join(' ');
  return h(tag, { class: classes || undefined, ...(tag === 'th' ? { scope: 'row' } : {}) }, content === null ? '—' : content);
}

/** A table people can sort (and, past one page, search and page through), as one element. */
export function sortableTable<R>(
  caption: string,
  columns: Column<R>[],
  rows: R[],
  sort?: { key: string; descending: boolean },
): HTMLElement {
  return dataTable(caption, columns, rows, sort ? { sort } : {}).element;
}
