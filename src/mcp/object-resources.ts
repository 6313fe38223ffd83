import {
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type CompleteRequest,
  type CompleteResult,
  type ReadResourceResult,
  type Resource,
  type ListResourceTemplatesResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import { PROMPTS } from '../../tools/prompts.js';
import type { ErrorData } from '../call/errors.js';
import { UNTRUSTED_META } from '../text/meta-keys.js';
import { cut, oneLine } from '../text/clean.js';
import { quote } from '../text/quote.js';
import { log } from '../telemetry/log.js';
import type { Catalogue } from './catalogue.js';
import { complete, MAX_VALUES, type NamedObject, type ObjectIndex, type ObjectKind } from './object-index.js';
import type { RequestContext } from './request-context.js';
import { callContext, executeStep, type ToolCallOptions } from './tool-call.js';
import { presentPaths } from './untrusted.js';
import { DEFAULTS } from '../config/defaults.js';

// Workspace objects as resources a person attaches: a course, a learner, a group and an assignment, each
// read through its read tool's own call (the request core, the result cap, lockdown and the untrusted
// marks), offered only with that tool; the courses and groups listed by name; and their ids completed
// from what a person types (completion/complete), for the templates and the prompts that take one.

const SCHEME = 'learning-workspace://';

/** One template: its address, the argument it takes, the read tool whose answer it is, the index that completes it. */
interface TemplateRow {
  kind: 'course' | 'learner' | 'group' | 'assignment';
  path: string;
  arg: string;
  tool: string;
  title: string;
  description: string;
  /** The objects that complete its argument; none for assignments (the Connector API lists none). */
  index?: ObjectKind;
  /** Extra input of the read, besides the id. */
  input?: Record<string, unknown>;
}

export const OBJECT_TEMPLATES: readonly TemplateRow[] = [
  {
    kind: 'course',
    path: 'courses',
    arg: 'courseId',
    tool: 'courses_structure',
    title: 'Course',
    description: "A course's structure: units, topics, activities, tests and projects (as courses_structure answers).",
    index: 'course',
  },
  {
    kind: 'learner',
    path: 'learners',
    arg: 'userId',
    tool: 'assignments_for_user',
    title: "Learner's progress",
    description: "A learner's assigned courses with progress, due dates and what is overdue (as assignments_for_user answers).",
    index: 'learner',
  },
  {
    kind: 'group',
    path: 'groups',
    arg: 'groupId',
    tool: 'groups_list',
    title: 'Group',
    description: 'A group (team, cohort, department) with its figures (member count, lead, tags) and its subgroups (from groups_list).',
    index: 'group',
    input: { includeDescendants: true },
  },
  {
    kind: 'assignment',
    path: 'assignments',
    arg: 'assignmentId',
    tool: 'assignments_get',
    title: 'Assignment',
    description: "An assignment with every assignee's progress (as assignments_get answers; a long one in parts, ?offset=N).",
  },
];

const uriTemplateOf = (t: TemplateRow) => `${SCHEME}${t.path}/{${t.arg}}`;
const uriOf = (t: TemplateRow, id: string) => `${SCHEME}${t.path}/${encodeURIComponent(id)}`;

/** The URI prefixes of the template reads: each is counted by the rate limit as one tool call. */
export const OBJECT_URI_PREFIXES: readonly string[] = OBJECT_TEMPLATES.map((t) => `${SCHEME}${t.path}/`);

/** The templates of the tools offered. */
export function objectTemplates(offered: ReadonlySet<string>): ListResourceTemplatesResult['resourceTemplates'] {
  return OBJECT_TEMPLATES.filter((t) => offered.has(t.tool)).map((t) => ({
    uriTemplate: uriTemplateOf(t),
    name: t.kind,
    title: t.title,
    description: t.description,
    mimeType: 'application/json',
  }));
}

/** How long a 2026-07-28 client may keep a read of live workspace data, and the list of its objects. */
const READ_TTL_MS = 30_000;
const LIST_TTL_MS = 60_000;

/** Cache fields for a 2026-07-28 request only (a 2025-11-25 result has no such fields). */
function cacheFields(ctx: ServerContext, ttlMs: number): { ttlMs?: number; cacheScope?: 'private' } {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope?.[PROTOCOL_VERSION_META_KEY] === undefined ? {} : { ttlMs, cacheScope: 'private' };
}

/** What a template read needs of the server: its tool call options, the catalogue, the request. */
export interface ObjectServing {
  opts: ToolCallOptions;
  catalogue: Catalogue;
  ctx: ServerContext;
  request: RequestContext;
  index: ObjectIndex;
}

/** The template and id a URI names, with the offset of a part asked for (`?offset=N`); undefined when it names none. */
function parseUri(uri: string): { t: TemplateRow; id: string; offset: number | undefined } | undefined {
  const t = OBJECT_TEMPLATES.find((row) => uri.startsWith(`${SCHEME}${row.path}/`));
  if (!t) return undefined;
  const [rawId = '', query] = uri.slice(`${SCHEME}${t.path}/`.length).split('?', 2);
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    // A malformed escape names no object.
    return undefined;
  }
  const offset = query?.match(/^offset=(\d{1,9})$/)?.[1];
  if (id === '' || id.includes('/') || (query !== undefined && offset === undefined)) return undefined;
  return { t, id, offset: offset === undefined ? undefined : Number(offset) };
}

