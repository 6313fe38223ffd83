import type { Tool } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { Api, ToolDef, Toolset } from '../tools/define.js';
import { serverInstructions } from './instructions.js';
import { viewMeta } from './views.js';
import { didYouMean } from './suggest.js';

/** What choosing a server's tools needs to know of each, without building its zod schemas. */
export interface ToolSummary {
  name: string;
  api: Api;
  toolset: Toolset;
  readOnly: boolean;
  destructive: boolean;
  takesIdempotencyKey: boolean;
}

export interface ToolFilter {
  apis: ReadonlySet<Api>;
  toolsets?: ReadonlySet<Toolset> | undefined;
  /** Tools named one by one; with toolsets, a tool in either is offered. */
  tools?: ReadonlySet<string> | undefined;
  excludeTools?: ReadonlySet<string> | undefined;
  readOnly?: boolean | undefined;
}

/**
 * Filled in at build time for the bundle: every tool's summary and `tools/list` entry. A freshly started
 * bundle answers `tools/list` from them and builds the tools' zod schemas (a third of the schemas built
 * at start) only when a tool is first called.
 */
declare const __LW_TOOLS__: { summaries: ToolSummary[]; list: Record<string, Tool> } | undefined;
const built = typeof __LW_TOOLS__ === 'undefined' ? undefined : __LW_TOOLS__;

let definitions: Promise<ReadonlyMap<string, ToolDef>> | undefined;

/** The tool declarations, loaded once, on first use. */
function loadDefinitions(): Promise<ReadonlyMap<string, ToolDef>> {
  definitions ??= import('../tools/index.js').then(({ tools }) => new Map(tools.map((d) => [d.name, d])));
  return definitions;
}

export function summarize(def: ToolDef): ToolSummary {
  const { name, api, toolset, annotations, takesIdempotencyKey } = def;
  return { name, api, toolset, readOnly: annotations.readOnlyHint, destructive: annotations.destructiveHint, takesIdempotencyKey };
}

/**
 * Whether a tool is offered: one of the configured APIs; of the toolsets or tools named, when any are;
 * not excluded; and a read when the server is read-only.
 */
export function offered(tool: ToolSummary, filter: ToolFilter): boolean {
  const named = !filter.toolsets && !filter.tools ? true : !!filter.toolsets?.has(tool.toolset) || !!filter.tools?.has(tool.name);
  return filter.apis.has(tool.api) && named && !filter.excludeTools?.has(tool.name) && (!filter.readOnly || tool.readOnly);
}

/** Names given to --tools or --exclude-tools that are no tool's, with the closest real ones. */
export async function unknownToolNames(filter: ToolFilter): Promise<string | undefined> {
  const known = (built?.summaries ?? [...(await loadDefinitions()).values()]).map((t) => t.name);
  const unknown = [...(filter.tools ?? []), ...(filter.excludeTools ?? [])].filter((n) => !known.includes(n));
  if (unknown.length === 0) return undefined;
  return `Unknown tool(s): ${unknown.map((n) => `${n.slice(0, 60)}${didYouMean(n, known)}`).join(', ')}. The README's tool list names them all.`;
}

/**
 * The same conversion McpServer makes for a zod 4 schema: zod's own Standard JSON Schema, JSON Schema
 * 2020-12 (the dialect MCP assumes when a schema names none).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
}

/**
 * What zod writes that means nothing to a model or a client, taken out of a converted schema: the
 * `$schema` line (2020-12 is MCP's default dialect), `minLength: 1`, a safe integer's bounds
 * (`exclusiveMinimum: 0` with `maximum: 9007199254740991`, said as `minimum: 1`), and the patterns,
 * formats and length limits the descriptions say in words. The server's zod schemas still check it all.
 */
