import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDef } from '../tools/define.js';

/** Filled in at build time for the bundle, so a freshly started server converts no schemas. */
declare const __LW_TOOL_LIST__: Record<string, Tool> | undefined;
const built: Record<string, Tool> | undefined = typeof __LW_TOOL_LIST__ === 'undefined' ? undefined : __LW_TOOL_LIST__;

const cache = new Map<string, Tool[]>();

/**
 * The `tools/list` answer for a set of tools, made once per process: HTTP hosting builds a server
 * per session (or per request), and converting 34 zod schemas each time would dominate.
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

/**
 * The conversion McpServer makes for a zod 4 schema: zod's own Standard JSON Schema, JSON Schema 2020-12
 * (the dialect MCP assumes when a schema names none).
 */
function jsonSchema(schema: ToolDef['input'] | ToolDef['output'], io: 'input' | 'output'): Record<string, unknown> {
  return schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
}

function convert(def: ToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: { type: 'object', ...jsonSchema(def.input, 'input') },
    outputSchema: { type: 'object', ...jsonSchema(def.output, 'output') },
    annotations: { title: def.title, ...def.annotations },
  };
}
