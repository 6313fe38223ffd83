import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { CLI } from '/work/main/test/helpers.js';
const client = new Client({ name: 'dump', version: '0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, '--sandbox'], env: { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'error' }, stderr: 'ignore' }));
const tools = (await client.listTools()).tools;
await client.close();
const sent = countTokens(JSON.stringify(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))));
console.log('JSON measure', sent);
const mode = process.argv[2];
for (const t of tools) {
  const d = countTokens(t.description ?? ''); const s = countTokens(JSON.stringify(t.inputSchema));
  if (mode === 'full') { console.log(`\n## ${t.name} [desc ${d}, schema ${s}] ${t.title}\n${t.description}`); for (const [k, v] of Object.entries((t.inputSchema as any).properties ?? {})) console.log(`  - ${k}: ${(v as any).description ?? ''}`); }
  else console.log(t.name.padEnd(34), String(d).padStart(4), String(s).padStart(5));
}
