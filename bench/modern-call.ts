// The request a 2026-07-28 client sends for one tool call, as the throughput sections of the bench send it:
// no session, the revision in the request's _meta and in its headers.
const MODERN = '2026-07-28';

export const MODERN_CALL_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'radar_alerts_list',
    arguments: { limit: 2 },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'load', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

export const MODERN_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': 'radar_alerts_list',
};
