import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { CallContext, ProgressKind } from './context.js';
import { clean, cleanDeep, cut, oneLine, workspaceWords } from '../text/clean.js';
import { ToolError } from './errors.js';
import { discard, transportError, type RequestSpec, type Upstream } from './upstream.js';

/** A delta goes out at once unless one went out this recently; then it joins the next. */
const COALESCE_MS = 50;
const SETTLE_MS = 5;
const MAX_TOOL_CALLS = 200;
const MAX_DATA_PARTS = 200;
const MAX_OTHER_EVENTS = 50;
/** How much of a body that is no answer stream is read to report it. */
const MAX_REPORTED_BODY = 64 * 1024;

type Part = { type: string; [key: string]: unknown };

/**
 * Sends answer text as progress: at most one notification per window, none held longer than it.
 * Status lines flush pending text first so the order of what the client sees is the order of the stream.
 */
export class ProgressRelay {
  private pending = '';
  private lastSent = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  /** Notifications handed to the transport so far. */
  sent = 0;

  constructor(
    private readonly send: ((message: string, kind: ProgressKind) => Promise<void>) | undefined,
    private readonly windowMs = COALESCE_MS,
  ) {}

  text(delta: string): void {
    if (!this.send || delta === '') return;
    this.pending += delta;
    if (this.timer) return;
    const wait = this.lastSent + this.windowMs - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  status(line: string): void {
    if (!this.send) return;
    this.flush();
    this.emit(line, 'status');
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    // A character split between two deltas waits for its other half: cleaning judges whole characters.
    const split = /[\uD800-\uDBFF]$/.test(this.pending) ? 1 : 0;
    const text = this.pending.slice(0, this.pending.length - split);
    this.pending = this.pending.slice(this.pending.length - split);
    this.lastSent = performance.now();
    if (text !== '') this.emit(clean(text), 'text');
  }

  /**
   * Resolves when every notification has been sent, and a moment more: the SDK's client drops progress
   * that reaches it in the same read as the response (typescript-sdk issue 2580), so the result waits
   * until the last notification has had a chance to be read on its own.
   */
  async drain(): Promise<void> {
    this.flush();
    // The stream ended: a half character still waiting is no text.
    this.pending = '';
    await this.chain;
    if (this.sent > 0) await new Promise((r) => setTimeout(r, SETTLE_MS));
  }

  private emit(message: string, kind: ProgressKind): void {
    const send = this.send!;
    this.sent++;
    // Chained, so notifications leave in order, without the reader waiting on them.
    this.chain = this.chain.then(() => send(message, kind)).catch(() => undefined);
  }
}

interface ToolCall {
  toolCallId: string;
  toolName: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

/** What the stream has said so far; only the answer and the parts the result reports are kept. */
export class StreamedAnswer {
  answer = '';
  sessionId: string | null;
  finishReason: string | null = null;
  finished = false;
  error: string | undefined;
  /** Why the answer was cut short (too long, too slow); what arrived is still the answer. */
  cutShort: string | undefined;
  private readonly toolCalls = new Map<string, ToolCall>();
  private readonly data: { type: string; id?: string; data: unknown }[] = [];
  private readonly other: unknown[] = [];

  constructor(
    sessionId: string | undefined,
    private readonly relay: ProgressRelay,
  ) {
    this.sessionId = sessionId ?? null;
  }

  private session(meta: unknown): void {
    if (meta && typeof meta === 'object' && typeof (meta as Record<string, unknown>)['sessionId'] === 'string') {
      this.sessionId = (meta as Record<string, string>)['sessionId']!;
    }
  }

  private call(id: unknown, name?: unknown): ToolCall | undefined {
    const key = String(id ?? '');
    let call = this.toolCalls.get(key);
    if (!call && this.toolCalls.size < MAX_TOOL_CALLS) {
      call = { toolCallId: key, toolName: typeof name === 'string' ? name : 'unknown' };
      this.toolCalls.set(key, call);
    }
    if (call && typeof name === 'string') call.toolName = name;
    return call;
  }

  text(delta: string): void {
    this.answer += delta;
    this.relay.text(delta);
  }

