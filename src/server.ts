import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type AuthInfo,
  type CacheHint,
  type CallToolResult,
  type JsonSchemaType,
  type JsonSchemaValidatorResult,
  type ServerContext,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ToolDef } from '../tools/define.js';
import { formatToolError, ToolError } from './errors.js';
import { invoke } from './invoke.js';
import type { Catalogue } from './catalogue.js';
import { traceOf } from './context.js';
import type { InvokeContext } from './request.js';
import { fieldIssues, quote } from './issues.js';
import { didYouMean } from './suggest.js';
import { withoutNullOptionals } from './nulls.js';
import { DEFAULT_RESULT_MAX_CHARS, fitList, pageNote } from './fit.js';
import { getPrompt, listPrompts, listResources, readResource } from './guides.js';
import { log, redact } from './log.js';
import type { Upstream } from './upstream.js';
import { version } from './version.js';

const SERVER_NAME = 'learning-workspace';
/** `_meta` key of progress notifications: `text` (a piece of the answer) or `status` (what is happening). */
const PROGRESS_KIND = 'learning-workspace/kind';

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
async function runTool(def: ToolDef, args: unknown, opts: ServerOptions, ctx: ServerContext): Promise<CallToolResult> {
  const started = performance.now();
  try {
    // Null is "omitted" for an optional field, as strict-mode agent frameworks send it.
    const input = def.input.safeParse(withoutNullOptionals(def.input, args));
    if (!input.success) {
      throw new ToolError(`The arguments do not fit ${def.name}'s input schema; nothing was sent.`, {
        code: 'INVALID_INPUT',
        fieldErrors: fieldIssues(input.error, Object.keys(def.input.shape)),
      });
    }
    // The offset of a list served in parts (only paged tools take one) is the server's own: it never goes upstream.
    const { offset, ...upstreamArgs } = input.data as Record<string, unknown>;
    const data = await invoke(def, upstreamArgs, opts.upstream, callContext(ctx, opts));
    const output = def.output.safeParse(data);
    if (!output.success) {
      throw new ToolError('The upstream answer does not have the documented shape.', { code: 'BAD_UPSTREAM_RESPONSE', fieldErrors: fieldIssues(output.error) });
    }
    if (!def.pages) return { content: textBlocks(def, data), structuredContent: data };
    const fitted = fitList(data, def.pages, typeof offset === 'number' ? offset : 0, opts.resultMaxChars ?? DEFAULT_RESULT_MAX_CHARS);
    const content: CallToolResult['content'] = fitted.json ? [{ type: 'text', text: fitted.json }] : textBlocks(def, fitted.data);
    if (fitted.page) content.push({ type: 'text', text: pageNote(def.pages, fitted.page) });
    return { content, structuredContent: fitted.data };
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
function callContext(ctx: ServerContext, opts: ServerOptions): InvokeContext {
  const { signal, _meta } = ctx.mcpReq;
  const token = _meta?.progressToken;
  const keepAliveMs = opts.keepAliveMs ?? DEFAULT_KEEPALIVE_MS;
  const trace = traceOf(ctx.http?.authInfo);
  // A log message, sent only where the client's level admits warnings: the session's logging/setLevel on
  // 2025-11-25, the request's own _meta on 2026-07-28 (the SDK applies both).
  const onRetry = (notice: string) => void ctx.mcpReq.log('warning', notice, SERVER_NAME).catch(() => undefined);
  if (token === undefined) return { signal, keepAliveMs, trace, onRetry };
  let progress = 0;
  return {
    signal,
    keepAliveMs,
    trace,
    onRetry,
    // The kind rides in _meta so a client can tell answer text from status lines; others ignore it.
    // On 2026-07-28 over HTTP the notification goes out on the request's own response stream.
    progress: (message, kind) =>
      ctx.mcpReq.notify({
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
  /** The tools offered: names and list at hand, declarations loaded when a tool is first called. */
  tools: Catalogue;
  /**
   * The tools of one request, when they depend on its grant (OAuth scopes): asked per request, so a
   * client that steps up to the write scope within a session is served the writes at once.
   */
  toolsFor?: ((authInfo: AuthInfo | undefined) => Catalogue) | undefined;
  /** Interval of the still-waiting progress of calls with a progress token (default 10 s, inside the 15 s clients allow). */
  keepAliveMs?: number | undefined;
  /** Counts this server's calls in flight, for a transport that must let them finish before it ends. */
  inFlight?: CallsInFlight | undefined;
  /** Longest JSON text of a list result before it is served in parts (default 40,000 characters). */
  resultMaxChars?: number | undefined;
}

const DEFAULT_KEEPALIVE_MS = 10_000;


/**
 * How long a 2026-07-28 client may keep `tools/list` and `server/discover` (2025-11-25 results carry no
 * cache fields). The list is fixed for a process's configuration, so a client need not ask again for a
 * while; a redeploy with other settings is seen within ten minutes. Private, because the list depends on
 * the caller: per-client credentials (and scopes, later) decide which tools a caller is offered.
 */
const CACHE_HINTS: Partial<Record<'tools/list' | 'prompts/list' | 'resources/list' | 'resources/read' | 'server/discover', CacheHint>> = {
  'tools/list': { ttlMs: 600_000, cacheScope: 'private' },
  'prompts/list': { ttlMs: 600_000, cacheScope: 'private' },
  'resources/list': { ttlMs: 600_000, cacheScope: 'private' },
  'resources/read': { ttlMs: 600_000, cacheScope: 'private' },
  'server/discover': { ttlMs: 600_000, cacheScope: 'private' },
};

/**
 * A fresh MCP server offering the given tools, for either protocol revision. Cheap on purpose: HTTP makes
 * one per session (2025-11-25) or per request (2026-07-28 and stateless), so the tool declarations, their
 * JSON Schemas and the `tools/list` answer are built once per process (the catalogue) and only referenced here. The
 * low-level server, not McpServer: McpServer converts every tool's schema per instance.
 */
export function createMcpServer(opts: ServerOptions): Server {
  const server = new Server(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    {
      capabilities: { tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false }, logging: {} },
      jsonSchemaValidator: zodValidator,
      instructions: opts.tools.instructions,
      cacheHints: CACHE_HINTS,
    },
  );
  const inFlight = opts.inFlight ?? new CallsInFlight();
  const toolsFor = opts.toolsFor;
  const tools = toolsFor ? (ctx: ServerContext) => toolsFor(ctx.http?.authInfo) : () => opts.tools;
  // Every answer that may wait (a list made on first use, a view read from disk) counts as in flight,
  // so a stdio client that sends its requests and closes stdin still gets them.
  server.setRequestHandler('tools/list', (_request, ctx) => inFlight.track(() => tools(ctx).list()));
  server.setRequestHandler('prompts/list', (_request, ctx) => listPrompts(tools(ctx).offered));
  server.setRequestHandler('prompts/get', (request, ctx) => getPrompt(tools(ctx).offered, request.params.name, request.params.arguments));
  server.setRequestHandler('resources/list', (_request, ctx) => listResources(tools(ctx).offered));
  server.setRequestHandler('resources/read', (request, ctx) => inFlight.track(() => readResource(tools(ctx).offered, request.params.uri)));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const catalogue = tools(ctx);
    const def = await catalogue.definition(request.params.name);
    if (!def) {
      const name = request.params.name;
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${quote(name)}${didYouMean(name, catalogue.names)}: tools/list names the tools this server offers.`);
    }
    return inFlight.track(() => runTool(def, request.params.arguments ?? {}, opts, ctx));
  });
  return server;
}
