import { createHash } from 'node:crypto';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { invoke } from '../call/invoke.js';
import { readWithLimit } from '../call/list-limit.js';
import type { Upstream } from '../call/upstream.js';
import { DEFAULTS } from '../config/defaults.js';
import type { ReadingStore } from '../jobs/record.js';
import { log } from '../telemetry/log.js';
import { ListCaps } from './list-caps.js';
import { NOTE_ROOM, valueAt, type ListFlags } from './fit.js';

/** How long the reading of a list served in parts is kept for its next parts. */
export const READING_KEEP_MS = 5 * 60_000;

export interface ReadingOptions {
  upstream: Upstream;
  listMaxRows?: number | undefined;
  resultMaxChars?: number | undefined;
  readings: Readings;
}

/** How many parsed readings a process keeps at hand; each is also in the store, so one dropped is parsed again. */
const PARSED_AT_HAND = 4;

/**
 * The readings of lists served in parts: kept in a store (the job store, shared by replicas with Redis, else
 * the process's memory), and the last few parsed at hand, so following the parts of one list parses it once
 * in this process rather than once a part (which made walking a list quadratic in its rows).
 */
export class Readings {
  private readonly parsed = new Map<string, { reading: ListReading; until: number }>();

  /** The caps workspaces keep on lists without a word, learned where they state a total; in the same store. */
  readonly caps: ListCaps;

  constructor(readonly store: ReadingStore) {
    this.caps = new ListCaps(store);
  }

  async get(key: string): Promise<ListReading | undefined> {
    const near = this.parsed.get(key);
    if (near && near.until > Date.now()) return near.reading;
    this.parsed.delete(key);
    const kept = await storeStep('read', () => this.store.getReading(key));
    if (kept === undefined) return undefined;
    const reading = JSON.parse(kept) as ListReading;
    // Kept at hand no longer than the store keeps it (the rest of its time is unknown here: a short while).
    this.atHand(key, reading, 30_000);
    return reading;
  }

  async put(key: string, reading: ListReading, keepMs: number): Promise<void> {
    await storeStep('write', () => this.store.putReading(key, JSON.stringify(reading), keepMs));
    this.atHand(key, reading, keepMs);
  }

  private atHand(key: string, reading: ListReading, keepMs: number): void {
    this.parsed.delete(key);
    this.parsed.set(key, { reading, until: Date.now() + keepMs });
    for (const oldest of this.parsed.keys()) {
      if (this.parsed.size <= PARSED_AT_HAND) break;
      this.parsed.delete(oldest);
    }
  }
}

/** A list's answer, checked, and what is known of it beyond its rows. */
export interface ListReading {
  data: Record<string, unknown>;
  flags: ListFlags;
}

/** The server's own fields of a list call: never sent upstream, and not part of which list it is. */
const OWN_FIELDS = ['offset', 'fields'];

/**
 * Reads the list of a paged tool, whole: without a `limit`, the workspace is asked for up to
 * WORKSPACE_LIST_MAX_ROWS rows. The parts of one list come from one reading, kept a few minutes per caller
 * and arguments: a next part (an offset) reads the kept one, or, when it is gone, the list again (said in
 * `reread`). `whole` (a code run) reads afresh and keeps nothing. `check` refuses an answer of the wrong shape.
 */
export async function readList(
  def: ToolDef & { pages: string },
  checked: Record<string, unknown>,
  opts: ReadingOptions,
  call: CallContext,
  owner: string,
  check: (data: Record<string, unknown>) => void,
  whole = false,
): Promise<ListReading> {
  const key = readingKey(owner, def.name, checked);
  const offset = typeof checked['offset'] === 'number' ? checked['offset'] : 0;
  if (!whole && offset > 0) {
    const kept = await opts.readings.get(key);
    if (kept !== undefined) return kept;
  }
  const fresh = await readFresh(def, checked, opts, call);
  check(fresh.data);
  if (whole) return fresh;
  const reading: ListReading = offset > 0 ? { data: fresh.data, flags: { ...fresh.flags, reread: true } } : fresh;
  // Only a list that will come in parts is kept: the one part of a list that fits is all there is.
  if (JSON.stringify(fresh.data).length > (opts.resultMaxChars ?? DEFAULTS.resultMaxChars) - NOTE_ROOM)
    await opts.readings.put(key, { data: fresh.data, flags: fresh.flags }, READING_KEEP_MS);
  return reading;
}

/** One reading of the list from the workspace: with as large a limit as it takes, when the tool has one. */
async function readFresh(
  def: ToolDef & { pages: string },
  checked: Record<string, unknown>,
  opts: ReadingOptions,
  call: CallContext,
): Promise<ListReading> {
  const given = typeof checked['limit'] === 'number' ? checked['limit'] : undefined;
  const { data, asked } =
    'limit' in def.input.shape
      ? await readWithLimit(def, checked, given ?? opts.listMaxRows ?? DEFAULTS.listMaxRows, opts.upstream, call)
      : { data: await invoke(def, checked, opts.upstream, call), asked: Infinity };
  const rows = valueAt(data, def.pages);
  if (!Array.isArray(rows)) return { data, flags: {} };
  // As many rows as asked for: the workspace may hold more, and nothing in its answer says.
  if (rows.length >= asked) return { data, flags: { mayGoOn: true } };
  // Fewer: whole, unless the workspace stops lists at a cap of its own (learned, or revealed by a stated total).
  return { data, flags: await opts.readings.caps.flags(def, data, rows.length, opts.upstream, call) };
}

/** Which list a call reads: its caller, its tool and its arguments but the server's own, hashed. */
export function readingKey(owner: string, tool: string, checked: Record<string, unknown>): string {
  const args = Object.fromEntries(Object.entries(checked).filter(([k]) => !OWN_FIELDS.includes(k)));
  return createHash('sha256')
    .update(JSON.stringify([owner, tool, args]))
    .digest('hex');
}

/** A reading not kept or not found is read again (and said so): a store that fails does not fail the call. */
async function storeStep<T>(step: 'read' | 'write', run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    log('warn', 'list reading store failed', { step, error: (err as Error)?.message ?? String(err) });
    return undefined;
  }
}
