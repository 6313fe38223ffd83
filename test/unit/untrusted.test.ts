import * as z from 'zod';
import { describe, expect, test } from 'vitest';
import { MADE_BY_SOFTWARE } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { defangText, presentPaths, withhold, WITHHELD } from '../../src/mcp/untrusted.js';
import { LOCKDOWN_META, UNTRUSTED_META } from '../../src/text/meta-keys.js';
import { madeIn, seenInLockdown } from '../../src/jobs/answers.js';

/** Every string field of a schema (and every field of free JSON), as paths like `groups[].name`. */
function stringLeaves(schema: z.core.$ZodType, path: string, out: Set<string>): void {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (s: unknown, p = path) => stringLeaves(s as z.core.$ZodType, p, out);
  switch (def.type) {
    case 'string':
    case 'unknown':
    case 'any':
      out.add(path);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def['innerType']);
    case 'pipe':
      return inner(def['out']);
    case 'array':
      return inner(def['element'], `${path}[]`);
    case 'object':
      for (const [k, v] of Object.entries(def['shape'] as Record<string, unknown>)) inner(v, path ? `${path}.${k}` : k);
      return;
    case 'union':
      for (const o of def['options'] as unknown[]) inner(o);
      return;
    case 'record':
      // The keys of a record are data too.
      out.add(`${path}{}`);
      return inner(def['valueType'], `${path}{}`);
    case 'number':
    case 'int':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return;
    default:
      throw new Error(`${path}: a ${def.type} schema the walk does not know; teach it here`);
  }
}

const leafName = (path: string) =>
  path
    .split('.')
    .at(-1)!
    .replace(/(\[\]|\{\})+$/, '');

describe('every string field of every output is classified', () => {
  test.each(tools.map((t) => [t.name, t] as const))('%s', (_name, def) => {
    const leaves = new Set<string>();
    stringLeaves(def.output, '', leaves);
    const declared = [...(def.untrusted ?? []), ...(def.prose ?? [])];
    const covered = (leaf: string) => declared.some((d) => leaf === d || leaf.startsWith(`${d}.`) || leaf.startsWith(`${d}[]`));
    const unclassified = [...leaves].filter((leaf) => !covered(leaf) && !MADE_BY_SOFTWARE.test(leafName(leaf)));
    expect(unclassified, 'declare these in the row: untrusted (people wrote them) or prose').toEqual([]);
    // Each declaration names a field the output has, and is made of no field the software makes.
    for (const d of declared)
      expect(
        [...leaves].some((leaf) => leaf === d || leaf.startsWith(`${d}.`)),
        d,
      ).toBe(true);
    expect(new Set(declared).size).toBe(declared.length);
  });

  test('the fields people write are declared where the issue names them', () => {
    const of = (name: string) => tools.find((t) => t.name === name)!;
    expect(of('groups_list').untrusted).toEqual(expect.arrayContaining(['groups[].name', 'groups[].description']));
    expect(of('performance_insights_ask').prose).toContain('answer');
    expect(of('materials_list').prose).toContain('materials[].content.text');
    expect(of('learning_question_stats').prose).toContain('questions[].topWrongAnswer');
  });
});

describe('paths in data', () => {
  const data = {
    groups: [
      { id: 'g1', name: 'A', description: null },
      { id: 'g2', name: 'B', description: 'text' },
    ],
    materials: [{ content: { text: 'long prose', url: null } }],
  };

  test('present paths are those with a value', () => {
    expect(presentPaths(data, ['groups[].name', 'groups[].description', 'materials[].content.text', 'answer'])).toEqual([
      'groups[].name',
      'groups[].description',
      'materials[].content.text',
    ]);
    expect(presentPaths({ groups: [{ description: null }] }, ['groups[].description'])).toEqual([]);
  });

  test('withheld where declared, null stays null, the rest shared', () => {
    const out = withhold(data, ['materials[].content.text', 'groups[].description']);
    expect(out['materials']).toEqual([{ content: { text: WITHHELD, url: null } }]);
    expect((out['groups'] as { description: unknown }[]).map((g) => g.description)).toEqual([null, WITHHELD]);
    expect(withhold(data, ['nothing[].here'])).toBe(data);
  });

  test('links and images to other hosts are defanged; the workspace host stays', () => {
    const hosts = new Set(['workspace.example']);
    expect(defangText('see ![logo](https://evil.example/x.png) and https://evil.example/a?b', hosts)).toBe(
      'see [image: logo] (hxxps://evil[.]example/x.png) and hxxps://evil[.]example/a?b',
    );
    expect(defangText('[doc](https://workspace.example/d) ![i](https://workspace.example/i.png)', hosts)).toBe(
      '[doc](https://workspace.example/d) ![i](https://workspace.example/i.png)',
    );
  });

  test('an image with a title is defanged; hostile text is read in one pass (no square of work on a long run)', () => {
    const hosts = new Set(['workspace.example']);
    expect(defangText('![a](https://evil.example/x.png "t")', hosts)).toBe('[image: a] (hxxps://evil[.]example/x.png)');
    // Each took minutes with the former pattern: many "![" with no "]", and one long address with no ")".
    const starts = '!['.repeat(200_000);
    expect(defangText(starts, hosts)).toBe(starts);
    const address = `![a](https://${'x'.repeat(400_000)}`;
    expect(defangText(address, hosts)).toBe(`![a](hxxps://${'x'.repeat(400_000)}`);
  }, 30_000);
});

describe('a job read in lockdown', () => {
  const prose = { content: [{ type: 'text' as const, text: 'Completion is 62%.' }], _meta: { [UNTRUSTED_META]: ['answer'] } };
  test('a result made outside lockdown carrying fields people wrote, or an error, is withheld whole', () => {
    const withheld = seenInLockdown(prose, true, 'performance_insights_ask');
    expect(withheld.isError).toBe(true);
    expect(JSON.stringify(withheld)).not.toContain('62%');
    expect((withheld.content[0] as { text: string }).text).toMatch(/^Error WITHHELD: /);
    expect(seenInLockdown({ isError: true, content: [{ type: 'text', text: 'partial' }] }, true, 't').content).not.toEqual([
      { type: 'text', text: 'partial' },
    ]);
  });

  test('one made in lockdown, one with nothing people wrote, and anything outside lockdown are as they are', () => {
    const locked = madeIn(prose, true);
    expect(locked._meta?.[LOCKDOWN_META]).toBe(true);
    expect(seenInLockdown(locked, true, 't')).toBe(locked);
    const plain = { content: [{ type: 'text' as const, text: '{}' }], structuredContent: {} };
    expect(seenInLockdown(plain, true, 't')).toBe(plain);
    expect(seenInLockdown(prose, false, 't')).toBe(prose);
    expect(madeIn(prose, false)).toBe(prose);
  });
});
