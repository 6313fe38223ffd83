// The MCP Registry entry (server.json), made from package.json and the options table, so its version and
// its variables cannot drift from what the server reads (npm run docs writes it; a test checks it).
import { OPTIONS } from '../src/config/options.js';

export const REGISTRY_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

interface Pkg {
  name: string;
  version: string;
  mcpName: string;
  repository: { url: string };
}

/** What a stdio client sets: the upstream, tool and logging settings (serving and sign-in are HTTP's). */
const STDIO_GROUPS = new Set(['Upstream', 'Tools', 'Other']);

export function serverJson(pkg: Pkg): Record<string, unknown> {
  const environmentVariables = OPTIONS.filter((o) => o.env && STDIO_GROUPS.has(o.group)).map((o) => ({
    name: o.env!,
    description: o.help,
    isRequired: o.env === 'WORKSPACE_BASE_URL',
    isSecret: o.secret === true,
    format: 'string',
  }));
  return {
    $schema: REGISTRY_SCHEMA,
    name: pkg.mcpName,
    title: 'Learning Workspace',
    description: 'Learning workspace for AI agents: analytics, groups, members, assignments, content, AI decks.',
    repository: { url: pkg.repository.url, source: 'github' },
    version: pkg.version,
    packages: [
      {
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: 'stdio' },
        environmentVariables,
      },
    ],
  };
}
