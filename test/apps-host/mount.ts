import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/** What the test hands the host page for one view: its HTML, the tool, the call's input and result, the theme. */
export interface Mount {
  html: string;
  tool: Tool;
  input: Record<string, unknown>;
  result: CallToolResult;
  theme: 'light' | 'dark';
  width: number;
}
