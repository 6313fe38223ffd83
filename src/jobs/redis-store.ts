import { Redis } from 'ioredis';
import { log } from '../telemetry/log.js';
import type { JobOutcome, JobRecord, JobStore, Retention } from './record.js';

// Jobs shared by replicas in Redis. A job is a hash (its status a field of its own, so the scripts that
// change it never parse the JSON of its result); a running job's key points at its id; every end is
// published, so a replica waiting on a job is woken, and every cancel too, so the replica running it stops.

const PREFIX = 'lw:';
const ENDED = `${PREFIX}jobs:ended`;
const CANCELLED = `${PREFIX}jobs:cancel`;
/** A running job, and its key, are kept this long at most: a job is never waited on longer. */
const RUNNING_TTL_MS = 24 * 3_600_000;
/** A replica renews its presence this often; it is taken for dead after PRESENCE_TTL_MS without. */
const PRESENCE_EVERY_MS = 5_000;
const PRESENCE_TTL_MS = 15_000;
/** The most jobs of one caller that tasks/list reads. */
const LIST_MAX = 100;

const jobKey = (id: string) => `${PREFIX}job:${id}`;
const runningKey = (key: string) => `${PREFIX}jobkey:${key}`;
const ownerKey = (owner: string) => `${PREFIX}owner:${owner}`;
const replicaKey = (replica: string) => `${PREFIX}replica:${replica}`;

/** KEYS: running key, new job, owner's list. ARGV: id, ttl, score, then the job's fields. Gives [joined, id]. */
const CLAIM = `
local existing = redis.call('GET', KEYS[1])
if existing and redis.call('HGET', '${PREFIX}job:' .. existing, 'status') == 'running' then return {1, existing} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('HSET', KEYS[2], unpack(ARGV, 4))
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return {0, ARGV[1]}`;

/** KEYS: job. ARGV: fields to set while it runs. */
const UPDATE = `
if redis.call('HGET', KEYS[1], 'status') == 'running' then redis.call('HSET', KEYS[1], unpack(ARGV)) end
return 0`;

/**
 * Ends a running job. KEYS: job, running key. ARGV: id, keep ms if handed off, keep ms otherwise,
 * channel(s) to publish on, then the fields. Gives the job's fields as they end up.
 */
const FINISH = `
if redis.call('HGET', KEYS[1], 'status') == 'running' then
  redis.call('HSET', KEYS[1], unpack(ARGV, 6))
  local keep = ARGV[3]
  if redis.call('HGET', KEYS[1], 'handedOff') == '1' then keep = ARGV[2] end
  if tonumber(keep) > 0 then redis.call('PEXPIRE', KEYS[1], keep) else redis.call('PEXPIRE', KEYS[1], 1) end
  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
  redis.call('PUBLISH', ARGV[4], ARGV[1])
  if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[1]) end
end
return redis.call('HGETALL', KEYS[1])`;

type Scripts = {
  lwClaim(...args: (string | number)[]): Promise<[number, string]>;
  lwUpdate(...args: (string | number)[]): Promise<number>;
  lwFinish(...args: (string | number)[]): Promise<string[]>;
};

function fields(job: Partial<JobRecord>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(job)) {
    if (v === undefined) continue;
    if (k === 'handedOff') out.push(k, v ? '1' : '0');
    else if (k === 'result' || k === 'error') out.push(k, JSON.stringify(v));
    else out.push(k, String(v));
  }
  return out;
}

function record(flat: string[] | Record<string, string>): JobRecord | undefined {
  const h: Record<string, string> = Array.isArray(flat) ? Object.fromEntries(flat.flatMap((_, i) => (i % 2 === 0 ? [[flat[i]!, flat[i + 1]!]] : []))) : flat;
  if (!h['id'] || !h['status']) return undefined;
  return {
    id: h['id'],
    tool: h['tool'] ?? '',
    owner: h['owner'] ?? '',
    key: h['key'] ?? '',
    status: h['status'] as JobRecord['status'],
    startedAt: h['startedAt'] ?? '',
    finishedAt: h['finishedAt'],
    progress: h['progress'],
    handedOff: h['handedOff'] === '1',
    replica: h['replica'] ?? '',
    result: h['result'] ? (JSON.parse(h['result']) as JobRecord['result']) : undefined,
    error: h['error'] ? (JSON.parse(h['error']) as JobRecord['error']) : undefined,
  };
}

export class RedisJobStore implements JobStore {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly cancelListeners: ((id: string) => void)[] = [];
  private readonly presence: NodeJS.Timeout;

