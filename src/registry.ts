import { tools } from '../tools/index.js';
import type { Api, ToolDef, Toolset } from '../tools/define.js';

export { tools };

export { TOOLSETS as toolsets } from '../tools/toolsets.js';

export interface ToolFilter {
  apis: ReadonlySet<Api>;
  toolsets?: ReadonlySet<Toolset> | undefined;
  readOnly?: boolean | undefined;
}

/** The tools a server offers: those of the configured APIs, narrowed by toolset and read-only. */
export function selectTools(filter: ToolFilter): ToolDef[] {
  return tools.filter(
    (t) =>
      filter.apis.has(t.api) &&
      (!filter.toolsets || filter.toolsets.has(t.toolset)) &&
      (!filter.readOnly || t.annotations.readOnlyHint),
  );
}
