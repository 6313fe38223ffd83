// The fields of a result that people wrote (names, descriptions, material text, the assistant's answer),
// as the tool rows declare them (ToolDef.untrusted and .prose): named in the result's _meta (its keys are in
// src/text/meta-keys.ts), and in lockdown the prose withheld and links to other hosts defanged.

/** What stands in lockdown where prose someone wrote would be. */
export const WITHHELD = '[withheld: lockdown]';

type Step = { key: string; each: boolean };

/** Every field a row declares people wrote, the prose first. */
export const declaredOf = (def: { untrusted?: readonly string[]; prose?: readonly string[] }): string[] => [
  ...(def.prose ?? []),
  ...(def.untrusted ?? []),
];

/** "materials[].content.text" as its steps: materials (each), content, text. */
export function stepsOf(path: string): Step[] {
  return path.split('.').map((p) => (p.endsWith('[]') ? { key: p.slice(0, -2), each: true } : { key: p, each: false }));
}

/** The value with `change` applied to every value at the steps; parts unchanged are shared. */
function mapAt(value: unknown, steps: readonly Step[], change: (leaf: unknown) => unknown): unknown {
  if (steps.length === 0) return change(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [step, ...rest] = steps as [Step, ...Step[]];
  const record = value as Record<string, unknown>;
  const child = record[step.key];
  if (child === undefined) return value;
  let next: unknown;
  if (!step.each) next = mapAt(child, rest, change);
  else if (Array.isArray(child)) {
    const mapped = child.map((c) => mapAt(c, rest, change));
    next = mapped.some((m, i) => m !== child[i]) ? mapped : child;
  } else next = child;
  return next === child ? value : { ...record, [step.key]: next };
}

/** The declared paths that hold at least one value (not null) in this data, in their declared order. */
export function presentPaths(data: Record<string, unknown>, paths: readonly string[]): string[] {
  return paths.filter((path) => {
    let found = false;
    mapAt(data, stepsOf(path), (leaf) => {
      found ||= leaf !== null && leaf !== undefined;
      return leaf;
    });
    return found;
  });
}

/** The data with every value at the paths that is not null replaced by WITHHELD. */
export function withhold(data: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  let out: unknown = data;
  for (const path of paths) out = mapAt(out, stepsOf(path), (leaf) => (leaf === null || leaf === undefined ? leaf : WITHHELD));
  return out as Record<string, unknown>;
}

/** The data with the links and images of the strings at the paths defanged, where they point off the workspace. */
export function defang(data: Record<string, unknown>, paths: readonly string[], hosts: ReadonlySet<string>): Record<string, unknown> {
  let out: unknown = data;
  for (const path of paths) out = mapAt(out, stepsOf(path), (leaf) => (typeof leaf === 'string' ? defangText(leaf, hosts) : leaf));
  return out as Record<string, unknown>;
}

// Linear on hostile text: the alt text stops at any bracket (a run of "![" starts is no square of
// work), and the address (no space) and the title (after a space) cannot take the same characters.
const IMAGE = /!\[([^[\]\n]*)\]\(\s*(https?:\/\/[^)\s]+)(?:\s[^)\n]*)?\)/gi;
const URL_TEXT = /\bhttps?:\/\/[^\s<>()"'`\]]+/gi;

function foreign(url: string, hosts: ReadonlySet<string>): boolean {
  try {
    return !hosts.has(new URL(url).hostname.toLowerCase());
  } catch {
    return true;
  }
}

/** "https://evil.example/x" as "hxxps://evil[.]example/x": still readable, no longer a link a client follows or loads. */
const defangUrl = (url: string) =>
  url
    .replace(/^http/i, 'hxxp')
    .replace(/^(hxxps?:\/\/)([^/?#]*)/i, (_, scheme: string, host: string) => scheme + host.replaceAll('.', '[.]'));

/** A text whose images and links to hosts other than the workspace's are defanged (images shown as their alt text). */
export function defangText(text: string, hosts: ReadonlySet<string>): string {
  return text
    .replace(IMAGE, (whole, alt: string, url: string) => (foreign(url, hosts) ? `[image: ${alt}] (${defangUrl(url)})` : whole))
    .replace(URL_TEXT, (url) => (foreign(url, hosts) ? defangUrl(url) : url));
}
