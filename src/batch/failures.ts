import type { JobError } from '../jobs/record.js';
import { cut } from '../text/clean.js';

// Every failed call of a batch, told in little room: calls that failed the same way are one entry with
// their indexes, so a thousand calls refused for one reason cost one message, not a thousand. When the
// messages differ too much to show each (a thousand "no user with id …"), calls are grouped by tool and
// code instead, with the first message and how many others differ: the indexes are never dropped.

export interface FailedCall {
  index: number;
  tool: string;
  error?: JobError | undefined;
}

export interface FailureGroup {
  /** The indexes of the calls that failed this way, in order. */
  calls: number[];
  /** The tool they call; the tools, comma-separated, when grouped by code alone. */
  tool: string;
  error: JobError;
  /** Calls of the group whose own message differs from the one shown (grouped to fit). */
  otherMessages?: number;
}

/** The longest message, resolution or field error a failure entry repeats. */
const WORDS = 300;
/** Shorter, once the messages no longer fit one each. */
const FEW_WORDS = 160;
const FIELDS = 3;

/** An error as a failure entry shows it: its words cut, at most three fields with two messages each. */
function compact(e: JobError | undefined, words: number, withFields: boolean): JobError {
  if (!e) return { code: 'UPSTREAM_FAILED', message: 'failed' };
  const fields = withFields ? Object.entries(e.fieldErrors ?? {}).slice(0, FIELDS) : [];
  return {
    ...(e.status === undefined ? {} : { status: e.status }),
    code: e.code,
    ...(e.upstreamCode === undefined ? {} : { upstreamCode: e.upstreamCode }),
    message: cut(e.message, words),
    ...(e.resolution === undefined ? {} : { resolution: cut(e.resolution, words) }),
    ...(withFields && e.upstreamResolution !== undefined ? { upstreamResolution: cut(e.upstreamResolution, words) } : {}),
    ...(fields.length > 0
      ? { fieldErrors: Object.fromEntries(fields.map(([f, ms]) => [f, ms.slice(0, 2).map((m) => cut(m, words))])) }
      : {}),
  };
}

type Level = { key: (f: FailedCall) => string; words: number; fields: boolean };

/** From the most precise grouping to the most compact; the first that fits is used. */
const LEVELS: Level[] = [
  { key: (f) => `${f.tool}\0${JSON.stringify(compact(f.error, WORDS, true))}`, words: WORDS, fields: true },
  { key: (f) => `${f.tool}\0${f.error?.status}\0${f.error?.code}`, words: FEW_WORDS, fields: false },
  // A bounded number of entries whatever the batch: one per error code.
  { key: (f) => `${f.error?.code}`, words: FEW_WORDS, fields: false },
];

/** The failures grouped as precisely as `fits` allows (the most compact grouping if none does). */
export function groupFailures(failed: readonly FailedCall[], fits: (groups: FailureGroup[]) => boolean): FailureGroup[] {
  let groups: FailureGroup[] = [];
  for (const level of LEVELS) {
    groups = groupAt(failed, level);
    if (fits(groups)) break;
  }
  return groups;
}

function groupAt(failed: readonly FailedCall[], level: Level): FailureGroup[] {
  const byKey = new Map<string, FailedCall[]>();
  for (const f of failed) {
    const k = level.key(f);
    const members = byKey.get(k);
    if (members) members.push(f);
    else byKey.set(k, [f]);
  }
  return [...byKey.values()].map((members) => {
    const first = members[0]!;
    const error = compact(first.error, level.words, level.fields);
    const tools = [...new Set(members.map((m) => m.tool))];
    const other = members.filter((m) => cut(m.error?.message ?? 'failed', level.words) !== error.message).length;
    return {
      calls: members.map((m) => m.index),
      tool: cut(tools.join(', '), WORDS),
      error,
      ...(other > 0 ? { otherMessages: other } : {}),
    };
  });
}

/** "0-3, 7, 9-12": indexes in order, runs of consecutive ones as a range. */
export function ranges(indexes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; i++) {
    const start = indexes[i]!;
    while (i + 1 < indexes.length && indexes[i + 1] === indexes[i]! + 1) i++;
    parts.push(indexes[i] === start ? String(start) : `${start}-${indexes[i]}`);
  }
  return parts.join(', ');
}

/** An error's head as the text shows it: "HTTP 422 UPSTREAM_INVALID", or "Error CODE". */
export function errorHead(e: JobError | undefined): string {
  return [e?.status === undefined ? 'Error' : `HTTP ${e.status}`, e?.code].filter(Boolean).join(' ');
}

/** A failure entry on one line of the text, every index named. */
export function groupLine(g: FailureGroup): string {
  const e = g.error;
  const fields = Object.entries(e.fieldErrors ?? {}).flatMap(([f, ms]) => ms.map((m) => `${f}: ${m}`));
  const detail = [
    `${errorHead(e)}: ${e.message}`,
    ...(g.otherMessages ? [`(${g.otherMessages} of these ${g.calls.length} with other messages; call one alone to see its own)`] : []),
    ...(e.resolution ? [`Resolution: ${e.resolution}`] : []),
    ...(fields.length > 0 ? [`Fields: ${fields.join('; ')}`] : []),
  ];
  const which = g.calls.length === 1 ? `calls[${g.calls[0]}]` : `${g.calls.length} calls (${ranges(g.calls)})`;
  return `- ${which} ${g.tool}: ${detail.join(' ')}`;
}
