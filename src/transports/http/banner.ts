/**
 * The MCP Inspector release the start banner names. Newer releases need Node 22 or later; this one runs
 * on every Node this package supports, and the test suite runs the banner's command against the server.
 */
const INSPECTOR = '@modelcontextprotocol/inspector@0.15.0';

/** What a client of this server must send: nothing, the access token, or its own workspace credentials. */
export type ClientSends = 'nothing' | 'token' | 'credentials';

/**
 * How to try a freshly started HTTP server: a one-line check, and the interactive Inspector. Where clients
 * must send a header, the check is a curl that sends it (the Inspector's command line cannot), opening a
 * session whose answer names the server.
 */
export function inspectorHint(url: string, sends: ClientSends): string {
  const ui = `open the Inspector (npx -y ${INSPECTOR}) and connect with Transport Type "Streamable HTTP" and URL ${url}`;
  if (sends === 'nothing') return `Try it: npx -y ${INSPECTOR} --cli ${url} --method tools/list\n  or ${ui}\n`;
  const [header, where] =
    sends === 'token'
      ? ['Authorization: Bearer <token>', 'with the access token as Bearer Token under Authentication']
      : ['Authorization: Bearer <Connector token>', 'with your Connector token as Bearer Token under Authentication'];
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  });
  return (
    `Clients send ${sends === 'token' ? 'the access token' : 'their own workspace credentials'}: ${header}${sends === 'credentials' ? ' and/or X-Api-Key: <Content API key>' : ''}. Try it:\n` +
    `  curl -s -H "${header}" -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" -d '${initialize}' ${url}\n` +
    `  or ${ui}, ${where}.\n`
  );
}