const notFound = (uri: string, why: string) => new ResourceNotFoundError(uri.slice(0, 2_000), `No resource ${quote(uri)}: ${why}`);

/**
 * A template read, or undefined when the URI is none of the templates. Unknown objects and templates not
 * offered are resource-not-found; any other failure is an error saying what went wrong and what to do.
 */
export async function readObject(s: ObjectServing, uri: string): Promise<ReadResourceResult | undefined> {
  if (!OBJECT_URI_PREFIXES.some((p) => uri.startsWith(p))) return undefined;
  const parsed = parseUri(uri);
  const def = parsed && (await s.catalogue.definition(parsed.t.tool));
  if (!parsed || !def) throw notFound(uri, 'resources/templates/list names the templates this server offers, and what they take.');
  const { t, id, offset } = parsed;
  const input = { ...t.input, ...(t.kind === 'group' ? {} : { [t.arg]: id }), ...(offset !== undefined && def.pages ? { offset } : {}) };
  const checked = def.input.safeParse(input);
  if (!checked.success) throw notFound(uri, `${quote(id)} is not a ${t.kind} id.`);
  const call = callContext(s.ctx, s.opts, s.request);
  const outcome = await executeStep(
    def,
    checked.data as Record<string, unknown>,
    s.opts,
    call,
    s.ctx,
    s.request,
    s.request.trace,
    {},
    { whole: t.kind === 'group' },
  );
  if (outcome.error) {
    const e = outcome.error;
    // The workspace answers an unknown id with 404, or with a field error on the id (422).
    if (e.code === 'NOT_FOUND' || (e.code === 'UPSTREAM_INVALID' && e.fieldErrors?.[t.arg] !== undefined))
      throw notFound(uri, `the workspace has no ${t.kind} ${quote(id)}.`);
    throw failure(`Reading ${quote(uri)}`, e);
  }
  const result = outcome.result;
  let data = result.structuredContent as Record<string, unknown>;
  let marks = (result._meta?.[UNTRUSTED_META] as string[] | undefined) ?? [];
  if (t.kind === 'group') ({ data, marks } = groupOf(def, data, id, uri, s.opts.resultMaxChars ?? DEFAULTS.resultMaxChars));
  const next = (data['page'] as { nextOffset?: number | null } | undefined)?.nextOffset;
  const meta = {
    ...(marks.length > 0 ? { [UNTRUSTED_META]: marks } : {}),
    ...(typeof next === 'number' ? { 'io.github.learning-workspace/next': `${uriOf(t, id)}?offset=${next}` } : {}),
  };
  return {
    contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(data), ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) }],
    ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}),
    ...cacheFields(s.ctx, READ_TTL_MS),
  };
}

