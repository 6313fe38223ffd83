import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamHealth } from '../../call/upstream.js';

export interface HealthState {
  health: UpstreamHealth;
  draining: () => boolean;
  sessions: () => number;
}

/** `GET /healthz` (alive) and `GET /readyz` (ready, and when the upstream last answered); false for other requests. */
export function serveHealth(path: string, req: IncomingMessage, res: ServerResponse, state: HealthState): boolean {
  if (req.method !== 'GET') return false;
  if (path === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return true;
  }
  if (path !== '/readyz') return false;
  const h = state.health;
  const draining = state.draining();
  const body = {
    ready: !draining,
    sessions: state.sessions(),
    upstream: {
      answeredRecently: h.lastAnswerAt !== undefined && Date.now() - h.lastAnswerAt < 5 * 60_000,
      lastAnswerAt: h.lastAnswerAt ? new Date(h.lastAnswerAt).toISOString() : null,
      lastFailureAt: h.lastFailureAt ? new Date(h.lastFailureAt).toISOString() : null,
      lastFailure: h.lastFailure ?? null,
    },
  };
  res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return true;
}
