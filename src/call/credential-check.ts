import { CheckGate, Recent, type GateOptions } from './check-gate.js';
import { ToolError } from './errors.js';
import { readTool } from './read.js';
import type { Upstream } from './upstream.js';

/** What the upstream says of a client's own credentials. */
export type Verdict = 'valid' | 'invalid' | 'busy' | 'unavailable';

/** How long a verdict is remembered, either way: a refusal too, so a made-up credential sent again costs no check. */
const REMEMBER_MS = 60_000;
/** How long credentials found good keep their room among the checks (the reserved slots, the front of the queue). */
const KNOWN_MS = 24 * 3_600_000;
/** Credentials remembered at most, of each kind (the least lately seen forgotten first). */
const MAX_REMEMBERED = 10_000;

/** 16 checks at once, 4 of them kept for credentials found good before; a new one waits up to 5 s for its turn. */
export const CREDENTIAL_GATE: GateOptions = { slots: 16, reserved: 4, waitMs: 5_000, maxWaiting: 256 };

/**
 * Checks a client's own workspace credentials (client-credential hosting) with one cheap read per API it
 * brought, before anything is kept for it: made-up credentials then cost no session. Verdicts are kept by
 * the credentials' hash for a minute, refusals in a memory of their own (so a flood of made-up credentials
 * never pushes out the good ones), and the checks run through a gate: a few at once, some kept for
 * credentials found good before, the rest taken in turn. A flood of made-up credentials thus cannot turn
 * into a flood upstream, and delays new credentials at most, never ones known good. Nothing is keyed by
 * address: people share addresses.
 */
export class CredentialCheck {
  private readonly good = new Recent(MAX_REMEMBERED, REMEMBER_MS);
  private readonly refused = new Recent(MAX_REMEMBERED, REMEMBER_MS);
  private readonly known = new Recent(MAX_REMEMBERED, KNOWN_MS);
  private readonly pending = new Map<string, Promise<Verdict>>();
  private readonly gate: CheckGate;

  constructor(gate: GateOptions = CREDENTIAL_GATE) {
    this.gate = new CheckGate(gate);
  }

  verify(hash: string, upstream: Upstream): Promise<Verdict> {
    if (this.good.has(hash)) return Promise.resolve('valid');
    if (this.refused.has(hash)) return Promise.resolve('invalid');
    const running = this.pending.get(hash);
    if (running) return running;
    const check = this.check(hash, upstream).finally(() => this.pending.delete(hash));
    this.pending.set(hash, check);
    return check;
  }

  private async check(hash: string, upstream: Upstream): Promise<Verdict> {
    const release = await this.gate.acquire(this.known.has(hash));
    if (!release) return 'busy';
    let verdict: Verdict;
    try {
      verdict = await this.ask(upstream);
    } finally {
      release();
    }
    if (verdict === 'valid') {
      this.good.add(hash);
      this.known.add(hash);
      this.refused.delete(hash);
    } else if (verdict === 'invalid') {
      this.refused.add(hash);
      this.good.delete(hash);
      this.known.delete(hash);
    }
    return verdict;
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
}
