import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CacheHint,
  type ClientCapabilities,
  type JSONRPCRequest,
  type JsonSchemaType,
  type JsonSchemaValidatorResult,
  type Result,
  type ServerContext,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { quote } from '../text/quote.js';
import { didYouMean } from '../text/suggest.js';
import { version } from '../version.js';
import type { Catalogue } from '../mcp/catalogue.js';
import { CallsInFlight } from '../mcp/in-flight.js';
import type { Narrowing } from '../mcp/narrowing.js';
import { getPrompt, listPrompts } from '../mcp/prompts.js';
import { listResources, readResource } from '../mcp/resources.js';
import { ObjectIndex } from '../mcp/object-index.js';
import { completeArgument, listWithObjects, objectTemplates, readObject, type ObjectServing } from '../mcp/object-resources.js';
import type { Telemetry } from '../telemetry/hooks.js';
import { runJobTool } from '../mcp/job-tools.js';
import { requestContext, type Caller, type RequestContext } from '../mcp/request-context.js';
import { declaresTasks, serveTasks, TASKS_CAPABILITY, TASKS_EXTENSION } from '../mcp/tasks.js';
import { lockedDown, runTool, SERVER_NAME, type AsTask, type ToolCallOptions } from '../mcp/tool-call.js';
import { BATCH_TOOL_NAME } from '../mcp/tool-summary.js';
import { runBatch } from '../batch/run.js';
import { CODE_TOOL_NAME } from '../config/code-limits.js';
import { runCode, type CodeOptions } from '../code/run.js';
import { codeResource, readCodeResource } from '../mcp/code-resource.js';
import { MemoryReadings } from '../jobs/memory-readings.js';
import { Readings } from '../mcp/list-reading.js';

export interface ServerOptions extends Omit<ToolCallOptions, 'readings'> {
  /** Where list readings are kept (see ToolCallOptions); without it, the job store or this server's memory. */
  readings?: Readings | undefined;
  /** The tools offered: names and list at hand, declarations loaded when a tool is first called. */
  tools: Catalogue;
  /**
   * The tools of one request, when they depend on its grant (OAuth scopes): asked per request, so a
   * client that steps up to the write scope within a session is served the writes at once.
   */
  toolsFor?: ((caller: Caller) => Catalogue) | undefined;
  /** How the client narrowed the tools (already applied to `tools`): a tool it left out is named as such when called. */
  narrowing?: Narrowing | undefined;
  /** Counts this server's calls in flight, for a transport that must let them finish before it ends. */
  inFlight?: CallsInFlight | undefined;
  /** Spans and durations of the requests, when OpenTelemetry is on. */
  telemetry?: Telemetry | undefined;
  /** Calls of one batch_call in flight at once at most (--max-inflight; 16 when unset). */
  maxInFlight?: number | undefined;
  /** code_run's sandboxes running at once in this process, all its servers together. */
  sandboxes?: CodeOptions['sandboxes'];
  /** code_run's limits, from the settings. */
  codeLimits?: CodeOptions['codeLimits'];
  /** The workspace objects each caller names, kept a short while for completion and resources/list (one per process). */
  objects?: ObjectIndex | undefined;
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
      return r.success
        ? { valid: true, data: r.data as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: r.error.message };
    };
  },
};

/** Runs a request handler inside its telemetry (a SERVER span continuing the client's trace, and its duration). */
type Traced = (ctx: ServerContext, request: JSONRPCRequest, run: () => Promise<Result>) => Promise<Result>;

/** What a request is about, for its span's name: the tool or prompt, the resource, the task, what a completion completes. */
function targetOf(request: JSONRPCRequest): string | undefined {
  const params = request.params as { name?: unknown; uri?: unknown; taskId?: unknown; ref?: { name?: unknown; uri?: unknown } } | undefined;
  const target = params?.name ?? params?.uri ?? params?.taskId ?? params?.ref?.uri ?? params?.ref?.name;
  return typeof target === 'string' ? target : undefined;
}

function tracing(server: Server, telemetry: Telemetry): Traced {
  return (ctx, message, run) => {
    const request = requestContext(ctx);
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const info = {
      method: ctx.mcpReq.method,
      target: targetOf(message),
      requestId: ctx.mcpReq.id,
      sessionId: ctx.sessionId,
      protocolVersion: (envelope?.[PROTOCOL_VERSION_META_KEY] as string | undefined) ?? server.getNegotiatedProtocolVersion(),
      transport: ctx.http ? ('tcp' as const) : ('pipe' as const),
      path: request.path,
      narrowing: request.narrowing?.label,
      meta: ctx.mcpReq._meta as Record<string, unknown> | undefined,
    };
    // A tool result with isError is `tool_error`.
    return telemetry.request(info, run, (r) => ((r as { isError?: unknown } | undefined)?.isError === true ? 'tool_error' : undefined));
  };
}