/** A failed read as a protocol error that says what failed, why and what to do: the tool result's words. */
function failure(what: string, e: ErrorData): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InternalError, `${what} failed: ${e.code}: ${e.message} Resolution: ${e.resolution}`, e);
}

/**
 * A group's row of groups_list and the rows below it, with the marks of what people wrote in them: as many
 * of the rows below as the result cap holds, in the order groups_list gives them, with how many there are
 * (`subgroupCount`).
 */
function groupOf(def: ToolDef, data: Record<string, unknown>, id: string, uri: string, maxChars: number) {
  const rows = (data['groups'] as Record<string, unknown>[] | undefined) ?? [];
  const group = rows.find((g) => g['id'] === id);
  if (!group) throw notFound(uri, `the workspace has no group ${quote(id)}.`);
  const below = new Set([id]);
  const subgroups: Record<string, unknown>[] = [];
  // groups_list gives parents before their children (a tree walked from the roots); a few passes settle any other order.
  for (let pass = 0, grew = true; grew && pass < 32; pass++) {
    grew = false;
    for (const g of rows) {
      if (!below.has(String(g['id'])) && below.has(String(g['parentId']))) {
        below.add(String(g['id']));
        subgroups.push(g);
        grew = true;
      }
    }
  }
  let room = maxChars - JSON.stringify({ group, subgroups: [], subgroupCount: subgroups.length }).length;
  const shown = subgroups.filter((g) => (room -= JSON.stringify(g).length + 1) >= 0);
  const out = { group, subgroups: shown, subgroupCount: subgroups.length };
  const declared = (def.untrusted ?? []).flatMap((p) =>
    p.startsWith('groups[].') ? [`group.${p.slice('groups[].'.length)}`, `subgroups[].${p.slice('groups[].'.length)}`] : [],
  );
  return { data: out, marks: presentPaths(out, declared) };
}

/** Reads one kind of object for the index: the whole list of its read tool, as the caller sees it. */
async function readObjects(s: ObjectServing, kind: ObjectKind): Promise<NamedObject[]> {
  const { tools } = await import('../../tools/index.js');
  const source = SOURCES[kind];
  const def = tools.find((d) => d.name === source.tool)!;
  const call = callContext(s.ctx, s.opts, s.request);
  const outcome = await executeStep(def, source.input, s.opts, call, s.ctx, s.request, {}, {}, { whole: true });
  if (outcome.error) throw failure(`Listing the workspace's ${kind}s with ${def.name}`, outcome.error);
  return source.objects(outcome.result.structuredContent as Record<string, unknown>);
}

type Row = Record<string, unknown>;
const rows = (data: Row, key: string) => (Array.isArray(data[key]) ? (data[key] as Row[]) : []);
const named = (id: unknown, name: unknown): NamedObject[] =>
  typeof id === 'string' && typeof name === 'string' ? [{ id, name: cut(oneLine(name), 200) }] : [];

/** Where each kind of object is listed: the read tool, its input, and each object's id and name in its answer. */
const SOURCES: Record<ObjectKind, { tool: string; input: Record<string, unknown>; objects: (data: Row) => NamedObject[] }> = {
  learner: {
    tool: 'analytics_students',
    // Only what the index keeps: the rest of each row is not cleaned, checked for secrets or written out.
    input: { fields: ['user.id', 'user.name'] },
    objects: (d) =>
      rows(d, 'students').flatMap((r) => named((r['user'] as Row | undefined)?.['id'], (r['user'] as Row | undefined)?.['name'])),
  },
  course: {
    tool: 'analytics_courses',
    input: { fields: ['courseId', 'title'] },
    objects: (d) => rows(d, 'courses').flatMap((r) => named(r['courseId'], r['title'])),
  },
  group: {
    tool: 'groups_list',
    input: { includeDescendants: true },
    objects: (d) => rows(d, 'groups').flatMap((r) => named(r['id'], r['name'])),
  },
};

/** The index's list of one kind for this caller. */
const listOf = (s: ObjectServing, kind: ObjectKind) => s.index.list(s.request.caller.hash, kind, (k) => readObjects(s, k));

