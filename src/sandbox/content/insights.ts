// The sandbox's analytics assistant: POST /performance-insights/stream answers with the AI SDK UI
// message stream over server-sent events (or the older data-stream lines, or plain text), talking about
// the workspace's own course figures. A StreamScript lets tests and the bench shape, pace and break it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { analyse, type Analysis } from './analyst.js';
import { fail, oid, sleep, type Body, type Result, type Route, type StreamScript } from './store.js';

/** One entry per answer stream served, for tests that check how each ended. */
export interface StreamRecord {
  open: boolean;
  closedEarly: boolean;
}

type Part = Record<string, unknown> & { type: string };
/** A part of the answer, or the index of a text delta (made lazily, so 10,000 deltas hold no list). */
type Step = { part: Part } | { delta: number };

/** The answer as parts: reasoning, a data query, text, a chart, more text, finish. */
function* answerSteps(sessionId: string, analysis: Analysis, total: number): Generator<Step> {
  const { chart, query } = analysis;
  const half = Math.ceil(total / 2);
  yield { part: { type: 'start', messageId: `msg_${oid().slice(0, 8)}`, messageMetadata: { sessionId } } };
  yield { part: { type: 'reasoning-start', id: 'r1' } };
  yield { part: { type: 'reasoning-delta', id: 'r1', delta: 'Look up the figures the question is about, then compare.' } };
  yield { part: { type: 'reasoning-end', id: 'r1' } };
  yield { part: { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'queryLearnerData' } };
  yield { part: { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'queryLearnerData', input: query.input } };
  yield { part: { type: 'tool-output-available', toolCallId: 'call_1', output: { rows: query.rows } } };
  yield { part: { type: 'text-start', id: 't1' } };
  for (let i = 0; i < half; i++) yield { delta: i };
  yield { part: { type: 'tool-input-start', toolCallId: 'call_2', toolName: 'buildChart' } };
  yield {
    part: {
      type: 'tool-input-available',
      toolCallId: 'call_2',
      toolName: 'buildChart',
      input: { kind: 'bar', metric: 'completionPercent' },
    },
  };
  yield { part: { type: 'tool-output-available', toolCallId: 'call_2', output: { chart } } };
  yield { part: { type: 'data-chart', id: 'chart_1', data: chart } };
  for (let i = half; i < total; i++) yield { delta: i };
  yield { part: { type: 'text-end', id: 't1' } };
  yield { part: { type: 'finish', finishReason: 'stop', messageMetadata: { sessionId } } };
}

/** The older data-stream line of a part (`0:"text"`, `9:{tool call}`…), or nothing for parts it lacks. */
function dataStreamLine(part: Part): string | undefined {
  switch (part.type) {
    case 'text-delta':
      return `0:${JSON.stringify(part['delta'])}\n`;
    case 'tool-input-available':
      return `9:${JSON.stringify({ toolCallId: part['toolCallId'], toolName: part['toolName'], args: part['input'] })}\n`;
    case 'tool-output-available':
      return `a:${JSON.stringify({ toolCallId: part['toolCallId'], result: part['output'] })}\n`;
    case 'data-chart':
      return `2:${JSON.stringify([part['data']])}\n`;
    case 'error':
      return `3:${JSON.stringify(part['errorText'])}\n`;
    case 'finish':
      return `d:${JSON.stringify({ finishReason: 'stop' })}\n`;
    default:
      return undefined;
  }
}

function encoder(format: NonNullable<StreamScript['format']>, token: (i: number) => string): (step: Step) => string | undefined {
  return (step) => {
    const part: Part = 'delta' in step ? { type: 'text-delta', id: 't1', delta: token(step.delta) } : step.part;
    if (format === 'ui') return `data: ${JSON.stringify(part)}\n\n`;
    if (format === 'text') return part.type === 'text-delta' ? String(part['delta']) : undefined;
    return dataStreamLine(part);
  };
}

/** Writes the steps as the script says: paced, and cut, errored or silenced after some events. */
async function play(
  req: IncomingMessage,
  res: ServerResponse,
  script: StreamScript,
  steps: Iterable<Step>,
  encode: (s: Step) => string | undefined,
  record: StreamRecord,
): Promise<void> {
  let closed = false;
  let ended = false;
  res.on('close', () => {
    closed = true;
    record.open = false;
    record.closedEarly = !ended;
  });
  const write = async (text: string) => {
    if (!res.write(text)) await new Promise((r) => res.once('drain', r));
  };
  let n = 0;
  for (const step of steps) {
    if (closed) return;
    if (script.failAfter !== undefined && n >= script.failAfter) return void req.socket.destroy();
    if (script.silentAfter !== undefined && n >= script.silentAfter) return; // holds the connection open
    if (script.errorAfter !== undefined && n >= script.errorAfter) {
      const e = encode({ part: { type: 'error', errorText: 'The analytics service is temporarily unavailable.' } });
      if (e) await write(e);
      break;
    }
    const text = encode(step);
    if (text === undefined) continue;
    if (script.delayMs) await sleep(script.delayMs);
    if (closed) return;
    await write(text);
    if ('delta' in step) script.onEmit?.(step.delta, performance.now());
    n++;
  }
  if ((script.format ?? 'ui') === 'ui' && script.errorAfter === undefined) await write('data: [DONE]\n\n');
  ended = true;
  res.end();
}

export function streamRoute(streams: () => StreamRecord[]): Route {
  return {
    method: 'POST',
    pattern: /^\/api\/v1\/performance-insights\/stream$/,
    run: async ({ options, body, req, res }): Promise<Result> => {
      if (!Array.isArray(body['messages'])) return fail(400, 'Messages array is required');
      const script = options.stream ?? {};
      const sessionId = typeof body['sessionId'] === 'string' ? body['sessionId'] : `ses_${oid().slice(0, 12)}`;
      const question = String((body['message'] as Body | undefined)?.['text'] ?? 'the workspace');
      const analysis = analyse(question, options.facts?.() ?? { courses: [], learners: [], groups: [] });
      const words = analysis.text.split(/(?<= )/);
      const format = script.format ?? 'ui';
      res.writeHead(200, {
        'content-type': format === 'ui' ? 'text/event-stream; charset=utf-8' : 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
        'x-session-id': sessionId,
        ...(format === 'ui' ? { 'x-vercel-ai-ui-message-stream': 'v1' } : {}),
      });
      res.flushHeaders();
      const record: StreamRecord = { open: true, closedEarly: false };
      streams().push(record);
      const token = script.token ?? ((i: number) => words[i % words.length]!);
      await play(req, res, script, answerSteps(sessionId, analysis, script.deltas ?? words.length), encoder(format, token), record);
      return 'streamed';
    },
  };
}
