// The Redis settings (environment only, one topology) and how Redis failures are told, without a Redis.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import type { Cluster, Redis } from 'ioredis';
import { describe, expect, test } from 'vitest';
import { ConfigError, parseCli } from '../../src/config/parse.js';
import { redisSecrets } from '../../src/config/redis.js';
import { createClient, faultOf, FailureLog, isTransient, StoreHealth } from '../../src/jobs/redis-client.js';

const BASE = { WORKSPACE_BASE_URL: 'https://a.example/', WORKSPACE_API_KEY: 'key' };
const redis = (env: Record<string, string>) => {
  const action = parseCli([], { ...BASE, ...env });
  if (action.kind !== 'run') throw new Error(`expected a run, got ${action.kind}`);
  return action.config.redis;
};
const refused = (env: Record<string, string>) => {
  try {
    redis(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('Redis settings', () => {
  test('one topology each: a URL, cluster nodes, or sentinels with the master they watch', () => {
    expect(redis({})).toBeUndefined();
    expect(redis({ WORKSPACE_REDIS_URL: 'redis://:pw@127.0.0.1:6379/2' })).toEqual({
      topology: 'standalone',
      url: 'redis://:pw@127.0.0.1:6379/2',
      tls: undefined,
    });
    expect(
      redis({ WORKSPACE_REDIS_CLUSTER_NODES: 'a.example:7000, [::1]:7001', WORKSPACE_REDIS_PASSWORD: 'pw', WORKSPACE_REDIS_TLS: '1' }),
    ).toEqual({
      topology: 'cluster',
      nodes: [
        { host: 'a.example', port: 7000 },
        { host: '::1', port: 7001 },
      ],
      auth: { username: undefined, password: 'pw' },
      tls: { ca: undefined, cert: undefined, key: undefined },
    });
    expect(
      redis({
        WORKSPACE_REDIS_SENTINELS: 's1:26379,s2:26379',
        WORKSPACE_REDIS_SENTINEL_MASTER: 'main',
        WORKSPACE_REDIS_SENTINEL_PASSWORD: 'sp',
      }),
    ).toMatchObject({
      topology: 'sentinel',
      master: 'main',
      sentinelPassword: 'sp',
      sentinels: [{ host: 's1', port: 26379 }, { host: 's2' }],
    });
  });

  test('anything else is refused at start with the reason', () => {
    expect(refused({ WORKSPACE_REDIS_URL: 'redis://a', WORKSPACE_REDIS_CLUSTER_NODES: 'a:1' })).toMatch(/both set: set exactly one/);
    expect(refused({ WORKSPACE_REDIS_URL: 'redis+sentinel://a:26379/main' })).toMatch(/WORKSPACE_REDIS_SENTINELS/);
    expect(refused({ WORKSPACE_REDIS_URL: 'redis://a:6379?sentinels=b:26379' })).toMatch(/no query parameters/);
    expect(refused({ WORKSPACE_REDIS_URL: 'redis://a', WORKSPACE_REDIS_PASSWORD: 'pw' })).toMatch(/put it in WORKSPACE_REDIS_URL/);
    expect(refused({ WORKSPACE_REDIS_URL: 'redis://a', WORKSPACE_REDIS_CA_FILE: '/x' })).toMatch(/TLS is off: use a rediss:\/\/ URL/);
    expect(refused({ WORKSPACE_REDIS_SENTINELS: 's:1' })).toMatch(/without WORKSPACE_REDIS_SENTINEL_MASTER/);
    expect(refused({ WORKSPACE_REDIS_SENTINEL_MASTER: 'main' })).toMatch(/without WORKSPACE_REDIS_SENTINELS/);
    expect(refused({ WORKSPACE_REDIS_CLUSTER_NODES: 'a' })).toMatch(/host:port/);
    expect(refused({ WORKSPACE_REDIS_PASSWORD: 'pw' })).toMatch(/without a store/);
    expect(refused({ WORKSPACE_REDIS_CLUSTER_NODES: 'a:1', WORKSPACE_REDIS_TLS: '1', WORKSPACE_REDIS_CERT_FILE: '/x' })).toMatch(
      /go together/,
    );
    expect(refused({ WORKSPACE_REDIS_URL: 'rediss://a', WORKSPACE_REDIS_CA_FILE: '/no/such/ca.pem' })).toMatch(
      /cannot read \/no\/such\/ca.pem \(ENOENT\)/,
    );
  });

  test('the CA and client certificate are read at start; the secrets are known to the log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lw-redis-'));
    writeFileSync(join(dir, 'ca.pem'), 'CA');
    writeFileSync(join(dir, 'key.pem'), 'KEY');
    const target = redis({
      WORKSPACE_REDIS_URL: 'rediss://u:p%40ss@a:6380',
      WORKSPACE_REDIS_CA_FILE: join(dir, 'ca.pem'),
      WORKSPACE_REDIS_CERT_FILE: join(dir, 'ca.pem'),
      WORKSPACE_REDIS_KEY_FILE: join(dir, 'key.pem'),
    });
    expect(target?.tls).toEqual({ ca: 'CA', cert: 'CA', key: 'KEY' });
    expect(redisSecrets(target)).toEqual(['p@ss', 'KEY']);
  });
});

