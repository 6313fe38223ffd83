import { ERROR_META } from '../src/call/errors.js';

/**
 * The rule of src/call/errors.ts for every error result: `_meta`'s resolution is the text's "Resolution:"
 * line (its second, after the line naming the code), word for word. Throws when it is not.
 */
export function expectOneResolution(result: {
  isError?: boolean | undefined;
  content: { type: string; text?: string }[];
  _meta?: Record<string, unknown> | undefined;
}): void {
  const meta = result._meta?.[ERROR_META] as { code?: unknown; resolution?: unknown } | undefined;
  if (result.isError !== true || meta === undefined) return;
  const line = result.content
    .map((c) => (c.type === 'text' ? (c.text ?? '') : ''))
    .join('\n')
    .split('\n')[1];
  if (typeof meta.resolution !== 'string' || line !== `Resolution: ${meta.resolution}`) {
    throw new Error(
      `${String(meta.code)}: _meta's resolution ${JSON.stringify(meta.resolution)} is not the text's line ${JSON.stringify(line)}`,
    );
  }
}
