import { open, type FileHandle } from 'node:fs/promises';

/**
 * One line of the audit log: who asked for which write, on what, and how it ended. Never a credential
 * (the caller is a hash of it) nor a learner's data (only the ids the arguments carry).
 */
export interface AuditEntry {
  time: string;
  /** The first 16 hex digits of the SHA-256 of the caller's credential or signed-in identity. */
  caller: string;
  /** The OAuth subject (issuer and sub), where the caller signed in. */
  subject?: string | undefined;
  tool: string;
  /** The ids the arguments name (group, user, assignment, material, folder, component…). */
  targets: Record<string, string>;
  /** `ok`, `declined` (the person said no when asked), or the error's code (src/call/errors.ts). */
  outcome: string;
  upstreamStatus?: number | undefined;
  /** The upstream's own code for its error, when it gave one. */
  upstreamCode?: string | undefined;
  /** The W3C trace id the client sent in `_meta.traceparent`, to find the call in its traces. */
  traceId?: string | undefined;
  /** The endpoint path the client came to and how it narrowed its tools (X-MCP-* headers, /mcp/x/… paths), if it did. */
  path?: string | undefined;
  narrowing?: string | undefined;
  /** The job a long write ran as. */
  jobId?: string | undefined;
}

/** The ids among a write's arguments: fields named `id` or ending in `Id`/`Ids`, as text, at most 20. */
export function targetsOf(args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) {
    if (!/^(id|\w+Ids?)$/.test(k) || k === 'idempotencyKey') continue;
    if (typeof v === 'string') out[k] = v.slice(0, 200);
    else if (Array.isArray(v))
      out[k] = v
        .filter((x) => typeof x === 'string')
        .slice(0, 20)
        .join(',');
    if (Object.keys(out).length >= 20) break;
  }
  return out;
}

/** The trace id of a W3C `traceparent`, if it is one. */
export function traceIdOf(traceparent: unknown): string | undefined {
  return typeof traceparent === 'string' ? /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent)?.[1] : undefined;
}

/**
 * `WORKSPACE_AUDIT_LOG`: an append-only JSON-lines file of the write tools' calls. Each line is written
 * and flushed to disk (fdatasync) before the call's answer goes out, in order.
 */
export class AuditLog {
  private file: Promise<FileHandle> | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  write(entry: AuditEntry): Promise<void> {
    this.file ??= open(this.path, 'a', 0o600);
    const line = `${JSON.stringify(entry)}\n`;
    const written = this.chain.then(async () => {
      const fh = await this.file!;
      await fh.appendFile(line);
      await fh.datasync();
    });
    this.chain = written.catch(() => undefined);
    return written;
  }

  async close(): Promise<void> {
    await this.chain;
    await (await this.file)?.close();
  }
}
