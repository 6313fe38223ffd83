import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { ToolError } from '../call/errors.js';
import { invoke } from '../call/invoke.js';
import { listMaxBytes, readWithLimit, routeKey } from '../call/list-limit.js';
import { Slots } from '../call/slots.js';
import type { Upstream } from '../call/upstream.js';
import { DEFAULTS } from '../config/defaults.js';
import type { ReadingStore } from '../jobs/record.js';
import { ListCaps, quietly } from './list-caps.js';
import { NOTE_ROOM, valueAt, type ListFlags } from './fit.js';

/** How long the reading of a list served in parts is kept for its next parts. */
export const READING_KEEP_MS = 5 * 60_000;

export interface ReadingOptions {
  upstream: Upstream;
  listMaxRows?: number | undefined;
  resultMaxChars?: number | undefined;
  readings: Readings;
}

/**
 * Characters of JSON of the readings a process keeps parsed at hand (each is also in the store, so one
 * dropped is parsed again): about two readings of 100,000 learners (24 MB of JSON each, some 40 MB parsed).
 */
const PARSED_MAX_CHARS = 50_000_000;
/**
 * Rows one process reads at once, all list reads together: each read holds its answer three times on the way
 * (bytes and text 24 MB each, parsed some 40 MB at 100,000 learners, then the copy kept), so a burst of whole lists would take the process's
 * memory. A read weighs the rows it is expected to bring and waits its turn until they fit: two of 100,000
 * at once, twenty of 10,000; one heavier than this runs alone.
 */
export const READ_BUDGET_ROWS = 200_000;
/** A read expected to bring no more rows than this never waits (nor counts): a small read never waits behind a large one. */
export const SMALL_READ_ROWS = 1_000;
/** Rows are weighed in units of this many: the limiter's cost grows with its units (see Slots). */
const ROWS_PER_UNIT = 1_000;
/** List routes whose last size is remembered, and for how long (a workspace grows, and a stale size is a wrong weight). */
const SIZES_MAX = 1_000;
const SIZE_KEEP_MS = 10 * 60_000;

/**
 * The readings of lists served in parts, for the server's whole process: kept in a store (the job store,
 * shared by replicas with Redis, else the process's memory), the most recently used parsed at hand within
 * a size budget, so following the parts of one list parses it once in this process rather than once a
 * part. Identical reads of one caller running at once are made once; large ones wait their turn by size.
 */
export class Readings {
  private readonly parsed = new LRUCache<string, ListReading>({
    maxSize: PARSED_MAX_CHARS,
    sizeCalculation: (r) => Math.max(1, r.chars ?? 1),
    ttlAutopurge: false,
  });
  private readonly running = new Map<string, Promise<ListReading>>();
  private readonly reads = new Slots(READ_BUDGET_ROWS / ROWS_PER_UNIT);
  /** The rows the last read of each list (route and filters) brought: what the next one is expected to. */
  private readonly sizes = new LRUCache<string, number>({ max: SIZES_MAX, ttl: SIZE_KEEP_MS });

  /** The caps workspaces keep on lists without a word, learned where they state a total; in the same store. */
  readonly caps: ListCaps;

  constructor(readonly store: ReadingStore) {
    this.caps = new ListCaps(store);
  }

  async get(key: string): Promise<ListReading | undefined> {
    const near = this.parsed.get(key);
    if (near) return near;
    const kept = await quietly('list reading', 'read', () => this.store.getReading(key));
    if (kept === undefined) return undefined;
    const reading = { ...(JSON.parse(kept) as ListReading), chars: kept.length };
    // Kept at hand no longer than the store keeps it (the rest of its time is unknown here: a short while).
    this.atHand(key, reading, 30_000);
    return reading;
  }

  async put(key: string, reading: ListReading, keepMs: number): Promise<void> {
    const json = JSON.stringify({ data: reading.data, flags: reading.flags, ...(reading.upTo ? { upTo: reading.upTo } : {}) });
    await quietly('list reading', 'write', () => this.store.putReading(key, json, keepMs));
    this.atHand(key, { ...reading, chars: json.length }, keepMs);
  }

  /** The id of the latest reading of a list (what a part asked by `offset` alone reads), or undefined. */
  latest(list: string): Promise<string | undefined> {
    return quietly('list reading', 'read', () => this.store.getReading(`${list}:latest`));
  }

  async setLatest(list: string, id: string, keepMs: number): Promise<void> {
    await quietly('list reading', 'write', () => this.store.putReading(`${list}:latest`, id, keepMs));
  }

