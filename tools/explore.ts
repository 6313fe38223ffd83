import * as z from 'zod';
import { command, id, IDEMPOTENT_WRITE, type ToolDef } from './define.js';

const groupIds = (what: string) => z.array(z.string().min(1)).describe(what);

export const exploreTools: ToolDef[] = [
  command({
    name: 'explore_set_audience',
    untrusted: ['title'],
    title: 'Who sees a section (category) of the course catalog',
    description: 'Choose who can see a section of the explore page, the course catalog: restrict it to some groups or hide it from some.',
    toolset: 'explore',
    command: 'explore/set-audience',
    input: {
      sectionId: id('Explore section id.'),
      visibleToGroupIds: groupIds('Show it only to these groups ([] removes the restriction).').optional(),
      hiddenFromGroupIds: groupIds('Hide it from these groups ([] hides it from none).').optional(),
    },
    output: {
      id: z.string(),
      title: z.string(),
      visibleToGroupIds: z.array(z.string()),
      hiddenFromGroupIds: z.array(z.string()),
    },
    annotations: IDEMPOTENT_WRITE,
    example: { sectionId: 'sec_featured' },
    mutating: true,
  }),
  command({
    name: 'explore_toggle',
    title: 'Enable or disable the explore page (course catalog, self-service): turn or switch it on or off',
    description: 'Let learners browse the course catalog (explore page) freely on their own, or stop that and hide it.',
    toolset: 'explore',
    command: 'explore/toggle',
    input: { exploreEnabled: z.boolean().describe('true shows it to learners, false hides it.') },
    output: { exploreEnabled: z.boolean() },
    annotations: IDEMPOTENT_WRITE,
    example: { exploreEnabled: true },
    mutating: true,
  }),
];
