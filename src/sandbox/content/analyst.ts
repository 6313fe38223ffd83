// What the sandbox's analytics assistant says: an answer worked out from the sandbox workspace's own
// figures for what the question is about (a group, a course, or the whole workspace), so a demo of the
// streamed answer shows real work.
import type { WorkspaceFacts } from './facts.js';

export type { WorkspaceFacts };

/** What the assistant found: its text, the rows its data query returned, and the chart it drew. */
export interface Analysis {
  text: string;
  query: { input: Record<string, unknown>; rows: Record<string, unknown>[] };
  chart: { kind: 'bar'; title: string; x: string[]; y: number[]; unit: '%' };
}

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);
const percent = (done: number, of: number) => (of === 0 ? 0 : Math.round((100 * done) / of));

/** The name among `names` the question speaks of most: the most of its words, at least one. */
function mentioned(question: string, names: readonly string[]): string | undefined {
  const asked = words(question);
  let best: { name: string; hits: number } | undefined;
  for (const name of names) {
    const hits = [...words(name)].filter((w) => asked.has(w)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { name, hits };
  }
  return best?.name;
}

function aboutGroup(question: string, group: string, facts: WorkspaceFacts): Analysis {
  const members = facts.learners.filter((l) => l.groups.includes(group));
  const behind = members.filter((l) => l.assigned > 0 && l.completed === 0);
  const rows = members.map((l) => ({
    learner: l.name,
    assigned: l.assigned,
    completed: l.completed,
    completionPercent: percent(l.completed, l.assigned),
  }));
  const done = members.reduce((s, l) => s + l.completed, 0);
  const assigned = members.reduce((s, l) => s + l.assigned, 0);
  const top = [...rows].sort((a, b) => b.completionPercent - a.completionPercent)[0];
  const text =
    `You asked: "${question}". ${group} has ${members.length} learners with ${done} of ${assigned} assigned courses complete (${percent(done, assigned)}%). ` +
    (behind.length > 0
      ? `${behind.length} of them have finished nothing yet: ${behind.map((l) => l.name).join(', ')}; a reminder to them is the quickest win. `
      : 'Everyone in it has finished at least one course. ') +
    (top && top.completionPercent > 0 ? `${top.learner} is furthest along (${top.completionPercent}%).` : '');
  return {
    text,
    query: { input: { metric: 'completion', groupBy: 'learner', group }, rows },
    chart: {
      kind: 'bar',
      title: `Completion in ${group}`,
      x: rows.map((r) => r.learner),
      y: rows.map((r) => r.completionPercent),
      unit: '%',
    },
  };
}

function aboutWorkspace(question: string, facts: WorkspaceFacts, course: string | undefined): Analysis {
  const stats = facts.courses;
  const rows = stats.map((c) => ({
    course: c.title,
    enrolled: c.enrolled,
    completed: c.completed,
    completionPercent: c.completionPercent,
  }));
  const chart = {
    kind: 'bar' as const,
    title: 'Completion by course',
    x: stats.map((c) => c.title),
    y: stats.map((c) => c.completionPercent),
    unit: '%' as const,
  };
  const behind = facts.learners.filter((l) => l.assigned > 0 && l.completed === 0).map((l) => l.name);
  const follow =
    behind.length > 0
      ? ` ${behind.length} learners have finished nothing yet (${behind.slice(0, 3).join(', ')}${behind.length > 3 ? ', …' : ''}).`
      : '';
  const focus = stats.find((c) => c.title === course);
  if (focus) {
    const text = `You asked: "${question}". ${focus.title} has ${focus.completed} of ${focus.enrolled} learners complete (${focus.completionPercent}%), against ${percent(
      stats.reduce((s, c) => s + c.completed, 0),
      stats.reduce((s, c) => s + c.enrolled, 0),
    )}% across all ${stats.length} courses.${follow}`;
    return { text, query: { input: { metric: 'completion', groupBy: 'course', course: focus.title }, rows }, chart };
  }
  const best = [...stats].sort((a, b) => b.completionPercent - a.completionPercent)[0];
  const worst = [...stats].sort((a, b) => a.completionPercent - b.completionPercent)[0];
  const text =
    `You asked: "${question}". Across ${stats.length} courses, ` +
    stats.map((c) => `${c.title} has ${c.completed} of ${c.enrolled} learners complete (${c.completionPercent}%)`).join('; ') +
    '. ' +
    (best && worst
      ? `${best.title} is furthest along; ${worst.title} needs the most attention, so a reminder to its assignees before the due date is the quickest win.`
      : 'There is no course data yet.') +
    follow;
  return { text, query: { input: { metric: 'completion', groupBy: 'course' }, rows }, chart };
}

/** The answer to a question, about the group or course it names, else the whole workspace. */
export function analyse(question: string, facts: WorkspaceFacts): Analysis {
  const group = mentioned(question, facts.groups);
  const course = mentioned(
    question,
    facts.courses.map((c) => c.title),
  );
  // A course named more precisely than a group (say "Security Awareness") is what the question is about.
  const groupHits = group ? [...words(group)].filter((w) => words(question).has(w)).length : 0;
  const courseHits = course ? [...words(course)].filter((w) => words(question).has(w)).length : 0;
  if (group && groupHits >= courseHits) return aboutGroup(question, group, facts);
  return aboutWorkspace(question, facts, course);
}
