import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext, ProgressKind, RequestTrace } from '../call/context.js';
import type { Telemetry } from '../telemetry/hooks.js';
import { errorResult, invalidInput, ToolError, type ErrorCode } from '../call/errors.js';
import { invoke } from '../call/invoke.js';
import type { Upstream } from '../call/upstream.js';
import { doubtQuestion, doubtRefusal } from '../jobs/advice.js';
import { handOffResult, madeIn, seenInLockdown, storeUnavailable, tooManyJobs } from '../jobs/answers.js';
import { StoreUnavailable, TooManyJobs, type Doubt, type JobRecord } from '../jobs/record.js';
import type { Attach, JobRunner, Outcome } from '../jobs/runner.js';
import { log, redact } from '../telemetry/log.js';
import { fieldIssues, withoutNullOptionals } from './arguments.js';
import { DEFAULTS } from '../config/defaults.js';
import { fitAnswer } from './fit-answer.js';
import { withWholePage } from './fit.js';
import { projectRow, projectRows } from './fields.js';
import { cursorOf, readList, type ListReading, type Readings } from './list-reading.js';
import type { RequestContext } from './request-context.js';
import { targetsOf, traceIdOf, type AuditLog } from '../telemetry/audit.js';
import { createdTask, taskOf } from './tasks.js';
import type { Confirmations } from '../confirm/flow.js';
import { clean } from '../text/clean.js';
import { fence, fenceToken } from '../text/fence.js';
import { declaredOf, defang, presentPaths, withhold, WITHHELD } from './untrusted.js';
import { UNTRUSTED_META } from '../text/meta-keys.js';

export const SERVER_NAME = 'learning-workspace';
/** `_meta` key of progress notifications: `text` (a piece of the answer) or `status` (what is happening). */
const PROGRESS_KIND = 'learning-workspace/kind';

/** What running a tool call needs of the server's settings. */
export interface ToolCallOptions {
  upstream: Upstream;
  /** Interval of the still-waiting progress of calls with a progress token. */
  keepAliveMs?: number | undefined;
  /** Longest text, and longest structured content, of any result: a longer list is served in parts. */
  resultMaxChars?: number | undefined;
  /** Rows a list asked without a limit is read with (WORKSPACE_LIST_MAX_ROWS). */
  listMaxRows?: number | undefined;
  /**
   * The readings of lists served in parts, for the server's whole process: kept in the job store (shared by
   * replicas with Redis), else in memory the composition root makes once.
   */
  readings: Readings;
  /** Runs the long tools as jobs; without it (hand-off off) they run as plain calls. */
  jobs?: JobRunner | undefined;
  /** Asks the person before a destructive write, when the client can ask. */
  confirm?: Confirmations | undefined;
  /** Records every call of a write tool, flushed before its answer goes out. */
  audit?: AuditLog | undefined;
  /**
   * Lockdown for every request (`--lockdown`); a request may also ask for it (RequestContext.lockdown),
   * never out of it.
   */
  lockdown?: boolean | undefined;
}

/** Whether this call runs in lockdown: the server's setting, or the request's own asking. */
export const lockedDown = (opts: ToolCallOptions, request: RequestContext): boolean => opts.lockdown === true || request.lockdown === true;

