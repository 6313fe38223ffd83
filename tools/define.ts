import * as z from 'zod';
import type { Toolset } from './toolsets.js';

/** The two upstream APIs; each has its own base URL and credential. */
export type Api = 'connector' | 'content';

export type { Toolset };

export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * How the call is carried out.
 * - `json`: one request, one JSON answer (the default).
 * - `long`: the upstream itself waits (generation, processing); the call gets a longer timeout
 *   and keep-alive progress notifications.
 * - `stream`: the answer is a server-sent-events stream relayed as progress.
 */
export type Mode = 'json' | 'long' | 'stream';

/** One row of the tool table: what the tool is and which upstream operation it is; src/ carries it out. */
export interface ToolDef {
  name: string;
  title: string;
  description: string;
  toolset: Toolset;
  api: Api;
  method: 'GET' | 'POST' | 'PATCH';
  /** Route below the API's base URL; `{name}` is filled from the input field of that name. */
  path: string;
  input: z.ZodObject;
  /** The upstream's answer, as documented: every answer is checked against it. */
  output: z.ZodObject;
  /**
   * The output schema clients are given, when it is not `output`: a list tool's rows may be cut to some
   * `fields`, so each field of its rows is optional there (clients check structured content against it).
   */
  listedOutput?: z.ZodObject;
  annotations: Annotations;
  /** The upstream accepts an Idempotency-Key: one is always sent, and the call may be retried. */
  takesIdempotencyKey: boolean;
  mode: Mode;
  /**
   * Builds the upstream body from the validated input, when it is not simply the input
   * (minus path parameters and the idempotency key).
   */
  body?: (input: Record<string, unknown>) => unknown;
  /** For `long` calls: how long the upstream may wait, from the input, in ms. */
  upstreamWaitMs?: (input: Record<string, unknown>) => number;
  /**
   * The dot path of the answer's array that is served in parts when the whole would not fit what clients
   * take (`students`, `assignment.assignedUsers`): such a tool takes an `offset`, a `cursor` and `fields` (never sent
   * upstream), and its answer may carry a `page`. The figures around the array stay whole in every part.
   */
  pages?: string;
  /**
   * The dot paths a row of the paged array has (`user.name`, `coursesCompleted`), an object's own path
   * included: what `fields` may name. Made from the output schema.
   */
  rowPaths?: readonly string[];
  /**
   * Where the workspace states how many rows the paged list has in all: a count at `path` of this answer, or
   * of `tool`'s answer (called with no arguments). A list short of it may go on (a cap the workspace keeps
   * without a word), and the cap it reveals is learned for the workspace.
   */
  statedTotal?: StatedTotal;
  /** The ids its answer gives that other tools take ("user ids"): the server instructions say where each comes from. */
  gives?: string;
  /**
   * For a write that adds something: the tool that lists what it made. When such a call's result was
   * lost (its server replica stopped), the agent is told to look there before making it again.
   */
  findWith?: string;
  /** For a destructive tool (and only one): the question the person is asked before it runs. */
  confirm?: Confirm;
  /** Input the sandbox serves (its ids), when the tool needs any: the tests call every tool with it. */
  example?: Record<string, unknown>;
  /**
   * The output fields people wrote (names, emails, descriptions, titles, tags), down to the leaf:
   * `groups[].name`, `user.email`; a field of free JSON is named whole. Results name those they carry in
   * `_meta` (io.github.learning-workspace/untrusted). Every other string field of the output must be made
   * by the workspace's software (see MADE_BY_SOFTWARE); a test holds every row to it.
   */
  untrusted?: readonly string[];
  /** Untrusted fields that are prose (the assistant's answer, material text, quiz answers): withheld in lockdown. */
  prose?: readonly string[];
}

/** See ToolDef.statedTotal. */
export interface StatedTotal {
  path: string;
  tool?: string;
}

/**
 * The names of string fields the workspace's software makes, not people: ids, times, addresses, states,
 * kinds, codes. A string field of an output whose name is not one of these is declared `untrusted`.
 */
export const MADE_BY_SOFTWARE =
  /^(_id|id|[a-zA-Z]+Id|[a-zA-Z]+Ids|[a-zA-Z]+At|dueDate|month|currentMonth|timezone|scopeType|locale|avatarUrl|url|[a-zA-Z]+Url|storageKey|mimeType|contentType|status|type|kind|color|icon|organization|lastActivity|finishReason|sessionId|nextCursor)$/;

/** Another tool's answer, read by its name (a read-only tool); undefined when the read failed. */
export type ReadTool = (tool: string, input: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;

/**
 * The one plain question put to the person before a destructive call, naming what will be lost: made
 * from the checked input and reads of other tools, and still naming the target when a read fails.
 */
export type Confirm = (input: Record<string, unknown>, read: ReadTool) => Promise<string>;

export const READ: Annotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
};

