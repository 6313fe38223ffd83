import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ContentOptions {
  /** Pacing of the insights stream. */
  streamDelayMs?: number;
}

// The Content API half of the sandbox.
export function createContent(_opts: ContentOptions, _now: () => number) {
  return {
    owns(_path: string): boolean {
      return false;
    },
    reset(): void {},
    async handle(_req: IncomingMessage, _res: ServerResponse, _url: URL, _raw: string): Promise<'streamed' | { status: number; payload: unknown }> {
      return { status: 404, payload: { error: 'Not found' } };
    },
  };
}