/** What an audit line says of a write: done, the error's code, the person's no, or not sent (a cancelled batch). */
export type AuditOutcome = ErrorCode | 'ok' | 'declined' | 'skipped';

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
  if (!input.success) return failed(def, invalidInput(def.name, fieldIssues(input.error, Object.keys(def.input.shape))), started).result;
  const checked = input.data as Record<string, unknown>;
  let confirmedKey: string | undefined;
  if (opts.confirm && def.annotations.destructiveHint) {
    // The person is asked first; the write then goes out once, under the key the question was sealed with.
    const gate = await opts.confirm.gate(def, checked, opts.upstream, ctx, canAsk(ctx), lockedDown(opts, request));
    // A question asked changed nothing yet; a refusal or the person's no is a call that ended.
    if ('ask' in gate) return gate.ask;
    if ('refused' in gate) {
      await audit(opts, def, checked, ctx, request, gate.refused.code);
      return errorResult(gate.refused);
    }
    if ('declined' in gate) {
      await audit(opts, def, checked, ctx, request, 'declined');
      return gate.declined;
    }
    confirmedKey = gate.go;
  }
  const call = callContext(ctx, opts, request, confirmedKey);
  if (!opts.jobs || def.mode === 'json') return (await executeAudited(def, checked, opts, call, ctx, request, started)).result;
  const jobs = opts.jobs;
  const forward = call.progress;
  // A confirmed write is the same job as another only under the same confirmed key.
  const identity = confirmedKey === undefined ? checked : { ...checked, idempotencyKey: confirmedKey };
  const attach = {
    tool: def.name,
    owner: request.caller.hash,
    args: identity,
    signal: call.signal,
    progress: forward && ((m: string, k: ProgressKind) => void forward(m, k).catch(() => undefined)),
  };
  let ran;
  try {
    const run = (overDoubt: boolean) =>
      jobs.run(
        attach,
        ({ signal, progress }) =>
          executeAudited(def, checked, opts, { ...call, signal, progress: async (m, k) => progress(m, k) }, ctx, request, started).then(
            (o) => ({ ...o, result: madeIn(o.result, call.lockdown) }),
          ),
        // A client that asked for a task is answered with it at once, and follows it with tasks/get.
        asTask ? 0 : undefined,
        overDoubt,
      );
    ran = await run(false);
    if ('doubt' in ran) {
      const answer = await doubtAnswer(def, attach, ran.doubt, jobs, opts.confirm, ctx, canAsk);
      if (answer) return answer;
      ran = await run(true);
      if ('doubt' in ran) throw new Error('a claim over a doubt gave the doubt again');
    }
  } catch (err) {
    if (err instanceof StoreUnavailable) return storeUnavailable(err, 'Nothing was started');
    if (err instanceof TooManyJobs) return tooManyJobs(err, def.name);
    throw err;
  }
  return jobAnswer(ran, asTask, jobs.opts.keepMs, def.name, call.lockdown);
}

/**
 * What a call run as a job answers, a batch's too: its result when it ended in time (one it joined made
 * outside lockdown is not shown in lockdown); else the task a client asked for (each revision's shape),
 * or the hand-off to jobs_get.
 */
export function jobAnswer(
  ran: { result: CallToolResult } | { job: JobRecord },
  asTask: AsTask,
  keepMs: number,
  tool: string,
  lockdown: boolean | undefined,
): CallToolResult {
  if ('result' in ran) return seenInLockdown(ran.result, lockdown === true, tool);
  if (asTask === 'v1')
    return { content: [{ type: 'text', text: `Task ${ran.job.id} created.` }], task: taskOf(ran.job, keepMs) } as CallToolResult;
  if (asTask === 'v2') return createdTask(ran.job, keepMs) as unknown as CallToolResult;
  return handOffResult(ran.job);
}

/**
 * A server-made call that runs whole inside a job (a batch, a code run): identical ones join while one
 * runs, and a store that did not answer is named with what was not started (`notStarted`).
 */
export async function runWorkAsJob(
  jobs: JobRunner,
  tool: string,
  args: Record<string, unknown>,
  call: CallContext,
  request: RequestContext,
  asTask: AsTask,
  work: (c: CallContext) => Promise<Outcome>,
  notStarted: string,
): Promise<CallToolResult> {
  const forward = call.progress;
  let ran;
  try {
    ran = await jobs.run(
      {
        tool,
        owner: request.caller.hash,
        args,
        signal: call.signal,
        progress: forward && ((m, k) => void forward(m, k).catch(() => undefined)),
      },
      ({ signal, progress }) =>
        work({ ...call, signal, progress: async (m, k) => progress(m, k) }).then((o) => ({
          ...o,
          result: madeIn(o.result, call.lockdown),
        })),
      asTask ? 0 : undefined,
    );
  } catch (err) {
    if (err instanceof StoreUnavailable) return storeUnavailable(err, notStarted);
    if (err instanceof TooManyJobs) return tooManyJobs(err, tool);
    throw err;
  }
  if ('doubt' in ran) throw new Error(`${tool} met a doubt, which only a write that adds leaves`);
  return jobAnswer(ran, asTask, jobs.opts.keepMs, tool, call.lockdown);
}

