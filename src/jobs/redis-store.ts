import { errorResult, ToolError } from '../call/errors.js';
import { log } from '../telemetry/log.js';
import type { RedisTarget } from '../config/redis.js';
import {
  createClient,
  faultOf,
  isMisconfigured,
  isTransient,
  StoreHealth,
  watchClient,
  type Fault,
  type RedisClient,
} from './redis-client.js';
import { DEFAULT_JOB_BOUNDS, type JobBounds } from './caller-jobs.js';
import {
  StoreUnavailable,
  type Claim,
  type Doubt,
  type JobOutcome,
  type JobRecord,
  type JobStore,
  type Liveness,
  type Retention,
  type StoreReport,
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
const RESTORE_WINDOW_MS = 2_000;
/** A command waits this long at most for a connection that is being made again. */
const RECONNECT_WAIT_MS = 1_500;
/** A step that failed for a passing reason (a failover, a reconnect) is tried again for this long. */
const STEP_RETRY_MS = 3_000;
/**
 * An end this replica stored is checked this long afterwards: a failover to a copy that lagged, or a
 * demoted master's writes dropped at its resync, lose it, and it is written again. Under the 30 s a job
 * nobody was given is kept.
 */
const SETTLE_MS = 20_000;
/** The most jobs of one caller that tasks/list reads. */
const LIST_MAX = 100;
/**
 * A running job counts toward its caller's share this long after its replica last renewed it (every
 * tick): a replica that died stops holding its callers' shares within a minute.
 */
const RUNNING_LEASE_MS = 60_000;

// Every key carries a hash tag, so on a Redis Cluster each script's keys are in one slot: a job's keys are
// tagged by its id, a call's (the running job of identical calls, the doubt a lost write left) by the
// call's key, a caller's list by the caller. No script reads a key it was not given. The few steps that
// span two tags (a claim: the job, then the call's running key, then the caller's list) are separate
// commands, ordered so that a step that fails or is lost between them leaves nothing a reader mistakes:
// see claim().
const jobKey = (id: string) => `${PREFIX}job:{${id}}`;
const runningKey = (key: string) => `${PREFIX}run:{${key}}`;
const doubtKey = (key: string) => `${PREFIX}doubt:{${key}}`;
const ownerKey = (owner: string) => `${PREFIX}owner:{${owner}}`;
/** A caller's running jobs, each scored by when its lease lapses: on the caller's slot, beside its list. */
const runningSetKey = (owner: string) => `${PREFIX}running:{${owner}}`;
const replicaKey = (replica: string) => `${PREFIX}replica:{${replica}}`;
/** A reading of a long list, tagged by its own key (caller, tool and arguments, hashed): one key, one slot. */
const readingKey = (key: string) => `${PREFIX}reading:{${key}}`;
/** The readings kept, each scored by when its time is up: the soonest out first when they pass their budget. */
const READINGS_INDEX = `${PREFIX}readings:{index}`;
/** The length of each reading kept, by its key: what the budget counts. */
const READINGS_SIZES = `${PREFIX}readings:{index}:sizes`;
/** Characters of readings Redis holds for the replicas at most (about 256 MB): about ten whole lists of 100,000 learners. */
const READINGS_MAX_CHARS = 256_000_000;

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * The store's epoch: when it was last found empty (set then). KEYS: epoch. ARGV: 'set' to set it when
 * missing. Gives ms since then, 0 when unset. On a cluster the epoch is one key on one node: a node that
 * comes back empty alone is found by the replicas' ticks (they write their jobs back) but does not delay claims.
 */
const EPOCH_SINCE = `${NOW}
local epoch = tonumber(redis.call('GET', KEYS[1]))
if not epoch then
  if ARGV[1] ~= 'set' then return 0 end
  redis.call('SET', KEYS[1], now) epoch = now
end
return now - epoch`;

/** KEYS: job. ARGV: ttl, only if missing ('1'), then the fields. Gives 1 when written. */
const PUT = `
if ARGV[2] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * Takes a call's running key for a job already written. KEYS: running key, doubt. ARGV: id, ttl, over the
 * doubt ('1'), the holder to replace (an ended job; '' for none). Gives [0, id] (taken; also when this id
 * holds it already: a retried claim), [1, holder] (another job holds it), or [3, doubt].
 */
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return {0, ARGV[1]} end
if holder and holder ~= ARGV[4] then return {1, holder} end
if ARGV[3] == '1' then redis.call('DEL', KEYS[2]) else
  local doubt = redis.call('GET', KEYS[2])
  if doubt then return {3, doubt} end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {0, ARGV[1]}`;

/** Frees a call's running key if this job holds it. KEYS: running key. ARGV: id. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Adds a job to its caller's list and keeps the list within the caller's share: past it, the caller's own
 * oldest jobs that do not run are taken off. KEYS: the caller's list, its running set. ARGV: ttl, score,
 * id, the share. Gives the ids taken off, whose records the caller then deletes.
 */
const LIST_ADD = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
local gone = {}
if over <= 0 then return gone end
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, over + redis.call('ZCARD', KEYS[2]))) do
  if #gone >= over then break end
  if not redis.call('ZSCORE', KEYS[2], id) then
    redis.call('ZREM', KEYS[1], id)
    gone[#gone + 1] = id
  end
end
return gone`;

/**
 * Admits one more running job of a caller within its share. KEYS: its running set. ARGV: id, share, now,
 * lease end. Leases that lapsed (their replica died) are dropped first. Gives [1, count] when admitted
 * (also when this id holds a place already), [0, count] when the share is taken.
 */
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  return {1, redis.call('ZCARD', KEYS[1])}
end
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[2]) then return {0, count} end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) - tonumber(ARGV[3]))
return {1, count + 1}`;

/** KEYS: job. ARGV: fields to set while it runs. */
const UPDATE = `
if redis.call('HGET', KEYS[1], 'status') == 'running' then redis.call('HSET', KEYS[1], unpack(ARGV)) end
return 0`;

/**
 * Ends a job. KEYS: job. ARGV: id, keep ms if handed off, keep ms otherwise, channel(s) to publish on,
 * mode, then the fields. Mode 'own' (the end from the replica that ran it) also replaces an end judged lost,
 * and writes a job the store lost back whole; 'other' (a cancel, a judgment) ends only a running job.
 * The channels are plain PUBLISH: a cluster passes them to every node, so one subscription on any node
 * hears every end. Gives [1 if written whole, the job's fields as they end up].
 */
const FINISH = `
local status = redis.call('HGET', KEYS[1], 'status')
local own = ARGV[6] == 'own'
local whole = 0
if status == 'running' or (own and (not status or redis.call('HGET', KEYS[1], 'lost') == '1')) then
  if not status then whole = 1 end
  redis.call('HSET', KEYS[1], unpack(ARGV, 7))
  local keep = ARGV[3]
  if redis.call('HGET', KEYS[1], 'handedOff') == '1' then keep = ARGV[2] end
  if tonumber(keep) > 0 then redis.call('PEXPIRE', KEYS[1], keep) else redis.call('PEXPIRE', KEYS[1], 1) end
  redis.call('PUBLISH', ARGV[4], ARGV[1])
  if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[1]) end
end
return {whole, redis.call('HGETALL', KEYS[1])}`;

type Scripts = {
  lwEpoch(...args: (string | number)[]): Promise<number>;
  lwPut(...args: (string | number)[]): Promise<number>;
  lwClaim(...args: (string | number)[]): Promise<[number, string]>;
  lwRelease(...args: (string | number)[]): Promise<number>;
  lwListAdd(...args: (string | number)[]): Promise<string[]>;
  lwAdmit(...args: (string | number)[]): Promise<[number, number]>;
  lwUpdate(...args: (string | number)[]): Promise<number>;
  lwFinish(...args: (string | number)[]): Promise<[number, string[]]>;
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
  /** Ends this replica stored lately, checked each tick until SETTLE_MS after: a failover may drop them. */
  private readonly settling = new Map<string, { job: JobRecord; set: string[]; until: number }>();
  private lastFailure: number;
  private ticking = false;
  private subscribed = false;
  /** Why the subscription is refused by the store's configuration (a channel permission), while it is. */
  private subscribeFault: Fault | undefined;

  private constructor(
    private readonly redis: RedisClient & Scripts,
    private readonly subscriber: RedisClient,
    private readonly retention: Retention,
    private readonly replica: string,
    private readonly health: StoreHealth,
    private readonly bounds: JobBounds,
    private readonly readingsMaxChars: number,
  ) {
    this.lastFailure = Date.now();
    subscriber.on('message', (channel: string, id: string) => {
      if (channel === CANCELLED) for (const listener of this.cancelListeners) listener(id);
      if (channel === ENDED) for (const wake of this.waiters.get(id) ?? []) wake();
    });
    for (const r of [redis, subscriber]) r.on('close', () => (this.lastFailure = Date.now()));
    redis.on('error', () => (this.lastFailure = Date.now()));
    // Back after an outage: the presence and the running jobs are written again at once.
    redis.on('ready', () => void this.tick());
    subscriber.on('ready', () => void this.subscribe());
    this.ticker = setInterval(() => void this.tick(), TICK_MS).unref();
  }

  /**
   * The store, connecting in the background: a Redis that is not up yet is retried with a back-off, and
   * calls that need it are told STORE_UNAVAILABLE meanwhile (/readyz says `connecting`, and why).
   */
  static open(
    target: RedisTarget,
    retention: Retention,
    replica: string,
    bounds: JobBounds = DEFAULT_JOB_BOUNDS,
    readingsMaxChars = READINGS_MAX_CHARS,
  ): RedisJobStore {
    const health = new StoreHealth('job store');
    const redis = createClient(target, 'lw-jobs') as RedisClient & Scripts;
    // The subscription is restored by the client after a reconnect; it needs its queue for that, and no timeout.
    const subscriber = createClient(target, 'lw-jobs-sub', 0, true);
    watchClient(redis, health, 'job store');
    watchClient(subscriber, health, 'job store (subscription)');
    redis.defineCommand('lwEpoch', { numberOfKeys: 1, lua: EPOCH_SINCE });
    redis.defineCommand('lwPut', { numberOfKeys: 1, lua: PUT });
    redis.defineCommand('lwClaim', { numberOfKeys: 2, lua: CLAIM });
    redis.defineCommand('lwRelease', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('lwListAdd', { numberOfKeys: 2, lua: LIST_ADD });
    redis.defineCommand('lwAdmit', { numberOfKeys: 1, lua: ADMIT });
    redis.defineCommand('lwUpdate', { numberOfKeys: 1, lua: UPDATE });
    redis.defineCommand('lwFinish', { numberOfKeys: 1, lua: FINISH });
    const store = new RedisJobStore(redis, subscriber, retention, replica, health, bounds, readingsMaxChars);
    // A failed first attempt is an 'error' event (classified, logged); the client goes on trying.
    for (const r of [redis, subscriber]) r.connect().catch(() => undefined);
    return store;
  }

  private async subscribe(): Promise<void> {
    // Once subscribed, the client subscribes again by itself after a reconnect.
    if (this.subscribed) return;
    try {
      await this.subscriber.subscribe(ENDED, CANCELLED);
      this.subscribed = true;
      this.subscribeFault = undefined;
    } catch (err) {
      const fault = faultOf(err, `SUBSCRIBE ${ENDED} ${CANCELLED}`);
      if (isMisconfigured(fault)) this.subscribeFault = fault;
      this.health.failed(fault);
    }
  }

  /**
   * One step on a call's path: within its timeout and the call's signal, or StoreUnavailable naming the
   * cause. A passing failure (a reconnect, a failover's READONLY) is tried again for STEP_RETRY_MS: every
   * step is safe to repeat.
   */
  private async step<T>(step: StoreUnavailable['step'], run: () => Promise<T>, signal?: AbortSignal, during?: string): Promise<T> {
    const until = Date.now() + STEP_RETRY_MS;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      // Refused by the store's configuration: said at once, and nothing is started that could not end.
      const standing = this.misconfigured();
      if (standing) throw new StoreUnavailable(step, new Error(standing.words), true);
      try {
        // Reconnecting (Redis restarted, failing over): the command waits a moment for it, as it would in a queue.
        if (this.redis.status !== 'ready') await within(this.ready(RECONNECT_WAIT_MS), signal);
        const out = await within(run(), signal);
        this.health.answered();
        return out;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        this.lastFailure = Date.now();
        const fault = this.misconfigured() ?? faultOf(err, during ?? `a ${step} step`);
        this.health.failed(fault, { step });
        if (!isTransient(fault) || Date.now() + 250 >= until)
          throw new StoreUnavailable(step, new Error(fault.words, { cause: err }), isMisconfigured(fault));
        await sleep(250, signal);
      }
    }
  }

  /**
   * A refusal only the operator ends: the subscription's (a channel permission), or the connection's (a
   * password, a certificate), which fails every command alike, so it is the reason to tell.
   */
  private misconfigured(): Fault | undefined {
    return this.subscribeFault ?? (this.redis.status !== 'ready' ? this.health.misconfigured : undefined);
  }

  /** Resolves once the connection is ready, or after `ms`. */
  private ready(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => (clearTimeout(timer), this.redis.off('ready', done), resolve());
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
    });
  }

  /**
   * A claim, in steps each on one hash slot: wait while the store has just come back empty; write the job;
   * take the call's running key for it (unless another running job holds it, or a doubt stands); add it to
   * the caller's list. The job is written before the key that leads to it, so a joiner never finds a key
   * without its job; a job that lost the key is deleted (or, if that fails, ended as never started).
   */
  async claim(key: string, job: JobRecord, signal?: AbortSignal, overDoubt = false): Promise<Claim> {
    await this.afterEpoch(signal);
    // Its caller's share first: a caller at it is refused before anything is written.
    const now = Date.now();
    const [admitted, running] = await this.step(
      'claim',
      () => this.redis.lwAdmit(runningSetKey(job.owner), job.id, this.bounds.maxRunningPerCaller, now, now + RUNNING_LEASE_MS),
      signal,
    );
    if (admitted === 0) {
      // Joining an identical job that runs (on another replica) starts nothing: never refused.
      const holder = await this.step('claim', () => this.redis.get(runningKey(key)), signal);
      const existing = holder ? await this.get(holder) : undefined;
      if (existing?.status === 'running') return { record: existing, joined: true };
      return { full: { why: 'caller', running, bound: this.bounds.maxRunningPerCaller } };
    }
    try {
      await this.step('claim', () => this.redis.lwPut(jobKey(job.id), RUNNING_TTL_MS, '0', ...fields(job)), signal);
      let stale = '';
      for (;;) {
        const [outcome, value] = await this.step(
          'claim',
          () => this.redis.lwClaim(runningKey(key), doubtKey(key), job.id, RUNNING_TTL_MS, overDoubt ? '1' : '0', stale),
          signal,
        );
        if (outcome === 0) {
          await this.listAdd(job, RUNNING_TTL_MS);
          return { record: job, joined: false };
        }
        if (outcome === 3) return await this.unclaimed(job, { doubt: JSON.parse(value) as Doubt });
        const existing = await this.get(value);
        if (existing && existing.status === 'running') return await this.unclaimed(job, { record: existing, joined: true });
        // Ended (or gone) but its key not freed yet: replaced, only if it still holds the key.
        stale = value;
      }
    } catch (err) {
      // A step sent but not known to have been carried out: a job it wrote (or the key it took) is ended
      // as never started, by the next tick.
      this.abandoned.add(job.id);
      throw err;
    }
  }

  /** A job written for a claim that did not take the key: deleted, or ended later if that fails; its place in its caller's share freed. */
  private async unclaimed(job: JobRecord, claim: Claim): Promise<Claim> {
    await this.redis.del(jobKey(job.id)).catch(() => this.abandoned.add(job.id));
    await this.redis.zrem(runningSetKey(job.owner), job.id).catch(() => undefined);
    return claim;
  }

  /** A job on its caller's list; the caller's own oldest finished jobs past its share are deleted. */
  private async listAdd(job: JobRecord, ttl: number): Promise<void> {
    const gone = await this.step('write', () =>
      this.redis.lwListAdd(
        ownerKey(job.owner),
        runningSetKey(job.owner),
        ttl,
        Date.parse(job.startedAt) || Date.now(),
        job.id,
        this.bounds.maxKeptPerCaller,
      ),
    );
    // One key a command: on a cluster each job is on a slot of its own. What fails here expires by itself.
    for (const id of gone) await this.redis.del(jobKey(id)).catch(() => undefined);
  }

  /** Waits, within the signal, while the store came back empty less than RESTORE_WINDOW_MS ago. */
  private async afterEpoch(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const since = await this.step('claim', () => this.redis.lwEpoch(EPOCH, 'set'), signal);
      if (since >= RESTORE_WINDOW_MS) return;
      await sleep(RESTORE_WINDOW_MS - since, signal);
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
    const set = fields(ended);
    const stored = await this.end(job, set, 'own', '');
    // Checked for less than the end is kept: a job that expired is not written back.
    const keep = ended.handedOff ? this.retention.keepMs : this.retention.quickKeepMs;
    this.settling.set(job.id, { job, set, until: Date.now() + Math.min(SETTLE_MS, keep / 2) });
    return stored;
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    return this.end(current, fields({ status: 'cancelled', finishedAt: new Date().toISOString() }), 'other', CANCELLED);
  }

  /** The end on the job's slot, then the call's running key freed, and the caller's list when it was written whole. */
  private async end(job: JobRecord, set: string[], mode: 'own' | 'other', alsoPublish: string): Promise<JobRecord | undefined> {
    const args = [jobKey(job.id), job.id, this.retention.keepMs, this.retention.quickKeepMs, ENDED, alsoPublish, mode];
    const [whole, flat] = await this.step('write', () => this.redis.lwFinish(...args, ...set), undefined, 'the end of a job');
    const ended = record(flat);
    if (whole === 1) await this.listAdd(job, Math.max(this.retention.keepMs, 1));
    if (ended && ended.status !== 'running') {
      await this.step('write', () => this.redis.lwRelease(runningKey(job.key), job.id));
      await this.step('write', () => this.redis.zrem(runningSetKey(job.owner), job.id));
    }
    return ended;
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
    // One read per job: on a cluster the jobs are on several nodes, which one pipeline cannot span.
    const hashes = await this.step('read', () => Promise.all(ids.map((id) => this.redis.hgetall(jobKey(id)))));
    return hashes.map((h) => record(h)).filter((j): j is JobRecord => j !== undefined && j.owner === owner);
  }

  async liveness(job: JobRecord): Promise<Liveness> {
    if (job.replica === this.replica) return 'alive';
    // An outage stops every replica's renewals: only a store that has answered steadily since can tell.
    if (Date.now() - this.lastFailure < STEADY_MS || this.redis.status !== 'ready') return 'unsure';
    const [present, sinceEmpty] = await this.step('read', () =>
      Promise.all([this.redis.exists(replicaKey(job.replica)), this.redis.lwEpoch(EPOCH, '')]),
    );
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

  async getReading(key: string): Promise<string | undefined> {
    return (await this.step('read', () => this.redis.get(readingKey(key)))) ?? undefined;
  }

  async putReading(key: string, json: string, keepMs: number): Promise<void> {
    await this.step('write', async () => {
      await this.redis.set(readingKey(key), json, 'PX', keepMs);
      await this.redis.zadd(READINGS_INDEX, Date.now() + keepMs, key);
      await this.redis.hset(READINGS_SIZES, key, json.length);
    });
    await this.step('write', () => this.trimReadings());
  }

  /**
   * The readings within their budget: those whose time is up are forgotten in the index, then the soonest
   * to expire go until the rest fit (separate commands, each on one key, as a cluster needs; replicas
   * trimming at once may drop one more than needed, which is read again when asked).
   */
  private async trimReadings(): Promise<void> {
    const gone = await this.redis.zrangebyscore(READINGS_INDEX, '-inf', Date.now());
    if (gone.length > 0) {
      await this.redis.zrem(READINGS_INDEX, ...gone);
      await this.redis.hdel(READINGS_SIZES, ...gone);
    }
    let total = (await this.redis.hvals(READINGS_SIZES)).reduce((n, v) => n + Number(v), 0);
    while (total > this.readingsMaxChars) {
      const [oldest] = await this.redis.zpopmin(READINGS_INDEX);
      if (oldest === undefined) break;
      total -= Number((await this.redis.hget(READINGS_SIZES, oldest)) ?? 0);
      await this.redis.del(readingKey(oldest));
      await this.redis.hdel(READINGS_SIZES, oldest);
    }
  }

  /** For /readyz: never reached yet, answering, failing (or refusing writes), or refused by its configuration. */
  state(): StoreReport {
    if (this.subscribeFault) return { state: 'misconfigured', reason: this.subscribeFault.words };
    return this.health.state(this.redis.status === 'ready' && this.subscribed, 2 * TICK_MS);
  }

  /**
   * Renews this replica's presence; writes back the running jobs the store lost (restarted empty, failed
   * over to a copy that lagged, evicted) and the ends it dropped; ends as never started the jobs whose
   * claim timed out.
   */
  private async tick(): Promise<void> {
    if (this.ticking || this.redis.status !== 'ready') return;
    this.ticking = true;
    try {
      if (!this.subscribed) await this.subscribe();
      const running = [...this.held()].filter((j) => j.status === 'running');
      await Promise.all([
        this.redis.set(replicaKey(this.replica), '1', 'PX', PRESENCE_TTL_MS),
        this.redis.lwEpoch(EPOCH, 'set'),
        ...running.map((job) => this.restore(job)),
        // The jobs running here hold their callers' shares for another lease.
        ...running.map((job) => this.redis.zadd(runningSetKey(job.owner), Date.now() + RUNNING_LEASE_MS, job.id)),
      ]);
      await this.resettle();
      await this.endAbandoned(new Set(running.map((j) => j.id)));
      this.health.answered();
    } catch (err) {
      this.lastFailure = Date.now();
      // Redis away is logged by the connection; a failure on a live one is worth a line of its own.
      if (this.redis.status === 'ready') this.health.failed(faultOf(err, 'the tick that keeps running jobs'), { step: 'tick' });
    } finally {
      this.ticking = false;
    }
  }

  /** Writes a running job back if the store lost it, with its running key (unless another running job took it) and its list entry. */
  private async restore(job: JobRecord): Promise<void> {
    if ((await this.redis.lwPut(jobKey(job.id), RUNNING_TTL_MS, '1', ...fields(job))) === 0) return;
    await this.redis.lwListAdd(
      ownerKey(job.owner),
      runningSetKey(job.owner),
      RUNNING_TTL_MS,
      Date.parse(job.startedAt) || Date.now(),
      job.id,
      this.bounds.maxKeptPerCaller,
    );
    const holder = await this.redis.get(runningKey(job.key));
    const held = holder && holder !== job.id ? record(await this.redis.hgetall(jobKey(holder))) : undefined;
    if (held?.status !== 'running')
      await this.redis.lwClaim(runningKey(job.key), doubtKey(job.key), job.id, RUNNING_TTL_MS, '1', holder ?? '');
    log('warn', 'job store: a running job was missing and was written back', { job: job.id, tool: job.tool });
  }

  /** Ends stored lately that the store no longer has as ended (a failover dropped them): written again. */
  private async resettle(): Promise<void> {
    for (const [id, { job, set, until }] of [...this.settling]) {
      if (Date.now() > until) {
        this.settling.delete(id);
        continue;
      }
      const status = await this.redis.hget(jobKey(id), 'status');
      if (status && status !== 'running') continue;
      await this.end(job, set, 'own', '');
      log('warn', 'job store: a stored job end was missing after a failover and was written again', { job: id, tool: job.tool });
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
    if (this.redis.status === 'ready')
      await within(this.redis.del(replicaKey(this.replica)), AbortSignal.timeout(500)).catch(() => undefined);
    this.redis.disconnect();
    this.subscriber.disconnect();
  }
}
