import { readFileSync } from 'node:fs';

// Where the job store and the shared rate limit live: one standalone Redis (a URL), a Redis Cluster (its
// startup nodes) or a master watched by Sentinel. Environment only: these settings hold secrets.

export interface HostPort {
  host: string;
  port: number;
}

/** TLS material read at start, so a missing file is refused then, not on the first reconnect. */
export interface RedisTls {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
}

export type RedisTarget =
  | { topology: 'standalone'; url: string; tls: RedisTls | undefined }
  | { topology: 'cluster'; nodes: HostPort[]; auth: RedisAuth; tls: RedisTls | undefined }
  | {
      topology: 'sentinel';
      sentinels: HostPort[];
      master: string;
      sentinelPassword: string | undefined;
      auth: RedisAuth;
      tls: RedisTls | undefined;
    };

export interface RedisAuth {
  username: string | undefined;
  password: string | undefined;
}

/** A setting that is wrong: refused at start with this reason. */
export class RedisSettingError extends Error {}

const env = (e: NodeJS.ProcessEnv, name: string): string | undefined => {
  const v = e[`WORKSPACE_REDIS_${name}`];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
};

/** The store the environment names, or none; a contradictory or partial setting is refused with the reason. */
export function redisTarget(e: NodeJS.ProcessEnv): RedisTarget | undefined {
  const url = env(e, 'URL');
  const nodes = env(e, 'CLUSTER_NODES');
  const sentinels = env(e, 'SENTINELS');
  const chosen = [url && 'WORKSPACE_REDIS_URL', nodes && 'WORKSPACE_REDIS_CLUSTER_NODES', sentinels && 'WORKSPACE_REDIS_SENTINELS'].filter(
    Boolean,
  );
  if (chosen.length > 1)
    throw new RedisSettingError(`${chosen.join(' and ')} are both set: set exactly one (a standalone Redis, a Cluster, or Sentinel).`);
  if (!sentinels) {
    for (const name of ['SENTINEL_MASTER', 'SENTINEL_PASSWORD'])
      if (env(e, name)) throw new RedisSettingError(`WORKSPACE_REDIS_${name} is set without WORKSPACE_REDIS_SENTINELS.`);
  }
  if (chosen.length === 0) {
    const stray = ['USERNAME', 'PASSWORD', 'TLS', 'CA_FILE', 'CERT_FILE', 'KEY_FILE'].find((n) => env(e, n));
    if (stray)
      throw new RedisSettingError(
        `WORKSPACE_REDIS_${stray} is set without a store: set WORKSPACE_REDIS_URL, WORKSPACE_REDIS_CLUSTER_NODES or WORKSPACE_REDIS_SENTINELS.`,
      );
    return undefined;
  }
  if (url) return standalone(url, e);
  const tlsOn = flag(e);
  const auth = { username: env(e, 'USERNAME'), password: env(e, 'PASSWORD') };
  if (auth.username && !auth.password) throw new RedisSettingError('WORKSPACE_REDIS_USERNAME is set without WORKSPACE_REDIS_PASSWORD.');
  const tls = tlsFiles(e, tlsOn, 'WORKSPACE_REDIS_TLS=1');
  if (nodes) return { topology: 'cluster', nodes: hostPorts(nodes, 'WORKSPACE_REDIS_CLUSTER_NODES'), auth, tls };
  const master = env(e, 'SENTINEL_MASTER');
  if (!master)
    throw new RedisSettingError(
      'WORKSPACE_REDIS_SENTINELS is set without WORKSPACE_REDIS_SENTINEL_MASTER (the name the sentinels monitor).',
    );
  return {
    topology: 'sentinel',
    sentinels: hostPorts(sentinels!, 'WORKSPACE_REDIS_SENTINELS'),
    master,
    sentinelPassword: env(e, 'SENTINEL_PASSWORD'),
    auth,
    tls,
  };
}

