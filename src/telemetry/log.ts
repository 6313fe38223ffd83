import { createHash } from 'node:crypto';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// The process's level: the environment's until the command line is read (setLogLevel), info by default.
let threshold = order[(process.env['WORKSPACE_LOG_LEVEL'] as LogLevel | undefined) ?? 'info'] ?? order.info;

/** Sets the process's log level, once its settings are read. */
export function setLogLevel(level: LogLevel): void {
  threshold = order[level];
}

const secrets = new Set<string>();

export function debugEnabled(): boolean {
  return threshold <= order.debug;
}

/** Registers a credential so that no output of the process can carry it. */
export function registerSecret(value: string | undefined): void {
  // Very short values would redact ordinary words; real credentials are longer.
  if (!value || value.length < 6) return;
  // And the forms it takes when it ends up in a URL or an Authorization header.
  const base64 = Buffer.from(value).toString('base64');
  for (const form of [value, encodeURIComponent(value), base64, base64.replace(/=+$/, ''), Buffer.from(value).toString('base64url')])
    secrets.add(form);
}

export function redact(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
  return out;
}

/** A short, stable, non-reversible label for a credential or session id, for logs. */
export function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 10);
}

// Lines are batched and written once per turn of the event loop: writes to a pipe are synchronous on
// Linux, and a line per request written one by one costs a busy HTTP server a system call each.
let pending: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  process.stderr.write(text);
}
process.on('exit', flush);

/** One JSON line on stderr: stdout belongs to the protocol in stdio mode. */
export function log(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return;
  pending.push(redact(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })) + '\n');
  if (level === 'error') return flush();
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}
