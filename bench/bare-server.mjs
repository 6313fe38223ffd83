// What node itself costs a stdio server: no dependency, initialize and tools/list answered by hand (one
// empty tool list). The floor of the start-up section of npm run bench; not an MCP server to use.
import { createInterface } from 'node:readline';

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const result =
    m.method === 'initialize'
      ? { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bare', version: '0' } }
      : { tools: [] };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: m.id, result })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
