import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { invoke } from '../call/invoke.js';
import type { Upstream } from '../call/upstream.js';
import type { ReadingStore } from '../jobs/record.js';
import { log } from '../telemetry/log.js';
import { valueAt, type ListFlags } from './fit.js';

/** How long a cap a workspace revealed is remembered (in the store, so every replica knows it). */
export const CAP_KEEP_MS = 24 * 60 * 60_000;
/** How long a total stated by another tool (analytics_hero's learners) is taken as it is. */
export const TOTAL_KEEP_MS = 60_000;
/** Workspaces whose cap or stated total one process keeps at hand (one per workspace served). */
const AT_HAND = 100;

/**
 * Whether a list may go on although it is shorter than the limit asked: a workspace may stop a list at a
 * number of rows of its own without a word (the API document states no maximum). Where the workspace states
 * a total (ToolDef.statedTotal), a list short of it may go on, and the number it stopped at is learned as
 * the workspace's cap, in the store shared by replicas: any later list of exactly that many rows may go on too.
 */
export class ListCaps {
  private readonly caps = new LRUCache<string, number>({ max: AT_HAND });
  private readonly totals = new LRUCache<string, Promise<number | undefined>>({ max: AT_HAND, ttl: TOTAL_KEEP_MS });

  constructor(private readonly store: ReadingStore) {}

  /**
   * What is known of a list that gave `returned` rows, fewer than it asked for: whole, or it may go on at
   * the workspace's cap. A list read while another reveals the cap (side by side) may miss it: it is learned
   * when the reading that reveals it ends.
   */
  async flags(def: ToolDef, data: Record<string, unknown>, returned: number, upstream: Upstream, call: CallContext): Promise<ListFlags> {
    const workspace = workspaceKey(upstream);
    const cap = await this.capOf(workspace);
    if (cap !== undefined && returned === cap) return { mayGoOn: true, cap };
    const total = await this.totalOf(def, data, workspace, upstream, call);
    if (total === undefined || returned >= total) return {};
    if (returned > 0) await this.learn(workspace, returned);
    return { mayGoOn: true, cap: returned };
  }

  /**
   * Whether a list that gave as many rows as it asked for is whole all the same: the workspace states a total
   * and it gave exactly that many (100,000 learners read with a limit of 100,000). A learned cap of that size
   * leaves the doubt.
   */
  async isWhole(def: ToolDef, data: Record<string, unknown>, returned: number, upstream: Upstream, call: CallContext): Promise<boolean> {
    const workspace = workspaceKey(upstream);
    if ((await this.capOf(workspace)) === returned) return false;
    return (await this.totalOf(def, data, workspace, upstream, call)) === returned;
  }

  private async capOf(workspace: string): Promise<number | undefined> {
    const near = this.caps.get(workspace);
    if (near !== undefined) return near;
    const kept = await quietly('list cap', 'read', () => this.store.getReading(capKey(workspace)));
    const cap = kept === undefined ? NaN : Number(kept);
    if (!Number.isInteger(cap) || cap < 1) return undefined;
    this.caps.set(workspace, cap);
    return cap;
  }

  private async learn(workspace: string, cap: number): Promise<void> {
    this.caps.set(workspace, cap);
    log('info', 'list cap learned', { cap });
    await quietly('list cap', 'write', () => this.store.putReading(capKey(workspace), String(cap), CAP_KEEP_MS));
  }

  /** The total the workspace states for this list: in its answer, or in another tool's (read once a minute). */
  private totalOf(
    def: ToolDef,
    data: Record<string, unknown>,
    workspace: string,
    upstream: Upstream,
    call: CallContext,
  ): Promise<number | undefined> {
    const stated = def.statedTotal;
    if (!stated) return Promise.resolve(undefined);
    if (stated.tool === undefined) return Promise.resolve(countAt(data, stated.path));
    const key = `${workspace} ${stated.tool}`;
    const near = this.totals.get(key);
    if (near) return near;
    // The tool table is loaded on first use, as the catalogue loads it.
    const total = import('../../tools/index.js')
      .then(({ tools }) =>
        invoke(
          tools.find((t) => t.name === stated.tool)!,
          {},
          upstream,
          call,
        ),
      )
      .then(
        (answer) => countAt(answer, stated.path),
        // A total that cannot be read says nothing: the list is taken as it came, as before this check.
        (err: unknown) => {
          log('info', 'stated total not read', { tool: stated.tool, error: (err as Error)?.message ?? String(err) });
          this.totals.delete(key);
          return undefined;
        },
      );
    this.totals.set(key, total);
    return total;
  }
}

/** A count at a dot path of an answer, when it is one. */
function countAt(data: unknown, path: string): number | undefined {
  const value = valueAt(data, path);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Which workspace: its APIs' origins (one cap for all its lists, whoever asks). */
const workspaceKey = (upstream: Upstream) => upstream.workspace();

const capKey = (workspace: string) => `list-cap:${createHash('sha256').update(workspace).digest('hex')}`;

/**
 * A step on the store of what lists are known by (their caps, their readings): one that fails costs what it
 * would have kept (a cap learned, a reading read again, and said so), never the call.
 */
export async function quietly<T>(what: string, step: 'read' | 'write', run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    log('warn', `${what} store failed`, { step, error: (err as Error)?.message ?? String(err) });
    return undefined;
  }
}
