// The parts of batch_call that need no server: its answer within the result cap at 1,000 calls, the keys
// of its writes, the answers it keeps, what the rate limit counts of it and what a message of 1,000 calls weighs.
import { describe, expect, test } from 'vitest';
import { batchResult, type ItemOutcome } from '../../src/batch/answer.js';
import { ranges } from '../../src/batch/failures.js';
import { itemKey } from '../../src/batch/keys.js';
import { keeper } from '../../src/batch/run.js';
import { toolCallsOf } from '../../src/batch/weight.js';
import { BATCH_MAX_CALLS } from '../../src/mcp/tool-summary.js';
import { MAX_MESSAGE_BYTES } from '../../src/transports/jsonrpc.js';

const textOf = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? '').join('\n');
const ok = (index: number, size: number): ItemOutcome => ({
  index,
  tool: 'assignments_for_user',
  status: 'succeeded',
  result: { user: { id: `u_${index}` }, notes: 'x'.repeat(size) },
  args: { userId: `u_${index}` },
});
const failed = (index: number): ItemOutcome => ({
  index,
  tool: 'groups_member_add',
  status: 'failed',
  error: {
    status: 422,
    code: 'UPSTREAM_INVALID',
    message: 'The request body is invalid.',
    fieldErrors: { groupId: ['no group with id g_nope'] },
  },
  args: { groupId: 'g_nope', userId: `u_${index}` },
});

type Structured = {
  succeeded: number;
  failed: number;
  declined?: number;
  skipped?: number;
  skippedCalls?: number[];
  tools: Record<string, Record<string, number>>;
  failures?: { calls: number[]; tool: string; error: { code: string; message: string }; otherMessages?: number }[];
  results: Record<string, unknown>[];
  listed?: number;
};
const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Structured;
/** What a groups_member_add answers: about 300 characters. */
const added = (index: number): ItemOutcome => ({
  index,
  tool: 'groups_member_add',
  status: 'succeeded',
  result: {
    membership: {
      groupId: 'g_newhires',
      user: { id: `u_hire_${index}`, name: `Hire ${index}`, email: `hire${index}@northwind.example` },
      status: 'ACTIVE',
      primaryRole: { systemKey: 'MEMBER', name: 'Member', scopeGroupName: 'New hires' },
      extraRoles: [],
      joinedAt: '2026-09-01T09:00:00.000Z',
    },
  },
  args: { groupId: 'g_newhires', userId: `u_hire_${index}` },
});
/** Every index of the failures, in order. */
const failedIndexes = (s: Structured) => (s.failures ?? []).flatMap((f) => f.calls).sort((a, b) => a - b);
const within = (r: { structuredContent?: unknown; content: { type: string; text?: string }[] }, max: number) => {
  expect(JSON.stringify(r.structuredContent).length).toBeLessThanOrEqual(max);
  expect(textOf(r).length).toBeLessThanOrEqual(max);
};

