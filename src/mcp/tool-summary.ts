import type { Api, ToolDef, Toolset } from '../../tools/define.js';

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