  /** `read` made once for all the identical calls asking it at the same time. */
  once(key: string, read: () => Promise<ListReading>): Promise<ListReading> {
    const running = this.running.get(key);
    if (running) return running;
    const made = read().finally(() => this.running.delete(key));
    this.running.set(key, made);
    return made;
  }

  /**
   * A read asking `asked` rows of the list `size` names, in its turn: it weighs the rows it is expected to
   * bring (what the last read of that list brought, else what it asks, within the budget), and the rows
   * it brought (`rowsOf`) are what the next one is expected to.
   */
  async turn<T>(size: string, asked: number, read: () => Promise<T>, rowsOf: (got: T) => number | undefined): Promise<T> {
    const rows = Math.min(asked, this.sizes.get(size) ?? asked, READ_BUDGET_ROWS);
    const release = rows > SMALL_READ_ROWS ? await this.reads.take({ weight: Math.ceil(rows / ROWS_PER_UNIT) }) : undefined;
    try {
      const got = await read();
      const brought = rowsOf(got);
      if (brought !== undefined) this.sizes.set(size, brought);
      return got;
    } finally {
      release?.();
    }
  }

  private atHand(key: string, reading: ListReading, keepMs: number): void {
    if (keepMs <= 0) return;
    this.parsed.set(key, reading, { ttl: keepMs });
  }
}

/** A list's answer, checked, and what is known of it beyond its rows. */
export interface ListReading {
  data: Record<string, unknown>;
  flags: ListFlags;
  /** The reading's id, which its parts' cursors name: absent when it is not kept (it came whole, or a code run read it). */
  id?: string;
  /** A larger `limit` the agent may ask for, when the list may go on and a larger one can succeed. */
  upTo?: number;
  /** The length of its JSON, where known: its weight among the readings kept. */
  chars?: number;
}

/** Where a part starts: in which reading (a cursor's, the latest, or a new one) and at which row. */
export interface PartStart {
  id: string | undefined;
  offset: number;
}

/** The server's own fields of a list call: never sent upstream, and not part of which list it is. */
const OWN_FIELDS = ['offset', 'fields', 'cursor'];

/** `page.nextCursor`: the reading and the row a next part starts at, opaque to the agent. */
export function cursorOf(id: string, offset: number): string {
  return Buffer.from(`${id}.${offset}`).toString('base64url');
}

/** The reading and row a cursor names; a cursor this server did not make is refused as input. */
export function partStart(checked: Record<string, unknown>): PartStart {
  const given = checked['cursor'];
  const offset = typeof checked['offset'] === 'number' ? checked['offset'] : undefined;
  if (typeof given !== 'string') return { id: undefined, offset: offset ?? 0 };
  const match = /^([0-9a-f]{24})\.(\d{1,9})$/.exec(Buffer.from(given, 'base64url').toString());
  if (!match)
    throw new ToolError('The cursor is not one this server gave.', {
      code: 'INVALID_INPUT',
      fieldErrors: { cursor: ['not a page.nextCursor of this server'] },
      resolution: 'Pass page.nextCursor exactly as a part gave it, or call without cursor to start the list over.',
    });
  // `offset` beside a cursor jumps within the cursor's reading.
  return { id: match[1], offset: offset ?? Number(match[2]) };
}

/**
 * Reads the list of a paged tool, whole: without a `limit`, the workspace is asked for up to
 * WORKSPACE_LIST_MAX_ROWS rows. The parts of one list come from one reading, kept a few minutes per caller
 * and arguments under an id of its own: a part names its reading in its cursor, so a walk keeps to it while
 * a fresh start of the same list makes another (a part asked by `offset` alone reads the latest). A reading
 * gone is read again (said in `reread`). `whole` (a code run) reads afresh and keeps nothing. `check`
 * refuses an answer of the wrong shape.
 */
export async function readList(
  def: ToolDef & { pages: string },
  checked: Record<string, unknown>,
  opts: ReadingOptions,
  call: CallContext,
  owner: string,
  check: (data: Record<string, unknown>) => void,
  whole = false,
): Promise<ListReading & { offset: number }> {
  const list = readingKey(owner, def.name, checked);
  const start = whole ? { id: undefined, offset: 0 } : partStart(checked);
  const { offset } = start;
  const walking = start.id !== undefined || offset > 0;
  if (walking) {
    const id = start.id ?? (await opts.readings.latest(list));
    const kept = id === undefined ? undefined : await opts.readings.get(`${list}:${id}`);
    if (kept !== undefined) return { ...kept, id: id!, offset };
  }
  const fresh = await opts.readings.once(whole ? `${list}:whole` : list, () => readAndKeep(def, checked, opts, call, list, check, whole));
  return walking ? { ...fresh, flags: { ...fresh.flags, reread: true }, offset } : { ...fresh, offset };
}

