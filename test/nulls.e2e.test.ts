// What a strict-mode agent framework sends: every optional field present and null. Each of the 35 tools,
// called that way over stdio on the sandbox, is served as if the fields were left out.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withoutNullOptionals } from '../src/mcp/arguments.js';
import { tools } from '../tools/index.js';
import { connectStdio, sandboxEnv, startSandbox, text, type Connected, type Sandbox } from './helpers.js';

/** The required arguments of each tool, with ids the sandbox knows. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  groups_member_add: { groupId: 'g_eng', userId: 'u_tom' },
  groups_member_set_status: { groupId: 'g_sales_na', userId: 'u_omar', status: 'ACTIVE' },
  groups_delete: { groupId: 'g_alumni' },
  members_remove: { userId: 'u_nina' },
  members_set_tags: { userId: 'u_kenji', tags: ['EMEA'] },
  assignments_get: { assignmentId: 'as_negotiation_sales' },
  assignments_for_user: { userId: 'u_amara' },
  assignments_remove: { assignmentId: 'as_onboarding_custom' },
  explore_set_audience: { sectionId: 'sec_featured' },
  explore_toggle: { exploreEnabled: true },
  learning_student_units: { userId: 'u_amara', courseId: 'c_negotiation' },
  learning_question_stats: { kind: 'test', refId: 'ts_sec_core' },
  learning_unit_topics: { unitId: 'un_neg_prepare' },
  learning_project_scenarios: { courseId: 'c_negotiation' },
  performance_quiz: { activityId: 'tp_phishing_quiz' },
  performance_insights_ask: { question: 'Who is behind?' },
  courses_structure: { courseId: 'c_onboarding' },
  radar_alerts_list: { status: 'new' },
  components_create: { type: 'flashcards', name: 'Cards' },
  components_set_status: { id: 'cmp_insights', status: 'active' },
  presentations_create: { topic: 'Phishing', numberOfSlides: 2, locale: 'en-US' },
  materials_generate: { topic: 'BATNA', type: 'notes', name: 'Notes' },
  materials_upload_and_process: { name: 'Policy', content: { type: 'text', text: 'Be careful.' } },
  materials_create: { name: 'Lines', content: { type: 'text', text: 'Open with a question.' } },
  folders_create: { name: 'Onboarding' },
  // An update needs one field to change; the rest go null.
  folders_update: { id: 'f_security', name: 'Security & privacy' },
  // A call's own optional arguments, null too.
  batch_call: { calls: [{ tool: 'analytics_hero', arguments: null }] },
};

let sandbox: Sandbox;
let conn: Connected;
let listed: { name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }[];

beforeAll(async () => {
  sandbox = await startSandbox({ generationMs: 10, processingMs: 10 });
  conn = await connectStdio(sandboxEnv(sandbox));
  listed = (await conn.client.listTools()).tools as typeof listed;
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

test('every tool takes null for each optional field, as if it were left out', async () => {
  const refused: string[] = [];
  // The job tools take one required job id and nothing optional.
  for (const tool of listed.filter((t) => !t.name.startsWith('jobs_'))) {
    const optional = Object.keys(tool.inputSchema.properties ?? {}).filter((k) => !(tool.inputSchema.required ?? []).includes(k));
    const args = { ...(REQUIRED[tool.name] ?? {}), ...Object.fromEntries(optional.filter((k) => !(k in (REQUIRED[tool.name] ?? {}))).map((k) => [k, null])) };
    const r = (await conn.client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
    if (r.isError && /INVALID_INPUT|nothing was sent/.test(text(r))) refused.push(`${tool.name}: ${text(r).slice(0, 200)}`);
  }
  expect(refused).toEqual([]);
  expect(listed.filter((t) => !t.name.startsWith('jobs_'))).toHaveLength(35);
});

test('null is dropped only where a field is optional, nested objects and list items included', () => {
  const def = tools.find((t) => t.name === 'presentations_create')!;
  const args = { topic: 'T', numberOfSlides: 1, locale: 'en-US', logoUrl: null, customImages: [{ url: 'https://i.example/a.png', base64: null, description: 'a' }] };
  expect(withoutNullOptionals(def.input, args)).toEqual({ topic: 'T', numberOfSlides: 1, locale: 'en-US', customImages: [{ url: 'https://i.example/a.png', description: 'a' }] });
  // A required field sent as null stays, for the schema to refuse with its name.
  expect(withoutNullOptionals(def.input, { topic: null })).toEqual({ topic: null });
  // Where null means something (groups_list's parentId: the top level), it is kept.
  const list = tools.find((t) => t.name === 'groups_list')!;
  expect(withoutNullOptionals(list.input, { parentId: null })).toEqual({ parentId: null });
});
