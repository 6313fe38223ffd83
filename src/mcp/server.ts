import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type AuthInfo,
  type CacheHint,
  type ClientCapabilities,
  type JsonSchemaType,
  type JsonSchemaValidatorResult,
  type ServerContext,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { quote } from '../text/quote.js';
import { didYouMean } from '../text/suggest.js';
import { version } from '../version.js';
import type { Catalogue } from './catalogue.js';
import { CallsInFlight } from './in-flight.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, readResource } from './resources.js';
import type { Telemetry } from '../telemetry/hooks.js';
import { runJobTool } from './job-tools.js';
import { declaresTasks, serveTasks, TASKS_CAPABILITY, TASKS_EXTENSION } from './tasks.js';
import { runTool, SERVER_NAME, type AsTask, type ToolCallOptions } from './tool-call.js';
import { BATCH_TOOL_NAME } from './tool-summary.js';
import { runBatch } from '../batch/run.js';

export interface ServerOptions extends ToolCallOptions {
  /** The tools offered: names and list at hand, declarations loaded when a tool is first called. */
  tools: Catalogue;
  /**
   * The tools of one request, when they depend on its grant (OAuth scopes): asked per request, so a
   * client that steps up to the write scope within a session is served the writes at once.
   */
  toolsFor?: ((authInfo: AuthInfo | undefined) => Catalogue) | undefined;
  /** Counts this server's calls in flight, for a transport that must let them finish before it ends. */
  inFlight?: CallsInFlight | undefined;
  /** Spans and durations of the requests, when OpenTelemetry is on. */
  telemetry?: Telemetry | undefined;
  /** Calls of one batch_call in flight at once at most (--max-inflight; 16 when unset). */
  maxInFlight?: number | undefined;
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

/**
 * A request handler run inside its telemetry (a SERVER span continuing the client's trace, and its
 * duration); the handler alone when telemetry is off. A tool result with isError is `tool_error`.
 */
function tracing(server: Server, telemetry: Telemetry | undefined) {
  return <T>(ctx: ServerContext, target: string | undefined, run: () => Promise<T>): Promise<T> => {
    if (!telemetry) return run();
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const info = {
      method: ctx.mcpReq.method,
      target,
      requestId: ctx.mcpReq.id,
      sessionId: ctx.sessionId,
      protocolVersion: (envelope?.['io.modelcontextprotocol/protocolVersion'] as string | undefined) ?? server.getNegotiatedProtocolVersion(),
      transport: ctx.http ? ('tcp' as const) : ('pipe' as const),
      meta: ctx.mcpReq._meta as Record<string, unknown> | undefined,
    };
    return telemetry.request(info, run, (r) => ((r as { isError?: unknown } | undefined)?.isError === true ? 'tool_error' : undefined));
  };
}

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
 * low-level server, not McpServer: McpServer converts every tool's schema per instance.
 */
export function createMcpServer(opts: ServerOptions): Server {
  const server = new Server(
    { name: SERVER_NAME, version, title: 'Learning Workspace' },
    {
      capabilities: {
        tools: { listChanged: false },
        prompts: { listChanged: false },
        resources: { listChanged: false },
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
  const inFlight = opts.inFlight ?? new CallsInFlight();
  // A 2026-07-28 request carries its client's capabilities; a 2025-11-25 session declared them at initialize
  // (a stateless 2025 request has none: its client cannot be asked).
  const canAsk = (ctx: ServerContext) => {
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    return (declared ?? server.getClientCapabilities())?.elicitation !== undefined;
  };
  const toolsFor = opts.toolsFor;
  const tools = toolsFor ? (ctx: ServerContext) => toolsFor(ctx.http?.authInfo) : () => opts.tools;
  // Every answer that may wait (a list made on first use, a view read from disk) counts as in flight,
  // so a stdio client that sends its requests and closes stdin still gets them.
  const traced = tracing(server, opts.telemetry);
  // initialize is the SDK's own handler: the same, inside its span when telemetry is on, with the
  // capabilities the negotiated revision defines.
  const sdk = server as unknown as { _oninitialize(request: unknown): Promise<InitializeAnswer> };
  const initialize = sdk._oninitialize.bind(server);
  server.setRequestHandler('initialize', (request, ctx) => traced(ctx, undefined, async () => forRevision(await initialize(request))) as never);
  server.setRequestHandler('tools/list', (_request, ctx) => traced(ctx, undefined, () => inFlight.track(() => tools(ctx).list())));
  server.setRequestHandler('prompts/list', (_request, ctx) => listPrompts(tools(ctx).offered));
  server.setRequestHandler('prompts/get', (request, ctx) => traced(ctx, request.params.name, async () => getPrompt(tools(ctx).offered, request.params.name, request.params.arguments)));
  server.setRequestHandler('resources/list', (_request, ctx) => listResources(tools(ctx).offered));
  server.setRequestHandler('resources/read', (request, ctx) => traced(ctx, request.params.uri, () => inFlight.track(() => readResource(tools(ctx).offered, request.params.uri))));
  // In flight from the moment it arrives: the bundle loads the tool declarations on the first call, and a
  // stdio client that closed its input meanwhile must still get its answer.
  server.setRequestHandler('tools/call', (request, ctx) => traced(ctx, request.params.name, () => inFlight.track(() => callTool(request, ctx))));
  const callTool = async (request: { params: { name: string; arguments?: Record<string, unknown> | undefined } }, ctx: ServerContext) => {
    const catalogue = tools(ctx);
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    const def = await catalogue.definition(name);
    const asTask: AsTask = (request.params as { task?: unknown }).task !== undefined ? 'v1' : def && def.mode !== 'json' && declaresTasks(ctx) ? 'v2' : undefined;
    if (def) return runTool(def, args, opts, ctx, canAsk, asTask);
    if (name === BATCH_TOOL_NAME && catalogue.batch) {
      const batchAsTask: AsTask = (request.params as { task?: unknown }).task !== undefined ? 'v1' : declaresTasks(ctx) ? 'v2' : undefined;
      return runBatch(args, catalogue, opts, ctx, canAsk, batchAsTask);
    }
    const jobTool = opts.jobs && (await catalogue.jobTool(name));
    if (jobTool && opts.jobs) return runJobTool(jobTool, args, opts.jobs, ctx);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${quote(name)}${didYouMean(name, catalogue.names)}: tools/list names the tools this server offers.`);
  };
  if (opts.jobs) serveTasks(server, opts.jobs, traced);
  return server;
}