describe('the answer', () => {
  test('counts first, then the failures with their targets, then every call as JSON', () => {
    const r = batchResult([ok(0, 10), failed(1), { index: 2, tool: 'members_remove', status: 'declined', args: { userId: 'u_2' } }], 'k1');
    expect(r.content).toHaveLength(1);
    expect(textOf(r).split('\n')).toEqual([
      '3 calls: 1 succeeded, 1 failed, 1 declined by the person (not sent).',
      'By tool: assignments_for_user 1 succeeded; groups_member_add 1 failed; members_remove 1 declined.',
      'Failed (1):',
      '- calls[1] groups_member_add (groupId g_nope, userId u_1): HTTP 422 UPSTREAM_INVALID: The request body is invalid. Fields: groupId: no group with id g_nope',
      'Declined by the person, not sent: calls 2.',
      'To retry, send the same calls again with idempotencyKey "k1": the writes already made are answered again, not made twice.',
      'By index:',
      `[0] assignments_for_user succeeded: {"user":{"id":"u_0"},"notes":"xxxxxxxxxx"}`,
      '[1] groups_member_add failed: HTTP 422 UPSTREAM_INVALID',
      '[2] members_remove declined',
    ]);
    expect(r.structuredContent).toEqual({
      succeeded: 1,
      failed: 1,
      declined: 1,
      declinedCalls: [2],
      tools: { assignments_for_user: { succeeded: 1 }, groups_member_add: { failed: 1 }, members_remove: { declined: 1 } },
      failures: [{ calls: [1], tool: 'groups_member_add', error: failed(1).error }],
      results: [
        { index: 0, tool: 'assignments_for_user', status: 'succeeded', result: ok(0, 10).result },
        { index: 1, tool: 'groups_member_add', status: 'failed' },
        { index: 2, tool: 'members_remove', status: 'declined' },
      ],
      idempotencyKey: 'k1',
    });
    // The arguments are the agent's own: they are not repeated back.
    expect(JSON.stringify(r.structuredContent)).not.toContain('"args"');
  });

  test('too long for the cap: the calls from the first on with their answers while they fit, then marked without, the failure kept', () => {
    const outcomes = [...Array.from({ length: 10 }, (_, i) => ok(i, 3_000)), failed(10)];
    const r = batchResult(outcomes, undefined, 20_000);
    within(r, 20_000);
    const { results, failures } = sc(r);
    expect(results).toHaveLength(11);
    const kept = results.filter((x) => x['result'] !== undefined).map((x) => x['index']);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => i));
    expect(kept.length).toBeGreaterThan(3);
    expect(results.filter((x) => x['resultOmitted'] === true)).toHaveLength(10 - kept.length);
    expect(failures).toEqual([{ calls: [10], tool: 'groups_member_add', error: failed(10).error }]);
    expect(textOf(r)).toContain(`The answers of ${10 - kept.length} successful calls are left out. A read's answer: call its tool alone`);
  });

  test('1,000 adds: within 40,000 characters, counted per tool, the first ones listed, and how to see the others', () => {
    const r = batchResult(
      Array.from({ length: 1_000 }, (_, i) => added(i)),
      'onboarding',
      40_000,
    );
    within(r, 40_000);
    const s = sc(r);
    expect([s.succeeded, s.failed, s.failures]).toEqual([1_000, 0, undefined]);
    expect(s.tools).toEqual({ groups_member_add: { succeeded: 1_000 } });
    expect(s.listed).toBe(s.results.length);
    expect(s.results.length).toBeGreaterThan(50);
    expect(s.results.map((x) => x['index'])).toEqual(Array.from({ length: s.results.length }, (_, i) => i));
    const text = textOf(r);
    expect(text.split('\n')[0]).toBe('1000 calls: 1000 succeeded, 0 failed.');
    expect(text).toContain(`Calls ${s.results.length}-999 are not listed one by one, to fit the answer size (WORKSPACE_RESULT_MAX_CHARS)`);
    expect(text).toContain(`with idempotencyKey "onboarding:<index>"`);
  });

  test('1,000 calls that fail alike: one entry naming every index', () => {
    const r = batchResult(
      Array.from({ length: 1_000 }, (_, i) => failed(i)),
      'k',
      40_000,
    );
    within(r, 40_000);
    expect(sc(r).failures).toEqual([
      { calls: Array.from({ length: 1_000 }, (_, i) => i), tool: 'groups_member_add', error: failed(0).error },
    ]);
    expect(textOf(r)).toContain('- 1000 calls (0-999) groups_member_add: HTTP 422 UPSTREAM_INVALID: The request body is invalid.');
  });

  test('1,000 calls that fail each its own way, with long messages: every index still named, within the cap', () => {
    const outcomes = Array.from({ length: 1_000 }, (_, i): ItemOutcome => {
      const o = failed(i);
      const tool = i % 2 ? 'groups_member_add' : 'members_set_tags';
      return {
        ...o,
        tool,
        error: { ...o.error!, message: `no user with id u_${i} ${'x'.repeat(250)}`, resolution: `r${i} ${'y'.repeat(250)}` },
      };
    });
    const r = batchResult(outcomes, 'k', 40_000);
    within(r, 40_000);
    const s = sc(r);
    expect(failedIndexes(s)).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    expect(s.failures!.map((f) => [f.tool, f.calls.length, f.otherMessages])).toEqual([
      ['members_set_tags', 500, 499],
      ['groups_member_add', 500, 499],
    ]);
    expect(textOf(r)).toContain('(499 of these 500 with other messages; call one alone to see its own)');
  });

  test('failures come before answers: 100 with their own messages are each kept, word for word, beside 900 successes', () => {
    const outcomes = Array.from({ length: 1_000 }, (_, i): ItemOutcome => {
      if (i % 10) return added(i);
      return {
        ...failed(i),
        error: { ...failed(i).error!, message: `no member with id u_${i}: ${'the workspace explains at length. '.repeat(3)}` },
      };
    });
    const r = batchResult(outcomes, 'k', 40_000);
    within(r, 40_000);
    const s = sc(r);
    expect(s.failures).toHaveLength(100);
    expect(s.failures!.every((f) => f.calls.length === 1 && f.error.message.startsWith(`no member with id u_${f.calls[0]}:`))).toBe(true);
    expect(textOf(r)).toContain(
      '- calls[990] groups_member_add (groupId g_nope, userId u_990): HTTP 422 UPSTREAM_INVALID: no member with id u_990',
    );
  });

  test('a mix at 1,000: every failure and every skipped call by index, the answers that fit', () => {
    const outcomes = Array.from({ length: 1_000 }, (_, i): ItemOutcome => {
      if (i % 3 === 1) return { ...failed(i), error: { ...failed(i).error!, message: `no user with id u_${i}` } };
      if (i >= 800) return { index: i, tool: 'groups_member_add', status: 'skipped', args: {} };
      return added(i);
    });
    const r = batchResult(outcomes, 'k', 40_000);
    within(r, 40_000);
    const s = sc(r);
    expect(failedIndexes(s)).toEqual(outcomes.filter((o) => o.status === 'failed').map((o) => o.index));
    expect(s.skippedCalls).toEqual(outcomes.filter((o) => o.status === 'skipped').map((o) => o.index));
    expect(s.succeeded + s.failed + (s.skipped ?? 0)).toBe(1_000);
    expect(textOf(r)).toMatch(/^Skipped, cancelled before they were sent: calls 800-801, 803-804, 806-807/m);
  });

  test('at a small cap the counts and the failures still come first', () => {
    const r = batchResult([...Array.from({ length: 50 }, (_, i) => added(i)), failed(50)], 'k', 4_000);
    within(r, 4_000);
    expect(failedIndexes(sc(r))).toEqual([50]);
  });
});

