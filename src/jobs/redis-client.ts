import type { Redis } from 'ioredis';
import { log } from '../telemetry/log.js';

// The connection settings and the logging every Redis client of the server shares (the job store, the
// rate limit): fail fast while Redis is away rather than queue calls behind it, and say so in JSON.

/** Every command on a call's path answers within this, or the call is told the store is unavailable. */
const COMMAND_TIMEOUT_MS = 2_000;
/** A failure is logged at most this often per connection (Redis down means one a reconnect). */
const LOG_EVERY_MS = 10_000;

/** The options of both connections: fail fast while Redis is away, rather than queue calls behind it. */
export function redisOptions(name: string) {
  return {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: 5_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
  };
}

/** Logs a connection's failures through the server's JSON log, once per LOG_EVERY_MS with a count. */
export function logFailures(redis: Redis, what: string, onFailure: () => void = () => undefined): void {
  let last = 0;
  let unlogged = 0;
  redis.on('error', (err: Error) => {
    onFailure();
    unlogged++;
    if (Date.now() - last < LOG_EVERY_MS) return;
    log('warn', `${what}: Redis failed`, { error: err.message, failures: unlogged });
    last = Date.now();
    unlogged = 0;
  });
  redis.on('ready', () => {
    if (last > 0) log('info', `${what}: Redis answers again`);
  });
}
