import type { IncomingMessage } from 'node:http';
import type { Narrowing } from '../../mcp/narrowing.js';
import { HttpError } from './errors.js';

/** A request header's value (Node joins a repeated one with commas); none when absent or empty. */
function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** What the operator's flags offer, for checking what a client names. */
export interface Offered {
  toolsets: readonly string[];
  names: readonly string[];
}

/** Names one header or path may list: more is no narrowing anyone means, and would cost for nothing. */
const MAX_NAMES = 200;
const ENDPOINT = '/mcp';

/** A toolset's name as a path may carry it: the tool rows' names, `all`, `default`. */
const NAME = '[a-z][a-z0-9_-]{0,59}';
/** The toolsets segment of /mcp/x/<toolsets>: names joined by commas, written as such or as %2C. */
const TOOLSETS = new RegExp(`^${NAME}(?:(?:,|%2[cC])${NAME})*$`);
const NARROWED = /^\/mcp\/x\/([^/]+)(\/readonly)?\/?$/;

/** An endpoint a path names: the toolsets it keeps (none: every one) and whether it serves reads only. */
export interface Endpoint {
  toolsets?: readonly string[];
  readOnly: boolean;
}

/**
 * The paths served as the MCP endpoint: /mcp, /mcp/readonly, /mcp/x/<toolsets> and /mcp/x/<toolsets>/readonly
 * (for connectors that take a URL and no headers, as GitHub's remote server has them). Undefined for any
 * other path, and for a toolsets segment outside its grammar (lower-case names and commas): such a path
 * is refused as not found before anything (a narrowing, a challenge, a metadata URL) is built from it.
 * With narrowing off, /mcp alone.
 */
export function endpointPath(path: string, narrowing: boolean): Endpoint | undefined {
  if (path === ENDPOINT) return { readOnly: false };
  if (!narrowing || !path.startsWith(`${ENDPOINT}/`)) return undefined;
  if (path === `${ENDPOINT}/readonly` || path === `${ENDPOINT}/readonly/`) return { readOnly: true };
  const m = NARROWED.exec(path);
  if (!m || !TOOLSETS.test(m[1]!)) return undefined;
  const names = m[1]!.split(/,|%2[cC]/);
  if (names.length > MAX_NAMES) return undefined;
  return { toolsets: names, readOnly: m[2] !== undefined };
}

/**
 * Whether an endpoint serves no more than another: reads only where the other does, and only toolsets the
 * other keeps. A token issued for `wide` is taken at `narrow` (RFC 8707: the resource a token names is its
 * limit), never the other way round. `all` and `default` name every toolset.
 */
export function within(narrow: Endpoint, wide: Endpoint): boolean {
  if (wide.readOnly && !narrow.readOnly) return false;
  const wideSets = everyOf(wide.toolsets);
  if (!wideSets) return true;
  const narrowSets = everyOf(narrow.toolsets);
  return narrowSets !== undefined && narrowSets.every((t) => wideSets.includes(t));
}

const everyOf = (sets: readonly string[] | undefined) => (sets && !sets.includes('all') && !sets.includes('default') ? sets : undefined);

/** The false words of GitHub's X-MCP-Readonly: anything else, in any one of a repeated header's values, is on. */
const OFF = /^\s*(|false|f|no|n|0|off)\s*$/i;

/** A switch header that can only narrow (X-MCP-Readonly, X-MCP-Lockdown): on unless every value Node joined is a false word. */
export function switchHeader(req: IncomingMessage, name: string): boolean {
  const v = header(req, name);
  return v !== undefined && v.split(',').some((part) => !OFF.test(part));
}

/** A comma-separated list of names (whitespace ignored), bounded; undefined when the list is empty. */
function names(value: string | undefined, what: string): Set<string> | undefined {
  if (value === undefined) return undefined;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > MAX_NAMES) throw new HttpError(400, -32000, `${what} names more than ${MAX_NAMES} entries.`);
  return list.length > 0 ? new Set(list) : undefined;
}

/** `all` and `default` name every toolset the operator offers: no narrowing by toolset. */
const every = (sets: Set<string> | undefined) => (sets && (sets.has('all') || sets.has('default')) ? undefined : sets);

const listed = (items: readonly string[]) => items.map((s) => s.slice(0, 60)).join(', ');

/**
 * What a request asks to be offered, by its path and its headers (X-MCP-Toolsets, X-MCP-Tools,
 * X-MCP-Exclude-Tools, X-MCP-Readonly); undefined when it asks nothing. Names the operator left out are
 * not offered; a request whose names are all such names is refused with a 400 that lists what is offered,
 * rather than served no tool.
 */
export function requestNarrowing(req: IncomingMessage, path: string, offered: Offered): Narrowing | undefined {
  const at = endpointPath(path, true);
  const pathToolsets = every(at?.toolsets && new Set(at.toolsets));
  const toolsets = every(names(header(req, 'x-mcp-toolsets'), 'X-MCP-Toolsets'));
  const tools = names(header(req, 'x-mcp-tools'), 'X-MCP-Tools');
  const excludeTools = names(header(req, 'x-mcp-exclude-tools'), 'X-MCP-Exclude-Tools');
  const readHeader = switchHeader(req, 'x-mcp-readonly');
  const readOnly = (at?.readOnly ?? false) || readHeader;
  if (!pathToolsets && !toolsets && !tools && !excludeTools && !readOnly) return undefined;
  const sets = new Set(offered.toolsets);
  const tooled = new Set(offered.names);
  if (pathToolsets && ![...pathToolsets].some((t) => sets.has(t)))
    throw new HttpError(
      400,
      -32000,
      `This server offers none of the toolsets in the path (${listed([...pathToolsets])}). Offered: ${listed(offered.toolsets)}.`,
    );
  if ((toolsets || tools) && ![...(toolsets ?? [])].some((t) => sets.has(t)) && ![...(tools ?? [])].some((t) => tooled.has(t)))
    throw new HttpError(
      400,
      -32000,
      `This server offers none of the toolsets or tools named in X-MCP-Toolsets / X-MCP-Tools (${listed([...(toolsets ?? []), ...(tools ?? [])])}). Toolsets offered: ${listed(offered.toolsets)}. Tools offered: ${listed(offered.names)}.`,
    );
  const label = [
    path.slice(0, 200),
    ...(toolsets ? [`X-MCP-Toolsets: ${listed([...toolsets])}`] : []),
    ...(tools ? [`X-MCP-Tools: ${listed([...tools])}`] : []),
    ...(excludeTools ? [`X-MCP-Exclude-Tools: ${listed([...excludeTools])}`] : []),
    ...(readHeader ? ['X-MCP-Readonly'] : []),
  ].join('; ');
  return { pathToolsets, toolsets, tools, excludeTools, readOnly, label };
}
