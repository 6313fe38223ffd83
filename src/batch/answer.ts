import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JobError } from '../jobs/record.js';
import { DEFAULTS } from '../config/defaults.js';
import { targetsOf } from '../telemetry/audit.js';
import { redact } from '../telemetry/log.js';

// What an agent is told of a batch: counts first, then the calls that failed with their errors, then
// every call's result or error by index, one line each (the structured content has them all as JSON,
// within the result cap).

export interface ItemOutcome {
  index: number;
  tool: string;
  status: 'succeeded' | 'failed' | 'skipped' | 'declined';
  /** What the tool alone returns (its structured content). */
  result?: Record<string, unknown> | undefined;
  error?: JobError | undefined;
  /** The call's checked arguments: the failure lines name its targets; never part of the answer itself. */
  args: Record<string, unknown>;
}

/** Failures the text spells out at most; the JSON holds them all. */
const MAX_FAILURE_LINES = 20;

export function batchResult(
  outcomes: readonly ItemOutcome[],
  key: string | undefined,
  maxChars: number = DEFAULTS.resultMaxChars,
): CallToolResult {
  const count = (s: ItemOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const [succeeded, failed, declined, skipped] = [count('succeeded'), count('failed'), count('declined'), count('skipped')];
  const results = outcomes.map(({ args: _, ...rest }) => ({ ...rest }) as Record<string, unknown>);
  const structured: Record<string, unknown> = {
    results,
    succeeded,
    failed,
    ...(declined ? { declined } : {}),
    ...(skipped ? { skipped } : {}),
    ...(key ? { idempotencyKey: key } : {}),
  };
  // Too long for what clients take: the last results go first, failures stay (they are what to act on).
  let json = JSON.stringify(structured);
  let omitted = 0;
  for (let i = results.length - 1; i >= 0 && json.length > maxChars; i--) {
    if (results[i]!['result'] === undefined) continue;
    delete results[i]!['result'];
    results[i]!['resultOmitted'] = true;
    omitted++;
    json = JSON.stringify(structured);
  }
  const lines = [summary(outcomes.length, { succeeded, failed, declined, skipped })];
  const failures = outcomes.filter((o) => o.status === 'failed');
  if (failures.length > 0) {
    lines.push('Failed:', ...failures.slice(0, MAX_FAILURE_LINES).map(failureLine));
    if (failures.length > MAX_FAILURE_LINES) lines.push(`- and ${failures.length - MAX_FAILURE_LINES} more, in results below.`);
  }
  if (omitted > 0)
    lines.push(
      `The results of ${omitted} successful calls are left out to fit the answer size (WORKSPACE_RESULT_MAX_CHARS): call those tools alone to see them.`,
    );
  if (key && (failed > 0 || skipped > 0)) {
    lines.push(
      `To retry, send the same calls again with idempotencyKey "${key}": the writes already made are answered again, not made twice.`,
    );
  }
  // Then every call on a line of its own: its result's JSON, as the tool alone answers it, without
  // repeating the field names of the structured content thirty times over.
  const tools = new Set(outcomes.map((o) => o.tool));
  const only = tools.size === 1 ? outcomes[0]!.tool : undefined;
  lines.push(only ? `By index, each a call of ${only}:` : 'By index:');
  for (const r of results) lines.push(itemLine(r, only === undefined));
  return { content: [{ type: 'text', text: redact(lines.join('\n')) }], structuredContent: structured };
}

function itemLine(r: Record<string, unknown>, named: boolean): string {
  const head = `[${String(r['index'])}]${named ? ` ${String(r['tool'])}` : ''} ${String(r['status'])}`;
  if (r['result'] !== undefined) return `${head}: ${JSON.stringify(r['result'])}`;
  if (r['resultOmitted'] === true) return `${head} (result left out to fit)`;
  const e = r['error'] as JobError | undefined;
  return e ? `${head}: ${[e.status === undefined ? 'Error' : `HTTP ${e.status}`, e.code].filter(Boolean).join(' ')}: ${e.message}` : head;
}

function summary(total: number, n: { succeeded: number; failed: number; declined: number; skipped: number }): string {
  const parts = [`${n.succeeded} succeeded`, `${n.failed} failed`];
  if (n.declined > 0) parts.push(`${n.declined} declined by the person (not sent)`);
  if (n.skipped > 0) parts.push(`${n.skipped} skipped (cancelled before they were sent)`);
  return `${total} ${total === 1 ? 'call' : 'calls'}: ${parts.join(', ')}.`;
}

function failureLine(o: ItemOutcome): string {
  const targets = Object.entries(targetsOf(o.args)).map(([k, v]) => `${k} ${v}`);
  const e = o.error;
  const head = [e?.status === undefined ? 'Error' : `HTTP ${e.status}`, e?.code].filter(Boolean).join(' ');
  const fields = Object.entries(e?.fieldErrors ?? {}).flatMap(([f, ms]) => ms.map((m) => `${f}: ${m}`));
  const detail = [
    `${head}: ${e?.message ?? 'failed'}`,
    ...(e?.resolution ? [`Resolution: ${e.resolution}`] : []),
    ...(fields.length > 0 ? [`Fields: ${fields.slice(0, 3).join('; ')}`] : []),
  ];
  return `- calls[${o.index}] ${o.tool}${targets.length > 0 ? ` (${targets.join(', ')})` : ''}: ${detail.join(' ')}`;
}
