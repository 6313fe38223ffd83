// The insights stream's pieces on their own: the three decoders, the answer they fill, and the relay.
import { describe, expect, test } from 'vitest';
import type { ProgressKind } from '../../src/call/context.js';
import { StreamedAnswer, decoderFor, describeTool, ProgressRelay } from '../../src/call/stream-relay.js';

function relayed(windowMs = 0) {
  const sent: [string, ProgressKind][] = [];
  const relay = new ProgressRelay(async (m, k) => void sent.push([m, k]), windowMs);
  return { relay, sent };
}

async function decode(contentType: string, chunks: string[]) {
  const { relay, sent } = relayed();
  const answer = new StreamedAnswer(undefined, relay);
  let done = false;
  const decoder = decoderFor(contentType, chunks.join('').trimStart(), answer, () => (done = true));
  for (const c of chunks) decoder?.push(c);
  decoder?.end();
  await relay.drain();
  return { decoder, answer, sent, done: () => done };
}

describe('decoders', () => {
  test('server-sent events split anywhere, parts and [DONE]', async () => {
    const body =
      'data: {"type":"start","messageMetadata":{"sessionId":"s1"}}\n\ndata: {"type":"text-delta","delta":"Hel"}\n\ndata: {"type":"text-delta","delta":"lo"}\n\ndata: [DONE]\n\n';
    const r = await decode('text/event-stream', [body.slice(0, 17), body.slice(17, 70), body.slice(70)]);
    expect(r.answer.answer).toBe('Hello');
    expect(r.answer.sessionId).toBe('s1');
    expect(r.done()).toBe(true);
  });

  test('the older data-stream lines: text, tool call and result, finish', async () => {
    const r = await decode('text/plain', [
      '0:"Two "\n0:"cours',
      'es"\n9:{"toolCallId":"c","toolName":"runSql","args":{"q":1}}\na:{"toolCallId":"c","result":[1]}\nd:{"finishReason":"stop"}\n',
    ]);
    expect(r.answer.answer).toBe('Two courses');
    expect(r.answer.result()).toMatchObject({
      finishReason: 'stop',
      toolCalls: [{ toolCallId: 'c', toolName: 'runSql', input: { q: 1 }, output: [1] }],
    });
    expect(r.sent).toContainEqual(['querying learner data', 'status']);
  });

  test('plain text is the answer, finished when the body ends', async () => {
    const r = await decode('text/plain; charset=utf-8', ['All ', 'good.']);
    expect(r.answer.answer).toBe('All good.');
    expect(r.answer.finished).toBe(true);
  });

  test.each([
    ['application/json', '{"success":true}'],
    ['text/html', '<!doctype html>'],
    ['text/plain', '{"error":"no"}'],
  ])('%s starting %s is no answer stream', async (type, first) => {
    expect((await decode(type, [first])).decoder).toBeUndefined();
  });

  test('an error part is kept as the error', async () => {
    const r = await decode('text/event-stream', ['data: {"type":"error","errorText":"quota"}\n\n']);
    expect(r.answer.error).toBe('"quota"');
  });
});

describe('ProgressRelay', () => {
  test('deltas inside the window join; a status line flushes pending text first', async () => {
    const { relay, sent } = relayed(1_000);
    relay.text('a');
    relay.text('b');
    relay.text('c');
    relay.status('thinking');
    relay.text('d');
    await relay.drain();
    expect(sent).toEqual([
      ['a', 'text'],
      ['bc', 'text'],
      ['thinking', 'status'],
      ['d', 'text'],
    ]);
  });

  test('without a client progress token nothing is sent', async () => {
    const relay = new ProgressRelay(undefined);
    relay.text('x');
    relay.status('y');
    await relay.drain();
    expect(relay.sent).toBe(0);
  });
});

test('describeTool turns tool names into what a person understands', () => {
  expect(describeTool('renderChart')).toBe('building a chart');
  expect(describeTool('queryLearners')).toBe('querying learner data');
  expect(describeTool('lookup')).toBe('running lookup');
});
