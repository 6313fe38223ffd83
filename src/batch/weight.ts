import { OBJECT_URI_PREFIXES } from '../mcp/object-resources.js';
import { BATCH_MAX_CALLS, BATCH_TOOL_NAME } from '../mcp/tool-summary.js';

/**
 * What the rate limit counts of one JSON-RPC message: a tools/call is one call, a batch_call each call it
 * carries (at most a batch's 1,000; a longer one is refused before anything is sent), and a read of a
 * workspace object's resource (a course, a learner…) one call, as the read tool it is.
 */
export function toolCallsOf(message: unknown): number {
  const m = message as { method?: unknown; params?: { name?: unknown; uri?: unknown; arguments?: { calls?: unknown } } } | null;
  if (m?.method === 'resources/read') {
    const uri = m.params?.uri;
    return typeof uri === 'string' && OBJECT_URI_PREFIXES.some((p) => uri.startsWith(p)) ? 1 : 0;
  }
  if (m?.method !== 'tools/call') return 0;
  const calls = m.params?.name === BATCH_TOOL_NAME ? m.params.arguments?.calls : undefined;
  return Array.isArray(calls) ? Math.min(Math.max(calls.length, 1), BATCH_MAX_CALLS) : 1;
}
