// Real Redis topologies on loopback for the end-to-end tests: a three-master cluster, a master and a
// replica watched by three sentinels, and a TLS Redis with a CA made here and ACL users. Every process is
// started in a temporary directory of its own and stopped (SIGKILL, nothing to save) by `stop()`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './helpers.js';
import { program } from './programs.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `redis-cli` against a port, its answer trimmed (an error answer is returned, not thrown). */
export type Cli = (port: number, ...args: string[]) => Promise<string>;

/** A `redis-cli` that speaks TLS with this CA, as this ACL user if one is given (none: plain text). */
export function cliWith(tls?: { ca: string; user?: string; password?: string }): Cli {
  const user = tls?.user ? ['--user', tls.user, '--pass', tls.password ?? '', '--no-auth-warning'] : [];
  const opts = tls ? ['--tls', '--cacert', tls.ca, ...user] : [];
  return async (port, ...args) => {
    const { stdout } = await run(program('redis-cli'), ['-h', '127.0.0.1', '-p', String(port), ...opts, ...args], { timeout: 10_000 });
    return stdout.trim();
  };
}

export const cli: Cli = cliWith();

/** Polls `check` until it holds, every 200 ms, or fails saying what was waited for. */
export async function until(what: string, check: () => Promise<boolean> | boolean, withinMs = 30_000): Promise<void> {
  const end = Date.now() + withinMs;
  for (;;) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(200);
  }
}

export interface Proc {
  child: ChildProcess;
  port: number;
  kill(): void;
}

