// npm run eval -- code: the code-mode evaluation. Each task of scripts/code-tasks.ts is done twice against
// the built server on the sandbox workspace: the way an agent does it without code_run, one tool call at a
// time, every answer read whole into its context; and as one code_run with the task's reference snippet.
// Counted: tool calls, and result tokens (o200k, the text blocks the model reads); the answers compared.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { CODE_TASKS, type CodeTask } from './code-tasks.js';

export interface TaskRow {
  id: string;
  ask: string;
  tools: { calls: number; tokens: number; answer: unknown };
  /** calls: the tool calls the code made, inside its one code_run. */
  code: { calls: number; tokens: number; answer: unknown; codeTokens: number };
  same: boolean;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

type AsyncBody = (tools: unknown) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (arg: string, body: string) => AsyncBody;

/** The task as an agent does it with the tools alone: each call made and its whole answer read. */
async function individually(client: Client, task: CodeTask): Promise<TaskRow['tools']> {
  let calls = 0;
  let tokens = 0;
  const tools = new Proxy(
    {},
    {
      get: (_, name: string) => async (args: Record<string, unknown>) => {
        calls++;
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        tokens += countTokens(textOf(result));
        if (result.isError) {
          const meta = (result._meta?.['learning-workspace/error'] ?? {}) as { code?: string; message?: string };
          throw Object.assign(new Error(meta.message ?? textOf(result)), { code: meta.code });
        }
        return result.structuredContent;
      },
    },
  );
  const answer = (await new AsyncFunction('tools', task.code)(tools)) ?? null;
  return { calls, tokens, answer: JSON.parse(JSON.stringify(answer)) as unknown };
}

/** The same task as one code_run. */
async function asCode(client: Client, task: CodeTask): Promise<TaskRow['code']> {
  const result = (await client.callTool({ name: 'code_run', arguments: { code: task.code } })) as CallToolResult;
  if (result.isError) throw new Error(`${task.id}: ${textOf(result)}`);
  const structured = result.structuredContent as { result: unknown; calls: number };
  return { calls: structured.calls, tokens: countTokens(textOf(result)), answer: structured.result, codeTokens: countTokens(task.code) };
}

export async function compareTask(client: Client, task: CodeTask): Promise<TaskRow> {
  const tools = await individually(client, task);
  const code = await asCode(client, task);
  return { id: task.id, ask: task.ask, tools, code, same: JSON.stringify(tools.answer) === JSON.stringify(code.answer) };
}

/** The table of the docs: calls and result tokens both ways, and whether the answers agree. */
export function codeEvalTable(rows: readonly TaskRow[]): string {
  const sum = (f: (r: TaskRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const lines = [
    '| task | tool calls | result tokens | code_run calls (inner calls) | result tokens | code tokens | same answer |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.ask} | ${r.tools.calls} | ${r.tools.tokens} | 1 (${r.code.calls}) | ${r.code.tokens} | ${r.code.codeTokens} | ${r.same ? 'yes' : 'NO'} |`,
    ),
    `| **all ${rows.length}** | ${sum((r) => r.tools.calls)} | ${sum((r) => r.tools.tokens)} | ${rows.length} | ${sum((r) => r.code.tokens)} | ${sum((r) => r.code.codeTokens)} | ${rows.every((r) => r.same) ? 'all' : 'NOT ALL'} |`,
  ];
  return lines.join('\n');
}

/** npm run eval -- code: the built server on the sandbox, every task both ways, the table printed. */
export async function evaluateCodeMode(cli: string): Promise<boolean> {
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);
  const client = new Client({ name: 'eval-code', version: '0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli, '--sandbox', '--toolsets', 'code'],
      env: { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'error' },
      stderr: 'ignore',
    }),
  );
  try {
    const rows: TaskRow[] = [];
    for (const task of CODE_TASKS) rows.push(await compareTask(client, task));
    console.log(codeEvalTable(rows));
    for (const r of rows.filter((r) => !r.same))
      console.log(`${r.id}: the answers differ\n  tools: ${JSON.stringify(r.tools.answer)}\n  code:  ${JSON.stringify(r.code.answer)}`);
    return rows.every((r) => r.same);
  } finally {
    await client.close();
  }
}
