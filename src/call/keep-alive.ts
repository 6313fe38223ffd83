import type { ToolDef } from '../../tools/define.js';
import { FIRST_KEEPALIVE_MS } from '../config/defaults.js';
import type { CallContext, ProgressKind } from './context.js';

/**
 * A short status whenever a call with a progress token has been silent for a while, so clients that
 * reset their timeout on progress keep waiting, and a person sees the call is alive.
 */
export class KeepAlive {
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly progress: NonNullable<CallContext['progress']>,
    private readonly def: Pick<ToolDef, 'title' | 'mode'>,
    private readonly everyMs: number,
  ) {
    this.arm(Math.min(FIRST_KEEPALIVE_MS, everyMs));
  }

  /** Sends progress and restarts the silence count. */
  readonly send = (message: string, kind: ProgressKind): Promise<void> => {
    if (this.timer) this.arm(this.everyMs);
    return this.progress(message, kind);
  };

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const s = Math.round((performance.now() - this.started) / 1000);
      const what = this.def.mode === 'long' ? `Still working: ${this.def.title}` : 'Still waiting for the workspace';
      this.send(`${what} (${s} s so far)`, 'status').catch(() => undefined);
    }, ms);
    this.timer.unref();
  }
}
