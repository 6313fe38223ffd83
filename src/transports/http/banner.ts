import { resolve } from 'node:path';

/**
 * The MCP Inspector release the start banner names. Newer releases need Node 22 or later; this one runs
 * on every Node this package supports, and the test suite runs the banner's command against the server.
 */
const INSPECTOR = '@modelcontextprotocol/inspector@0.15.0';

/** The tool the banner's first call calls: a read that needs no argument. */
const FIRST_TOOL = 'analytics_hero';

/** What a client of this server must send: nothing, the access token, or its own workspace credentials. */
export type ClientSends = 'nothing' | 'token' | 'credentials';

/**
 * A first request to try with curl: one 2026-07-28 request, which needs no session, calling a tool that
 * reads (or listing the tools, where that one is not offered), with the header clients must send.
 */
function firstCall(url: string, sends: ClientSends, offered: readonly string[]): string {
  const call = sends === 'credentials' || offered.includes(FIRST_TOOL);
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const params = call ? { name: FIRST_TOOL, arguments: {}, _meta: meta } : { _meta: meta };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: call ? 'tools/call' : 'tools/list', params });
  const headers = [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'MCP-Protocol-Version: 2026-07-28',
    `Mcp-Method: ${call ? 'tools/call' : 'tools/list'}`,
    ...(call ? [`Mcp-Name: ${FIRST_TOOL}`] : []),
    ...(sends === 'token' ? ['Authorization: Bearer <token>'] : sends === 'credentials' ? ['Authorization: Bearer <Connector token>'] : []),
  ];
  return `curl -s ${url} ${headers.map((h) => `-H '${h}'`).join(' ')} -d '${body}'`;
}

/**
 * How to try a freshly started HTTP server, in plain words: what clients send, a first tool call with
 * curl, the Inspector, and what a stdio client's configuration names to start this same build.
 */
export function tryItHint(url: string, sends: ClientSends, offered: readonly string[], stdioArgs: readonly string[]): string {
  const ui = `open the Inspector (npx -y ${INSPECTOR}) and connect with Transport Type "Streamable HTTP" and URL ${url}`;
  const where =
    sends === 'token'
      ? ', with the access token as Bearer Token under Authentication'
      : sends === 'credentials'
        ? ', with your Connector token as Bearer Token under Authentication'
        : '';
  const sent =
    sends === 'token'
      ? 'Clients send the access token: Authorization: Bearer <token>.\n'
      : sends === 'credentials'
        ? 'Clients send their own workspace credentials: Authorization: Bearer <Connector token> and/or X-Api-Key: <Content API key>.\n'
        : '';
  const cli = resolve(process.argv[1] ?? 'dist/src/cli.js');
  return (
    sent +
    `Try a first tool call:\n  ${firstCall(url, sends, offered)}\n` +
    (sends === 'nothing' ? `  or list the tools: npx -y ${INSPECTOR} --cli ${url} --method tools/list\n` : '') +
    `  or ${ui}${where}.\n` +
    `A stdio client starts this build with: ${JSON.stringify({ command: 'node', args: [cli, ...stdioArgs] })}\n`
  );
}

/** How the server serves, in plain words: sessions or none, and whose workspace credentials calls use. */
export function servingWords(stateless: boolean, credentials: 'server' | 'client'): string {
  const sessions = stateless ? 'no sessions, so any replica can answer any request' : 'a session per client';
  const whose =
    credentials === 'client' ? 'each client sends its own workspace credentials' : "calls use this server's workspace credentials";
  return `${sessions}; ${whose}`;
}
