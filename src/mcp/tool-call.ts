import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { formatToolError, ToolError } from '../call/errors.js';
import { invoke } from '../call/invoke.js';
import type { Upstream } from '../call/upstream.js';
import { handOffResult } from '../jobs/answers.js';
import type { JobError } from '../jobs/record.js';
import type { JobRunner, Outcome } from '../jobs/runner.js';
import { log, redact } from '../telemetry/log.js';
import { fieldIssues, withoutNullOptionals } from './arguments.js';
import { DEFAULT_RESULT_MAX_CHARS, fitList, pageNote } from './fit.js';
import type { RequestContext } from './request-context.js';
import { targetsOf, traceIdOf, type AuditLog } from '../telemetry/audit.js';
import { createdTask, taskOf } from './tasks.js';
import type { Confirmations } from '../confirm/flow.js';

export const SERVER_NAME = 'learning-workspace';
/** `_meta` key of progress notifications: `text` (a piece of the answer) or `status` (what is happening). */
const PROGRESS_KIND = 'learning-workspace/kind';
const DEFAULT_KEEPALIVE_MS = 10_000;

/** What running a tool call needs of the server's settings. */
export interface ToolCallOptions {
  upstream: Upstream;
  /** Interval of the still-waiting progress of calls with a progress token (default 10 s, inside the 15 s clients allow). */
  keepAliveMs?: number | undefined;
  /** Longest JSON text of a list result before it is served in parts (default 40,000 characters). */
  resultMaxChars?: number | undefined;
  /** Runs the long tools as jobs; without it (hand-off off) they run as plain calls. */
  jobs?: JobRunner | undefined;
  /** Asks the person before a destructive write, when the client can ask. */
  confirm?: Confirmations | undefined;
  /** Records every call of a write tool, flushed before its answer goes out. */
  audit?: AuditLog | undefined;
}

/** Whether the client of this request can ask its person (it declared elicitation). */
export type CanAsk = (ctx: ServerContext) => boolean;

/**
 * A long call answered at once with its job as a task: `v1` when a 2025-11-25 client asked for a task in
 * its tools/call, `v2` when a 2026-07-28 client declared the tasks extension.
 */
export type AsTask = 'v1' | 'v2' | undefined;

/**
 * The one place that turns every outcome of a tool call into an MCP result: errors are returned, never
 * thrown. A long tool runs as a job: its result when it comes in time, else the running job.
 */
export async function runTool(
  def: ToolDef,
  args: unknown,
  opts: ToolCallOptions,
  ctx: ServerContext,
  request: RequestContext,
  canAsk: CanAsk,
  asTask: AsTask = undefined,
): Promise<CallToolResult | InputRequiredResult> {
  const started = performance.now();
  // Null is "omitted" for an optional field, as strict-mode agent frameworks send it.
  const input = def.input.safeParse(withoutNullOptionals(def.input, args));
  if (!input.success) {
    const error = new ToolError(`The arguments do not fit ${def.name}'s input schema; nothing was sent.`, {
      code: 'INVALID_INPUT',
      fieldErrors: fieldIssues(input.error, Object.keys(def.input.shape)),
    });
    return errorResult(def, error, started).result;
  }
  const checked = input.data as Record<string, unknown>;
  let confirmedKey: string | undefined;
  if (opts.confirm && def.annotations.destructiveHint) {
    // The person is asked first; the write then goes out once, under the key the question was sealed with.
    const gate = await opts.confirm.gate(def, checked, opts.upstream, ctx, canAsk(ctx));
    if ('answer' in gate) {
      const a = gate.answer as CallToolResult;
      // A question asked changed nothing yet; a refusal or the person's no is a call that ended.
      if (a.content !== undefined) await audit(opts, def, checked, ctx, request, a.isError ? codeOf(a) : 'declined');
      return gate.answer;
    }
    confirmedKey = gate.go;
  }
  const call = callContext(ctx, opts, request, confirmedKey);
  if (!opts.jobs || def.mode === 'json') return (await executeAudited(def, checked, opts, call, ctx, request, started)).result;
  const forward = call.progress;
  const ran = await opts.jobs.run(
    { tool: def.name, owner: request.caller.hash, args: checked, signal: call.signal, progress: forward && ((m, k) => void forward(m, k).catch(() => undefined)) },
    ({ signal, progress }) => executeAudited(def, checked, opts, { ...call, signal, progress: async (m, k) => progress(m, k) }, ctx, request, started),
    // A client that asked for a task is answered with it at once, and follows it with tasks/get.
    asTask ? 0 : undefined,
  );
  if (asTask === 'v1' && 'job' in ran) return { content: [{ type: 'text', text: `Task ${ran.job.id} created.` }], task: taskOf(ran.job, opts.jobs.opts.keepMs) } as CallToolResult;
  if (asTask === 'v2' && 'job' in ran) return createdTask(ran.job, opts.jobs.opts.keepMs) as unknown as CallToolResult;
  return 'result' in ran ? ran.result : handOffResult(ran.job);
}

/** execute(), then a write's audit line, on disk before the answer goes out (for a job: when it ends). */
function executeAudited(
  def: ToolDef,
  checked: Record<string, unknown>,
  opts: ToolCallOptions,
  call: CallContext,
  ctx: ServerContext,
  request: RequestContext,
  started: number,
): Promise<Outcome> {
  const outcome = execute(def, checked, opts, call, started);
  // Reads are not audited: their outcome goes out as it comes.
  if (!opts.audit || def.annotations.readOnlyHint) return outcome;
  return outcome.then(async (o) => {
    await audit(opts, def, checked, ctx, request, o.error?.code ?? (o.error ? 'error' : 'ok'), call.trace?.upstreamStatus ?? o.error?.status);
    return o;
  });
}

