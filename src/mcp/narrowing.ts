/**
 * What one HTTP client asked to be offered, within what the operator's flags offer: toolsets and tools
 * by name (headers X-MCP-Toolsets and X-MCP-Tools, or the path /mcp/x/<toolsets>), tools left out
 * (X-MCP-Exclude-Tools) and reads only (X-MCP-Readonly, or a path ending in /readonly). It can only take
 * tools away: a catalogue narrowed by it offers a subset of the operator's.
 */
export interface Narrowing {
  /** Toolsets named in the path: every tool offered is of one of them. */
  readonly pathToolsets?: ReadonlySet<string> | undefined;
  /** Toolsets and tools named in the headers: a tool in either is offered (as --toolsets and --tools). */
  readonly toolsets?: ReadonlySet<string> | undefined;
  readonly tools?: ReadonlySet<string> | undefined;
  readonly excludeTools?: ReadonlySet<string> | undefined;
  readonly readOnly?: boolean | undefined;
  /** How logs, traces and the audit name it: the request's path and the headers that narrowed it. */
  readonly label: string;
}

/** One string per distinct narrowing, for the catalogue kept for it. */
export function narrowingKey(n: Narrowing): string {
  const set = (s: ReadonlySet<string> | undefined) => (s ? [...s].sort().join(',') : '-');
  return [set(n.pathToolsets), set(n.toolsets), set(n.tools), set(n.excludeTools), n.readOnly ? 'ro' : 'rw'].join('|');
}

/** Whether a narrowing names toolsets or tools (then only what it names is kept, the server's own tools included). */
export function namesTools(n: Narrowing): boolean {
  return n.toolsets !== undefined || n.tools !== undefined;
}

/**
 * Whether a tool of a toolset passes the narrowing's names: in the path's toolsets, when it names some;
 * in the headers' toolsets or tools, when they name any; not left out.
 */
export function keeps(n: Narrowing, name: string, toolset: string): boolean {
  if (n.pathToolsets && !n.pathToolsets.has(toolset)) return false;
  if (namesTools(n) && !n.toolsets?.has(toolset) && !n.tools?.has(name)) return false;
  return !n.excludeTools?.has(name);
}
