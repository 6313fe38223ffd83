import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JobError } from '../jobs/record.js';
import { DEFAULTS } from '../config/defaults.js';
import { targetsOf } from '../telemetry/audit.js';
import { redact } from '../telemetry/log.js';
import { errorHead, groupFailures, groupLine, ranges, type FailureGroup } from './failures.js';
import { itemKey } from './keys.js';

// What an agent is told of a batch, within what clients take (WORKSPACE_RESULT_MAX_CHARS, the text and
// the structured content each): the counts, per tool too; every failure, grouped by error; the calls not
// run (declined, skipped) by index; then the calls one by one with their answers, from the first on, as
// many as fit, and what was left out and how to see it. A thousand calls fit: the counts and the failures
// always, the answers of the successes as far as room allows.

export interface ItemOutcome {
  index: number;
  tool: string;
  status: 'succeeded' | 'failed' | 'skipped' | 'declined';
  /** What the tool alone returns (its structured content); undefined when not kept (see run.ts). */
  result?: Record<string, unknown> | undefined;
  error?: JobError | undefined;
  /** The call's checked arguments: the failure lines name its targets; never part of the answer itself. */
  args: Record<string, unknown>;
}

type Status = ItemOutcome['status'];
type Counts = Record<Status, number>;

/** Room kept for the notes that follow what was cut (left out, retry), and for what redaction may add. */
const RESERVE = 1_500;

