import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ListToolsRequestSchema, type CallToolResult, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaType, JsonSchemaValidatorResult, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/index.js';
import * as z from 'zod';
import type { ToolDef } from '../tools/define.js';
import { formatToolError, ToolError } from './errors.js';
import { invoke, type InvokeContext } from './invoke.js';
import { traceOf } from './context.js';
import { log, redact } from './log.js';
import { toolList } from './tool-list.js';
import type { Upstream } from './upstream.js';
import { version } from './version.js';

export const SERVER_NAME = 'learning-workspace';
/** `_meta` key of progress notifications: `text` (a piece of the answer) or `status` (what is happening). */
export const PROGRESS_KIND = 'learning-workspace/kind';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

let running = 0;
let onIdle: (() => void) | undefined;

/** Resolves once no tool call is running (or the wait is over): a stdio client that closed its input still gets its answers. */
export function toolCallsSettled(maxWaitMs: number): Promise<void> {
  if (running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    onIdle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** The one place that turns every outcome of a tool call into an MCP result: errors are returned, never thrown. */
export async function runTool(def: ToolDef, input: Record<string, unknown>, opts: ServerOptions, extra: Extra): Promise<CallToolResult> {
  running++;
  try {
    return await outcome(def, input, opts, extra);
  } finally {
    if (--running === 0) onIdle?.();
  }
}

async function outcome(def: ToolDef, input: Record<string, unknown>, opts: ServerOptions, extra: Extra): Promise<CallToolResult> {
  const started = performance.now();
  try {
    const data = await invoke(def, input, opts.upstream, progressContext(extra, opts.keepAliveMs ?? DEFAULT_KEEPALIVE_MS));
    return { content: textBlocks(def, data), structuredContent: data };
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

/**
 * One compact JSON block of the data; a streamed answer is its text first, then the rest as JSON,
 * so clients that read only text still get the tool calls and charts.
 */
function textBlocks(def: ToolDef, data: Record<string, unknown>): CallToolResult['content'] {
  if (def.mode !== 'stream') return [{ type: 'text', text: JSON.stringify(data) }];
  const { answer, ...rest } = data;
  return [
    { type: 'text', text: String(answer) },
    { type: 'text', text: JSON.stringify(rest) },
  ];
}

/** Progress goes out only when the client gave a progressToken. */
function progressContext(extra: Extra, keepAliveMs: number): InvokeContext {
  const token = extra._meta?.progressToken;
  const trace = traceOf(extra.requestInfo);
  if (token === undefined) return { signal: extra.signal, keepAliveMs, trace };
  let progress = 0;
  return {
    signal: extra.signal,
    keepAliveMs,
    trace,
    // The kind rides in _meta so a client can tell answer text from status lines; others ignore it.
    progress: (message, kind) =>
      extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: ++progress, message, _meta: { [PROGRESS_KIND]: kind } },
      }),
  };
}

/**
 * The SDK checks elicitation answers against a JSON Schema and by default builds an Ajv instance per
 * server for it: a cost at every start and every HTTP session, for answers these tools never ask for.
 * zod, loaded anyway, does the same check when it is needed (and the bundle leaves Ajv out).
 */
const zodValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType) {
    const parsed = z.fromJSONSchema(schema as unknown as Parameters<typeof z.fromJSONSchema>[0]);
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      const r = parsed.safeParse(input);
      return r.success ? { valid: true, data: r.data as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: r.error.message };
    };
  },
};

export interface ServerOptions {
  upstream: Upstream;
  tools: readonly ToolDef[];
  /** Interval of the still-working progress of long calls (default 10 s, inside the 15 s clients allow). */
  keepAliveMs?: number | undefined;
}

const DEFAULT_KEEPALIVE_MS = 10_000;

/** A fresh MCP server with every given tool registered; cheap, so HTTP can make one per session. */
export function createMcpServer(opts: ServerOptions): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    {
      capabilities: { tools: { listChanged: false }, logging: {} },
      jsonSchemaValidator: zodValidator,
      instructions:
        'Tools for a learning workspace. Reads (analytics_*, groups_list, assignments_get, learning_*, performance_quiz, courses_structure, radar_alerts_list) are safe to call freely. Writes take an optional idempotencyKey: reuse it when retrying the same write.',
    },
  );
  for (const def of opts.tools) {
    server.registerTool(
      def.name,
      {
        title: def.title,
        description: def.description,
        inputSchema: def.input,
        outputSchema: def.output,
        annotations: { title: def.title, ...def.annotations },
      },
      (input: Record<string, unknown>, extra: Extra) => runTool(def, input, opts, extra),
    );
  }
  const list = { tools: toolList(opts.tools) };
  server.server.setRequestHandler(ListToolsRequestSchema, () => list);
  return server;
}
