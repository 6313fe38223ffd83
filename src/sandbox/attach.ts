import { SANDBOX_CREDENTIALS, startSandbox } from './platform.js';

/**
 * The built-in sandbox workspace for `--sandbox`: started on loopback, with the targets that point the
 * server at it (`size`: a generated workspace of that many learners). The pacing of its streamed answers comes from the environment, so a demo shows them arriving.
 */
export async function attachSandbox(env: NodeJS.ProcessEnv, size?: number) {
  const sandbox = await startSandbox({
    ...(size !== undefined ? { size } : {}),
    stream: {
      delayMs: Number(env['WORKSPACE_SANDBOX_STREAM_DELAY_MS'] ?? 40),
      ...(env['WORKSPACE_SANDBOX_STREAM_DELTAS'] ? { deltas: Number(env['WORKSPACE_SANDBOX_STREAM_DELTAS']) } : {}),
    },
  });
  return {
    url: sandbox.url,
    learners: sandbox.ws.users.filter((u) => u.role === 'MEMBER').length,
    connector: { baseUrl: sandbox.url, token: SANDBOX_CREDENTIALS.connectorToken },
    content: { baseUrl: sandbox.url, apiKey: SANDBOX_CREDENTIALS.apiKey, userId: SANDBOX_CREDENTIALS.userId as string | undefined },
    close: () => sandbox.close(),
  };
}
