// The sandbox as a test double: it records every request, applies scripted faults and can be reset.
// None of this is in the workspace a user runs with --sandbox, whose memory must not grow per request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createConnector, LIST_LIMITS } from './connector/index.js';
import { makeHostile } from './hostile.js';
import { sizedWorkspace } from './grow.js';
import { listen, Sandbox, type Fault, type RecordedRequest, type SandboxOptions } from './platform.js';

export class TestSandbox extends Sandbox {
  readonly requests: RecordedRequest[] = [];
  /** Open upstream connections, for tests that check a cancel closed one. */
  readonly sockets = new Set<Socket>();
  private faults: (Fault & { left: number })[] = [];
  /** Every answer waits this long, after the request is recorded (a slow upstream). */
  latencyMs = 0;
  /** Requests being answered now, and the most there were at once since the last reset. */
  open = 0;
  maxOpen = 0;

  /** Back to the seeded workspace, no faults, empty request log. */
  reset(): void {
    this.ws = sizedWorkspace(this.now(), this.opts.size);
    Object.assign(this.limits, LIST_LIMITS);
    this.connector = createConnector({ ws: this.ws, now: () => this.now(), limits: this.limits });
    this.content.reset();
    this.faults = [];
    this.idem.clear();
    this.requests.length = 0;
    this.latencyMs = 0;
    this.maxOpen = this.open;
  }

  override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.maxOpen = Math.max(this.maxOpen, ++this.open);
    try {
      await super.handle(req, res);
    } finally {
      this.open--;
    }
  }

  protected override latency(): number {
    return this.latencyMs;
  }

  /** Serves the payloads of src/sandbox/hostile.ts until the next reset. */
  hostile(): void {
    this.content.options.stream = {};
    makeHostile(this.ws, this.content.store.materials, this.content.options.stream);
  }

  /**
   * Refuses a list command's `limit` above `max` (400 VALIDATION_ERROR, `error.errors.limit`, unless another
   * `status` is given), as a workspace with an undocumented maximum does, until the next reset.
   */
  refuseLimitAbove(max: number, status = 400): void {
    this.limits.max = max;
    this.limits.status = status;
  }

  /**
   * Answers at most `max` rows of a list command whatever its `limit`, with no error and nothing in the
   * answer to say so, as a workspace with a silent cap does, until the next reset.
   */
  capRowsSilently(max: number): void {
    this.limits.silentMax = max;
  }

  /** Misbehaves on the next `times` requests whose path starts with `fault.path`. */
  inject(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  protected override intercept(request: RecordedRequest): Fault | undefined {
    this.requests.push(request);
    const f = this.faults.find((x) => x.left > 0 && request.path.startsWith(x.path));
    if (f) f.left--;
    return f;
  }
}

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await listen(opts, (server, url) => new TestSandbox(server, url, opts));
  sandbox.http.on('connection', (s: Socket) => {
    sandbox.sockets.add(s);
    s.on('close', () => sandbox.sockets.delete(s));
  });
  return sandbox;
}