  /** One part of the AI SDK UI message stream. */
  apply(part: Part): void {
    switch (part.type) {
      case 'text-delta':
        return this.text(String(part['delta'] ?? part['textDelta'] ?? ''));
      case 'start':
      case 'message-metadata':
        return this.session(part['messageMetadata']);
      case 'finish':
        this.session(part['messageMetadata']);
        this.finished = true;
        this.finishReason = typeof part['finishReason'] === 'string' ? part['finishReason'] : 'stop';
        return;
      case 'error':
        this.error = workspaceWords(String(part['errorText'] ?? part['error'] ?? 'the upstream reported an error'));
        return;
      case 'reasoning-start':
        return this.relay.status('thinking');
      case 'tool-input-start':
      case 'tool-call-streaming-start': {
        const call = this.call(part['toolCallId'], part['toolName']);
        if (call) this.relay.status(describeTool(call.toolName));
        return;
      }
      case 'tool-input-available':
      case 'tool-call': {
        const known = this.toolCalls.has(String(part['toolCallId'] ?? ''));
        const call = this.call(part['toolCallId'], part['toolName']);
        if (call) call.input = part['input'] ?? part['args'];
        if (call && !known) this.relay.status(describeTool(call.toolName));
        return;
      }
      case 'tool-output-available':
      case 'tool-result': {
        const call = this.call(part['toolCallId']);
        if (call) call.output = part['output'] ?? part['result'];
        return;
      }
      case 'tool-output-error':
      case 'tool-input-error': {
        const call = this.call(part['toolCallId'], part['toolName']);
        if (call) call.errorText = String(part['errorText'] ?? 'tool failed');
        return;
      }
      case 'text-start':
      case 'text-end':
      case 'reasoning-delta':
      case 'reasoning-end':
      case 'tool-input-delta':
      case 'start-step':
      case 'finish-step':
        return;
      default:
        if (part.type.startsWith('data-')) {
          if (part.type === 'data-session') this.session(part['data']);
          if (this.data.length < MAX_DATA_PARTS)
            this.data.push({ type: part.type, ...(typeof part['id'] === 'string' ? { id: part['id'] } : {}), data: part['data'] });
          return;
        }
        // Parts this relay does not know are kept (a few) and never fatal.
        if (this.other.length < MAX_OTHER_EVENTS) this.other.push(part);
    }
  }

