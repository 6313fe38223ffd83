import type { RedisTarget } from '../../config/redis.js';
import type { StoreReport } from '../../jobs/record.js';
import type { RedisClient } from '../../jobs/redis-client.js';
import { ClientGone, HttpError } from './errors.js';

/** Tool calls per window, per caller. */
export interface RateLimitSpec {
  calls: number;
  windowS: number;
  /** When the shared count cannot be read: let calls go on (counted in this process meanwhile), or refuse them. */
  onStoreFailure: 'open' | 'closed';
  /** Counts shared by replicas, in the job store's Redis (any topology); in this process without. */
  redis?: RedisTarget | undefined;
  /** Counts each store failure, by what the call got (a metric, when telemetry is on). */
  storeFailed?: ((outcome: 'allowed' | 'refused') => void) | undefined;
  /** Counts each request refused with 429 (a metric, when telemetry is on). */
  refused?: (() => void) | undefined;
}

/** Consumes `n` calls of a caller's allowance, or refuses with 429 and when to come back. */
export type RateLimit = {
  consume(callerHash: string, n: number, signal?: AbortSignal): Promise<void>;
  /** The shared count's store: answering, or not (calls then go on or are refused, as set). */
  state(): StoreReport | undefined;
  close(): Promise<void>;
};

/**
 * A count answers within this once its connection is up, or the store is taken as failing. Setting up a
 * connection (TCP, TLS, AUTH, the ready check) is not in it: on a cluster on TLS with the host loaded, the
 * first count sent to a node took 0.1 to 0.9 s that way, and fell back to the process's count.
 */
const STORE_TIMEOUT_MS = 500;
/** How long after the start calls wait for the count's store before going on without it. */
const CONNECT_HEAD_START_MS = 1_000;
/** After a failure, the store is left alone this long: a stalled Redis must not slow every call. */
const STORE_BACKOFF_MS = 1_000;

/**
 * Per-caller limit on tool calls (the requests that reach the workspace), with rate-limiter-flexible:
 * in memory, or in Redis so replicas share one count. Other callers are never affected. Loaded only
 * when a limit is set.
 */