function standalone(value: string, e: NodeJS.ProcessEnv): RedisTarget {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new RedisSettingError('WORKSPACE_REDIS_URL is not a URL (redis://[user:password@]host:port[/db] or rediss://…).');
  }
  if (parsed.protocol === 'redis+sentinel:' || parsed.protocol === 'redis-sentinel:')
    throw new RedisSettingError(
      'WORKSPACE_REDIS_URL cannot name sentinels: set WORKSPACE_REDIS_SENTINELS=host:port,… and WORKSPACE_REDIS_SENTINEL_MASTER instead.',
    );
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new RedisSettingError(`WORKSPACE_REDIS_URL must be a redis:// or rediss:// URL, not ${parsed.protocol}`);
  // The client would take query parameters as options of its own, unchecked (one hangs the start for ever).
  if (parsed.search !== '')
    throw new RedisSettingError(
      'WORKSPACE_REDIS_URL takes no query parameters: Sentinel and Cluster have settings of their own (WORKSPACE_REDIS_SENTINELS, WORKSPACE_REDIS_CLUSTER_NODES).',
    );
  for (const name of ['USERNAME', 'PASSWORD'])
    if (env(e, name)) throw new RedisSettingError(`WORKSPACE_REDIS_${name} is for Cluster and Sentinel: put it in WORKSPACE_REDIS_URL.`);
  if (env(e, 'TLS')) throw new RedisSettingError('WORKSPACE_REDIS_TLS is for Cluster and Sentinel: use a rediss:// URL for TLS.');
  return { topology: 'standalone', url: parsed.href, tls: tlsFiles(e, parsed.protocol === 'rediss:', 'a rediss:// URL') };
}

function flag(e: NodeJS.ProcessEnv): boolean {
  const v = env(e, 'TLS')?.toLowerCase();
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw new RedisSettingError(`WORKSPACE_REDIS_TLS must be 1 or 0, got "${v.slice(0, 20)}"`);
}

/** The CA and client certificate files, read now; only with TLS on. */
function tlsFiles(e: NodeJS.ProcessEnv, on: boolean, how: string): RedisTls | undefined {
  const [ca, cert, key] = (['CA_FILE', 'CERT_FILE', 'KEY_FILE'] as const).map((n) => env(e, n));
  if (!on) {
    const stray = ca ? 'CA_FILE' : cert ? 'CERT_FILE' : key ? 'KEY_FILE' : undefined;
    if (stray) throw new RedisSettingError(`WORKSPACE_REDIS_${stray} is set but TLS is off: use ${how}.`);
    return undefined;
  }
  if ((cert === undefined) !== (key === undefined))
    throw new RedisSettingError('WORKSPACE_REDIS_CERT_FILE and WORKSPACE_REDIS_KEY_FILE go together (a client certificate and its key).');
  return { ca: read(ca, 'CA_FILE'), cert: read(cert, 'CERT_FILE'), key: read(key, 'KEY_FILE') };
}

function read(path: string | undefined, name: string): string | undefined {
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new RedisSettingError(`WORKSPACE_REDIS_${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
  }
}

function hostPorts(value: string, name: string): HostPort[] {
  return value.split(',').map((item) => {
    const m = /^\s*\[?([^\]\s]+?)\]?:(\d{1,5})\s*$/.exec(item);
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65_535)
      throw new RedisSettingError(`${name} must be host:port[,host:port…], got "${item.trim().slice(0, 60)}"`);
    return { host: m[1]!, port };
  });
}

/** The secrets a target holds, so the log never shows them. */
export function redisSecrets(target: RedisTarget | undefined): (string | undefined)[] {
  if (!target) return [];
  if (target.topology === 'standalone') return [decodeURIComponent(new URL(target.url).password) || undefined, target.tls?.key];
  return [target.auth.password, target.topology === 'sentinel' ? target.sentinelPassword : undefined, target.tls?.key];
}