/** A write that adds something: repeating it adds it again. */
export const WRITE: Annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/** A write that sets a state: repeating it has no further effect. */
export const IDEMPOTENT_WRITE: Annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };

/** A write that deletes; deleting again has no further effect. */
export const DESTRUCTIVE: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};

/** No lone UTF-16 surrogate: such a string cannot be put in a URL (encodeURIComponent throws). */
function wellFormed(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

export const idempotencyKeyField = z
  .string()
  .min(1)
  .max(255)
  // It travels as an HTTP header: visible ASCII only (no spaces, control characters or non-ASCII).
  .regex(/^[\x21-\x7e]+$/, 'an idempotency key is 1 to 255 visible ASCII characters (letters, digits, punctuation; no spaces)')
  .describe('Same on retry; ≤255 visible ASCII.');

type CommandRow = {
  name: string;
  title: string;
  description: string;
  toolset: Toolset;
  /** `{domain}/{action}` below /api/v1. */
  command: string;
  input?: z.ZodRawShape;
  output: z.ZodRawShape;
  annotations: Annotations;
  /** One of the eight commands that take an Idempotency-Key. */
  mutating?: boolean;
  /** The dot path of the array served in parts when too long (see ToolDef.pages). */
  pages?: string;
  /** See ToolDef.statedTotal. */
  statedTotal?: StatedTotal;
  /** See ToolDef.gives. */
  gives?: string;
  /** See ToolDef.confirm. */
  confirm?: Confirm;
  /** See ToolDef.example. */
  example?: Record<string, unknown>;
  /** See ToolDef.untrusted. */
  untrusted?: readonly string[];
  /** See ToolDef.prose. */
  prose?: readonly string[];
};

// Said at length once, in the server instructions, rather than in each of the tools that take it.
const offsetField = z.int().min(0).describe('page.nextOffset');
const cursorField = z.string().describe('page.nextCursor');

/**
 * Where a part of a long list stands, in an answer served in parts. `mayGoOn`: the workspace gave as many
 * rows as asked for, or stopped at its `cap`; `reread`: the list was read again for this part
 * (rows may have moved). Each answer's text says so, and how to go on, so the schema spends no words on it.
 */
const pageShape = z.strictObject({
  offset: z.int(),
  returned: z.int(),
  total: z.int(),
  nextOffset: z.int().nullable(),
  nextCursor: z.string().nullable().optional(),
  mayGoOn: z.literal(true).optional(),
  cap: z.int().optional(),
  reread: z.literal(true).optional(),
});

/** The schema of the array at a dot path of an output shape, or undefined when there is none. */
export function arrayAt(shape: z.ZodRawShape, path: string): z.ZodArray | undefined {
  let node: z.core.$ZodType | undefined = z.object(shape);
  for (const key of path.split('.')) {
    const inner = unwrap(node);
    node = inner instanceof z.ZodObject ? (inner.shape as z.ZodRawShape)[key] : undefined;
  }
  const found = node && unwrap(node);
  return found instanceof z.ZodArray ? found : undefined;
}

/** A schema without its optional, nullable and default wrappers. */
export function unwrap(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.core.$ZodType;
  return s;
}

/** Every dot path of a row's schema: each field, and each field of an object within it (arrays are leaves). */
export function pathsOf(schema: z.core.$ZodType | undefined, prefix = ''): string[] {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as z.ZodRawShape).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...pathsOf(child, path)];
  });
}

/** A row schema with every field optional, at every depth of its objects: what `fields` may leave of a row. */
function anyPart(schema: z.core.$ZodType): z.core.$ZodType {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject)) return schema;
  const shape = Object.fromEntries(Object.entries(inner.shape as z.ZodRawShape).map(([k, c]) => [k, z.optional(anyPart(c))]));
  const part = z.looseObject(shape);
  // A row object that may be null stays nullable; its optional wrapper is put back by the caller.
  return z.safeParse(schema, null).success ? z.nullable(part) : part;
}

/** The output shape with the rows of the array at `path` made of optional fields (see ToolDef.listedOutput). */
function withPartialRows(shape: z.ZodRawShape, path: string): z.ZodRawShape {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const child = unwrap(shape[key]);
  if (rest.length === 0 && child instanceof z.ZodArray) return { ...shape, [key]: z.array(anyPart(child.element)) };
  if (child instanceof z.ZodObject)
    return { ...shape, [key]: z.looseObject(withPartialRows(child.shape as z.ZodRawShape, rest.join('.'))) };
  return shape;
}

/**
 * `fields`: the dot paths of a row to keep, named in the schema (an enum of the row's paths, made from the
 * output schema), at least one. "No repeats" is said in words: `uniqueItems` is refused by OpenAI's strict
 * mode and Gemini (test/unit/schema-compat.test.ts); a repeated path is taken all the same (it keeps the same
 * field), so no input valid under the advertised schema is refused.
 */