describe('Redis failures in words', () => {
  test('authentication, a permission (naming the command or what was done), a certificate, reachability', () => {
    expect(faultOf(new Error('WRONGPASS invalid username-password pair or user is disabled.'))).toMatchObject({
      kind: 'auth',
      words: expect.stringMatching(/^authentication failed/),
    });
    expect(faultOf(new Error("NOPERM User lw has no permissions to run the 'publish' command"))).toMatchObject({
      kind: 'permission',
      words: expect.stringContaining('may not use the PUBLISH command'),
    });
    expect(
      faultOf(new Error('NOPERM this user has no permissions to access one of the channels'), 'SUBSCRIBE lw:jobs:ended').words,
    ).toMatch(/a channel \(during SUBSCRIBE lw:jobs:ended\)/);
    const cert = Object.assign(new Error('self-signed certificate in certificate chain'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' });
    expect(faultOf(cert)).toMatchObject({ kind: 'certificate', words: expect.stringContaining('WORKSPACE_REDIS_CA_FILE') });
    expect(faultOf(new Error('connect ECONNREFUSED 127.0.0.1:6379')).kind).toBe('unreachable');
    expect(faultOf(new Error("READONLY You can't write against a read only replica.")).kind).toBe('no-writes');
    expect(isTransient(faultOf(new Error('READONLY x')))).toBe(true);
    expect(isTransient(faultOf(new Error('WRONGPASS x')))).toBe(false);
  });

  test('a repeating failure is logged once per 10 s per kind, with the count', () => {
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const log = new FailureLog('job store');
      for (let i = 0; i < 5; i++) log.note(faultOf(new Error('connect ECONNREFUSED 127.0.0.1:1')));
      log.note(faultOf(new Error('WRONGPASS x')));
    } finally {
      process.stderr.write = write;
    }
    expect(lines.filter((l) => l.includes('not reachable'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('authentication failed'))).toHaveLength(1);
  });

  test('a TLS client builds its trust once, for every connection it opens (each cluster node, each reconnect)', () => {
    const tls = { ca: rootCertificates[0] };
    const auth = { username: undefined, password: undefined };
    // Not connected: the clients connect lazily.
    const cluster = createClient({ topology: 'cluster', nodes: [{ host: '127.0.0.1', port: 1 }], auth, tls }, 'lw-test') as Cluster;
    const standalone = createClient({ topology: 'standalone', url: 'rediss://127.0.0.1:1', tls }, 'lw-test') as Redis;
    for (const options of [cluster.options.redisOptions?.tls, standalone.options.tls]) {
      expect(options).toEqual({ secureContext: expect.anything() });
      expect(options).not.toHaveProperty('ca');
    }
  });

  test('a call waiting for the store to be reached goes on when it is, or when its wait is over', async () => {
    const health = new StoreHealth('rate limit');
    const within = (wait: Promise<void>) =>
      Promise.race([wait.then(() => 'reached'), new Promise((r) => setTimeout(() => r('still waiting'), 2_000))]);
    const waiting = health.reachedWithin(60_000);
    health.answered();
    expect(await within(waiting)).toBe('reached');
    expect(await within(health.reachedWithin(60_000))).toBe('reached');
    const never = new StoreHealth('rate limit');
    const from = Date.now();
    await never.reachedWithin(50);
    expect(Date.now() - from).toBeGreaterThanOrEqual(45);
    expect(never.state(false, 1_000).state).toBe('connecting');
  });
});
