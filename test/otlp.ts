// An OTLP/HTTP receiver taking JSON, as a collector would, and what tests read of the spans it got.
import { createServer, type Server } from 'node:http';

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
export const attr = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

/** An OTLP/HTTP receiver taking JSON, as a collector would. */
export async function receiver(): Promise<{ url: string; spans: () => Span[]; metrics: () => string; close: () => Promise<void> }> {
  const bodies: { path: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const spans = () =>
    bodies
      .filter((b) => b.path === '/v1/traces')
      .flatMap((b) =>
        (JSON.parse(b.body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) => s.spans),
        ),
      );
  const metrics = () =>
    bodies
      .filter((b) => b.path === '/v1/metrics')
      .map((b) => b.body)
      .join('\n');
  return { url, spans, metrics, close: () => new Promise((r) => server.close(() => r())) };
}

export async function until<T>(what: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
