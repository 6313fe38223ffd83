/** Where a result served in parts stands: what this part holds and where the next begins. */
export interface Page {
  offset: number;
  returned: number;
  total: number;
  /** The offset of the next part, or null when this part is the last. */
  nextOffset: number | null;
}

/**
 * Makes a list result fit the size clients take: the items of `field` from `offset` on, as many as keep
 * the answer's JSON within `maxChars`, cut at an item boundary, with a `page` saying where the next
 * part begins. A result that fits whole, from the start, is returned as it is.
 */
export function fitList(
  data: Record<string, unknown>,
  field: string,
  offset: number,
  maxChars: number,
): { data: Record<string, unknown>; page?: Page; json?: string } {
  const items = data[field];
  if (!Array.isArray(items)) return { data };
  if (offset === 0) {
    // The whole answer's JSON is its text block too: made once, and kept when it fits.
    const json = JSON.stringify(data);
    if (json.length <= maxChars) return { data, json };
  }
  const rest = items.slice(offset);
  const build = (count: number) => {
    const next = offset + count < items.length ? offset + count : null;
    const page: Page = { offset, returned: count, total: items.length, nextOffset: next };
    return { data: { ...data, [field]: rest.slice(0, count), page }, page };
  };
  // The largest count whose answer fits; at least one item, so paging always moves on.
  let low = 1;
  let high = rest.length;
  if (rest.length === 0) return build(0);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (JSON.stringify(build(mid).data).length <= maxChars) low = mid;
    else high = mid - 1;
  }
  return build(low);
}

/** What the text of a result cut into parts says, so a model knows there is more and how to get it. */
export function pageNote(field: string, page: Page): string {
  const shown = page.returned === 0 ? `no ${field}` : `${field} ${page.offset + 1} to ${page.offset + page.returned}`;
  const more = page.nextOffset === null ? 'This is the last part.' : `Call again with offset: ${page.nextOffset} for the next part.`;
  return `Showing ${shown} of ${page.total}. ${more}`;
}
