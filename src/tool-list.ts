import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { ToolDef } from '../tools/define.js';

/** Filled in at build time for the bundle, so a freshly started server converts no schemas. */
declare const __LW_TOOL_LIST__: Record<string, Tool> | undefined;
const built: Record<string, Tool> | undefined = typeof __LW_TOOL_LIST__ === 'undefined' ? undefined : __LW_TOOL_LIST__;

const cache = new Map<string, Tool[]>();

/**
 * The `tools/list` answer for a set of tools, made once per process: HTTP hosting builds a server
 * per session (or per request, stateless), and converting 34 zod schemas each time would dominate.
 * Same conversion as the SDK's (zod 4 → JSON Schema draft-7), so the listed schemas are unchanged.
 */
export function toolList(defs: readonly ToolDef[]): Tool[] {
  const key = defs.map((d) => d.name).join(',');
  let list = cache.get(key);
  if (!list) {
    list = defs.map((def) => built?.[def.name] ?? convert(def));
    cache.set(key, list);
  }
  return list;
}

function convert(def: ToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: z.toJSONSchema(def.input, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(def.output, { target: 'draft-7', io: 'output' }) as NonNullable<Tool['outputSchema']>,
    annotations: { title: def.title, ...def.annotations },
    execution: { taskSupport: 'forbidden' },
  };
}
