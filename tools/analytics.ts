import * as z from 'zod';
import { command, limitField, READ, type ToolDef } from './define.js';
import { StudentRow } from './shapes.js';

/** The current month in the zone the upstream counts months in. */
export function currentMonthNewYork(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month must be YYYY-MM with a month from 01 to 12, e.g. 2026-01', abort: true })
  .refine((m) => m >= '2000-01', 'month must not be earlier than 2000-01')
  .refine((m) => m <= currentMonthNewYork(), 'month must not be later than the current month (America/New_York)')
  .describe('YYYY-MM, not after this month; default: this month (America/New_York).');

const limit = { limit: limitField.optional() };
const students = { students: z.array(StudentRow) };
const number = z.number();

export const analyticsTools: ToolDef[] = [
  command({
    name: 'analytics_monthly_overview',
    title: "Monthly report: a month's training numbers (last month, or a month such as September)",
    description:
      'Monthly learning report for one month: how it went, learners who started or finished courses, and the courses authors started or first published, by type. All-time totals: analytics_hero.',
    toolset: 'analytics',
    command: 'analytics/monthly-overview',
    input: { month: month.optional() },
    output: {
      month: z.string(),
      currentMonth: z.string(),
      timezone: z.string(),
      creation: z.looseObject({
        activeCreators: number,
        coursesStarted: number,
        coursesCompleted: number,
        courseTypes: z.array(z.looseObject({ type: z.enum(['COURSE', 'ASSESSMENT', 'ATOM']), started: number, completed: number })),
      }),
      learning: z.looseObject({
        startingLearners: number,
        completingLearners: number,
        coursesStarted: number,
        coursesCompleted: number,
      }),
    },
    annotations: READ,
  }),
  command({
    name: 'analytics_hero',
    title: 'Workspace totals: headline stats, the big picture, all time',
    description:
      'Overall totals of the whole workspace or platform, all time: how many learners, instructors, admins and courses, completions, pending invites, average time to finish a course. One month: analytics_monthly_overview.',
    toolset: 'analytics',
    command: 'analytics/hero',
    output: {
      scopeType: z.string(),
      totalStudents: number,
      totalInstructors: number,
      totalAdmins: number,
      totalCourses: number,
      courseCompletions: number,
      pendingInvites: number,
      avgTimeToCompleteSeconds: number.nullable(),
    },
    annotations: READ,
  }),
  command({
    name: 'analytics_courses',
    untrusted: ['courses[].title'],
    gives: 'course ids',
    title: 'Completion rate of each course, who signed up',
    description:
      'Completion rate and enrollment per course, every course: how many enrolled and completed it; which courses get finished most or least; gives course ids.',
    toolset: 'analytics',
    pages: 'courses',
    command: 'analytics/courses',
    input: limit,
    output: {
      courses: z.array(
        z.looseObject({ courseId: z.string(), title: z.string(), enrolled: number, completed: number, completionPercent: number }),
      ),
    },
    annotations: READ,
  }),
  command({
    name: 'analytics_students',
    untrusted: ['students[].user.name', 'students[].user.email', 'students[].groups[]'],
    gives: 'user ids',
    title:
      'Roster: all learners, staff or employees on the platform, with courses given and finished or done, groups or teams they are in, and user ids (export the roster)',
    description:
      "Full list of everyone in the workspace, all learners, each with courses assigned versus completed and their groups; or find a person's user id by name or email. Those with none completed: analytics_needs_attention.",
    toolset: 'analytics',
    pages: 'students',
    statedTotal: { tool: 'analytics_hero', path: 'totalStudents' },
    command: 'analytics/students',
    input: limit,
    output: students,
    annotations: READ,
  }),
  command({
    name: 'analytics_needs_attention',
    untrusted: ['students[].user.name', 'students[].user.email', 'students[].groups[]'],
    title: 'Who is behind or stuck (lagging), with not a single thing done, and needs a reminder, nudge or chase',
    description:
      "Who is behind (laggards): learners with coursework assigned who haven't started or completed anything (zero completions), to flag, remind or follow up. All learners: analytics_students.",
    toolset: 'analytics',
    pages: 'students',
    command: 'analytics/needs-attention',
    input: limit,
    output: students,
    annotations: READ,
  }),
  command({
    name: 'analytics_top_performers',
    title: 'Top performers leaderboard: best learners and stars who are ahead, to recognize with shout-outs or awards',
    description:
      'Best learners: who completed the largest share of their assigned courses, a leaderboard ranked highest first by completion rate, for praise or rewards. Laggards: analytics_needs_attention.',
    toolset: 'analytics',
    command: 'analytics/top-performers',
    input: limit,
    // The API document does not show this response: declared open rather than invented.
    output: {},
    annotations: READ,
  }),
];
