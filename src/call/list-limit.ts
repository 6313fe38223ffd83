import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from './context.js';
import { ToolError } from './errors.js';
import { invoke } from './invoke.js';
import type { Upstream } from './upstream.js';

/** A refused limit is halved at most this many times (100,000 reaches 1 in 17). */
const MAX_TRIES = 18;
/**
 * Bytes of answer allowed per row asked for, when a list is read with a large limit: the upstream's own cap
 * (WORKSPACE_MAX_RESPONSE_BYTES, 16 MiB) is for one answer of any tool, too small for a whole list of
 * 100,000 learners (about 23 MB); a row of the largest lists is about 230 bytes.
 */
export const LIST_ROW_BYTES = 640;

/** The largest answer a list read asking for `rows` rows takes: the upstream's cap, or more for a long list. */
export const listMaxBytes = (rows: number, upstream: Upstream): number => Math.max(upstream.maxResponseBytes, rows * LIST_ROW_BYTES);

/** The route a learned limit is kept under: the workspace's hosts, the API and the path. */
export const routeKey = (def: ToolDef, upstream: Upstream) => `${[...upstream.hosts()].sort().join(',')} ${def.api} ${def.path}`;

/** The smaller limit to ask for after `asked` was refused: a number the workspace named below it, else half. */
export function smallerLimit(refusal: ToolError, asked: number): number {
  const words = [refusal.message, ...Object.values(refusal.fieldErrors ?? {}).flat()].join(' ');
  const named = [...words.matchAll(/\d[\d,_]*/g)].map((m) => Number(m[0].replace(/[,_]/g, ''))).filter((n) => n >= 1 && n < asked);
  return named.length > 0 ? Math.max(...named) : Math.max(1, Math.floor(asked / 2));
}

/** Whether the workspace refused the request for its `limit` (a validation error naming that field). */
export function refusesLimit(err: unknown): err is ToolError {
  if (!(err instanceof ToolError) || err.code !== 'UPSTREAM_INVALID') return false;
  const fields = Object.keys(err.fieldErrors ?? {});
  return fields.length > 0 ? fields.some((f) => f === 'limit' || f.endsWith('.limit')) : /\blimit\b/i.test(err.message);
}

/** What a reading with a limit gave: the answer, and the limit the workspace took. */
export interface LimitedReading {
  data: Record<string, unknown>;
  asked: number;
}

/**
 * Reads a list asking for `wanted` rows (or fewer, when this workspace is known to refuse as many): a
 * workspace that refuses the limit is asked again with a smaller one, and the largest it took is remembered.
 */
export async function readWithLimit(
  def: ToolDef,
  input: Record<string, unknown>,
  wanted: number,
  upstream: Upstream,
  ctx: CallContext,
): Promise<LimitedReading> {
  const key = routeKey(def, upstream);
  const accepted = upstream.acceptedLimits;
  let asked = Math.min(wanted, accepted.get(key) ?? wanted);
  for (let tries = 0; ; tries++) {
    try {
      const data = await invoke(def, { ...input, limit: asked }, upstream, ctx, listMaxBytes(asked, upstream));
      if (asked < wanted) remember(accepted, key, asked);
      return { data, asked };
    } catch (err) {
      if (!refusesLimit(err) || asked <= 1 || tries >= MAX_TRIES) throw err;
      asked = smallerLimit(err, asked);
    }
  }
}

/** Later readings of the route ask for no more than it took. */
function remember(accepted: Upstream['acceptedLimits'], key: string, limit: number): void {
  const known = accepted.get(key);
  if (known === undefined || known < limit) accepted.set(key, limit);
}
