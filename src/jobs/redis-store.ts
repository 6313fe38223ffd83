// The default export: the bundle's chunk of a CommonJS package has no named ones.
import ioredis, { type Redis } from 'ioredis';
import { errorResult, ToolError } from '../call/errors.js';
import { log } from '../telemetry/log.js';
import { logFailures, redisOptions } from './redis-client.js';
import {
  StoreUnavailable,
  type Claim,
  type Doubt,
  type JobOutcome,
  type JobRecord,
  type JobStore,
  type Liveness,
  type Retention,
} from './record.js';

// Jobs shared by replicas in Redis. A job is a hash (its status a field of its own, so the scripts that
// change it never parse the JSON of its result); a running job's key points at its id; every end is
// published, so a replica waiting on a job is woken, and every cancel too, so the replica running it stops.
//
// Redis fails the way every deployment does: it stalls, restarts, fails over, loses its data. So every
// command has a short timeout; a replica writes back the records of the jobs it runs when the store lost
// them (an epoch key tells a store that came back empty, and claims wait a moment after it so the
// write-back comes first); and a replica is judged gone only by a replica whose store has answered
// steadily for longer than a presence lasts, so an outage never passes for a death.

const PREFIX = 'lw:';
const ENDED = `${PREFIX}jobs:ended`;
const CANCELLED = `${PREFIX}jobs:cancel`;
const EPOCH = `${PREFIX}epoch`;
/** A running job, and its key, are kept this long at most: a job is never waited on longer. */
const RUNNING_TTL_MS = 24 * 3_600_000;
/** How often a replica renews its presence and checks that the store still has its running jobs. */
const TICK_MS = 2_000;
/** A replica is taken for gone this long after its last renewal. */
const PRESENCE_TTL_MS = 15_000;
/** How long a store must have answered without a failure before this replica judges another one gone. */
const STEADY_MS = PRESENCE_TTL_MS;
/** Claims wait this long after a store came back empty, so the replicas write their running jobs back first. */
const RESTORE_WINDOW_MS = 3_000;
/** A command waits this long at most for a connection that is being made again. */
const RECONNECT_WAIT_MS = 1_500;
/** The most jobs of one caller that tasks/list reads. */
const LIST_MAX = 100;

const jobKey = (id: string) => `${PREFIX}job:${id}`;
const runningKey = (key: string) => `${PREFIX}jobkey:${key}`;
const ownerKey = (owner: string) => `${PREFIX}owner:${owner}`;
const replicaKey = (replica: string) => `${PREFIX}replica:${replica}`;
const doubtKey = (key: string) => `${PREFIX}doubt:${key}`;

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: running key, new job, owner's list, epoch, doubt. ARGV: id, ttl, score, restore window, over the
 * doubt ('1'), then the job's fields. Gives [1, id] (joined), [2, ms to wait] (the store just came back
 * empty), [3, doubt] (a lost write of this key), or [0, id] (claimed).
 */
const CLAIM = `${NOW}
local epoch = tonumber(redis.call('GET', KEYS[4]))
if not epoch then redis.call('SET', KEYS[4], now) epoch = now end
local existing = redis.call('GET', KEYS[1])
if existing and redis.call('HGET', '${PREFIX}job:' .. existing, 'status') == 'running' then return {1, existing} end
local wait = tonumber(ARGV[4]) - (now - epoch)
if wait > 0 then return {2, tostring(wait)} end
if ARGV[5] == '1' then redis.call('DEL', KEYS[5]) else
  local doubt = redis.call('GET', KEYS[5])
  if doubt then return {3, doubt} end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('HSET', KEYS[2], unpack(ARGV, 6))
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return {0, ARGV[1]}`;

/** KEYS: job. ARGV: fields to set while it runs. */
const UPDATE = `
if redis.call('HGET', KEYS[1], 'status') == 'running' then redis.call('HSET', KEYS[1], unpack(ARGV)) end
return 0`;

/**
 * Ends a job. KEYS: job, running key, owner's list. ARGV: id, keep ms if handed off, keep ms otherwise,
 * channel(s) to publish on, mode, score, then the fields. Mode 'own' (the end from the replica that ran
 * it) also replaces an end judged lost, and writes a job the store lost back whole; 'other' (a cancel, a
 * judgment) ends only a running job. Gives the job's fields as they end up.
 */
