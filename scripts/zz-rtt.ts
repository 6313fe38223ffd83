import { spawn } from 'node:child_process';
import { connectHttp, freePort, sandboxEnv, startHttpProcess, startSandbox } from '../test/helpers.js';
const port = await freePort();
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const sandbox = await startSandbox({ generationMs: 8000 });
const env = sandboxEnv(sandbox, { WORKSPACE_REDIS_URL: `redis://127.0.0.1:${port}`, WORKSPACE_JOB_AFTER_MS: '1000', WORKSPACE_KEEPALIVE_MS: '600000' });
const [a, b] = await Promise.all([startHttpProcess(env, ['--stateless']), startHttpProcess(env, ['--stateless'])]);
const ca = await connectHttp(a.url); const cb = await connectHttp(b.url);
const r = await ca.client.callTool({ name: 'presentations_create', arguments: { topic: 'x', numberOfSlides: 2, locale: 'en' } });
const id = (r.structuredContent as { job: { id: string } }).job.id;
const mon = spawn('redis-cli', ['-p', String(port), 'monitor']);
let lines: string[] = [];
mon.stdout.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
await new Promise((r) => setTimeout(r, 300));
for (const [name, client] of [['same replica', ca], ['other replica', cb]] as const) {
  lines = [];
  await client.client.callTool({ name: 'jobs_get', arguments: { jobId: id } });
  await new Promise((r) => setTimeout(r, 100));
  const cmds = lines.filter((l) => !/"set" "lw:replica/.test(l) && !/\[0 lua\]/.test(l));
  console.log(name, 'round trips:', cmds.length); for (const l of cmds) console.log('  ', l.slice(0, 120));
}
mon.kill(); await ca.close(); await cb.close(); await a.stop(); await b.stop(); await sandbox.close(); redis.kill();
