// The smoke test CI runs on every Node major the package supports (scripts/node-versions.sh), besides the
// whole suite on the machine's Node: the built server over stdio and over Streamable HTTP initializes,
// lists its tools, answers a call and serves a view. It runs the server on the Node that runs the test.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectHttp, connectStdio, sandboxEnv, startHttpProcess, startSandbox, type Sandbox } from './helpers.js';
import { smoke } from './smoke.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe(`the built server on Node ${process.versions.node}`, () => {
  test('over stdio', async () => {
    const conn = await connectStdio(sandboxEnv(sandbox));
    try {
      await smoke(conn.client);
    } finally {
      await conn.close();
    }
  });

  test('over Streamable HTTP, and it stops with exit code 0 on SIGTERM', async () => {
    const server = await startHttpProcess(sandboxEnv(sandbox));
    try {
      const conn = await connectHttp(server.url);
      await smoke(conn.client);
      await conn.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
