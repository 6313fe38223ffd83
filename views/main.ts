// The one runtime every view shares: it connects to the host (ext-apps' App over postMessage), follows
// the host's theme, style variables, fonts and locale, and draws the tool result with the view named
// by the document (<body data-view="…">). Calls back to the server go through the host.
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { assistant } from './assistant.js';
import { courses } from './courses.js';
import { learners } from './learners.js';
import { overview } from './overview.js';
import { empty, failure, h, measureRender, setLocale } from './ui.js';
import type { View, ViewContext } from './view.js';

const VIEWS: Record<string, View> = { learners, courses, overview, assistant };

const root = document.getElementById('app')!;
const view = VIEWS[document.body.dataset['view'] ?? ''];
const app = new App({ name: 'learning-workspace-views', version: '1.0.0' }, {}, { autoResize: true });
let args: Record<string, unknown> = {};

root.replaceChildren(empty('Waiting for the result…'));
app.ontoolinput = (params) => {
  args = params.arguments ?? {};
};
app.ontoolresult = (result) => show(result as CallToolResult);
app.ontoolcancelled = (params) => root.replaceChildren(empty(`The call was cancelled${params.reason ? `: ${params.reason}` : ''}.`));
app.onhostcontextchanged = (context) => follow(context);

function follow(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  if (context.locale) setLocale(context.locale);
}

/** The text of a result, which every result of this server has in full. */
function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

function context(signal: AbortSignal): ViewContext {
  return {
    signal,
    tool: app.getHostContext()?.toolInfo?.tool.name,
    args,
    call: async (name, callArgs) => {
      const result = (await app.callServerTool({ name, arguments: callArgs })) as CallToolResult;
      if (result.isError) throw new CallFailed(textOf(result));
      return (result.structuredContent ?? {}) as Record<string, unknown>;
    },
    failure: (err) => failure(err instanceof CallFailed ? err.message : String((err as Error)?.message ?? err)),
    replace: (data, newArgs) => {
      args = newArgs;
      draw(data);
    },
  };
}

class CallFailed extends Error {}

/** What the view drawn last still reads in the background (the parts of its list), stopped when it is replaced. */
let drawn = new AbortController();

function show(result: CallToolResult): void {
  if (result.isError) return void (drawn.abort(), root.replaceChildren(failure(textOf(result))));
  if (!view) return void root.replaceChildren(empty(`This document names no view (${document.body.dataset['view'] ?? 'none'}).`));
  const data = (result.structuredContent ?? {}) as Record<string, unknown>;
  const tool = app.getHostContext()?.toolInfo?.tool.name;
  if (args['fields'] === undefined || !tool) return draw(data);
  // The model cut the rows to a few fields to spare its context; a person sees every column, so the view
  // reads the list again without them.
  const { fields: _cut, ...whole } = args;
  drawn.abort();
  drawn = new AbortController();
  const ctx = context(drawn.signal);
  root.replaceChildren(empty('Reading every column of the list…'));
  ctx.call(tool, whole).then(
    (full) => ctx.signal.aborted || ctx.replace(full, whole),
    (err: unknown) => ctx.signal.aborted || root.replaceChildren(ctx.failure(err)),
  );
}

function draw(data: Record<string, unknown>): void {
  if (!view) return;
  drawn.abort();
  drawn = new AbortController();
  const ctx = context(drawn.signal);
  try {
    measureRender(rowsOf(data), () => root.replaceChildren(view(data, ctx)));
  } catch (err) {
    root.replaceChildren(failure(`The result could not be drawn: ${(err as Error).message}`));
  }
}

/** The rows of a result's longest list, for the render measure's detail. */
const rowsOf = (data: Record<string, unknown>) => Math.max(0, ...Object.values(data).map((v) => (Array.isArray(v) ? v.length : 0)));

void app
  .connect()
  .then(() => follow(app.getHostContext()))
  .catch((err: unknown) =>
    root.replaceChildren(h('p', { class: 'state error', role: 'alert' }, `Could not connect to the host: ${(err as Error).message}`)),
  );
