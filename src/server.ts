import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaType, JsonSchemaValidatorResult, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/index.js';
import * as z from 'zod';
import type { ToolDef } from '../tools/define.js';
import { formatToolError, ToolError } from './errors.js';
import { invoke } from './invoke.js';
import type { RequestTrace } from './context.js';
import type { InvokeContext } from './request.js';
import { fieldIssues, quote } from './issues.js';
import { log, redact } from './log.js';
import { toolList } from './tool-list.js';
import type { Upstream } from './upstream.js';
import { version } from './version.js';

const SERVER_NAME = 'learning-workspace';
/** `_meta` key of progress notifications: `text` (a piece of the answer) or `status` (what is happening). */
const PROGRESS_KIND = 'learning-workspace/kind';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Tool calls running on one server, so a stdio client that closed its input still gets its answers. */
export class CallsInFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves once no call is running, or when the wait is over. */
  settled(maxWaitMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** The one place that turns every outcome of a tool call into an MCP result: errors are returned, never thrown. */
async function runTool(def: ToolDef, args: unknown, opts: ServerOptions, extra: Extra): Promise<CallToolResult> {
  const started = performance.now();
  try {
    const input = def.input.safeParse(args);
    if (!input.success) {
      throw new ToolError(`The arguments do not fit ${def.name}'s input schema; nothing was sent.`, {
        code: 'INVALID_INPUT',
        fieldErrors: fieldIssues(input.error, Object.keys(def.input.shape)),
      });
    }
    const data = await invoke(def, input.data as Record<string, unknown>, opts.upstream, callContext(extra, opts));
    const output = def.output.safeParse(data);
    if (!output.success) {
      throw new ToolError('The upstream answer does not have the documented shape.', { code: 'BAD_UPSTREAM_RESPONSE', fieldErrors: fieldIssues(output.error) });
    }
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

/** `tools/call` as the SDK hands it over, after its own check of the request. */
const CallRequest = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/** The tool a `tools/call` names; the transports have checked that it names one, with object arguments. */
function resolveCall(params: unknown, byName: ReadonlyMap<string, ToolDef>): { def: ToolDef; args: Record<string, unknown> } {
  const { name, arguments: args } = params as { name: string; arguments?: Record<string, unknown> };
  const def = byName.get(name);
  if (!def) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${quote(name)}: tools/list names the tools this server offers.`);
  return { def, args: args ?? {} };
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
function callContext(extra: Extra, opts: ServerOptions): InvokeContext {
  const token = extra._meta?.progressToken;
  const keepAliveMs = opts.keepAliveMs ?? DEFAULT_KEEPALIVE_MS;
  const trace = opts.traceOf?.(extra.requestInfo);
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
  /** Interval of the still-waiting progress of calls with a progress token (default 10 s, inside the 15 s clients allow). */
  keepAliveMs?: number | undefined;
  /** Counts this server's calls in flight, for a transport that must let them finish before it ends. */
  inFlight?: CallsInFlight | undefined;
  /** Finds the access-log trace of the HTTP request a call came in (HTTP only). */
  traceOf?: ((requestInfo: Extra['requestInfo']) => RequestTrace | undefined) | undefined;
}

const DEFAULT_KEEPALIVE_MS = 10_000;

const INSTRUCTIONS =
  'Tools for a learning workspace. Reads (analytics_*, groups_list, assignments_get, learning_*, performance_quiz, courses_structure, radar_alerts_list) are safe to call freely. Writes take an optional idempotencyKey: reuse it when retrying the same write.';

/** A fresh MCP server offering the given tools; cheap, so HTTP can make one per session or request. */
export function createMcpServer(opts: ServerOptions): Server {
  const server = new Server(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    { capabilities: { tools: { listChanged: false }, logging: {} }, jsonSchemaValidator: zodValidator, instructions: INSTRUCTIONS },
  );
  const byName = new Map(opts.tools.map((def) => [def.name, def]));
  const list = { tools: toolList(opts.tools) };
  const inFlight = opts.inFlight ?? new CallsInFlight();
  server.setRequestHandler(ListToolsRequestSchema, () => list);
  server.setRequestHandler(CallRequest, (request, extra) => {
    const { def, args } = resolveCall(request.params, byName);
    return inFlight.track(() => runTool(def, args, opts, extra));
  });
  return server;
}