const FINISH = `
local status = redis.call('HGET', KEYS[1], 'status')
local own = ARGV[6] == 'own'
if status == 'running' or (own and (not status or redis.call('HGET', KEYS[1], 'lost') == '1')) then
  if not status then redis.call('ZADD', KEYS[3], ARGV[7], ARGV[1]) redis.call('PEXPIRE', KEYS[3], ARGV[2]) end
  redis.call('HSET', KEYS[1], unpack(ARGV, 8))
  local keep = ARGV[3]
  if redis.call('HGET', KEYS[1], 'handedOff') == '1' then keep = ARGV[2] end
  if tonumber(keep) > 0 then redis.call('PEXPIRE', KEYS[1], keep) else redis.call('PEXPIRE', KEYS[1], 1) end
  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
  redis.call('PUBLISH', ARGV[4], ARGV[1])
  if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[1]) end
end
return redis.call('HGETALL', KEYS[1])`;

/**
 * A replica's tick. KEYS: its presence, the epoch, then the jobs it runs. ARGV: presence ttl. Gives the
 * 1-based positions of the jobs the store no longer has.
 */
const KEEP = `${NOW}
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
redis.call('SET', KEYS[2], now, 'NX')
local missing = {}
for i = 3, #KEYS do if redis.call('EXISTS', KEYS[i]) == 0 then table.insert(missing, i - 2) end end
return missing`;