/**
 * The SDK's server, through the hook the SDK documents for subclasses that wrap request handlers (the
 * SDK's own initialize included): every request runs inside its telemetry when that is on, and the
 * initialize answer carries only the capabilities its revision defines. The hook runs while the SDK's
 * constructor registers its own handlers, before `traced` can be set: the wrapper reads it per request.
 */
class WorkspaceServer extends Server {
  traced: Traced | undefined;

  protected override _wrapHandler(method: string, handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>) {
    const sdk = super._wrapHandler(method, handler);
    const wrapped =
      method === 'initialize'
        ? async (request: JSONRPCRequest, ctx: ServerContext) => forRevision((await sdk(request, ctx)) as InitializeAnswer)
        : sdk;
    return (request: JSONRPCRequest, ctx: ServerContext) =>
      this.traced ? this.traced(ctx, request, () => wrapped(request, ctx)) : wrapped(request, ctx);
  }
}

/**
 * How long a 2026-07-28 client may keep `tools/list` and `server/discover` (2025-11-25 results carry no
 * cache fields). The list is fixed for a process's configuration, so a client need not ask again for a
 * while; a redeploy with other settings is seen within ten minutes. Private, because the list depends on
 * the caller: per-client credentials (and scopes, later) decide which tools a caller is offered.
 */
const CACHE_HINTS: Partial<
  Record<'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list' | 'resources/read' | 'server/discover', CacheHint>
> = {
  'tools/list': { ttlMs: 600_000, cacheScope: 'private' },
  'prompts/list': { ttlMs: 600_000, cacheScope: 'private' },
  'resources/list': { ttlMs: 600_000, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: 600_000, cacheScope: 'private' },
  'resources/read': { ttlMs: 600_000, cacheScope: 'private' },
  'server/discover': { ttlMs: 600_000, cacheScope: 'private' },
};

interface InitializeAnswer {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The initialize answer with only the capabilities its revision defines: `tasks` and `extensions` came
 * with 2025-11-25, and a client of an older revision (2025-06-18 and before) is not told of them.
 */
function forRevision(answer: InitializeAnswer): InitializeAnswer {
  if (answer.protocolVersion >= '2025-11-25') return answer;
  const { tasks: _tasks, extensions: _extensions, ...capabilities } = answer.capabilities;
  return { ...answer, capabilities };
}

/**
 * A fresh MCP server offering the given tools, for either protocol revision. Cheap on purpose: HTTP makes
 * one per session (2025-11-25) or per request (2026-07-28 and stateless), so the tool declarations, their
 * JSON Schemas and the `tools/list` answer are built once per process (the catalogue) and only referenced here. The
 * low-level server, not McpServer: McpServer converts every tool's schema per instance. It completes the
 * arguments of templates and prompts that name a learner, course or group (`completions`).
 */
export function createMcpServer(given: ServerOptions): Server {
  const opts = { ...given, readings: given.readings ?? new Readings(given.jobs?.store ?? new MemoryReadings()) };
  const server = new WorkspaceServer(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    {
      capabilities: {
        tools: { listChanged: false },
        prompts: { listChanged: false },
        resources: { listChanged: false },
        completions: {},
        logging: {},
        // Long calls run as jobs: a 2025-11-25 client may ask for one as a task, and a 2026-07-28 client
        // that declares the tasks extension gets its long calls as tasks.
        ...(opts.jobs ? { tasks: TASKS_CAPABILITY, extensions: { [TASKS_EXTENSION]: {} } } : {}),
      },
      jsonSchemaValidator: zodValidator,
      // A confirmation's sealed state is checked before the handler runs: forged, expired or another caller's is refused.
      ...(opts.confirm ? { requestState: { verify: opts.confirm.codec.verify.bind(opts.confirm.codec) } } : {}),
      instructions: opts.tools.instructions,
      cacheHints: CACHE_HINTS,
    },
  );
  if (opts.telemetry) server.traced = tracing(server, opts.telemetry);
  const inFlight = opts.inFlight ?? new CallsInFlight();
  // A 2026-07-28 request carries its client's capabilities; a 2025-11-25 session declared them at initialize
  // (a stateless 2025 request has none: its client cannot be asked).
  const canAsk = (ctx: ServerContext) => {
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
      ClientCapabilities | undefined;
    return (declared ?? server.getClientCapabilities())?.elicitation !== undefined;
  };
  const tools = opts.toolsFor ? (request: RequestContext) => opts.toolsFor!(request.caller) : () => opts.tools;
  // Every answer that may wait (a list made on first use, a view read from disk) counts as in flight,
  // so a stdio client that sends its requests and closes stdin still gets them.
  server.setRequestHandler('tools/list', (_request, ctx) => inFlight.track(() => listTools(tools(requestContext(ctx)), opts)));
  server.setRequestHandler('prompts/list', (_request, ctx) => listPrompts(tools(requestContext(ctx)).offered));
  server.setRequestHandler('prompts/get', async (request, ctx) =>
    getPrompt(tools(requestContext(ctx)).offered, request.params.name, request.params.arguments),
  );
  serveResources(server, servingOf(opts, tools), inFlight);
  // In flight from the moment it arrives: the bundle loads the tool declarations on the first call, and a
  // stdio client that closed its input meanwhile must still get its answer.
  server.setRequestHandler('tools/call', (request, ctx) => inFlight.track(() => callTool(request, ctx)));
  const callTool = async (request: { params: { name: string; arguments?: Record<string, unknown> | undefined } }, ctx: ServerContext) => {
    // The request's context, made by its transport's front (or, over stdio, here), is passed on from here.
    const context = requestContext(ctx);
    const catalogue = tools(context);
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    const def = await catalogue.definition(name);
    const asTask: AsTask =
      (request.params as { task?: unknown }).task !== undefined
        ? 'v1'
        : def && def.mode !== 'json' && declaresTasks(ctx)
          ? 'v2'
          : undefined;
    if (def) return runTool(def, args, opts, ctx, context, canAsk, asTask);
    if (name === BATCH_TOOL_NAME && catalogue.batch) {
      const batchAsTask: AsTask = (request.params as { task?: unknown }).task !== undefined ? 'v1' : declaresTasks(ctx) ? 'v2' : undefined;
      return runBatch(args, catalogue, opts, ctx, context, canAsk, batchAsTask);
    }
    if (name === CODE_TOOL_NAME && catalogue.code) return callCode(args, catalogue, opts, ctx, context, request);
    const jobTool = opts.jobs && (await catalogue.jobTool(name));
    if (jobTool && opts.jobs) return runJobTool(jobTool, args, opts.jobs, context.caller.hash, lockedDown(opts, context));
    if (opts.narrowing && (await leftOut(name)))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Tool ${quote(name)} is not offered on this connection, which narrowed its tools (${opts.narrowing.label.slice(0, 300)}): tools/list names the tools offered here.`,
      );
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool ${quote(name)}${didYouMean(name, catalogue.names)}: tools/list names the tools this server offers.`,
    );
  };
  // A tool of this build the narrowing took away (the operator's flags may offer it without it).
  const leftOut = async (name: string) =>
    (await opts.tools.anyTool(name)) !== undefined || name === BATCH_TOOL_NAME || name === CODE_TOOL_NAME;
  if (opts.jobs) serveTasks(server, opts.jobs, (ctx) => lockedDown(opts, requestContext(ctx)));
  return server;
}