export function batchResult(
  outcomes: readonly ItemOutcome[],
  key: string | undefined,
  maxChars: number = DEFAULTS.resultMaxChars,
): CallToolResult {
  const counts = countOf(outcomes);
  const budget = Math.max(maxChars - RESERVE, 1_000);
  const failed = outcomes.filter((o) => o.status === 'failed');
  const indexes = (s: Status) => outcomes.filter((o) => o.status === s).map((o) => o.index);
  const structured: Record<string, unknown> = {
    succeeded: counts.succeeded,
    failed: counts.failed,
    ...(counts.declined ? { declined: counts.declined, declinedCalls: indexes('declined') } : {}),
    ...(counts.skipped ? { skipped: counts.skipped, skippedCalls: indexes('skipped') } : {}),
    tools: perTool(outcomes),
    results: [],
    ...(key ? { idempotencyKey: key } : {}),
  };
  const head = headLines(outcomes, counts, key);
  // The failures come before any call's answer: they may take all the room the counts leave.
  const jsonLeft = budget - JSON.stringify(structured).length;
  const textLeft = budget - [...head.counts, ...head.after].join('\n').length;
  const failures = groupFailures(
    failed,
    (g) => JSON.stringify(g).length <= jsonLeft && g.reduce((n, x) => n + groupLine(x).length + 1, 0) <= textLeft,
  );
  const failureLines = failed.length === 0 ? [] : [`Failed (${failed.length}):`, ...failureText(failed, failures, textLeft)];
  const top = [...head.counts, ...failureLines, ...head.after];
  const jsonRoom = budget - JSON.stringify({ ...structured, failures }).length;
  const listed = listCalls(outcomes, jsonRoom, budget - top.join('\n').length);
  const { results: _, idempotencyKey, ...counted } = structured;
  const answer = {
    ...counted,
    ...(failures.length > 0 ? { failures } : {}),
    results: listed.entries,
    ...(listed.entries.length < outcomes.length ? { listed: listed.entries.length } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
  const text = redact([...top, ...listed.lines, ...leftOut(outcomes, listed.entries, key)].join('\n'));
  // Past the cap only if the notes and the redaction outgrew their reserve: cut, and said.
  const shown = text.length <= maxChars ? text : `${text.slice(0, maxChars - 40)}\n… (cut to fit the answer size)`;
  return { content: [{ type: 'text', text: shown }], structuredContent: answer };
}

/** One line per failure with its targets while they fit, else one line per group of failures. */
function failureText(failed: readonly ItemOutcome[], groups: readonly FailureGroup[], room: number): string[] {
  const one = failed.map(failureLine);
  return one.reduce((n, l) => n + l.length + 1, 0) <= room ? one : groups.map(groupLine);
}

function countOf(outcomes: readonly ItemOutcome[]): Counts {
  const counts: Counts = { succeeded: 0, failed: 0, declined: 0, skipped: 0 };
  for (const o of outcomes) counts[o.status]++;
  return counts;
}

/** { groups_member_add: { succeeded: 480, failed: 20 } }: the statuses each tool's calls ended in. */
function perTool(outcomes: readonly ItemOutcome[]): Record<string, Partial<Counts>> {
  const tools: Record<string, Partial<Counts>> = {};
  for (const o of outcomes) {
    const t = (tools[o.tool] ??= {});
    t[o.status] = (t[o.status] ?? 0) + 1;
  }
  return tools;
}

/** The counts (per tool when there are several); after the failures, the calls not run and the retry. */
function headLines(outcomes: readonly ItemOutcome[], counts: Counts, key: string | undefined): { counts: string[]; after: string[] } {
  const lines = [summary(outcomes.length, counts)];
  const tools = perTool(outcomes);
  if (Object.keys(tools).length > 1) {
    const each = Object.entries(tools).map(
      ([tool, c]) =>
        `${tool} ${Object.entries(c)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ')}`,
    );
    lines.push(`By tool: ${each.join('; ')}.`);
  }
  const after: string[] = [];
  const by = (s: Status) => outcomes.filter((o) => o.status === s).map((o) => o.index);
  if (counts.declined > 0) after.push(`Declined by the person, not sent: calls ${ranges(by('declined'))}.`);
  if (counts.skipped > 0) after.push(`Skipped, cancelled before they were sent: calls ${ranges(by('skipped'))}.`);
  if (key && (counts.failed > 0 || counts.skipped > 0)) {
    after.push(
      `To retry, send the same calls again with idempotencyKey "${key}": the writes already made are answered again, not made twice.`,
    );
  }
  return { counts: lines, after };
}

interface Listed {
  entries: Record<string, unknown>[];
  lines: string[];
}

/**
 * The calls by index from the first, each with its answer where that fits, as many as fit both the
 * structured content's room and the text's; the text gives each on a line of its own, its answer's JSON
 * as the tool alone answers it, without the field names of the structured content repeated.
 */
function listCalls(outcomes: readonly ItemOutcome[], jsonRoom: number, textRoom: number): Listed {
  const tools = new Set(outcomes.map((o) => o.tool));
  const only = tools.size === 1 ? outcomes[0]!.tool : undefined;
  const title = only ? `By index, each a call of ${only}:` : 'By index:';
  const listed: Listed = { entries: [], lines: [title] };
  let json = 0;
  let text = title.length + 1;
  for (const o of outcomes) {
    const bare: Record<string, unknown> = { index: o.index, tool: o.tool, status: o.status };
    let entry: Record<string, unknown> | undefined = o.result === undefined ? undefined : { ...bare, result: o.result };
    let line = entry ? itemLine(entry, only === undefined) : '';
    if (!entry || json + JSON.stringify(entry).length + 1 > jsonRoom || text + line.length + 1 > textRoom) {
      entry = o.status === 'succeeded' ? { ...bare, resultOmitted: true } : bare;
      line = itemLine(entry, only === undefined, o.error);
    }
    const size = JSON.stringify(entry).length + 1;
    if (json + size > jsonRoom || text + line.length + 1 > textRoom) break;
    json += size;
    text += line.length + 1;
    listed.entries.push(entry);
    listed.lines.push(line);
  }
  return listed;
}

function itemLine(r: Record<string, unknown>, named: boolean, error?: JobError): string {
  const head = `[${String(r['index'])}]${named ? ` ${String(r['tool'])}` : ''} ${String(r['status'])}`;
  if (r['result'] !== undefined) return `${head}: ${JSON.stringify(r['result'])}`;
  if (r['resultOmitted'] === true) return `${head} (answer left out to fit)`;
  return error ? `${head}: ${errorHead(error)}` : head;
}

/** What was left out of the calls listed, and how to see it: a read again, a write's answer replayed under its key. */
function leftOut(outcomes: readonly ItemOutcome[], entries: readonly Record<string, unknown>[], key: string | undefined): string[] {
  const lines: string[] = [];
  if (entries.length < outcomes.length) {
    lines.push(
      `Calls ${entries.length}-${outcomes.length - 1} are not listed one by one, to fit the answer size (WORKSPACE_RESULT_MAX_CHARS): the counts above cover them${outcomes.some((o) => o.status !== 'succeeded') ? ', and every call that did not succeed is named above' : ''}.`,
    );
  }
  const shown = entries.filter((e) => e['result'] !== undefined).length;
  const missing = outcomes.filter((o) => o.status === 'succeeded').length - shown;
  if (missing > 0) {
    const replay = key
      ? ` A write's answer: the same call alone with idempotencyKey "${itemKey(key, 0).slice(0, -1)}<index>" (the call's index in this batch) is answered again by the workspace, not made twice.`
      : '';
    lines.push(
      `The answers of ${missing} successful ${missing === 1 ? 'call are' : 'calls are'} left out. A read's answer: call its tool alone, or read what the writes changed.${replay}`,
    );
  }
  return lines;
}

function summary(total: number, n: Counts): string {
  const parts = [`${n.succeeded} succeeded`, `${n.failed} failed`];
  if (n.declined > 0) parts.push(`${n.declined} declined by the person (not sent)`);
  if (n.skipped > 0) parts.push(`${n.skipped} skipped (cancelled before they were sent)`);
  return `${total} ${total === 1 ? 'call' : 'calls'}: ${parts.join(', ')}.`;
}

/** One failure with its targets, as the text lists them while they fit one a line. */
function failureLine(o: ItemOutcome): string {
  const targets = Object.entries(targetsOf(o.args)).map(([k, v]) => `${k} ${v}`);
  const e = o.error;
  const fields = Object.entries(e?.fieldErrors ?? {}).flatMap(([f, ms]) => ms.map((m) => `${f}: ${m}`));
  const detail = [
    `${errorHead(e)}: ${e?.message ?? 'failed'}`,
    ...(e?.resolution ? [`Resolution: ${e.resolution}`] : []),
    ...(fields.length > 0 ? [`Fields: ${fields.slice(0, 3).join('; ')}`] : []),
  ];
  return `- calls[${o.index}] ${o.tool}${targets.length > 0 ? ` (${targets.join(', ')})` : ''}: ${detail.join(' ')}`;
}