async function audit(opts: ToolCallOptions, def: ToolDef, args: Record<string, unknown>, ctx: ServerContext, request: RequestContext, outcome: string, upstreamStatus?: number): Promise<void> {
  if (!opts.audit || def.annotations.readOnlyHint) return;
  await opts.audit.write({
    time: new Date().toISOString(),
    caller: request.caller.hash.slice(0, 16),
    subject: request.caller.subject,
    tool: def.name,
    targets: targetsOf(args),
    outcome,
    upstreamStatus,
    traceId: traceIdOf(ctx.mcpReq._meta?.['traceparent']),
  });
}

const codeOf = (r: CallToolResult) => /^Error (\w+)/.exec(r.content[0]?.type === 'text' ? r.content[0].text : '')?.[1] ?? 'error';

/** Sends the call through the call core and shapes its answer; a failure is an error result and the error it stands for. */
async function execute(def: ToolDef, checked: Record<string, unknown>, opts: ToolCallOptions, call: CallContext, started: number): Promise<Outcome> {
  try {
    const data = await invoke(def, checked, opts.upstream, call);
    const output = def.output.safeParse(data);
    if (!output.success) {
      throw new ToolError('The upstream answer does not have the documented shape.', { code: 'BAD_UPSTREAM_RESPONSE', fieldErrors: fieldIssues(output.error) });
    }
    if (!def.pages) return { result: secretFree({ content: textBlocks(def, data), structuredContent: data }) };
    // The offset of a list served in parts is the server's own (the call core never sends it upstream).
    const offset = typeof checked['offset'] === 'number' ? checked['offset'] : 0;
    const fitted = fitList(data, def.pages, offset, opts.resultMaxChars ?? DEFAULT_RESULT_MAX_CHARS);
    const content: CallToolResult['content'] = fitted.json ? [{ type: 'text', text: fitted.json }] : textBlocks(def, fitted.data);
    if (fitted.page) content.push({ type: 'text', text: pageNote(def.pages, fitted.page) });
    return { result: secretFree({ content, structuredContent: fitted.data }) };
  } catch (err) {
    return errorResult(def, err, started);
  }
}

/**
 * A result with no configured secret in it (an upstream that echoes a credential back): its text blocks
 * are checked, and where one changed, the structured content is rebuilt from the redacted JSON.
 */
function secretFree(result: CallToolResult): CallToolResult {
  let changed = false;
  const content = result.content.map((c) => {
    if (c.type !== 'text') return c;
    const text = redact(c.text);
    changed ||= text !== c.text;
    return text === c.text ? c : { ...c, text };
  });
  if (!changed) return result;
  const structuredContent = JSON.parse(redact(JSON.stringify(result.structuredContent))) as Record<string, unknown>;
  return { content, structuredContent };
}

function errorResult(def: ToolDef, err: unknown, started: number): Outcome {
  const error =
    err instanceof ToolError ? err : new ToolError(`Unexpected failure in ${def.name}: ${(err as Error)?.message ?? String(err)}`, { code: 'INTERNAL_ERROR' });
  log(err instanceof ToolError ? 'info' : 'error', 'tool failed', {
    tool: def.name,
    status: error.status,
    code: error.code,
    ms: Math.round(performance.now() - started),
    ...(err instanceof ToolError ? {} : { stack: (err as Error)?.stack }),
  });
  const text = redact(formatToolError(error));
  const jobError: JobError = { status: error.status, code: error.code, message: redact(error.message), resolution: error.resolution, fieldErrors: error.fieldErrors };
  return { result: { isError: true, content: [{ type: 'text', text }] }, error: jobError };
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

/**
 * What the call core gets from the MCP request: its trace (the HTTP access log's, or over stdio one of the
 * call's own, for its audit line), the Idempotency-Key a confirmation was sealed with, and progress only
 * when the client gave a progressToken.
 */
function callContext(ctx: ServerContext, opts: ToolCallOptions, request: RequestContext, idempotencyKey: string | undefined): CallContext {
  const { signal, _meta } = ctx.mcpReq;
  const token = _meta?.progressToken;
  const keepAliveMs = opts.keepAliveMs ?? DEFAULT_KEEPALIVE_MS;
  const trace = request.trace;
  // A log message, sent only where the client's level admits warnings: the session's logging/setLevel on
  // 2025-11-25, the request's own _meta on 2026-07-28 (the SDK applies both).
  const onRetry = (notice: string) => void ctx.mcpReq.log('warning', notice, SERVER_NAME).catch(() => undefined);
  if (token === undefined) return { signal, keepAliveMs, trace, onRetry, idempotencyKey };
  let progress = 0;
  return {
    signal,
    keepAliveMs,
    trace,
    onRetry,
    idempotencyKey,
    // The kind rides in _meta so a client can tell answer text from status lines; others ignore it.
    // On 2026-07-28 over HTTP the notification goes out on the request's own response stream.
    progress: (message, kind) =>
      ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress: ++progress, message: redact(message), _meta: { [PROGRESS_KIND]: kind } },
      }),
  };
}