/**
 * A write like this one was lost or interrupted before its result came back, so the workspace may have
 * carried it out: the person is asked before it is sent again (undefined: they said yes), or, where the
 * client cannot ask, the agent is told once and the next identical call goes ahead.
 */
async function doubtAnswer(
  def: ToolDef,
  call: Attach,
  doubt: Doubt,
  jobs: JobRunner,
  confirm: Confirmations | undefined,
  ctx: ServerContext,
  canAsk: CanAsk,
): Promise<CallToolResult | InputRequiredResult | undefined> {
  const facts = await jobs.opts.facts(def.name);
  if (confirm && confirm.mode !== 'never' && canAsk(ctx)) {
    const gate = await confirm.ask(def, call.args, async () => doubtQuestion(doubt, facts), ctx, `repeat:${def.name}`);
    if ('ask' in gate) return gate.ask;
    if ('refused' in gate) return errorResult(gate.refused);
    return 'declined' in gate ? gate.declined : undefined;
  }
  await jobs.clearDoubt(call);
  return doubtRefusal(doubt, facts);
}

/**
 * One call made on a server-made call's behalf (a batch's item, a code run's read), exactly as alone: with a
 * trace of its own (its audit line names its own upstream status), in a span of its own under the request's.
 */
export function executeStep(
  def: ToolDef,
  checked: Record<string, unknown>,
  opts: ToolCallOptions & { telemetry?: Telemetry | undefined },
  call: CallContext,
  ctx: ServerContext,
  request: RequestContext,
  trace: RequestTrace,
  attributes: Record<string, string | number>,
  serving: Serving = {},
): Promise<Outcome> {
  const { signal, keepAliveMs, onRetry, lockdown } = call;
  const step = { signal, keepAliveMs, trace, onRetry, lockdown };
  const run = () => executeAudited(def, checked, opts, step, ctx, request, performance.now(), serving);
  if (!opts.telemetry) return run();
  const all = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': def.name, ...attributes };
  return opts.telemetry.step(`execute_tool ${def.name}`, all, run, (o) => (o.error ? (o.error.code ?? 'tool_error') : undefined));
}

/**
 * How an answer is served. `whole` (a code run's calls): every row of a list, read with no limit but the
 * server's maximum and returned in one piece, with no `offset` (only `fields` applies) and a `page` only when
 * the list may go on (`page.mayGoOn`, which the run's answer names too); the
 * code run answers for the size of what it returns. Otherwise a long list comes in parts within the cap.
 */
export interface Serving {
  whole?: boolean;
}

/** execute(), then a write's audit line, on disk before the answer goes out (for a job: when it ends). */
export function executeAudited(
  def: ToolDef,
  checked: Record<string, unknown>,
  opts: ToolCallOptions,
  call: CallContext,
  ctx: ServerContext,
  request: RequestContext,
  started: number,
  serving: Serving = {},
): Promise<Outcome> {
  const outcome = execute(def, checked, opts, call, started, request.caller.hash, serving);
  // Reads are not audited: their outcome goes out as it comes.
  if (!opts.audit || def.annotations.readOnlyHint) return outcome;
  return outcome.then(async (o) => {
    await audit(
      opts,
      def,
      checked,
      ctx,
      request,
      o.error?.code ?? 'ok',
      call.trace?.upstreamStatus ?? o.error?.status,
      o.error?.upstreamCode,
    );
    return o;
  });
}

