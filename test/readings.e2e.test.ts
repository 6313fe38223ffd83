// The readings of lists served in parts, in the Redis store replicas share: one replica's reading is the
// next part's on another, and it is gone when its time is up.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { redisTarget } from '../src/config/redis.js';
import { RedisJobStore } from '../src/jobs/redis-store.js';
import { ListCaps } from '../src/mcp/list-caps.js';
import type { Upstream } from '../src/call/upstream.js';
import { tools } from '../tools/index.js';
import { startRedis, type RedisProcess } from './helpers.js';
import { missingPrograms, needPrograms } from './programs.js';

let redis: RedisProcess | undefined;
let a: RedisJobStore;
let b: RedisJobStore;

// Outside CI a machine without redis-server skips these tests (saying what to install); with CI set, they fail.
beforeEach((ctx) => needPrograms(ctx, 'redis-server'));
beforeAll(async () => {
  if (missingPrograms('redis-server').length > 0) return;
  redis = await startRedis();
  const target = redisTarget({ WORKSPACE_REDIS_URL: redis.url })!;
  a = RedisJobStore.open(target, { keepMs: 60_000, quickKeepMs: 30_000 }, 'replica-a');
  b = RedisJobStore.open(target, { keepMs: 60_000, quickKeepMs: 30_000 }, 'replica-b');
});
afterAll(async () => {
  if (!redis) return;
  await a.close();
  await b.close();
  await redis.stop();
});

test("a reading kept by one replica is read by another, whole; another list's key finds nothing", async () => {
  const reading = JSON.stringify({ data: { students: Array.from({ length: 5_000 }, (_, i) => ({ n: i })) }, flags: {} });
  await a.putReading('caller-list-1', reading, 60_000);
  expect(await b.getReading('caller-list-1')).toBe(reading);
  expect(await b.getReading('caller-list-2')).toBeUndefined();
});

test('a reading is gone once its time is up', async () => {
  await a.putReading('short', 'x', 50);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await b.getReading('short')).toBeUndefined();
});

test('the readings stay within their budget: past it the soonest to expire go first, each key with its size', async () => {
  const target = redisTarget({ WORKSPACE_REDIS_URL: redis!.url })!;
  const small = RedisJobStore.open(target, { keepMs: 60_000, quickKeepMs: 30_000 }, 'replica-small', undefined, 250);
  try {
    await small.putReading('budget-1', 'a'.repeat(100), 10_000);
    await small.putReading('budget-2', 'b'.repeat(100), 20_000);
    await small.putReading('budget-3', 'c'.repeat(100), 30_000);
    expect(await small.getReading('budget-1')).toBeUndefined();
    expect(await small.getReading('budget-2')).toBe('b'.repeat(100));
    expect(await small.getReading('budget-3')).toBe('c'.repeat(100));
  } finally {
    await small.close();
  }
});

test('a cap one replica learned (a list short of the total its workspace states) is known to another: a list of exactly that many rows may go on there', async () => {
  const upstream = { workspace: () => 'https://capped.test' } as unknown as Upstream;
  const ctx = { signal: new AbortController().signal, keepAliveMs: 10_000 };
  const byName = (name: string) => tools.find((t) => t.name === name)!;
  const assignment = { assignment: { totalAssignees: 800, assignedUsers: [] } };
  expect(await new ListCaps(a).flags(byName('assignments_get'), assignment, 500, upstream, ctx)).toEqual({ mayGoOn: true, cap: 500 });
  const there = new ListCaps(b);
  expect(await there.flags(byName('analytics_needs_attention'), { students: [] }, 500, upstream, ctx)).toEqual({ mayGoOn: true, cap: 500 });
  expect(await there.flags(byName('analytics_needs_attention'), { students: [] }, 499, upstream, ctx)).toEqual({});
});
