import { AsyncResource } from 'node:async_hooks';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { CallContext } from '../call/context.js';
import { errorResult, invalidInput, ToolError } from '../call/errors.js';
import { KeepAlive } from '../call/keep-alive.js';
import { Slots } from '../call/slots.js';
import type { Outcome } from '../jobs/runner.js';
import { fieldIssues, withoutNullOptionals } from '../mcp/arguments.js';
import { valueAt, withValueAt } from '../mcp/fit.js';
import type { Catalogue } from '../mcp/catalogue.js';
import type { RequestContext } from '../mcp/request-context.js';
import { callContext, executeStep, runWorkAsJob, type AsTask } from '../mcp/tool-call.js';
import { DEFAULTS } from '../config/defaults.js';
import type { BatchOptions } from '../batch/run.js';
import { quote } from '../text/quote.js';
import { didYouMean } from '../text/suggest.js';
import { CODE_LIMITS, CODE_TOOL_NAME, type CodeLimits } from '../config/code-limits.js';
import { codeOutcome, guestJson, partialList, type PartialList } from './outcome.js';
import type { GuestAnswer, SandboxEnd } from './sandbox.js';
import { Sandboxes } from './sandboxes.js';

// code_run: the agent's JavaScript in a sandbox (sandbox.ts, worker.ts), whose every tool call comes here
// and goes through the call core as a batch's calls do: checked against the tool's schema, counted by the
// caller's rate limit, at most --max-inflight at once, its output checked, in a span of its own. Only the
// value the code returns is answered. Like a batch, a run that outlives the client's patience is a job.

const DEFAULT_AT_ONCE = 16;

/** What code_run needs of the server's settings: a batch's, the process's bound on sandboxes at once, its limits. */
export interface CodeOptions extends BatchOptions {
  sandboxes?: Sandboxes | undefined;
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

let own: Sandboxes | undefined;
/** A server made without the process's sandboxes (in-process, in tests) shares one bound of its own. */
const ownSandboxes = () => (own ??= new Sandboxes(CODE_LIMITS.runsAtOnce, CODE_LIMITS.memoryBytes));

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
  let end: SandboxEnd;
  try {
    end = await (parts.opts.sandboxes ?? ownSandboxes()).run(code, parts.catalogue.codeTools, limits, onCall, call.signal);
  } finally {
    ended.abort();
    keepAlive?.stop();
  }
  // The line starting "Resolution:" is the server's own: a resolution the code set on an error of its
  // making (from what it read, perhaps) is not shown as one; a tool's error it let through keeps its own.
  if (!end.ok && end.resolution !== undefined && !calls.resolutions.has(end.resolution)) end = { ...end, resolution: undefined };
  return codeOutcome(end, calls.made, parts.opts.resultMaxChars ?? DEFAULTS.resultMaxChars, calls.partial);
}

const mb = (chars: number) => `${(chars / 1024 / 1024).toFixed(1)} MB`;

/** The guest's tool calls: checked, counted, run through the call core at most maxInFlight at once. */
class GuestCalls {
  /** Calls the code made within the limit (a refused write or a failed call among them). */
  made = 0;
  /** The resolutions of the errors its calls were answered with: the server's words. */
  readonly resolutions = new Set<string>();
  /** The lists the code read that may go on (page.mayGoOn), each named in the run's answer. */
  readonly partial: PartialList[] = [];
  private asked = 0;
  private done = 0;
  /** Characters of JSON the answers given to the code so far took. */
  private read = 0;
  /** The run's calls going at once, at most maxInFlight; the rest wait their turn in the order made. */
  private readonly turns: Slots;

  constructor(
    private readonly limits: CodeLimits,
    private readonly parts: RunParts,
    private readonly onDone: (done: number) => void,
  ) {
    this.turns = new Slots(parts.opts.maxInFlight ?? DEFAULT_AT_ONCE);
  }

  /** A call's answer as JSON text: `{ok:true,value}` (a long list's rows in parts) or `{ok:false,error}`; never throws. */
  async answer(tool: string, argsText: string): Promise<GuestAnswer> {
    try {
      const { def, value } = await this.run(tool, argsText);
      return this.admitted(tool, inParts(def, value));
    } catch (err) {
      const e = ToolError.of(err, `${CODE_TOOL_NAME} calling ${tool}`);
      const { code, message, resolution, fieldErrors, status } = e.data();
      this.resolutions.add(resolution);
      return { text: JSON.stringify({ ok: false, error: { code, message, resolution, fieldErrors, status } }) };
    }
  }

  /** The answer, when it fits in what is left of the run's budget of data, which it then takes from. */
  private admitted(tool: string, answer: GuestAnswer): GuestAnswer {
    const budget = this.limits.dataChars;
    const chars = answer.text.length + (answer.parts ?? []).reduce((sum, part) => sum + part.length, 0);
    if (this.read + chars > budget) {
      throw new ToolError(
        `The answer of ${tool} is ${mb(chars)} of JSON: with the ${mb(this.read)} this run's calls have read, it would pass the ${mb(budget)} one run may read, so it was not given to the code.`,
        {
          code: 'CODE_FAILED',
          resolution:
            'Read less per call: only the fields needed (fields: ["user.name", …] on every list tool), or narrower calls (one team, one course, a limit); or split the work into several runs.',
        },
      );
    }
    this.read += chars;
    return answer;
  }

  private async run(tool: string, argsText: string): Promise<{ def: ToolDef; value: Record<string, unknown> | undefined }> {
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
    // Given up by nothing: a run that ended stops its calls through their signal, not in this queue.
    const release = (await this.turns.take())!;
    try {
      if (call.signal.aborted) throw new ToolError('The run was cancelled; the call was not sent.', { code: 'CANCELLED' });
      try {
        await request.countCalls?.(1);
      } catch (err) {
        throw new ToolError((err as Error).message, { code: 'RATE_LIMITED' });
      }
      const outcome = await this.execute(def, checked, index);
      if (outcome.error) throw ToolError.from(outcome.error);
      const value = outcome.result.structuredContent as Record<string, unknown> | undefined;
      const read = partialList(def, value);
      if (read) this.partial.push(read);
      return { def, value };
    } finally {
      release();
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
    return executeStep(def, checked, opts, call, ctx, request, {}, { 'learning_workspace.code.call': index }, { whole: true });
  }
}

/**
 * Rows per part of a long list given to the code. The guest parses one part at a time into the list, so
 * the answer's text never sits whole in its memory beside the rows made from it: 100,000 learners are
 * 24 MB of text and 46 MB of rows in QuickJS, together more than a run may take.
 */
export const GUEST_PART_ROWS = 2_000;

/** A tool's answer for the guest: a list longer than a part goes with its rows out, in parts of their own. */
export function inParts(def: ToolDef, value: Record<string, unknown> | undefined): GuestAnswer {
  const rows = def.pages && value ? valueAt(value, def.pages) : undefined;
  if (!def.pages || !value || !Array.isArray(rows) || rows.length <= GUEST_PART_ROWS) return { text: JSON.stringify({ ok: true, value }) };
  const parts: string[] = [];
  for (let at = 0; at < rows.length; at += GUEST_PART_ROWS) parts.push(JSON.stringify(rows.slice(at, at + GUEST_PART_ROWS)));
  const rest = withValueAt(value, def.pages, []);
  return { text: JSON.stringify({ ok: true, value: rest, rows: { path: def.pages.split('.'), parts: parts.length } }), parts };
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
