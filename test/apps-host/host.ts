// A small MCP Apps host for the browser tests, built on ext-apps' AppBridge and PostMessageTransport: it
// mounts a view's HTML in a sandboxed iframe under the specification's default Content Security Policy,
// hands it the tool's input and result and the host context (theme, style variables, locale), sizes the
// frame from the view's size notifications, and passes the view's tool calls to the test (and so to the
// server, through a real MCP client).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Mount } from './mount.js';

/** The default CSP of the MCP Apps specification for a view that declares no domains. */
const CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

const STYLES = {
  light: { '--color-background-primary': '#ffffff', '--color-text-primary': '#1f2328', '--font-sans': 'DejaVu Sans, sans-serif' },
  dark: { '--color-background-primary': '#17181b', '--color-text-primary': '#e8e9eb', '--font-sans': 'DejaVu Sans, sans-serif' },
};

declare global {
  interface Window {
    mountView(m: Mount): Promise<void>;
    /** Provided by the test: calls the server through its MCP client. */
    callServerTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
    sizeChanges: number;
  }
}

window.sizeChanges = 0;

window.mountView = async (m) => {
  document.documentElement.dataset['theme'] = m.theme;
  const frame = document.createElement('iframe');
  // Scripts only: no same-origin, so the view cannot reach the host page or its storage.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('title', `${m.tool.name} view`);
  frame.style.width = `${m.width}px`;
  frame.style.height = '0px';
  frame.srcdoc = m.html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${CSP}">`);
  document.getElementById('host')!.replaceChildren(frame);
  const bridge = new AppBridge(
    null,
    { name: 'views-test-host', version: '1.0.0' },
    { serverTools: {}, logging: {} },
    {
      hostContext: {
        theme: m.theme,
        styles: { variables: STYLES[m.theme] as never },
        locale: 'en-US',
        timeZone: 'UTC',
        displayMode: 'inline',
        platform: 'web',
        containerDimensions: { maxWidth: m.width, maxHeight: 4000 },
        toolInfo: { tool: m.tool },
      },
    },
  );
  bridge.oncalltool = (params) => window.callServerTool(params.name, params.arguments ?? {});
  bridge.onsizechange = ({ height }) => {
    window.sizeChanges++;
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await initialized;
  await bridge.sendToolInput({ arguments: m.input });
  await bridge.sendToolResult(m.result);
};
