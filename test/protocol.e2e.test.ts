// Protocol edges, against the built binary: messages too large, envelopes that are broken, calls that
// name no tool, arguments HTTP cannot carry, and clients that hang up mid-request.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ALL_TOOLS,
  CLI,
  connectStdio,
  sandboxEnv,
  startHttpProcess,
  startSandbox,
  text,
  type Connected,
  type HttpProcess,
  type Sandbox,
} from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

/** The binary over stdio, spoken to line by line, as a client with bugs of its own would. */
class RawStdio {
  private buffer = '';
  private readonly lines: string[] = [];
  private wake: (() => void) | undefined;
  readonly child: ChildProcessWithoutNullStreams;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, [CLI], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (c: Buffer) => {
      this.buffer += c.toString();
      let i: number;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 1);
        this.wake?.();
      }
    });
  }

  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  async next(): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 5_000;
    while (this.lines.length === 0) {
      if (Date.now() > deadline) throw new Error('no answer within 5 s');
      await new Promise<void>((r) => {
        this.wake = r;
        setTimeout(r, 100);
      });
    }
    return JSON.parse(this.lines.shift()!) as Record<string, unknown>;
  }

  async initialize(): Promise<void> {
    this.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      }),
    );
    await this.next();
    this.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }

  close(): Promise<number | null> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve(this.child.exitCode);
      this.child.once('exit', resolve);
      this.child.stdin.end();
    });
  }
}

