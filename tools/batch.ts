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
  error: itemError.optional(),
});

export const BATCH_TOOL: BatchToolDef = {
  name: 'batch_call',
  title: 'Bulk or mass changes: a batch of several or many tool calls at once',
  description: 'Up to 100 tool calls at once, in bulk: all validated first, their deletions confirmed in a single prompt.',
  input: z.strictObject({
    calls: z.array(call).min(1).max(100).describe('Run at once.'),
    idempotencyKey: idempotencyKeyField.optional(),
  }),
  output: z.looseObject({
    results: z.array(item),
    succeeded: z.int(),
    failed: z.int(),
    idempotencyKey: z.string().optional().describe('Send again with it to retry.'),
  }),
  // As listed with every tool: the catalogue marks it read-only where it offers only reads.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
};
