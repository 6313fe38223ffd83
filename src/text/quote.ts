/** The longest piece of a caller's own input an error message repeats. */
export const QUOTE_MAX = 60;

/** A piece of caller input for an error text: short, on one line, and said to be cut when it was. */
export function quote(value: string, max = QUOTE_MAX): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is flattened here
  const flat = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat) + (flat.length > max ? ` (${value.length} characters)` : '');
}
