import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';

/**
 * MCP Apps views (the `io.modelcontextprotocol/ui` extension): which tools' results a client that renders
 * views shows as an interactive view, and the views themselves (`views/`, built into self-contained HTML
 * by `npm run build`). Nothing changes for the model: the tools keep their names, schemas and full text.
 * `tools`: whose results the view shows; `calls`: the tools it calls back through the host (read tools
 * only, none depending on a session, since some hosts open a session of their own for a view), its own
 * tools among them when it gathers the parts of a long list.
 */
export const VIEW_TABLE = [
  {
    id: 'learners',
    title: 'Learners',
    description:
      'Learner lists as a sortable, searchable table in pages with completion bars, groups and why a learner needs attention, the whole list gathered from its parts; choosing a learner shows their progress.',
    tools: ['analytics_students', 'analytics_needs_attention', 'analytics_top_performers'],
    calls: ['analytics_students', 'analytics_needs_attention', 'analytics_top_performers', 'analytics_courses', 'learning_student_units'],
  },
  {
    id: 'courses',
    title: 'Courses and quizzes',
    description:
      "Completion by course, a quiz's scores and question difficulty, as charts over sortable, searchable tables in pages, each list gathered whole from its parts.",
    tools: ['analytics_courses', 'performance_quiz', 'learning_question_stats'],
    calls: ['analytics_courses', 'performance_quiz', 'learning_question_stats'],
  },
  {
    id: 'overview',
    title: 'Workspace overview',
    description: 'Key figures of the workspace and of a month, with the month before or after one click away.',
    tools: ['analytics_monthly_overview', 'analytics_hero'],
    calls: ['analytics_monthly_overview'],
  },
  {
    id: 'assistant',
    title: 'Analytics assistant',
    description: "The assistant's answer with the charts and tables of its stream, and follow-up questions in the same conversation.",
    tools: ['performance_insights_ask'],
    calls: ['performance_insights_ask'],
  },
] as const;

export type ViewId = (typeof VIEW_TABLE)[number]['id'];

export const viewUri = (id: ViewId) => `ui://learning-workspace/${id}.html`;

const viewOfTool = new Map<string, (typeof VIEW_TABLE)[number]>(VIEW_TABLE.flatMap((v) => v.tools.map((t) => [t, v] as const)));

/**
 * The `_meta` of a tool whose result has a view, as ext-apps' registerAppTool writes it (`ui.resourceUri`
 * and the older `ui/resourceUri` key, for hosts that read that one; test/unit/dependencies.test.ts holds the two
 * to the same); undefined for the others. Always attached: clients without the extension ignore it, and
 * some that render views do not announce it.
 */
export function viewMeta(tool: string): Record<string, unknown> | undefined {
  const view = viewOfTool.get(tool);
  if (!view) return undefined;
  const resourceUri = viewUri(view.id);
  return { ui: { resourceUri, visibility: ['model', 'app'] }, [RESOURCE_URI_META_KEY]: resourceUri };
}

/** Every view's `resources/list` entry, as ext-apps' registerAppResource writes it (its MIME type), made once. */
const VIEW_RESOURCES: readonly Resource[] = VIEW_TABLE.map((v) => ({
  uri: viewUri(v.id),
  name: `${v.id}-view`,
  mimeType: RESOURCE_MIME_TYPE,
  title: `${v.title} view`,
  description: v.description,
}));

/** The views' entries of `resources/list`: those of the tools offered. */
export function listViews(offered: ReadonlySet<string>): Resource[] {
  return VIEW_RESOURCES.filter((_, i) => VIEW_TABLE[i]!.tools.some((t) => offered.has(t)));
}

/** A view's HTML for `resources/read`, or undefined when the URI names no view of the tools offered. */
export async function readView(offered: ReadonlySet<string>, uri: string): Promise<ReadResourceResult | undefined> {
  const view = VIEW_TABLE.find((v) => viewUri(v.id) === uri && v.tools.some((t) => offered.has(t)));
  if (!view) return undefined;
  const { viewHtml } = await import('./view-html.js');
  // No domain is needed: a view loads nothing and calls the server only through the host.
  return { contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: await viewHtml(view.id), _meta: { ui: { prefersBorder: true } } }] };
}