  private constructor(
    private readonly redis: Redis & Scripts,
    private readonly subscriber: Redis,
    private readonly retention: Retention,
    private readonly replica: string,
  ) {
    subscriber.on('message', (channel: string, id: string) => {
      if (channel === CANCELLED) for (const listener of this.cancelListeners) listener(id);
      if (channel === ENDED) for (const wake of this.waiters.get(id) ?? []) wake();
    });
    const renew = () => void this.redis.set(replicaKey(replica), '1', 'PX', PRESENCE_TTL_MS).catch((err: unknown) => log('warn', 'job store: presence not renewed', { error: String(err) }));
    renew();
    this.presence = setInterval(renew, PRESENCE_EVERY_MS).unref();
  }

  /** Connects both connections (commands, and the subscription to ends and cancels), or fails saying why. */
  static async connect(url: string, retention: Retention, replica: string): Promise<RedisJobStore> {
    const options = { lazyConnect: true, connectTimeout: 5_000, commandTimeout: 5_000, maxRetriesPerRequest: 1 };
    const redis = new Redis(url, options) as Redis & Scripts;
    const subscriber = new Redis(url, { ...options, commandTimeout: undefined });
    for (const r of [redis, subscriber]) r.on('error', (err: Error) => log('warn', 'job store (Redis)', { error: err.message }));
    redis.defineCommand('lwClaim', { numberOfKeys: 3, lua: CLAIM });
    redis.defineCommand('lwUpdate', { numberOfKeys: 1, lua: UPDATE });
    redis.defineCommand('lwFinish', { numberOfKeys: 2, lua: FINISH });
    try {
      await Promise.all([redis.connect(), subscriber.connect()]);
      await subscriber.subscribe(ENDED, CANCELLED);
    } catch (err) {
      redis.disconnect();
      subscriber.disconnect();
      throw new Error(`WORKSPACE_REDIS_URL: cannot reach the job store (${(err as Error).message})`, { cause: err });
    }
    return new RedisJobStore(redis, subscriber, retention, replica);
  }

  async claim(key: string, job: JobRecord): Promise<{ record: JobRecord; joined: boolean }> {
    const [joined, id] = await this.redis.lwClaim(runningKey(key), jobKey(job.id), ownerKey(job.owner), job.id, RUNNING_TTL_MS, Date.now(), ...fields(job));
    if (joined === 0) return { record: job, joined: false };
    const existing = await this.get(id);
    // Ended between the two reads: start afresh.
    return existing && existing.status === 'running' ? { record: existing, joined: true } : this.claim(key, job);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return record(await this.redis.hgetall(jobKey(id)));
  }

  async update(id: string, patch: Partial<Pick<JobRecord, 'progress' | 'handedOff'>>): Promise<void> {
    const set = fields(patch);
    if (set.length > 0) await this.redis.lwUpdate(jobKey(id), ...set);
  }

  async finish(id: string, outcome: JobOutcome): Promise<JobRecord | undefined> {
    return this.end(id, { ...outcome, finishedAt: new Date().toISOString() }, '');
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    return this.end(id, { status: 'cancelled', finishedAt: new Date().toISOString() }, CANCELLED);
  }

  private async end(id: string, set: Partial<JobRecord>, alsoPublish: string): Promise<JobRecord | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const flat = await this.redis.lwFinish(jobKey(id), runningKey(current.key), id, this.retention.keepMs, this.retention.quickKeepMs, ENDED, alsoPublish, ...fields(set));
    return record(flat);
  }

  async waitForEnd(id: string, ms: number, first?: (job: JobRecord) => Promise<'wait' | 'stop'>): Promise<JobRecord | undefined> {
    // The waiter is in place before the read, so an end published in between is not missed.
    let wake: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (wake = resolve));
    const set = this.waiters.get(id) ?? new Set();
    this.waiters.set(id, set);
    set.add(wake);
    try {
      const job = await this.get(id);
      if (!job || job.status !== 'running' || ms <= 0) return job;
      if (first && (await first(job)) === 'stop') return job;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
      return await this.get(id);
    } finally {
      set.delete(wake);
      if (set.size === 0) this.waiters.delete(id);
    }
  }

  onCancel(listener: (id: string) => void): void {
    this.cancelListeners.push(listener);
  }

  async list(owner: string): Promise<JobRecord[]> {
    const ids = await this.redis.zrevrange(ownerKey(owner), 0, LIST_MAX - 1);
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(jobKey(id));
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([, h]) => record(h as Record<string, string>)).filter((j): j is JobRecord => j !== undefined && j.owner === owner);
  }

  async replicaAlive(replica: string): Promise<boolean> {
    return (await this.redis.exists(replicaKey(replica))) === 1;
  }

  async close(): Promise<void> {
    clearInterval(this.presence);
    await this.redis.del(replicaKey(this.replica)).catch(() => undefined);
    this.redis.disconnect();
    this.subscriber.disconnect();
  }
}