test('failure indexes as ranges', () => {
  expect(ranges([0, 1, 2, 3, 7, 9, 10])).toBe('0-3, 7, 9-10');
  expect(ranges([])).toBe('');
});

test('the answers a batch keeps in memory: about twice the cap, the rest dropped as they come', () => {
  const keep = keeper(1_000);
  const kept = Array.from({ length: 20 }, (_, i) => keep(ok(i, 300))).filter((o) => o.result !== undefined);
  expect(kept.length).toBeGreaterThan(3);
  expect(kept.length).toBeLessThan(8);
  expect(keep(failed(99))).toEqual(failed(99));
});

test("a write's key is the batch's key and its index, within the 255 visible characters a key may have", () => {
  expect(itemKey('onboarding-2026-09', 7)).toBe('onboarding-2026-09:7');
  const long = 'k'.repeat(255);
  expect(itemKey(long, 99)).toMatch(/^[A-Za-z0-9_-]{43}:99$/);
  expect(itemKey(long, 99)).not.toBe(itemKey(`${'k'.repeat(254)}j`, 99));
});

test('the rate limit counts each call of a batch, a tools/call as one, nothing else', () => {
  const call = (name: string, args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  expect(toolCallsOf(call('groups_list', {}))).toBe(1);
  expect(toolCallsOf(call('batch_call', { calls: Array.from({ length: 30 }, () => ({ tool: 'groups_list' })) }))).toBe(30);
  expect(toolCallsOf(call('batch_call', { calls: Array.from({ length: 500 }, () => ({})) }))).toBe(500);
  // A longer batch is refused by its schema, having counted as the largest a batch may be.
  expect(toolCallsOf(call('batch_call', { calls: Array.from({ length: 5_000 }, () => ({})) }))).toBe(1_000);
  expect(toolCallsOf(call('batch_call', { calls: 'nope' }))).toBe(1);
  expect(toolCallsOf(call('batch_call', { calls: [] }))).toBe(1);
  expect(toolCallsOf({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toBe(0);
});

test('a message of 1,000 calls fits the 1 MiB a message may have (HTTP body, stdio line): adds with long ids, or 20 tags each', () => {
  const message = (calls: unknown[]) =>
    Buffer.byteLength(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'batch_call', arguments: { calls, idempotencyKey: 'onboarding-2026-09' } },
      }),
    );
  const userId = (i: number) => `u_01HZX3K9Q2V7N8M4R6T5W${String(i).padStart(5, '0')}`;
  const adds = Array.from({ length: BATCH_MAX_CALLS }, (_, i) => ({
    tool: 'groups_member_add',
    arguments: JSON.stringify({ groupId: 'g_01HZX3K9Q2V7N8M4R6T5W1Y0AB', userId: userId(i), systemKey: 'INSTRUCTOR' }),
  }));
  // The most tags a call takes, each as long as a team's name with its region: about 680 bytes a call.
  const tags = Array.from({ length: BATCH_MAX_CALLS }, (_, i) => ({
    tool: 'members_set_tags',
    arguments: JSON.stringify({
      userId: userId(i),
      tags: Array.from({ length: 20 }, (_, j) => `Vertrieb Österreich ${j}`.padEnd(24, '.')),
    }),
  }));
  expect(message(adds)).toBeLessThan(MAX_MESSAGE_BYTES / 4);
  expect(message(tags)).toBeLessThan(MAX_MESSAGE_BYTES);
});
