import { tools } from '../tools/index.js';
import type { ToolDef } from '../tools/define.js';
import { offered, summarize, type ToolFilter } from './catalogue.js';

export { tools };

export { TOOLSETS as toolsets } from '../tools/toolsets.js';

export type { ToolFilter };

/** The declarations of the tools a filter selects (the server itself goes through a Catalogue). */
export function selectTools(filter: ToolFilter): ToolDef[] {
  return tools.filter((t) => offered(summarize(t), filter));
}
