import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamHealth } from '../../call/upstream.js';

export interface HealthState {
  health: UpstreamHealth;
  draining: () => boolean;
  sessions: () => number;
  /** The shared stores (Redis) in use, each answering (`ready`) or not (`degraded`: calls go on as documented). */
  stores: () => Record<string, 'ready' | 'degraded'>;
  /** Whether the request carries a credential that may see the details (the access token, a signed-in token). */
  mayReadDetails: (req: IncomingMessage) => Promise<boolean>;
}

/** Whether a request is for the health endpoints (they pass the same Host and Origin checks as /mcp first). */
export const isHealthRequest = (path: string, req: IncomingMessage): boolean =>
  req.method === 'GET' && (path === '/healthz' || path === '/readyz');

/**
 * `GET /healthz` (alive) and `GET /readyz` (ready or not). Anyone is told only whether the server is
 * ready; the upstream's recent answers and failures, and the session count, only a caller with a token.
 */
export async function serveHealth(path: string, req: IncomingMessage, res: ServerResponse, state: HealthState): Promise<void> {
  if (path === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const h = state.health;
  const draining = state.draining();
  if (!(await state.mayReadDetails(req))) {
    res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ ready: !draining }));
    return;
  }
  const stores = state.stores();
  const body = {
    ready: !draining,
    // Degraded stores do not make the replica unready: every replica shares them, and calls go on.
    ...(Object.keys(stores).length > 0 ? { stores } : {}),
    sessions: state.sessions(),
    upstream: {
      answeredRecently: h.lastAnswerAt !== undefined && Date.now() - h.lastAnswerAt < 5 * 60_000,
      lastAnswerAt: h.lastAnswerAt ? new Date(h.lastAnswerAt).toISOString() : null,
      lastFailureAt: h.lastFailureAt ? new Date(h.lastFailureAt).toISOString() : null,
      lastFailure: h.lastFailure ?? null,
    },
  };
  res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
