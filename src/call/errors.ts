/**
 * A failure the agent can act on. Everything that goes wrong in a tool call ends up as one of
 * these, and `formatToolError` turns it into the text of an `isError` result.
 */
export class ToolError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly resolution: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Which credential or setting to check, for 401/403. */
  readonly hint: string | undefined;
  /** Text received before the failure (streams). */
  readonly partial: string | undefined;

  constructor(
    message: string,
    opts: {
      status?: number | undefined;
      code?: string | undefined;
      resolution?: string | undefined;
      fieldErrors?: Record<string, string[]> | undefined;
      hint?: string | undefined;
      partial?: string | undefined;
    } = {},
  ) {
    super(message);
    this.name = 'ToolError';
    this.status = opts.status;
    this.code = opts.code;
    this.resolution = opts.resolution;
    this.fieldErrors = opts.fieldErrors;
    this.hint = opts.hint;
    this.partial = opts.partial;
  }
}

export function formatToolError(err: ToolError): string {
  const head = [err.status === undefined ? 'Error' : `HTTP ${err.status}`, err.code].filter(Boolean).join(' ');
  const lines = [`${head}: ${err.message}`];
  if (err.resolution) lines.push(`Resolution: ${err.resolution}`);
  if (err.fieldErrors && Object.keys(err.fieldErrors).length > 0) {
    lines.push('Field errors:');
    for (const [field, messages] of Object.entries(err.fieldErrors)) {
      for (const m of messages) lines.push(`- ${field}: ${m}`);
    }
  }
  if (err.hint) lines.push(`Check: ${err.hint}`);
  if (err.partial) lines.push('', 'Received before the failure:', excerpt(err.partial));
  return lines.join('\n');
}

/** How much of a partial answer an error repeats: its start, and how long it was. */
const EXCERPT_CHARS = 4_000;

function excerpt(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}… (${text.length} characters in all)`;
}
