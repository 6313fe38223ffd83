import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamHealth } from '../../call/upstream.js';
import type { StoreReport } from '../../jobs/record.js';

export interface HealthState {
  health: UpstreamHealth;
  draining: () => boolean;
  sessions: () => number;
  /** The shared stores (Redis) in use: never reached yet, answering, failing, or refused by their configuration. */
  stores: () => Record<string, StoreReport>;
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
  const stores = state.stores();
  // A store never reached, or refused by this replica's configuration, keeps it out of rotation: a new
  // replica with a wrong password must not take traffic. A store that fails later is every replica's
  // trouble, so it does not (calls go on as documented): the replica says `degraded`.
  const unready = Object.entries(stores).filter(([, r]) => r.state === 'connecting' || r.state === 'misconfigured');
  const ready = !draining && unready.length === 0;
  const code = ready ? 200 : 503;
  const states = (entries: [string, StoreReport][]) => Object.fromEntries(entries.map(([name, r]) => [name, r.state]));
  const reasons = (entries: [string, StoreReport][]) => {
    const told = entries.filter(([, r]) => r.reason !== undefined);
    return told.length > 0 ? { storeReasons: Object.fromEntries(told.map(([name, r]) => [name, r.reason])) } : {};
  };
  if (!(await state.mayReadDetails(req))) {
    // Anyone is told which store keeps it unready, and a configuration error in words (they name no address).
    const body = {
      ready,
      ...(unready.length > 0 ? { stores: states(unready), ...reasons(unready.filter(([, r]) => r.state === 'misconfigured')) } : {}),
    };
    res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  const all = Object.entries(stores);
  const body = {
    ready,
    ...(all.length > 0 ? { stores: states(all), ...reasons(all) } : {}),
    sessions: state.sessions(),
    upstream: {
      answeredRecently: h.lastAnswerAt !== undefined && Date.now() - h.lastAnswerAt < 5 * 60_000,
      lastAnswerAt: h.lastAnswerAt ? new Date(h.lastAnswerAt).toISOString() : null,
      lastFailureAt: h.lastFailureAt ? new Date(h.lastFailureAt).toISOString() : null,
      lastFailure: h.lastFailure ?? null,
    },
  };
  res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
