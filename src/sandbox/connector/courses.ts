// The sandbox's courses/* commands.
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function coursesStructure(sbx: Model, b: Body, check: Check): unknown {
  const c = sbx.needCourse(check, 'courseId', check.str('courseId', true));
  check.done();
  const edit = (path: string) => (c!.canEdit ? `https://app.northwind.example/courses/${c!.id}/edit/${path}` : null);
  const units = c!.units.map((u, i) => ({
    id: u.id,
    title: u.title,
    description: u.description,
    orderIndex: i,
    contentOrder: [
      ...u.topics.map((t) => ({ type: 'topic', id: t.id })),
      ...u.projects.map((p) => ({ type: 'project', id: p.id })),
      ...(u.test ? [{ type: 'test', id: u.test.id }] : []),
    ],
    topics: u.topics.map((t, j) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      orderIndex: j,
      learningGoalCount: t.learningGoalCount,
      activityTypes: [...new Set(t.activities.map((a) => a.type))],
      editUrl: edit(`topics/${t.id}`),
    })),
    projects: u.projects.map((p, j) => ({ id: p.id, title: p.title, type: p.type, orderIndex: j, editUrl: edit(`projects/${p.id}`) })),
    test: u.test
      ? { id: u.test.id, title: u.test.title, questionCount: u.test.questions.length, editUrl: edit(`tests/${u.test.id}`) }
      : null,
  }));
  return {
    courseId: c!.id,
    courseTitle: c!.title,
    canEdit: c!.canEdit,
    readOnlyNote: c!.canEdit ? null : 'This course is published from a template and can only be edited in the template library.',
    unitCount: units.length,
    topicCount: units.reduce((n, u) => n + u.topics.length, 0),
    projectCount: units.reduce((n, u) => n + u.projects.length, 0),
    unitTestCount: units.filter((u) => u.test).length,
    units,
  };
}

export const courses: Handlers = {
  'courses/structure': { write: false, run: coursesStructure },
};