/** One reading, checked, and kept under a new id when its list will come in parts. */
async function readAndKeep(
  def: ToolDef & { pages: string },
  checked: Record<string, unknown>,
  opts: ReadingOptions,
  call: CallContext,
  list: string,
  check: (data: Record<string, unknown>) => void,
  whole: boolean,
): Promise<ListReading> {
  const fresh = await readFresh(def, checked, opts, call);
  check(fresh.data);
  if (whole || !mayNotFit(fresh.data, def.pages, (opts.resultMaxChars ?? DEFAULTS.resultMaxChars) - NOTE_ROOM)) return fresh;
  const reading = { ...fresh, id: randomBytes(12).toString('hex') };
  // A new reading never replaces one being walked: each has its own id; only the pointer for `offset` moves.
  await opts.readings.put(`${list}:${reading.id}`, reading, READING_KEEP_MS);
  await opts.readings.setLatest(list, reading.id, READING_KEEP_MS);
  return reading;
}

/** Whether a list may come in parts: more rows than the room takes even as `{}`, or JSON longer than the room. */
function mayNotFit(data: Record<string, unknown>, path: string, room: number): boolean {
  const rows = valueAt(data, path);
  return (Array.isArray(rows) && rows.length * 3 > room) || JSON.stringify(data).length > room;
}

/** One reading of the list from the workspace: with as large a limit as it takes, when the tool has one. */
async function readFresh(
  def: ToolDef & { pages: string },
  checked: Record<string, unknown>,
  opts: ReadingOptions,
  call: CallContext,
): Promise<ListReading> {
  const most = opts.listMaxRows ?? DEFAULTS.listMaxRows;
  // A list with no limit (an assignment's assignees) comes whole at any size, up to as large as the longest
  // list; its size is unknown before it comes, so it takes no turn (one assignment's answer is mostly small).
  const limited = 'limit' in def.input.shape;
  const given = typeof checked['limit'] === 'number' ? checked['limit'] : undefined;
  const wanted = given ?? most;
  const { data, asked } = limited
    ? await opts.readings.turn(
        sizeKey(def, checked, opts.upstream),
        wanted,
        () => readWithLimit(def, checked, wanted, opts.upstream, call),
        (got) => rowsIn(got.data, def.pages),
      )
    : { data: await invoke(def, checked, opts.upstream, call, listMaxBytes(most, opts.upstream)), asked: Infinity };
  const rows = valueAt(data, def.pages);
  if (!Array.isArray(rows)) return { data, flags: {} };
  if (rows.length < asked)
    // Fewer: whole, unless the workspace stops lists at a cap of its own (learned, or revealed by a stated total).
    return { data, flags: await opts.readings.caps.flags(def, data, rows.length, opts.upstream, call) };
  // Exactly the total the workspace states: whole, however many were asked for.
  if (await opts.readings.caps.isWhole(def, data, rows.length, opts.upstream, call)) return { data, flags: {} };
  // Otherwise, as many rows as asked for: the workspace may hold more, and nothing in its answer says. A larger
  // limit is offered only where one can succeed: below the server's maximum and what the workspace took.
  const taken = opts.upstream.acceptedLimits.get(routeKey(def, opts.upstream)) ?? Infinity;
  const upTo = Math.min(most, taken);
  return { data, flags: { mayGoOn: true }, ...(upTo > asked ? { upTo } : {}) };
}

/**
 * Which list a read's size is remembered under: its route (the workspace, the API, the path) and its
 * filters, not its limit nor its caller (one workspace whoever calls it); a filtered list's size says
 * nothing of the whole one.
 */
export function sizeKey(def: ToolDef, checked: Record<string, unknown>, upstream: Upstream): string {
  const filters = Object.entries(checked).filter(([k]) => k !== 'limit' && !OWN_FIELDS.includes(k));
  return `${routeKey(def, upstream)} ${JSON.stringify(filters)}`;
}

function rowsIn(data: Record<string, unknown>, path: string): number | undefined {
  const rows = valueAt(data, path);
  return Array.isArray(rows) ? rows.length : undefined;
}

/** Which list a call reads: its caller, its tool and its arguments but the server's own, hashed. */
export function readingKey(owner: string, tool: string, checked: Record<string, unknown>): string {
  const args = Object.fromEntries(Object.entries(checked).filter(([k]) => !OWN_FIELDS.includes(k)));
  return createHash('sha256')
    .update(JSON.stringify([owner, tool, args]))
    .digest('hex');
}
