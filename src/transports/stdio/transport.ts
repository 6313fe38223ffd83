import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { checkMessage, errorReply, idOfUnparsed, INVALID_REQUEST, MAX_MESSAGE_BYTES, PARSE_ERROR } from '../jsonrpc.js';
import { log } from '../../telemetry/log.js';

/** How much of an oversized line is kept to find its id: where a top-level id can stand. */
const EDGE_BYTES = 512;

/**
 * Newline-delimited JSON-RPC on stdin/stdout. Unlike the SDK's stdio transport, a message it cannot take
 * never ends the session: a line over the size limit, one that is not JSON, or one whose envelope is
 * broken is answered with a JSON-RPC error (to its id when one can be found), and serving goes on.
 * The limit is the one HTTP enforces, so no transport accepts more than another.
 */
export class StdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an oversized line is being skipped. */
  private skipping: { head: string; tail: Buffer; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
    /** Called once the transport has closed, whoever closed it (the entry that owns it sets onclose). */
    private readonly onClosed?: () => void,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.chunks = [];
    this.onclose?.();
    this.onClosed?.();
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (data: Buffer | string) => {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    for (;;) {
      const nl = chunk.indexOf(10);
      if (this.skipping) {
        this.skip(nl === -1 ? chunk : chunk.subarray(0, nl));
        if (nl === -1) return;
        this.endSkip();
      } else if (nl === -1) {
        this.chunks.push(chunk);
        this.size += chunk.length;
        if (this.size > this.maxBytes) this.startSkip();
        return;
      } else {
        this.chunks.push(chunk.subarray(0, nl));
        const line = Buffer.concat(this.chunks);
        this.chunks = [];
        this.size = 0;
        if (line.length > this.maxBytes) {
          this.skipping = { head: line.subarray(0, EDGE_BYTES).toString('utf8'), tail: line.subarray(-EDGE_BYTES), bytes: line.length };
          this.endSkip();
        } else {
          this.line(line.toString('utf8'));
        }
      }
      chunk = chunk.subarray(nl + 1);
      if (chunk.length === 0) return;
    }
  };

  private startSkip(): void {
    const pending = Buffer.concat(this.chunks);
    this.chunks = [];
    this.size = 0;
    this.skipping = { head: pending.subarray(0, EDGE_BYTES).toString('utf8'), tail: pending.subarray(-EDGE_BYTES), bytes: pending.length };
  }

  private skip(part: Buffer): void {
    const s = this.skipping!;
    s.bytes += part.length;
    s.tail = Buffer.concat([s.tail, part]).subarray(-EDGE_BYTES);
  }

  private endSkip(): void {
    const s = this.skipping!;
    this.skipping = undefined;
    const id = idOfUnparsed(s.head, s.tail.toString('utf8'));
    log('warn', 'stdio message over the size limit', { bytes: s.bytes, limit: this.maxBytes });
    void this.send(
      errorReply(
        id,
        INVALID_REQUEST,
        `Invalid Request: the message is ${s.bytes} bytes; this server takes messages of at most ${this.maxBytes} bytes (1 MiB). Send large content by reference (a URL) instead.`,
      ),
    );
  }

  private line(text: string): void {
    const trimmed = text.replace(/\r$/, '');
    if (trimmed.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      const id = idOfUnparsed(trimmed.slice(0, EDGE_BYTES), trimmed.slice(-EDGE_BYTES));
      void this.send(errorReply(id, PARSE_ERROR, 'Parse error: the line is not valid JSON.'));
      return;
    }
    const checked = checkMessage(value);
    if ('message' in checked) return this.onmessage?.(checked.message);
    log('warn', 'stdio message refused', { reason: checked.reason });
    if (checked.reply) void this.send(checked.reply);
  }
}
