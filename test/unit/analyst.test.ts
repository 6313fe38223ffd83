// The sandbox's analytics assistant answers from the workspace's figures, about what the question names.
import { expect, test } from 'vitest';
import { analyse, type WorkspaceFacts } from '../../src/sandbox/content/analyst.js';

const facts: WorkspaceFacts = {
  courses: [
    { title: 'Negotiation Essentials', enrolled: 5, completed: 2, completionPercent: 40 },
    { title: 'Security Awareness 2026', enrolled: 9, completed: 3, completionPercent: 33.3 },
  ],
  learners: [
    { name: 'Grace Liu', groups: ['Sales North America'], assigned: 2, completed: 0 },
    { name: 'Omar Haddad', groups: ['Sales North America'], assigned: 2, completed: 1 },
    { name: 'Lena Fischer', groups: ['Engineering'], assigned: 1, completed: 1 },
  ],
  groups: ['Sales', 'Sales North America', 'Engineering'],
};

test('a question about a group is answered from that group: its learners, who is behind, a chart per learner', () => {
  const a = analyse('How is the Sales North America team doing?', facts);
  expect(a.text).toContain('Sales North America has 2 learners with 1 of 4 assigned courses complete (25%)');
  expect(a.text).toContain('1 of them have finished nothing yet: Grace Liu');
  expect(a.text).toContain('Omar Haddad is furthest along (50%)');
  expect(a.query.input).toEqual({ metric: 'completion', groupBy: 'learner', group: 'Sales North America' });
  expect(a.chart).toMatchObject({ title: 'Completion in Sales North America', x: ['Grace Liu', 'Omar Haddad'], y: [0, 50] });
});

test('a question about a course is answered about that course against the rest', () => {
  const a = analyse('Why is Security Awareness so low?', facts);
  expect(a.text).toContain('Security Awareness 2026 has 3 of 9 learners complete (33.3%), against 36% across all 2 courses');
  expect(a.query.input).toMatchObject({ course: 'Security Awareness 2026' });
});

test('any other question gets the whole workspace, best and worst course and who has finished nothing', () => {
  const a = analyse('Who is behind?', facts);
  expect(a.text).toContain('Negotiation Essentials is furthest along; Security Awareness 2026 needs the most attention');
  expect(a.text).toContain('1 learners have finished nothing yet (Grace Liu)');
  expect(a.chart.x).toEqual(['Negotiation Essentials', 'Security Awareness 2026']);
});
