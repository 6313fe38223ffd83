/** Edit distance (insertions, deletions, substitutions), in one row of memory. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** " (did you mean a or b?)" after a name that matches none, or nothing when no name is near. */
export function didYouMean(wanted: string, names: readonly string[]): string {
  const near = closestNames(wanted, names);
  return near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : '';
}

/**
 * The names closest to one that matches none, best first: a misspelling (`analytic_students`), another
 * separator (`analytics-students`), or a word of a real name (`students`). At most `count`, and only
 * names near enough to be what was meant.
 */
export function closestNames(wanted: string, names: readonly string[], count = 3): string[] {
  const w = wanted
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 100);
  const scored = names.map((name) => {
    const words = w.split('_').filter((p) => p.length >= 3 && name.includes(p)).length;
    return { name, score: distance(w, name) - 5 * words };
  });
  return scored
    .filter((s) => s.score <= Math.max(3, Math.floor(s.name.length / 3)))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((s) => s.name);
}
