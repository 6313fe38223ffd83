import { ProtocolError, ProtocolErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server';
import { quote } from '../text/quote.js';
import { jsonSchema } from './tool-schema.js';
import { listViews, readView } from './view-resources.js';

// Resources: reference an agent reads when it needs it (the config fields of each component type) and the
// MCP Apps views, offered only with the tools they belong to.

/** The types whose config the API documents: tools/components.ts's configByType (a test checks they agree). */
export const CONFIG_TYPES = ['chat', 'data_analyst', 'flashcards', 'scenarios'] as const;
const CONFIG_URI = 'learning-workspace://components/config/';

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
    throw new ProtocolError(
      ProtocolErrorCode.ResourceNotFound,
      `No resource ${quote(uri)}: resources/list names the ones this server offers.`,
      { uri: uri.slice(0, 2_000) },
    );
  }
  const { configByType } = await import('../../tools/components.js');
  // The whole reference, patterns and limits included: the tool list leaves them to descriptions.
  const json = jsonSchema(configByType[type as (typeof CONFIG_TYPES)[number]]!, 'input');
  return { contents: [{ uri, mimeType: 'application/schema+json', text: JSON.stringify(json, null, 2) }] };
}
