import { describe, expect, test } from 'vitest';
import { complete, MAX_VALUES, ObjectIndex, objectList, type NamedObject } from '../../src/mcp/object-index.js';
import { toolCallsOf } from '../../src/batch/weight.js';
import { objectTemplates, OBJECT_TEMPLATES } from '../../src/mcp/object-resources.js';

const learners = objectList([
  { id: 'u_elena', name: 'Elena Petrova' },
  { id: 'u_sofia', name: 'Sofia García' },
  { id: 'u_ben', name: 'Ana Bennett' },
  { id: 'u_l000001', name: 'Ben Park' },
  { id: 'u_l000002', name: 'Ben Okoye-Smith' },
]);

describe('completing a name or an id', () => {
  test('the id exactly first, then ids that start with it, then names that start with it, then any word', () => {
    expect(complete(learners, 'u_elena').values).toEqual(['u_elena']);
    expect(complete(learners, 'u_l').values).toEqual(['u_l000001', 'u_l000002']);
    // "Ben Park" and "Ben Okoye-Smith" start with it (shorter name first); "Ana Bennett" has a word that does.
    expect(complete(learners, 'ben')).toEqual({ values: ['u_l000001', 'u_l000002', 'u_ben'], total: 3, hasMore: false });
  });

  test('case and accents do not matter; every word typed must start a word of the name', () => {
    expect(complete(learners, 'garc').values).toEqual(['u_sofia']);
    expect(complete(learners, 'ELE').values).toEqual(['u_elena']);
    expect(complete(learners, 'ben smith').values).toEqual(['u_l000002']);
    expect(complete(learners, 'ben x').values).toEqual([]);
    // Inside a word is no match: "eli" is not "Elena".
    expect(complete(learners, 'eli')).toEqual({ values: [], total: 0, hasMore: false });
  });

  test(`at most ${MAX_VALUES} values, with the true total and hasMore`, () => {
    const many: NamedObject[] = Array.from({ length: 250 }, (_, i) => ({ id: `u_${i}`, name: `Ben ${String(i).padStart(3, '0')}` }));
    const c = complete(objectList(many), 'Ben');
    expect(c.values).toHaveLength(MAX_VALUES);
    expect(c).toMatchObject({ total: 250, hasMore: true });
    expect(c.values[0]).toBe('u_0');
    expect(complete(objectList(many), '').total).toBe(250);
  });
});

describe('the index per caller', () => {
  test('one read per kind while kept, read again after it expires; a failed read is not kept', async () => {
    let now = 0;
    const index = new ObjectIndex(1_000, 4, () => now);
    let reads = 0;
    const read = async () => (reads++, [{ id: 'c_1', name: 'One' }]);
    await index.list('a', 'course', read);
    await index.list('a', 'course', read);
    expect(reads).toBe(1);
    now = 1_001;
    await index.list('a', 'course', read);
    expect(reads).toBe(2);
    await expect(index.list('a', 'group', () => Promise.reject(new Error('403')))).rejects.toThrow('403');
    expect((await index.list('a', 'group', read)).objects).toHaveLength(1);
  });

  test('callers are kept apart, and at most the bound of them at once', async () => {
    const index = new ObjectIndex(60_000, 3);
    for (const caller of ['a', 'b', 'c', 'd', 'e']) await index.list(caller, 'learner', async () => [{ id: caller, name: caller }]);
    expect(index.size).toBe(3);
    expect((await index.list('e', 'learner', async () => [])).objects[0]?.id).toBe('e');
  });

  test('an expired index is let go at the next request of any caller', async () => {
    let now = 0;
    const index = new ObjectIndex(1_000, 8, () => now);
    await index.list('a', 'group', async () => []);
    await index.list('b', 'group', async () => []);
    now = 1_500;
    await index.list('c', 'group', async () => []);
    expect(index.size).toBe(1);
  });
});

describe('the templates', () => {
  test('each follows its read tool: none without the tools of courses, learners, groups and assignments', () => {
    expect(objectTemplates(new Set(OBJECT_TEMPLATES.map((t) => t.tool))).map((t) => t.uriTemplate)).toEqual([
      'learning-workspace://courses/{courseId}',
      'learning-workspace://learners/{userId}',
      'learning-workspace://groups/{groupId}',
      'learning-workspace://assignments/{assignmentId}',
    ]);
    expect(objectTemplates(new Set(['analytics_hero', 'analytics_students', 'analytics_courses']))).toEqual([]);
  });

  test('the rate limit counts a read of a workspace object as a tool call, and no other resource read', () => {
    const read = (uri: string) => ({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    expect(toolCallsOf(read('learning-workspace://learners/u_elena'))).toBe(1);
    expect(toolCallsOf(read('learning-workspace://components/config/chat'))).toBe(0);
    expect(toolCallsOf(read('ui://learning-workspace/learners.html'))).toBe(0);
  });
});
