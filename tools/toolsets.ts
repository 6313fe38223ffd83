/**
 * Every toolset, in table order, as data: its id, its topic in a few words (the first line of the server
 * instructions lists the topics offered) and what it offers in the words people use. The server
 * instructions, `--help` and the README's toolsets section are made from this table. A leaf module, so
 * reading the configuration loads no tool schema.
 */
export const TOOLSET_TABLE = [
  {
    id: 'analytics',
    topic: 'workspace analytics',
    description:
      'Workspace figures: the monthly overview, headline numbers, completion per course, the student roster, who needs attention and the leaderboard.',
  },
  {
    id: 'groups',
    topic: 'groups',
    description: 'Groups (teams, cohorts, departments): list them, add people, activate or deactivate a membership, delete a group.',
  },
  { id: 'members', topic: 'members', description: "Workspace members: replace a member's tags, remove someone from the workspace." },
  {
    id: 'assignments',
    topic: 'course assignments',
    description:
      "Course assignments: one assignment with every assignee's progress, all of one user's assignments, removing an assignment.",
  },
  {
    id: 'explore',
    topic: 'the course catalog',
    description: 'The explore page learners browse: show or hide it, limit a section to some groups.',
  },
  {
    id: 'learning',
    topic: 'learner progress',
    description:
      "Learning detail: one learner's units, topics and activities in a course; wrong-answer rates per question; topic completion in a unit; role-play project results.",
  },
  {
    id: 'performance',
    topic: 'quiz scores, an AI analytics assistant',
    description:
      'Quiz attempts and scores, and the analytics assistant that answers questions about learner performance as a streamed answer with charts.',
  },
  {
    id: 'courses',
    topic: 'course structure',
    description: 'The unit and topic structure of a course (lessons, activities, tests, projects).',
  },
  { id: 'radar', topic: 'radar alerts', description: 'Learning-radar alerts: problems detected in the workspace, with recommendations.' },
  {
    id: 'components',
    topic: 'AI study tools',
    description: 'Study components (AI chat, flashcards, practice tests, scenarios and more): create one, change its status.',
  },
  {
    id: 'presentations',
    topic: 'slide decks',
    description: 'Slide decks generated on a topic as PDF and PowerPoint, with a transcript per slide.',
  },
  {
    id: 'materials',
    topic: 'study materials',
    description: 'Study materials: list and search them, create one from text, a file or a web page, or have one written by AI.',
  },
  { id: 'folders', topic: 'folders', description: 'Folders that organise materials: create, rename, move or describe one.' },
  {
    id: 'code',
    topic: 'computed answers from chained reads',
    description:
      'code_run, offered only when named: JavaScript in a sandbox that chains the read tools and returns only the answer it computes (docs/code-mode.md).',
  },
  {
    id: 'jobs',
    topic: 'long-running jobs',
    description:
      "Following long operations: a running job's status, progress and result, and cancelling it. Offered with the long tools too, whose calls may answer with a job.",
  },
] as const satisfies readonly { id: string; topic: string; description: string }[];

export type Toolset = (typeof TOOLSET_TABLE)[number]['id'];

/** Every toolset id, in table order. */
export const TOOLSETS: readonly Toolset[] = TOOLSET_TABLE.map((t) => t.id);