  /**
   * The result, every string of it cleaned; an answer cut short is at most `maxChars` long, and its
   * `cutShort` says why (the server's note about it stands outside the answer, which is the assistant's).
   */
  result(maxChars = Infinity): Record<string, unknown> {
    return cleanDeep({
      answer: this.answer.length > maxChars ? this.answer.slice(0, maxChars) : this.answer,
      sessionId: this.sessionId,
      finishReason: this.cutShort ? 'cut-short' : this.finishReason,
      ...(this.cutShort ? { cutShort: this.cutShort } : {}),
      toolCalls: [...this.toolCalls.values()],
      data: this.data,
      ...(this.other.length > 0 ? { otherEvents: this.other } : {}),
    });
  }
}

/** A short status line for the client while the assistant works. */
export function describeTool(name: string): string {
  const n = name.toLowerCase();
  if (n.includes('chart') || n.includes('graph') || n.includes('plot')) return 'building a chart';
  if (n.includes('query') || n.includes('sql') || n.includes('data') || n.includes('learner')) return 'querying learner data';
  return `running ${cut(oneLine(name), 60)}`;
}

/** The three shapes an answer stream may take; which one is sniffed from the first bytes. */
export type Decoder = { push(text: string): void; end(): void };

function sseDecoder(answer: StreamedAnswer, onDone: () => void): Decoder {
  const parser: EventSourceParser = createParser({
    onEvent(event) {
      const data = event.data;
      if (data === '[DONE]') return onDone();
      let part: unknown;
      try {
        part = JSON.parse(data);
      } catch {
        // Plain data on unnamed events is answer text; on named events (pings and the like) it is kept aside.
        if (event.event && event.event !== 'message') return answer.apply({ type: `event-${event.event}`, data });
        return answer.text(data);
      }
      if (part && typeof part === 'object' && typeof (part as Part).type === 'string') answer.apply(part as Part);
      else if (typeof part === 'string') answer.text(part);
      else answer.apply({ type: event.event ?? 'unknown', data: part });
    },
  });
  return { push: (t) => parser.feed(t), end: () => parser.reset({ consume: true }) };
}

/** The older AI SDK data stream: one `code:json` line per part. */
function dataStreamDecoder(answer: StreamedAnswer): Decoder {
  let buffer = '';
  const line = (l: string) => {
    const m = /^([0-9a-z]):(.*)$/s.exec(l);
    if (!m) return l.trim() ? answer.apply({ type: 'unknown-line', line: l }) : undefined;
    let value: unknown;
    try {
      value = JSON.parse(m[2]!);
    } catch {
      return answer.apply({ type: 'unknown-line', line: l });
    }
    const v = (value ?? {}) as Record<string, unknown>;
    switch (m[1]) {
      case '0':
        return answer.text(String(value));
      case 'g':
        return answer.apply({ type: 'reasoning-start' });
      case '2':
        for (const d of Array.isArray(value) ? value : [value]) answer.apply({ type: 'data-legacy', data: d });
        return;
      case '3':
        return answer.apply({ type: 'error', errorText: String(value) });
      case '9':
        return answer.apply({ type: 'tool-call', toolCallId: v['toolCallId'], toolName: v['toolName'], args: v['args'] });
      case 'a':
        return answer.apply({ type: 'tool-result', toolCallId: v['toolCallId'], result: v['result'] });
      case 'b':
        return answer.apply({ type: 'tool-call-streaming-start', toolCallId: v['toolCallId'], toolName: v['toolName'] });
      case 'd':
        return answer.apply({ type: 'finish', finishReason: v['finishReason'] });
      case 'c':
      case 'e':
      case 'f':
      case '8':
        return;
      default:
        return answer.apply({ type: `legacy-${m[1]}`, data: value });
    }
  };
  return {
    push(t) {
      buffer += t;
      let i: number;
      while ((i = buffer.indexOf('\n')) >= 0) {
        line(buffer.slice(0, i).replace(/\r$/, ''));
        buffer = buffer.slice(i + 1);
      }
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
    },
  };
}

function plainDecoder(answer: StreamedAnswer): Decoder {
  return {
    push: (t) => answer.text(t),
    end: () => {
      answer.finished = true;
    },
  };
}

/**
 * Which decoder reads the body, from its type and first bytes; undefined for a body that is no answer
 * stream at all (JSON, HTML), which is then reported rather than passed off as the answer.
 */
export function decoderFor(contentType: string, first: string, answer: StreamedAnswer, onDone: () => void): Decoder | undefined {
  if (contentType.includes('text/event-stream') || /^(data|event|id|retry):|^:/.test(first)) return sseDecoder(answer, onDone);
  if (/^[0-9a-z]:["{[0-9tfn-]/.test(first)) return dataStreamDecoder(answer);
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if ((type === '' || type === 'text/plain' || type === 'text/markdown') && !first.startsWith('{')) return plainDecoder(answer);
  return undefined;
}

/**
 * Calls the insights stream and relays it as progress; the whole answer is the result. `asked` is the
 * caller's conversation id, `sent` the one the request carries (the caller's, or one made for it).
 */
export async function relayStream(
  spec: RequestSpec,
  session: { asked: string | undefined; sent: string | undefined },
  upstream: Upstream,
  ctx: CallContext,
): Promise<Record<string, unknown>> {
  const res = await upstream.stream(spec);
  const relay = new ProgressRelay(ctx.progress);
  const sessionHeader = res.headers['x-session-id'];
  const answer = new StreamedAnswer(
    session.asked ?? (typeof sessionHeader === 'string' && sessionHeader ? sessionHeader : session.sent),
    relay,
  );
  let done = false;
  let decoder: Decoder | undefined;
  /** The first bytes, until they tell what the body is; all of it (within a cap) when it is no stream. */
  let head = '';
  let notStream = false;
  const text = new TextDecoder();
  const contentType = String(res.headers['content-type'] ?? '');
  const limits = new StreamLimits(upstream, spec);
  try {
    for await (const chunk of res.body) {
      const s = text.decode(chunk as Buffer, { stream: true });
      if (decoder) {
        decoder.push(s);
        if (answer.error) break;
        // An answer past its size or time is cut here: the upstream request is closed on the way out.
        if ((answer.cutShort = limits.exceeded((chunk as Buffer).length, answer.answer.length))) break;
        continue;
      }
      head += s;
      if (notStream || head.trim() === '') {
        if (head.length > MAX_REPORTED_BODY) break;
        continue;
      }
      decoder = decoderFor(contentType, head.trimStart(), answer, () => (done = true));
      if (!decoder) {
        notStream = true;
        continue;
      }
      decoder.push(head);
      if (answer.error) break;
      // The limits hold from the first chunk: a whole answer may arrive in one.
      if ((answer.cutShort = limits.exceeded((chunk as Buffer).length, answer.answer.length))) break;
    }
    decoder?.push(text.decode());
    decoder?.end();
  } catch (err) {
    await relay.drain();
    if (notStream) notAStream(res.status, contentType, head);
    const idleMs = upstream.streamIdleMs;
    const cause = transportError(err, spec, '', { count: 1, startedAt: performance.now(), attemptTimeoutMs: idleMs, deadlineMs: idleMs });
    if (cause.code === 'UPSTREAM_TIMEOUT') {
      throw new ToolError(`The answer stream went silent for more than ${idleMs} ms and was ended.`, {
        code: 'STREAM_IDLE_TIMEOUT',
        partial: answer.answer,
      });
    }
    throw new ToolError(`The answer stream broke off: ${cause.message}`, {
      code: cause.code,
      resolution: cause.resolution,
      partial: answer.answer,
    });
  } finally {
    discard(res.body);
  }
  if (notStream) notAStream(res.status, contentType, head);
  await relay.drain();
  if (answer.error)
    throw new ToolError(`The assistant reported an error: ${answer.error}`, { code: 'STREAM_ERROR', partial: answer.answer });
  if (!decoder) throw new ToolError(`The assistant answered HTTP ${res.status} with an empty body.`, { code: 'STREAM_INCOMPLETE' });
  if (answer.cutShort) return answer.result(upstream.maxAnswerChars);
  if (!answer.finished && !done) {
    throw new ToolError('The answer stream ended before the answer was finished.', { code: 'STREAM_INCOMPLETE', partial: answer.answer });
  }
  return answer.result();
}

/**
 * What an answer stream may take: its text at most `maxAnswerChars`, its bytes at most the answer size
 * cap, its time at most the call's long budget. Says why, once one is passed.
 */
class StreamLimits {
  private bytes = 0;
  private readonly started = performance.now();

  constructor(
    private readonly upstream: Upstream,
    private readonly spec: RequestSpec,
  ) {}

  exceeded(chunkBytes: number, answerChars: number): string | undefined {
    this.bytes += chunkBytes;
    const { maxAnswerChars, maxResponseBytes } = this.upstream;
    if (answerChars > maxAnswerChars) return `the answer passed ${maxAnswerChars} characters (WORKSPACE_MAX_ANSWER_CHARS)`;
    if (this.bytes > maxResponseBytes) return `the stream passed ${maxResponseBytes} bytes`;
    const budget = this.spec.deadlineMs ?? this.upstream.deadlineMs;
    if (performance.now() - this.started > budget) return `the stream went on longer than ${Math.round(budget / 1000)} s`;
    return undefined;
  }
}

/** A 200 whose body is no answer stream (a JSON document, cut or whole; an HTML page). */
function notAStream(status: number, contentType: string, body: string): never {
  throw new ToolError(
    `The assistant answered HTTP ${status} with ${cut(oneLine(contentType || 'no content type'), 100)} instead of an answer stream; nothing of it is an answer. Received: ${workspaceWords(body, 500)}`,
    {
      status,
      code: 'BAD_UPSTREAM_RESPONSE',
      resolution: 'Check that the Content API URL points at the workspace (not a proxy or login page), then ask again.',
    },
  );
}
