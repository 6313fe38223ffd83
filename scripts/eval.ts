// npm run eval: how well a BM25 tool search finds the right tool for requests phrased as users phrase
// them. Clients that defer MCP tools search names, descriptions and argument descriptions this way; the
// documents are the tool list as the built server serves it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from '../test/helpers.js';
import { REQUESTS } from './eval-requests.js';

const STOP = new Set('a an and are as at be by for from has have how i in is it its me my of on or our the their them this to was we what when which who with you your'.split(' '));

/** Lower case words, stop words out, a light stemmer so "courses" meets "course" and "finished" meets "finish". */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => !STOP.has(w))
    .map((w) => (w.length > 5 && w.endsWith('ing') ? w.slice(0, -3) : w.length > 4 && w.endsWith('ed') ? w.slice(0, -2) : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

interface Doc {
  name: string;
  terms: string[];
}

/** Okapi BM25 (k1 1.2, b 0.75) over the documents, best first. */
export function bm25(docs: Doc[], query: string): string[] {
  const avg = docs.reduce((s, d) => s + d.terms.length, 0) / docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const q = terms(query);
  const score = (d: Doc) =>
    q.reduce((s, t) => {
      const f = d.terms.filter((x) => x === t).length;
      if (f === 0) return s;
      const idf = Math.log(1 + (docs.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      return s + (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.terms.length) / avg));
    }, 0);
  return docs
    .map((d) => ({ name: d.name, s: score(d) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.name);
}

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, { description?: string }> };
}

function document(tool: ListedTool): Doc {
  const args = Object.entries(tool.inputSchema.properties ?? {}).map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1')} ${v.description ?? ''}`);
  return { name: tool.name, terms: terms([tool.name.replace(/_/g, ' '), tool.title ?? '', tool.description ?? '', ...args].join(' ')) };
}

const client = new Client({ name: 'eval', version: '0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, '--sandbox'], env: { PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'error' }, stderr: 'ignore' }));
const docs = ((await client.listTools()).tools as ListedTool[]).map(document);
await client.close();

let top1 = 0;
let top3 = 0;
const misses: string[] = [];
for (const r of REQUESTS) {
  const ranked = bm25(docs, r.ask);
  const first = r.expect.includes(ranked[0]!);
  const inTop3 = ranked.slice(0, 3).some((n) => r.expect.includes(n));
  if (first) top1++;
  if (inTop3) top3++;
  if (!first) misses.push(`  ${inTop3 ? 'top 3' : 'miss '}  "${r.ask}" → ${ranked.slice(0, 3).join(', ')} (expected ${r.expect.join(' or ')})`);
}
const pct = (n: number, of = REQUESTS.length) => `${((100 * n) / of).toFixed(0)} %`;
const heldOut = REQUESTS.filter((r) => r.heldOut);
const heldTop1 = heldOut.filter((r) => r.expect.includes(bm25(docs, r.ask)[0]!)).length;
console.log(`BM25 tool search over the served tool list, ${REQUESTS.length} requests as users phrase them:`);
console.log(`top-1 ${top1}/${REQUESTS.length} = ${pct(top1)} (target 85 %), top-3 ${top3}/${REQUESTS.length} = ${pct(top3)} (target 95 %)`);
console.log(`of which ${heldOut.length} written after the descriptions and not tuned for: top-1 ${heldTop1}/${heldOut.length} = ${pct(heldTop1, heldOut.length)}`);
if (misses.length) console.log(`Not first:\n${misses.join('\n')}`);
