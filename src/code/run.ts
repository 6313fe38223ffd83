import { AsyncResource } from 'node:async_hooks';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { ERROR_CODES, errorResult, invalidInput, ToolError } from '../call/errors.js';
import { KeepAlive } from '../call/keep-alive.js';
import type { Outcome } from '../jobs/runner.js';
import { fieldIssues, withoutNullOptionals } from '../mcp/arguments.js';
import type { Catalogue } from '../mcp/catalogue.js';
import type { RequestContext } from '../mcp/request-context.js';
import { callContext, executeStep, runWorkAsJob, type AsTask } from '../mcp/tool-call.js';
import { UNTRUSTED_META } from '../text/meta-keys.js';
import { DEFAULTS } from '../config/defaults.js';
import { redact } from '../telemetry/log.js';
import type { BatchOptions } from '../batch/run.js';
import { cleanDeep } from '../text/clean.js';
import { quote } from '../text/quote.js';
import { didYouMean } from '../text/suggest.js';
import { CODE_LIMITS, CODE_TOOL_NAME, type CodeLimits } from '../config/code-limits.js';
import type { SandboxEnd } from './sandbox.js';
import type { SandboxSlots } from './slots.js';

// code_run: the agent's JavaScript in a sandbox (sandbox.ts, worker.ts), whose every tool call comes here
// and goes through the call core as a batch's calls do: checked against the tool's schema, counted by the
// caller's rate limit, at most --max-inflight at once, its output checked, in a span of its own. Only the
// value the code returns is answered. Like a batch, a run that outlives the client's patience is a job.

const DEFAULT_AT_ONCE = 16;

/** What code_run needs of the server's settings: a batch's, the process's bound on sandboxes at once, its limits. */
export interface CodeOptions extends BatchOptions {
  sandboxes?: SandboxSlots | undefined;
  /** The limits of a run (--code-cpu-ms and --code-wall-ms lower the defaults). */
  codeLimits?: CodeLimits | undefined;
}

export async function runCode(
  args: unknown,
  catalogue: Catalogue,
  opts: CodeOptions,
  ctx: ServerContext,
  request: RequestContext,
  asTask: AsTask,
): Promise<CallToolResult> {
  const def = (await catalogue.codeTool())!;
  const input = def.input.safeParse(withoutNullOptionals(def.input, args));
  if (!input.success) return errorResult(invalidInput(def.name, fieldIssues(input.error, Object.keys(def.input.shape))));
  const { code } = input.data as { code: string };
  const call = callContext(ctx, opts, request);
  const limits = opts.codeLimits ?? CODE_LIMITS;
  const work = (c: CallContext) => runGuest(code, limits, { catalogue, opts, call: c, ctx, request });
  if (!opts.jobs) return (await work(call)).result;
  return runWorkAsJob(opts.jobs, CODE_TOOL_NAME, { code }, call, request, asTask, work, 'The code was not started');
}

/** What one run works with. */
interface RunParts {
  catalogue: Catalogue;
  opts: CodeOptions;
  call: CallContext;
  ctx: ServerContext;
  request: RequestContext;
}

/** One run in the sandbox, its tool calls answered through the call core, and its end as a result. */
async function runGuest(code: string, limits: CodeLimits, parts: RunParts): Promise<Outcome> {
  // A run that ended for any reason (its value, a limit, a cancel) sends nothing more: the calls still
  // waiting their turn are not sent, those on the way are ended, and no progress follows its answer.
  const ended = new AbortController();
  const call: CallContext = { ...parts.call, signal: AbortSignal.any([parts.call.signal, ended.signal]) };
  const keepAlive = call.progress ? new KeepAlive(call.progress, { title: 'Run code', mode: 'long' }, call.keepAliveMs) : undefined;
  const progress = (done: number) => {
    if (!call.signal.aborted) keepAlive?.send(`${done} calls done`, 'status').catch(() => undefined);
  };
  const calls = new GuestCalls(limits, { ...parts, call }, progress);
  // The guest's calls come in by message: each runs in this request's context (its trace, its span).
  const onCall = AsyncResource.bind((tool: string, argsText: string) => calls.answer(tool, argsText));
  const slots = parts.opts.sandboxes;
  let end: SandboxEnd;
  let held = false;
  try {
    held = slots ? await slots.take(call.signal) : false;
    // Read on the first run: a server that never runs code loads none of the sandbox.
    const { runSandbox } = await import('./sandbox.js');
    end = await runSandbox(code, parts.catalogue.codeTools, limits, onCall, call.signal);
  } finally {
    if (held) slots!.release();
    ended.abort();
    keepAlive?.stop();
  }
  // The line starting "Resolution:" is the server's own: a resolution the code set on an error of its
  // making (from what it read, perhaps) is not shown as one; a tool's error it let through keeps its own.
  if (!end.ok && end.resolution !== undefined && !calls.resolutions.has(end.resolution)) end = { ...end, resolution: undefined };
  return codeOutcome(end, calls.made, parts.opts.resultMaxChars ?? DEFAULTS.resultMaxChars);
}