/** What a resource or completion request is served with: the tool call options, the request's catalogue, the index. */
function servingOf(opts: ServerOptions & ToolCallOptions, tools: (request: RequestContext) => Catalogue) {
  const objects = opts.objects ?? new ObjectIndex();
  return (ctx: ServerContext): ObjectServing => {
    const request = requestContext(ctx);
    return { opts, catalogue: tools(request), ctx, request, index: objects };
  };
}

/**
 * The resources: reference for the tools offered, views, with code_run the declarations its code calls,
 * and the workspace's objects (templates, the courses and groups listed, completion of their ids).
 */
function serveResources(server: Server, serving: (ctx: ServerContext) => ObjectServing, inFlight: CallsInFlight): void {
  server.setRequestHandler('resources/list', (request, ctx) =>
    inFlight.track(() => {
      const s = serving(ctx);
      const own = listResources(s.catalogue.offered).resources;
      return listWithObjects(s, s.catalogue.code ? [...own, codeResource()] : own, request.params?.cursor);
    }),
  );
  server.setRequestHandler('resources/templates/list', (_request, ctx) => ({
    resourceTemplates: objectTemplates(serving(ctx).catalogue.offered),
  }));
  server.setRequestHandler('resources/read', (request, ctx) =>
    inFlight.track(async () => {
      const s = serving(ctx);
      const uri = request.params.uri;
      return (await readObject(s, uri)) ?? (await readCodeResource(s.catalogue, uri)) ?? readResource(s.catalogue.offered, uri);
    }),
  );
  server.setRequestHandler('completion/complete', (request, ctx) => inFlight.track(() => completeArgument(serving(ctx), request.params)));
}

/**
 * The tool list. With code_run in it, a sandbox and code_run's own definition are made ready: the model
 * reads the list and decides, well over the time they take.
 */
function listTools(catalogue: Catalogue, opts: ServerOptions) {
  if (catalogue.code) {
    opts.sandboxes?.warm();
    catalogue.codeTool().catch(() => undefined);
  }
  return catalogue.list();
}

/** code_run: its sandbox (the worker, QuickJS and its WebAssembly) is loaded only when a run starts. */
function callCode(
  args: Record<string, unknown>,
  catalogue: Catalogue,
  opts: ServerOptions & ToolCallOptions,
  ctx: ServerContext,
  context: RequestContext,
  request: { params: unknown },
) {
  const asTask: AsTask = (request.params as { task?: unknown }).task !== undefined ? 'v1' : declaresTasks(ctx) ? 'v2' : undefined;
  return runCode(args, catalogue, opts, ctx, context, asTask);
}
