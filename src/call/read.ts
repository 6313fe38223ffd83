import { buildRequest } from './invoke.js';
import type { Upstream } from './upstream.js';

/**
 * A read-only tool's answer, asked for by the server itself (a confirmation's question, a credential
 * check): the tool's row says where and how, so no upstream path is written twice. The rows load on first
 * use, as the catalogue loads them.
 */
export async function readTool(
  upstream: Upstream,
  name: string,
  input: Record<string, unknown>,
  opts: { retry: boolean; signal?: AbortSignal | undefined },
): Promise<Record<string, unknown>> {
  const { tools } = await import('../../tools/index.js');
  const def = tools.find((d) => d.name === name);
  if (!def?.annotations.readOnlyHint) throw new Error(`${name} is not a read-only tool`);
  const checked = def.input.parse(input) as Record<string, unknown>;
  return upstream.call({ api: def.api, method: def.method, ...buildRequest(def, checked), retry: opts.retry, signal: opts.signal });
}
