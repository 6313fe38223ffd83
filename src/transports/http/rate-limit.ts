import type { Redis } from 'ioredis';
import { HttpError } from './errors.js';

/** Tool calls per window, per caller. */
export interface RateLimitSpec {
  calls: number;
  windowS: number;
  /** Counts shared by replicas, in the job store's Redis; in this process without. */
  redisUrl?: string | undefined;
}

/** Consumes `n` calls of a caller's allowance, or refuses with 429 and when to come back. */
export type RateLimit = { consume(callerHash: string, n: number): Promise<void>; close(): Promise<void> };

/**
 * Per-caller limit on tool calls (the requests that reach the workspace), with rate-limiter-flexible:
 * in memory, or in Redis so replicas share one count. Other callers are never affected. Loaded only
 * when a limit is set.
 */
export async function createRateLimit(spec: RateLimitSpec): Promise<RateLimit> {
  const { default: rlf } = await import('rate-limiter-flexible');
  const options = { points: spec.calls, duration: spec.windowS, keyPrefix: 'lw:rate' };
  let redis: Redis | undefined;
  let limiter;
  if (spec.redisUrl) {
    // Through the default export: the bundle's chunk of a CommonJS package has no other.
    const { default: ioredis } = await import('ioredis');
    redis = new ioredis.Redis(spec.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    // Connected before the first request is counted; later outages answer 503 rather than pass unlimited.
    await redis.connect();
    limiter = new rlf.RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true });
  } else {
    limiter = new rlf.RateLimiterMemory(options);
  }
  const limit = `${spec.calls} tool calls per ${spec.windowS === 60 ? 'minute' : `${spec.windowS} s`}`;
  return {
    async consume(callerHash, n) {
      try {
        await limiter.consume(callerHash, n);
      } catch (err) {
        if (err instanceof Error) throw new HttpError(503, -32000, 'The call limit cannot be checked right now; retry shortly.', { 'retry-after': '5' });
        const wait = Math.max(1, Math.ceil(((err as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000));
        throw new HttpError(429, -32000, `Too many tool calls: this server allows ${limit} per caller (--rate-limit). Retry in ${wait} s.`, { 'retry-after': String(wait) });
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
