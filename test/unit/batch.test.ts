// The parts of batch_call that need no server: its answer within the result cap, the keys of its writes,
// and what the rate limit counts of it.
import { describe, expect, test } from 'vitest';
import { batchResult, type ItemOutcome } from '../../src/batch/answer.js';
import { itemKey } from '../../src/batch/run.js';
import { toolCallsOf } from '../../src/batch/weight.js';

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

describe('the answer', () => {
  test('counts first, then the failures with their targets, then every call as JSON', () => {
    const r = batchResult([ok(0, 10), failed(1), { index: 2, tool: 'members_remove', status: 'declined', args: { userId: 'u_2' } }], 'k1');
    expect(r.content).toHaveLength(1);
    expect(textOf(r).split('\n')).toEqual([
      '3 calls: 1 succeeded, 1 failed, 1 declined by the person (not sent).',
      'Failed:',
      '- calls[1] groups_member_add (groupId g_nope, userId u_1): HTTP 422 UPSTREAM_INVALID: The request body is invalid. Fields: groupId: no group with id g_nope',
      'To retry, send the same calls again with idempotencyKey "k1": the writes already made are answered again, not made twice.',
      'By index:',
      `[0] assignments_for_user succeeded: {"user":{"id":"u_0"},"notes":"xxxxxxxxxx"}`,
      '[1] groups_member_add failed: HTTP 422 UPSTREAM_INVALID: The request body is invalid.',
      '[2] members_remove declined',
    ]);
    expect(r.structuredContent).toMatchObject({ succeeded: 1, failed: 1, declined: 1, idempotencyKey: 'k1' });
    // The arguments are the agent's own: they are not repeated back.
    expect(JSON.stringify(r.structuredContent)).not.toContain('"args"');
  });

  test('too long for the cap: the last results are left out, marked, and the failures kept', () => {
    const outcomes = [...Array.from({ length: 10 }, (_, i) => ok(i, 3_000)), failed(10)];
    const r = batchResult(outcomes, undefined, 20_000);
    const results = (r.structuredContent as { results: Record<string, unknown>[] }).results;
    expect(JSON.stringify(r.structuredContent).length).toBeLessThanOrEqual(20_000);
    const kept = results.filter((x) => x['result'] !== undefined).map((x) => x['index']);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => i));
    expect(kept.length).toBeGreaterThan(3);
    expect(results.filter((x) => x['resultOmitted'] === true)).toHaveLength(10 - kept.length);
    expect(results[10]!['error']).toBeDefined();
    expect(textOf(r)).toContain(`The results of ${10 - kept.length} successful calls are left out`);
  });
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
  expect(toolCallsOf(call('batch_call', { calls: Array.from({ length: 500 }, () => ({})) }))).toBe(100);
  expect(toolCallsOf(call('batch_call', { calls: 'nope' }))).toBe(1);
  expect(toolCallsOf(call('batch_call', { calls: [] }))).toBe(1);
  expect(toolCallsOf({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toBe(0);
});
