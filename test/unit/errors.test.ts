import { describe, expect, test } from 'vitest';
import { codeForStatus, ERROR_CODES, ERROR_META, errorResult, invalidInput, ToolError, type ErrorCode } from '../../src/call/errors.js';
import { registerSecret } from '../../src/telemetry/log.js';
import { expectOneResolution } from '../one-resolution.js';

const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? '').join('\n');

describe('the table of codes', () => {
  test('every code says what it means and what to do, in a sentence each', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(info.meaning, code).toMatch(/^[A-Z].{10,}[.)]$/);
      expect(info.resolution, code).toMatch(/^[A-Z].{5,}\.$/);
    }
  });

  test('an upstream status maps to one code; the upstream own code travels beside it', () => {
    expect([400, 401, 403, 404, 409, 422, 429, 500, 503, 418].map(codeForStatus)).toEqual([
      'UPSTREAM_INVALID',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'UPSTREAM_INVALID',
      'RATE_LIMITED',
      'UPSTREAM_FAILED',
      'UPSTREAM_FAILED',
      'UPSTREAM_FAILED',
    ] satisfies ErrorCode[]);
  });
});

describe('errorResult', () => {
  test('one text block names code, status and upstream code, then the resolution, the fields and what to check; the same as data in _meta', () => {
    const error = new ToolError('The request body is invalid.', {
      code: 'UPSTREAM_INVALID',
      status: 422,
      upstreamCode: 'VALIDATION_ERROR',
      fieldErrors: { groupId: ['is unknown'] },
      hint: 'WORKSPACE_CONNECTOR_TOKEN',
    });
    const r = errorResult(error);
    expect(r.isError).toBe(true);
    expect(r.content).toHaveLength(1);
    expect(text(r)).toBe(
      [
        'Error UPSTREAM_INVALID (HTTP 422 VALIDATION_ERROR): The request body is invalid.',
        `Resolution: ${ERROR_CODES.UPSTREAM_INVALID.resolution}`,
        'Field errors:',
        '- groupId: "is unknown"',
        'Check: WORKSPACE_CONNECTOR_TOKEN',
      ].join('\n'),
    );
    expect(r._meta?.[ERROR_META]).toEqual({
      code: 'UPSTREAM_INVALID',
      message: 'The request body is invalid.',
      status: 422,
      upstreamCode: 'VALIDATION_ERROR',
      resolution: ERROR_CODES.UPSTREAM_INVALID.resolution,
      fieldErrors: { groupId: ['is unknown'] },
      retry: false,
    });
  });

  test('the error own resolution wins over the code default; an upstream code equal to ours is not repeated', () => {
    const r = errorResult(
      new ToolError('Nope.', { code: 'UNAUTHORIZED', status: 401, upstreamCode: 'UNAUTHORIZED', resolution: 'Sign in again.' }),
    );
    expect(text(r)).toBe('Error UNAUTHORIZED (HTTP 401): Nope.\nResolution: Sign in again.');
  });

  test('a failure of the server itself, and invalid input, are errors of the table too', () => {
    const internal = ToolError.of(new TypeError('x is undefined'), 'groups_list');
    expect(internal).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Unexpected failure in groups_list: x is undefined' });
    const known = new ToolError('gone', { code: 'CANCELLED' });
    expect(ToolError.of(known, 'groups_list')).toBe(known);
    expect(text(errorResult(invalidInput('groups_list', { limit: ['too big'] })))).toContain(
      "Error INVALID_INPUT: The arguments do not fit groups_list's input schema; nothing was sent.",
    );
  });

  test('data round-trips through a job store, and carries no configured secret', () => {
    registerSecret('sk-errors-test-secret-123');
    const error = new ToolError('The upstream echoed sk-errors-test-secret-123 back.', { code: 'UPSTREAM_FAILED', status: 500 });
    const data = error.data();
    expect(JSON.stringify(data)).not.toContain('sk-errors-test-secret-123');
    expect(text(errorResult(ToolError.from(JSON.parse(JSON.stringify(data)) as typeof data)))).toBe(text(errorResult(error)));
    expect(text(errorResult(error))).not.toContain('sk-errors-test-secret-123');
  });
});

describe("_meta's resolution is the text's Resolution line", () => {
  registerSecret('sk-resolution-test-secret-456');
  // Each code with its default, with its own advice (spread over lines, as code-made advice may be), and
  // with advice quoting a configured secret: the data and the text are built from the one resolution.
  const own = ['Sign in\n  again,\tthen call again.', 'Ask the admin; sk-resolution-test-secret-456 is not the key.', undefined];
  test.each(Object.keys(ERROR_CODES) as ErrorCode[])('%s', (code) => {
    for (const resolution of own) {
      const error = new ToolError('It failed.', {
        code,
        status: 500,
        resolution,
        partial: 'Resolution: the partial answer says otherwise',
      });
      const result = errorResult(error);
      expect(() => expectOneResolution(result)).not.toThrow();
      const meta = result._meta?.[ERROR_META] as { resolution: string };
      expect(meta.resolution).toBe(error.shownResolution());
      expect(meta.resolution).not.toMatch(/\n|\t|sk-resolution-test-secret-456/);
      // Read back from a job store, it shows the same line.
      expect(errorResult(ToolError.from(error.data()))._meta).toEqual(result._meta);
    }
  });

  test('a result whose _meta says otherwise is caught', () => {
    const result = errorResult(new ToolError('It failed.', { code: 'NOT_FOUND' }));
    const meta = { ...(result._meta?.[ERROR_META] as object), resolution: 'Something else.' };
    expect(() => expectOneResolution({ ...result, _meta: { [ERROR_META]: meta } })).toThrow(/not the text's line/);
  });
});
