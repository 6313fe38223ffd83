// Results that fit what clients take: a roster far larger than a client's result limit comes in parts.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectStdio, sandboxEnv, startSandbox, type Connected, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
let conn: Connected;

const roster = Array.from({ length: 5_000 }, (_, i) => ({
  user: { id: `u_${i}`, name: `Learner ${i}`, email: `learner${i}@academy.example`, avatarUrl: null },
  joinedAt: '2026-01-05T09:00:00.000Z',
  coursesAssigned: 3,
  coursesCompleted: i % 4,
  groups: ['Sales North America', 'Onboarding 2026'],
}));

beforeAll(async () => {
  sandbox = await startSandbox();
  conn = await connectStdio(sandboxEnv(sandbox));
  // Listing first makes the SDK client check every structuredContent against the tool's output schema.
  await conn.client.listTools();
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

test('a roster of 5,000 students comes in parts within the cap, each with a note and a working next offset', async () => {
  sandbox.inject({ path: '/api/v1/analytics/students', status: 200, body: { success: true, data: { students: roster } }, times: 1_000 });
  const seen = new Set<string>();
  let offset: number | null = 0;
  let cursor: string | undefined;
  let parts = 0;
  while (offset !== null && parts < 200) {
    const r = (await conn.client.callTool({ name: 'analytics_students', arguments: cursor ? { cursor } : {} })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    const json = (r.content[0] as { text: string }).text;
    expect(json.length).toBeLessThanOrEqual(40_000);
    const page = (
      r.structuredContent as { page: { offset: number; returned: number; total: number; nextOffset: number | null; nextCursor?: string } }
    ).page;
    expect(page).toMatchObject({ offset, total: 5_000 });
    expect((r.content[1] as { text: string }).text).toMatch(
      page.nextOffset === null ? /of 5000\. This is the last part\./ : `Call again with cursor: "${page.nextCursor}" for the next part.`,
    );
    for (const s of (r.structuredContent as { students: { user: { id: string } }[] }).students) seen.add(s.user.id);
    offset = page.nextOffset;
    cursor = page.nextCursor;
    parts++;
  }
  expect(seen.size).toBe(5_000);
  expect(parts).toBeGreaterThan(20);
  // The offset is the server's own: the upstream never saw it.
  expect(sandbox.requests.every((q) => !JSON.stringify(q.body ?? {}).includes('offset'))).toBe(true);
});

test('a list that fits comes whole, with no page', async () => {
  sandbox.reset();
  const r = (await conn.client.callTool({ name: 'analytics_students', arguments: {} })) as CallToolResult;
  expect(r.content).toHaveLength(1);
  expect(r.structuredContent).not.toHaveProperty('page');
});
