// Requests in the words of the people who use this: team leads, L&D admins, teachers, HR. Written from
// how they ask, without the tool descriptions at hand, several per tool, with the look-alike pairs and
// requests no tool serves (expect: []). Split once into a tuning half and a held-out half by a fixed
// hash of the request (scripts/eval.ts): descriptions are edited looking at tuning misses only.
export interface EvalRequest {
  ask: string;
  /** The tools that may rightly come first; none when no tool serves the request. */
  expect: string[];
}

export const EVAL_SET: EvalRequest[] = [
  // analytics_monthly_overview
  { ask: 'how did October go for training overall', expect: ['analytics_monthly_overview'] },
  { ask: 'give me last month in numbers: courses started, courses finished', expect: ['analytics_monthly_overview'] },
  { ask: 'monthly learning report for the board', expect: ['analytics_monthly_overview'] },
  { ask: 'how many credentials were earned in September', expect: ['analytics_monthly_overview'] },
  { ask: 'compare this month with last month', expect: ['analytics_monthly_overview'] },
  // analytics_hero
  { ask: 'how big is our academy, how many learners and courses', expect: ['analytics_hero'] },
  { ask: 'headline stats for the whole workspace', expect: ['analytics_hero'] },
  { ask: 'how many invites are still pending', expect: ['analytics_hero'] },
  { ask: 'how long does it take people on average to complete a course', expect: ['analytics_hero'] },
  // analytics_courses
  { ask: 'which courses do people actually finish', expect: ['analytics_courses'] },
  { ask: 'completion percentage per course', expect: ['analytics_courses'] },
  { ask: 'what is the least completed course in the catalog', expect: ['analytics_courses'] },
  { ask: 'how many people are enrolled in the fire safety course', expect: ['analytics_courses'] },
  { ask: 'what courses has Nora completed', expect: ['analytics_courses', 'assignments_for_user'] },
  // analytics_students
  { ask: 'roster of all learners with their progress', expect: ['analytics_students'] },
  { ask: 'export everyone and how many courses each has finished', expect: ['analytics_students'] },
  { ask: 'who is in the workspace and which teams are they in', expect: ['analytics_students'] },
  { ask: 'find the user id for Jamal Ortiz', expect: ['analytics_students'] },
  { ask: 'list all employees with assigned versus completed training', expect: ['analytics_students'] },
  // analytics_needs_attention
  { ask: "who hasn't finished the compliance course", expect: ['analytics_needs_attention', 'assignments_get'] },
  { ask: 'who has not started any of their training yet', expect: ['analytics_needs_attention'] },
  { ask: 'which learners need a reminder email', expect: ['analytics_needs_attention'] },
  { ask: 'people who are stuck at zero completions', expect: ['analytics_needs_attention'] },
  { ask: 'flag the slackers who ignored their assignments', expect: ['analytics_needs_attention'] },
  // analytics_top_performers
  { ask: 'top 5 learners by completion', expect: ['analytics_top_performers'] },
  { ask: 'who deserves a shout-out for finishing the most training', expect: ['analytics_top_performers'] },
  { ask: 'rank the students from best to worst', expect: ['analytics_top_performers'] },
  { ask: 'star learners this year', expect: ['analytics_top_performers'] },
  // groups_member_add
  { ask: 'add Sam to the Berlin cohort', expect: ['groups_member_add'] },
  { ask: 'make Li an instructor in the Data team', expect: ['groups_member_add'] },
  { ask: 'enroll the new hire in the onboarding group', expect: ['groups_member_add'] },
  { ask: 'put Maria into the EMEA sales team as admin', expect: ['groups_member_add'] },
  // groups_member_set_status
  { ask: 'Sam is on parental leave, pause his membership in Berlin cohort', expect: ['groups_member_set_status'] },
  { ask: 'deactivate Ravi in the support team but keep his history', expect: ['groups_member_set_status'] },
  { ask: 'bring Ana back into the mentoring group, she is active again', expect: ['groups_member_set_status'] },
  { ask: 'temporarily suspend a learner from a cohort', expect: ['groups_member_set_status'] },
  // groups_delete
  { ask: 'get rid of the pilot cohort group entirely', expect: ['groups_delete'] },
  { ask: 'delete the EMEA group and everything under it', expect: ['groups_delete'] },
  { ask: 'remove the test group I created by mistake', expect: ['groups_delete'] },
  // groups_list
  { ask: 'List the groups in the workspace', expect: ['groups_list'] },
  { ask: 'what cohorts do we have right now', expect: ['groups_list'] },
  { ask: 'how many members does each team have', expect: ['groups_list'] },
  { ask: 'who leads the Platform team', expect: ['groups_list'] },
  { ask: 'org chart of departments and sub-teams', expect: ['groups_list'] },
  // members_remove
  { ask: 'kick Sam out of the workspace, he quit', expect: ['members_remove'] },
  { ask: 'offboard Julia, her last day was Friday', expect: ['members_remove'] },
  { ask: 'delete this user account from the academy', expect: ['members_remove'] },
  { ask: 'revoke access for a contractor who left', expect: ['members_remove'] },
  // members_set_tags
  { ask: 'label Omar as people manager and EMEA', expect: ['members_set_tags'] },
  { ask: 'change the tags on Kim to remote', expect: ['members_set_tags'] },
  { ask: 'clear all tags from this member', expect: ['members_set_tags'] },
  { ask: 'mark Priya with the new-hire label', expect: ['members_set_tags'] },
  // assignments_get
  { ask: 'progress on the GDPR assignment: who is done and who is late', expect: ['assignments_get'] },
  { ask: 'details of the annual security training assignment', expect: ['assignments_get'] },
  { ask: 'how many assignees completed the onboarding assignment', expect: ['assignments_get'] },
  { ask: 'who is overdue on the harassment prevention course assignment', expect: ['assignments_get'] },
  // assignments_for_user
  { ask: "what is on Tom's training plan", expect: ['assignments_for_user'] },
  { ask: 'does Leila have any overdue courses', expect: ['assignments_for_user'] },
  { ask: 'all assignments of one employee with due dates', expect: ['assignments_for_user'] },
  { ask: 'what was I assigned and when is it due', expect: ['assignments_for_user'] },
  // assignments_remove
  { ask: 'unassign the old fire drill course from everyone', expect: ['assignments_remove'] },
  { ask: 'cancel that assignment, it went out by mistake', expect: ['assignments_remove'] },
  { ask: 'withdraw the Q1 compliance assignment', expect: ['assignments_remove'] },
  // explore_set_audience
  { ask: 'only managers should see the leadership section of the catalog', expect: ['explore_set_audience'] },
  { ask: 'hide the sales section from the engineering group', expect: ['explore_set_audience'] },
  { ask: 'restrict a catalog category to the EMEA team', expect: ['explore_set_audience'] },
  // explore_toggle
  { ask: 'turn off the course catalog for learners', expect: ['explore_toggle'] },
  { ask: 'disable self-service browsing of courses', expect: ['explore_toggle'] },
  { ask: 'enable the explore page', expect: ['explore_toggle'] },
  // learning_student_units
  { ask: 'how far along is Mia in the leadership course', expect: ['learning_student_units'] },
  { ask: 'module by module progress of one learner', expect: ['learning_student_units'] },
  { ask: 'did Carlos pass the unit test in onboarding and how long did he spend', expect: ['learning_student_units'] },
  { ask: 'compare Eva time on task to the team average in the safety course', expect: ['learning_student_units'] },
  // learning_question_stats
  { ask: 'which exam questions trip people up', expect: ['learning_question_stats'] },
  { ask: 'most commonly missed quiz questions and the wrong answers people pick', expect: ['learning_question_stats'] },
  { ask: 'is question 7 on the final test too hard', expect: ['learning_question_stats'] },
  { ask: 'item analysis of the certification test', expect: ['learning_question_stats'] },
  // learning_unit_topics
  { ask: 'how is the cohort doing lesson by lesson in module 3', expect: ['learning_unit_topics'] },
  { ask: 'which lesson of the unit has the lowest completion', expect: ['learning_unit_topics'] },
  { ask: 'average quiz score per topic in the first module', expect: ['learning_unit_topics'] },
  // learning_project_scenarios
  { ask: 'how did people do on the customer role-play', expect: ['learning_project_scenarios'] },
  { ask: 'scenario exercise results and attempts', expect: ['learning_project_scenarios'] },
  { ask: 'best scores on the negotiation simulation', expect: ['learning_project_scenarios'] },
  // performance_quiz
  { ask: 'score distribution for the phishing quiz', expect: ['performance_quiz'] },
  { ask: 'every attempt at the onboarding quiz with scores', expect: ['performance_quiz'] },
  { ask: 'what is the average mark on the safety quiz', expect: ['performance_quiz'] },
  // performance_insights_ask
  { ask: 'why did completion drop in Q3', expect: ['performance_insights_ask'] },
  { ask: 'ask the analytics bot which teams are struggling and chart it', expect: ['performance_insights_ask'] },
  { ask: 'explain the trend in quiz scores over the last months', expect: ['performance_insights_ask'] },
  { ask: 'I want an analysis of engagement by region with a graph', expect: ['performance_insights_ask'] },
  { ask: 'follow up on the previous answer from the assistant', expect: ['performance_insights_ask'] },
  // courses_structure
  { ask: 'outline of the onboarding course: modules and lessons', expect: ['courses_structure'] },
  { ask: 'what activities are in the security course', expect: ['courses_structure'] },
  { ask: 'get the unit ids of the leadership course', expect: ['courses_structure'] },
  { ask: 'does the sales course have a final test or projects', expect: ['courses_structure'] },
  // radar_alerts_list
  { ask: 'anything alarming in the learning data', expect: ['radar_alerts_list'] },
  { ask: 'show the radar warnings and what to do about them', expect: ['radar_alerts_list'] },
  { ask: 'new alerts that nobody has acted on', expect: ['radar_alerts_list'] },
  // components_create
  { ask: 'build flashcards from the onboarding handbook', expect: ['components_create'] },
  { ask: 'create an AI chatbot that answers questions about our policies', expect: ['components_create'] },
  { ask: 'set up a sales role-play scenario for new reps', expect: ['components_create'] },
  { ask: 'add a practice test on data protection', expect: ['components_create'] },
  // components_set_status
  { ask: 'unpublish the old flashcard set', expect: ['components_set_status'] },
  { ask: 'make the tutor live for learners', expect: ['components_set_status'] },
  { ask: 'move the scenario back to draft', expect: ['components_set_status'] },
  // presentations_create
  { ask: 'make me slides on cyber hygiene', expect: ['presentations_create'] },
  { ask: 'generate a 10 slide PowerPoint about onboarding', expect: ['presentations_create'] },
  { ask: 'create a presentation for the kickoff with speaker notes', expect: ['presentations_create'] },
  { ask: 'I need a deck on time management by tomorrow', expect: ['presentations_create'] },
  // materials_generate
  { ask: 'write a one page summary on active listening', expect: ['materials_generate'] },
  { ask: 'have AI draft study notes about GDPR basics', expect: ['materials_generate'] },
  { ask: 'create an outline for a course on conflict resolution', expect: ['materials_generate'] },
  // materials_upload_and_process (look-alike: materials_create)
  { ask: 'upload this video and tell me when it is processed', expect: ['materials_upload_and_process'] },
  { ask: 'import the handbook PDF and wait until it is ready to use', expect: ['materials_upload_and_process'] },
  { ask: 'add the policy document and make sure processing finished', expect: ['materials_upload_and_process'] },
  // materials_create
  { ask: 'add this article as a material, no need to wait', expect: ['materials_create'] },
  { ask: 'save this text as a new study material', expect: ['materials_create', 'materials_upload_and_process'] },
  { ask: 'register a link to the vendor documentation as reading', expect: ['materials_create', 'materials_upload_and_process'] },
  // materials_list
  { ask: 'do we already have anything on phishing', expect: ['materials_list'] },
  { ask: 'newest documents in the library', expect: ['materials_list'] },
  { ask: 'search the reading materials for onboarding', expect: ['materials_list'] },
  { ask: 'what files are in the HR folder', expect: ['materials_list'] },
  // folders_create
  { ask: 'create a folder called Compliance 2027', expect: ['folders_create'] },
  { ask: 'new subfolder under Sales for playbooks', expect: ['folders_create'] },
  { ask: 'organise materials: I need a folder for onboarding', expect: ['folders_create'] },
  // folders_update
  { ask: 'rename the Misc folder to Archive', expect: ['folders_update'] },
  { ask: 'move the Playbooks folder into Sales', expect: ['folders_update'] },
  { ask: "change the folder's description", expect: ['folders_update'] },
  // jobs_get / jobs_cancel
  { ask: 'is my deck ready yet', expect: ['jobs_get'] },
  { ask: 'check on the running job', expect: ['jobs_get'] },
  { ask: 'stop generating that presentation, I do not need it anymore', expect: ['jobs_cancel'] },
  { ask: 'cancel the upload that is still running', expect: ['jobs_cancel'] },
  // look-alike pairs, phrased to tell them apart
  { ask: 'everyone with their completions, not just the ones behind', expect: ['analytics_students'] },
  { ask: 'just the people behind, not the full roster', expect: ['analytics_needs_attention'] },
  { ask: 'take Sam out of the Berlin cohort for now but keep him in the company', expect: ['groups_member_set_status'] },
  { ask: 'Sam left the company for good, remove him everywhere', expect: ['members_remove'] },
  { ask: 'assignment status for one course across everyone', expect: ['assignments_get'] },
  { ask: 'assignment status for one person across all courses', expect: ['assignments_for_user'] },
  { ask: 'one quiz: every attempt and the spread of scores', expect: ['performance_quiz'] },
  { ask: 'one test: which questions are answered wrong', expect: ['learning_question_stats'] },
  // requests no tool serves
  { ask: 'book a meeting room for Tuesday', expect: [] },
  { ask: "what is the weather in Berlin", expect: [] },
  { ask: 'send a Slack message to the sales channel', expect: [] },
  { ask: 'approve the expense report from Jordan', expect: [] },
  { ask: 'translate this paragraph into French', expect: [] },
  { ask: 'reset my laptop password', expect: [] },
  { ask: 'order pizza for the workshop', expect: [] },
  { ask: 'what is the stock price of our company', expect: [] },
  { ask: 'schedule a one-on-one with my manager', expect: [] },
  { ask: 'create an invoice for the client', expect: [] },
  { ask: 'play some music', expect: [] },
  { ask: 'book flights to the offsite', expect: [] },
];
