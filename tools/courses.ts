import * as z from 'zod';
import { command, id, READ, type ToolDef } from './define.js';

const str = z.string();
const num = z.number();
const nstr = z.string().nullable();

export const coursesTools: ToolDef[] = [
  command({
    name: 'courses_structure',
    title: 'Course structure',
    description:
      'The unit and topic structure of a course: units with topics, activity types, projects and unit tests, with edit links where allowed.',
    toolset: 'courses',
    command: 'courses/structure',
    input: { courseId: id('Course id.') },
    output: {
      courseId: str,
      courseTitle: str,
      canEdit: z.boolean(),
      readOnlyNote: nstr,
      unitCount: num,
      topicCount: num,
      projectCount: num,
      unitTestCount: num,
      units: z.array(
        z.looseObject({
          id: str,
          title: str,
          description: nstr,
          orderIndex: num,
          contentOrder: z.array(z.looseObject({ type: str, id: str })).optional(),
          topics: z.array(
            z.looseObject({
              id: str,
              title: str,
              description: nstr,
              orderIndex: num,
              learningGoalCount: num,
              activityTypes: z.array(str),
              editUrl: nstr,
            }),
          ),
          projects: z.array(z.looseObject({ id: str, title: str, type: str, orderIndex: num, editUrl: nstr })),
          test: z.looseObject({ id: str, title: str, questionCount: num, editUrl: nstr }).nullable(),
        }),
      ),
    },
    annotations: READ,
  }),
];
