import { AsyncLocalStorage } from 'node:async_hooks';

/** What one HTTP request learned on its way through, for its access-log line. */
export interface RequestTrace {
  upstreamStatus?: number;
}

export const requestTrace = new AsyncLocalStorage<RequestTrace>();
