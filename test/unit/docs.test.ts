// The README and docs/ as a reader follows them: generated parts as `npm run docs` writes them, every
// relative link and anchor resolving, every page reachable from the README and the index, and every
// command block saying which test runs it or why none does.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GENERATED_PARTS, generatedFiles, markdownFiles, ROOT } from '../../scripts/doc-files.js';
import { codeBlocks, shellCommands, shellWords } from '../docs-blocks.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The text outside fenced code blocks, where headings are. */
const unfenced = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
/** The text outside fenced code blocks and code spans, where links are. */
const prose = (text: string) => unfenced(text).replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of unfenced(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[*_`]/g, (c) => (c === '_' ? '_' : ''));
    const base = plain
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link of a page (images and HTML img and a tags included), as written. */
function links(text: string): string[] {
  const markdown = [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  const html = [...prose(text).matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  return [...markdown, ...html].filter((t) => !/^[a-z]+:/i.test(t));
}

describe('generated parts', () => {
  test('npm run docs leaves no diff: every generated file is as the script writes it', async () => {
    for (const [file, content] of await generatedFiles()) expect(read(file), `${file}: run \`npm run docs\``).toBe(content);
  });

  test('each generated part is where it belongs', () => {
    for (const [file, start] of GENERATED_PARTS) expect(read(file), `${file} lost its ${start} marker`).toContain(start);
  });
});

describe('links', () => {
  test.each(markdownFiles())('%s: every relative link and anchor resolves', (file) => {
    const text = read(file);
    for (const target of links(text)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path ? normalize(join(dirname(join(ROOT, file)), decodeURIComponent(path))) : join(ROOT, file);
      expect(existsSync(resolved), `${file}: ${target} points at nothing`).toBe(true);
      if (anchor === undefined) continue;
      expect(statSync(resolved).isFile() && resolved.endsWith('.md'), `${file}: ${target} has an anchor into a non-page`).toBe(true);
      expect([...anchors(readFileSync(resolved, 'utf8'))], `${file}: ${target}: no such heading`).toContain(anchor);
    }
  });

  test('GitHub anchors: punctuation dropped, spaces as hyphens, repeats numbered', () => {
    expect([
      ...anchors('# Sign-in with your identity provider (OAuth)\n## `--http` and /mcp\n## A\n## A\n```sh\n# not a heading\n```\n'),
    ]).toEqual(['sign-in-with-your-identity-provider-oauth', '--http-and-mcp', 'a', 'a-1']);
  });

  test('every page of docs/ is linked from the index and from the README', () => {
    const index = links(read('docs/README.md')).map((l) => normalize(join('docs', l.split('#')[0]!)));
    const readme = links(read('README.md')).map((l) => normalize(l.split('#')[0]!));
    for (const page of markdownFiles().filter((f) => f.startsWith('docs/') && f !== 'docs/README.md')) {
      expect(index, `docs/README.md does not link ${page}`).toContain(page);
      expect(readme, `README.md does not link ${page}`).toContain(page);
    }
  });

  test('the README is a landing page: at most 12 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(12 * 1024);
  });
});

describe('commands', () => {
  const pages = markdownFiles().filter((f) => f === 'README.md' || f.startsWith('docs/clients/'));

  test.each(pages)('%s: each command or configuration block says which test runs it, or why none does', (file) => {
    for (const block of codeBlocks(file).filter((b) => ['sh', 'json', 'toml'].includes(b.lang))) {
      const where = `${file}:${block.line}`;
      expect(block.marker, `${where}: no <!-- run by … --> or <!-- not run: … --> before the block`).toMatch(/^(run by |not run: \S)/);
      if (!block.marker!.startsWith('run by ')) continue;
      const runners = [...block.marker!.matchAll(/(test\/[\w./-]+\.test\.ts|\.ci\/run)/g)].map((m) => m[1]!);
      expect(runners.length, `${where}: names no test`).toBeGreaterThan(0);
      for (const runner of runners) {
        expect(existsSync(join(ROOT, runner)), `${where}: ${runner} does not exist`).toBe(true);
        // The test reads the block from this page, so what it runs is what the page shows.
        if (runner.endsWith('.test.ts')) expect(read(runner).includes(`'${file}'`), `${where}: ${runner} does not read ${file}`).toBe(true);
      }
      if (runners.includes('.ci/run') && block.lang === 'sh') {
        const ci = read('.ci/run');
        const ciOnly = runners.length === 1;
        for (const command of shellCommands(block.text)) {
          const words = shellWords(command, {}).join(' ');
          if (ciOnly || /^npm (install|test|run test:unit)/.test(words))
            expect(
              ci.includes(words) || (words === 'npm install' && ci.includes('npm ci')),
              `${where}: .ci/run does not run ${words}`,
            ).toBe(true);
        }
      }
    }
  });

  test('shell words: quotes, variables, comments and continuations as a shell reads them', () => {
    const env = { TOKEN: 't0k', PWD: '/repo' };
    expect(shellWords(`claude mcp add x -- node "$PWD/dist/cli.js" --header 'A: \${TOKEN}' "B: $TOKEN" # note`, env)).toEqual([
      'claude',
      'mcp',
      'add',
      'x',
      '--',
      'node',
      '/repo/dist/cli.js',
      '--header',
      'A: ${TOKEN}',
      'B: t0k',
    ]);
    expect(shellCommands("a \\\n  b\n# comment\n\nc -d '{\n}'\n")).toEqual(['a   b', "c -d '{\n}'"]);
  });
});
