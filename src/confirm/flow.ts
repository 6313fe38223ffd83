import { createHash, randomUUID } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import { ToolError } from '../call/errors.js';
import { readTool } from '../call/read.js';
import { oneLine } from '../text/clean.js';
import type { Upstream } from '../call/upstream.js';

// Destructive writes confirmed by the person through the protocol: the tool answers input_required with
// one question naming what will be lost (2026-07-28 clients ask and call again; on 2025-11-25 sessions
// the SDK's shim asks with elicitation/create and calls the handler again), and the write runs only
// on an accepted answer whose sealed state names this very target.

export type ConfirmMode = 'auto' | 'always' | 'never';

/** What the sealed request state carries: which write, on which target, under which Idempotency-Key. */
export interface ConfirmState {
  tool: string;
  /** Hash of the arguments the question was asked for: a state re-targeted at other arguments is refused. */
  target: string;
  /** The write's Idempotency-Key: a replayed confirmation gets the first write's answer, never a second write. */
  key: string;
}

/**
 * What a destructive write's gate decides: go on (with the Idempotency-Key the question was sealed with),
 * ask the person, refuse, or answer with the person's no.
 */
export type Gate = { go: string | undefined } | { ask: InputRequiredResult } | { refused: ToolError } | { declined: CallToolResult };

/** How long a question may wait for its answer. */
const STATE_TTL_S = 600;
export const ANSWER = 'confirm';
/** A form every client renders: one flat boolean. */
export const FORM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Yes, do it', description: 'This cannot be undone.', default: false } },
  required: ['confirm'],
};

const targetOf = (tool: string, args: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      `${tool}\n${JSON.stringify(
        Object.entries(args)
          .filter(([k]) => k !== 'idempotencyKey')
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      )}`,
    )
    .digest('base64url');

/**
 * The confirmations of one process: the mode, and the codec that seals the request state (HMAC with the
 * shared secret, ten minutes, bound to the caller and the method).
 */
export class Confirmations {
  readonly codec: RequestStateCodec<ConfirmState>;

  constructor(
    readonly mode: ConfirmMode,
    secret: Uint8Array | string,
    callerOf: (ctx: ServerContext) => string,
  ) {
    this.codec = createRequestStateCodec<ConfirmState>({
      key: secret,
      ttlSeconds: STATE_TTL_S,
      bind: (ctx) => `${ctx.mcpReq.method}\0${callerOf(ctx)}`,
    });
  }

  /**
   * Before a destructive write: go on (with the Idempotency-Key to send), or what to answer instead: the
   * question to ask, a refusal, or the person's no.
   */
  async gate(
    def: ToolDef,
    args: Record<string, unknown>,
    upstream: Upstream,
    ctx: ServerContext,
    canAsk: boolean,
    lockdown = false,
  ): Promise<Gate> {
    // Lockdown asks the person before every deletion, whatever the mode.
    const mode = lockdown ? 'always' : this.mode;
    if (!def.annotations.destructiveHint || mode === 'never') return { go: undefined };
    if (!canAsk) {
      if (mode === 'auto') return { go: undefined };
      const message = `${def.name} deletes for good, and this server asks the person first (${whyAsk(lockdown)}), but this client cannot ask: it did not declare elicitation. Nothing was changed.`;
      return { refused: new ToolError(message, { code: 'CONFIRMATION_UNAVAILABLE' }) };
    }
    return this.ask(def, args, () => questionFor(def, args, upstream, ctx.mcpReq.signal), ctx, def.name);
  }

  /**
   * Asks the person `question` before a call goes on, where the client can ask: go on (with the
   * Idempotency-Key to send), or the answer to give instead. `purpose` keeps an answer given for one
   * question from being replayed for another about the same arguments.
   */
  async ask(
    def: ToolDef,
    args: Record<string, unknown>,
    question: () => Promise<string>,
    ctx: ServerContext,
    purpose: string,
  ): Promise<Gate> {
    const target = targetOf(purpose, args);
    const state = ctx.mcpReq.requestState<ConfirmState>();
    if (state !== undefined && typeof state === 'object') {
      if (state.tool !== def.name || state.target !== target) {
        const message =
          'The confirmation was given for another target than these arguments. Nothing was changed; call again to ask the person about this one.';
        return { refused: new ToolError(message, { code: 'CONFIRMATION_MISMATCH' }) };
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, ANSWER);
      if (answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.['confirm'] === true) return { go: state.key };
      if (answer.kind === 'elicit') return { declined: declined(def) };
    }
    const requestState = await this.codec.mint(
      { tool: def.name, target, key: typeof args['idempotencyKey'] === 'string' ? args['idempotencyKey'] : randomUUID() },
      ctx,
    );
    return {
      ask: inputRequired({
        // One line, cleaned, whatever made it: only a batch's question has lines, each numbered by the server.
        inputRequests: { [ANSWER]: inputRequired.elicit({ message: oneLine(await question()), requestedSchema: FORM }) },
        requestState,
      }),
    };
  }
}

/** Why the person is asked whatever the client: the operator's setting, or lockdown. */
export const whyAsk = (lockdown: boolean): string =>
  lockdown ? 'lockdown mode: every deletion is asked about' : 'WORKSPACE_CONFIRM_DESTRUCTIVE=always';

/**
 * The row's question (ToolDef.confirm), its reads made with the caller's own credentials; a read that
 * fails leaves the row to name the target alone, and a row without a question (or one that throws) gets
 * the generic one.
 */
export async function questionFor(def: ToolDef, args: Record<string, unknown>, upstream: Upstream, signal: AbortSignal): Promise<string> {
  const generic = `Run ${def.name} on ${oneLine(JSON.stringify(args)).slice(0, 200)}? This cannot be undone.`;
  if (!def.confirm) return generic;
  try {
    // The reads come through the call core, cleaned; the row quotes each name on one line (tools/questions.ts).
    const question = await def.confirm(args, (tool, input) =>
      readTool(upstream, tool, input, { retry: true, signal }).catch(() => undefined),
    );
    // One line, whatever a row made: a line break could only come from data, and would forge a line.
    return oneLine(question);
  } catch {
    return generic;
  }
}

/** Not an error to retry: the person said no. */
function declined(def: ToolDef): CallToolResult {
  return {
    content: [
      {
        type: 'text',
        text: `Nothing was changed: the person declined when asked to confirm "${def.title}". Do not call ${def.name} again unless they ask for it anew.`,
      },
    ],
    structuredContent: { declined: true },
  };
}
