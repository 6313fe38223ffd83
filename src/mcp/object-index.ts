// The workspace objects a person names (learners, courses, groups), as a short-lived index per caller:
// completion/complete answers every keystroke from it, and resources/list pages through it, instead of
// reading the whole roster from the workspace each time.

/** One object a person may name: its id, and the name people know it by. */
export interface NamedObject {
  id: string;
  name: string;
}

/** The kinds of object the index holds, each read from the workspace with one whole list. */
export type ObjectKind = 'learner' | 'course' | 'group';

/** A kind's objects, with the words of each name folded once for matching. */
export interface ObjectList {
  readonly objects: readonly NamedObject[];
  readonly folded: readonly { id: string; name: string; words: readonly string[] }[];
}

/** What completion/complete answers: at most MAX_VALUES values, with the true total. */
export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

/** The spec's most values in one completion. */
export const MAX_VALUES = 100;

/** Lower case, accents taken off: "García" is found from "garc". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a name, folded: split at spaces, punctuation and the dots of an email's handle. */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

export function objectList(objects: readonly NamedObject[]): ObjectList {
  return { objects, folded: objects.map((o) => ({ id: o.id, name: o.name, words: wordsOf(o.name) })) };
}

/**
 * How well an object matches what was typed (lower is better; undefined: no match). The id exactly, then
 * an id that starts with it, then a name that starts with it, then a name with a word starting with each
 * word typed ("sales em" finds "Sales EMEA"; "ben" finds "Ben Park" and "Ana Bennett").
 */
function rank(o: ObjectList['folded'][number], typed: string, typedWords: readonly string[]): number | undefined {
  const id = o.id.toLowerCase();
  if (id === typed) return 0;
  if (id.startsWith(typed)) return 1;
  if (typedWords.length === 0) return undefined;
  const first = o.words[0];
  if (typedWords.length === 1 && first !== undefined && first.startsWith(typedWords[0]!)) return first === typedWords[0] ? 2 : 3;
  return typedWords.every((t) => o.words.some((w) => w.startsWith(t))) ? 4 : undefined;
}

/**
 * The ids that match what was typed, best first (then the shorter name, then by name): at most
 * MAX_VALUES, with how many match in all. Nothing typed: every object, by name.
 */
export function complete(list: ObjectList, typed: string): Completion {
  const text = typed.trim();
  const lower = text.toLowerCase();
  const words = wordsOf(text);
  const hits: { id: string; name: string; score: number }[] = [];
  for (const o of list.folded) {
    const score = text === '' ? 5 : rank(o, lower, words);
    if (score !== undefined) hits.push({ id: o.id, name: o.name, score });
  }
  hits.sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return { values: hits.slice(0, MAX_VALUES).map((h) => h.id), total: hits.length, hasMore: hits.length > MAX_VALUES };
}

/** How long a caller's index is kept: a person completing an argument types for seconds, not minutes. */
export const INDEX_KEEP_MS = 60_000;
/**
 * Callers whose index is kept at once; the least recently used goes first. A roster of 5,000 learners
 * takes about 1.9 MB of heap (measured), so the index holds at most some 30 MB at that size.
 */
export const INDEX_CALLERS = 16;

/** Reads one kind's objects from the workspace, for a caller. */
export type ReadObjects = (kind: ObjectKind) => Promise<NamedObject[]>;

interface Kept {
  at: number;
  lists: Map<ObjectKind, Promise<ObjectList>>;
}

/**
 * The objects of each caller, each kind read once and kept INDEX_KEEP_MS, for at most INDEX_CALLERS
 * callers: made once per process (HTTP makes a server per request), so its memory is bounded by callers
 * times the workspace's size. A failed read is not kept: the next keystroke tries again.
 */
export class ObjectIndex {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly keepMs = INDEX_KEEP_MS,
    private readonly callers = INDEX_CALLERS,
    private readonly now: () => number = Date.now,
  ) {}

  list(caller: string, kind: ObjectKind, read: ReadObjects): Promise<ObjectList> {
    const at = this.now();
    // Expired indexes go at once, not only when other callers push them out.
    for (const [key, kept] of this.kept) if (at - kept.at > this.keepMs) this.kept.delete(key);
    let entry = this.kept.get(caller);
    if (entry) {
      this.kept.delete(caller);
    } else {
      entry = { at, lists: new Map() };
      while (this.kept.size >= this.callers) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(caller, entry);
    let list = entry.lists.get(kind);
    if (!list) {
      const kept = entry;
      const made = read(kind).then(objectList);
      made.catch(() => kept.lists.get(kind) === made && kept.lists.delete(kind));
      list = made;
      entry.lists.set(kind, list);
    }
    return list;
  }

  /** Callers with an index kept now (for the tests of its bound). */
  get size(): number {
    return this.kept.size;
  }
}
