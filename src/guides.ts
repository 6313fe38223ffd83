import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server';
import { PROMPTS } from '../tools/prompts.js';
import { jsonSchema } from './catalogue.js';
import { quote } from './issues.js';
import { listViews, readView } from './views.js';

/**
 * Prompts and resources: what a client shows people (prompts for the workflows they run) and reference an
 * agent reads when it needs it (the config fields of each component type), offered only with the tools
 * they rely on.
 */

/** The types whose config the API documents: tools/components.ts's configByType (a test checks they agree). */
export const CONFIG_TYPES = ['chat', 'data_analyst', 'flashcards', 'scenarios'] as const;
const CONFIG_URI = 'learning-workspace://components/config/';

export function listPrompts(offered: ReadonlySet<string>): { prompts: Prompt[] } {
  return {
    prompts: PROMPTS.filter((p) => p.tools.every((t) => offered.has(t))).map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  };
}

export function getPrompt(offered: ReadonlySet<string>, name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = PROMPTS.find((p) => p.name === name && p.tools.every((t) => offered.has(t)));
  if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt ${quote(name)}: prompts/list names the prompts this server offers.`);
  const missing = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => a.name);
  if (missing.length > 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} needs ${missing.join(' and ')}.`);
  return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.message(args) } }] };
}

export function listResources(offered: ReadonlySet<string>): { resources: Resource[] } {
  return { resources: [...configResources(offered), ...listViews(offered)] };
}

function configResources(offered: ReadonlySet<string>): Resource[] {
  if (!offered.has('components_create')) return [];
  return CONFIG_TYPES.map((type) => ({
      uri: `${CONFIG_URI}${type}`,
      name: `${type}-config`,
      title: `Config of a ${type} component`,
      description: `The config fields components_create takes for type ${type}, as JSON Schema.`,
      mimeType: 'application/schema+json',
  }));
}

export async function readResource(offered: ReadonlySet<string>, uri: string): Promise<ReadResourceResult> {
  const view = await readView(offered, uri);
  if (view) return view;
  const type = uri.startsWith(CONFIG_URI) ? uri.slice(CONFIG_URI.length) : undefined;
  if (!offered.has('components_create') || !CONFIG_TYPES.includes(type as (typeof CONFIG_TYPES)[number])) {
    throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, `No resource ${quote(uri)}: resources/list names the ones this server offers.`);
  }
  const { configByType } = await import('../tools/components.js');
  // The whole reference, patterns and limits included: the tool list leaves them to descriptions.
  const json = jsonSchema(configByType[type as (typeof CONFIG_TYPES)[number]]!, 'input');
  return { contents: [{ uri, mimeType: 'application/schema+json', text: JSON.stringify(json, null, 2) }] };
}
