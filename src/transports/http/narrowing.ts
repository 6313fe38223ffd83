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

/**
 * The paths served as the MCP endpoint: /mcp, /mcp/readonly, /mcp/x/<toolsets> and /mcp/x/<toolsets>/readonly
 * (for connectors that take a URL and no headers, as GitHub's remote server has them). Undefined for any
 * other path. With narrowing off, /mcp alone.
 */
export function endpointPath(path: string, narrowing: boolean): { toolsets?: string; readOnly: boolean } | undefined {
  if (path === ENDPOINT) return { readOnly: false };
  if (!narrowing || !path.startsWith(`${ENDPOINT}/`)) return undefined;
  if (path === `${ENDPOINT}/readonly`) return { readOnly: true };
  const m = /^\/mcp\/x\/([^/]+)(\/readonly)?\/?$/.exec(path);
  if (!m) return undefined;
  return { toolsets: m[1]!, readOnly: m[2] !== undefined };
}

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

/** A path segment, percent-decoded (a comma may come as %2C); a broken encoding is the client's error. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, -32000, 'The path is not valid percent-encoding.');
  }
}

const listed = (items: readonly string[]) => items.map((s) => s.slice(0, 60)).join(', ');

/**
 * What a request asks to be offered, by its path and its headers (X-MCP-Toolsets, X-MCP-Tools,
 * X-MCP-Exclude-Tools, X-MCP-Readonly); undefined when it asks nothing. Names the operator left out are
 * not offered; a request whose names are all such names is refused with a 400 that lists what is offered,
 * rather than served no tool.
 */
export function requestNarrowing(req: IncomingMessage, path: string, offered: Offered): Narrowing | undefined {
  const at = endpointPath(path, true);
  const pathToolsets = every(names(at?.toolsets && decoded(at.toolsets), `The path ${path.slice(0, 100)}`));
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