function fieldsField(known: readonly string[]) {
  return z
    .array(z.enum(known as [string, ...string[]]))
    .min(1)
    .describe('Paths to keep, no repeats');
}

/** A Connector command: always POST with a JSON body, input rejected on unknown fields. */
export function command(row: CommandRow): ToolDef {
  const mutating = row.mutating ?? false;
  const shape: Record<string, z.core.$ZodType> = { ...(row.input ?? {}) };
  if (mutating) shape['idempotencyKey'] = idempotencyKeyField.optional();
  const rows = row.pages === undefined ? undefined : arrayAt(row.output, row.pages);
  if (row.pages !== undefined && !rows) throw new Error(`${row.name} pages ${row.pages}, which is no array of its output`);
  // Every paged list takes `fields`: its rows may be cut to the paths asked.
  const rowPaths = rows ? pathsOf(rows.element) : undefined;
  if (row.pages) shape['offset'] = offsetField.optional();
  if (row.pages) shape['cursor'] = cursorField.optional();
  if (rowPaths && rowPaths.length > 0) shape['fields'] = fieldsField(rowPaths).optional();
  const output = row.pages ? { ...row.output, page: pageShape.optional() } : row.output;
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    toolset: row.toolset,
    api: 'connector',
    method: 'POST',
    path: `/api/v1/${row.command}`,
    input: z.strictObject(shape),
    output: z.looseObject(output),
    ...(rowPaths && row.pages ? { listedOutput: z.looseObject(withPartialRows(output, row.pages)) } : {}),
    annotations: row.annotations,
    takesIdempotencyKey: mutating,
    mode: 'json',
    ...(row.pages ? { pages: row.pages } : {}),
    ...(rowPaths && rowPaths.length > 0 ? { rowPaths } : {}),
    ...(row.statedTotal ? { statedTotal: row.statedTotal } : {}),
    ...(row.gives ? { gives: row.gives } : {}),
    ...(row.confirm ? { confirm: row.confirm } : {}),
    ...(row.example ? { example: row.example } : {}),
    ...(row.untrusted ? { untrusted: row.untrusted } : {}),
    ...(row.prose ? { prose: row.prose } : {}),
  };
}

type EndpointRow = {
  name: string;
  title: string;
  description: string;
  toolset: Toolset;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  input: z.ZodObject;
  output: z.ZodObject;
  annotations: Annotations;
  mode?: Mode;
  body?: NonNullable<ToolDef['body']>;
  upstreamWaitMs?: NonNullable<ToolDef['upstreamWaitMs']>;
  /** See ToolDef.gives. */
  gives?: string;
  /** See ToolDef.findWith. */
  findWith?: string;
  /** See ToolDef.confirm. */
  confirm?: Confirm;
  /** See ToolDef.example. */
  example?: Record<string, unknown>;
  /** See ToolDef.untrusted. */
  untrusted?: readonly string[];
  /** See ToolDef.prose. */
  prose?: readonly string[];
};

/** A Content API operation: REST with an API key; its answers are plain JSON, not envelopes. */
export function endpoint(row: EndpointRow): ToolDef {
  const { mode = 'json', ...rest } = row;
  return { ...rest, api: 'content', takesIdempotencyKey: false, mode };
}

/**
 * A JSON object written as a string. Free-form or type-dependent objects travel this way so that every
 * input schema stays closed (OpenAI strict mode, Gemini) and the tool list does not spell out each field;
 * the object is parsed here and checked by whoever reads it.
 */
export function jsonObjectText(field: string, example: string) {
  return z.string().transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      /* refused below */
    }
    ctx.addIssue({ code: 'custom', message: `${field} must be a JSON object written as a string, e.g. ${example}` });
    return z.NEVER;
  });
}

/** Non-empty id string; every required id in the documents is a non-empty string. */
export function id(description: string) {
  return urlText()
    .refine((v) => v !== '.' && v !== '..', 'an id cannot be "." or ".."')
    .describe(description);
}

/**
 * The ids one tool gives and others take, each described once by the tool it comes from: the wording an
 * agent (and a tool search) reads is the same in every tool that takes the id.
 */
export const userIdField = id('From analytics_students.');
export const groupIdField = id('From groups_list.');
export const courseIdField = id('From analytics_courses.');
export const unitIdField = id('From courses_structure.');
export const assignmentIdField = id('From assignments_for_user.');

/**
 * A web address the workspace will fetch: http or https only, so no file:, data:, ftp:, gopher: or
 * javascript: URL is handed to the upstream's fetcher. Every URL field of the tools takes this.
 */
export function webUrl() {
  return z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL');
}

/** A non-empty string that can travel in a URL path or query. */
export function urlText() {
  return z.string().min(1).refine(wellFormed, 'contains a lone UTF-16 surrogate, which cannot be sent in a URL');
}

// A list read without one is read whole (the server instructions say so once).
export const limitField = z.int().positive().describe('Max rows');
