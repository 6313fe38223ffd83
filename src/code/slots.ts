// How many code_run sandboxes one process runs at once. Each is a worker thread with up to 64 MB of
// WebAssembly memory and a heap of its own, and every session may have --max-inflight calls going: without
// a bound, a few sessions of memory bombs take the whole process's memory. A run past the bound waits.

export class SandboxSlots {
  private held = 0;
  private readonly waiting = new Set<() => void>();

  constructor(readonly most: number) {}

  /** Slots held now. */
  get running(): number {
    return this.held;
  }

  /** Waits for a free slot; false when the signal ended the wait first (then no slot is held). */
  async take(signal: AbortSignal): Promise<boolean> {
    while (this.held >= this.most && !signal.aborted) await this.turn(signal);
    if (signal.aborted) {
      // Woken for a free slot and cancelled before taking it: the next in line gets the wake-up.
      this.wakeNext();
      return false;
    }
    this.held++;
    return true;
  }

  release(): void {
    this.held--;
    this.wakeNext();
  }

  private turn(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.waiting.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.waiting.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  private wakeNext(): void {
    if (this.held >= this.most) return;
    const [next] = this.waiting;
    next?.();
  }
}
