// Text that other people wrote (workspace records, upstream error text, the assistant's answer) reaches
// a model: what cannot be seen cannot be judged, so characters that hide text or reorder it are taken
// out before anything is returned. What people write (accents, CJK, right-to-left scripts, emoji
// sequences) is kept; nothing is HTML- or markdown-escaped, since the data is data.

/**
 * Always removed:
 * - C0 and C1 controls except tab and newline (carriage return too: a line ends with a newline),
 * - the soft hyphen U+00AD, the Arabic letter mark U+061C, the Mongolian vowel separator U+180E,
 * - zero-width space and non-joiner U+200B–U+200C, the marks U+200E–U+200F,
 * - bidi embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069,
 * - word joiner and invisible operators U+2060–U+2064, deprecated format controls U+206A–U+206F,
 * - the byte-order mark U+FEFF, interlinear annotation controls U+FFF9–U+FFFB,
 * - Unicode tag characters U+E0000–U+E007F, and lone surrogates.
 */
const REMOVED =
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}\uD800-\uDFFF]/gu;

/** Anything that is removed or weighed by its neighbours: when none is present the text is returned as it is. */
const SUSPECT =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- controls, joiners and selectors are what is looked for, each on its own
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\uD800-\uDFFF]/u;

/**
 * Variation selectors carry a byte each after any character (a known way to smuggle text), so one is kept
 * only where it selects a form people see: VS15/VS16 directly after an emoji-capable character (text or
 * emoji style, the keycap's "1️⃣"), VS1–VS14 directly after an ideograph or a maths symbol (standardized
 * variants), VS17–VS256 directly after an ideograph (ideographic variation sequences, as in Japanese
 * names). Any other, and any second selector in a row, is removed.
 */
const STRAY_SELECTOR =
  /(?<!\p{Emoji})[\uFE0E\uFE0F]|(?<![\p{Ideographic}\p{Sm}])[\uFE00-\uFE0D]|(?<!\p{Ideographic})[\u{E0100}-\u{E01EF}]/gu;

/**
 * The zero-width joiner builds emoji sequences (👩‍💻, 👨‍👩‍👧, 🏳️‍🌈) and shapes Indic and Arabic letters, so it
 * is kept between two such characters; at the edge of a word, beside a space or another joiner, it
 * joins nothing and is removed.
 */
const STRAY_JOINER = /(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D|\u200D(?![\p{L}\p{M}\p{Extended_Pictographic}])/gu;

/** One string without hidden characters; idempotent, and the same string back when nothing was hidden. */
export function clean(text: string): string {
  if (!SUSPECT.test(text)) return text;
  // Order matters for idempotence: the selectors and joiners are judged by the neighbours left after
  // the removals, and a removed joiner never makes a selector stray.
  return text.replace(REMOVED, '').replace(STRAY_SELECTOR, '').replace(STRAY_JOINER, '');
}

/**
 * Whether a JSON text may hold anything clean() would change: a suspect character as it is, or any
 * `\\u` escape (which may spell one). When not, the value parsed from it needs no walk.
 */
export function mayHide(json: string): boolean {
  return SUSPECT.test(json) || json.includes('\\u');
}

/**
 * A JSON value with every string cleaned, object keys too; unchanged parts are shared, and the value
 * itself is returned when nothing changed.
 */
export function cleanDeep<T>(value: T): T {
  return cleanValue(value) as T;
}

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = cleanValue(value[i]);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = clean(k);
    const c = cleanValue(v);
    changed ||= key !== k || c !== v;
    entries.push([key, c]);
  }
  return changed ? Object.fromEntries(entries) : value;
}

/** Every kind of line break, a tab included: a value that must stay on its line has none of them. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Cleaned, on one line (every line break a space), spaces run together and trimmed. */
export function oneLine(text: string): string {
  // Breaks first: clean() would join the words a vertical tab or U+0085 separates.
  return clean(text.replace(BREAKS, ' ')).replace(/ {2,}/g, ' ').trim();
}

/** Cut at `max` code points, never inside a surrogate pair, "…" added when cut. */
export function cut(text: string, max: number): string {
  // Only the first `max` code points are walked: an upstream body of megabytes is cut to 300 characters.
  let end = 0;
  for (let n = 0; n < max && end < text.length; n++) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  // Cleaned again: a cut may leave a joiner or selector at the end with nothing to join.
  return end >= text.length ? text : `${clean(text.slice(0, end))}…`;
}

/** The quotation marks of a name: a quote inside the name becomes a straight one, which cannot end it. */
const OPEN = '“';
const CLOSE = '”';

/**
 * A name or email someone wrote, as the server's own text shows it: cleaned, on one line, at most `max`
 * characters, between “ and ”. A “ or ” inside it becomes ", so only the server's marks open and close.
 */
export function quoteName(value: string, max = 80): string {
  return `${OPEN}${cut(oneLine(value).replace(/[“”]/g, '"'), max)}${CLOSE}`;
}

/** The longest piece of the workspace's own error text a result repeats. */
export const WORKSPACE_WORDS_MAX = 300;

/**
 * Words of the workspace (an error message, a suggestion, a field error) as the server shows them: cleaned,
 * on one line, capped, and quoted as a JSON string, so nothing in them can start a line or end the quote.
 */
export function workspaceWords(text: string, max = WORKSPACE_WORDS_MAX): string {
  return JSON.stringify(cut(oneLine(text), max));
}
