import { BATCH_MAX_CALLS, BATCH_TOOL_NAME } from '../mcp/tool-summary.js';

/**
 * What the rate limit counts of one JSON-RPC message: a tools/call is one call, a batch_call each call it
 * carries (at most a batch's 1,000; a longer one is refused before anything is sent).
 */
export function toolCallsOf(message: unknown): number {
  const m = message as { method?: unknown; params?: { name?: unknown; arguments?: { calls?: unknown } } } | null;
  if (m?.method !== 'tools/call') return 0;
  const calls = m.params?.name === BATCH_TOOL_NAME ? m.params.arguments?.calls : undefined;
  return Array.isArray(calls) ? Math.min(Math.max(calls.length, 1), BATCH_MAX_CALLS) : 1;
}
