import * as z from 'zod';
import { command, courseIdField, READ, type ToolDef } from './define.js';

const string = z.string();
const number = z.number();
const stringOrNull = z.string().nullable();

export const coursesTools: ToolDef[] = [
  command({
    name: 'courses_structure',
    untrusted: [
      'courseTitle',
      'readOnlyNote',
      'units[].title',
      'units[].description',
      'units[].topics[].title',
      'units[].topics[].description',
      'units[].topics[].activityTypes[]',
      'units[].projects[].title',
      'units[].test.title',
    ],
    gives: 'unit, test and quiz activity ids',
    title: 'Course outline: what is inside a course and how it is laid out (units or modules, topics or lessons, parts)',
    description:
      'What a course contains, its outline or contents: modules (units), lessons (topics), activities, quizzes, unit tests and projects, with their ids and edit links.',
    toolset: 'courses',
    command: 'courses/structure',
    input: { courseId: courseIdField },
    output: {
      courseId: string,
      courseTitle: string,
      canEdit: z.boolean(),
      readOnlyNote: stringOrNull,
      unitCount: number,
      topicCount: number,
      projectCount: number,
      unitTestCount: number,
      units: z.array(
        z.looseObject({
          id: string,
          title: string,
          description: stringOrNull,
          orderIndex: number,
          contentOrder: z.array(z.looseObject({ type: string, id: string })).optional(),
          topics: z.array(
            z.looseObject({
              id: string,
              title: string,
              description: stringOrNull,
              orderIndex: number,
              learningGoalCount: number,
              activityTypes: z.array(string),
              editUrl: stringOrNull,
            }),
          ),
          projects: z.array(z.looseObject({ id: string, title: string, type: string, orderIndex: number, editUrl: stringOrNull })),
          test: z.looseObject({ id: string, title: string, questionCount: number, editUrl: stringOrNull }).nullable(),
        }),
      ),
    },
    annotations: READ,
    example: { courseId: 'c_onboarding' },
  }),
];
