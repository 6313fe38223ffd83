import type { ClientPresence } from '../../call/context.js';
import type { Body } from './body.js';

/**
 * Requests held before they reach the MCP server (while their call is counted against a shared limit),
 * by caller, session and request id, so that the client's cancel, sent while one waits, ends it there:
 * the server never sees it, and nothing is sent upstream for a call its client gave up on.
 */
export class WaitingCalls {
  private readonly held = new Map<string, AbortController>();

  /** Runs `step` for the request(s) of `body`; its signal aborts on a cancel of one of them, or when the client goes. */
  async run<T>(
    body: Body,
    caller: string,
    sid: string | undefined,
    client: ClientPresence | undefined,
    step: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const abort = new AbortController();
    // A cancel names the request by id, which only a session makes unique to one client.
    const keys = sid === undefined ? [] : body.requests.map((id) => key(caller, sid, id));
    for (const k of keys) this.held.set(k, abort);
    try {
      return await step(client ? client.signal(abort.signal) : abort.signal);
    } finally {
      for (const k of keys) this.held.delete(k);
    }
  }

  /** Ends the held requests that `body` cancels (notifications/cancelled). */
  cancel(body: Body, caller: string, sid: string | undefined): void {
    if (sid === undefined || this.held.size === 0) return;
    for (const m of body.messages)
      if (m['method'] === 'notifications/cancelled')
        this.held.get(key(caller, sid, (m['params'] as { requestId?: unknown } | undefined)?.requestId))?.abort();
  }

  get size(): number {
    return this.held.size;
  }
}

const key = (caller: string, sid: string, id: unknown) => `${caller}\0${sid}\0${typeof id}:${String(id)}`;
