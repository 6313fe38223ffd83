// Rules of the codebase that a reviewer would otherwise have to catch: no import cycles of any kind, layers that
// import only downwards, folders by job, short functions.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = ['src', 'tools'].flatMap((d) =>
  readdirSync(join(root, d), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(root, d, f)),
);

/** Each file parsed once for every rule below: parsing all of src/ is most of what this file costs. */
const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) parsed.set(file, (source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return source;
}

/**
 * Every module a file names: imports and re-exports, type-only ones included (a type cycle is still a
 * cycle in what modules know of each other), and dynamic imports.
 */
function imports(file: string): string[] {
  const source = parse(file);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      out.push((node.arguments[0] as ts.StringLiteral).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

test('no module in src/ or tools/ imports one that imports it back, directly or not, types included', () => {
  const graph = new Map(files.map((f) => [f, imports(f)]));
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (f: string, path: string[]): void => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') return void cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(root, p)).join(' → '));
    state.set(f, 'open');
    for (const next of graph.get(f) ?? []) walk(next, [...path, f]);
    state.set(f, 'done');
  };
  for (const f of files) walk(f, []);
  expect(cycles).toEqual([]);
});

/**
 * The layers, lowest first: a module imports only from its own layer or one below (docs/architecture.md says why
 * each stands where it does). A path names a folder when it ends in `/`, else one file; a file takes the layer of
 * the longest path that names it, so the leaf modules of constants sit below the folder that holds them.
 */
const LAYERS: ReadonlyArray<readonly [name: string, paths: readonly string[]]> = [
  ['constants', ['src/version.ts', 'src/config/defaults.ts', 'src/config/code-limits.ts']],
  ['text', ['src/text/']],
  ['telemetry', ['src/telemetry/']],
  ['tools', ['tools/']],
  ['config', ['src/config/']],
  ['call', ['src/call/']],
  ['confirm', ['src/confirm/']],
  ['jobs', ['src/jobs/']],
  ['mcp', ['src/mcp/']],
  ['batch', ['src/batch/']],
  ['code', ['src/code/']],
  ['compose', ['src/compose/']],
  ['transports', ['src/transports/']],
  ['sandbox', ['src/sandbox/']],
  ['cli', ['src/cli.ts']],
];

/**
 * Imports from a lower layer up to a higher one that stand anyway, as `from → to` (paths from the root), each
 * named with its reason in docs/architecture.md. At most three: past that the order above is not the real one.
 */
const UPWARD_EXCEPTIONS: readonly string[] = [];

function layerOf(file: string): number | undefined {
  const name = relative(root, file).replace(/\\/g, '/');
  let best: { index: number; length: number } | undefined;
  LAYERS.forEach(([, paths], index) => {
    for (const p of paths)
      if ((p.endsWith('/') ? name.startsWith(p) : name === p) && p.length > (best?.length ?? -1)) best = { index, length: p.length };
  });
  return best?.index;
}

describe('layers', () => {
  const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

  test('every module in src/ and tools/ stands in a layer', () => {
    expect(files.filter((f) => layerOf(f) === undefined).map((f) => relative(root, f))).toEqual([]);
  });

  test('no module imports from a layer above its own, type-only and dynamic imports included, but the named exceptions', () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = layerOf(file)!;
      for (const target of imports(file)) {
        const to = layerOf(target);
        if (to !== undefined && to > from) upward.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    expect([...new Set(upward)].sort()).toEqual([...UPWARD_EXCEPTIONS].sort());
    expect(UPWARD_EXCEPTIONS.length).toBeLessThanOrEqual(3);
  });

  test('docs/architecture.md states the layer order and names each exception', () => {
    expect(architecture).toContain(LAYERS.map(([name]) => `\`${name}\``).join(' → '));
    for (const exception of UPWARD_EXCEPTIONS) expect(architecture).toContain(`\`${exception}\``);
  });
});

test('src/ holds folders by job, and no file but the entry and the version', () => {
  const loose = readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
  expect(loose.sort()).toEqual(['cli.ts', 'version.ts']);
});

test('no function in src/ or tools/ is longer than 80 lines', () => {
  const long: string[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > 80) long.push(`${relative(root, file)}:${start + 1} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(long).toEqual([]);
});

/** Files that still build error results by hand, until issue 32's rewrite of the jobs converts them. */
const PENDING_ERROR_RESULTS = new Set<string>();

test('error results are made by errorResult alone, and no code reads error text back', () => {
  const byHand: string[] = [];
  for (const file of files) {
    const name = relative(root, file);
    if (name === 'src/call/errors.ts' || name.startsWith('src/sandbox/') || PENDING_ERROR_RESULTS.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    if (/isError:\s*true/.test(text)) byHand.push(`${name}: isError built by hand`);
    if (/[`'"]Error (\$\{|[A-Z_]+[ :])|\^Error/.test(text)) byHand.push(`${name}: error text written or parsed by hand`);
  }
  expect(byHand).toEqual([]);
});
