// Rules of the codebase that a reviewer would otherwise have to catch: no import cycles, short functions.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = ['src', 'tools'].flatMap((d) =>
  readdirSync(join(root, d), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(root, d, f)),
);

/** Imports that load a module at run time (type-only imports are erased and cannot form a cycle). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      const allTypes = named && ts.isNamedImports(named) && !node.importClause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!allTypes || !node.importClause) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      out.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

test('no module in src/ or tools/ imports one that imports it back, directly or not', () => {
  const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
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

test('no function in src/ or tools/ is longer than 80 lines', () => {
  const long: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
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
