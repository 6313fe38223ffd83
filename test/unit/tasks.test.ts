import { describe, expect, test } from 'vitest';
import { CompletedTaskV2Schema, CreateTaskResultV2Schema, GetTaskResultV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import type { JobRecord } from '../../src/jobs/record.js';
import { createdTask, detailedTask } from '../../src/mcp/tasks.js';

const job = (over: Partial<JobRecord>): JobRecord => ({
  id: '0123456789abcdef0123456789abcdef',
  tool: 'presentations_create',
  owner: 'stdio',
  key: 'k',
  status: 'running',
  startedAt: '2026-11-25T10:00:00.000Z',
  handedOff: true,
  replica: 'r',
  ...over,
});
const ended = { finishedAt: '2026-11-25T10:01:20.000Z' };
const deck = { content: [{ type: 'text' as const, text: '{"success":true}' }], structuredContent: { success: true } };
const toolError = { isError: true, content: [{ type: 'text' as const, text: 'Error UPSTREAM_FAILED (HTTP 500): the workspace failed.' }] };

// The 2026-07-28 shapes, checked against the tasks extension's own schemas.
describe('jobs as 2026-07-28 tasks', () => {
  test('a call that became a task answers with a working task', () => {
    expect(
      CreateTaskResultV2Schema.parse(createdTask(job({ progress: 'Still working: Make a slide deck (12 s so far)' }), 3_600_000)),
    ).toMatchObject({
      resultType: 'task',
      status: 'working',
      statusMessage: 'Still working: Make a slide deck (12 s so far)',
      ttlMs: 3_600_000,
    });
  });

  test('tasks/get: working, cancelled, completed with the tool result, completed with the tool error, failed without a result', () => {
    const get = (j: JobRecord) => GetTaskResultV2Schema.parse({ ...detailedTask(j, 1000), resultType: 'complete' });
    expect(get(job({}))).toMatchObject({ status: 'working' });
    expect(get(job({ status: 'cancelled', ...ended }))).toMatchObject({ status: 'cancelled', lastUpdatedAt: ended.finishedAt });
    expect(CompletedTaskV2Schema.parse(get(job({ status: 'succeeded', result: deck, ...ended }))).result).toMatchObject({
      resultType: 'complete',
      structuredContent: { success: true },
    });
    // A tool that failed still answered its call: the task completed with the tool's error result.
    expect(
      get(job({ status: 'failed', result: toolError, error: { code: 'UPSTREAM_FAILED', message: 'the workspace failed' }, ...ended })),
    ).toMatchObject({ status: 'completed', result: { isError: true } });
    expect(
      get(job({ status: 'failed', error: { code: 'JOB_LOST', message: 'The replica running this job stopped.' }, ...ended })),
    ).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: 'The replica running this job stopped.' },
    });
  });
});