export async function audit(
  opts: ToolCallOptions,
  def: ToolDef,
  args: Record<string, unknown>,
  ctx: ServerContext,
  request: RequestContext,
  outcome: AuditOutcome,
  upstreamStatus?: number,
  upstreamCode?: string,
): Promise<void> {
  if (!opts.audit || def.annotations.readOnlyHint) return;
  await opts.audit.write({
    time: new Date().toISOString(),
    caller: request.caller.hash.slice(0, 16),
    subject: request.caller.subject,
    tool: def.name,
    targets: targetsOf(args),
    outcome,
    upstreamStatus,
    upstreamCode,
    traceId: traceIdOf(ctx.mcpReq._meta?.['traceparent']),
    path: request.path,
    narrowing: request.narrowing?.label,
  });
}

/** Sends the call through the call core and shapes its answer; a failure is an error result and the error it stands for. */
async function execute(
  def: ToolDef,
  checked: Record<string, unknown>,
  opts: ToolCallOptions,
  call: CallContext,
  started: number,
  owner: string,
  serving: Serving,
): Promise<Outcome> {
  try {
    const check = (data: Record<string, unknown>) => checkOutput(def, data);
    const reading = def.pages
      ? await readList({ ...def, pages: def.pages }, checked, opts, call, owner, check, serving.whole)
      : { data: await invoke(def, checked, opts.upstream, call), flags: {}, offset: 0 };
    if (!def.pages) check(reading.data);
    const fields = Array.isArray(checked['fields']) ? (checked['fields'] as string[]) : undefined;
    // A whole list is cut to its fields here; a part's rows only, as the part is made (fitList).
    const rows = def.pages && serving.whole ? projectRows(reading.data, def.pages, fields) : reading.data;
    const shown = call.lockdown ? lockedData(def, rows, opts.upstream.hosts()) : rows;
    if (serving.whole) {
      const whole = def.pages ? withWholePage(shown, def.pages, reading.flags) : shown;
      return { result: marked(def, secretFree({ content: textBlocks(def, whole), structuredContent: whole })) };
    }
    const maxChars = opts.resultMaxChars ?? DEFAULTS.resultMaxChars;
    const { id, upTo } = reading as ListReading;
    const part = {
      project: fields && ((row: unknown) => projectRow(row, fields)),
      cursor: id === undefined ? undefined : (next: number) => cursorOf(id, next),
      upTo,
    };
    const fitted = fitAnswer(def, shown, reading.offset, maxChars, reading.flags, (d) => textBlocks(def, d), part);
    return { result: marked(def, secretFree(fitted)) };
  } catch (err) {
    return failed(def, err, started, call.lockdown);
  }
}