export function tidySchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(tidySchema) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    // "Not empty": true of any value a model would send; the server still refuses an empty one.
    if (key === 'minLength' && value === 1) continue;
    // Patterns, formats and length limits are said in the field's description (a test checks that),
    // where every model and agent framework reads them; the server still checks them.
    if (key === 'pattern' || key === 'format' || key === 'maxLength') continue;
    out[key] = tidySchema(value);
  }
  if (out['type'] === 'integer' && out['exclusiveMinimum'] === 0 && out['minimum'] === undefined) {
    delete out['exclusiveMinimum'];
    out['minimum'] = 1;
  }
  // Gemini takes no exclusiveMinimum: a number above 0 is said in its description instead.
  if (out['type'] === 'number' && out['exclusiveMinimum'] === 0) delete out['exclusiveMinimum'];
  return out as T;
}

/** A tool's `tools/list` entry. */
export function toolEntry(def: ToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: tidySchema({ type: 'object' as const, ...jsonSchema(def.input, 'input') }),
    outputSchema: tidySchema({ type: 'object' as const, ...jsonSchema(def.output, 'output') }),
    annotations: { title: def.title, ...def.annotations },
    ...optionalMeta(viewMeta(def.name)),
  };
}

const optionalMeta = (meta: Record<string, unknown> | undefined) => (meta ? { _meta: meta } : {});

/**
 * The tools one server offers, made once per process for each selection (HTTP makes a server per
 * session or per request, and converting 34 schemas each time would dominate): their names, the
 * `tools/list` answer, and each tool's declaration when it is called.
 */
export class Catalogue {
  private static readonly made = new Map<string, Catalogue>();
  private listed: Promise<{ tools: Tool[] }> | undefined;
  /** The names offered, for lookups. */
  readonly offered: ReadonlySet<string>;
  readonly names: readonly string[];
  /** The tools offered that change the workspace (not read-only). */
  readonly writes: ReadonlySet<string>;
  /** The server instructions for exactly these tools. */
  readonly instructions: string;

  private constructor(
    summaries: readonly ToolSummary[],
    private readonly definitions: () => Promise<ReadonlyMap<string, ToolDef>>,
    private readonly builtList: Record<string, Tool> | undefined,
  ) {
    this.names = summaries.map((s) => s.name);
    this.offered = new Set(this.names);
    this.writes = new Set(summaries.filter((s) => !s.readOnly).map((s) => s.name));
    this.instructions = serverInstructions(summaries);
  }

  /** The catalogue of the tools the filter selects, from the build's summaries or the declarations. */
  static async select(filter: ToolFilter): Promise<Catalogue> {
    const all = built?.summaries ?? [...(await loadDefinitions()).values()].map(summarize);
    return Catalogue.named(
      all.filter((t) => offered(t, filter)),
      loadDefinitions,
      built?.list,
    );
  }

  /** A catalogue of declarations already at hand (tests, scripts). */
  static of(defs: readonly ToolDef[]): Catalogue {
    const map = new Map(defs.map((d) => [d.name, d]));
    return Catalogue.named(defs.map(summarize), async () => map, undefined);
  }

  private static named(summaries: ToolSummary[], definitions: () => Promise<ReadonlyMap<string, ToolDef>>, list: Record<string, Tool> | undefined): Catalogue {
    const key = summaries.map((s) => s.name).join(',');
    let c = Catalogue.made.get(key);
    if (!c) Catalogue.made.set(key, (c = new Catalogue(summaries, definitions, list)));
    return c;
  }

  /** The `tools/list` answer, made on first request. */
  list(): Promise<{ tools: Tool[] }> {
    this.listed ??= this.builtList
      ? Promise.resolve({ tools: this.names.map((n) => this.builtList![n]!) })
      : this.definitions().then((defs) => ({ tools: this.names.map((n) => toolEntry(defs.get(n)!)) }));
    return this.listed;
  }

  /** The declaration of an offered tool, or undefined for a name this server does not offer. */
  async definition(name: string): Promise<ToolDef | undefined> {
    return this.offered.has(name) ? (await this.definitions()).get(name) : undefined;
  }
}
