import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDef } from '../tools/define.js';
import { formatToolError, ToolError } from './errors.js';
import { invokeJson, type InvokeContext } from './invoke.js';
import { log, redact } from './log.js';
import type { Upstream } from './upstream.js';
import { version } from './version.js';

export const SERVER_NAME = 'learning-workspace';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The one place that turns every outcome of a tool call into an MCP result: errors are returned, never thrown. */
export async function runTool(def: ToolDef, input: Record<string, unknown>, upstream: Upstream, extra: Extra): Promise<CallToolResult> {
  const started = performance.now();
  try {
    const data = await invokeJson(def, input, upstream, progressContext(extra));
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  } catch (err) {
    const error =
      err instanceof ToolError
        ? err
        : new ToolError(`Unexpected failure in ${def.name}: ${(err as Error)?.message ?? String(err)}`, { code: 'INTERNAL_ERROR' });
    log(err instanceof ToolError ? 'info' : 'error', 'tool failed', {
      tool: def.name,
      status: error.status,
      code: error.code,
      ms: Math.round(performance.now() - started),
      ...(err instanceof ToolError ? {} : { stack: (err as Error)?.stack }),
    });
    return { isError: true, content: [{ type: 'text', text: redact(formatToolError(error)) }] };
  }
}

/** Progress goes out only when the client gave a progressToken. */
function progressContext(extra: Extra): InvokeContext {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { signal: extra.signal };
  let progress = 0;
  return {
    signal: extra.signal,
    progress: (message: string) =>
      extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: ++progress, message } }),
  };
}

export interface ServerOptions {
  upstream: Upstream;
  tools: readonly ToolDef[];
  instructions?: string;
}

/** A fresh MCP server with every given tool registered; cheap, so HTTP can make one per session. */
export function createMcpServer({ upstream, tools }: ServerOptions): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Tools for a learning workspace. Reads (analytics_*, groups_list, assignments_get, learning_*, performance_quiz, courses_structure, radar_alerts_list) are safe to call freely. Writes take an optional idempotencyKey: reuse it when retrying the same write.',
    },
  );
  for (const def of tools) {
    server.registerTool(
      def.name,
      {
        title: def.title,
        description: def.description,
        inputSchema: def.input,
        outputSchema: def.output,
        annotations: { title: def.title, ...def.annotations },
      },
      (input: Record<string, unknown>, extra: Extra) => runTool(def, input, upstream, extra),
    );
  }
  return server;
}
