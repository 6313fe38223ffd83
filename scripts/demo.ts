// npm run demo: a short scripted agent session over stdio against the sandbox, printing what the agent sees.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const CLI = fileURLToPath(new URL('../dist/src/cli.js', import.meta.url));
const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

function show(result: CallToolResult, max = 600): void {
  const body = result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
  const shown = body.length > max ? `${body.slice(0, max)}… (${body.length} characters)` : body;
  console.log(`${result.isError ? '  isError: true\n' : ''}${shown.replace(/^/gm, '  ')}\n`);
}

const client = new Client({ name: 'demo-agent', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '--sandbox'],
    env: { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'warn' },
  }),
);
const info = client.getServerVersion();
const { tools } = await client.listTools();
console.log(bold(`Connected to ${info?.name} ${info?.version} over stdio, sandbox workspace: ${tools.length} tools`));
const byToolset = new Map<string, string[]>();
for (const t of tools) {
  const set = t.name.split('_')[0]!;
  byToolset.set(set, [...(byToolset.get(set) ?? []), t.name]);
}
for (const [set, names] of byToolset) console.log(dim(`  ${set.padEnd(12)} ${names.join(', ')}`));
console.log();

async function step(title: string, name: string, args: Record<string, unknown>, max?: number) {
  console.log(bold(`▶ ${title}`));
  console.log(dim(`  tools/call ${name} ${JSON.stringify(args)}`));
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  show(result, max);
  return result;
}

await step('Headline numbers of the workspace', 'analytics_hero', {});
const attention = await step('Who needs attention?', 'analytics_needs_attention', { limit: 3 }, 300);
const students = (attention.structuredContent?.['students'] ?? []) as { user: { name: string }; coursesAssigned: number }[];
console.log(dim(`  → ${students.map((s) => `${s.user.name} (${s.coursesAssigned} assigned, none completed)`).join('; ')}\n`));
await step('Group tree', 'groups_list', { includeDescendants: true }, 300);
await step(
  'A write with an idempotency key',
  'groups_member_add',
  { groupId: 'g_eng', userId: 'u_tom', idempotencyKey: 'demo-add-tom-to-eng' },
  400,
);
await step(
  'The same write retried with the same key: the first result is replayed, nothing is added twice',
  'groups_member_add',
  {
    groupId: 'g_eng',
    userId: 'u_tom',
    idempotencyKey: 'demo-add-tom-to-eng',
  },
  200,
);
await step('Invalid input is refused before any request', 'analytics_monthly_overview', { month: '2099-01' });
await step('A misspelt field is named', 'members_set_tags', { userId: 'u_tom', tag: ['Mentor'] });
await step('An upstream refusal comes back with its details', 'groups_member_add', { groupId: 'g_eng', userId: 'u_nobody' });

await step('Content: the materials of a folder', 'materials_list', { folderId: 'f_sales_playbooks', limit: 5 }, 300);
await step(
  'Content: a chat component, its config checked per type',
  'components_create',
  {
    type: 'chat',
    name: 'Negotiation coach',
    config: JSON.stringify({ model: 'gpt-4o', temperature: 0.3, enableGuardrails: true }),
  },
  300,
);

console.log(bold('▶ Ask the analytics assistant: the answer streams in as progress notifications'));
console.log(dim('  tools/call performance_insights_ask {"question":"Which course needs attention this week?"} with a progressToken'));
process.stdout.write('  ');
const started = performance.now();
let notifications = 0;
const answer = (await client.callTool(
  { name: 'performance_insights_ask', arguments: { question: 'Which course needs attention this week?' } },
  undefined,
  {
    onprogress: (p) => {
      notifications++;
      const kind = (p as { _meta?: Record<string, unknown> })._meta?.['learning-workspace/kind'];
      process.stdout.write(kind === 'status' ? dim(`[${p.message}] `) : (p.message ?? ''));
    },
  },
)) as CallToolResult;
const sc = answer.structuredContent as {
  toolCalls: { toolName: string }[];
  data: { type: string }[];
  sessionId: string;
  finishReason: string;
};
console.log(
  `\n${dim(`  ${notifications} progress notifications in ${Math.round(performance.now() - started)} ms, then one result: ` + `sessionId ${sc.sessionId}, finishReason ${sc.finishReason}, tool calls ${sc.toolCalls.map((t) => t.toolName).join(', ')}, data parts ${sc.data.map((d) => d.type).join(', ')}`)}\n`,
);

await client.close();
