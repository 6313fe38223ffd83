import * as z from 'zod';
import { command, id, IDEMPOTENT_WRITE, type ToolDef } from './define.js';

const groupIds = (what: string) => z.array(z.string().min(1)).describe(what);

export const exploreTools: ToolDef[] = [
  command({
    name: 'explore_set_audience',
    title: 'Set explore section audience',
    description:
      'Limits an explore-page section to some groups, or hides it from some groups; returns the section\'s audience.',
    toolset: 'explore',
    command: 'explore/set-audience',
    input: {
      sectionId: id('Explore section id.'),
      visibleToGroupIds: groupIds('Show the section only to these groups ([] removes the restriction).').optional(),
      hiddenFromGroupIds: groupIds('Hide the section from these groups ([] hides it from none).').optional(),
    },
    output: {
      id: z.string(),
      title: z.string(),
      visibleToGroupIds: z.array(z.string()),
      hiddenFromGroupIds: z.array(z.string()),
    },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
  command({
    name: 'explore_toggle',
    title: 'Turn explore page on or off',
    description: 'Shows or hides the explore page for learners; returns the new setting.',
    toolset: 'explore',
    command: 'explore/toggle',
    input: { exploreEnabled: z.boolean().describe('true shows the explore page to learners, false hides it.') },
    output: { exploreEnabled: z.boolean() },
    annotations: IDEMPOTENT_WRITE,
    mutating: true,
  }),
];
