// The analytics assistant's answer (performance_insights_ask): the text, the charts and tables its stream
// carried drawn as such, and a follow-up that continues the same conversation (its sessionId).
import { sortableTable, type Column } from './table.js';
import { barChart, empty, fmt, h } from './ui.js';
import type { View, ViewContext } from './view.js';

interface Chart {
  kind?: string;
  title?: string;
  x?: unknown[];
  y?: unknown[];
  unit?: string;
}
interface Answer {
  answer: string;
  sessionId?: string;
  toolCalls?: { toolName: string; output?: { rows?: Record<string, unknown>[]; chart?: Chart } }[];
  data?: { type: string; data?: unknown }[];
}

export const assistant: View = (raw, ctx) => {
  const d = raw as unknown as Answer;
  const main = h('main', {}, h('h1', {}, 'Analytics assistant'));
  if (typeof ctx.args['question'] === 'string') main.append(h('p', { class: 'sub' }, `You asked: ${ctx.args['question']}`));
  const paragraphs = (d.answer ?? '').split(/\n{2,}/).filter((p) => p.trim() !== '');
  main.append(
    paragraphs.length > 0 ? h('div', { class: 'answer' }, ...paragraphs.map((p) => h('p', {}, p))) : empty('The assistant gave no answer.'),
  );
  for (const chart of charts(d)) main.append(drawChart(chart));
  for (const rows of tables(d)) main.append(drawTable(rows));
  main.append(followUp(d, ctx));
  return main;
};

/** Charts the stream sent as data parts; failing those, the ones its tool calls built. */
function charts(d: Answer): Chart[] {
  const parts = (d.data ?? []).filter((p) => p.type === 'data-chart').map((p) => p.data as Chart);
  const fromCalls = (d.toolCalls ?? []).map((c) => c.output?.chart).filter((c): c is Chart => c !== undefined);
  return (parts.length > 0 ? parts : fromCalls).filter((c) => Array.isArray(c.x) && Array.isArray(c.y));
}

function tables(d: Answer): Record<string, unknown>[][] {
  return (d.toolCalls ?? []).map((c) => c.output?.rows).filter((r): r is Record<string, unknown>[] => Array.isArray(r) && r.length > 0);
}

function drawChart(c: Chart): HTMLElement {
  const unit = c.unit ?? '';
  const format = (v: number) => (unit === '%' ? fmt.percent(v) : `${fmt.number(v)}${unit ? ` ${unit}` : ''}`);
  return barChart({
    title: c.title ?? 'Chart',
    measure: unit ? `in ${unit}` : 'values',
    labels: c.x!.map(String),
    values: c.y!.map(Number),
    format,
    ...(unit === '%' ? { max: 100 } : {}),
  });
}

function drawTable(rows: Record<string, unknown>[]): HTMLElement {
  const keys = Object.keys(rows[0]!);
  const columns: Column<Record<string, unknown>>[] = keys.map((k) => {
    const numeric = rows.every((r) => typeof r[k] === 'number');
    return {
      key: k,
      label: label(k),
      numeric,
      value: (r) => (typeof r[k] === 'number' || typeof r[k] === 'string' ? (r[k] as string | number) : null),
      render: (r) => (numeric && /percent/i.test(k) ? fmt.percent(Number(r[k])) : numeric ? fmt.number(Number(r[k])) : String(r[k] ?? '—')),
    };
  });
  return h('section', {}, sortableTable('Data behind the answer', columns, rows));
}

/** completionPercent → "Completion (%)". */
function label(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const text = words.replace(/ percent$/, ' (%)');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function followUp(d: Answer, ctx: ViewContext): HTMLElement {
  const input = h('input', {
    type: 'text',
    name: 'question',
    'aria-label': 'Follow-up question',
    placeholder: 'Ask a follow-up…',
    autocomplete: 'off',
  });
  const status = h('p', { class: 'sub', role: 'status' });
  // No <form>: hosts sandbox views without allow-forms, where a submission is blocked before its event fires.
  const ask = () => {
    const question = input.value.trim();
    if (!question) return;
    const args = { question, ...(d.sessionId ? { sessionId: d.sessionId } : {}) };
    input.disabled = true;
    status.textContent = 'The assistant is answering…';
    ctx.call('performance_insights_ask', args).then(
      (answer) => ctx.replace(answer, args),
      (err: unknown) => {
        input.disabled = false;
        status.replaceChildren(ctx.failure(err));
      },
    );
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') ask();
  });
  const form = h(
    'div',
    { class: 'ask', role: 'group', 'aria-label': 'Ask a follow-up' },
    input,
    h('button', { type: 'button', class: 'action', onclick: ask }, 'Ask'),
  );
  return h('section', { class: 'panel' }, form, status);
}