/** The run's end as a result: the value and the logs, or the error naming the limit or the code's own failure. */
export function codeOutcome(end: SandboxEnd, made: number, maxChars: number): Outcome {
  const callsSaid = `${made} tool ${made === 1 ? 'call' : 'calls'}`;
  if (!end.ok) {
    const error =
      end.limit === 'cancelled'
        ? new ToolError(`${end.message} ${callsSaid} had been made; none is sent after the cancel.`, { code: 'CANCELLED' })
        : new ToolError(`The code failed after ${callsSaid}: ${end.message}${logsSaid(end.logs)}`, {
            code: 'CODE_FAILED',
            resolution: end.resolution ?? (end.limit ? LIMIT_ADVICE[end.limit] : undefined),
          });
    return { result: errorResult(error), error: error.data() };
  }
  const json = end.result ?? 'null';
  if (json.length > maxChars) {
    const error = new ToolError(
      `The code returned ${json.length} characters of JSON, more than the ${maxChars} this server answers with (WORKSPACE_RESULT_MAX_CHARS).`,
      { code: 'CODE_FAILED', resolution: 'Aggregate more in the code (counts, the top few rows, fewer fields) and run it again.' },
    );
    return { result: errorResult(error), error: error.data() };
  }
  const value = guestJson(json);
  if (!value.ok) {
    const error = new ToolError(`The code failed after ${callsSaid}: its value ${value.why}.`, {
      code: 'CODE_FAILED',
      resolution: 'Return plain data: objects, arrays, strings, numbers, booleans and null, nested a few levels at most.',
    });
    return { result: errorResult(error), error: error.data() };
  }
  // Cleaned as every result is: data the code decoded (a JSON field parsed, an escape undone) may hide characters.
  const structuredContent = cleanDeep({ result: value.value, calls: made, logs: end.logs });
  const shown = structuredContent.result === value.value ? json : JSON.stringify(structuredContent.result);
  const text = `The code made ${callsSaid} and returned:\n${shown}${logsSaid(structuredContent.logs)}`;
  // What the code returns and logs is computed from workspace data: marked as text people wrote, as a read's fields are.
  const _meta = made > 0 ? { [UNTRUSTED_META]: ['result', ...(structuredContent.logs.length > 0 ? ['logs[]'] : [])] } : undefined;
  return { result: { content: [{ type: 'text', text: redact(text) }], structuredContent, ...(_meta ? { _meta } : {}) } };
}

const logsSaid = (logs: readonly string[]) => (logs.length > 0 ? `\nLogs:\n${logs.join('\n')}` : '');

const LIMIT_ADVICE: Record<string, string> = {
  cpu: 'Compute less in the code: filter and aggregate as the answers come, and leave out work whose result is not returned.',
  memory: 'Keep less in memory: reduce each answer to the fields needed before reading the next.',
  wall: 'Make fewer or quicker calls, or split the work into several runs.',
  stalled: 'Await only tools.* calls (and promises made from them): nothing else ever settles in the sandbox.',
};

/**
 * JSON text from the guest parsed, or why not: the guest made it (its own JSON.stringify may be replaced),
 * so it may be no JSON, or nested deeper than the host's recursive walks (cleaning, checks) may go.
 */
export function guestJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  if (deepest > CODE_LIMITS.jsonDepth) return { ok: false, why: `is nested ${deepest} levels deep, more than ${CODE_LIMITS.jsonDepth}` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'is not JSON' };
  }
}