/** One redis-server (or sentinel) with these arguments, once it says it is ready. */
async function spawnReady(bin: 'redis-server' | 'redis-sentinel', args: string[], port: number, ready: RegExp): Promise<Proc> {
  const child = spawn(program(bin), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (!ready.test(out)) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('error', (err) => reject(new Error(`${bin} could not start: ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`${bin} exited with ${code}: ${out}`)));
  });
  return { child, port, kill: () => void child.kill('SIGKILL') };
}

const NO_DISK = ['--save', '', '--appendonly', 'no'];

export function redisServer(port: number, dir: string, extra: string[] = []): Promise<Proc> {
  return spawnReady(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...NO_DISK, ...extra],
    port,
    /Ready to accept connections/,
  );
}

export interface Topology {
  dir: string;
  procs: Proc[];
  stop(): Promise<void>;
}

function topology(prefix: string): Topology {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const procs: Proc[] = [];
  return {
    dir,
    procs,
    async stop() {
      for (const p of procs) p.kill();
      await sleep(100);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The ACL users of the TLS topologies: `lw` has what the server needs; `nochan` lacks channels. */
const ACL_USERS = ['user default off', 'user lw on >lw-secret ~lw:* &lw:* +@all', 'user nochan on >lw-secret ~lw:* resetchannels +@all'];
export const TLS_USER = { user: 'lw', password: 'lw-secret' };

/** Arguments of a redis-server on TLS only (plain port off), trusting clients of no certificate. */
function tlsArgs(port: number, certs: Certificates, authClients = 'no'): string[] {
  return [
    '--port',
    '0',
    '--tls-port',
    String(port),
    '--tls-cert-file',
    certs.cert,
    '--tls-key-file',
    certs.key,
    '--tls-ca-cert-file',
    certs.ca,
    '--tls-auth-clients',
    authClients,
  ];
}

/**
 * Three masters, no replicas, their slots spread by `redis-cli --cluster create`, once every node says ok.
 * With `tls`: the nodes speak TLS only, to clients and on the cluster bus, with a CA made here and the
 * ACL user `lw`, as a managed "serverless" cluster does; `cli` speaks to them that way.
 */
export async function startCluster(tls = false): Promise<Topology & { ports: number[]; cli: Cli; certs: Certificates | undefined }> {
  const t = topology('lw-cluster-');
  const certs = tls ? await makeCertificates(t.dir) : undefined;
  const acl = join(t.dir, 'users.conf');
  if (certs) writeFileSync(acl, ACL_USERS.join('\n') + '\n');
  const ports = [await freePort(), await freePort(), await freePort()];
  const nodeCli = cliWith(certs && { ca: certs.ca, ...TLS_USER });
  for (const port of ports) {
    const cluster = ['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000'];
    const secure = certs ? [...tlsArgs(port, certs), '--tls-cluster', 'yes', '--aclfile', acl] : [];
    t.procs.push(await redisServer(port, t.dir, [...cluster, ...secure]));
  }
  const createTls = certs ? ['--tls', '--cacert', certs.ca, '--user', TLS_USER.user, '--pass', TLS_USER.password, '--no-auth-warning'] : [];
  await run(
    program('redis-cli'),
    [...createTls, '--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
    { timeout: 30_000 },
  );
  for (const port of ports)
    await until(`cluster node ${port} ok`, async () => (await nodeCli(port, 'cluster', 'info')).includes('cluster_state:ok'));
  return { ...t, ports, cli: nodeCli, certs };
}

/** Which cluster node (its port) holds a key. */
export async function nodeOf(ports: number[], key: string, via: Cli = cli): Promise<number> {
  const slot = Number(await via(ports[0]!, 'cluster', 'keyslot', key));
  const shards = (await via(ports[0]!, 'cluster', 'slots')).split('\n');
  // Each range reads: start, end, then host and port of its master.
  for (let i = 0; i + 3 < shards.length; i++) {
    const [start, end, port] = [Number(shards[i]), Number(shards[i + 1]), Number(shards[i + 3])];
    if (/^\d+$/.test(shards[i]!) && /^\d+$/.test(shards[i + 1]!) && ports.includes(port) && slot >= start && slot <= end) return port;
  }
  throw new Error(`no node holds slot ${slot}`);
}

export const MASTER = 'lw';

/**
 * A master and one replica watched by three sentinels (quorum 2), quick to fail over: a master is taken
 * down after 1 s without an answer. With `tls`: every one of them, the replication and the sentinels'
 * own links speak TLS only, with a CA made here; `cli` speaks to them that way.
 */
export async function startSentinels(tls = false): Promise<
  Topology & {
    sentinelPorts: number[];
    redisPorts: number[];
    cli: Cli;
    certs: Certificates | undefined;
    master(): Promise<number>;
    restartAsReplica(port: number): Promise<void>;
  }
> {
  const t = topology('lw-sentinel-');
  const certs = tls ? await makeCertificates(t.dir) : undefined;
  const via = cliWith(certs && { ca: certs.ca });
  const secure = (port: number) => (certs ? [...tlsArgs(port, certs), '--tls-replication', 'yes'] : []);
  const redisPorts = [await freePort(), await freePort()];
  t.procs.push(await redisServer(redisPorts[0]!, t.dir, secure(redisPorts[0]!)));
  t.procs.push(await redisServer(redisPorts[1]!, t.dir, ['--replicaof', '127.0.0.1', String(redisPorts[0]), ...secure(redisPorts[1]!)]));
  await until('replica in sync', async () => (await via(redisPorts[1]!, 'info', 'replication')).includes('master_link_status:up'));
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  for (const port of sentinelPorts) {
    const conf = join(t.dir, `sentinel-${port}.conf`);
    const listen = certs
      ? ['port 0', `tls-port ${port}`, `tls-cert-file ${certs.cert}`, `tls-key-file ${certs.key}`, `tls-ca-cert-file ${certs.ca}`]
      : [`port ${port}`];
    writeFileSync(
      conf,
      [
        ...listen,
        ...(certs ? ['tls-auth-clients no', 'tls-replication yes'] : []),
        'bind 127.0.0.1',
        `dir ${t.dir}`,
        `sentinel monitor ${MASTER} 127.0.0.1 ${redisPorts[0]} 2`,
        `sentinel down-after-milliseconds ${MASTER} 1000`,
        `sentinel failover-timeout ${MASTER} 5000`,
        `sentinel parallel-syncs ${MASTER} 1`,
      ].join('\n') + '\n',
    );
    t.procs.push(await spawnReady('redis-sentinel', [conf], port, /Sentinel ID is|monitor master/));
  }
  // Each sentinel knows the replica and the other two before a failover can be voted.
  for (const port of sentinelPorts) {
    await until(`sentinel ${port} sees its peers and the replica`, async () => {
      const master = await via(port, 'sentinel', 'master', MASTER);
      const lines = master.split('\n');
      const field = (name: string) => Number(lines[lines.indexOf(name) + 1]);
      return field('num-slaves') >= 1 && field('num-other-sentinels') >= 2;
    });
  }
  const master = async () => Number((await via(sentinelPorts[0]!, 'sentinel', 'get-master-addr-by-name', MASTER)).split('\n')[1]);
  return {
    ...t,
    sentinelPorts,
    redisPorts,
    cli: via,
    certs,
    master,
    async restartAsReplica(port) {
      const now = await master();
      t.procs.push(await redisServer(port, t.dir, ['--replicaof', '127.0.0.1', String(now), ...secure(port)]));
      await until('restarted replica in sync', async () => (await via(port, 'info', 'replication')).includes('master_link_status:up'));
      await until('sentinels see the restarted replica', async () => {
        const replicas = await via(sentinelPorts[0]!, 'sentinel', 'replicas', MASTER);
        return replicas.includes(String(port)) && !/s_down|disconnected/.test(replicas);
      });
    },
  };
}

export type Certificates = Record<'ca' | 'cert' | 'key' | 'clientCert' | 'clientKey', string>;

/** A CA, a server certificate it signed for 127.0.0.1, and a client certificate, made with openssl. */
export async function makeCertificates(dir: string): Promise<Certificates> {
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => run(program('openssl'), args, { cwd: dir, timeout: 30_000 });
  await ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.crt'),
    '-subj',
    '/CN=lw test CA',
    '-days',
    '2',
  );
  writeFileSync(f('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  for (const [name, cn] of [
    ['server', '127.0.0.1'],
    ['client', 'lw client'],
  ] as const) {
    await ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${name}.key`), '-out', f(`${name}.csr`), '-subj', `/CN=${cn}`);
    await ssl(
      'x509',
      '-req',
      '-in',
      f(`${name}.csr`),
      '-CA',
      f('ca.crt'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-out',
      f(`${name}.crt`),
      '-days',
      '2',
      '-extfile',
      f('san.ext'),
    );
  }
  return { ca: f('ca.crt'), cert: f('server.crt'), key: f('server.key'), clientCert: f('client.crt'), clientKey: f('client.key') };
}

/**
 * A Redis served over TLS only, asking for client certificates when `mtls`, with two ACL users: `lw`
 * (the keys, channels and commands the server needs) and `nochan` (no channel permission).
 */
export async function startTlsRedis(mtls: boolean): Promise<Topology & { port: number; certs: Certificates }> {
  const t = topology('lw-tls-');
  const certs = await makeCertificates(t.dir);
  const port = await freePort();
  const conf = join(t.dir, 'redis.conf');
  writeFileSync(conf, ACL_USERS.join('\n') + '\n');
  t.procs.push(
    await spawnReady(
      'redis-server',
      [conf, ...tlsArgs(port, certs, mtls ? 'yes' : 'no'), '--bind', '127.0.0.1', '--dir', t.dir, ...NO_DISK],
      port,
      /Ready to accept connections/,
    ),
  );
  return { ...t, port, certs };
}
