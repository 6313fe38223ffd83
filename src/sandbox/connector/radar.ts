// The sandbox's radar/* commands.
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function radarAlertsList(sbx: Model, b: Body, check: Check): unknown {
  const status = check.oneOf('status', ['new', 'dismissed', 'actioned', 'partially_actioned', 'all'] as const, false) ?? 'all';
  const limit = check.limit();
  check.done();
  const list = sbx.ws.alerts
    .filter((a) => status === 'all' || a.status === status)
    .sort((x, y) => y.detectedAt.localeCompare(x.detectedAt));
  return { alerts: sbx.take(list, limit) };
}

export const radar: Handlers = {
  'radar/alerts-list': { write: false, run: radarAlertsList },
};
