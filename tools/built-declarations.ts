import type { ToolDeclarations } from './declarations.js';

// The read tools' TypeScript declarations made at build time (scripts/build.ts puts them before this
// module's first line): a chunk of their own, read only where code_run is offered, so a start with code
// off parses none of them. From the sources there are none: they are made from the declarations instead.

declare const __LW_CODE_DECLARATIONS__: Record<string, ToolDeclarations> | undefined;

export const builtDeclarations = typeof __LW_CODE_DECLARATIONS__ === 'undefined' ? undefined : __LW_CODE_DECLARATIONS__;
