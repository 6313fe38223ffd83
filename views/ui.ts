// DOM helpers shared by the views: elements, number formats with units, sortable tables, bar charts and
// the empty and error states. No framework: the views are small, and each byte is sent to every host.

export type Child = Node | string | number | null | undefined | false;

/** An element with attributes (`on*` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'number' ? String(c) : c);
  return el;
}

/** The nodes given, without the absent ones (for append). */
export function present(...nodes: (Node | null | undefined)[]): Node[] {
  return nodes.filter((n): n is Node => n !== null && n !== undefined);
}

let locale: string | undefined;
/** The host's locale, for every number and date. */
export function setLocale(value: string | undefined): void {
  locale = value;
}
export const getLocale = (): string | undefined => locale;

export const fmt = {
  count: (n: number, one: string, many = `${one}s`) => `${new Intl.NumberFormat(locale).format(n)} ${n === 1 ? one : many}`,
  number: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n),
  percent: (n: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)} %`,
  date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)),
  month: (ym: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`)),
  /** 892800 → "10 d 8 h"; 534 → "8 min 54 s". */
  duration: (seconds: number) => {
    const s = Math.round(seconds);
    const parts: [number, string][] = [
      [Math.floor(s / 86400), 'd'],
      [Math.floor((s % 86400) / 3600), 'h'],
      [Math.floor((s % 3600) / 60), 'min'],
      [s % 60, 's'],
    ];
    const first = parts.findIndex(([v]) => v > 0);
    if (first === -1) return '0 s';
    return parts
      .slice(first, first + 2)
      .filter(([v]) => v > 0)
      .map(([v, u]) => `${v} ${u}`)
      .join(' ');
  },
};

/** A horizontal bar for a value out of a maximum; its text is beside it, so the bar itself is decoration. */
export function bar(value: number, max: number, text: string): HTMLElement {
  const width = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return h(
    'span',
    { class: 'bar-cell' },
    h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span', { class: 'bar-fill', style: { width: `${width}%` } })),
    h('span', { class: 'bar-value' }, text),
  );
}

export interface BarChart {
  title: string;
  /** What one value measures, with its unit, for people and screen readers: "completion (%)". */
  measure: string;
  labels: string[];
  values: number[];
  format: (v: number) => string;
  max?: number;
}

/**
 * A bar chart as a figure: each row has its label, bar and value as text, so the chart reads as a list
 * to a screen reader (the figure's label says what it shows) and needs no separate alternative.
 */
export function barChart(c: BarChart): HTMLElement {
  const max = c.max ?? Math.max(0, ...c.values);
  const rows = c.labels.map((label, i) =>
    h('li', { class: 'chart-row' }, h('span', { class: 'chart-label' }, label), bar(c.values[i] ?? 0, max, c.format(c.values[i] ?? 0))),
  );
  return h(
    'figure',
    { class: 'chart', 'aria-label': `${c.title}: ${c.measure}` },
    h('figcaption', {}, c.title, h('span', { class: 'muted' }, ` · ${c.measure}`)),
    h('ol', { class: 'chart-rows' }, ...rows),
  );
}

/** The name of the performance measure of each drawing of received data (test/views.e2e.test.ts reads them). */
export const RENDER_MEASURE = 'view render';

/**
 * Draws received data and records how long it took, layout included (reading the document's height
 * makes the browser lay it out before the measure ends): only the view's own work, never the wait for the server.
 */
export function measureRender<T>(rows: number, draw: () => T): T {
  const start = performance.now();
  const result = draw();
  void document.documentElement.offsetHeight;
  performance.measure(RENDER_MEASURE, { start, end: performance.now(), detail: { rows } });
  return result;
}

/** Key figures: a label and a value with its unit each. */
export function figures(items: { label: string; value: string }[]): HTMLElement {
  return h('dl', { class: 'figures' }, ...items.map((i) => h('div', { class: 'figure' }, h('dt', {}, i.label), h('dd', {}, i.value))));
}

export function empty(message: string): HTMLElement {
  return h('p', { class: 'state empty', role: 'status' }, message);
}

/** An isError result: its message and, when the text has one, its resolution. */
export function failure(text: string): HTMLElement {
  const lines = text.split('\n');
  const resolution = lines.find((l) => l.startsWith('Resolution: '))?.slice('Resolution: '.length);
  const details = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
  return h(
    'div',
    { class: 'state error', role: 'alert' },
    h('p', { class: 'error-title' }, lines[0] ?? 'The call failed.'),
    resolution ? h('p', {}, h('strong', {}, 'What to do: '), resolution) : null,
    details.length > 0 ? h('ul', {}, ...details.map((d) => h('li', {}, d))) : null,
  );
}