export async function createRateLimit(spec: RateLimitSpec): Promise<RateLimit> {
  const { default: rlf } = await import('rate-limiter-flexible');
  const options = { points: spec.calls, duration: spec.windowS, keyPrefix: 'lw:rate' };
  const limit = `${spec.calls} tool calls per ${spec.windowS === 60 ? 'minute' : `${spec.windowS} s`}`;
  const consumeIn: Consume = async (limiter, key, n) => {
    try {
      await limiter.consume(key, n);
    } catch (err) {
      if (err instanceof Error) throw err;
      spec.refused?.();
      const res = err as { msBeforeNext?: number; consumedPoints?: number };
      const wait = Math.max(1, Math.ceil((res.msBeforeNext ?? 1000) / 1000));
      if (n === 1)
        throw new HttpError(
          429,
          -32000,
          `Too many tool calls: this server allows ${limit} per caller (--rate-limit). Retry in ${wait} s.`,
          { 'retry-after': String(wait) },
        );
      // Several calls at once (a batch) are refused whole and cost nothing: what was left stays left.
      await limiter.reward(key, n).catch(() => undefined);
      const left = Math.max(0, spec.calls - ((res.consumedPoints ?? n) - n));
      const split = n > spec.calls ? ` Split it: at most ${spec.calls} calls fit in one window.` : ` Retry in ${wait} s, or send fewer.`;
      throw new HttpError(
        429,
        -32000,
        `Too many tool calls: this request holds ${n}, and ${left} of the ${limit} this server allows per caller (--rate-limit) are left; nothing was sent.${split}`,
        {
          'retry-after': String(wait),
        },
      );
    }
  };
  const memory = new rlf.RateLimiterMemory(options);
  if (!spec.redis) return { consume: (key, n) => consumeIn(memory, key, n), state: () => undefined, close: async () => undefined };
  const shared = await sharedCount(
    { ...spec, redis: spec.redis },
    (redis) => new rlf.RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true }),
    memory,
    consumeIn,
  );
  return {
    async consume(key, n, signal) {
      if (!signal) return shared.count(key, n);
      if (signal.aborted) throw new ClientGone('the client went away while its call was being counted');
      // A client that goes away while the count is read is not served once it answers.
      let stop: () => void = () => undefined;
      const gone = new Promise<never>((_, reject) => {
        stop = () => reject(new ClientGone('the client went away while its call was being counted'));
        signal.addEventListener('abort', stop, { once: true });
      });
      try {
        await Promise.race([shared.count(key, n), gone]);
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
    state: shared.state,
    close: async () => shared.close(),
  };
}

type Limiter = { consume(key: string, n: number): Promise<unknown>; reward(key: string, n: number): Promise<unknown> };
type Consume = (limiter: Limiter, key: string, n: number) => Promise<void>;

/**
 * The count shared in Redis, with a Redis client of its own (short timeouts, JSON logs); when Redis fails,
 * the call goes on counted in this process (open) or is refused (closed), as set.
 */
async function sharedCount(
  spec: RateLimitSpec & { redis: RedisTarget },
  limiterOn: (redis: RedisClient) => Limiter,
  memory: Limiter,
  consumeIn: Consume,
): Promise<{ count(key: string, n: number): Promise<void>; state(): StoreReport; close(): void }> {
  const { connectedToEveryNode, createClient, faultOf, StoreHealth, watchClient } = await import('../../jobs/redis-client.js');
  // A client of its own, of the job store's topology: on a cluster each caller's count is one key, so its
  // script runs on the node that holds it. Its commands (a connection's setup among them) have the client's
  // usual timeout; a count has its own, shorter one. Every node's connection is opened at once, so a count
  // does not wait for one, and the store is reached (/readyz) once all are up.
  const redis = createClient(spec.redis, 'lw-rate');
  const health = new StoreHealth('rate limit');
  watchClient(redis, health, 'rate limit', true);
  // Not waited for: a Redis that is not up yet is retried with a back-off, and calls meanwhile go on or are
  // refused, as set. Calls in the first second wait for it, so a Redis that is up counts from the first call.
  redis.connect().catch(() => undefined);
  const headStartUntil = Date.now() + CONNECT_HEAD_START_MS;
  const shared = limiterOn(redis);
  let skipUntil = 0;

  /** A failed count (`err`), or one not tried: the client is away, and its own failures are logged already. */
  const storeFailed = (err?: unknown): void => {
    skipUntil = Date.now() + STORE_BACKOFF_MS;
    const allowed = spec.onStoreFailure === 'open';
    spec.storeFailed?.(allowed ? 'allowed' : 'refused');
    const calls = allowed ? 'let through, counted in this process meanwhile' : 'refused meanwhile (--rate-limit-store-failure closed)';
    if (err !== undefined) health.failed(faultOf(err), { calls });
    if (!allowed) {
      throw new HttpError(
        503,
        -32000,
        'The call limit (shared in Redis) cannot be checked right now, and this server refuses calls meanwhile (--rate-limit-store-failure closed). Nothing was started or sent to the workspace; retry in 5 s.',
        { 'retry-after': '5' },
      );
    }
  };

  return {
    async count(key, n) {
      if (!connectedToEveryNode(redis) && Date.now() < headStartUntil) await health.reachedWithin(headStartUntil - Date.now());
      if (Date.now() < skipUntil || redis.status !== 'ready') {
        storeFailed();
        return consumeIn(memory, key, n);
      }
      try {
        await within(STORE_TIMEOUT_MS, consumeIn(shared, key, n));
        health.answered();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        storeFailed(err);
        return consumeIn(memory, key, n);
      }
    },
    state: () => health.state(redis.status === 'ready', STORE_BACKOFF_MS),
    close: () => redis.disconnect(),
  };
}

/** The count, or a failure once `ms` passed (the command may still land in Redis, counted twice then). */
function within(ms: number, count: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Command timed out: the count did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([count, late]).finally(() => clearTimeout(timer));
}