/** Prompt arguments that name a workspace object, by the argument's name. */
const PROMPT_ARGUMENTS: Record<string, ObjectKind> = { groupId: 'group', userId: 'learner', courseId: 'course' };

/**
 * completion/complete: the ids of the objects matching what was typed, for a template's argument or a
 * prompt's argument that names an object. An argument nothing lists (an assignment, a month) gets none;
 * a template or prompt this server does not offer is refused, and an argument whose list tool the request is
 * not offered (narrowed away) gets none.
 */
export async function completeArgument(s: ObjectServing, params: CompleteRequest['params']): Promise<CompleteResult> {
  const { ref, argument } = params;
  let kind: ObjectKind | undefined;
  if (ref.type === 'ref/resource') {
    const t = OBJECT_TEMPLATES.find((row) => uriTemplateOf(row) === ref.uri && s.catalogue.offered.has(row.tool));
    if (!t)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `No resource template ${quote(ref.uri)}: resources/templates/list names them.`,
      );
    kind = argument.name === t.arg ? t.index : undefined;
  } else {
    const prompt = PROMPTS.find((p) => p.name === ref.name && p.tools.every((tool) => s.catalogue.offered.has(tool)));
    if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt ${quote(ref.name)}: prompts/list names them.`);
    kind = prompt.arguments.some((a) => a.name === argument.name) ? PROMPT_ARGUMENTS[argument.name] : undefined;
  }
  // Names come only from a list tool this request is offered: a narrowing that leaves analytics out reveals no roster.
  if (!kind || !s.catalogue.offered.has(SOURCES[kind].tool)) return { completion: { values: [], total: 0, hasMore: false } };
  return { completion: { ...complete(await listOf(s, kind), argument.value.slice(0, 200)) } };
}

/** Workspace objects listed in resources/list, per page: the most the spec's clients expect at once. */
export const LIST_PAGE = MAX_VALUES;

/** The objects listed, by the templates offered: courses and groups (the Connector API lists no assignments). */
async function listedObjects(s: ObjectServing): Promise<Resource[]> {
  const out: Resource[] = [];
  for (const t of OBJECT_TEMPLATES) {
    if (!t.index || t.kind === 'learner' || !s.catalogue.offered.has(t.tool) || !s.catalogue.offered.has(SOURCES[t.index].tool)) continue;
    try {
      const list = await listOf(s, t.index);
      for (const o of list.objects) out.push(objectResource(t, o));
    } catch (err) {
      // The reference and views stay listed when a list of objects cannot be read (a credential without analytics).
      log('warn', 'workspace objects not listed', { kind: t.kind, error: String((err as Error).message ?? err).slice(0, 300) });
    }
  }
  return out;
}

function objectResource(t: TemplateRow, o: NamedObject): Resource {
  return {
    uri: uriOf(t, o.id),
    name: o.name,
    title: `${t.title}: ${o.name}`,
    description: t.description,
    mimeType: 'application/json',
    _meta: { [UNTRUSTED_META]: ['name', 'title'] },
  };
}

/**
 * resources/list: the server's own resources, then the workspace's courses and groups by name, LIST_PAGE
 * a page with `nextCursor` (the offset of the next page, opaque to clients).
 */
export async function listWithObjects(
  s: ObjectServing,
  own: Resource[],
  cursor: string | undefined,
  pageSize = LIST_PAGE,
): Promise<{ resources: Resource[]; nextCursor?: string; ttlMs?: number; cacheScope?: 'private' }> {
  const start = cursor === undefined ? 0 : offsetOf(cursor);
  const all = [...own, ...(await listedObjects(s))];
  const end = start + pageSize;
  return {
    resources: all.slice(start, end),
    ...(end < all.length ? { nextCursor: Buffer.from(`o:${end}`).toString('base64url') } : {}),
    ...(all.length > own.length ? cacheFields(s.ctx, LIST_TTL_MS) : {}),
  };
}

function offsetOf(cursor: string): number {
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid cursor: pass the nextCursor of the previous resources/list as it came.',
    );
  return Number(m[1]);
}
