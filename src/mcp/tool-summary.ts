import type { Api, ToolDef, Toolset } from '../../tools/define.js';

/** What choosing a server's tools needs to know of each, without building its zod schemas. */
export interface ToolSummary {
  name: string;
  api: Api;
  toolset: Toolset;
  readOnly: boolean;
  destructive: boolean;
  takesIdempotencyKey: boolean;
  /** May outlast a client's patience (generation, processing, a streamed answer): run as a job. */
  long: boolean;
  /** Its answer may come in parts, continued with offset. */
  pages: boolean;
  /** The ids its answer gives that other tools take. */
  gives?: string;
}

/** The job tools' names, known without loading their schemas (tools/jobs.ts declares them; a test checks they agree). */
export const JOB_TOOL_NAMES = ['jobs_get', 'jobs_cancel'] as const;

/** The bulk tool's name, known without loading its schema (tools/batch.ts declares it). */
export const BATCH_TOOL_NAME = 'batch_call';
/** The most calls one batch takes (tools/batch.ts declares it; a test checks they agree). */
export const BATCH_MAX_CALLS = 1_000;

export interface ToolFilter {
  apis: ReadonlySet<Api>;
  toolsets?: ReadonlySet<Toolset> | undefined;
  /** Tools named one by one; with toolsets, a tool in either is offered. */
  tools?: ReadonlySet<string> | undefined;
  excludeTools?: ReadonlySet<string> | undefined;
  readOnly?: boolean | undefined;
  /** code_run is offered (--toolsets …,code, --tools code_run). */
  code?: boolean | undefined;
  /** Long calls are handed off as jobs: the job tools are offered with the long tools. */
  jobs?: boolean | undefined;
}

export function summarize(def: ToolDef): ToolSummary {
  const { name, api, toolset, annotations, takesIdempotencyKey, mode, pages, gives } = def;
  return {
    name,
    api,
    toolset,
    readOnly: annotations.readOnlyHint,
    destructive: annotations.destructiveHint,
    takesIdempotencyKey,
    long: mode !== 'json',
    pages: pages !== undefined,
    ...(gives ? { gives } : {}),
  };
}

/**
 * Whether a tool is offered: one of the configured APIs; of the toolsets or tools named, when any are;
 * not excluded; and a read when the server is read-only.
 */
export function offered(tool: ToolSummary, filter: ToolFilter): boolean {
  const named = !filter.toolsets && !filter.tools ? true : !!filter.toolsets?.has(tool.toolset) || !!filter.tools?.has(tool.name);
  return filter.apis.has(tool.api) && named && !filter.excludeTools?.has(tool.name) && (!filter.readOnly || tool.readOnly);
}