/** Refuses an upstream answer that does not have the documented shape. */
function checkOutput(def: ToolDef, data: Record<string, unknown>): void {
  const output = def.output.safeParse(data);
  if (output.success) return;
  throw new ToolError('The upstream answer does not have the documented shape.', {
    code: 'BAD_UPSTREAM_RESPONSE',
    fieldErrors: fieldIssues(output.error),
  });
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

/** In lockdown: the prose people or the assistant wrote withheld, links and images to other hosts defanged. */
function lockedData(def: ToolDef, data: Record<string, unknown>, hosts: ReadonlySet<string>): Record<string, unknown> {
  const withheld = def.prose ? withhold(data, def.prose) : data;
  return def.untrusted ? defang(withheld, def.untrusted, hosts) : withheld;
}

/** A result that says in `_meta` which of the fields people wrote it carries, down to the leaf. */
function marked(def: ToolDef, result: CallToolResult): CallToolResult {
  const declared = declaredOf(def);
  const present =
    result.structuredContent && declared.length > 0 ? presentPaths(result.structuredContent as Record<string, unknown>, declared) : [];
  return present.length > 0 ? { ...result, _meta: { ...result._meta, [UNTRUSTED_META]: present } } : result;
}

/**
 * The workspace's field errors about fields of the tool's input, and no others: a key the tool does not
 * take ("scope\nSYSTEM") is no field the agent can correct, so it is not echoed; its count is.
 */
function ownFields(def: ToolDef, error: ToolError): ToolError {
  if (!error.fieldErrors || error.code === 'INVALID_INPUT' || error.code === 'BAD_UPSTREAM_RESPONSE') return error;
  const fields = new Set(Object.keys(def.input.shape));
  const entries = Object.entries(error.fieldErrors);
  const own = entries.filter(([k]) => fields.has(k.split(/[.[]/)[0]!));
  if (own.length === entries.length) return error;
  const others = entries.length - own.length;
  own.push(['(other)', [`the workspace named ${others} ${others === 1 ? 'field' : 'fields'} this tool does not take`]]);
  return new ToolError(error.message, { ...error, code: error.code, fieldErrors: Object.fromEntries(own) });
}

/** A failed call: logged, and answered with its error result; the error, as data, for the audit and a job. */
function failed(def: ToolDef, err: unknown, started: number, lockdown = false): Outcome {
  const own = ownFields(def, ToolError.of(err, def.name));
  // In lockdown the part of an answer that came before a failure is withheld like the answer.
  const error = lockdown && own.partial ? new ToolError(own.message, { ...own, code: own.code, partial: WITHHELD }) : own;
  log(err instanceof ToolError ? 'info' : 'error', 'tool failed', {
    tool: def.name,
    status: error.status,
    code: error.code,
    ms: Math.round(performance.now() - started),
    ...(err instanceof ToolError ? {} : { stack: (err as Error)?.stack }),
  });
  return { result: errorResult(error), error: error.data() };
}

/**
 * One compact JSON block of the data; a streamed answer is its text first, then the rest as JSON,
 * so clients that read only text still get the tool calls and charts.
 */
function textBlocks(def: ToolDef, data: Record<string, unknown>): CallToolResult['content'] {
  if (def.mode !== 'stream') return [{ type: 'text', text: JSON.stringify(data) }];
  const { answer, ...rest } = data;
  // The answer is the assistant's prose: fenced, with the server's notes outside the fence.
  const lines = fence(String(answer), "the assistant's answer", fenceToken());
  if (typeof rest['cutShort'] === 'string') {
    lines.push(
      `[Server: the answer was cut short (${rest['cutShort']}); the text above is what arrived before. Ask a narrower question for the rest.]`,
    );
  }
  return [
    { type: 'text', text: lines.join('\n') },
    { type: 'text', text: JSON.stringify(rest) },
  ];
}

/**
 * What the call core gets from the MCP request: its trace (the HTTP access log's, or over stdio one of the
 * call's own, for its audit line), the Idempotency-Key a confirmation was sealed with, and progress only
 * when the client gave a progressToken.
 */
export function callContext(ctx: ServerContext, opts: ToolCallOptions, request: RequestContext, idempotencyKey?: string): CallContext {
  const { _meta } = ctx.mcpReq;
  const token = _meta?.progressToken;
  const keepAliveMs = opts.keepAliveMs ?? DEFAULTS.keepAliveMs;
  const trace = request.trace;
  const lockdown = lockedDown(opts, request);
  // A client that cancelled, or closed the connection its answer was to come on, gets nothing sent for it.
  const signal = trace.client ? trace.client.signal(ctx.mcpReq.signal) : ctx.mcpReq.signal;
  // A log message, sent only where the client's level admits warnings: the session's logging/setLevel on
  // 2025-11-25, the request's own _meta on 2026-07-28 (the SDK applies both).
  const onRetry = (notice: string) => void ctx.mcpReq.log('warning', notice, SERVER_NAME).catch(() => undefined);
  if (token === undefined) return { signal, keepAliveMs, trace, onRetry, idempotencyKey, lockdown };
  let progress = 0;
  return {
    lockdown,
    signal,
    keepAliveMs,
    trace,
    onRetry,
    idempotencyKey,
    // The kind rides in _meta so a client can tell answer text from status lines; others ignore it.
    // On 2026-07-28 over HTTP the notification goes out on the request's own response stream.
    // Every progress message is cleaned here; in lockdown answer text is withheld like the answer itself.
    progress: (message, kind) =>
      ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: ++progress,
          message: kind === 'text' && lockdown ? WITHHELD : redact(clean(message)),
          _meta: { [PROGRESS_KIND]: kind },
        },
      }),
  };
}
