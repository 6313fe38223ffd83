/**
 * The MCP Inspector release the start banner names. Newer releases need Node 22 or later; this one runs
 * on every Node this package supports, and the test suite runs the banner's command against the server.
 */
const INSPECTOR = '@modelcontextprotocol/inspector@0.15.0';

/** How to try a freshly started HTTP server: a one-line check, and the interactive Inspector. */
export function inspectorHint(url: string, needsCredentials: boolean): string {
  const ui = `or open the Inspector (npx -y ${INSPECTOR}) and connect with Transport Type "Streamable HTTP" and URL ${url}`;
  if (needsCredentials) return `Try it: ${ui}, adding your Authorization header under Authentication.\n`;
  return `Try it: npx -y ${INSPECTOR} --cli ${url} --method tools/list\n  ${ui}\n`;
}
