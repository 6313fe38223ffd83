import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CREDENTIALS, type SandboxOptions } from './platform.js';

/**
 * Where the sandbox's own process starts, set by the build relative to the chunk this module is built into.
 * Run from the sources, it is the TypeScript file, through tsx.
 */
declare const __LW_SANDBOX_FILE__: string | undefined;
const built = typeof __LW_SANDBOX_FILE__ === 'undefined' ? undefined : __LW_SANDBOX_FILE__;

/** How long a generated workspace may take to be made (100,000 learners take some 5 s, longer on a busy machine). */
const START_MS = 120_000;

/**
 * The built-in sandbox workspace for `--sandbox`: started on loopback in a process of its own
 * (src/sandbox/process.ts), with the targets that point the server at it (`size`: a generated workspace of
 * that many learners). The pacing of its streamed answers comes from the environment, so a demo shows them
 * arriving. Nothing of it reaches the server's stdout, which on stdio is the protocol's.
 */
export async function attachSandbox(env: NodeJS.ProcessEnv, size?: number) {
  const opts: SandboxOptions = {
    ...(size !== undefined ? { size } : {}),
    stream: {
      delayMs: Number(env['WORKSPACE_SANDBOX_STREAM_DELAY_MS'] ?? 40),
      ...(env['WORKSPACE_SANDBOX_STREAM_DELTAS'] ? { deltas: Number(env['WORKSPACE_SANDBOX_STREAM_DELTAS']) } : {}),
    },
  };
  const child = fork(sandboxFile(), [JSON.stringify(opts)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // Not the server's own flags (an inspector port, a heap size meant for the server).
    execArgv: built ? [] : ['--import', createRequire(import.meta.url).resolve('tsx')],
    serialization: 'json',
  });
  const { url, learners } = await started(child);
  return {
    url,
    learners,
    connector: { baseUrl: url, token: SANDBOX_CREDENTIALS.connectorToken },
    content: { baseUrl: url, apiKey: SANDBOX_CREDENTIALS.apiKey, userId: SANDBOX_CREDENTIALS.userId as string | undefined },
    close: () => stop(child),
  };
}

function sandboxFile(): string {
  return fileURLToPath(new URL(built ?? './process.ts', import.meta.url));
}

/** The sandbox's address once it listens; its end before that is the server's start failing, with the reason. */
function started(child: ChildProcess): Promise<{ url: string; learners: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`The sandbox workspace did not start within ${START_MS / 1000} s.`));
    }, START_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox workspace did not start: ${why}.`));
    };
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(signal ? `ended by ${signal}` : `exited with ${code}`));
    child.once('message', (message) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      // Kept on the event loop by its channel only while it starts: a server on its way out never waits for it.
      child.unref();
      child.channel?.unref();
      resolve(message as { url: string; learners: number });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