describe('stdio', () => {
  let conn: Connected & { stderr: () => string };
  beforeAll(async () => {
    conn = await connectStdio(sandboxEnv(sandbox));
  });
  afterAll(() => conn.close());

  test('a message over 1 MiB is answered with an error to its id, and the server keeps serving', async () => {
    // The TypeScript SDK client writes the id last, after 2 MB of params.
    const big = conn.client.callTool({ name: 'folders_create', arguments: { name: 'x'.repeat(2_000_000) } });
    await expect(big).rejects.toThrow(/-32600.*2000\d{3} bytes; this server takes messages of at most 1048576 bytes/);
    const after = (await conn.client.callTool({ name: 'analytics_hero', arguments: {} })) as CallToolResult;
    expect(after.isError, text(after)).toBeFalsy();
    expect(sandbox.requests.filter((r) => r.path === '/api/v1/folders')).toHaveLength(0);
  });

  test('non-object arguments and a call without a tool name are invalid params with a reason', async () => {
    const bad = async (params: Record<string, unknown>) => {
      const err = await conn.client
        .request({ method: 'tools/call', params } as never, (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(McpError);
      return err as McpError;
    };
    const notObject = await bad({ name: 'analytics_hero', arguments: 'all of them' });
    expect(notObject.code).toBe(-32602);
    expect(notObject.message).toBe(
      'MCP error -32602: Invalid params: tools/call params.arguments must be an object of "analytics_hero"\'s input fields, not string.',
    );
    const noName = await bad({ arguments: {} });
    expect(noName.code).toBe(-32602);
    expect(noName.message).toContain('tools/call needs params.name');
    const longName = await bad({ name: 'n'.repeat(100_000) });
    expect(longName.message).toContain('(100000 characters)');
    expect(longName.message.length).toBeLessThan(300);
    const misspelt = await bad({ name: 'analytics-student', arguments: {} });
    expect(misspelt.code).toBe(-32602);
    expect(misspelt.message).toMatch(/Unknown tool "analytics-student" \(did you mean analytics_students\b/);
  });

  test('an unknown field with a huge name is quoted in part', async () => {
    const result = (await conn.client.callTool({ name: 'analytics_hero', arguments: { ['k'.repeat(1_000_000)]: 1 } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('unknown field "kkkk');
    expect(text(result)).toContain('(1000000 characters)');
    expect(text(result).length).toBeLessThan(1_000);
  });

  test('values HTTP cannot carry are refused by the schema, with a reason, before any request', async () => {
    for (const idempotencyKey of ['key\r\nX-Injected: 1', 'nul\u0000', 'schlüssel', 'with space']) {
      const r = (await conn.client.callTool({
        name: 'members_set_tags',
        arguments: { userId: 'u_tom', tags: [], idempotencyKey },
      })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('idempotencyKey: an idempotency key is 1 to 255 visible ASCII characters');
    }
    const surrogate = (await conn.client.callTool({ name: 'folders_update', arguments: { id: 'f_\ud800', name: 'x' } })) as CallToolResult;
    expect(surrogate.isError).toBe(true);
    expect(text(surrogate)).toContain('id: contains a lone UTF-16 surrogate');
    const search = (await conn.client.callTool({ name: 'materials_list', arguments: { search: '\udc00' } })) as CallToolResult;
    expect(text(search)).toContain('search: contains a lone UTF-16 surrogate');
    expect(sandbox.requests).toHaveLength(0);
  });

  test('a month in the wrong format gets one reason, the right one', async () => {
    const r = (await conn.client.callTool({ name: 'analytics_monthly_overview', arguments: { month: 'Jan 2026' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('month: month must be YYYY-MM');
    expect(text(r)).not.toContain('later than');
  });
});

describe('stdio, line by line', () => {
  let raw: RawStdio;
  beforeAll(async () => {
    raw = new RawStdio(sandboxEnv(sandbox));
    await raw.initialize();
  });
  afterAll(() => raw.close());

  test.each([
    ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 11, method: 'tools/list' }, '"jsonrpc" must be "2.0", not "1.0"'],
    ['a numeric method', { jsonrpc: '2.0', id: 12, method: 5 }, '"method" must be a string'],
    [
      'params that are not an object',
      { jsonrpc: '2.0', id: 'thirteen', method: 'tools/list', params: 'all' },
      '"params" must be an object',
    ],
    ['an unknown member', { jsonrpc: '2.0', id: 14, method: 'tools/list', extra: true }, 'unknown member "extra"'],
  ])('a request with %s gets an Invalid Request error to its id', async (_, message, reason) => {
    raw.write(JSON.stringify(message));
    const reply = await raw.next();
    expect(reply).toEqual({ jsonrpc: '2.0', id: message.id, error: { code: -32600, message: `Invalid Request: ${reason}.` } });
  });

  test('a line that is not JSON gets a parse error; an oversized line with its id first gets an error to that id', async () => {
    raw.write('{"jsonrpc":"2.0","id":21,"method":"tools/list"');
    expect(await raw.next()).toMatchObject({ id: 21, error: { code: -32700 } });
    // The Python SDK writes the id first.
    raw.write(
      `{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"folders_create","arguments":{"name":"${'y'.repeat(1_500_000)}"}}}`,
    );
    expect(await raw.next()).toMatchObject({ id: 22, error: { code: -32600 } });
    raw.write(JSON.stringify({ jsonrpc: '2.0', id: 23, method: 'tools/list' }));
    const list = await raw.next();
    expect(list['id']).toBe(23);
    expect((list['result'] as { tools: unknown[] }).tools.length).toBe(ALL_TOOLS);
  });
});

describe('http', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(sandboxEnv(sandbox, { WORKSPACE_LOG_LEVEL: 'info' }), ['--stateless']);
  });
  afterAll(() => server.stop());

  test('a request with a broken envelope gets a 400 with an Invalid Request error to its id', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'tools/list' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0", not "1.0".' },
    });
  });

  test('a client that hangs up mid-body is logged as its doing, not as a server error', async () => {
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":"2.0",`,
          () => setTimeout(() => (socket.destroy(), resolve()), 100),
        );
      });
    });
    const deadline = Date.now() + 3_000;
    while (!/"msg":"access".*"status":499/.test(server.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const lines = server.stderr().split('\n');
    expect(lines.some((l) => /"msg":"access".*"http":"POST \/mcp".*"status":499/.test(l))).toBe(true);
    expect(lines.some((l) => /"level":"error"/.test(l))).toBe(false);
  });
});
