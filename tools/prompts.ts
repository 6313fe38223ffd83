/**
 * Prompts for the workflows admins and instructors run, as data: what a client shows a person, the
 * arguments it asks for, the tools each relies on (a prompt is offered only with all of them), and the
 * message it starts the conversation with. A leaf module: no tool schema is loaded to list them.
 */
export interface PromptRow {
  name: string;
  title: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
  tools: string[];
  message: (args: Record<string, string | undefined>) => string;
}

const inGroup = (groupId: string | undefined) =>
  groupId ? ` Limit it to the group ${groupId} (pass it as groupId or groupIds where a tool takes one).` : '';

export const PROMPTS: readonly PromptRow[] = [
  {
    name: 'follow_up_this_week',
    title: 'Who needs follow-up this week',
    description: 'Find the learners to nudge this week and say why for each: no completions yet, overdue assignments, radar alerts.',
    arguments: [{ name: 'groupId', description: 'Only this group (team, cohort), from groups_list. Optional.', required: false }],
    tools: ['analytics_needs_attention', 'assignments_for_user', 'radar_alerts_list'],
    message: ({ groupId }) =>
      'Who needs follow-up this week, and why? Start with analytics_needs_attention for learners with assigned training and nothing finished. ' +
      'For each of them, use assignments_for_user to find what is overdue or due within seven days. Add any open alerts from radar_alerts_list (status new). ' +
      `Answer with one line per learner: name, what is overdue or at risk, and the suggested nudge. Most urgent first.${inGroup(groupId)}`,
  },
  {
    name: 'monthly_report',
    title: 'Monthly learning report',
    description:
      "A month's learning report for the workspace or one group: activity, completion per course, where learners struggle, what to do next.",
    arguments: [
      { name: 'month', description: 'Month as YYYY-MM; the current month when left out.', required: false },
      { name: 'groupId', description: 'Only this group (team, cohort), from groups_list. Optional.', required: false },
    ],
    tools: ['analytics_monthly_overview', 'analytics_courses', 'analytics_needs_attention', 'performance_insights_ask'],
    message: ({ month, groupId }) =>
      `Write the learning report for ${month ?? 'this month'}. Use analytics_monthly_overview${month ? ` with month ${month}` : ''} for activity, analytics_courses for completion per course, ` +
      'analytics_needs_attention for who is behind, and ask performance_insights_ask what stands out and why. ' +
      `Structure it as: headline figures, courses (best and worst completion), people who need attention, and three recommended actions.${inGroup(groupId)}`,
  },
  {
    name: 'prepare_course_content',
    title: 'Prepare study content from a folder',
    description:
      "Turn a folder of materials into study content: a summary, flashcards, a practice test and a slide deck on the folder's topic.",
    arguments: [
      { name: 'folderId', description: 'The folder of materials, from materials_list.', required: true },
      { name: 'topic', description: 'What the content is about, in a few words.', required: true },
    ],
    tools: ['materials_list', 'materials_generate', 'components_create', 'presentations_create'],
    message: ({ folderId, topic }) =>
      `Prepare study content on "${topic ?? 'the folder topic'}" from the materials in folder ${folderId ?? '(ask which folder)'}. ` +
      'List the folder with materials_list. Then: materials_generate a summary into the same folder; components_create flashcards and a practice_test drawing on those material ids ' +
      '(read the resource learning-workspace://components/config/flashcards for the config fields); and presentations_create a short slide deck. ' +
      'Tell me what you created, with the ids, and that the components start unpublished.',
  },
];
