import { createHash, randomUUID } from 'node:crypto';
import { createRequestStateCodec, inputRequired, inputResponse, type CallToolResult, type InputRequiredResult, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { Upstream } from '../call/upstream.js';
import { describeLoss } from './describe.js';

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
    .update(`${tool}\n${JSON.stringify(Object.entries(args).filter(([k]) => k !== 'idempotencyKey').sort(([a], [b]) => (a < b ? -1 : 1)))}`)
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
    this.codec = createRequestStateCodec<ConfirmState>({ key: secret, ttlSeconds: STATE_TTL_S, bind: (ctx) => `${ctx.mcpReq.method}\0${callerOf(ctx)}` });
  }

  /**
   * Before a destructive write: go on (with the Idempotency-Key to send), or the answer to give instead
   * (the question, a refusal, or "nothing was changed").
   */
  async gate(def: ToolDef, args: Record<string, unknown>, upstream: Upstream, ctx: ServerContext, canAsk: boolean): Promise<{ go: string | undefined } | { answer: CallToolResult | InputRequiredResult }> {
    if (!def.annotations.destructiveHint || this.mode === 'never') return { go: undefined };
    if (!canAsk) {
      if (this.mode === 'auto') return { go: undefined };
      return { answer: refusal(`${def.name} deletes for good, and this server asks the person first (WORKSPACE_CONFIRM_DESTRUCTIVE=always), but this client cannot ask: it did not declare elicitation. Nothing was changed.`, 'CONFIRMATION_UNAVAILABLE') };
    }
    const target = targetOf(def.name, args);
    const state = ctx.mcpReq.requestState<ConfirmState>();
    if (state !== undefined && typeof state === 'object') {
      if (state.tool !== def.name || state.target !== target) {
        return { answer: refusal('The confirmation was given for another target than these arguments. Nothing was changed; call again to ask the person about this one.', 'CONFIRMATION_MISMATCH') };
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, ANSWER);
      if (answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.['confirm'] === true) return { go: state.key };
      if (answer.kind === 'elicit') return { answer: declined(def) };
    }
    const question = await describeLoss(def.name, args, upstream, ctx.mcpReq.signal);
    const requestState = await this.codec.mint({ tool: def.name, target, key: typeof args['idempotencyKey'] === 'string' ? args['idempotencyKey'] : randomUUID() }, ctx);
    return { answer: inputRequired({ inputRequests: { [ANSWER]: inputRequired.elicit({ message: question, requestedSchema: FORM }) }, requestState }) };
  }
}

function refusal(message: string, code: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `Error ${code}: ${message}` }] };
}

/** Not an error to retry: the person said no. */
function declined(def: ToolDef): CallToolResult {
  return {
    content: [{ type: 'text', text: `Nothing was changed: the person declined when asked to confirm "${def.title}". Do not call ${def.name} again unless they ask for it anew.` }],
    structuredContent: { declined: true },
  };
}
