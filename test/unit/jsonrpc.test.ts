import { describe, expect, test } from 'vitest';
import { checkMessage, idOfUnparsed } from '../../src/transports/jsonrpc.js';
import { StdioTransport } from '../../src/transports/stdio/transport.js';
import { PassThrough } from 'node:stream';

describe('idOfUnparsed', () => {
  test.each([
    ['{"jsonrpc":"2.0","id":7,"method":"x","params":{', '', 7],
    ['{"id":"abc","jsonrpc":"2.0"', '', 'abc'],
    ['{"method":"tools/call","params":{"a":"', 'zzz"}},"jsonrpc":"2.0","id":42}', 42],
    ['{"method":"x","params":{"id":5,"b":"', 'zzz"}}', undefined],
    ['{"method":"x","params":{"b":"', 'zz","id":5}}', undefined],
    ['not json at all', '', undefined],
  ])('%s … %s → %s', (head, tail, id) => {
    expect(idOfUnparsed(head, tail)).toBe(id);
  });
});

describe('checkMessage', () => {
  test('valid messages pass unchanged', () => {
    const m = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect(checkMessage(m)).toEqual({ message: m });
  });
  test('a broken response gets no reply: nobody waits for one', () => {
    expect(checkMessage({ jsonrpc: '2.0', id: 1, result: 5 })).toMatchObject({ reply: undefined });
  });
  test('garbage without an id is answered without an id (the MCP schema has no null id)', () => {
    const checked = checkMessage([1, 2]);
    expect(checked).toEqual({
      reason: expect.any(String),
      reply: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: a message is a JSON object, not an array.' } },
    });
  });
  test('a tools/call with arguments that are not an object is invalid params', () => {
    expect(checkMessage({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x', arguments: [1] } })).toMatchObject({
      reply: { id: 3, error: { code: -32602 } },
    });
  });
});

describe('StdioTransport', () => {
  function wire(max = 100) {
    const input = new PassThrough();
    const output = new PassThrough();
    const out: unknown[] = [];
    output.on('data', (c: Buffer) =>
      c
        .toString()
        .trim()
        .split('\n')
        .forEach((l) => out.push(JSON.parse(l))),
    );
    const t = new StdioTransport(input, output, max);
    const got: unknown[] = [];
    t.onmessage = (m) => void got.push(m);
    void t.start();
    return { input, out, got };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  test('messages split across chunks and several in one chunk are all read', async () => {
    const { input, got } = wire();
    input.write('{"jsonrpc":"2.0","id":1,');
    input.write('"method":"a"}\n{"jsonrpc":"2.0","id":2,"method":"b"}\n{"jsonrpc":"2.0","method":"c"}\r\n');
    await tick();
    expect(got.map((m) => (m as { method: string }).method)).toEqual(['a', 'b', 'c']);
  });

  test('an unparseable line and an invalid request are answered without an id, not "id": null, and serving goes on', async () => {
    const { input, out, got } = wire(1000);
    input.write('not json\n');
    input.write('{"jsonrpc":"1.0","method":"x"}\n');
    input.write('{"jsonrpc":"2.0","id":2,"method":"ok"}\n');
    await tick();
    expect(out).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the line is not valid JSON.' } },
      { jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('"jsonrpc" must be "2.0"') } },
    ]);
    for (const reply of out) expect(reply).not.toHaveProperty('id');
    expect(got).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ok' }]);
  });

  test('an oversized line spread over many chunks is answered once, and the next line is read', async () => {
    const { input, out, got } = wire(100);
    input.write('{"jsonrpc":"2.0","id":9,"method":"x","params":{"p":"');
    for (let i = 0; i < 10; i++) input.write('y'.repeat(50));
    input.write('"}}\n{"jsonrpc":"2.0","id":10,"method":"ok"}\n');
    await tick();
    expect(out).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32600, message: expect.stringContaining('this server takes messages of at most 100 bytes') },
      },
    ]);
    expect(got).toEqual([{ jsonrpc: '2.0', id: 10, method: 'ok' }]);
  });
});