/** Writes back a running job the store lost. KEYS: job, running key, owner's list. ARGV: id, ttl, score, fields. */
const RESTORE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local holder = redis.call('GET', KEYS[2])
if not holder or redis.call('HGET', '${PREFIX}job:' .. holder, 'status') ~= 'running' then redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2]) end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 1`;

/** KEYS: a replica's presence, the epoch. Gives [present, ms since the store came back empty]. */
const PRESENCE = `${NOW}
local epoch = tonumber(redis.call('GET', KEYS[2]))
if not epoch then return {redis.call('EXISTS', KEYS[1]), 0} end
return {redis.call('EXISTS', KEYS[1]), now - epoch}`;

type Scripts = {
  lwClaim(...args: (string | number)[]): Promise<[number, string]>;
  lwUpdate(...args: (string | number)[]): Promise<number>;
  lwFinish(...args: (string | number)[]): Promise<string[]>;
  lwKeep(...args: (string | number)[]): Promise<number[]>;
  lwRestore(...args: (string | number)[]): Promise<number>;
  lwPresence(...args: (string | number)[]): Promise<[number, number]>;
};

function fields(job: Partial<JobRecord>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(job)) {
    if (v === undefined) continue;
    if (typeof v === 'boolean') out.push(k, v ? '1' : '0');
    else if (k === 'result' || k === 'error') out.push(k, JSON.stringify(v));
    else out.push(k, String(v));
  }
  return out;
}

function record(flat: string[] | Record<string, string>): JobRecord | undefined {
  const h: Record<string, string> = Array.isArray(flat)
    ? Object.fromEntries(flat.flatMap((_, i) => (i % 2 === 0 ? [[flat[i]!, flat[i + 1]!]] : [])))
    : flat;
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
    lost: h['lost'] === '1' ? true : undefined,
    result: h['result'] ? (JSON.parse(h['result']) as JobRecord['result']) : undefined,
    error: h['error'] ? (JSON.parse(h['error']) as JobRecord['error']) : undefined,
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => (signal?.removeEventListener('abort', stop), resolve()), ms);
    const stop = () => (clearTimeout(timer), reject(signal!.reason));
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts. */
function within<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

export class RedisJobStore implements JobStore {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly cancelListeners: ((id: string) => void)[] = [];
  private readonly ticker: NodeJS.Timeout;
  private held: () => Iterable<JobRecord> = () => [];
  /** Jobs this replica claimed without learning that it did (the claim timed out): ended as never started. */
  private readonly abandoned = new Set<string>();
  private lastFailure: number;
  private ticking = false;

  private constructor(
    private readonly redis: Redis & Scripts,
    private readonly subscriber: Redis,
    private readonly retention: Retention,
    private readonly replica: string,
  ) {
    this.lastFailure = Date.now();
    subscriber.on('message', (channel: string, id: string) => {
      if (channel === CANCELLED) for (const listener of this.cancelListeners) listener(id);
      if (channel === ENDED) for (const wake of this.waiters.get(id) ?? []) wake();
    });
    redis.on('error', () => this.failed());
    for (const r of [redis, subscriber]) r.on('close', () => this.failed());
    // Back after an outage: the presence and the running jobs are written again at once.
    redis.on('ready', () => void this.tick());
    void this.tick();
    this.ticker = setInterval(() => void this.tick(), TICK_MS).unref();
  }

  /** Connects both connections (commands, and the subscription to ends and cancels), or fails saying why. */
  static async connect(url: string, retention: Retention, replica: string): Promise<RedisJobStore> {
    const redis = new ioredis.Redis(url, redisOptions('lw-jobs')) as Redis & Scripts;
    // The subscription is restored by the client after a reconnect; it needs its queue for that.
    const { commandTimeout: _none, ...subscriberOptions } = redisOptions('lw-jobs-sub');
    const subscriber = new ioredis.Redis(url, { ...subscriberOptions, enableOfflineQueue: true });
    logFailures(redis, 'job store');
    logFailures(subscriber, 'job store (subscription)');
    redis.defineCommand('lwClaim', { numberOfKeys: 5, lua: CLAIM });
    redis.defineCommand('lwUpdate', { numberOfKeys: 1, lua: UPDATE });
    redis.defineCommand('lwFinish', { numberOfKeys: 3, lua: FINISH });
    // Its keys are the replica's running jobs, so each call gives their number first.
    redis.defineCommand('lwKeep', { lua: KEEP });
    redis.defineCommand('lwRestore', { numberOfKeys: 3, lua: RESTORE });
    redis.defineCommand('lwPresence', { numberOfKeys: 2, lua: PRESENCE });
    let first: Error | undefined;
    redis.once('error', (err: Error) => (first ??= err));
    try {
      await Promise.all([redis.connect(), subscriber.connect()]);
      await subscriber.subscribe(ENDED, CANCELLED);
    } catch (err) {
      redis.disconnect();
      subscriber.disconnect();
      const { host, port } = new URL(url);
      throw new Error(
        `WORKSPACE_REDIS_URL: cannot reach the job store at ${host}${port ? '' : ':6379'} (${(first ?? (err as Error)).message}); start Redis or fix the URL`,
        { cause: err },
      );
    }
    return new RedisJobStore(redis, subscriber, retention, replica);
  }

  private failed(): void {
    this.lastFailure = Date.now();
  }

  /** One command on a call's path: within its timeout and the call's signal, or StoreUnavailable. */
  private async step<T>(step: StoreUnavailable['step'], run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    try {
      // Reconnecting (Redis restarted, failing over): the command waits a moment for it, as it would in a queue.
      if (this.redis.status === 'connecting' || this.redis.status === 'reconnecting') await within(this.ready(RECONNECT_WAIT_MS), signal);
      return await within(run(), signal);
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      this.failed();
      throw new StoreUnavailable(step, err);
    }
  }

  /** Resolves once the connection is ready, or after `ms`. */
  private ready(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => (clearTimeout(timer), this.redis.off('ready', done), resolve());
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
    });
  }

  async claim(key: string, job: JobRecord, signal?: AbortSignal, overDoubt = false): Promise<Claim> {
    for (;;) {
      let answer: [number, string];
      try {
        answer = await this.step(
          'claim',
          () =>
            this.redis.lwClaim(
              runningKey(key),
              jobKey(job.id),
              ownerKey(job.owner),
              EPOCH,
              doubtKey(key),
              job.id,
              RUNNING_TTL_MS,
              Date.now(),
              RESTORE_WINDOW_MS,
              overDoubt ? '1' : '0',
              ...fields(job),
            ),
          signal,
        );
      } catch (err) {
        // Sent, but not known to have been carried out: if it was, the job is ended as never started.
        this.abandoned.add(job.id);
        throw err;
      }
      const [outcome, value] = answer;
      if (outcome === 0) return { record: job, joined: false };
      if (outcome === 3) return { doubt: JSON.parse(value) as Doubt };
      if (outcome === 2) {
        await sleep(Number(value), signal);
        continue;
      }
      const existing = await this.get(value);
      // Ended between the two reads: start afresh.
      if (existing && existing.status === 'running') return { record: existing, joined: true };
    }
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return record(await this.step('read', () => this.redis.hgetall(jobKey(id))));
  }

  async update(id: string, patch: Partial<Pick<JobRecord, 'progress' | 'handedOff'>>): Promise<void> {
    const set = fields(patch);
    if (set.length > 0) await this.step('write', () => this.redis.lwUpdate(jobKey(id), ...set));
  }

  async finish(job: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined> {
    const ended: JobRecord = { ...job, ...outcome, lost: outcome.lost ?? false, finishedAt: new Date().toISOString(), progress: undefined };
    return this.end(job, fields(ended), 'own', '');
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    return this.end(current, fields({ status: 'cancelled', finishedAt: new Date().toISOString() }), 'other', CANCELLED);
  }

  private async end(job: JobRecord, set: string[], mode: 'own' | 'other', alsoPublish: string): Promise<JobRecord | undefined> {
    const args = [
      jobKey(job.id),
      runningKey(job.key),
      ownerKey(job.owner),
      job.id,
      this.retention.keepMs,
      this.retention.quickKeepMs,
      ENDED,
      alsoPublish,
      mode,
      Date.parse(job.startedAt) || Date.now(),
    ];
    return record(await this.step('write', () => this.redis.lwFinish(...args, ...set)));
  }

  /** Ends a running job as lost, by another replica's judgment; its own replica may still replace the end. */
  async judgeLost(job: JobRecord, outcome: JobOutcome): Promise<JobRecord | undefined> {
    return this.end(job, fields({ ...outcome, lost: true, finishedAt: new Date().toISOString() }), 'other', '');
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
    const ids = await this.step('read', () => this.redis.zrevrange(ownerKey(owner), 0, LIST_MAX - 1));
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(jobKey(id));
    const replies = (await this.step('read', () => pipeline.exec())) ?? [];
    return replies.map(([, h]) => record(h as Record<string, string>)).filter((j): j is JobRecord => j !== undefined && j.owner === owner);
  }

  async liveness(job: JobRecord): Promise<Liveness> {
    if (job.replica === this.replica) return 'alive';
    // An outage stops every replica's renewals: only a store that has answered steadily since can tell.
    if (Date.now() - this.lastFailure < STEADY_MS || this.redis.status !== 'ready') return 'unsure';
    const [present, sinceEmpty] = await this.step('read', () => this.redis.lwPresence(replicaKey(job.replica), EPOCH));
    if (present === 1) return 'alive';
    return sinceEmpty >= STEADY_MS ? 'gone' : 'unsure';
  }

  hold(jobs: () => Iterable<JobRecord>): void {
    this.held = jobs;
  }

  async clearDoubt(key: string): Promise<void> {
    await this.step('write', () => this.redis.del(doubtKey(key)));
  }

  async setDoubt(key: string, doubt: Doubt): Promise<void> {
    await this.step('write', () => this.redis.set(doubtKey(key), JSON.stringify(doubt), 'PX', this.retention.keepMs));
  }

  state(): 'ready' | 'degraded' {
    return this.redis.status === 'ready' && Date.now() - this.lastFailure > 2 * TICK_MS ? 'ready' : 'degraded';
  }

  /**
   * Renews this replica's presence; writes back the running jobs the store lost (restarted empty, failed
   * over to a copy that lagged, evicted); ends as never started the jobs whose claim timed out.
   */
  private async tick(): Promise<void> {
    if (this.ticking || this.redis.status !== 'ready') return;
    this.ticking = true;
    try {
      const running = [...this.held()].filter((j) => j.status === 'running');
      const missing = await this.redis.lwKeep(
        2 + running.length,
        replicaKey(this.replica),
        EPOCH,
        ...running.map((j) => jobKey(j.id)),
        PRESENCE_TTL_MS,
      );
      for (const position of missing) {
        const job = running[position - 1];
        if (!job) continue;
        await this.redis.lwRestore(
          jobKey(job.id),
          runningKey(job.key),
          ownerKey(job.owner),
          job.id,
          RUNNING_TTL_MS,
          Date.parse(job.startedAt) || Date.now(),
          ...fields(job),
        );
        log('warn', 'job store: a running job was missing and was written back', { job: job.id, tool: job.tool });
      }
      await this.endAbandoned(new Set(running.map((j) => j.id)));
    } catch (err) {
      this.failed();
      // Redis away is logged by the connection; a failure on a live one is worth a line of its own.
      if (this.redis.status === 'ready') log('warn', 'job store: keeping the running jobs failed', { error: String(err) });
    } finally {
      this.ticking = false;
    }
  }

  private async endAbandoned(runningHere: Set<string>): Promise<void> {
    for (const id of [...this.abandoned]) {
      const job = record(await this.redis.hgetall(jobKey(id)));
      this.abandoned.delete(id);
      if (!job || job.status !== 'running' || job.replica !== this.replica || runningHere.has(id)) continue;
      const message =
        'This job never started: the call that made it could not reach the job store and was answered with an error; nothing was sent to the workspace.';
      const error = new ToolError(message, { code: 'JOB_NOT_STARTED' });
      await this.end(
        job,
        fields({ status: 'failed', error: error.data(), result: errorResult(error), finishedAt: new Date().toISOString() }),
        'other',
        '',
      );
    }
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    await within(this.redis.del(replicaKey(this.replica)), AbortSignal.timeout(500)).catch(() => undefined);
    this.redis.disconnect();
    this.subscriber.disconnect();
  }
}
