/** Tool calls running on one server, so a stdio client that closed its input still gets its answers. */
export class CallsInFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.begin();
    try {
      return await work();
    } finally {
      this.end();
    }
  }

  /** A call starts; end() must follow, however it ends (for a caller that awaits it anyway). */
  begin(): void {
    this.running++;
  }

  end(): void {
    if (--this.running === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once no call is running, or when the wait is over. */
  settled(maxWaitMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
