import * as z from 'zod';
import { idempotencyKeyField, jsonObjectText, type Annotations } from './define.js';

/**
 * The server's own tool for bulk work (src/batch/ carries it out): many calls of the API tools in one
 * call, checked together before any is sent, run side by side, with one question for all their deletions.
 */
export interface BatchToolDef {
  name: 'batch_call';
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  annotations: Annotations;
}

export const BATCH_STATUSES = ['succeeded', 'failed', 'skipped', 'declined'] as const;

const call = z.strictObject({
  tool: z.string().min(1).max(64),
  arguments: jsonObjectText('arguments', '{"userId":"u_2"}').describe('JSON object as a string, e.g. {"userId":"u_2"}').optional(),
});

const itemError = z.looseObject({
  status: z.int().optional(),
  code: z.string().optional(),
  message: z.string(),
  resolution: z.string().optional(),
});

const item = z.looseObject({
  index: z.int(),
  tool: z.string(),
  status: z.enum(BATCH_STATUSES).describe('skipped: cancelled before it was sent.'),
  result: z.record(z.string(), z.unknown()).optional(),
});

const failure = z.looseObject({
  calls: z.array(z.int()).describe('Indexes of the calls that failed this way.'),
  tool: z.string(),
  error: itemError,
  otherMessages: z.int().optional().describe('Calls here with another message.'),
});

export const BATCH_TOOL: BatchToolDef = {
  name: 'batch_call',
  title: 'Bulk or mass changes: a batch of several or many tool calls at once',
  description: 'Up to 1,000 tool calls at once, in bulk: all validated first, their deletions confirmed in a single prompt.',
  input: z.strictObject({
    calls: z.array(call).min(1).max(1_000).describe('Run at once.'),
    idempotencyKey: idempotencyKeyField.optional(),
  }),
  output: z.looseObject({
    succeeded: z.int(),
    failed: z.int(),
    tools: z.record(z.string(), z.record(z.string(), z.int())).describe('Statuses per tool.'),
    failures: z.array(failure).optional(),
    results: z.array(item).describe('By index from 0, as many as fit.'),
    listed: z.int().optional().describe('Calls in results, when not all.'),
    idempotencyKey: z.string().optional().describe('Send again with it to retry.'),
  }),
  // As listed with every tool: the catalogue marks it read-only where it offers only reads.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
};
