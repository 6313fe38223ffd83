import { ToolError } from './errors.js';
import { readTool } from './read.js';
import type { Upstream } from './upstream.js';

/** What the upstream says of a client's own credentials. */
export type Verdict = 'valid' | 'invalid' | 'busy' | 'unavailable';

/** How long a verdict is remembered, either way. */
const REMEMBER_MS = 60_000;
/** Verdicts remembered at most (oldest forgotten first). */
const MAX_REMEMBERED = 10_000;

/**
 * Checks a client's own workspace credentials (client-credential hosting) with one cheap read per API it
 * brought, before anything is kept for it: made-up credentials then cost no session. Verdicts are kept by
 * the credentials' hash for a minute, and at most `maxInFlight` checks run at once, so a flood of made-up
 * credentials cannot turn into a flood upstream. Nothing is keyed by address: people share addresses.
 */
export class CredentialCheck {
  private readonly verdicts = new Map<string, { valid: boolean; until: number }>();
  private readonly pending = new Map<string, Promise<Verdict>>();

  constructor(private readonly maxInFlight = 16) {}

  verify(hash: string, upstream: Upstream): Promise<Verdict> {
    const known = this.verdicts.get(hash);
    if (known && known.until > Date.now()) return Promise.resolve(known.valid ? 'valid' : 'invalid');
    const running = this.pending.get(hash);
    if (running) return running;
    if (this.pending.size >= this.maxInFlight) return Promise.resolve('busy');
    const check = this.ask(upstream)
      .then((verdict) => {
        if (verdict === 'valid' || verdict === 'invalid') this.remember(hash, verdict === 'valid');
        return verdict;
      })
      .finally(() => this.pending.delete(hash));
    this.pending.set(hash, check);
    return check;
  }

  /** Valid when every API the client brought credentials for accepts them (a 403 is a real credential without that permission). */
  private async ask(upstream: Upstream): Promise<Verdict> {
    const reads = [];
    // The cheapest read of each API: one row of a short list.
    if (upstream.apis().has('connector')) reads.push(readTool(upstream, 'radar_alerts_list', { limit: 1 }, { retry: false }));
    if (upstream.apis().has('content')) reads.push(readTool(upstream, 'materials_list', { limit: 1 }, { retry: false }));
    const outcomes = await Promise.allSettled(reads);
    let verdict: Verdict = 'valid';
    for (const o of outcomes) {
      if (o.status === 'fulfilled') continue;
      const status = o.reason instanceof ToolError ? o.reason.status : undefined;
      if (status === 401) return 'invalid';
      if (status !== 403 && (status === undefined || status >= 500 || status === 429)) verdict = 'unavailable';
    }
    return verdict;
  }

  private remember(hash: string, valid: boolean): void {
    if (this.verdicts.size >= MAX_REMEMBERED) this.verdicts.delete(this.verdicts.keys().next().value!);
    this.verdicts.set(hash, { valid, until: Date.now() + REMEMBER_MS });
  }
}