/** The guest's tool calls: checked, counted, run through the call core at most maxInFlight at once. */
class GuestCalls {
  /** Calls the code made within the limit (a refused write or a failed call among them). */
  made = 0;
  /** The resolutions of the errors its calls were answered with: the server's words. */
  readonly resolutions = new Set<string>();
  private asked = 0;
  private done = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limits: CodeLimits,
    private readonly parts: RunParts,
    private readonly onDone: (done: number) => void,
  ) {}

  /** A call's answer as JSON text: `{ok:true,value}` or `{ok:false,error}`; never throws. */
  async answer(tool: string, argsText: string): Promise<string> {
    try {
      const value = await this.run(tool, argsText);
      return JSON.stringify({ ok: true, value });
    } catch (err) {
      const e = ToolError.of(err, `${CODE_TOOL_NAME} calling ${tool}`);
      const { code, message, resolution, fieldErrors, status } = e.data();
      const said = resolution ?? ERROR_CODES[code].resolution;
      this.resolutions.add(said);
      return JSON.stringify({ ok: false, error: { code, message, resolution: said, fieldErrors, status } });
    }
  }

  private async run(tool: string, argsText: string): Promise<Record<string, unknown> | undefined> {
    const { call, request } = this.parts;
    if (++this.asked > this.limits.calls) {
      throw new ToolError(`The code may make ${this.limits.calls} tool calls at most; this one was not sent.`, {
        code: 'CODE_FAILED',
        resolution: 'Make fewer calls: read lists whole instead of item by item, or split the work into several runs.',
      });
    }
    const index = this.made++;
    const def = await this.toolOf(tool);
    const checked = checkArguments(def, argsText);
    await this.slot();
    try {
      if (call.signal.aborted) throw new ToolError('The run was cancelled; the call was not sent.', { code: 'CANCELLED' });
      try {
        await request.countCalls?.(1);
      } catch (err) {
        throw new ToolError((err as Error).message, { code: 'RATE_LIMITED' });
      }
      const outcome = await this.execute(def, checked, index);
      if (outcome.error) throw ToolError.from(outcome.error);
      return outcome.result.structuredContent as Record<string, unknown> | undefined;
    } finally {
      this.release();
      this.onDone(++this.done);
    }
  }

  /** The read tool the name stands for, or the error that says why the code cannot call it. */
  private async toolOf(name: string): Promise<ToolDef> {
    const { catalogue, request } = this.parts;
    if (catalogue.codeTools.includes(name)) return (await catalogue.definition(name))!;
    const known = await catalogue.anyTool(name);
    if (known && !known.readOnly) {
      const where = request.caller.readOnly
        ? ' (and this sign-in grants reading only)'
        : catalogue.readOnly
          ? ' (and this server offers only the tools that change nothing)'
          : '';
      throw new ToolError(`${name} changes the workspace: code_run runs reads only${where}; nothing was sent.`, {
        code: 'READ_ONLY',
        resolution: `Return the writes as a plan, e.g. [{ tool: "${name}", arguments: {…} }], and send them with batch_call.`,
      });
    }
    if (known && catalogue.offered.has(name)) {
      throw new ToolError(`${name} is a long call and does not run inside code_run.`, {
        code: 'INVALID_INPUT',
        resolution: `Call ${name} on its own.`,
      });
    }
    throw new ToolError(`No read tool ${quote(name)} here${didYouMean(name, catalogue.codeTools)}.`, {
      code: 'INVALID_INPUT',
      resolution: "The code_run description's declarations name the tools the code may call.",
    });
  }

  /** One call exactly as alone, in a span of its own under the run's. */
  private execute(def: ToolDef, checked: Record<string, unknown>, index: number): Promise<Outcome> {
    const { opts, call, ctx, request } = this.parts;
    return executeStep(def, checked, opts, call, ctx, request, {}, { 'learning_workspace.code.call': index });
  }

  private async slot(): Promise<void> {
    const most = this.parts.opts.maxInFlight ?? DEFAULT_AT_ONCE;
    while (this.running >= most) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}

/** The guest's arguments, parsed from its JSON text and checked against the tool's own schema. */
function checkArguments(def: ToolDef, argsText: string): Record<string, unknown> {
  // Measured before the host parses them: the guest can make a string of tens of megabytes.
  if (argsText.length > CODE_LIMITS.argsChars) {
    throw new ToolError(`The arguments for ${def.name} are more than the ${CODE_LIMITS.argsChars} characters of JSON a call takes.`, {
      code: 'INVALID_INPUT',
    });
  }
  const args = guestJson(argsText);
  if (!args.ok) throw new ToolError(`The arguments for ${def.name}: their value ${args.why}.`, { code: 'INVALID_INPUT' });
  const parsed = args.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ToolError(`${def.name} takes one object of arguments.`, { code: 'INVALID_INPUT' });
  }
  const input = def.input.safeParse(withoutNullOptionals(def.input, parsed));
  if (!input.success) throw invalidInput(def.name, fieldIssues(input.error, Object.keys(def.input.shape)));
  return input.data as Record<string, unknown>;
}
