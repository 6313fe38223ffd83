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
  // Requests in the plural (issue 34), written before batch_call's words and the bulk tools' were edited: many
  // calls of one tool, or of a few, where the tool itself and batch_call (which runs them in one call) are
  // both right. Split by the same hash as the rest, so about half of them are held out.
  { ask: 'add the 30 new hires to the Onboarding group', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'put all twelve interns into the Summer Cohort team', expect: ['groups_member_add', 'batch_call'] },
  {
    ask: 'enroll these eight people in Sales EMEA: Lucas, Sofia, Amara, Kenji, Grace, Omar, Tom and Nina',
    expect: ['groups_member_add', 'batch_call'],
  },
  { ask: 'make Daniel and Priya instructors of every engineering group', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'bulk add a list of users to several groups at once', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'add Tom to Sales, Nina to Engineering and Grace to Alumni', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'move all the platform engineers into the new Infrastructure group', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'tag everyone in Sales with Q3', expect: ['members_set_tags', 'batch_call'] },
  { ask: 'label all 40 store managers as manager and region north', expect: ['members_set_tags', 'batch_call'] },
  { ask: 'set the tags of these 15 people to contractor', expect: ['members_set_tags', 'batch_call'] },
  { ask: 'mass update tags for a spreadsheet of 200 employees', expect: ['members_set_tags', 'batch_call'] },
  { ask: 'remove the 12 people who left last month from the workspace', expect: ['members_remove', 'batch_call'] },
  { ask: 'offboard all the contractors whose contracts ended: Ana, Ben, Chloe and Dev', expect: ['members_remove', 'batch_call'] },
  { ask: 'kick these five ex-employees out of the platform', expect: ['members_remove', 'batch_call'] },
  { ask: 'pause the whole night shift in the Warehouse group during the shutdown', expect: ['groups_member_set_status', 'batch_call'] },
  { ask: 'deactivate these six people in Cohort B while they are on leave', expect: ['groups_member_set_status', 'batch_call'] },
  { ask: 'reactivate everyone we paused in the Alumni group', expect: ['groups_member_set_status', 'batch_call'] },
  { ask: 'withdraw these three outdated course assignments', expect: ['assignments_remove', 'batch_call'] },
  { ask: 'cancel all seven assignments we sent by mistake yesterday', expect: ['assignments_remove', 'batch_call'] },
  { ask: 'show the units of these 8 learners in the Negotiation course', expect: ['learning_student_units', 'batch_call'] },
  {
    ask: 'how far along is each of my five apprentices in the welding course, unit by unit',
    expect: ['learning_student_units', 'batch_call'],
  },
  { ask: 'what is on the plate of each of these ten new starters', expect: ['assignments_for_user', 'batch_call'] },
  { ask: 'for each of these 20 people, which courses are overdue', expect: ['assignments_for_user', 'batch_call'] },
  { ask: 'scores of these four quizzes side by side', expect: ['performance_quiz', 'batch_call'] },
  { ask: 'outline of each of our three compliance courses', expect: ['courses_structure', 'batch_call'] },
  { ask: 'remove Omar from the workspace and tag Lucas as emea', expect: ['batch_call', 'members_remove', 'members_set_tags'] },
  { ask: 'do all of these changes in one go instead of one at a time', expect: ['batch_call'] },
  { ask: 'run these 50 updates together in a single bulk call', expect: ['batch_call'] },
  // requests no tool serves
  { ask: 'book a meeting room for Tuesday', expect: [] },
  { ask: 'what is the weather in Berlin', expect: [] },
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

/**
 * Requests written during tuning (issue 25), after the descriptions had begun to change: tuning only, never
 * held out, so the held-out half stays what it was before any description was edited.
 */
export const LATER_TUNING: EvalRequest[] = [
  { ask: 'training numbers for last quarter month by month', expect: ['analytics_monthly_overview'] },
  { ask: 'what happened in learning in August', expect: ['analytics_monthly_overview'] },
  { ask: 'how many people started a course this month', expect: ['analytics_monthly_overview'] },
  { ask: 'total number of employees and admins on the platform', expect: ['analytics_hero'] },
  { ask: 'overall stats for our learning platform', expect: ['analytics_hero'] },
  { ask: 'average completion time across all courses', expect: ['analytics_hero'] },
  { ask: 'which course has the lowest completion', expect: ['analytics_courses'] },
  { ask: 'enrollment numbers by course', expect: ['analytics_courses'] },
  { ask: 'most popular courses', expect: ['analytics_courses'] },
  { ask: 'progress of every employee', expect: ['analytics_students'] },
  { ask: 'I need the id of Priya Patel', expect: ['analytics_students'] },
  { ask: 'everyone with their assigned and completed courses', expect: ['analytics_students'] },
  { ask: 'who has not started any of their training', expect: ['analytics_needs_attention'] },
  { ask: 'people I should send a reminder to', expect: ['analytics_needs_attention'] },
  { ask: 'list the laggards', expect: ['analytics_needs_attention'] },
  { ask: 'who are our most engaged learners', expect: ['analytics_top_performers'] },
  { ask: 'rank people by how much they completed', expect: ['analytics_top_performers'] },
  { ask: 'top 5 learners for the newsletter', expect: ['analytics_top_performers'] },
  { ask: 'put Omar in the marketing team', expect: ['groups_member_add'] },
  { ask: 'add Julia to the new hires cohort as admin', expect: ['groups_member_add'] },
  { ask: 'set Tom inactive in the sales group', expect: ['groups_member_set_status'] },
  { ask: 'Lea is back from leave, reactivate her in Finance', expect: ['groups_member_set_status'] },
  { ask: 'delete the Q1 bootcamp group', expect: ['groups_delete'] },
  { ask: 'we no longer need the summer interns team, remove it', expect: ['groups_delete'] },
  { ask: 'show me all teams and their sizes', expect: ['groups_list'] },
  { ask: 'what subgroups does Engineering have', expect: ['groups_list'] },
  { ask: 'which departments exist', expect: ['groups_list'] },
  { ask: 'Mark left the company, remove his account', expect: ['members_remove'] },
  { ask: 'offboard Susan', expect: ['members_remove'] },
  { ask: 'tag Ravi as manager and London', expect: ['members_set_tags'] },
  { ask: 'clear all tags from Ines', expect: ['members_set_tags'] },
  { ask: 'how is the GDPR assignment going', expect: ['assignments_get'] },
  { ask: 'who still has to complete the code of conduct assignment', expect: ['assignments_get'] },
  { ask: 'what courses are assigned to Peter', expect: ['assignments_for_user'] },
  { ask: 'what does Aisha still have to do and by when', expect: ['assignments_for_user'] },
  { ask: 'cancel the ethics training assignment', expect: ['assignments_remove'] },
  { ask: 'take back the assignment I gave the whole company by mistake', expect: ['assignments_remove'] },
  { ask: 'make the leadership section visible only to managers group', expect: ['explore_set_audience'] },
  { ask: 'hide the beta section from contractors', expect: ['explore_set_audience'] },
  { ask: 'let people browse courses freely', expect: ['explore_toggle'] },
  { ask: 'breakdown of Ahmed progress in the onboarding course', expect: ['learning_student_units'] },
  { ask: 'which lessons has Julia finished in Excel basics', expect: ['learning_student_units'] },
  { ask: 'which quiz questions trip people up', expect: ['learning_question_stats'] },
  { ask: 'most common wrong answers on the final test', expect: ['learning_question_stats'] },
  { ask: 'topic completion for the sales cohort in unit 2', expect: ['learning_unit_topics'] },
  { ask: 'average quiz score per lesson in this module', expect: ['learning_unit_topics'] },
  { ask: 'how are people doing on the customer call role-plays', expect: ['learning_project_scenarios'] },
  { ask: 'scenario practice attempts and scores in the negotiation course', expect: ['learning_project_scenarios'] },
  { ask: 'results of the safety quiz', expect: ['performance_quiz'] },
  { ask: 'how many people passed the quiz and what was the spread', expect: ['performance_quiz'] },
  { ask: 'analyze why engagement is low in the sales team', expect: ['performance_insights_ask'] },
  { ask: 'explain the trend in completions this year', expect: ['performance_insights_ask'] },
  { ask: 'what modules are in the onboarding course', expect: ['courses_structure'] },
  { ask: 'table of contents of the leadership course', expect: ['courses_structure'] },
  { ask: 'any warnings I should look at', expect: ['radar_alerts_list'] },
  { ask: 'what risks has the system flagged', expect: ['radar_alerts_list'] },
  { ask: 'set up a tutor bot for the finance handbook', expect: ['components_create'] },
  { ask: 'create a quiz-style practice test from our materials', expect: ['components_create'] },
  { ask: 'make the flashcards live for learners', expect: ['components_set_status'] },
  { ask: 'take the chatbot offline', expect: ['components_set_status'] },
  { ask: 'create a 10 slide presentation about cybersecurity', expect: ['presentations_create'] },
  { ask: 'powerpoint on our sales process', expect: ['presentations_create'] },
  { ask: 'write a summary on GDPR basics for employees', expect: ['materials_generate'] },
  { ask: 'draft study notes about negotiation', expect: ['materials_generate'] },
  { ask: 'upload this PDF and let me know when it is ready', expect: ['materials_upload_and_process'] },
  { ask: 'import the training video and wait for it', expect: ['materials_upload_and_process'] },
  { ask: 'save this link to the library', expect: ['materials_create'] },
  { ask: 'add the policy text as a new material', expect: ['materials_create'] },
  { ask: 'search our documents for onboarding', expect: ['materials_list'] },
  { ask: 'what is in the compliance folder', expect: ['materials_list'] },
  { ask: 'new folder for sales enablement', expect: ['folders_create'] },
  { ask: 'rename the HR folder to People', expect: ['folders_update'] },
  { ask: 'is the deck done yet', expect: ['jobs_get'] },
  { ask: 'stop generating that presentation', expect: ['jobs_cancel'] },
  { ask: 'numbers for the quarterly business review, month of June', expect: ['analytics_monthly_overview'] },
  { ask: 'how many learners finished something in July', expect: ['analytics_monthly_overview'] },
  { ask: 'how many instructors do we have', expect: ['analytics_hero'] },
  { ask: 'count of people who have not accepted their invitation', expect: ['analytics_hero'] },
  { ask: 'which trainings have the best completion rates', expect: ['analytics_courses'] },
  { ask: 'course with the most enrolled people', expect: ['analytics_courses'] },
  { ask: 'full list of employees and what they completed', expect: ['analytics_students'] },
  { ask: 'which groups is Marta in', expect: ['analytics_students'] },
  { ask: 'employees who have assigned courses but zero completions', expect: ['analytics_needs_attention'] },
  { ask: 'who should I chase about training', expect: ['analytics_needs_attention'] },
  { ask: 'who completed the most courses', expect: ['analytics_top_performers'] },
  { ask: 'best performers in the company', expect: ['analytics_top_performers'] },
  { ask: 'enroll Kevin in the customer success cohort', expect: ['groups_member_add'] },
  { ask: 'give Zoe instructor rights in the design group', expect: ['groups_member_add'] },
  { ask: 'deactivate Ben in the apprentices group while he is on sabbatical', expect: ['groups_member_set_status'] },
  { ask: 'put Paul membership on hold in the night shift team', expect: ['groups_member_set_status'] },
  { ask: 'delete the old 2022 cohort', expect: ['groups_delete'] },
  { ask: 'disband the temporary project team', expect: ['groups_delete'] },
  { ask: 'what groups are under the Sales department', expect: ['groups_list'] },
  { ask: 'show the org structure of teams', expect: ['groups_list'] },
  { ask: 'remove Greta from the platform completely', expect: ['members_remove'] },
  { ask: 'delete the account of a contractor who left', expect: ['members_remove'] },
  { ask: 'label Noah with the region EMEA', expect: ['members_set_tags'] },
  { ask: 'update the tags of Iris', expect: ['members_set_tags'] },
  { ask: 'completion stats of the data privacy assignment', expect: ['assignments_get'] },
  { ask: 'who is late on the onboarding assignment', expect: ['assignments_get'] },
  { ask: 'is Fatima overdue on anything', expect: ['assignments_for_user'] },
  { ask: 'training plan of Lucas with due dates', expect: ['assignments_for_user'] },
  { ask: 'remove the assignment of the outdated course', expect: ['assignments_remove'] },
  { ask: 'restrict the compliance section to the legal group', expect: ['explore_set_audience'] },
  { ask: 'which groups can see the explore section for managers', expect: ['explore_set_audience'] },
  { ask: 'switch on the explore page', expect: ['explore_toggle'] },
  { ask: 'stop learners from browsing the catalog', expect: ['explore_toggle'] },
  { ask: 'how is Hannah doing in the python course, unit by unit', expect: ['learning_student_units'] },
  { ask: 'time Ivan spent on each module of the course', expect: ['learning_student_units'] },
  { ask: 'which test questions are answered wrong most often', expect: ['learning_question_stats'] },
  { ask: 'question analysis for the unit 4 test', expect: ['learning_question_stats'] },
  { ask: 'how is the apprentices group doing on each topic of unit 1', expect: ['learning_unit_topics'] },
  { ask: 'time on task per topic for the cohort', expect: ['learning_unit_topics'] },
  { ask: 'role play completion rates in the leadership course', expect: ['learning_project_scenarios'] },
  { ask: 'how many attempts do people need on the scenarios', expect: ['learning_project_scenarios'] },
  { ask: 'score distribution of the final quiz', expect: ['performance_quiz'] },
  { ask: 'who took the onboarding quiz and what did they score', expect: ['performance_quiz'] },
  { ask: 'ask the assistant which teams are falling behind and why', expect: ['performance_insights_ask'] },
  { ask: 'give me insights on training engagement', expect: ['performance_insights_ask'] },
  { ask: 'what units and lessons does the safety course have', expect: ['courses_structure'] },
  { ask: 'list the activities in the course', expect: ['courses_structure'] },
  { ask: 'are there any alerts about learning problems', expect: ['radar_alerts_list'] },
  { ask: 'recommendations from the radar', expect: ['radar_alerts_list'] },
  { ask: 'build a role-play scenario for sales calls', expect: ['components_create'] },
  { ask: 'create an audio recap of the handbook', expect: ['components_create'] },
  { ask: 'publish the new tutor', expect: ['components_set_status'] },
  { ask: 'set the practice test back to draft', expect: ['components_set_status'] },
  { ask: 'generate slides about our company values', expect: ['presentations_create'] },
  { ask: 'make a pitch deck for the new course', expect: ['presentations_create'] },
  { ask: 'create an overview document on machine learning for beginners', expect: ['materials_generate'] },
  { ask: 'AI-generated notes on project management', expect: ['materials_generate'] },
  { ask: 'upload the onboarding handbook PDF and wait until it is processed', expect: ['materials_upload_and_process'] },
  { ask: 'add the recording and tell me when processing is finished', expect: ['materials_upload_and_process'] },
  { ask: 'add a web page as a material', expect: ['materials_create'] },
  { ask: 'store this text as reading material', expect: ['materials_create'] },
  { ask: 'which documents do we have about leadership', expect: ['materials_list'] },
  { ask: 'latest uploaded materials', expect: ['materials_list'] },
  { ask: 'create a subfolder under Sales called Playbooks', expect: ['folders_create'] },
  { ask: 'move the Legal folder under Compliance', expect: ['folders_update'] },
  { ask: 'what happened with the presentation job', expect: ['jobs_get'] },
  { ask: 'abort the upload job', expect: ['jobs_cancel'] },
  // batch_call (issue 34): tuning only.
  { ask: 'add these people to the group all at once, not one by one', expect: ['groups_member_add', 'batch_call'] },
  { ask: 'tag the whole team in one call', expect: ['members_set_tags', 'batch_call'] },
  { ask: 'remove these ten leavers with a single confirmation', expect: ['members_remove', 'batch_call'] },
  { ask: 'several calls in one batch', expect: ['batch_call'] },
  { ask: 'apply the same change to many members in bulk', expect: ['batch_call'] },
];

/**
 * A second held-out set, written on 2026-11-25 once the first held-out half had been read for a report:
 * the next round of edits is judged on these, never reading their misses while editing.
 */
export const HELD_OUT_NEXT: EvalRequest[] = [
  { ask: 'what did the platform look like in terms of activity last March', expect: ['analytics_monthly_overview'] },
  { ask: "give me May's learning stats for my manager", expect: ['analytics_monthly_overview'] },
  { ask: 'how many courses were published by creators this month', expect: ['analytics_monthly_overview'] },
  { ask: 'total headcount on the learning platform', expect: ['analytics_hero'] },
  { ask: 'how many admins are there', expect: ['analytics_hero'] },
  { ask: 'average days to finish a course across the academy', expect: ['analytics_hero'] },
  { ask: 'which course has the highest completion rate', expect: ['analytics_courses'] },
  { ask: 'completion rates of all trainings side by side', expect: ['analytics_courses'] },
  { ask: 'how many signed up for the excel course and how many finished it', expect: ['analytics_courses'] },
  { ask: 'spreadsheet of every learner and their completed courses', expect: ['analytics_students'] },
  { ask: "I need Tom Baker's user id to add him to a group", expect: ['analytics_students'] },
  { ask: "show each person's assigned and finished count", expect: ['analytics_students'] },
  { ask: 'which people have not completed a single assigned course', expect: ['analytics_needs_attention'] },
  { ask: 'who has done nothing on their mandatory training', expect: ['analytics_needs_attention'] },
  { ask: 'names for the follow-up email about unfinished training', expect: ['analytics_needs_attention'] },
  { ask: 'who tops the completion ranking', expect: ['analytics_top_performers'] },
  { ask: 'learners to nominate for the learning award', expect: ['analytics_top_performers'] },
  { ask: 'add Priya to the product managers group', expect: ['groups_member_add'] },
  { ask: 'make Dave an admin of the support team group', expect: ['groups_member_add'] },
  { ask: "set Lisa's membership in the evening class to inactive", expect: ['groups_member_set_status'] },
  { ask: 'Omar is back, turn his group membership active again', expect: ['groups_member_set_status'] },
  { ask: 'erase the obsolete apprenticeship 2021 group', expect: ['groups_delete'] },
  { ask: 'remove the duplicate marketing group', expect: ['groups_delete'] },
  { ask: 'how are our teams organised into subgroups', expect: ['groups_list'] },
  { ask: 'how many people are in each cohort', expect: ['groups_list'] },
  { ask: 'Nina quit, take her off the platform', expect: ['members_remove'] },
  { ask: 'remove a former employee from the workspace', expect: ['members_remove'] },
  { ask: 'tag Carla as part-time', expect: ['members_set_tags'] },
  { ask: 'set the tags of Leo to sales and berlin', expect: ['members_set_tags'] },
  { ask: 'show progress on the fire safety assignment', expect: ['assignments_get'] },
  { ask: 'how many have completed the mandatory ethics assignment', expect: ['assignments_get'] },
  { ask: 'what is assigned to Maria and when is it due', expect: ['assignments_for_user'] },
  { ask: 'is Jonas behind on any of his assigned courses', expect: ['assignments_for_user'] },
  { ask: 'delete the assignment of the old onboarding course', expect: ['assignments_remove'] },
  { ask: 'show the finance section only to the finance group', expect: ['explore_set_audience'] },
  { ask: 'hide the executive programs section from interns', expect: ['explore_set_audience'] },
  { ask: 'hide the explore catalog from everyone', expect: ['explore_toggle'] },
  { ask: 'enable the explore page again', expect: ['explore_toggle'] },
  { ask: 'how far did Sara get in the first aid course', expect: ['learning_student_units'] },
  { ask: "unit breakdown of Karim's progress in compliance training", expect: ['learning_student_units'] },
  { ask: 'which quiz questions do most people miss in unit 2', expect: ['learning_question_stats'] },
  { ask: 'wrong answer stats for the certification test', expect: ['learning_question_stats'] },
  { ask: 'completion and time per topic in module 1 for the new hires', expect: ['learning_unit_topics'] },
  { ask: 'how does the cohort do in each lesson of this unit', expect: ['learning_unit_topics'] },
  { ask: 'results of the negotiation role-plays', expect: ['learning_project_scenarios'] },
  { ask: 'scenario exercise completion in the customer service course', expect: ['learning_project_scenarios'] },
  { ask: 'scores of everyone on the product knowledge quiz', expect: ['performance_quiz'] },
  { ask: 'how did the team do on the week 3 quiz', expect: ['performance_quiz'] },
  { ask: 'ask the analytics assistant why onboarding completion is low', expect: ['performance_insights_ask'] },
  { ask: 'dig into the data and tell me which departments struggle', expect: ['performance_insights_ask'] },
  { ask: 'outline of the data privacy course', expect: ['courses_structure'] },
  { ask: 'which activities and tests are in the sales course', expect: ['courses_structure'] },
  { ask: 'show new radar alerts', expect: ['radar_alerts_list'] },
  { ask: 'warnings detected about our learners', expect: ['radar_alerts_list'] },
  { ask: 'create flashcards on product features', expect: ['components_create'] },
  { ask: 'create an AI tutor for the onboarding materials', expect: ['components_create'] },
  { ask: 'unpublish the old scenario', expect: ['components_set_status'] },
  { ask: 'make the practice test available to learners', expect: ['components_set_status'] },
  { ask: 'make me slides on customer empathy', expect: ['presentations_create'] },
  { ask: 'build a 15 slide deck for the kickoff meeting', expect: ['presentations_create'] },
  { ask: 'write course notes on time management', expect: ['materials_generate'] },
  { ask: 'generate a summary material about our code of conduct', expect: ['materials_generate'] },
  { ask: "upload the handbook and wait until it's ready", expect: ['materials_upload_and_process'] },
  { ask: 'upload a video and wait for processing', expect: ['materials_upload_and_process'] },
  { ask: 'add this URL as study material without waiting', expect: ['materials_create'] },
  { ask: 'create a text material from these notes', expect: ['materials_create'] },
  { ask: 'search materials for onboarding', expect: ['materials_list'] },
  { ask: 'list the files in the sales folder', expect: ['materials_list'] },
  { ask: 'make a folder called Compliance', expect: ['folders_create'] },
  { ask: 'rename the folder Drafts to Archive', expect: ['folders_update'] },
  { ask: 'how is the presentation job going', expect: ['jobs_get'] },
  { ask: 'cancel the running deck generation', expect: ['jobs_cancel'] },
  { ask: 'renew the lease on the Lisbon office', expect: [] },
  { ask: 'order lunch for the team offsite', expect: [] },
  { ask: 'print name badges for the conference', expect: [] },
];

/**
 * Written on 2026-11-25 by another hand that had read only the two API documents, never the tool
 * descriptions, in the voices of team leads, L&D admins, HR and course creators: tuning requests.
 */
export const INDEPENDENT_TUNING: EvalRequest[] = [
  { ask: 'How did March 2025 go for us? How many people started and finished courses that month?', expect: ['analytics_monthly_overview'] },
  {
    ask: "Give me last month's numbers: how many creators were active, how many courses got published, how many learners finished something.",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Quick headline stats for the whole workspace please: learners, instructors, admins, number of courses, pending invites.',
    expect: ['analytics_hero'],
  },
  {
    ask: "What's our average time to finish a course, company-wide? And how many invites are still sitting unaccepted?",
    expect: ['analytics_hero'],
  },
  { ask: 'Which of our courses have the worst completion rate? Show enrolled vs finished for each one.', expect: ['analytics_courses'] },
  { ask: 'enrollment and completion % per course, top 10 is fine', expect: ['analytics_courses'] },
  {
    ask: "List every learner with how many courses they've been given and how many they've actually finished.",
    expect: ['analytics_students'],
  },
  {
    ask: "I need a full roster of students, which teams they're in, and their completed vs assigned count.",
    expect: ['analytics_students'],
  },
  { ask: "Show me everyone's progress across the board, not just the stragglers.", expect: ['analytics_students'] },
  { ask: "Who has coursework assigned but hasn't finished a single thing yet?", expect: ['analytics_needs_attention'] },
  { ask: 'Flag the learners I should nudge, the ones sitting at zero completions.', expect: ['analytics_needs_attention'] },
  { ask: "Who are our star learners? Top 5 by how much of their assigned stuff they've wrapped up.", expect: ['analytics_top_performers'] },
  {
    ask: 'Rank people by completion ratio, best first. Want to give some shoutouts at the all-hands.',
    expect: ['analytics_top_performers'],
  },
  { ask: 'Add Priya Nair to the Customer Success group.', expect: ['groups_member_add'] },
  { ask: 'Put Marco Rossi in the Frontend Guild as an instructor.', expect: ['groups_member_add'] },
  {
    ask: "Priya's going on parental leave. Pause her in the Customer Success group but don't kick her off the platform.",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Tom Becker is back from sabbatical, reactivate him in Warehouse Ops.', expect: ['groups_member_set_status'] },
  { ask: "Get rid of the 'Q3 Pilot Cohort' group entirely, subgroups and all.", expect: ['groups_delete'] },
  { ask: 'Delete the Interns 2023 team, nobody uses it anymore.', expect: ['groups_delete'] },
  { ask: 'What teams do we have set up under Engineering? Include the nested ones too.', expect: ['groups_list'] },
  { ask: 'show me all our groups with headcount and who leads each', expect: ['groups_list'] },
  { ask: 'Jake Morales left the company last Friday. Remove him from the workspace completely.', expect: ['members_remove'] },
  { ask: "Offboard the contractor lina.k@vendorco.com, she shouldn't have any access anymore.", expect: ['members_remove'] },
  { ask: 'Tag Sarah Oduya as people-manager and emea, and drop whatever tags she has now.', expect: ['members_set_tags'] },
  { ask: "Clear all the org labels off Ben Hartley's profile.", expect: ['members_set_tags'] },
  {
    ask: "How's the 'Data Privacy 2025' rollout going overall? How many of the people it went out to have finished?",
    expect: ['assignments_get'],
  },
  {
    ask: "For assignment asg_4821: who's done, who isn't, and what do they need to score to count as complete?",
    expect: ['assignments_get'],
  },
  { ask: "What's on Kevin Li's plate? Everything he's been assigned and whether any of it is overdue.", expect: ['assignments_for_user'] },
  { ask: 'Is Amara Okafor behind on any of her required trainings?', expect: ['assignments_for_user'] },
  { ask: "List Dmitri's assigned courses with his progress on each.", expect: ['assignments_for_user'] },
  { ask: 'Cancel the Fire Safety refresher we pushed to the warehouse crew, it went out by mistake.', expect: ['assignments_remove'] },
  { ask: 'scrap assignment asg_1290', expect: ['assignments_remove'] },
  { ask: "Make the 'Leadership Picks' shelf on the browse page visible only to the Managers group.", expect: ['explore_set_audience'] },
  { ask: 'Hide the Advanced SQL section of the course catalog from the interns.', expect: ['explore_set_audience'] },
  { ask: "Turn off the self-serve course catalog for learners for now, we're reorganizing it.", expect: ['explore_toggle'] },
  { ask: 'Switch the browse-courses tab back on so people can find stuff on their own again.', expect: ['explore_toggle'] },
  {
    ask: "Break down Nina Patel's progress in Onboarding 101 unit by unit. Where is she slower than the rest of her team?",
    expect: ['learning_student_units'],
  },
  { ask: 'Which topics has Omar finished in Negotiation Skills, and did he pass the unit test?', expect: ['learning_student_units'] },
  { ask: 'Which questions on the Module 3 final test are people getting wrong the most?', expect: ['learning_question_stats'] },
  {
    ask: "For the Product Basics quiz, what's the most common wrong answer on each question among the Sales team?",
    expect: ['learning_question_stats'],
  },
  { ask: 'In unit 2 of the Compliance course, which topics have low completion or weak average scores?', expect: ['learning_unit_topics'] },
  { ask: "How long are people spending on each topic in the 'Handling Objections' unit?", expect: ['learning_unit_topics'] },
  {
    ask: 'How are folks doing on the role-plays in Customer Empathy? Attempts and best scores please.',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'What share of the support team has started vs finished the hands-on projects in the Escalations course?',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'Show me the score spread for the Week 4 checkpoint quiz. How many landed under 50%?', expect: ['performance_quiz'] },
  { ask: "Who's taken the 'Pricing Tiers' quiz and what did each person get?", expect: ['performance_quiz'] },
  { ask: 'Can you chart completion trends by department and tell me what stands out?', expect: ['performance_insights_ask'] },
  {
    ask: "Open-ended one: what's driving the dip in engagement on the support team lately? Throw in a graph if it helps.",
    expect: ['performance_insights_ask'],
  },
  { ask: 'What units and topics make up the Leadership Essentials course?', expect: ['courses_structure'] },
  {
    ask: "How is 'Intro to Python' laid out? Number of modules, topics, projects, and does each unit end with a test?",
    expect: ['courses_structure'],
  },
  { ask: "Anything new flagged by our skill-gap monitors that I haven't looked at yet?", expect: ['radar_alerts_list'] },
  { ask: 'Pull up the alerts we already dismissed, I want to double-check one of them.', expect: ['radar_alerts_list'] },
  {
    ask: 'Set up a flashcard deck from the Onboarding folder, mixed difficulty, 40 cards, spaced repetition.',
    expect: ['components_create'],
  },
  {
    ask: 'Build a role-play where the learner has to calm down an angry customer asking for a refund. Base it on our returns policy docs.',
    expect: ['components_create'],
  },
  { ask: "Publish the Sales Coach chatbot, it's been stuck in draft for weeks.", expect: ['components_set_status'] },
  { ask: "Deactivate the old onboarding tutor bot, we don't want anyone using it.", expect: ['components_set_status'] },
  { ask: 'Make me a 12-slide deck on phishing awareness, in English, with AI-generated pictures.', expect: ['presentations_create'] },
  { ask: "Need slides for Monday's kickoff: 'Intro to OKRs', around 8 slides, in German.", expect: ['presentations_create'] },
  {
    ask: 'Put together a short presentation on our new expense policy with our logo from https://acme.com/logo.png. No photos, icons are fine.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up summary notes on GDPR basics, professional level, and drop them in the Compliance folder.',
    expect: ['materials_generate'],
  },
  { ask: 'Have the AI draft a short overview of active listening for college-level learners.', expect: ['materials_generate'] },
  {
    ask: "Add this handbook https://acme.com/files/handbook.pdf to our library and hold on until it's fully processed so I can use it right away.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Import the training video at https://vimeo.com/123456789 and only come back to me once it's ready to use.",
    expect: ['materials_upload_and_process'],
  },
  { ask: "Save this text as a new material called 'Returns FAQ'. No need to wait around for processing.", expect: ['materials_create'] },
  { ask: 'Add the link https://docs.acme.com/security-policy as reference material in the Security folder.', expect: ['materials_create'] },
  {
    ask: "Drop these notes into the library as 'Q2 Sales Kickoff notes': pipeline targets up 15%, new discount approval flow, partner tier changes.",
    expect: ['materials_create'],
  },
  { ask: 'What docs do we have in the Onboarding folder?', expect: ['materials_list'] },
  { ask: 'search our content library for anything with forklift in the name', expect: ['materials_list'] },
  { ask: "Make a new folder called 'Leadership 2025' for the manager training docs.", expect: ['folders_create'] },
  { ask: 'Create a Case Studies subfolder inside Sales Enablement.', expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Archive 2024'.", expect: ['folders_update'] },
  { ask: 'Move the Case Studies folder under Marketing and make it green.', expect: ['folders_update'] },
  { ask: 'Is that deck you started earlier done yet?', expect: ['jobs_get'] },
  { ask: 'Check on the upload from a few minutes ago. Did it finish, and what came back?', expect: ['jobs_get'] },
  { ask: 'Stop making that presentation, I gave you the wrong topic.', expect: ['jobs_cancel'] },
  { ask: "Kill the upload that's still running, I picked the wrong file.", expect: ['jobs_cancel'] },
  { ask: "Reset Dana Whitfield's password, she's locked out.", expect: [] },
  { ask: 'Push the due date on the Code of Conduct assignment back two weeks.', expect: [] },
  { ask: "Email everyone who's overdue on Harassment Prevention a reminder from me.", expect: [] },
  { ask: "Rename the 'Sales EMEA' group to 'Sales Europe'.", expect: [] },
];

/**
 * Written the same day, the same way, by a second hand, as five people in turn (a sales manager, an HR
 * partner, a compliance officer, an instructor, an enablement specialist): a third held-out set, whose
 * misses are never printed.
 */
export const INDEPENDENT_HELD_OUT: EvalRequest[] = [
  { ask: 'How many people started and finished courses on the platform in March 2025?', expect: ['analytics_monthly_overview'] },
  { ask: 'october numbers pls - how many of our authors actually published something that month', expect: ['analytics_monthly_overview'] },
  {
    ask: "Give me this month's learning snapshot so far: learners who started vs learners who completed",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'What are the all-time totals for our workspace — number of learners, instructors, courses and completions?',
    expect: ['analytics_hero'],
  },
  { ask: "how many invites are still pending and what's the average time it takes someone to finish a course", expect: ['analytics_hero'] },
  { ask: 'Which of our courses have the worst completion rate? I want enrolled vs completed for each one', expect: ['analytics_courses'] },
  { ask: 'Show me the top 10 courses by how many people enrolled, with the finish percentage next to each', expect: ['analytics_courses'] },
  {
    ask: "I need the full list of learners with how many courses each has been assigned and how many they've completed, plus which teams they're in",
    expect: ['analytics_students'],
  },
  { ask: 'export-style roster of everyone: assigned count, completed count, groups', expect: ['analytics_students'] },
  {
    ask: "Who hasn't completed a single one of their assigned courses yet? I need to chase them before the audit",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'list the stragglers — people with mandatory training assigned but zero done', expect: ['analytics_needs_attention'] },
  { ask: "Which of my sales reps are falling behind and haven't finished anything we gave them?", expect: ['analytics_needs_attention'] },
  { ask: 'Who are our best learners right now? I want to shout out the top 5 at the all-hands', expect: ['analytics_top_performers'] },
  { ask: 'rank people by completion ratio, highest first', expect: ['analytics_top_performers'] },
  { ask: 'Add Jenna Okafor to the EMEA Sales group as a regular member', expect: ['groups_member_add'] },
  { ask: 'New joiner Marcus Lindqvist starts Monday — put him in the Customer Success onboarding cohort', expect: ['groups_member_add'] },
  { ask: 'Make Dr. Alvarez an instructor in the Biochem 201 section group', expect: ['groups_member_add'] },
  {
    ask: "Priya Nair is going on parental leave, set her to inactive in the London Finance group but don't remove her",
    expect: ['groups_member_set_status'],
  },
  { ask: "Reactivate Tom Becker in the Field Engineers group, he's back from sabbatical", expect: ['groups_member_set_status'] },
  { ask: "Delete the 'Q3 2023 Pilot' group, we don't need it anymore", expect: ['groups_delete'] },
  { ask: 'Get rid of the Summer Interns 2024 team and all its subgroups', expect: ['groups_delete'] },
  { ask: 'What groups do we have set up in the workspace?', expect: ['groups_list'] },
  { ask: 'show me all the subteams under North America Sales', expect: ['groups_list'] },
  { ask: 'Daniel Fischer left the company last Friday, take him off the learning platform entirely', expect: ['members_remove'] },
  { ask: 'offboard sarah.kim@acme.com from the workspace', expect: ['members_remove'] },
  { ask: "Tag Lucia Moreno as 'people-manager' and 'Madrid' so she shows up in the right reports", expect: ['members_set_tags'] },
  { ask: "Clear all the tags on Ben Whitaker's profile", expect: ['members_set_tags'] },
  {
    ask: "How is the 2025 Anti-Bribery assignment going overall — how many have completed it and who's still outstanding?",
    expect: ['assignments_get'],
  },
  {
    ask: "Pull up the Data Protection Refresher assignment: due date, completion criteria and who it's assigned to",
    expect: ['assignments_get'],
  },
  { ask: 'What training does Ahmed Rahman still have open, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: 'list everything assigned to Chloe Dubois with her progress on each', expect: ['assignments_for_user'] },
  { ask: "Is Kevin O'Brien behind on any of his compliance courses?", expect: ['assignments_for_user'] },
  { ask: "Cancel the 'Intro to Salesforce' assignment for the SDR team, we switched CRMs", expect: ['assignments_remove'] },
  { ask: 'Remove that duplicate Fire Safety assignment I created by mistake yesterday', expect: ['assignments_remove'] },
  { ask: "Hide the 'Leadership Essentials' section of the course catalog from the contractors group", expect: ['explore_set_audience'] },
  {
    ask: 'Make the Advanced Negotiation section in the browse page visible only to the Account Executives and Sales Managers groups',
    expect: ['explore_set_audience'],
  },
  { ask: "Turn off the self-serve course catalog for learners until we've cleaned it up", expect: ['explore_toggle'] },
  { ask: 'switch the explore page back on', expect: ['explore_toggle'] },
  {
    ask: 'How far is Hannah Schmidt through the Pharmacology 101 course, unit by unit, and how does her time compare with the rest of the class?',
    expect: ['learning_student_units'],
  },
  {
    ask: "break down Raj Patel's progress in Consultative Selling — which topics and activities has he done, did he pass the unit test?",
    expect: ['learning_student_units'],
  },
  {
    ask: 'Which questions on the Unit 3 test of Organic Chemistry are students getting wrong the most?',
    expect: ['learning_question_stats'],
  },
  {
    ask: "For the GDPR basics quiz, what's the most common wrong answer on each question for the Berlin office?",
    expect: ['learning_question_stats'],
  },
  {
    ask: "For Unit 2 'Objection Handling', show me how the team is doing per topic — completion, average quiz score, time spent",
    expect: ['learning_unit_topics'],
  },
  { ask: 'How is my Tuesday seminar group progressing through the topics in the Thermodynamics unit?', expect: ['learning_unit_topics'] },
  {
    ask: 'How are people doing on the role-play scenarios in the Difficult Conversations course? Completion and average best score',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'how many reps have even started the cold-call simulation projects in Outbound Prospecting, and how many tries do they take on average',
    expect: ['learning_project_scenarios'],
  },
  { ask: "What's the score spread on the 'Week 4 Enzymes' quiz — how many students landed below 50%?", expect: ['performance_quiz'] },
  { ask: "Show me everybody's attempts and scores on the Pricing Basics quiz activity", expect: ['performance_quiz'] },
  {
    ask: 'Can you draw me a chart comparing completion trends between the APAC and EMEA sales teams over the last two quarters and tell me what stands out?',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Why do you think engagement with the onboarding program dropped after week 2? Dig into the learner data and give me some insights',
    expect: ['performance_insights_ask'],
  },
  { ask: 'What units and topics make up the Cybersecurity Awareness 2025 course?', expect: ['courses_structure'] },
  {
    ask: 'give me the outline of my Intro to Statistics course — units, topics, projects and whether each unit has a test',
    expect: ['courses_structure'],
  },
  { ask: 'Any new radar alerts I should look at this morning?', expect: ['radar_alerts_list'] },
  { ask: 'Show me the alerts we dismissed previously, I want to double-check one', expect: ['radar_alerts_list'] },
  {
    ask: "Create a flashcards set for my Cell Biology students from the 'Mitochondria lecture notes' folder, 40 cards, mixed difficulty",
    expect: ['components_create'],
  },
  { ask: 'Set up an AI role-play where a rep practices handling an angry customer asking for a refund', expect: ['components_create'] },
  { ask: "Deactivate the 'Product FAQ bot' chat, it's giving out old pricing", expect: ['components_set_status'] },
  { ask: 'Publish the practice test I left in draft for Midterm Review — set it live', expect: ['components_set_status'] },
  { ask: 'Make me a 12-slide deck on our new expense policy for the finance onboarding, in English', expect: ['presentations_create'] },
  { ask: 'Generate a presentation in German about phishing awareness, about 8 slides, with our logo', expect: ['presentations_create'] },
  {
    ask: 'Write a one-page summary on the basics of consultative selling for new account executives and save it in the Sales Enablement folder',
    expect: ['materials_generate'],
  },
  { ask: 'Use AI to draft detailed college-level notes on the Krebs cycle as a study document', expect: ['materials_generate'] },
  {
    ask: "Upload the Code of Conduct 2025 PDF and let me know once it's fully processed and ready to use",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Add this recording of the Q2 kickoff keynote as a material and wait until it's done processing so I can hook it into the tutor",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'Just add this article link as a material in the Compliance folder, no need to wait for it to finish processing: https://example.com/whistleblower-policy',
    expect: ['materials_create'],
  },
  { ask: "Save the following text as a new material called 'Return Policy cheat sheet'", expect: ['materials_create'] },
  { ask: 'What materials do we have in the Onboarding folder?', expect: ['materials_list'] },
  { ask: "find any documents with 'pricing' in the name", expect: ['materials_list'] },
  { ask: "Create a new folder called 'Q3 Product Launch' for the launch materials", expect: ['folders_create'] },
  { ask: "Make a subfolder 'Week 5 readings' inside the Biochem 201 folder", expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Archived 2023 content'", expect: ['folders_update'] },
  { ask: 'Move the Negotiation Playbooks folder under Sales Enablement', expect: ['folders_update'] },
  { ask: 'Is that slide deck I asked for earlier finished yet? Send me the link if it is', expect: ['jobs_get'] },
  { ask: 'check on the upload job from before — did the handbook finish processing?', expect: ['jobs_get'] },
  { ask: 'Stop generating that presentation, I gave you the wrong topic', expect: ['jobs_cancel'] },
  { ask: "cancel the background job that's still running on the keynote video upload", expect: ['jobs_cancel'] },
  { ask: "Create a new group called 'APAC Partners' under Channel Sales", expect: [] },
  { ask: 'Assign the Data Privacy course to the whole Finance department, due June 30', expect: [] },
  { ask: "Send a reminder email to everyone who hasn't done their harassment prevention training", expect: [] },
  { ask: 'Push the due date on the Fire Safety assignment back two weeks', expect: [] },
];

/**
 * A third set by a third hand that opened only the two API documents, as five other people (a teacher, a
 * retail area manager, a clinical education coordinator, a startup's people-ops person, a customer-education
 * lead), written while the descriptions were being edited and judged once at the end: misses never printed.
 * One request it shares word for word with the independent tuning set is left out.
 */
export const INDEPENDENT_HELD_OUT_2: EvalRequest[] = [
  {
    ask: 'How did March 2025 go for us? I need how many staff started and finished courses that month, and how many modules our educators got published.',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'quick numbers for 2025-05 pls: how many people kicked off training vs finished it that month',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Give me the big-picture totals for the whole workspace: number of learners, instructors, admins, courses, total completions, and how many invites are still sitting unaccepted.',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Since we launched the customer academy, how many course completions have we had overall, and on average how long does it take someone to finish a course?',
    expect: ['analytics_hero'],
  },
  { ask: 'Which of my courses have the worst finish rate? Show enrolled vs completed for each one.', expect: ['analytics_courses'] },
  {
    ask: 'Rank our top 10 customer courses by enrollment and tell me what percent of those enrolled actually completed each.',
    expect: ['analytics_courses'],
  },
  {
    ask: 'List every student in my workspace with how many courses they were given, how many they finished, and which class group they belong to.',
    expect: ['analytics_students'],
  },
  {
    ask: 'I want the full roster of my store staff, everyone, not just the stragglers, with assigned vs completed training counts next to each name.',
    expect: ['analytics_students'],
  },
  {
    ask: 'Can you pull a list of all 40 employees showing their teams and how many of their assigned onboarding courses each person has completed?',
    expect: ['analytics_students'],
  },
  { ask: "Which of my cashiers have been given training but haven't finished a single course yet?", expect: ['analytics_needs_attention'] },
  {
    ask: 'Flag the nurses who have modules assigned and zero completions so far. I need to chase them before the accreditation survey next month.',
    expect: ['analytics_needs_attention'],
  },
  { ask: "who hasn't completed anything at all even though they've got stuff assigned", expect: ['analytics_needs_attention'] },
  {
    ask: 'Who are my five strongest students by share of assigned work completed? I want to give out shout-outs on Friday.',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "Show me the best associates across my district, ranked by how much of their assigned training they've wrapped up.",
    expect: ['analytics_top_performers'],
  },
  { ask: 'Add Dr. Amara Okafor to the ICU Sepsis Bundle group as an instructor.', expect: ['groups_member_add'] },
  {
    ask: "Please put jason.lee@acmecorp.com into the 'Acme Corp - Admin Users' cohort as a regular learner.",
    expect: ['groups_member_add'],
  },
  {
    ask: "Marcus Bell is on leave for the summer. Mark him inactive in the Eastgate Weekend Crew group, but don't take him off the platform.",
    expect: ['groups_member_set_status'],
  },
  { ask: "Reactivate Sofia Hernandez in Period 3 Biology, she's back from her exchange trip.", expect: ['groups_member_set_status'] },
  { ask: 'Delete the 2023-24 Algebra I group, the school year is over. Its subgroups can go too.', expect: ['groups_delete'] },
  { ask: "Get rid of the 'Beta Pilot - Globex' cohort entirely. The pilot ended and we won't need it again.", expect: ['groups_delete'] },
  {
    ask: 'What groups do we have set up under the Nursing department? Include the sub-teams underneath each unit.',
    expect: ['groups_list'],
  },
  { ask: 'show me all our teams and how many people are in each', expect: ['groups_list'] },
  { ask: 'Rahul Mehta left the company on Friday. Remove him from the learning platform completely.', expect: ['members_remove'] },
  { ask: 'Jenna Porter quit and is no longer with us at any store. Take her account out of our workspace.', expect: ['members_remove'] },
  { ask: "Tag nurse Kelly Brennan with 'night-shift', 'float-pool' and 'BLS-certified'.", expect: ['members_set_tags'] },
  { ask: "Clear out all the labels on Tom Whitaker's profile, they're outdated since the reorg.", expect: ['members_set_tags'] },
  {
    ask: "How is the 'Annual Hand Hygiene Refresher 2025' assignment going? How many of the people it went to have finished, and who's still outstanding?",
    expect: ['assignments_get'],
  },
  {
    ask: 'For the Food Safety assignment we pushed to all stores in April, what is the completion percentage, and does passing the test count toward finishing it?',
    expect: ['assignments_get'],
  },
  { ask: "What has Liam O'Connor been assigned, and is any of it overdue?", expect: ['assignments_for_user'] },
  { ask: "Show me everything on Dr. Priya Nair's plate course-wise, with her progress on each item.", expect: ['assignments_for_user'] },
  {
    ask: 'Which courses does our customer contact Maria Gomez at Initech have to do, and has she finished any of them?',
    expect: ['assignments_for_user'],
  },
  { ask: "Cancel the 'Fractions Practice Week 6' assignment, I sent it to the wrong class.", expect: ['assignments_remove'] },
  {
    ask: 'Please pull the old 2023 harassment-prevention assignment. We replaced that course and nobody should see it as required anymore.',
    expect: ['assignments_remove'],
  },
  {
    ask: "Make the 'Partner Certification' section of the course catalog visible only to our Gold Partners group.",
    expect: ['explore_set_audience'],
  },
  { ask: "Hide the 'Management Track' shelf in the browse catalog from the Seasonal Staff group.", expect: ['explore_set_audience'] },
  {
    ask: 'Turn off the page where students can browse and pick courses on their own. I only want them seeing what I assign.',
    expect: ['explore_toggle'],
  },
  { ask: 'can we switch the self-serve course library back on for all employees?', expect: ['explore_toggle'] },
  {
    ask: 'Break down where nurse Daniel Kim is in the Central Line Care course: unit by unit, which topics are done, and how his time compares to the rest of his team.',
    expect: ['learning_student_units'],
  },
  {
    ask: 'How far along is Ava Thompson in Chemistry 101? Which units has she finished, did she sit the unit test, and what did she get?',
    expect: ['learning_student_units'],
  },
  {
    ask: 'On the Unit 3 fractions test, which questions did my class get wrong most often, and what was the most popular wrong answer?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'For the Medication Safety quiz, show me the questions with the highest miss rate among the 4 West nurses.',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'Customer Service Basics, unit 2: for the Downtown team, what is the completion and average quiz score for each topic?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: "In the first unit of 'Getting Started with Dashboards', which lessons are our customers spending the most time on, and how do scores compare across them?",
    expect: ['learning_unit_topics'],
  },
  {
    ask: "How are my associates doing on the role-play practice in 'Handling Difficult Customers'? How many started, how many finished, and what's their average best score?",
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'In the Patient Communication course, what share of residents have completed the breaking-bad-news simulations, and how many tries does it take them on average?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: "Show me everyone's scores on the 'Photosynthesis check-in' quiz and how the results spread out across score bands.",
    expect: ['performance_quiz'],
  },
  {
    ask: 'For the phishing awareness quiz: who took it, what did each person score, and how many landed below 50%?',
    expect: ['performance_quiz'],
  },
  {
    ask: 'Can you make a chart comparing training completion trends for ICU versus ER nurses over the last six months and tell me what stands out?',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Why do you think enterprise customers finish the admin course less often than our small-business customers? Dig into the data and give me your take.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'I have a regional meeting Thursday. Analyse which of my stores are slipping on compliance training and plot it in a graph I can show.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "What's the outline of the 'API Integration 101' course? Units, topics, and which units end with a test.",
    expect: ['courses_structure'],
  },
  {
    ask: 'List the units and topics in our Stroke Protocol course, I need to map each one to our competency checklist.',
    expect: ['courses_structure'],
  },
  {
    ask: 'Has the platform flagged any new monitoring alerts on our courses that I have not looked at yet?',
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'Show me the alerts we dismissed before, I want to double-check we did not wave off something important.',
    expect: ['radar_alerts_list'],
  },
  {
    ask: "Set up a flashcard deck for my Year 9 French vocab using the 'Unit 4 Vocab' folder: 40 cards, mixed difficulty, spaced repetition.",
    expect: ['components_create'],
  },
  {
    ask: 'Create an AI help chatbot for our customers that answers only from our product docs folder, with web search turned off.',
    expect: ['components_create'],
  },
  { ask: "Switch the 'Billing FAQ bot' off for now while we fix its answers.", expect: ['components_set_status'] },
  { ask: 'Publish the Spanish restaurant role-play I drafted yesterday, flip it from draft to live.', expect: ['components_set_status'] },
  {
    ask: "Make me a 15-slide deck on preventing patient falls for next week's in-service, in English, with AI-generated pictures.",
    expect: ['presentations_create'],
  },
  {
    ask: 'Could you build a slide presentation on our new expense policy, around 10 slides, with our logo from https://cdn.brightlane.io/logo.png? I need the PowerPoint too.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write study notes on the causes of World War I for my 10th graders, high-school level, medium length.',
    expect: ['materials_generate'],
  },
  {
    ask: 'Have the AI draft a short summary document about our remote-work policy for new hires and drop it into the Onboarding folder.',
    expect: ['materials_generate'],
  },
  {
    ask: 'Upload the new sepsis protocol PDF from https://intranet.stmarys.org/docs/sepsis-2025.pdf and tell me once it is fully processed and ready to use.',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'Add this webinar recording to our library and hang on until processing is done before telling me it worked: https://videos.example.com/q3-release.mp4',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Just add the text of our new returns policy as a material called 'Returns Policy 2025'. No need to wait for it to finish processing.",
    expect: ['materials_create'],
  },
  {
    ask: "Save this link as a class reading named 'Intro to Ratios': https://www.khanacademy.org/math/ratios. Don't sit waiting on it, I'll check later.",
    expect: ['materials_create'],
  },
  { ask: "What do we have in the 'Product Release Notes' folder?", expect: ['materials_list'] },
  { ask: "search our content library for anything with 'benefits' in the name", expect: ['materials_list'] },
  { ask: "Create a new folder called 'Cardiac Step-Down Orientation' inside the Orientation folder.", expect: ['folders_create'] },
  { ask: "Make me a folder for 'Term 2 Geometry' so I can keep my resources together.", expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Infection Control Resources' and give it a one-line description.", expect: ['folders_update'] },
  { ask: "Move the 'Legacy Webinars' folder so it sits under 'Archive'.", expect: ['folders_update'] },
  { ask: 'Is that slide deck you started making for me done yet?', expect: ['jobs_get'] },
  { ask: 'Check on the file upload from earlier: did it finish, and what came back?', expect: ['jobs_get'] },
  { ask: 'Cancel the upload you kicked off a minute ago, it was the wrong file.', expect: ['jobs_cancel'] },
  { ask: 'Assign the Security Awareness course to the Engineering group with a due date of June 30.', expect: [] },
  { ask: 'Email everyone at the Maple Ave store a reminder to finish their forklift training by Friday.', expect: [] },
  { ask: 'Reset the password for the student account ethan.w@lincolnhigh.org, he got locked out.', expect: [] },
  { ask: "Create a new group called 'Wayne Enterprises Q4 Cohort' for the customers starting next week.", expect: [] },
];

/**
 * A fourth set by a fourth hand that opened only the two API documents, in six more voices (a bank's
 * regulatory-training manager, a call-centre team leader, a restaurant franchise's training coordinator, a
 * lecturer, a developer-relations lead training partners, a volunteer coordinator), judged once, at the end
 * of the second round of edits: misses never printed.
 */
export const INDEPENDENT_HELD_OUT_3: EvalRequest[] = [
  { ask: 'How many staff started and finished training in March 2025?', expect: ['analytics_monthly_overview'] },
  { ask: 'October figures only: volunteers who kicked off a course vs wrapped one up', expect: ['analytics_monthly_overview'] },
  { ask: 'Big picture: how many learners, instructors and courses do we have overall?', expect: ['analytics_hero'] },
  { ask: 'total completions since we launched the partner academy, plus invites nobody has accepted', expect: ['analytics_hero'] },
  { ask: 'Which of our partner certification tracks has the worst finish rate?', expect: ['analytics_courses'] },
  { ask: 'enrolled vs completed for each compliance module, top 10 please', expect: ['analytics_courses'] },
  { ask: 'Give me every call agent with how many courses they were given and how many they finished', expect: ['analytics_students'] },
  { ask: "All our volunteers, which teams they're in, and their course counts", expect: ['analytics_students'] },
  { ask: 'roster of the whole class with assigned vs done for each student', expect: ['analytics_students'] },
  { ask: "Who hasn't completed a single thing we've asked them to do?", expect: ['analytics_needs_attention'] },
  { ask: 'which crew members across the franchise are still sitting at zero completions', expect: ['analytics_needs_attention'] },
  { ask: 'List the bankers I need to chase: courses assigned, nothing finished yet', expect: ['analytics_needs_attention'] },
  { ask: 'Who are my five strongest agents by completion rate? Want to shout them out at huddle', expect: ['analytics_top_performers'] },
  { ask: 'best learners in the partner program so far', expect: ['analytics_top_performers'] },
  { ask: 'Put Priya Nair into the Weekend Shift team', expect: ['groups_member_add'] },
  { ask: 'add Tomasz Wojcik to Seminar Group B as an instructor', expect: ['groups_member_add'] },
  {
    ask: "Mark Marcus Lee inactive in the Downtown Kitchen group while he's on leave, don't delete him",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Jenna Ruiz is back, reactivate her in the Saturday Food Bank crew', expect: ['groups_member_set_status'] },
  { ask: 'Get rid of the 2023 Summer Interns group entirely', expect: ['groups_delete'] },
  { ask: 'Delete the Pilot Partners EMEA team along with its sub-teams', expect: ['groups_delete'] },
  { ask: 'What teams sit under Retail Banking?', expect: ['groups_list'] },
  { ask: 'show me all our volunteer groups and how many people are in each', expect: ['groups_list'] },
  { ask: 'Daniel Okafor has left the bank, take him off the platform completely', expect: ['members_remove'] },
  { ask: 'Sasha Bell moved away, remove her from our whole workspace', expect: ['members_remove'] },
  { ask: "Label Leila Haddad as 'AML certified' and 'Branch 14'", expect: ['members_set_tags'] },
  { ask: "clear all the labels on Kevin Brandt's profile", expect: ['members_set_tags'] },
  { ask: 'How is the Q2 Conduct Risk rollout going across everyone it went to?', expect: ['assignments_get'] },
  { ask: "For the 'Allergen Safety 2025' assignment, who's finished and who hasn't?", expect: ['assignments_get'] },
  { ask: 'What has Rosa Delgado been assigned, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: "list Ahmed Karim's required courses and his progress on each", expect: ['assignments_for_user'] },
  { ask: 'Is Chen Wei behind on anything he was told to complete?', expect: ['assignments_for_user'] },
  { ask: 'Cancel the Holiday Menu Training assignment, we dropped it', expect: ['assignments_remove'] },
  { ask: 'pull the old GDPR refresher that went out to the Claims team', expect: ['assignments_remove'] },
  { ask: "Only let the Managers group see the 'Leadership Picks' shelf in the catalog", expect: ['explore_set_audience'] },
  { ask: 'Hide the Advanced API section of the course library from Trial Partners', expect: ['explore_set_audience'] },
  { ask: 'Turn off the browse-all-courses page for students until exams are over', expect: ['explore_toggle'] },
  { ask: 'switch the self-serve course catalogue back on for volunteers', expect: ['explore_toggle'] },
  { ask: 'How far is Aisha Bello through Teller Onboarding, unit by unit?', expect: ['learning_student_units'] },
  {
    ask: 'Break down Jordan Pike in SDK Fundamentals: which modules is he slower on than the rest of the team?',
    expect: ['learning_student_units'],
  },
  { ask: 'Which questions on the Week 5 Thermodynamics test did my students get wrong most?', expect: ['learning_question_stats'] },
  {
    ask: 'sanctions screening quiz: which items trip up the Ops team and what wrong answer do they pick',
    expect: ['learning_question_stats'],
  },
  { ask: 'For the Objection Handling unit, how is the Tier 2 team doing topic by topic?', expect: ['learning_unit_topics'] },
  { ask: 'average quiz score and time spent per topic in Unit 3 for my Tuesday seminar', expect: ['learning_unit_topics'] },
  { ask: 'How are agents getting on with the angry-customer role-plays in De-escalation 101?', expect: ['learning_project_scenarios'] },
  { ask: 'completion and best scores on the simulated client calls in Mortgage Advice', expect: ['learning_project_scenarios'] },
  { ask: 'score spread on the Food Temperature quiz, how many people came in under 50%?', expect: ['performance_quiz'] },
  { ask: "Show me everyone's result on the Lecture 7 pop quiz", expect: ['performance_quiz'] },
  { ask: 'Can you chart completion by branch over the last quarter and tell me what stands out?', expect: ['performance_insights_ask'] },
  { ask: 'Why do our Saturday volunteers drop off after the first module? Dig into the data', expect: ['performance_insights_ask'] },
  { ask: 'graph new hires vs veterans on the partner certification and explain the gap', expect: ['performance_insights_ask'] },
  { ask: 'What units and topics are in Intro to Econometrics?', expect: ['courses_structure'] },
  { ask: 'outline of the Partner API Certification course, how many units, tests and projects', expect: ['courses_structure'] },
  { ask: 'any new risk warnings flagged this week?', expect: ['radar_alerts_list'] },
  { ask: "Show me the alerts we've already dismissed or acted on", expect: ['radar_alerts_list'] },
  { ask: 'Set up a flashcard deck on KYC rules for the new tellers, mixed difficulty', expect: ['components_create'] },
  { ask: 'Build a chatbot that answers questions from our volunteer handbook', expect: ['components_create'] },
  { ask: "Switch off the 'Menu Mastery' flashcards for now", expect: ['components_set_status'] },
  { ask: 'Make the Sales Discovery role-play bot live, it is still a draft', expect: ['components_set_status'] },
  { ask: 'Make a 12-slide deck on Basel III capital rules, UK English', expect: ['presentations_create'] },
  { ask: "I need slides for Thursday's webhooks workshop, about 8 pages, with AI-drawn images", expect: ['presentations_create'] },
  { ask: 'Write long, professional-level study notes on Consumer Duty', expect: ['materials_generate'] },
  { ask: 'Draft a short overview of the new till system for crew, save it in Onboarding', expect: ['materials_generate'] },
  { ask: "Upload the Fire Safety Handbook PDF and tell me once it's fully processed", expect: ['materials_upload_and_process'] },
  {
    ask: 'Add this lecture recording and wait until it is ready before we hook it up to the tutor',
    expect: ['materials_upload_and_process'],
  },
  { ask: 'Save this pasted refund policy to our library, no need to wait on it', expect: ['materials_create'] },
  { ask: "Add the link to Stripe's webhook docs as a resource; I'll check it later", expect: ['materials_create'] },
  { ask: 'What have we got in the Compliance 2025 folder?', expect: ['materials_list'] },
  { ask: "find any uploaded files with 'allergen' in the name", expect: ['materials_list'] },
  { ask: "Make a new folder called 'Term 2 Readings'", expect: ['folders_create'] },
  { ask: "create a 'Fundraising Basics' subfolder inside Volunteer Resources", expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Partner Case Studies'", expect: ['folders_update'] },
  { ask: 'Move the Scripts folder under Call Centre Training', expect: ['folders_update'] },
  { ask: 'Is that slide deck you were making done yet?', expect: ['jobs_get'] },
  { ask: 'did the PDF upload from earlier finish?', expect: ['jobs_get'] },
  { ask: 'Stop generating that presentation, wrong topic', expect: ['jobs_cancel'] },
  { ask: "kill the upload that's still going, I picked the wrong file", expect: ['jobs_cancel'] },
  { ask: 'Assign the Anti-Bribery course to all new joiners in the Leeds branch', expect: [] },
  { ask: "Email a reminder to everyone who hasn't done food hygiene yet", expect: [] },
  { ask: 'Create a new group called Night Shift', expect: [] },
  { ask: 'Reset the password for volunteer Gail Thompson', expect: [] },
];

/**
 * A fifth set by a fifth hand that opened only the two API documents, in six more voices (a plant's safety-
 * training lead, an insurer's sales-academy manager, a library's staff trainer, a support lead, a government
 * L&D officer, a freelance trainer), judged once, at the end of the third round of edits: misses never printed.
 */
export const INDEPENDENT_HELD_OUT_4: EvalRequest[] = [
  { ask: 'How did March go for us? How many people started and finished courses?', expect: ['analytics_monthly_overview'] },
  { ask: 'training numbers for October 2024, sales academy', expect: ['analytics_monthly_overview'] },
  { ask: 'How many of my course authors actually published something new in February?', expect: ['analytics_monthly_overview'] },
  { ask: 'All-time totals for the plant: how many learners, courses and completions overall?', expect: ['analytics_hero'] },
  { ask: 'How many invites are still unaccepted, and how many instructors do we have in total?', expect: ['analytics_hero'] },
  { ask: 'Which of our support courses have the worst completion rate?', expect: ['analytics_courses'] },
  { ask: 'enrolled vs finished for each course in the academy', expect: ['analytics_courses'] },
  { ask: "List every agent with how many courses they've been given and how many they've finished", expect: ['analytics_students'] },
  { ask: "Show me all library staff, which teams they're in, and their course counts", expect: ['analytics_students'] },
  { ask: "Who has training assigned but hasn't completed a single course yet?", expect: ['analytics_needs_attention'] },
  { ask: 'which reps are sitting at zero finished courses', expect: ['analytics_needs_attention'] },
  {
    ask: "Flag the officers who haven't finished anything they were assigned so I can chase their managers",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'Who are my five strongest finishers? I want to give them a shout-out at the Monday huddle',
    expect: ['analytics_top_performers'],
  },
  { ask: "Rank staff by how much of their assigned training they've completed, top 10 only", expect: ['analytics_top_performers'] },
  { ask: 'Put Dariusz Nowak into the Forklift Operators group', expect: ['groups_member_add'] },
  { ask: 'Add Priya Raman to the Brightwell Leadership cohort as an instructor', expect: ['groups_member_add'] },
  { ask: "Mark Tomasz as inactive in Night Shift B, he's on long-term sick leave", expect: ['groups_member_set_status'] },
  { ask: 'Lena Fischer is back from maternity leave, reactivate her in the Renewals Team', expect: ['groups_member_set_status'] },
  { ask: 'Get rid of the Summer 2023 Interns group entirely', expect: ['groups_delete'] },
  { ask: 'The Acme pilot contract ended, delete that cohort and its sub-teams', expect: ['groups_delete'] },
  { ask: 'What teams have we got set up under Customer Support?', expect: ['groups_list'] },
  { ask: 'show all our groups including the nested ones', expect: ['groups_list'] },
  { ask: 'Jordan Miles left the company, take him off the platform completely', expect: ['members_remove'] },
  { ask: "Kevin O'Brien's secondment is over, remove his account from our agency's workspace", expect: ['members_remove'] },
  { ask: 'Tag Maria Gonzalez as first-aider and night shift', expect: ['members_set_tags'] },
  { ask: "clear all of Sam Whitfield's labels", expect: ['members_set_tags'] },
  { ask: 'How far along is everyone on the Q3 anti-money-laundering assignment?', expect: ['assignments_get'] },
  { ask: "Who still hasn't done the lockout/tagout refresher we assigned in January?", expect: ['assignments_get'] },
  { ask: 'What training does Aisha Bello have on her plate, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: "check Ben Carter's required courses", expect: ['assignments_for_user'] },
  { ask: "Is Rosa from children's services behind on any of her mandatory modules?", expect: ['assignments_for_user'] },
  { ask: "Cancel the Returns Policy 2023 assignment, it's outdated", expect: ['assignments_remove'] },
  { ask: 'Withdraw the GDPR basics assignment we pushed to the whole department last week', expect: ['assignments_remove'] },
  { ask: 'Only let the Managers group see the Leadership Picks shelf in the course catalogue', expect: ['explore_set_audience'] },
  { ask: 'Hide the Advanced Underwriting section of the browse page from new hires', expect: ['explore_set_audience'] },
  { ask: 'Turn off the page where learners browse and pick courses themselves, for now', expect: ['explore_toggle'] },
  { ask: 'switch the open course catalogue back on for staff', expect: ['explore_toggle'] },
  { ask: 'How is Kwame doing in Fire Safety Fundamentals, unit by unit?', expect: ['learning_student_units'] },
  {
    ask: "Break down Chloe Martin's progress in Product Knowledge 101 and how her time compares with the rest of the team",
    expect: ['learning_student_units'],
  },
  { ask: 'Which questions on the Claims Handling final exam are people getting wrong most?', expect: ['learning_question_stats'] },
  { ask: "What's the most common wrong answer on the chemical handling quiz?", expect: ['learning_question_stats'] },
  { ask: 'For the Refunds & Escalations unit, how is the Tier 1 team doing on each topic?', expect: ['learning_unit_topics'] },
  { ask: 'topic-by-topic completion and average scores for unit 2 of Records Management', expect: ['learning_unit_topics'] },
  { ask: 'How many agents have finished the objection-handling role-plays?', expect: ['learning_project_scenarios'] },
  { ask: 'Attempts and best scores on the angry-customer simulations in support onboarding', expect: ['learning_project_scenarios'] },
  { ask: 'Show me the score spread for the Module 3 check-in quiz in Reader Services', expect: ['performance_quiz'] },
  { ask: 'who scored what on the PPE knowledge check', expect: ['performance_quiz'] },
  {
    ask: 'Is there any link between time spent and quiz results for the night shift? Chart it for me',
    expect: ['performance_insights_ask'],
  },
  { ask: 'Can you plot how course completions trended by department this year?', expect: ['performance_insights_ask'] },
  {
    ask: 'Why do you think the Dublin office is lagging on training? Dig into the data and tell me what you see',
    expect: ['performance_insights_ask'],
  },
  { ask: 'What units and topics are in the Public Procurement Basics course?', expect: ['courses_structure'] },
  { ask: 'outline the modules of my Negotiation Masterclass, I need it for a client proposal', expect: ['courses_structure'] },
  { ask: 'Anything new flagged by our content monitors that I should look at?', expect: ['radar_alerts_list'] },
  { ask: 'Show me the warnings we dismissed earlier', expect: ['radar_alerts_list'] },
  { ask: 'Set up a flashcard deck on hazard symbols for the new starters', expect: ['components_create'] },
  { ask: "Build an AI tutor bot that answers reps' questions from our returns policy docs", expect: ['components_create'] },
  { ask: "Switch off the policy Q&A chatbot, it's giving wrong answers", expect: ['components_set_status'] },
  { ask: 'Publish the draft cataloguing-rules flashcards so staff can use them', expect: ['components_set_status'] },
  { ask: 'Make me a 12-slide deck on ladder safety', expect: ['presentations_create'] },
  { ask: "I need about 20 slides in German for Thursday's workshop on giving feedback", expect: ['presentations_create'] },
  { ask: 'Write up a short summary of the new data protection rules for line managers', expect: ['materials_generate'] },
  { ask: 'Draft study notes on handling chargebacks for the support team', expect: ['materials_generate'] },
  { ask: "Upload the safety manual PDF and tell me once it's fully processed and ready", expect: ['materials_upload_and_process'] },
  { ask: "Add the induction video from this link and wait until it's usable before you reply", expect: ['materials_upload_and_process'] },
  { ask: 'Save this pasted opening-hours policy as a material, no need to wait for it', expect: ['materials_create'] },
  { ask: 'Add a link to the FCA consumer duty page to our materials', expect: ['materials_create'] },
  { ask: 'What have we got in the Onboarding folder?', expect: ['materials_list'] },
  { ask: 'find any of our documents with forklift in the name', expect: ['materials_list'] },
  { ask: 'New folder: Client B Sales Coaching', expect: ['folders_create'] },
  { ask: 'Create a Digital Literacy folder inside Staff Resources', expect: ['folders_create'] },
  { ask: 'Rename the Misc folder to Archive 2023', expect: ['folders_update'] },
  { ask: 'Move the Claims folder so it sits under Underwriting Resources', expect: ['folders_update'] },
  { ask: 'Is that slide deck you started still cooking?', expect: ['jobs_get'] },
  { ask: 'Has the staff handbook upload you kicked off finished yet?', expect: ['jobs_get'] },
  { ask: "Stop the presentation you're generating, I gave you the wrong topic", expect: ['jobs_cancel'] },
  { ask: 'kill that upload, wrong file', expect: ['jobs_cancel'] },
  { ask: 'Assign the forklift refresher course to the whole warehouse team, due Friday', expect: [] },
  { ask: "Email a reminder to everyone who's behind on compliance training", expect: [] },
  { ask: "Reset Hannah Lee's password, she's locked out", expect: [] },
  { ask: 'Print certificates for everyone who passed Fraud Awareness', expect: [] },
];

/**
 * A sixth set by a sixth hand that opened only the two API documents, in six more voices (a driver-training
 * manager, a pharma field-sales trainer, a bootcamp instructor, a hotel onboarding manager, a law firm's HR
 * generalist, a school district's teacher-development coordinator), judged once, at the end of the fourth
 * round of edits: misses never printed.
 */
export const INDEPENDENT_HELD_OUT_5: EvalRequest[] = [
  { ask: 'How many people started vs finished courses in February?', expect: ['analytics_monthly_overview'] },
  {
    ask: 'October numbers please: new learners starting, completions, and how many authors published something',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'Give me the big-picture totals: learners, instructors, courses, open invites', expect: ['analytics_hero'] },
  { ask: 'How many course completions have we racked up since we launched the platform?', expect: ['analytics_hero'] },
  { ask: 'Which courses have the worst finish rates? enrolled vs done for each', expect: ['analytics_courses'] },
  { ask: 'top 10 courses by enrollment', expect: ['analytics_courses'] },
  { ask: 'Full list of every trainee with their assigned and completed course counts', expect: ['analytics_students'] },
  {
    ask: "I need a roster of all teachers on the platform, which cohorts they're in and how many courses they've finished",
    expect: ['analytics_students'],
  },
  { ask: "Who has coursework assigned but hasn't completed anything at all?", expect: ['analytics_needs_attention'] },
  { ask: "Which drivers haven't finished even one of their assigned courses?", expect: ['analytics_needs_attention'] },
  { ask: 'stragglers list - reps with zero completions', expect: ['analytics_needs_attention'] },
  { ask: 'Who are my 5 strongest students by completion rate?', expect: ['analytics_top_performers'] },
  {
    ask: 'Shout-out list for the staff meeting: which teachers have finished the highest share of their PD?',
    expect: ['analytics_top_performers'],
  },
  { ask: 'Add Marcus Bell to the Phoenix Night Shift group', expect: ['groups_member_add'] },
  { ask: 'Put Renee Okafor into Cohort 14 as an instructor', expect: ['groups_member_add'] },
  {
    ask: "Jasmine's on maternity leave, set her inactive in the Downtown Front Desk team but keep her account",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Reactivate Luis Ortega in the Southeast Oncology Reps group', expect: ['groups_member_set_status'] },
  { ask: "Get rid of the 'Summer 2023 Paralegal Interns' group, it's done", expect: ['groups_delete'] },
  { ask: 'Delete the Cohort 9 group and its breakout subgroups', expect: ['groups_delete'] },
  { ask: 'What groups do we have set up under the Midwest region?', expect: ['groups_list'] },
  { ask: 'Show all our teams, including nested ones', expect: ['groups_list'] },
  { ask: 'Kevin Tran left the firm last Friday, remove him from the platform completely', expect: ['members_remove'] },
  { ask: 'Offboard Sam Rivera from our learning workspace altogether', expect: ['members_remove'] },
  { ask: "Tag Dolores Kim as 'CDL-A' and 'Hazmat certified'", expect: ['members_set_tags'] },
  { ask: "Clear all the labels on Ethan Brooks' profile", expect: ['members_set_tags'] },
  { ask: 'How far along is everyone on the Sexual Harassment Prevention 2024 assignment?', expect: ['assignments_get'] },
  { ask: "Who's still incomplete on the Aseptic Technique assignment I gave the Boston team?", expect: ['assignments_get'] },
  { ask: "What's on Dana Whitfield's training to-do list, and is anything overdue?", expect: ['assignments_for_user'] },
  { ask: 'Show me everything assigned to Carlos Mendez', expect: ['assignments_for_user'] },
  { ask: 'Is Ms. Patel behind on any of her required PD?', expect: ['assignments_for_user'] },
  { ask: 'Cancel the Forklift Basics assignment for the Reno depot', expect: ['assignments_remove'] },
  { ask: 'Pull back the JavaScript Warmups assignment, I handed it out by mistake', expect: ['assignments_remove'] },
  { ask: 'Hide the Partner Track section of the course catalog from the paralegals group', expect: ['explore_set_audience'] },
  { ask: "Make the 'Advanced Cardiology' browse section visible only to the Senior Reps group", expect: ['explore_set_audience'] },
  { ask: 'Turn off the self-serve course catalog for teachers for now', expect: ['explore_toggle'] },
  { ask: 'Switch the browse-courses page back on for everyone', expect: ['explore_toggle'] },
  { ask: 'How is Aisha Johnson doing in Full-Stack Foundations, unit by unit?', expect: ['learning_student_units'] },
  {
    ask: "Break down Pete Walsh's progress in Defensive Driving: which units are done and how his time compares to the team",
    expect: ['learning_student_units'],
  },
  {
    ask: 'Has Nina Castillo passed the final test in the Guest Experience course yet? show her unit progress too',
    expect: ['learning_student_units'],
  },
  { ask: 'Which questions on the Unit 3 test are the most people getting wrong?', expect: ['learning_question_stats'] },
  {
    ask: "For the Dosing Compliance quiz, what's the most common wrong answer on each question among the Midwest reps?",
    expect: ['learning_question_stats'],
  },
  {
    ask: 'For the Hours-of-Service unit, what % of the Denver group finished each topic, and their average scores?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'Topic-by-topic completion and time spent in the Classroom Management unit for the new-hire teachers',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'How are reps doing on the doctor objection role-plays in the Launch Readiness course? attempts and best scores',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'completion of the mock client-intake scenarios in Legal Ethics Essentials', expect: ['learning_project_scenarios'] },
  { ask: 'Score spread on the Check-In Procedures quiz: how many got under 50%?', expect: ['performance_quiz'] },
  { ask: "Show me each student's score on the Arrays & Loops quiz", expect: ['performance_quiz'] },
  {
    ask: 'Ask the analytics assistant why completions dipped for the West region in Q2 and chart it',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Dig into our learning data and tell me whether elementary or secondary teachers engage more, with a chart',
    expect: ['performance_insights_ask'],
  },
  { ask: 'What units and topics make up the Hotel Safety & Security course?', expect: ['courses_structure'] },
  { ask: 'outline of the Python Bootcamp course - how many units, and does each one end with a test?', expect: ['courses_structure'] },
  { ask: "Any new warnings from Radar I haven't looked at?", expect: ['radar_alerts_list'] },
  { ask: 'Show me the flagged issues we already dismissed', expect: ['radar_alerts_list'] },
  { ask: 'Build a flashcard set from the Drug Interactions folder, medium difficulty, 40 cards', expect: ['components_create'] },
  { ask: 'Set up a role-play where new front desk staff calm an angry guest about a double booking', expect: ['components_create'] },
  { ask: "Deactivate the 'Ask the Handbook' chatbot", expect: ['components_set_status'] },
  { ask: 'Flip the Pre-Trip Inspection practice test from draft to live', expect: ['components_set_status'] },
  { ask: 'Make me a 15-slide deck on winter driving hazards', expect: ['presentations_create'] },
  { ask: "I need slides for Thursday's PD session: 10 pages on formative assessment, in Spanish", expect: ['presentations_create'] },
  { ask: 'Write up study notes on attorney-client privilege, professional level', expect: ['materials_generate'] },
  {
    ask: 'Have AI draft a short overview of GLP-1 agonists for new reps and put it in the Diabetes folder',
    expect: ['materials_generate'],
  },
  { ask: "Upload the new employee handbook PDF and tell me once it's fully processed", expect: ['materials_upload_and_process'] },
  {
    ask: "Import this YouTube lecture on recursion and wait until it's ready to use: https://youtu.be/r3cUrs10n",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'Just add this link to the library as a resource, no need to wait on it: https://brand.harborviewhotels.com/standards',
    expect: ['materials_create'],
  },
  { ask: 'Save my notes on the new fuel card policy as a material', expect: ['materials_create'] },
  { ask: "What's in the Compliance Training folder?", expect: ['materials_list'] },
  { ask: 'Search our resource library for anything mentioning opioids', expect: ['materials_list'] },
  { ask: 'List page 2 of our uploaded materials', expect: ['materials_list'] },
  { ask: "Create a folder called 'Q3 Oncology Launch'", expect: ['folders_create'] },
  { ask: "Make a new subfolder 'Week 5 - APIs' under Cohort 14", expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Reading Specialists 2025'", expect: ['folders_update'] },
  { ask: 'Move the Housekeeping SOPs folder inside Onboarding', expect: ['folders_update'] },
  { ask: 'Is that winter driving slide deck finished yet?', expect: ['jobs_get'] },
  { ask: 'Did the handbook upload go through? send me the result', expect: ['jobs_get'] },
  { ask: "Stop that presentation you're making, I gave you the wrong topic", expect: ['jobs_cancel'] },
  { ask: "Kill the upload that's still running", expect: ['jobs_cancel'] },
  { ask: "Email a reminder to everyone who hasn't finished Bloodborne Pathogens", expect: [] },
  { ask: 'Create a new group called Spring 2025 Cohort', expect: [] },
  { ask: 'Push the due date on the Anti-Money Laundering assignment to June 30', expect: [] },
  { ask: 'Schedule a live Zoom training for the Atlanta drivers next Tuesday', expect: [] },
];

/**
 * A second tuning set by another hand that opened only the two API documents (an airline's cabin-crew
 * training lead, a construction site-safety manager, a university teaching assistant, a dental group's
 * practice manager, a fire department's training officer, a terse agency owner), measured once on the
 * descriptions of round 4 (70 % first, 93 % in the top three), then tuned on in round 5. Its one request
 * another set already had is left out.
 */
export const INDEPENDENT_TUNING_2: EvalRequest[] = [
  {
    ask: 'How many of our hygienists and front-desk staff actually started or finished a course back in February?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'sept 2024 - how many ppl authored stuff, how many courses went live', expect: ['analytics_monthly_overview'] },
  {
    ask: "For the monthly safety report I need October's training figures only: learners who started something, learners who completed, courses finished.",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Give me the big-picture headline numbers for the whole crew training workspace: total trainees, instructors, admins, courses and completions to date.',
    expect: ['analytics_hero'],
  },
  {
    ask: 'how many invites are still sitting unaccepted across the department, and whats the average time it takes someone to get through a course?',
    expect: ['analytics_hero'],
  },
  { ask: 'totals. all time. whole workspace.', expect: ['analytics_hero'] },
  {
    ask: "Which of the modules in our Intro to Statistics workspace have the lowest completion rate? I'd like enrolled vs finished for each one.",
    expect: ['analytics_courses'],
  },
  {
    ask: 'Show me every course with how many staff are signed up and what percent have finished it — infection control, HIPAA, the lot.',
    expect: ['analytics_courses'],
  },
  {
    ask: "Pull up the full list of everyone on the training platform with how many courses they've been given and how many they've done.",
    expect: ['analytics_students'],
  },
  {
    ask: 'I need a roster of all our flight attendants showing assigned vs completed courses, not just the stragglers, everybody.',
    expect: ['analytics_students'],
  },
  { ask: "Who has been given training but hasn't completed a single thing yet?", expect: ['analytics_needs_attention'] },
  {
    ask: 'which students have zero completions even though they have coursework assigned? want to nudge them before midterms',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Flag the lads who've got courses assigned and haven't finished even one — nobody gets on the scaffold until they do.",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'Who are our star trainees — the ones with the best completion ratio? I want to put a few forward for the recognition board.',
    expect: ['analytics_top_performers'],
  },
  { ask: 'leaderboard pls. top 10.', expect: ['analytics_top_performers'] },
  { ask: 'What groups have we got set up under the Station 4 branch? Include the sub-crews underneath too.', expect: ['groups_list'] },
  { ask: "show me all the tutorial sections we've got and how many students are in each", expect: ['groups_list'] },
  { ask: 'Put Priya Nandakumar into the A320 Recurrent group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'Can you add our new hire, Tomás Ruiz, to the Eastside Clinic team? Regular member is fine.', expect: ['groups_member_add'] },
  {
    ask: "Mark Dave Kowalski as inactive in the Riverside Tower crew — he's moved to another site but he still works for us.",
    expect: ['groups_member_set_status'],
  },
  {
    ask: "Jenna dropped my Tuesday lab section but she's still in the course, so switch her off in that section only, don't boot her from the platform.",
    expect: ['groups_member_set_status'],
  },
  { ask: "Reactivate Lt. Morales in the Hazmat team, he's back from leave.", expect: ['groups_member_set_status'] },
  { ask: 'Dr. Patel has left the practice — take her off the training platform entirely.', expect: ['members_remove'] },
  { ask: 'offboard jake@ourshop.io. gone from everything', expect: ['members_remove'] },
  {
    ask: 'Aisha Khan resigned from the airline, please get rid of her account across our whole training space, not just her base group.',
    expect: ['members_remove'],
  },
  { ask: "Delete the Harbor Point project group and everything nested under it, that job's wrapped up.", expect: ['groups_delete'] },
  { ask: 'get rid of the Fall 2023 sections group, that term is long over', expect: ['groups_delete'] },
  { ask: "Tag Firefighter Owens as 'EMT-B' and 'driver-operator'.", expect: ['members_set_tags'] },
  { ask: "Update Marco's labels to just 'purser' and 'long-haul' and drop whatever he had before.", expect: ['members_set_tags'] },
  { ask: 'clear all tags on user 8812', expect: ['members_set_tags'] },
  {
    ask: "How's the annual OSHA refresher assignment going — how many people have completed it and who's still outstanding?",
    expect: ['assignments_get'],
  },
  {
    ask: "For the fall-protection assignment we pushed out last week, what's the completion percentage and when's it due?",
    expect: ['assignments_get'],
  },
  { ask: "for the Lab 3 assignment can u show me each student's progress percent", expect: ['assignments_get'] },
  { ask: 'What has Jordan Blake been assigned, and is any of it overdue?', expect: ['assignments_for_user'] },
  {
    ask: "Pull everything on Probationary FF Lee's plate — every course he's been given and where he stands on each.",
    expect: ['assignments_for_user'],
  },
  { ask: 'all assignments for sam@ourshop.io', expect: ['assignments_for_user'] },
  { ask: "Cancel the old 2023 radiography safety assignment, we've replaced it with a new one.", expect: ['assignments_remove'] },
  { ask: 'Withdraw the hose-testing assignment I created by mistake for B shift.', expect: ['assignments_remove'] },
  {
    ask: "On the course browsing page, make the 'Premium Cabin Service' section show up only for the business-class crew groups.",
    expect: ['explore_set_audience'],
  },
  { ask: "hide the 'Grad Seminar' shelf of the catalogue from the undergrad sections", expect: ['explore_set_audience'] },
  {
    ask: "Turn off the browse-all-courses page for staff — I only want them seeing what they've been assigned.",
    expect: ['explore_toggle'],
  },
  { ask: 'enable self-serve course catalog for learners', expect: ['explore_toggle'] },
  {
    ask: 'How far along is Marcus Chen in Organic Chemistry I, unit by unit, and is he spending more time than the rest of the class?',
    expect: ['learning_student_units'],
  },
  {
    ask: "Break down Probie Garcia's progress in the Vehicle Extrication course — which units and topics are done, and has he sat the unit test?",
    expect: ['learning_student_units'],
  },
  { ask: 'Show me where Lena Fischer is stuck in the Emergency Procedures course, topic by topic.', expect: ['learning_student_units'] },
  { ask: 'Which questions on the Scaffolding Safety test are people getting wrong most often?', expect: ['learning_question_stats'] },
  {
    ask: "for the week 5 quiz, what's the most common wrong answer on each question, just for my section?",
    expect: ['learning_question_stats'],
  },
  { ask: 'How did everyone score on the SCBA donning quiz? I want the spread — how many landed under 50%.', expect: ['performance_quiz'] },
  { ask: "List each crew member's score and time taken on the 'Ditching Procedures' quiz.", expect: ['performance_quiz'] },
  { ask: "quiz 'api basics' - score per person + avg", expect: ['performance_quiz'] },
  {
    ask: 'In Unit 2 of the Excavation course, which topics have the worst completion and how long are people spending on each?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: "Topic by topic in the Patient Communication unit, what's the average quiz score and completion for the Northside office?",
    expect: ['learning_unit_topics'],
  },
  {
    ask: "How are crews doing on the unruly-passenger role-plays in the De-escalation course — how many tries are they taking and what's the average best score?",
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'what % of students have completed the case-study simulations in Clinical Reasoning 201?',
    expect: ['learning_project_scenarios'],
  },
  { ask: "What's the outline of the Incident Command course — units, topics, and is there a final test?", expect: ['courses_structure'] },
  { ask: "units/topics of course 'Onboarding v2'?", expect: ['courses_structure'] },
  { ask: 'Any new warnings from the training monitors I should look at this morning?', expect: ['radar_alerts_list'] },
  {
    ask: 'show me the radar alerts we dismissed, I want to double check nothing important got brushed aside',
    expect: ['radar_alerts_list'],
  },
  {
    ask: "Can you dig into why my Thursday section's scores are lagging behind the others and draw me a chart of it?",
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I'd like an analysis in plain English of which engine companies are slipping on their training and what might help them catch up.",
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Build a chart comparing completion trends between our Frankfurt and Dubai bases and tell me what stands out.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Set up a flashcard deck for the front desk built from our insurance billing folder, medium difficulty, spaced repetition.',
    expect: ['components_create'],
  },
  { ask: 'Create an AI help bot that answers crew questions using our site-safety manual.', expect: ['components_create'] },
  {
    ask: "I'd like a practice role-play where trainees deal with a passenger refusing to stow their bag, with the passenger opening the conversation.",
    expect: ['components_create'],
  },
  { ask: 'deactivate the support-bot component, giving bad answers', expect: ['components_set_status'] },
  { ask: 'Put the Hazmat flashcards back into draft while I fix a couple of cards.', expect: ['components_set_status'] },
  {
    ask: "Make me a 15-slide deck on ventilation tactics for Thursday's drill night, in English, with AI-generated pictures.",
    expect: ['presentations_create'],
  },
  {
    ask: 'I need a presentation in German, 10 slides, on loss of cabin pressurisation, with our logo on it.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a short summary handout on new patient intake procedures for the front-desk team, professional level.',
    expect: ['materials_generate'],
  },
  {
    ask: 'Can you have the AI draft an overview of confined space entry rules at a high-school reading level for our apprentices?',
    expect: ['materials_generate'],
  },
  { ask: 'gen notes on oauth basics, college lvl, into Onboarding folder', expect: ['materials_generate'] },
  {
    ask: "Upload the new 140-page cabin crew manual PDF and wait till it's fully processed so I can use it straight away.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Here's a video link of last week's ladder drill — bring it in and only get back to me once it's done processing.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Save these lecture notes I'm pasting below as a new material called 'Week 6 – Hypothesis Testing'.",
    expect: ['materials_create'],
  },
  {
    ask: 'Add the link to the HSE ladder guidance page as a reference document in the Working at Height folder.',
    expect: ['materials_create'],
  },
  { ask: "store this text as material: 'deploy checklist v3 - 1. tag release 2. run migrations'", expect: ['materials_create'] },
  { ask: 'Upload our new-hire handbook PDF to the training library.', expect: ['materials_create', 'materials_upload_and_process'] },
  { ask: 'What documents do we have in the Excavations folder?', expect: ['materials_list'] },
  { ask: 'list materials, page 2, 50 per page', expect: ['materials_list'] },
  { ask: "Make a new folder called 'Orthodontics CE' inside the Clinical folder.", expect: ['folders_create'] },
  { ask: 'new folder: client handbooks', expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Pump Operations' and give it a short description.", expect: ['folders_update'] },
  { ask: 'move the Problem Sets folder under MATH 221 Spring and make it blue', expect: ['folders_update'] },
  { ask: 'upload job status?', expect: ['jobs_get'] },
  { ask: 'How far along is that handout you started generating — what percentage is it at?', expect: ['jobs_get'] },
  { ask: "Abort the file that's still processing, I picked the wrong PDF.", expect: ['jobs_cancel'] },
  { ask: "nvm, stop that long analysis you're running on my sections", expect: ['jobs_cancel'] },
  { ask: 'Assign the Dangerous Goods recurrent course to all Heathrow-based crew, due by the 30th.', expect: [] },
  { ask: "Send an email reminder to everyone who hasn't finished the harness training.", expect: [] },
  { ask: 'create a new group for my wednesday lab section', expect: [] },
  { ask: 'Invite our three new dental assistants to join the training workspace.', expect: [] },
  { ask: 'Issue completion certificates to everyone who passed the Pump Ops test.', expect: [] },
  { ask: "delete material 'old pricing sheet'", expect: [] },
];

/**
 * A third tuning set by another such hand (a warehouse shift supervisor, a language school director, an
 * accounting firm's continuing-education coordinator, a veterinary chain's clinical trainer, a
 * security-awareness program owner, an admin writing short, broken English), measured once on the
 * descriptions of round 4 (78 %, 98 %), then tuned on in round 5. Its one request another set already
 * had is left out.
 */
export const INDEPENDENT_TUNING_3: EvalRequest[] = [
  {
    ask: 'Need the learning numbers for last October only: how many warehouse staff started a course that month and how many actually completed one?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'How many of our teachers published a new course in February 2025, and how many learners got going on something that same month?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'please give me numbers for month of june, how much people start and how much finish courses',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'big picture for the board slide: total learners, instructors, admins, number of courses and how many invites are still sitting unaccepted across the whole workspace',
    expect: ['analytics_hero'],
  },
  {
    ask: "what's our average time to finish a course, all time, and how many course completions do we have in total so far?",
    expect: ['analytics_hero'],
  },
  { ask: 'which CPE courses have the worst completion rate? show enrolled vs completed for each one', expect: ['analytics_courses'] },
  { ask: 'completion % per course, top 10 only', expect: ['analytics_courses'] },
  {
    ask: "Give me the full list of our learners with how many courses each one's been assigned and how many they've completed.",
    expect: ['analytics_students'],
  },
  { ask: 'list all student with their groups and how many course they complete pls', expect: ['analytics_students'] },
  {
    ask: 'pull the roster of everyone, assigned vs done side by side, I want to eyeball all of it before the compliance review',
    expect: ['analytics_students'],
  },
  { ask: "who on the floor has training assigned but hasn't finished a single thing yet?", expect: ['analytics_needs_attention'] },
  {
    ask: 'I need the staff with zero completions despite having courses on their plate, the ones I have to chase before the December CPE cutoff',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Show me the learners who haven't completed anything at all of what we gave them, I want to phone them this week",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'Who are our strongest students by share of courses completed? I want to hand out an award for excellence at the end of term.',
    expect: ['analytics_top_performers'],
  },
  { ask: "top 5 techs who've finished the highest proportion of their assigned courses", expect: ['analytics_top_performers'] },
  { ask: 'who is best learners in company, i need 3 names for the monthly prize', expect: ['analytics_top_performers'] },
  { ask: 'what groups do we have set up under Night Shift? show how many people in each', expect: ['groups_list'] },
  { ask: 'list every team in the workspace including nested subgroups and who leads each', expect: ['groups_list'] },
  { ask: 'add Priya Nair to the Westside Clinic group as an instructor', expect: ['groups_member_add'] },
  { ask: 'put user Tomas Novak in group Accounting Juniors, normal member', expect: ['groups_member_add'] },
  {
    ask: "Jake Morales is on medical leave, mark him inactive in the Dock 3 crew but don't kick him off the platform",
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'Ana Souza is back from maternity leave, can you reactivate her in the Portuguese Teachers group?',
    expect: ['groups_member_set_status'],
  },
  {
    ask: "pause Kevin Lee's membership in Audit Seniors while he's on secondment to the Denver office, we'll switch him back in spring",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Dr. Hollis resigned last week, please remove her account from our workspace entirely', expect: ['members_remove'] },
  { ask: 'offboard contractor j.baker@vendorco.com from the whole platform, access has to be gone today', expect: ['members_remove'] },
  { ask: 'this person Mehmet leave the company, delete him from workspace', expect: ['members_remove'] },
  { ask: 'tag Luis Ortega as forklift-certified and night-shift', expect: ['members_set_tags'] },
  { ask: 'wipe all the tags off Ben Wright, they are outdated', expect: ['members_set_tags'] },
  { ask: "We merged the two Saturday French classes, so get rid of the 'French A2 Sat PM' group", expect: ['groups_delete'] },
  { ask: 'delete the Q3 Phishing Pilot group and everything under it, pilot is over', expect: ['groups_delete'] },
  {
    ask: "how's the Ethics 2025 assignment going? what percent of staff have completed it and who's still outstanding?",
    expect: ['assignments_get'],
  },
  {
    ask: 'check on the anesthesia monitoring assignment we gave the Northside team: when is it due and how many have finished',
    expect: ['assignments_get'],
  },
  { ask: 'what training does Danny Kim have assigned right now and is any of it overdue?', expect: ['assignments_for_user'] },
  {
    ask: 'Show me everything assigned to our new teacher Clara Muller and how far she has gotten in each one',
    expect: ['assignments_for_user'],
  },
  { ask: 'all courses given to user Fatima, which one is late?', expect: ['assignments_for_user'] },
  { ask: "cancel the old 2023 radiology safety assignment, it's been replaced by the new one", expect: ['assignments_remove'] },
  { ask: 'remove the duplicate tax update assignment I accidentally created for the audit team', expect: ['assignments_remove'] },
  {
    ask: "make the 'Advanced Threat Hunting' section of the course catalog visible only to the IT Security group",
    expect: ['explore_set_audience'],
  },
  { ask: 'hide the business english section of the browse page from the kids groups', expect: ['explore_set_audience'] },
  {
    ask: "turn off the browse page for learners, I don't want people wandering into random courses during shifts",
    expect: ['explore_toggle'],
  },
  { ask: 'enable explore page again for students, we close it by mistake', expect: ['explore_toggle'] },
  {
    ask: 'How far along is Megan Ross in Dental Cleaning Fundamentals, unit by unit, and is she taking longer than the rest of the team?',
    expect: ['learning_student_units'],
  },
  {
    ask: "break down Raj Patel's progress in Lease Accounting (ASC 842): which topics and activities he's done, his unit quiz scores, and whether he passed the test",
    expect: ['learning_student_units'],
  },
  {
    ask: 'which questions on the phishing final test do people get wrong the most, and what wrong answer do they usually pick?',
    expect: ['learning_question_stats'],
  },
  { ask: 'For the B2 grammar quiz in unit 4, rank the questions by how often students miss them', expect: ['learning_question_stats'] },
  { ask: 'worst questions on forklift safety test for night shift group', expect: ['learning_question_stats'] },
  { ask: "for unit 2 'Pain Management' show each topic's completion, average quiz score and time spent", expect: ['learning_unit_topics'] },
  {
    ask: 'in the Revenue Recognition unit, which topic are people spending the longest on and which has the lowest completion?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'How are students doing on the speaking role-plays in Conversational Spanish? how many attempted them and what is the average best score?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'completion of the social engineering simulations in Security Basics, and how many tries people need on average',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'score spread for the pallet jack quiz, how many landed in 0-24, 25-49 and so on', expect: ['performance_quiz'] },
  { ask: "I'd like to see everyone's score on the depreciation quiz in topic 3, plus the average", expect: ['performance_quiz'] },
  { ask: "quiz result of each person for activity 'Safety Check 1', and who finish it", expect: ['performance_quiz'] },
  {
    ask: 'What units and topics are in the Canine Dentistry course? I want the outline before I revise it.',
    expect: ['courses_structure'],
  },
  { ask: 'show me inside of course Excel Basic, how many unit and is there final test', expect: ['courses_structure'] },
  { ask: "any new radar alerts I haven't looked at yet?", expect: ['radar_alerts_list'] },
  { ask: 'show me the last 10 alerts we already acted on', expect: ['radar_alerts_list'] },
  {
    ask: 'Can you make me a chart of weekly activity for the IELTS group and explain why engagement dropped after the midterm?',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'ask the analytics assistant which clinic is falling behind on the new triage protocol training and what I should do about it',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'why is night shift so much worse than day shift at finishing training? give me some insight and suggestions',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'set up a flashcard deck on foods that are toxic to dogs using the Toxicology folder, mixed difficulty, spaced repetition',
    expect: ['components_create'],
  },
  {
    ask: 'create an AI chat tutor that answers staff questions about our password policy, grounded on the policy docs, with guardrails on',
    expect: ['components_create'],
  },
  {
    ask: 'Build a role-play where the student checks into a hotel in Madrid and the receptionist greets them first',
    expect: ['components_create'],
  },
  { ask: 'switch the Tax Season chatbot to inactive until January', expect: ['components_set_status'] },
  { ask: 'flashcards component cmp_22 still draft, make it active pls', expect: ['components_set_status'] },
  { ask: 'make a 12-slide deck on spotting phishing emails, en-US, with our logo on it', expect: ['presentations_create'] },
  {
    ask: 'I need a short PDF presentation, 8 slides, on safe lifting technique for the toolbox talk, icons only no pictures',
    expect: ['presentations_create'],
  },
  {
    ask: 'Please prepare a 15-slide presentation in Spanish (es-ES) about the subjunctive mood, with AI-generated images',
    expect: ['presentations_create'],
  },
  {
    ask: 'generate a short summary handout about feline hyperthyroidism for new techs and put it in the Endocrine folder',
    expect: ['materials_generate'],
  },
  { ask: 'make outline about GDPR basics for beginner, medium length', expect: ['materials_generate'] },
  {
    ask: "upload the new receiving SOP pdf from this link and wait till it's fully processed so I can hook it to a chatbot right away: https://files.acme-logistics.com/sop-receiving-v4.pdf",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'Add this audio recording of the listening exam as a material and only tell me once it is done processing: https://cdn.linguaschool.org/b1-listening-2025.mp3',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "ingest the incident response training video at https://media.corp.example/ir-101.mp4 and don't come back to me until it's ready to use",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "save this text as a material called 'Post-op Discharge Checklist': 1) check incision 2) confirm e-collar 3) go over meds with owner",
    expect: ['materials_create'],
  },
  {
    ask: 'add the AICPA article on independence rules as a material in the Ethics folder, link https://www.aicpa.org/independence-update, with it listed as a reference',
    expect: ['materials_create'],
  },
  { ask: "I paste the text of office rules below, please save as new material name 'Office Rules'", expect: ['materials_create'] },
  {
    ask: 'please upload this pdf file to our materials https://intranet.example.com/handbook2025.pdf',
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'what materials do we have in the Grammar folder?', expect: ['materials_list'] },
  { ask: "search our content library for anything with 'MFA' in the name", expect: ['materials_list'] },
  { ask: "make a new folder 'Dermatology' inside Clinical Protocols", expect: ['folders_create'] },
  { ask: 'create a folder to hold the 2026 CPE season materials', expect: ['folders_create'] },
  { ask: "rename the 'Forklift' folder to 'Powered Equipment' and give it an orange color", expect: ['folders_update'] },
  { ask: "Move the 'Exam Prep' folder so it sits under 'Cambridge Courses'", expect: ['folders_update'] },
  { ask: 'is that phishing deck done yet?', expect: ['jobs_get'] },
  { ask: 'how far along is the file upload I kicked off 10 minutes ago? still running?', expect: ['jobs_get'] },
  { ask: 'the notes generating job, it finish or not? give me result', expect: ['jobs_get'] },
  { ask: 'stop the presentation that is being generated, I put in the wrong topic', expect: ['jobs_cancel'] },
  { ask: 'assign the forklift refresher course to the whole night shift group, due end of month', expect: [] },
  { ask: "email a reminder to everyone who hasn't finished their ethics CPE hours", expect: [] },
  { ask: 'Invite our new teacher jorge.ramos@linguaschool.org to join the platform', expect: [] },
  { ask: 'push the due date of the annual security awareness assignment back two weeks', expect: [] },
  { ask: 'print completion certificates for all the techs who finished anesthesia training', expect: [] },
  { ask: 'reset password for user Ahmed, he cannot login since monday', expect: [] },
];

/**
 * The sixth independent held-out set, by another such hand (a mining company's safety trainer, a pharmacy chain's
 * district lead, an architecture studio lead, a community college dean, a telecom field-technician trainer,
 * an executive typing one-liners on a phone), written before round 5 and judging it: misses never printed
 * (its requests, not its ranks, were printed once by a duplicate check after that judgement).
 */
export const INDEPENDENT_HELD_OUT_6: EvalRequest[] = [
  {
    ask: 'How many of our faculty actually finished a course during October, and how many started one?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'how many ppl completed training in sept', expect: ['analytics_monthly_overview'] },
  {
    ask: "Our partners want to know how many new courses the team built and published back in February. Can you pull that month's numbers?",
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'total headcount on the platform + how many invites still pending', expect: ['analytics_hero'] },
  {
    ask: "Give me the big picture for the whole company account: how many learners, instructors, admins, courses, and completions we've racked up since launch.",
    expect: ['analytics_hero'],
  },
  {
    ask: 'whats the average time it takes a tech to get through a course, across everything we have ever run?',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Which of our safety courses have the worst completion rate? I need enrolled vs finished for each one.',
    expect: ['analytics_courses'],
  },
  { ask: 'show me enrollment and completion % by course, top 10 is fine', expect: ['analytics_courses'] },
  {
    ask: "I'm preparing for the curriculum committee. List each course with how many are enrolled and what share of them have completed it.",
    expect: ['analytics_courses'],
  },
  {
    ask: "Pull the full roster of everyone in the studio with how many courses each person has been assigned and how many they've finished.",
    expect: ['analytics_students'],
  },
  { ask: 'list every tech w/ assigned vs completed courses and which crews theyre in', expect: ['analytics_students'] },
  { ask: 'all learners + how much each has done, whole list', expect: ['analytics_students'] },
  {
    ask: "Who on the crews has been given training but hasn't completed a single course yet? I want to chase them before the MSHA audit.",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'wich of my pharmacists have zero completions on the stuff they were assigned', expect: ['analytics_needs_attention'] },
  { ask: 'who hasnt finished anything they were assigned', expect: ['analytics_needs_attention'] },
  {
    ask: "I'd like to recognize our most diligent adjuncts at the spring meeting. Who has the best completion rate?",
    expect: ['analytics_top_performers'],
  },
  { ask: 'top 5 techs by completion ratio pls', expect: ['analytics_top_performers'] },
  {
    ask: 'Who are the standouts in the studio when it comes to finishing their assigned learning? Rank them for me.',
    expect: ['analytics_top_performers'],
  },
  { ask: 'What groups do we have set up under the Northeast District? Include the sub-groups underneath it.', expect: ['groups_list'] },
  {
    ask: 'Show me all our departments and cohorts as they are organized on the platform, with how many people are in each.',
    expect: ['groups_list'],
  },
  { ask: 'Put Dale Kowalski into the Underground Shift 2 group.', expect: ['groups_member_add'] },
  {
    ask: "Add Priya Raman to the BIM Coordination group as an instructor, she's going to lead it this term.",
    expect: ['groups_member_add'],
  },
  { ask: 'new hire marcus thibault needs to be in the Region 4 Fiber crew group', expect: ['groups_member_add'] },
  {
    ask: "Mark Jenna Ortiz as inactive in the Store 114 group while she's on maternity leave. Don't take her off the company account.",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Tomas is back from injury leave, set him active again in Pit Crew B.', expect: ['groups_member_set_status'] },
  {
    ask: "Please set Professor Hallowell to inactive in the Fall Adjunct Cohort; he's not teaching this semester but he's staying with the college.",
    expect: ['groups_member_set_status'],
  },
  { ask: 'We dissolved the Studio East team. Delete that group, subgroups and all.', expect: ['groups_delete'] },
  { ask: 'kill the 2023 summer interns group', expect: ['groups_delete'] },
  { ask: 'Ray Delgado quit last week, take him off the platform completely.', expect: ['members_remove'] },
  {
    ask: 'Remove Kevin Pham from our workspace entirely. He left for another company, this is not a store transfer.',
    expect: ['members_remove'],
  },
  { ask: "offboard sarah lin, she's gone, cut all her access", expect: ['members_remove'] },
  { ask: "Tag Bill Hanley as 'blaster-certified' and 'first-aid', and drop whatever tags he had before.", expect: ['members_set_tags'] },
  { ask: "Clear all the org tags off Dr. Nguyen's profile, they're out of date.", expect: ['members_set_tags'] },
  {
    ask: "How's the Lockout/Tagout refresher assignment going? What percent of the people it went out to have completed it?",
    expect: ['assignments_get'],
  },
  {
    ask: "For the Building Codes 2024 assignment, who has finished and who still has not? Show me each person's progress on it.",
    expect: ['assignments_get'],
  },
  { ask: 'status of the q3 compliance asignment?', expect: ['assignments_get'] },
  { ask: 'What training has been assigned to Marisol Vega, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: "everything on Jamal Brooks's plate right now, with due dates", expect: ['assignments_for_user'] },
  {
    ask: 'Could you list all the courses assigned to our new department chair, Dr. Patel, and how far along she is on each one?',
    expect: ['assignments_for_user'],
  },
  { ask: 'Cancel the Revit Basics assignment I gave the juniors yesterday, it was a mistake.', expect: ['assignments_remove'] },
  { ask: "pull the old tower rescue assignment, it's been replaced by the new one", expect: ['assignments_remove'] },
  {
    ask: "Only show the 'Compounding Skills' section of the explore page to the Compounding Techs group.",
    expect: ['explore_set_audience'],
  },
  {
    ask: 'Hide the Leadership Electives section of the browsable catalog from the Student Workers group.',
    expect: ['explore_set_audience'],
  },
  {
    ask: 'Turn off the explore page for the crews. I only want them seeing their assigned safety training, not browsing extra courses.',
    expect: ['explore_toggle'],
  },
  { ask: 'switch explore back on for learners', expect: ['explore_toggle'] },
  {
    ask: "How's Tyrell doing in Fiber Splicing 101? I want it unit by unit, and whether he's taking longer than the rest of the team.",
    expect: ['learning_student_units'],
  },
  {
    ask: "Break down Kyle Moss's progress in Confined Space Entry: which units and activities are done, and did he pass the unit test?",
    expect: ['learning_student_units'],
  },
  {
    ask: 'where is Lena stuck in Revit Fundamentals? show me the topics and activities she has completd',
    expect: ['learning_student_units'],
  },
  {
    ask: 'On the Controlled Substances final test, which questions are people getting wrong most often?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'Which items on the Online Teaching Certificate quiz trip up the most faculty, and what wrong answer do they usually pick?',
    expect: ['learning_question_stats'],
  },
  { ask: 'most missed questions on the pole climbing safety test, region 4 crew only', expect: ['learning_question_stats'] },
  { ask: 'Show me what each person scored on the Gas Detection quiz and how the scores are spread out.', expect: ['performance_quiz'] },
  { ask: 'For the Accessibility Standards quiz, how many people landed under 50% versus 75% and up?', expect: ['performance_quiz'] },
  { ask: 'ethics quiz results, who got what', expect: ['performance_quiz'] },
  {
    ask: 'In Unit 2 of the Immunization Certification course, which topics have low completion and how long are people spending on each?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'Topic-by-topic average quiz scores for the Classroom Assessment unit, just for the Nursing Dept group please.',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'How are the techs doing on the angry-customer role-plays in the Customer Visit Etiquette course? Completion and average best score.',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'have my techs even started the patient counseling practice scenarios in Counseling Essentials? how many tries are they taking',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'Client pitch role-play completion for the Presenting to Clients course, how many have gotten through it?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'What units and topics make up the Online Teaching Certificate course? I need the outline for our accreditation binder.',
    expect: ['courses_structure'],
  },
  {
    ask: 'List the modules and topics in Ground Control Awareness, and tell me whether it has a unit test.',
    expect: ['courses_structure'],
  },
  { ask: 'anything new flagged by radar?', expect: ['radar_alerts_list'] },
  {
    ask: "Show me the alerts we dismissed recently. I want to double-check we didn't brush off something important.",
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'Why do you think completion dropped among part-time faculty this term? Dig into the data and give me a chart I can show the provost.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I'd love a chart comparing how the stores in my district are engaging with training, plus your advice on where I should focus next quarter.",
    expect: ['performance_insights_ask'],
  },
  { ask: 'quick read on training trends + anything worrying, for my board update', expect: ['performance_insights_ask'] },
  {
    ask: 'Set up a flashcard deck for the new techs built from the Fiber Splicing materials, medium difficulty, spaced repetition.',
    expect: ['components_create'],
  },
  {
    ask: 'Create an AI tutor chatbot students can ask about financial aid, using what is in the Financial Aid folder.',
    expect: ['components_create'],
  },
  { ask: 'make a practice test for the juniors off the Building Codes study material', expect: ['components_create'] },
  {
    ask: 'Take the Hazmat Q&A chatbot offline for now, set it to inactive until the new regs are loaded.',
    expect: ['components_set_status'],
  },
  { ask: 'flip the flashcards widget from draft to live', expect: ['components_set_status'] },
  { ask: "Make a 12-slide deck on heat stress prevention for Monday's toolbox talk, in English.", expect: ['presentations_create'] },
  {
    ask: 'I need a slide presentation in Spanish about proper vaccine storage, around 15 slides, with our logo on it.',
    expect: ['presentations_create'],
  },
  { ask: 'build me a powerpoint on ladder safety, 8 slides, use icons instead of photos', expect: ['presentations_create'] },
  {
    ask: 'Write up study notes on passive house design principles for the juniors, professional level, and drop them in the Sustainability folder.',
    expect: ['materials_generate'],
  },
  { ask: 'Can you have the AI draft a short summary of FERPA basics for our new academic advisors?', expect: ['materials_generate'] },
  { ask: 'generate an outline on 5G small cell installs, college level, make it long', expect: ['materials_generate'] },
  {
    ask: "Upload the new pharmacy policy manual PDF and wait till it's fully processed so I can use it right away.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Here's the link to the MSHA regs PDF. Bring it in and only tell me once it's done processing and ready to use.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'upload our recorded lecture on facade detailing (video) and hang on until it finishes processing before you get back to me',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Save this paragraph about our academic integrity policy as a new material called 'Integrity Policy 2025': Students are expected to submit only their own work...",
    expect: ['materials_create'],
  },
  {
    ask: "Add the vendor's splicing guide page https://vendor.example.com/splice-guide to the Vendor Docs folder as a material, no need to wait on processing.",
    expect: ['materials_create'],
  },
  { ask: "save these as a material: 'Q3 priorities - safety first, cut travel, finish onboarding revamp'", expect: ['materials_create'] },
  { ask: 'What materials do we have sitting in the Emergency Response folder?', expect: ['materials_list'] },
  { ask: "search our library for anything called 'onboarding'", expect: ['materials_list'] },
  { ask: "Make a new folder called 'Flu Season 2025' to keep this year's training materials together.", expect: ['folders_create'] },
  { ask: "Create a subfolder named 'Detailing Standards' inside the Technical Library folder.", expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Accreditation Evidence' and give it a short description.", expect: ['folders_update'] },
  { ask: 'move the Fiber Docs folder under Training Archive', expect: ['folders_update'] },
  { ask: 'Is the slide deck on sustainable materials I asked for earlier finished yet?', expect: ['jobs_get'] },
  { ask: 'that upload from earlier, is it done or still running? if done send me the result', expect: ['jobs_get'] },
  { ask: "Stop the presentation you're generating on blasting procedures, I gave you the wrong slide count.", expect: ['jobs_cancel'] },
  { ask: 'cancel that deck job', expect: ['jobs_cancel'] },
  { ask: 'Assign the HIPAA Refresher to all Store 114 staff, due the end of the month.', expect: [] },
  { ask: 'Create a new group for the Spring 2026 adjunct cohort.', expect: [] },
  { ask: "Text a reminder to every tech who's overdue on Pole Climbing Safety.", expect: [] },
  { ask: 'Invite the 15 new contractors starting Monday to the workspace by email.', expect: [] },
  { ask: "Mark the radar alert about low Revit completion as handled, we've dealt with it.", expect: [] },
  { ask: "reset jim's password", expect: [] },
];

/**
 * The seventh independent held-out set, by another such hand (an agricultural extension agent, a game studio's
 * onboarding lead, a research-lab manager, a cruise line's crew-training officer, a nonprofit program
 * officer, an HR software company's customer-success manager), written before round 5 and judging it:
 * misses never printed (its requests, not its ranks, were printed once by a duplicate check after that
 * judgement). Its two requests other sets already had are left out.
 */
export const INDEPENDENT_HELD_OUT_7: EvalRequest[] = [
  { ask: 'how many growers actually finished a course in august? need it for the board packet', expect: ['analytics_monthly_overview'] },
  {
    ask: 'For the Brightline QBR I only want September 2025: how many of their admins started building courses that month and how many got published?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'feb recap for crew training - learners starting vs completing, split by course type', expect: ['analytics_monthly_overview'] },
  {
    ask: 'Give me the big-picture totals for the lab workspace since we launched: number of students, instructors, admins and courses.',
    expect: ['analytics_hero'],
  },
  { ask: 'how many studio invites are still sitting there unaccepted, across everyone?', expect: ['analytics_hero'] },
  {
    ask: 'On average, how long does it take someone in our program to get through a course start to finish? All-time figure, not a single month.',
    expect: ['analytics_hero'],
  },
  { ask: 'which of our extension courses have the worst completion rate? Pesticide Safety feels low to me', expect: ['analytics_courses'] },
  {
    ask: "Is anyone actually completing 'Running Payroll in Canada'? Show me enrolled vs completed for each course in the account.",
    expect: ['analytics_courses'],
  },
  {
    ask: 'list everybody in the lab workspace with how many trainings they were assigned and how many they finished',
    expect: ['analytics_students'],
  },
  {
    ask: 'I need the full participant roster with assigned vs completed counts for the quarterly funder report, everyone not just the strugglers',
    expect: ['analytics_students'],
  },
  { ask: 'show me all our learners and which groups each one belongs to', expect: ['analytics_students'] },
  { ask: "who on the crew has training assigned but hasn't completed a single module yet?", expect: ['analytics_needs_attention'] },
  { ask: 'flag the growers stuck at zero completions so I can phone them this week', expect: ['analytics_needs_attention'] },
  {
    ask: "Which learners have coursework on their plate and literally nothing finished? I want to nudge them before the client's go-live.",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'who are our star new hires by completion rate? want to give them a shoutout at all-hands', expect: ['analytics_top_performers'] },
  {
    ask: 'Top 5 participants ranked by how much of their assigned coursework they have finished, please.',
    expect: ['analytics_top_performers'],
  },
  { ask: 'leaderboard pls - best finishers in the lab', expect: ['analytics_top_performers'] },
  { ask: "what groups do we have set up? can't remember if there's one for the Tulare County dairy folks", expect: ['groups_list'] },
  { ask: 'show every subgroup under Deck Department, nested ones included, with headcounts', expect: ['groups_list'] },
  { ask: 'put Priya Raman into the Level Design Onboarding group', expect: ['groups_member_add'] },
  {
    ask: 'Could you add Dr. Okafor to the Biosafety Level 2 group as an instructor rather than a regular member?',
    expect: ['groups_member_add'],
  },
  {
    ask: "Jens is on contract break - set him inactive in the Bridge Team group but don't kick him off the platform",
    expect: ['groups_member_set_status'],
  },
  { ask: 'mark Tanisha inactive in the Spring 2025 cohort, she deferred to fall', expect: ['groups_member_set_status'] },
  { ask: "Bill Hanley's back for the season, reactivate him in the Organic Transition group", expect: ['groups_member_set_status'] },
  { ask: "delete the 'Summer Interns 2023' group entirely, subgroups and all", expect: ['groups_delete'] },
  { ask: 'the pilot cohort group is dead, get rid of it', expect: ['groups_delete'] },
  { ask: 'Kevin from Brightline left the company, take him out of our workspace completely', expect: ['members_remove'] },
  { ask: 'remove the postdoc who left last month from the whole lab platform, not just one group', expect: ['members_remove'] },
  { ask: "Ana Souza's contract ended and she's not coming back. Revoke her access to the training workspace.", expect: ['members_remove'] },
  { ask: "tag Maria Delgado as 'almonds' and 'certified-applicator'", expect: ['members_set_tags'] },
  { ask: "replace Sam's labels with just engine-team and remote, drop the rest", expect: ['members_set_tags'] },
  {
    ask: 'How is the Financial Literacy Basics assignment going? How many of the 40 people have finished it so far?',
    expect: ['assignments_get'],
  },
  { ask: "who's still incomplete on the STCW refresher assignment that's due june 30", expect: ['assignments_get'] },
  { ask: 'pull up assignment asg_8812 - what are the completion criteria and who was it given to', expect: ['assignments_get'] },
  { ask: 'what has Leo Park been assigned, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: "everything on Juan Ortiz's plate right now with his progress on each", expect: ['assignments_for_user'] },
  { ask: "I need to see all of Hannah's required trainings and which ones she's done", expect: ['assignments_for_user'] },
  { ask: "Cancel the 'Year-end W-2 prep' assignment, we sent it to the wrong client group by mistake.", expect: ['assignments_remove'] },
  { ask: "take down the old firefighting assignment, it's been replaced", expect: ['assignments_remove'] },
  { ask: "hide the 'Advanced Shader Programming' section of the course catalog from the QA group", expect: ['explore_set_audience'] },
  {
    ask: 'Make the Donor Stewardship section of the browse page visible only to staff, not to program participants.',
    expect: ['explore_set_audience'],
  },
  { ask: 'turn off the course browsing page for crew, i want them doing only what is assigned', expect: ['explore_toggle'] },
  {
    ask: 'can you switch on the explore page so grad students can wander through optional courses on their own?',
    expect: ['explore_toggle'],
  },
  {
    ask: 'How far along is Raj in Lab Safety Fundamentals, unit by unit, and is he slower than the rest of the team?',
    expect: ['learning_student_units'],
  },
  {
    ask: 'did Tom at Northwind pass the unit test in Payroll Admin Certification? show me his breakdown by topic',
    expect: ['learning_student_units'],
  },
  { ask: 'which questions on the Pesticide Label Reading test are people getting wrong the most?', expect: ['learning_question_stats'] },
  {
    ask: 'most-missed questions on the Git Basics quiz for the art team, and what wrong answer do they usually pick',
    expect: ['learning_question_stats'],
  },
  { ask: 'on the budgeting quiz which items trip our participants up', expect: ['learning_question_stats'] },
  { ask: 'scores on the fume hood quiz - how many people landed in 75-100 vs below 50?', expect: ['performance_quiz'] },
  { ask: 'who took the Lifeboat Launch quiz and what did each person score', expect: ['performance_quiz'] },
  { ask: 'Can I get the score spread for the Tax Withholding Check quiz, plus the average percent?', expect: ['performance_quiz'] },
  {
    ask: 'in unit 2 of Studio Pipeline which topics have the lowest completion, and how long does each one take on average',
    expect: ['learning_unit_topics'],
  },
  { ask: 'average quiz score per topic in the Soil Health unit for the Fresno growers group', expect: ['learning_unit_topics'] },
  {
    ask: 'How are people doing on the customer-call role-plays in the Support Onboarding course? Attempts and best scores please.',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'completion of the guest complaint roleplay exercises in Guest Services, how many even started',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'show me the outline of the Radiation Safety course - units, topics, and whether there is a final test',
    expect: ['courses_structure'],
  },
  {
    ask: "What's inside the Career Ready course? I need the list of units and lessons to plan our workshop calendar.",
    expect: ['courses_structure'],
  },
  { ask: 'show me the warnings the monitors raised that we dismissed last time', expect: ['radar_alerts_list'] },
  {
    ask: 'Ask the insights assistant why completion dipped in the youth cohort this spring and what we could do about it.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'can you chart new hire completion by department and tell me in plain words what stands out',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'set up a flashcard deck for incoming students from the Chemical Hygiene Plan folder, medium difficulty, spaced repetition',
    expect: ['components_create'],
  },
  { ask: 'Build an AI chat helper that answers client questions using our payroll setup guides.', expect: ['components_create'] },
  { ask: "deactivate the old onboarding chatbot, it's giving outdated answers", expect: ['components_set_status'] },
  { ask: 'the irrigation flashcards are ready, flip them from draft to live', expect: ['components_set_status'] },
  { ask: 'make me a 12 slide deck on integrated pest management for citrus, in spanish', expect: ['presentations_create'] },
  {
    ask: 'Generate a short presentation on muster drill procedures, 8 slides, British English, with our company logo on it.',
    expect: ['presentations_create'],
  },
  { ask: 'write up short study notes on our code review etiquette, college level', expect: ['materials_generate'] },
  { ask: 'have the AI draft a summary on proper sharps disposal and drop it in the Safety folder', expect: ['materials_generate'] },
  {
    ask: 'I need an overview document about multi-state payroll tax for customer admins, professional level, written from scratch.',
    expect: ['materials_generate'],
  },
  {
    ask: "upload the new SOLAS manual PDF and let me know once it's fully processed so crew can use it right away",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "here's the recording of the drip irrigation webinar - bring it in and hang on until it's done processing before you tell me",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'process the audio of last weeks workshop into a material and wait till its ready', expect: ['materials_upload_and_process'] },
  { ask: "Save this FAQ text I'm pasting as a new material called 'Garnishment FAQ'.", expect: ['materials_create'] },
  { ask: "add the link to the university's IRB guidelines page as a material in the Compliance folder", expect: ['materials_create'] },
  { ask: "just drop this paragraph about our crunch policy into the library as 'Crunch Policy'", expect: ['materials_create'] },
  { ask: 'what do we have in the Grant Writing folder?', expect: ['materials_list'] },
  { ask: 'do we already have something on norovirus in the library? check before I upload it again', expect: ['materials_list'] },
  { ask: "make a new folder 'Citrus 2025' under Grower Resources", expect: ['folders_create'] },
  { ask: 'create a folder to hold the Brightline client training docs', expect: ['folders_create'] },
  { ask: "rename the 'Misc' folder to 'Instrument SOPs'", expect: ['folders_update'] },
  { ask: 'move the Art Pipeline folder inside Departments and give it a one-line description', expect: ['folders_update'] },
  { ask: 'is the citrus deck done yet?', expect: ['jobs_get'] },
  { ask: 'check on that upload you started for me - how far along is it, did it fail?', expect: ['jobs_get'] },
  { ask: "cancel the insights question that's still running, it's taking forever", expect: ['jobs_cancel'] },
  { ask: "email a reminder to every grower who hasn't finished their certification", expect: [] },
  { ask: 'assign the Perforce Basics course to the whole engineering group, due friday', expect: [] },
  { ask: "Create a new group called 'Cryo-EM Users' for the microscope trainees.", expect: [] },
  { ask: 'extend the due date on the fire safety assignment by two weeks', expect: [] },
  { ask: 'issue completion certificates to everyone who finished Financial Literacy Basics', expect: [] },
  { ask: "reset Dana's attempt on the payroll certification test so she can retake it", expect: [] },
];

/**
 * A fourth tuning set by another hand that opened only the two API documents (a retail bank's branch
 * training manager, a theatre's volunteer coordinator, a high-school science department head, a SaaS
 * onboarding specialist, a trucking safety director, a solo HR person writing in lowercase), measured
 * once on the descriptions of round 5 (81 % first, 96 % in the top three), then tuned on in round 6. Its
 * one request another set already had is left out.
 */
export const INDEPENDENT_TUNING_4: EvalRequest[] = [
  {
    ask: 'How many of our tellers started versus finished training in October? Need it for the regional report.',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'For last month only: how many drivers kicked off a course, how many wrapped one up, and how many new courses did our trainers publish?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'what did learning activity look like in february 2025 like how many people started and completed stuff that month',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Give me the big picture for our whole volunteer workspace: how many volunteers, how many coordinators, total courses, and how many invites are still sitting unaccepted.',
    expect: ['analytics_hero'],
  },
  {
    ask: "On average how long does it take someone to finish a course here, start to end? Across everything we've ever run, not any particular month.",
    expect: ['analytics_hero'],
  },
  {
    ask: 'Which of our courses have the lowest completion rate? I want enrolled vs completed for each one.',
    expect: ['analytics_courses'],
  },
  {
    ask: 'Is Front of House Basics actually getting finished, or do people sign up and bail? Show me how each course stacks up against the others.',
    expect: ['analytics_courses'],
  },
  {
    ask: "Pull up every student on the platform with how many courses each was assigned and how many they've finished.",
    expect: ['analytics_students'],
  },
  { ask: 'need a list of everyone w their assigned vs completed course counts for the quarterly thing', expect: ['analytics_students'] },
  {
    ask: "Roster of all learners and which groups they're in, with their completion counts. Everybody, not just the stragglers.",
    expect: ['analytics_students'],
  },
  {
    ask: "Who has been assigned training but hasn't completed a single course yet? I need to chase them before the audit.",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'drivers w/ assigned training and zero completions', expect: ['analytics_needs_attention'] },
  {
    ask: 'Which volunteers have stuff assigned and literally nothing finished? Want to nudge them before opening night.',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Who are my five best students by completion rate? I'd like to recognize them at the science fair.",
    expect: ['analytics_top_performers'],
  },
  { ask: 'whos crushing it on training right now top 10 pls', expect: ['analytics_top_performers'] },
  {
    ask: "I'm putting together a 'champions' shoutout for the newsletter. Rank our learners by how much of their assigned coursework they've completed.",
    expect: ['analytics_top_performers'],
  },
  { ask: "What groups do we have set up? I can't remember if there's a separate one for the box office team.", expect: ['groups_list'] },
  { ask: 'Show me all the subgroups under Midwest Region, including the nested terminal groups under those.', expect: ['groups_list'] },
  { ask: 'add priya to the engineering group as a regular member', expect: ['groups_member_add'] },
  {
    ask: "Please put Mr. Okafor into the Chemistry group as an instructor so he can see his kids' progress.",
    expect: ['groups_member_add'],
  },
  {
    ask: "Maria is taking the summer off from ushering. Mark her inactive in the Ushers group but don't remove her, she'll be back in September.",
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'Driver Tom Reyes is on medical leave. Pause his membership in the Long Haul group but keep him in the system.',
    expect: ['groups_member_set_status'],
  },
  { ask: "reactivate Denise in the Downtown Branch group, she's back from maternity leave", expect: ['groups_member_set_status'] },
  { ask: "Get rid of the 2023-24 Physics Club group entirely, subgroups and all. We don't need it anymore.", expect: ['groups_delete'] },
  { ask: 'delete the Pilot Q1 trial group, the pilot ended', expect: ['groups_delete'] },
  { ask: 'jordan left the company last friday remove him from the learning platform completely', expect: ['members_remove'] },
  {
    ask: 'A teller at the Eastside branch was terminated. Please take her account out of the whole workspace, not just the branch group.',
    expect: ['members_remove'],
  },
  {
    ask: "One of our volunteers asked us to delete her from the system altogether since she moved to Portland. Her name's Keisha Brown.",
    expect: ['members_remove'],
  },
  { ask: 'Tag driver Luis Ortega as hazmat-certified and night-shift.', expect: ['members_set_tags'] },
  { ask: 'clear all the tags on sams profile', expect: ['members_set_tags'] },
  {
    ask: "How's the Q3 AML Refresher assignment going? How many people got it, how many are done, and when is it due?",
    expect: ['assignments_get'],
  },
  {
    ask: "For the Admin Certification assignment, show me which learners have completed it and who hasn't, with everyone's progress.",
    expect: ['assignments_get'],
  },
  {
    ask: "what are the pass requirements on the hours-of-service assignment? is a test required, what's the min score",
    expect: ['assignments_get'],
  },
  { ask: 'What has Derek been assigned, and is he behind on any of it?', expect: ['assignments_for_user'] },
  { ask: 'everything assigned to new hire alex kim and whats overdue', expect: ['assignments_for_user'] },
  {
    ask: "I'm meeting with our student teacher Ravi tomorrow. Can you show me all the courses on his plate and how far along he is on each?",
    expect: ['assignments_for_user'],
  },
  { ask: 'We assigned the wrong course to the Beta customers cohort. Please cancel that assignment.', expect: ['assignments_remove'] },
  { ask: "remove the old 2023 fraud awareness assignment, it's been replaced by the new one", expect: ['assignments_remove'] },
  { ask: 'Hide the Stage Combat section of the course catalog from the Youth Volunteers group.', expect: ['explore_set_audience'] },
  {
    ask: 'Make the AP Chemistry section on the browse page visible only to the 11th and 12th grade groups.',
    expect: ['explore_set_audience'],
  },
  { ask: 'turn off the explore page for everyone i dont want ppl browsing random courses', expect: ['explore_toggle'] },
  {
    ask: 'Can we switch the course catalog back on so learners can browse and pick up courses on their own again?',
    expect: ['explore_toggle'],
  },
  {
    ask: "Drill into Kevin Liu's progress in Teller Cash Handling: which units and topics are done, how long he spent on each, compared with the rest of the team.",
    expect: ['learning_student_units'],
  },
  { ask: 'how far is Pete Alvarez in Defensive Driving, did he take the unit test, what score', expect: ['learning_student_units'] },
  {
    ask: 'Is Aisha stuck somewhere in Lab Safety 101? I want to see unit by unit where she is and whether she passed the end-of-unit test.',
    expect: ['learning_student_units'],
  },
  {
    ask: 'Which questions on the Platform Basics final test are people getting wrong most often, and what wrong answer do they usually pick?',
    expect: ['learning_question_stats'],
  },
  { ask: 'box office quiz - which questions trip people up', expect: ['learning_question_stats'] },
  {
    ask: 'For the Hazmat Placards quiz, rank the questions by miss rate for just the Southern Terminal group.',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'In the Stoichiometry unit, which topics have the lowest completion and where are kids spending the most time?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'which topics in the benefits unit have low completion and bad quiz scores feels like people skip some',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'How are learners doing on the role-play practice in the Customer Success course? Started vs finished, and the average best score.',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'How many tellers have attempted the angry-customer simulation in Service Excellence, and how many tries does it take them on average?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: "Show me the score spread on the Pre-Trip Inspection quiz: how many drivers land in each range, and each driver's own score.",
    expect: ['performance_quiz'],
  },
  { ask: 'Who took the Periodic Table quiz and what did each kid get?', expect: ['performance_quiz'] },
  { ask: 'avg score on the harassment prevention quiz and who failed', expect: ['performance_quiz'] },
  {
    ask: "What's in the Usher Training course? List the units and topics so I can tell new folks what to expect.",
    expect: ['courses_structure'],
  },
  { ask: 'outline of Advanced Reporting course - how many units, topics, unit tests', expect: ['courses_structure'] },
  {
    ask: "Show me every monitor alert we've dismissed recently. I want to double-check we didn't brush off anything serious.",
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'Why did onboarding completion dip for customers who signed up in Q2? Dig into the data and give me a chart if you can.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I'd love a plain-language analysis: do students who finish Lab Safety early tend to score better on the later chemistry quizzes?",
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'What patterns do you see in which volunteers drop off after their first-shift training? I want real insight, not just a table of numbers.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Set up a flashcard deck on the new Reg E dispute rules for tellers, medium difficulty, 30 cards, spaced repetition.',
    expect: ['components_create'],
  },
  {
    ask: "Create an AI tutor chatbot that answers drivers' questions using our FMCSA hours-of-service materials folder.",
    expect: ['components_create'],
  },
  { ask: 'Take the Intermission Concessions chatbot offline for now.', expect: ['components_set_status'] },
  { ask: 'The chem practice test is ready. Flip it from draft to live so students can use it.', expect: ['components_set_status'] },
  {
    ask: "Make me a 12-slide deck on winter driving safety for Monday's meeting, in English, with our logo on it.",
    expect: ['presentations_create'],
  },
  {
    ask: 'I need a PDF presentation, 20 slides, in Spanish, on spotting check fraud, with AI-generated pictures.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Have the AI write up study notes on cellular respiration at a high school level, long version, and file them in the Biology folder.',
    expect: ['materials_generate'],
  },
  { ask: 'generate a short overview of SSO setup for customers, professional level', expect: ['materials_generate'] },
  {
    ask: "Upload the new DOT compliance handbook PDF and don't come back until it's fully processed and ready.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Here's the link to our updated Reg CC policy PDF. Pull it in and let me know once it's done processing so I can hook it up to the chatbot.",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'upload the handbook video and tell me when its finished processing', expect: ['materials_upload_and_process'] },
  {
    ask: 'Save this as a material called Emergency Exit Procedures: in case of fire, ushers guide patrons to the nearest lit exit and regroup at the lobby doors.',
    expect: ['materials_create'],
  },
  { ask: 'Add this link to our materials as NGSS Standards Reference: https://www.nextgenscience.org/', expect: ['materials_create'] },
  {
    ask: 'I already have the FAQ copy written, just store it as a new material in the Onboarding folder. No AI rewriting.',
    expect: ['materials_create'],
  },
  { ask: 'What training materials do we have in the Hazmat folder?', expect: ['materials_list'] },
  { ask: 'search our materials for anything with KYC in the name', expect: ['materials_list'] },
  { ask: 'Create a folder called Enterprise Tier inside the Customer Guides folder.', expect: ['folders_create'] },
  { ask: 'new folder for benefits docs pls', expect: ['folders_create'] },
  { ask: 'Rename the Misc folder to Integrations Guides and give it a short description.', expect: ['folders_update'] },
  { ask: 'change the color on the Box Office folder to red', expect: ['folders_update'] },
  { ask: 'Is that fraud deck done yet? How far along is it?', expect: ['jobs_get'] },
  { ask: 'Did the cellular respiration notes finish generating? Check on that background task for me.', expect: ['jobs_get'] },
  { ask: "Stop the slide deck you're building, I gave you the wrong topic.", expect: ['jobs_cancel'] },
  { ask: 'cancel that upload its the wrong file', expect: ['jobs_cancel'] },
  { ask: 'Assign the new Elder Financial Abuse course to all branch groups, due November 30.', expect: [] },
  { ask: "Email a reminder to all the volunteers who haven't finished their training yet.", expect: [] },
  { ask: 'Invite the three new biology teachers to the workspace by email.', expect: [] },
  { ask: 'Mark the radar alert about the Hazmat quiz as dismissed.', expect: [] },
  { ask: 'Delete the outdated Legacy API material from our library.', expect: [] },
  { ask: 'rename the sales group to revenue team', expect: [] },
];

/**
 * A fifth tuning set by another such hand (a lineworker apprenticeship coordinator, a clerkship
 * director, a property-management trainer, an e-sports coach, a city council's staff-development
 * officer, a compliance auditor writing long formal requests), measured once on the descriptions of
 * round 5 (85 %, 93 %), then tuned on in round 6.
 */
export const INDEPENDENT_TUNING_5: EvalRequest[] = [
  {
    ask: 'For the council quarterly memo I need how many staff started and how many finished training in February 2025, that month only.',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'how many players actually finished a course in october? and did any coaches publish new stuff that month',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Please provide, for the calendar month of January 2025 exclusively, the number of distinct learners who commenced coursework and the number who completed it, together with the number of staff who published new courses during that period.',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'big picture numbers for the whole apprenticeship program - total apprentices, instructors, courses, and how many invites are still unanswered',
    expect: ['analytics_hero'],
  },
  {
    ask: 'On average, how long does it take our people to get through a course, across everything since we launched the platform?',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Quick snapshot please: headcount of students vs faculty vs admins in our workspace and total course completions to date.',
    expect: ['analytics_hero'],
  },
  {
    ask: 'which of our trainings have the worst completion rate? want enrolled vs finished for each course',
    expect: ['analytics_courses'],
  },
  {
    ask: 'For the purposes of our training effectiveness review, please furnish, for each course offered, the number of enrolled learners, the number who have completed, and the resulting completion percentage, limited to the first ten entries.',
    expect: ['analytics_courses'],
  },
  {
    ask: 'Pull the full list of our leasing staff showing how many courses each one has been given and how many they have completed.',
    expect: ['analytics_students'],
  },
  { ask: 'roster of every player w/ assigned vs done counts and which squad theyre on', expect: ['analytics_students'] },
  {
    ask: 'I require a complete enumeration of every learner in the workspace, including date joined, group affiliations, and the number of courses assigned versus completed per individual, for inclusion in the annual training compliance file.',
    expect: ['analytics_students'],
  },
  {
    ask: "Which third-years have coursework assigned but haven't finished a single course yet? I need to nudge them before the shelf exam.",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'apprentices who havent completed anything at all even tho they have courses assigned', expect: ['analytics_needs_attention'] },
  {
    ask: 'Who on city staff is stuck at zero - given training but nothing completed so far? Just the worst 15.',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'who are my top grinders? rank the players by how much of their assigned work theyve knocked out',
    expect: ['analytics_top_performers'],
  },
  {
    ask: 'I want to shout out our best trainees at the regional meeting - who has finished the biggest share of what they were assigned?',
    expect: ['analytics_top_performers'],
  },
  {
    ask: 'What groups and sub-groups do we have set up under Public Works? I need the whole tree with member counts.',
    expect: ['groups_list'],
  },
  {
    ask: 'Kindly supply a complete inventory of all groups in the workspace, including nested sub-groups, together with member counts, the designated lead instructor, and whether each group is archived.',
    expect: ['groups_list'],
  },
  { ask: 'Add Marcus Delgado to the Crew 4 Step-Up group as a regular member.', expect: ['groups_member_add'] },
  { ask: 'put Zyph (Jordan Reyes) on the Valorant Academy B roster', expect: ['groups_member_add'] },
  {
    ask: "Can you make Priya Shah an instructor in the Southeast Region Leasing group? She'll be running their sessions from now on.",
    expect: ['groups_member_add'],
  },
  {
    ask: 'Dr. Okafor is going on parental leave - mark her inactive in the Internal Medicine clerkship group but keep her account.',
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'apprentice Tyler Benson is out on medical leave 8 wks, pause him in Line Crew Cohort 12, dont remove him',
    expect: ['groups_member_set_status'],
  },
  { ask: 'Reactivate Kenji in the Overwatch Academy group, his suspension is over.', expect: ['groups_member_set_status'] },
  {
    ask: 'The Lakeside Commons property was sold, so please get rid of its group entirely, sub-groups and all.',
    expect: ['groups_delete'],
  },
  { ask: 'delete the 2023 Summer Interns group, that program wrapped up', expect: ['groups_delete'] },
  { ask: 'Dana Whitfield no longer works for us. Take her off the company learning platform completely.', expect: ['members_remove'] },
  { ask: 'kick Rhys out of the academy workspace altogether, he left the org', expect: ['members_remove'] },
  {
    ask: 'Pursuant to our offboarding control, please revoke platform access for the terminated contractor L. Moreno (user ID u_88213) by removing the account from the organization in its entirety, not merely from individual groups.',
    expect: ['members_remove'],
  },
  {
    ask: 'In accordance with the revised classification scheme, please replace the entire set of organizational tags on user u_55102 with precisely the following: SOX-Scope, Tier-2, Remote; no previously held tags are to be retained.',
    expect: ['members_set_tags'],
  },
  { ask: 'Replace whatever labels Janelle Brooks has now with just Finance and Supervisor.', expect: ['members_set_tags'] },
  {
    ask: 'How is the Pediatrics Shelf Prep assignment going overall - how many students have completed it and who is still outstanding?',
    expect: ['assignments_get'],
  },
  {
    ask: 'With respect to assignment asg_40217 (Annual Fair Housing Certification), kindly furnish the due date, the individual who issued it, the completion criteria applied, and the completion status of each assignee.',
    expect: ['assignments_get'],
  },
  { ask: 'whats the completion % on the lockout-tagout refresher we pushed to the whole north district', expect: ['assignments_get'] },
  {
    ask: "What does Kevin Tran have on his plate? Everything he's been assigned, and flag anything overdue.",
    expect: ['assignments_for_user'],
  },
  {
    ask: 'Show me all the required courses assigned to Aisha Rahman and how far along she is in each one.',
    expect: ['assignments_for_user'],
  },
  { ask: 'list every training carlos mendez in parks and rec has been given, with due dates', expect: ['assignments_for_user'] },
  { ask: 'Cancel the Comms Fundamentals assignment I handed out last week, it was a mistake', expect: ['assignments_remove'] },
  { ask: 'Please withdraw the duplicate Mold Remediation assignment; people are seeing it twice.', expect: ['assignments_remove'] },
  {
    ask: 'In the course catalog, make the Leadership Pipeline section show up only for the Department Heads group.',
    expect: ['explore_set_audience'],
  },
  { ask: 'hide the Residency Interview Prep section of the browse page from the first-year students', expect: ['explore_set_audience'] },
  { ask: 'turn off the explore page for players, i dont want them browsing random courses during season', expect: ['explore_toggle'] },
  {
    ask: 'Can we open up the self-serve course catalog so apprentices can browse and pick extra courses on their own?',
    expect: ['explore_toggle'],
  },
  {
    ask: "Give me a unit-by-unit breakdown of Liam Chen's progress in the Surgery Clerkship course - time spent versus the rest of the group, quiz scores, and whether he has taken the end-of-unit test.",
    expect: ['learning_student_units'],
  },
  {
    ask: 'how is apprentice Noah Fields doing in Transformer Basics, topic by topic, compared to the crew avg',
    expect: ['learning_student_units'],
  },
  {
    ask: 'Which questions on the Cardiology unit test are students getting wrong most often, and what wrong answer do they keep picking?',
    expect: ['learning_question_stats'],
  },
  { ask: 'what questions on the map callouts quiz is everybody missing? worst ones first', expect: ['learning_question_stats'] },
  {
    ask: 'Please identify, for the Ethics and Conflict of Interest final test, each question ranked by its error rate within the Planning Department cohort, including the most frequently selected incorrect response for each.',
    expect: ['learning_question_stats'],
  },
  {
    ask: "In Unit 3 of the Public Records course, which topics are people not finishing, and what's the average score and time spent per topic?",
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'for the Lease Renewals unit show me completion and avg quiz score topic by topic, midwest team only',
    expect: ['learning_unit_topics'],
  },
  {
    ask: "How are the leasing agents doing on the angry-tenant role-plays in Resident Relations 101? How many started, finished, and what's the average best score?",
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'breaking-bad-news simulations: how many students have attempted and completed the patient role-play scenarios in the Communication Skills course, and how many tries does it take them?',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'scores for everyone on the week 3 economy quiz - how they spread out and how long each kid took', expect: ['performance_quiz'] },
  {
    ask: 'Show me how the crew scored on the Arc Flash PPE quiz: each attempt, and how many landed under 50%.',
    expect: ['performance_quiz'],
  },
  { ask: 'what did each person score on the Open Meetings Act quiz in the Boards & Commissions topic?', expect: ['performance_quiz'] },
  {
    ask: 'what units and topics are in the Pole Top Rescue course? want to see the outline before I rework it',
    expect: ['courses_structure'],
  },
  {
    ask: 'Please provide the complete structural outline of the Anti-Harassment course, namely every unit, topic, project and unit test, with totals, so that I may map it against the regulatory syllabus.',
    expect: ['courses_structure'],
  },
  {
    ask: 'Please enumerate every automated monitoring alert raised against the workspace, irrespective of status, with detection dates and any remedial actions recorded against each.',
    expect: ['radar_alerts_list'],
  },
  { ask: 'show me the alerts we dismissed before, i want to double check none of them mattered', expect: ['radar_alerts_list'] },
  {
    ask: 'build me a chart comparing how my three squads have been progressing over the last two months and tell me what jumps out',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I'd like the analytics assistant's take: is there any relationship between how long students spend on the practice cases and how they do on the shelf? Walk me through it.",
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Please prepare a narrative analysis, accompanied by supporting charts, of training completion trends by department across the fiscal year, and identify any notable deviations together with plausible explanations.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Set up a flashcard deck for the students from the Nephrology folder - mixed difficulty, spaced repetition, around 60 cards.',
    expect: ['components_create'],
  },
  { ask: 'make a tutor chatbot for the players that answers from our strat docs folder, no web search', expect: ['components_create'] },
  { ask: 'Switch the Budget Basics practice test back to draft, we found errors in it.', expect: ['components_set_status'] },
  { ask: 'the fair housing Q&A bot is fixed now, set it live again', expect: ['components_set_status'] },
  {
    ask: 'Make a 15-slide deck on minimum approach distances for energized lines, in English, with AI-made pictures.',
    expect: ['presentations_create'],
  },
  {
    ask: 'I need a slideshow in Spanish (es-US), roughly 10 slides, explaining the new procurement policy, with our city seal as the logo.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a short set of study notes on acid-base disorders for third-years, college level, and drop it in the Renal folder.',
    expect: ['materials_generate'],
  },
  { ask: 'Have the AI draft an overview of Georgia security deposit rules for our leasing team to study.', expect: ['materials_generate'] },
  { ask: 'generate a long outline on crossarm replacement procedure, professional level', expect: ['materials_generate'] },
  {
    ask: "Upload this 40-page scrim review PDF and hold on until it's fully processed so I can hook it up to the bot right away.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'Kindly upload the attached 2024 Internal Control Manual (PDF) to the training library and confirm only once processing has fully concluded, so that it is immediately usable; please allow up to ten minutes.',
    expect: ['materials_upload_and_process'],
  },
  { ask: 'upload the council orientation video and tell me when its finished processing', expect: ['materials_upload_and_process'] },
  {
    ask: 'Save the following as a text material named Storm Callout Checklist in the Safety folder: 1. confirm crew count 2. check truck radios 3. review switching orders.',
    expect: ['materials_create'],
  },
  {
    ask: 'Just register the HUD fair housing web page link as a material in our library, no need to wait on it.',
    expect: ['materials_create'],
  },
  { ask: 'Paste this case write-up in as a material in the Cardiology folder and call it STEMI Case 4.', expect: ['materials_create'] },
  {
    ask: 'Please provide a listing of all materials currently held in the Regulatory Archive folder, including status and last-modified date, at 100 items per page.',
    expect: ['materials_list'],
  },
  { ask: 'do we already have something in the library called utility lineups? search for it', expect: ['materials_list'] },
  { ask: 'Create a folder named Neuro Rotation inside the Clerkship Resources folder.', expect: ['folders_create'] },
  { ask: 'new folder for the 2025 apprentice class handouts pls', expect: ['folders_create'] },
  { ask: 'Rename the Misc Docs folder to Maintenance SOPs and give it a one-line description.', expect: ['folders_update'] },
  { ask: 'move the VOD Notes folder under Coaching Staff and make it red', expect: ['folders_update'] },
  { ask: 'Is that procurement slide deck done yet? Check how far along it is.', expect: ['jobs_get'] },
  {
    ask: 'With reference to the background task initiated earlier for processing the Internal Control Manual, please report its current status and, if it has concluded, the resulting output.',
    expect: ['jobs_get'],
  },
  { ask: "stop that presentation that's still generating, i gave it the wrong topic", expect: ['jobs_cancel'] },
  { ask: 'Abort the study-notes generation that is still running - I want to change the reading level first.', expect: ['jobs_cancel'] },
  { ask: 'Email a reminder to every leasing agent who is overdue on Fair Housing.', expect: [] },
  { ask: 'Create a new group called Elections Staff under the City Clerk group.', expect: [] },
  { ask: 'assign the Aim Fundamentals course to the whole Academy A roster, due friday', expect: [] },
  {
    ask: 'Please extend the due date of the Q3 Records Retention assignment by thirty days for all assignees and document the change in the audit log.',
    expect: [],
  },
  { ask: "Reset Jamal Wright's password, he's locked out of the platform.", expect: [] },
  { ask: 'delete the old bucket truck inspection material from the library, its outdated', expect: [] },
];

/**
 * The eighth independent held-out set, by another such hand (a food plant's quality trainer, a yoga-teacher-training
 * lead, a biotech's lab onboarding manager, a seasonal-ranger trainer, a coding-school teaching
 * assistant, a manager dictating by voice), written before round 6 and judging it: misses never printed.
 * Its one request another set already had is left out.
 */
export const INDEPENDENT_HELD_OUT_8: EvalRequest[] = [
  {
    ask: 'How many line workers started training in October versus how many actually finished a course that month?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'completion rate by course - GMP Basics, Allergen Control, Sanitation SSOPs', expect: ['analytics_courses'] },
  { ask: "Who has been assigned food safety training but hasn't completed a single course yet?", expect: ['analytics_needs_attention'] },
  { ask: 'what teams/groups do we have set up in here? list them with headcounts', expect: ['groups_list'] },
  { ask: 'Olga Petrenko no longer works at the plant — take her out of the training system completely.', expect: ['members_remove'] },
  {
    ask: 'For the annual HACCP refresher assignment, what percent of assignees are done, and does it require passing the test?',
    expect: ['assignments_get'],
  },
  { ask: "Take down the old forklift certification assignment, it's been replaced by the new one.", expect: ['assignments_remove'] },
  {
    ask: "Break down Ramon Ortiz's progress in Sanitation SSOPs — which topics and activities he's done and whether he passed the unit test.",
    expect: ['learning_student_units'],
  },
  { ask: "Show me every operator's score on the Allergen Labeling quiz and how the scores are spread out.", expect: ['performance_quiz'] },
  {
    ask: 'Set up a flashcard deck from our HACCP folder, mixed difficulty, about 40 cards, spaced repetition.',
    expect: ['components_create'],
  },
  {
    ask: 'Build a 10-slide presentation on cross-contamination prevention in Spanish for the sanitation crew, with our logo on it.',
    expect: ['presentations_create'],
  },
  {
    ask: 'Add the supplier audit checklist PDF at this link to the Audits folder: https://docs.example.com/supplier-audit.pdf',
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'What materials do we currently have in the Sanitation folder?', expect: ['materials_list'] },
  { ask: 'Is the cross-contamination slide deck done generating yet?', expect: ['jobs_get'] },
  { ask: 'Assign the new allergen-handling course to the night shift group, due end of the month.', expect: [] },
  { ask: 'How many invitations to our teacher training are still sitting unaccepted right now?', expect: ['analytics_hero'] },
  {
    ask: "Pull up the full list of trainees with how many courses each has been assigned and how many they've completed.",
    expect: ['analytics_students'],
  },
  {
    ask: 'Who are our top 5 trainees by completion? I want to feature them in the monthly newsletter.',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "Mark Hannah Lowe as inactive in the Spring 2024 cohort - she's deferring to fall but keeping her account.",
    expect: ['groups_member_set_status'],
  },
  { ask: 'What has been assigned to Maya Chen, and is any of it overdue?', expect: ['assignments_for_user'] },
  {
    ask: "Make the 'Advanced Inversions' section on the browse page visible only to the 300-hour group.",
    expect: ['explore_set_audience'],
  },
  {
    ask: 'Show me how Lena Fischer is doing in Anatomy & Physiology unit by unit, and how her time on each compares to the cohort average.',
    expect: ['learning_student_units'],
  },
  {
    ask: 'In the Sequencing unit, which topics are people taking longest on and where is completion lowest?',
    expect: ['learning_unit_topics'],
  },
  { ask: 'What does the score spread look like on the Chakras quiz — how many people landed under 50%?', expect: ['performance_quiz'] },
  {
    ask: 'Ask the analytics assistant why completions in the 200-hour program dropped off after week 4, and have it chart it for me.',
    expect: ['performance_insights_ask'],
  },
  { ask: 'Publish the Sanskrit terms flashcards — flip it from draft to live.', expect: ['components_set_status'] },
  {
    ask: 'Write up college-level study notes on the eight limbs of yoga and drop them in the Philosophy folder.',
    expect: ['materials_generate'],
  },
  { ask: 'Store the link to the Yoga Alliance ethics standards page as a material in our Ethics folder.', expect: ['materials_create'] },
  { ask: "Rename the 'Misc' folder to 'Pranayama Resources' and give it a short description.", expect: ['folders_update'] },
  { ask: "Cancel the notes-generation job that's still running, I picked the wrong level.", expect: ['jobs_cancel'] },
  { ask: 'Email everyone in the March cohort a reminder to log their remaining practicum hours.', expect: [] },
  {
    ask: 'Give me the headline numbers for the whole workspace: total learners, instructors, admins, courses, and overall completions.',
    expect: ['analytics_hero'],
  },
  {
    ask: 'I need everyone in the workspace — not just the stragglers — with their groups and assigned vs completed courses.',
    expect: ['analytics_students'],
  },
  {
    ask: "Which new hires are furthest ahead on their assigned coursework? I'd like to ask a few to mentor the next batch.",
    expect: ['analytics_top_performers'],
  },
  { ask: 'Add Priya Raman to the Cell Culture group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'get rid of the Pilot Onboarding group and all of its subgroups', expect: ['groups_delete'] },
  { ask: "Tag Wei Zhang with 'BSL-2 certified' and 'night shift', replacing whatever tags he has now.", expect: ['members_set_tags'] },
  { ask: "List all of Dr. Okafor's required trainings and which ones she's finished.", expect: ['assignments_for_user'] },
  { ask: 'Can you switch the course discovery page back on for learners?', expect: ['explore_toggle'] },
  { ask: 'On the Biosafety Level 2 final test, which questions are people getting wrong most often?', expect: ['learning_question_stats'] },
  { ask: 'who took the pipetting technique quiz, what did each person score, and how long did they take', expect: ['performance_quiz'] },
  { ask: 'Deactivate the Lab Safety Chat assistant until we refresh its source documents.', expect: ['components_set_status'] },
  { ask: 'Can the AI draft a short overview of aseptic technique for new hires, professional level?', expect: ['materials_generate'] },
  {
    ask: "Upload our 80-page GLP SOP binder PDF and let me know once it's fully processed and usable.",
    expect: ['materials_upload_and_process'],
  },
  { ask: "Make a new folder called 'CRISPR Protocols' inside Molecular Biology.", expect: ['folders_create'] },
  { ask: 'Create a new group called Q3 Research Associates under Onboarding.', expect: [] },
  {
    ask: 'For the June onboarding rush, how many new people started a course and how many wrapped one up during that month?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'Which of our ranger courses have the most people enrolled, and how many have completed each?', expect: ['analytics_courses'] },
  {
    ask: "which seasonals haven't finished anything we assigned them? want to follow up before they head into the backcountry",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'Show me all the groups and subgroups under Yellowstone District.', expect: ['groups_list'] },
  { ask: "Reactivate Diego Alvarez in the Backcountry Patrol group, he's back from medical leave.", expect: ['groups_member_set_status'] },
  { ask: "clear all the tags off Sam Whitehorse's profile", expect: ['members_set_tags'] },
  {
    ask: "Pull up everything on Jordan Kim's plate — every course assigned to him and his progress on each.",
    expect: ['assignments_for_user'],
  },
  { ask: 'Hide the Law Enforcement Rangers section of the explore page from the Volunteers group.', expect: ['explore_set_audience'] },
  {
    ask: "For the Wildland Fire unit, what's the completion and average quiz score per topic, and how long are people spending on each?",
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'completion and attempt counts for the visitor-conflict role-plays in the Interpretation course',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'Give me the outline of the Bear Safety course — units, topics, and whether each unit has a test.',
    expect: ['courses_structure'],
  },
  {
    ask: 'I want a role-play where the trainee has to calm down an angry visitor who just got a citation — build that using the Interpretation folder.',
    expect: ['components_create'],
  },
  { ask: 'Make a 15-slide PDF deck on Leave No Trace principles in English, with AI-generated images.', expect: ['presentations_create'] },
  { ask: "Save this paragraph about the park's founding as a text material called 'Park History Primer'.", expect: ['materials_create'] },
  { ask: 'Move the Fire Ecology folder under Natural Resources and color it orange.', expect: ['folders_update'] },
  { ask: "Reset the login password for seasonal ranger Kyle Benally, he's locked out.", expect: [] },
  {
    ask: 'whats the avg time it takes someone to finish a course here, across the whole platform since day one',
    expect: ['analytics_hero'],
  },
  { ask: 'roster of every student w/ assigned vs done counts pls', expect: ['analytics_students'] },
  { ask: 'leaderboard: best students by completion ratio, top 10', expect: ['analytics_top_performers'] },
  { ask: "Delete the 'Winter 2023 Bootcamp' group entirely, that cohort graduated ages ago.", expect: ['groups_delete'] },
  {
    ask: "How's the 'JS Fundamentals Week 3' assignment going — how many in the cohort have completed it and who's still behind?",
    expect: ['assignments_get'],
  },
  { ask: 'Cancel the CSS Grid assignment I gave the evening cohort by mistake.', expect: ['assignments_remove'] },
  { ask: 'turn off the explore tab for students, we dont want them wandering into other courses mid-bootcamp', expect: ['explore_toggle'] },
  { ask: 'which qs on the async/await quiz trip up the most students? worst first', expect: ['learning_question_stats'] },
  {
    ask: "How are students doing on the mock code-review role-plays in Career Prep — how many started, finished, and what's the average best score?",
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'how many units and topics are in the Full-Stack Web course? need the structure for the syllabus doc',
    expect: ['courses_structure'],
  },
  {
    ask: "Create an AI tutor chatbot for the JavaScript course that uses the lecture notes folder, with guardrails so it doesn't just hand out solutions.",
    expect: ['components_create'],
  },
  {
    ask: "upload the week 6 lecture recording and wait till its done processing before you tell me it's ready",
    expect: ['materials_upload_and_process'],
  },
  { ask: "save the notes i pasted below as a material named 'Git Cheatsheet' in the Week 1 folder", expect: ['materials_create'] },
  { ask: "search our materials for anything with 'redux' in the name", expect: ['materials_list'] },
  { ask: 'stop the deck generation I just kicked off, wrong topic', expect: ['jobs_cancel'] },
  { ask: 'push back the due date on the React hooks assignment by a week', expect: [] },
  {
    ask: 'ok so um what did last month look like like how many courses did our creators publish and how many learners finished stuff just for last month not all time',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'ok what are the numbers per course like enrolled and completed for each of our trainings i need it for the board deck',
    expect: ['analytics_courses'],
  },
  {
    ask: 'uh can you find me the people who are like totally stuck zero courses done even though they got stuff assigned to them',
    expect: ['analytics_needs_attention'],
  },
  { ask: 'hey so put marcus webb in the second shift warehouse group as a regular member thanks', expect: ['groups_member_add'] },
  {
    ask: 'so jen is going on maternity leave can you mark her inactive in the sales team group but like dont take her off the company account',
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'so uh brian quit last friday can you just kick him out of the platform altogether not just his team the whole thing',
    expect: ['members_remove'],
  },
  {
    ask: 'um that compliance assignment we pushed to everybody a couple weeks ago whats the completion on it like whos finished and who hasnt',
    expect: ['assignments_get'],
  },
  {
    ask: 'so the annual compliance test like which questions is everybody blowing and whats the wrong answer they keep picking',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'ok um pull up the radar alerts all of them even the ones we dismissed before just show me everything',
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'so i just want like a quick chart of how each regional team is doing on training compared to the others can you have the ai analyst put something together',
    expect: ['performance_insights_ask'],
  },
  { ask: 'and uh that onboarding chatbot thing can you turn it off for now its giving weird answers', expect: ['components_set_status'] },
  {
    ask: 'uh have it write like a summary of warehouse returns handling basics for the new folks medium length professional level you know',
    expect: ['materials_generate'],
  },
  { ask: 'create a folder for the q3 sales training stuff call it Q3 Sales Kickoff', expect: ['folders_create'] },
  { ask: 'hey is that file upload from earlier still going or did it finish whats the status on that', expect: ['jobs_get'] },
  { ask: 'um so can you like delete that old forklift safety video from our materials library its totally outdated', expect: [] },
];

/**
 * The ninth independent held-out set, by another such hand (a car-dealership sales-training manager, a children's
 * hospital nurse educator, an IT services technical trainer, a church's volunteer-ministry leader, a
 * museum's docent coordinator, an L&D director speaking corporate jargon), written before round 6 and
 * judging it: misses never printed.
 */
export const INDEPENDENT_HELD_OUT_9: EvalRequest[] = [
  // analytics_monthly_overview
  {
    ask: 'how many of my salespeople started training vs actually finished something back in February? just that one month',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: "For our annual report I need last October's numbers: how many docents began courses, how many completed, and how many staff published new courses that month.",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'pull the 2024-09 snapshot for the MoM cadence review: learner starts, completions and creator publishing activity',
    expect: ['analytics_monthly_overview'],
  },

  // analytics_hero
  {
    ask: 'How many volunteers do we have on the platform in total right now, and how many invitations are still unanswered?',
    expect: ['analytics_hero'],
  },
  {
    ask: 'give me the top-line workspace KPIs - total learners, instructors, admins, course count, all-time completions and avg time-to-complete',
    expect: ['analytics_hero'],
  },
  {
    ask: 'whats our overall headcount of techs vs admins in the whole workspace and how many invites are pending',
    expect: ['analytics_hero'],
  },

  // analytics_courses
  {
    ask: 'which of our trainig courses have the worst completion rate? show enrolled vs finished for each one',
    expect: ['analytics_courses'],
  },
  { ask: 'completion % by course across the workspace, top 10 only', expect: ['analytics_courses'] },

  // analytics_students
  {
    ask: "Can you give me the full list of nurses in the system with how many modules each one's been assigned and how many they've completed?",
    expect: ['analytics_students'],
  },
  { ask: 'roster of all volunteers w/ assigned vs completed courses and which teams theyre on', expect: ['analytics_students'] },
  {
    ask: 'I need the complete learner roster with assignment-to-completion counts for the quarterly enablement review - everyone, not just the stragglers',
    expect: ['analytics_students'],
  },

  // analytics_needs_attention
  { ask: "who on the sales floor hasn't finished a single assigned course yet? I want names", expect: ['analytics_needs_attention'] },
  {
    ask: 'Which docents have training assigned to them but have not completed anything at all so far?',
    expect: ['analytics_needs_attention'],
  },
  { ask: 'list techs with zero completions on their assigned stuff', expect: ['analytics_needs_attention'] },

  // analytics_top_performers
  {
    ask: 'who are my top 5 reps on training completion? giving out a gift card at Monday sales meeting',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "I'd love to recognize our most faithful learners at the volunteer appreciation dinner - who has completed the highest share of their assigned training?",
    expect: ['analytics_top_performers'],
  },
  { ask: 'surface the top 20 learners ranked by completion ratio for the Q4 recognition program', expect: ['analytics_top_performers'] },

  // groups_list
  {
    ask: "what groups do we have set up? greeters, ushers, children's ministry etc - show me all of them with member counts",
    expect: ['groups_list'],
  },
  { ask: 'Show me the sub-teams that sit under the PICU group, including any nested ones.', expect: ['groups_list'] },

  // groups_member_add
  { ask: 'Please add Maria Gonzalez to the NICU Orientation group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'put our new docent Harold Kim into the Saturday Tours group', expect: ['groups_member_add'] },

  // groups_member_set_status
  {
    ask: "Carol is stepping back from the nursery team for a few months - mark her inactive there but don't take her off the platform",
    expect: ['groups_member_set_status'],
  },
  { ask: 'reactivate Jake Turner in the Used Car Sales group, hes back from paternity leave', expect: ['groups_member_set_status'] },
  { ask: "set Priya's membership in Tier 2 Helpdesk to inactive", expect: ['groups_member_set_status'] },

  // groups_delete
  { ask: 'We dissolved the 2019 Summer Interns group - please delete it completely, subgroups and all.', expect: ['groups_delete'] },
  { ask: "nuke the old 'Legacy Exchange Migration' group, project's over", expect: ['groups_delete'] },

  // members_remove
  { ask: 'Derek quit last week, get him out of our training workspace entirely', expect: ['members_remove'] },
  { ask: 'Remove travel nurse Jenna Walsh from the workspace altogether; her contract ended Friday.', expect: ['members_remove'] },
  { ask: 'offboard user u_48213 from the workspace, they have exited the org', expect: ['members_remove'] },

  // members_set_tags
  { ask: "tag Marcus Lee as 'CCNA' and 'on-call' - replace whatever tags he has now", expect: ['members_set_tags'] },
  {
    ask: "Could you label Dorothy Finch with 'Spanish-speaking' and 'Egyptian Gallery' so we can find her for bilingual tours?",
    expect: ['members_set_tags'],
  },

  // assignments_get
  {
    ask: "how far along is everyone on the Pediatric Sepsis Recognition assignment, and who's still incomplete?",
    expect: ['assignments_get'],
  },
  {
    ask: 'pull completion stats for assignment asg_7731: % done, who is outstanding, and what the completion criteria are',
    expect: ['assignments_get'],
  },
  {
    ask: 'Is the Safe Sanctuary child-protection training I assigned in January mostly done? What percentage of people have finished it?',
    expect: ['assignments_get'],
  },

  // assignments_for_user
  { ask: 'what training does Tony Russo have assigned to him, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: 'Show me everything that has been assigned to Keisha Brown and her progress on each item', expect: ['assignments_for_user'] },
  { ask: 'list all assignmnets for user 9f2c, flag anything overdue', expect: ['assignments_for_user'] },

  // assignments_remove
  { ask: "take down the 'Impressionism Refresher' assignment, we handed it out by mistake", expect: ['assignments_remove'] },
  { ask: 'sunset assignment asg_5520 - superseded by the new onboarding track, please remove it', expect: ['assignments_remove'] },

  // explore_set_audience
  {
    ask: "make the 'Sound Board Basics' section of the explore page visible only to the worship team group",
    expect: ['explore_set_audience'],
  },
  {
    ask: "hide the 'Adult ICU Protocols' section of the course catalog from our pediatric nursing groups",
    expect: ['explore_set_audience'],
  },

  // explore_toggle
  { ask: 'shut off the explore page for everyone, I want my guys only doing what is assigned to them', expect: ['explore_toggle'] },
  { ask: 'Can you switch the explore page back on so docents can browse optional courses on their own?', expect: ['explore_toggle'] },

  // learning_student_units
  {
    ask: 'How is new grad Olivia Chen doing in Pediatric Medication Safety - which units and topics has she finished, and how does her time compare with the rest of the cohort?',
    expect: ['learning_student_units'],
  },
  { ask: "drill into Marco's progress on the F&I Compliance course, unit by unit", expect: ['learning_student_units'] },
  {
    ask: 'breakdown for Sam Ortiz in Windows Server Admin: which modules are done, did he take the unit test, time per topic vs team avg',
    expect: ['learning_student_units'],
  },

  // learning_question_stats
  { ask: 'which questions on the Network+ unit test are people getting wrong the most?', expect: ['learning_question_stats'] },
  {
    ask: 'On the Pain Assessment quiz, which questions are the nurses missing most often, and what wrong answer do they usually pick?',
    expect: ['learning_question_stats'],
  },
  { ask: 'most-missed questions on the Ancient Rome gallery test for the weekend docents group', expect: ['learning_question_stats'] },

  // learning_unit_topics
  {
    ask: 'in unit 2 of Greeter Training, which topics are folks actually finishing and how long do they spend on each?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'per-topic completion, avg quiz score and time on task for the Negotiation Fundamentals unit, filtered to the EMEA sales cohort',
    expect: ['learning_unit_topics'],
  },

  // learning_project_scenarios
  {
    ask: 'how are the guys doing on the objection-handling role plays? how many tried them, how many attempts, best scores',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'For the Family Communication course, what share of nurses have completed the difficult-conversation scenarios and what is the average best score?',
    expect: ['learning_project_scenarios'],
  },

  // performance_quiz
  {
    ask: "score spread on the 'Active Directory basics' quiz - how many landed in each range, plus each tech's score",
    expect: ['performance_quiz'],
  },
  { ask: 'Who took the Welcome Ministry quiz and what did each person score?', expect: ['performance_quiz'] },
  { ask: 'distribution of results for quiz activity act_2290, bucketed, plus the avg percent', expect: ['performance_quiz'] },

  // courses_structure
  {
    ask: 'show me the outline of the Docent Foundations course: units, topics, and whether there is a final test',
    expect: ['courses_structure'],
  },
  {
    ask: 'what units and topics are in the M365 Security course? want to see how its laid out before I start editing',
    expect: ['courses_structure'],
  },

  // radar_alerts_list
  { ask: 'any new radar alerts flagged this week? show me the ones nobody has acted on yet', expect: ['radar_alerts_list'] },
  { ask: 'pull up the last 10 alerts we dismissed from radar', expect: ['radar_alerts_list'] },

  // performance_insights_ask
  {
    ask: 'have the insights assistant dig into why completion dipped in Q3 across regions and chart it for me',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'I want to talk it through with the analytics AI: is there a link between night-shift nurses and lower quiz scores? plot it if so',
    expect: ['performance_insights_ask'],
  },

  // components_create
  {
    ask: 'set up a flashcard deck on pediatric dosing calculations using the Med Math folder, medium difficulty, spaced repetition',
    expect: ['components_create'],
  },
  {
    ask: 'build a practice role-play where the customer is a skeptical buyer haggling over trade-in value, so reps can rehearse',
    expect: ['components_create'],
  },
  {
    ask: 'Could you create a Q&A chatbot for volunteers that answers questions from our Volunteer Handbook material?',
    expect: ['components_create'],
  },

  // components_set_status
  { ask: 'switch the Gallery Tutor chatbot to inactive while we fix its answers', expect: ['components_set_status'] },
  { ask: 'flip the Q4 enablement flashcards component from draft to live', expect: ['components_set_status'] },

  // presentations_create
  {
    ask: "make a 12-slide presentation on the history of Art Deco for tomorrow's docent training, in English, with images pulled from the web",
    expect: ['presentations_create'],
  },
  {
    ask: 'Can you generate a slide deck in Spanish (es-MX) about welcoming first-time visitors, around 8 slides, with our church logo on it?',
    expect: ['presentations_create'],
  },

  // materials_generate
  {
    ask: 'write up study notes on explaining extended warranties to customers, professional level, keep it short',
    expect: ['materials_generate'],
  },
  {
    ask: 'have the AI draft an overview on zero-trust networking for the new hires, college level, and drop it in the Onboarding folder',
    expect: ['materials_generate'],
  },
  {
    ask: 'I need a summary on the Dutch Golden Age that the AI writes from scratch - the long version please',
    expect: ['materials_generate'],
  },

  // materials_upload_and_process
  {
    ask: "Upload the new Central Line Care policy PDF and wait until it's fully processed so I can point the chatbot at it today",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "ingest the vendor's Fortinet admin guide PDF from this link and don't come back until processing is finished: https://docs.example.com/fortigate-admin.pdf",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'upload the leadership town hall audio recording and have it completely processed before we build anything on top of it',
    expect: ['materials_upload_and_process'],
  },

  // materials_create
  {
    ask: 'save this as a material called Usher Checklist: Arrive 30 min early, unlock side doors, check bulletins, greet at the east entrance',
    expect: ['materials_create'],
  },
  {
    ask: "paste this word track into the library as a new material named 'Phone-Up Script' - it's just plain text, no file",
    expect: ['materials_create'],
  },
  {
    ask: 'register our existing compliance wiki page as a material by its URL, no need to wait on any processing',
    expect: ['materials_create'],
  },

  // materials_list
  { ask: "what study materials do we already have with 'sepsis' in the name?", expect: ['materials_list'] },
  { ask: 'show me everything that is in the Youth Ministry folder', expect: ['materials_list'] },

  // folders_create
  { ask: "make a new folder called 'Special Exhibitions 2025' for our tour materials", expect: ['folders_create'] },
  { ask: 'create a folder for the EV training docs, nested under Product Knowledge', expect: ['folders_create'] },

  // folders_update
  { ask: "rename the 'Misc' folder to 'Client Runbooks' and give it a short description", expect: ['folders_update'] },
  { ask: 'move the Sales Enablement folder under the Revenue Academy parent and set its color to blue', expect: ['folders_update'] },

  // jobs_get
  { ask: 'is that Art Deco slide deck finished yet?', expect: ['jobs_get'] },
  { ask: 'status check on the background job building the onboarding deck - how far along is it?', expect: ['jobs_get'] },

  // jobs_cancel
  { ask: 'stop generating that presentation, I gave it the wrong topic', expect: ['jobs_cancel'] },
  { ask: 'Cancel the file processing that is still running - I uploaded the wrong version of the policy.', expect: ['jobs_cancel'] },

  // no tool serves these
  { ask: 'email a reminder to everyone who is behind on the Compliance training', expect: [] },
  { ask: 'Assign the Pediatric Sepsis course to the whole ER nursing group, due March 31.', expect: [] },
  { ask: 'reset the login password for tech account jdoe', expect: [] },
  { ask: "rename the 'Ushers' group to 'Hospitality Team'", expect: [] },
  { ask: "delete the old 'Monet Water Lilies' PDF from our materials library", expect: [] },
  { ask: 'push the due date on the new-hire onboarding assignment out two weeks', expect: [] },
];

/**
 * A sixth tuning set by another hand that opened only the two API documents (a bakery chain's training
 * coordinator, a physiotherapy group's clinical lead, a university library's staff-training officer, an
 * offshore wind technician-competence manager, a charity shops' volunteer manager, a curt sales VP),
 * measured once on the descriptions of round 6 (88 % first, 97 % in the top three), then tuned on in
 * round 7. Its one request another set already had is left out.
 */
export const INDEPENDENT_TUNING_6: EvalRequest[] = [
  {
    ask: 'How many of our shop staff started and finished courses in February? Need it for the franchise newsletter.',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'oct numbers only - how many reps started vs completed smth, and how many new courses did enablement publish that month',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: "Could you pull last month's learning activity for me: how many people began a course, how many completed one, and how many staff authors got something published?",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: "Give me the big picture for the whole workspace: total technicians, instructors, admins, how many courses we've got and how many invites are still outstanding.",
    expect: ['analytics_hero'],
  },
  {
    ask: "what's our all-time completion count, and on average how long does it take a volunteer to get through a course?",
    expect: ['analytics_hero'],
  },
  {
    ask: 'headline #s for the board deck. total learners, total courses, completions to date. NOT a monthly breakdown',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Is the Blade Inspection course actually being finished by the people who enrol, compared with our other courses?',
    expect: ['analytics_courses'],
  },
  {
    ask: "Can I get a roster of all staff learners showing how many courses each one has been assigned and how many they've completed?",
    expect: ['analytics_students'],
  },
  { ask: 'full list of volunteers with their groups and assigned vs done counts please', expect: ['analytics_students'] },
  { ask: "dump every rep w/ assigned/completed counts, I'll sort it in excel myself", expect: ['analytics_students'] },
  {
    ask: "Who has training assigned but hasn't completed a single thing yet? I need to chase the store managers.",
    expect: ['analytics_needs_attention'],
  },
  { ask: "Flag any physios who've got courses on their plate but zero completions so far", expect: ['analytics_needs_attention'] },
  {
    ask: 'which techs havent finished anything at all despite being assigned courses? compliance audit next week',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Who are our star volunteers when it comes to training? I'd like to thank the five with the best completion record at the AGM.",
    expect: ['analytics_top_performers'],
  },
  { ask: 'top 10 reps by completion ratio. want to shout them out on Mon call', expect: ['analytics_top_performers'] },
  { ask: 'what groups do we currently have set up? need to see each clinic team and how many members it has', expect: ['groups_list'] },
  { ask: "Which of our store teams are archived, and who's the lead trainer on the ones that aren't?", expect: ['groups_list'] },
  { ask: 'Please add Priya Natarajan to the Special Collections group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'put Dave Hollis into the Hastings shop group', expect: ['groups_member_add'] },
  {
    ask: "Tom Ridley is on parental leave for six months. Mark him inactive in the Northgate Clinic group but don't take him off the system.",
    expect: ['groups_member_set_status'],
  },
  { ask: "reactivate Sven Olsen in the Walney Extension crew group, he's back from rotation", expect: ['groups_member_set_status'] },
  {
    ask: "Margaret is taking a break from volunteering at the Lewes shop. Could you pause her in that shop's group for now? She'll be back in spring.",
    expect: ['groups_member_set_status'],
  },
  { ask: "We've closed the Cardiff Queen St branch for good. Delete its group and the sub-teams under it.", expect: ['groups_delete'] },
  { ask: "Get rid of the 'Summer Interns 2023' group entirely, nobody needs it anymore", expect: ['groups_delete'] },
  { ask: 'Jean Parkes has left the charity, please take her off the platform completely', expect: ['members_remove'] },
  { ask: 'rm Kyle Bauer from the workspace, he quit fri', expect: ['members_remove'] },
  {
    ask: "Contractor Piotr Nowak's engagement ended last week. Remove his account from our training workspace altogether, not just from his crew.",
    expect: ['members_remove'],
  },
  { ask: 'Tag Aisha Khan as MSK, Senior and Leeds so we can filter her properly', expect: ['members_set_tags'] },
  { ask: "Can you clear all the labels on Ben Fowler's profile? They're out of date.", expect: ['members_set_tags'] },
  { ask: "set Lucy Mann's tags to baker, early-shift and keyholder (replace whatever's there)", expect: ['members_set_tags'] },
  {
    ask: 'How is the Allergen Awareness assignment for the Midlands stores going? How many have completed it out of everyone it went to?',
    expect: ['assignments_get'],
  },
  {
    ask: "For the GWO Working at Heights refresher assignment, who has and hasn't finished, and when's it due?",
    expect: ['assignments_get'],
  },
  { ask: "status on the Q2 MEDDIC assignment? % done + who's lagging", expect: ['assignments_get'] },
  { ask: 'What training has been assigned to Dr Hannah Lee, and is any of it overdue?', expect: ['assignments_for_user'] },
  {
    ask: 'can you show me everything Rob Steele has been given to do, all his assigned courses and how far he is on each',
    expect: ['assignments_for_user'],
  },
  {
    ask: "I've got a 1:1 with Grace Okafor tomorrow. Which courses does she currently have assigned and which has she finished?",
    expect: ['assignments_for_user'],
  },
  { ask: 'kill the old Salesforce Basics assignment, it went out by mistake', expect: ['assignments_remove'] },
  {
    ask: "Please withdraw the Christmas Menu assignment. The season's over and we don't want it showing as outstanding for anyone.",
    expect: ['assignments_remove'],
  },
  {
    ask: "Hide the 'Management Essentials' section of the explore page from the student assistants group",
    expect: ['explore_set_audience'],
  },
  {
    ask: 'Only the Electrical Authorised Persons group should be able to see the HV Switching section when they browse courses',
    expect: ['explore_set_audience'],
  },
  {
    ask: "Turn off the explore page for volunteers, it's confusing them. They should just see what they've been given.",
    expect: ['explore_toggle'],
  },
  { ask: 'switch the browse-all-courses page back on for all learners pls', expect: ['explore_toggle'] },
  {
    ask: 'How far has Liam Carter got in the Turbine Electrical Safety course, unit by unit, with his quiz scores and how his time compares to the rest of the team?',
    expect: ['learning_student_units'],
  },
  {
    ask: "drill into Sophie Turner's progress on Vestibular Rehab: which topics are still open and has she sat the end-of-unit test?",
    expect: ['learning_student_units'],
  },
  {
    ask: "Is Marco stuck somewhere in Bread Fundamentals? show me where he's at, activity by activity",
    expect: ['learning_student_units'],
  },
  { ask: 'Which questions on the Lumbar Spine Assessment test are people getting wrong most often?', expect: ['learning_question_stats'] },
  {
    ask: 'For the Copyright Basics quiz, show me the questions with the highest miss rate and the most common wrong answer for each',
    expect: ['learning_question_stats'],
  },
  { ask: 'whats tripping the Hornsea team up in the LOTO test? question by question', expect: ['learning_question_stats'] },
  {
    ask: 'In Unit 2 of Shop Floor Safety, which topics have poor completion and where are people spending the most time?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'For the Reference Interviews unit, give me completion %, average quiz score and time spent per topic for the Main Library desk team',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'how are reps doing on the objection-handling role plays in Enterprise Selling? attempts + avg best score',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'In the Patient Communication course, how many clinicians have started versus completed the difficult-conversation simulations?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: "What's the spread of scores on the Food Safety Temperatures quiz? How many people scored under 50%?",
    expect: ['performance_quiz'],
  },
  { ask: "For the Rescue Kit Check quiz, list each person's score and how long they took", expect: ['performance_quiz'] },
  { ask: "How did everyone do on the Gift Aid quiz? I'd like to see the range of marks.", expect: ['performance_quiz'] },
  {
    ask: 'What units and topics make up the Cataloguing with RDA course? I need the outline for a committee paper.',
    expect: ['courses_structure'],
  },
  { ask: 'how many units, topics and end tests are in the Offshore Survival course', expect: ['courses_structure'] },
  { ask: "any new radar alerts? show me the ones nobody's handled", expect: ['radar_alerts_list'] },
  {
    ask: "Can you list the warnings we dismissed recently? I want to double-check we didn't brush off anything important.",
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'Why are completion rates at the Welsh franchises lagging behind the English ones? Dig into the data, give me a chart and your thoughts.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I'd like someone to look into whether techs who rush through the refresher end up scoring worse, and explain what the data shows",
    expect: ['performance_insights_ask'],
  },
  {
    ask: "chart training completion by region for Q3 and tell me what's driving the gap. quick take",
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Set up a flashcard deck from the Shoulder Anatomy folder: mixed difficulty, 40 cards, spaced repetition',
    expect: ['components_create'],
  },
  {
    ask: 'Create an AI chat assistant that answers staff questions using our Circulation Procedures materials',
    expect: ['components_create'],
  },
  {
    ask: 'can we build a role-play where a volunteer practises dealing with an angry customer trying to return a donated item?',
    expect: ['components_create'],
  },
  { ask: "Deactivate the Permit-to-Work tutor bot for now, it's been giving outdated answers", expect: ['components_set_status'] },
  { ask: 'flip the Pricing Practice Test from draft to live', expect: ['components_set_status'] },
  {
    ask: 'Make me a 12-slide deck on how to sort and price donated clothing, UK English, with icons rather than pictures',
    expect: ['presentations_create'],
  },
  {
    ask: 'Produce a 20-slide PDF presentation on ACL rehab protocols for the new-grad induction, with AI-generated images',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a short set of study notes on sourdough fermentation for our apprentice bakers and save them in the Apprentice folder',
    expect: ['materials_generate'],
  },
  {
    ask: 'Could you generate a college-level overview of the Dewey Decimal system for new shelvers to study?',
    expect: ['materials_generate'],
  },
  {
    ask: "Upload the attached NICE guideline PDF as a material and hang on until it's fully processed so I can point the chatbot at it straight away",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Here's the link to the manufacturer's gearbox maintenance video. Pull it in and only come back to me once it's finished processing and ready.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "upload this pricing playbook pdf, need it usable in 5 min. confirm when it's done processing",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Save this as a new material called 'Till Closing Checklist': count the float, print the Z report, lock the cash in the safe.",
    expect: ['materials_create'],
  },
  {
    ask: "Add a material that just links to https://library.example.ac.uk/opening-hours-policy, call it 'Opening Hours Policy', and file it in Policies",
    expect: ['materials_create'],
  },
  {
    ask: 'paste the allergen matrix I typed below in as a material named Allergen Matrix v3, in the Compliance folder',
    expect: ['materials_create'],
  },
  { ask: 'Add the attached volunteer handbook PDF to our materials please', expect: ['materials_create', 'materials_upload_and_process'] },
  { ask: "what materials do we have w/ 'discovery' in the name", expect: ['materials_list'] },
  { ask: "List everything that's in the Blade Repair folder", expect: ['materials_list'] },
  { ask: 'Make a new folder called Paediatrics inside Clinical Resources', expect: ['folders_create'] },
  {
    ask: "create somewhere to keep the Seasonal Bakes stuff, description 'Easter, Christmas and summer specials'",
    expect: ['folders_create'],
  },
  { ask: "Rename the 'Misc' folder to 'Reader Services' and make it green", expect: ['folders_update'] },
  { ask: 'move the Gift Aid folder so it sits under Finance & Admin', expect: ['folders_update'] },
  { ask: 'Is that presentation on yaw systems you kicked off earlier done yet?', expect: ['jobs_get'] },
  { ask: 'how far along is the staff handbook upload? still chugging?', expect: ['jobs_get'] },
  { ask: 'stop making that 50-slide deck, I gave you the wrong topic', expect: ['jobs_cancel'] },
  { ask: 'cancel the insights analysis thats still running, taking forever', expect: ['jobs_cancel'] },
  { ask: 'Assign the Food Hygiene Level 2 course to all new starters at the Bristol branch, due end of June', expect: [] },
  { ask: 'push the deadline on the Q3 product cert to the 30th for everyone', expect: [] },
  { ask: "Set up a brand new group called 'Evening Desk Staff' under Lending Services", expect: [] },
  { ask: "Send a reminder email to every volunteer who hasn't done their safeguarding training", expect: [] },
  { ask: "Reset Erik Johansson's password, he's locked out of the app", expect: [] },
  {
    ask: 'Invite three new graduate physios to the workspace, their emails are jamie.r@, kofi.a@ and meg.l@ at our clinic domain',
    expect: [],
  },
];

/**
 * A seventh tuning set by another such hand (a visual-merchandising trainer, an airport ground-handling
 * supervisor, a primary school's deputy head, a consulting firm's knowledge manager, a rail driver
 * instructor, a first-time admin who asks indirectly), measured once on the descriptions of round 6
 * (79 %, 93 %), then tuned on in round 7.
 */
export const INDEPENDENT_TUNING_7: EvalRequest[] = [
  {
    ask: 'how many of our store staff started or finished a course back in september? need it for the monthly VM report',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: "I've been asked for a report on just last October: how many people began learning and how many finished during that month? I'm not quite sure where to look",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Did our content team actually build and publish anything in February? How many people were authoring courses that month?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Give me the headline figures for the whole school account: total staff learners, teachers, admins, courses, and how many invites are still outstanding',
    expect: ['analytics_hero'],
  },
  {
    ask: 'all-time totals across the workspace plus the average time it takes a trainee to get through a course',
    expect: ['analytics_hero'],
  },
  {
    ask: "Hi, sorry, I'm new to this. Is there a way to see the big overall picture, like how many people we have on here altogether and how many haven't accepted their invite yet?",
    expect: ['analytics_hero'],
  },
  {
    ask: "which of our training courses get finished the most? curious whether 'Window Display Basics' is actually being completed",
    expect: ['analytics_courses'],
  },
  { ask: 'enrolled vs completed per course, top 10', expect: ['analytics_courses'] },
  {
    ask: "list every member of staff on the platform with how many courses they've been given and how many they've done",
    expect: ['analytics_students'],
  },
  { ask: 'full roster of trainee drivers w/ assigned vs completd counts and which cohort they sit in', expect: ['analytics_students'] },
  {
    ask: "Could I see everybody who's signed up, and how many courses each person has finished out of what they were given?",
    expect: ['analytics_students'],
  },
  {
    ask: "who hasn't completed a single thing they've been assigned? want to chase them before the spring floor-set",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'ramp agents with training assigned but zero completions', expect: ['analytics_needs_attention'] },
  {
    ask: "flag up the trainees who've got courses on their plate but haven't finished any of them yet, I need to have words",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Who are our star learners? I'd like to give the top few staff a shout-out by completion in Friday's briefing",
    expect: ['analytics_top_performers'],
  },
  { ask: 'top 5 consultants ranked by completion ratio', expect: ['analytics_top_performers'] },
  {
    ask: "I'd love to thank the people who've been doing really well with their training. Is there a way to find out who's ahead of everyone else?",
    expect: ['analytics_top_performers'],
  },
  { ask: 'what teams have we got set up? show me everything under Ground Ops including the sub-teams', expect: ['groups_list'] },
  {
    ask: 'Um, how are people organised on here? I think there are teams or sections or something, could you show me what exists?',
    expect: ['groups_list'],
  },
  { ask: 'put Priya Nair into the Oxford Street visual team as an instructor', expect: ['groups_member_add'] },
  { ask: 'new starter Tom Briggs needs to go into the Class 2 Driver Cohort March group', expect: ['groups_member_add'] },
  {
    ask: 'Jamie Cole is on long-term sick, mark him inactive in the Baggage Hall group but keep his account',
    expect: ['groups_member_set_status'],
  },
  { ask: 'Mrs Patel is back from maternity leave, can you make her active again in the KS1 team?', expect: ['groups_member_set_status'] },
  {
    ask: "pause dave orr in the Depot B cohort for now, he's still with us just not training there this month",
    expect: ['groups_member_set_status'],
  },
  { ask: 'Sophie left the company last week, take her off the platform entirely', expect: ['members_remove'] },
  { ask: "offboard ex-consultant Mark Lindqvist from our workspace, he's gone to a competitor", expect: ['members_remove'] },
  {
    ask: "Someone called Gary isn't with us any more. How would I get rid of him from the whole system, not just one team?",
    expect: ['members_remove'],
  },
  { ask: "delete the Summer 2023 Seasonal Staff group and all its subgroups, season's over", expect: ['groups_delete'] },
  { ask: "The old 'Covid bubble' staff group isn't needed any more, please get rid of the group itself", expect: ['groups_delete'] },
  { ask: "set Ana Ruiz's labels to Strategy and Partner-track, replacing whatever she has now", expect: ['members_set_tags'] },
  { ask: "clear all the tags off trainee Ben Shaw's profile", expect: ['members_set_tags'] },
  {
    ask: "how's the 'Aircraft Marshalling Refresher' we pushed out going? how many of the team have completed it and who's still outstanding",
    expect: ['assignments_get'],
  },
  {
    ask: 'For the safeguarding training we set all staff, what percentage have done it and what pass mark did we require?',
    expect: ['assignments_get'],
  },
  { ask: 'details on assignment ASG-4471 pls: due date, completion criteria, who has finished', expect: ['assignments_get'] },
  { ask: "what's on Chloe Martin's training plan, and is any of it overdue?", expect: ['assignments_for_user'] },
  { ask: 'Show everything that has been assigned to Raj Patel, with his progress on each one', expect: ['assignments_for_user'] },
  {
    ask: "Could you tell me what one particular person, Helen Ward, has been asked to do, and whether she's fallen behind on any of it?",
    expect: ['assignments_for_user'],
  },
  { ask: 'cancel the de-icing module assignment, it went out to the wrong team', expect: ['assignments_remove'] },
  {
    ask: "withdraw the Fire Marshal course we assigned to staff, we're doing it in person this year instead",
    expect: ['assignments_remove'],
  },
  { ask: "only let the Store Managers group see the 'Leadership' section on the explore page", expect: ['explore_set_audience'] },
  { ask: "Hide the 'Senior Leadership' browse section from the teaching assistants group please", expect: ['explore_set_audience'] },
  { ask: 'switch off the explore page for all learners, we only want people doing their assigned stuff', expect: ['explore_toggle'] },
  {
    ask: "I don't really want people wandering off into random courses. Can the page where they look around for things to learn just be switched off?",
    expect: ['explore_toggle'],
  },
  {
    ask: 'how is trainee Lucy Grant getting on in Route Knowledge, unit by unit, and is she taking longer than the rest of the group?',
    expect: ['learning_student_units'],
  },
  {
    ask: "breakdown of jade's progress in Visual Merchandising 101: which topics and activities she's done, her quiz scores per unit",
    expect: ['learning_student_units'],
  },
  { ask: 'which questions on the Signals Unit 3 test are trainees getting wrong most often?', expect: ['learning_question_stats'] },
  { ask: "dangerous goods quiz - what's the most common wrong answer on each question", expect: ['learning_question_stats'] },
  {
    ask: 'In unit 2 of the SEND awareness course, which topics have the lowest completion and weakest average scores?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'in the Emergency Procedures unit, which topic are drivers spending longest on, on average, across the cohort?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'how is the team doing on the customer styling role-plays in the Clienteling course? attempts and best scores please',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'Completion rate and average best score for the client-pitch simulations in Consulting Foundations',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'score spread on the Pushback Safety quiz, how many people land in each band?', expect: ['performance_quiz'] },
  {
    ask: 'How did staff score on the e-safety quiz? I want to see whether most are in the top quarter or not',
    expect: ['performance_quiz'],
  },
  { ask: 'what units and topics make up the Knowledge Management Essentials course?', expect: ['courses_structure'] },
  {
    ask: "I've been asked to look over a course called 'Welcome Onboarding'. Could you tell me what's actually inside it, like the sections and parts?",
    expect: ['courses_structure'],
  },
  { ask: "show me the problems the system's flagged about our training that nobody has looked at yet", expect: ['radar_alerts_list'] },
  {
    ask: 'Earlier I think I clicked away some of those warning messages the system gives about training. Could I see the ones we brushed aside?',
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'Ask the analytics assistant why staff engagement dropped off after half-term and get it to draw me a chart',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "I want a written insight on what's behind the low completion in the Advisory practice, with a chart I can paste into a deck",
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'build a flashcards activity on this season fabric types using the Fabric Guide folder, medium difficulty, 30 cards',
    expect: ['components_create'],
  },
  {
    ask: 'set up a role-play where the trainee driver has to talk to the signaller during a points failure',
    expect: ['components_create'],
  },
  { ask: 'take the Autumn Windows flashcards offline for now, the looks have changed', expect: ['components_set_status'] },
  { ask: "put the proposal-writing chatbot back into draft, it's giving rubbish answers", expect: ['components_set_status'] },
  {
    ask: 'Could you produce a short slideshow, 8 slides in en-GB, on fire evacuation for our INSET day, with the school logo on it?',
    expect: ['presentations_create'],
  },
  { ask: 'powerpoint on the new SPAD prevention guidance, 20 slides, no photos just icons', expect: ['presentations_create'] },
  {
    ask: "write me a short summary handout on this season's window trends for store teams, pitched at professionals",
    expect: ['materials_generate'],
  },
  {
    ask: 'AI-draft an overview note on ESG reporting basics for junior analysts and drop it in the Onboarding folder',
    expect: ['materials_generate'],
  },
  {
    ask: 'generate revision notes on the automatic warning system for trainee drivers, college level, long',
    expect: ['materials_generate'],
  },
  {
    ask: 'upload the ground handling manual PDF from this link and tell me once it has been fully procesed and usable',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "here's the link to the rule book training video, load it in and wait till it's finished processing before you report back",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Ingest the client engagement playbook PDF and hold on until it's ready, so I can attach it to the chatbot straight after",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'add the Q3 ramp safety bulletin pdf to our library', expect: ['materials_create', 'materials_upload_and_process'] },
  {
    ask: "save this paragraph about our mannequin-dressing standards as a material called 'Mannequin Standards'",
    expect: ['materials_create'],
  },
  {
    ask: 'Store the DfE guidance web link as a resource in the Safeguarding folder, just the link itself is fine',
    expect: ['materials_create'],
  },
  {
    ask: 'I have some text from our welcome letter. Can it be kept on the system somewhere as a document people can use?',
    expect: ['materials_create'],
  },
  { ask: "find any materials with 'pricing' in the name", expect: ['materials_list'] },
  { ask: "What's in the Safeguarding folder at the moment?", expect: ['materials_list'] },
  { ask: 'make a new folder called SS25 Floor Sets', expect: ['folders_create'] },
  { ask: 'Could I have some sort of place to keep all the documents for new starters together?', expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Curriculum Policies' and give it a proper description", expect: ['folders_update'] },
  { ask: 'change the colour of the Ramp Safety folder to red', expect: ['folders_update'] },
  { ask: 'is that de-icing deck finished yet?', expect: ['jobs_get'] },
  { ask: 'How far along is the playbook upload? Still chugging away?', expect: ['jobs_get'] },
  {
    ask: 'Sorry to bother you, I asked for something to be made earlier and it said it would take a while. Is it done now?',
    expect: ['jobs_get'],
  },
  { ask: 'stop that presentation job, I gave it the wrong topic', expect: ['jobs_cancel'] },
  { ask: "cancel the summary you're generating, don't need it after all", expect: ['jobs_cancel'] },
  { ask: "email every teacher who hasn't done their safeguarding module a reminder", expect: [] },
  { ask: 'create a new group called Winter Seasonal 2025 for the temp baggage handlers', expect: [] },
  { ask: 'assign the Route Knowledge course to the March cohort, due 30 April', expect: [] },
  { ask: "Someone can't log in. Could you reset their password for them?", expect: [] },
  { ask: 'delete the old pricing research material from the library permanently', expect: [] },
  { ask: 'rename the Oxford Street team group to Oxford Circus', expect: [] },
];

/**
 * An eighth tuning set by another hand that opened only the two API documents (a hospital pharmacy's
 * technician trainer, a water utility's operator-certification lead, a martial-arts school owner, an
 * insurance claims team lead, a graduate-TA coordinator, a co-op board member who avoids technical words).
 * It judged round 7 unseen (84 % first, 95 % in the top three); its misses were then printed for a report,
 * so it tuned round 8.
 */
export const INDEPENDENT_TUNING_8: EvalRequest[] = [
  { ask: 'how many of my adjusters started vs finished training in October? just that one month', expect: ['analytics_monthly_overview'] },
  {
    ask: 'Back in June, how many folks got going on a course and how many saw one through to the end?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'need Feb 2025 numbers: how many courses our staff built and published that month, plus learner starts and completions',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'give me the big picture for our whole pharmacy training space: total techs, instructors, admins, courses, and how many invites are still pending',
    expect: ['analytics_hero'],
  },
  {
    ask: 'All told, how many people we got signed up on this thing, and how many courses are there altogether?',
    expect: ['analytics_hero'],
  },
  { ask: 'avg time it takes a student to finish a course, across the whole dojo, all time', expect: ['analytics_hero'] },
  {
    ask: 'Which of our certification courses have the most people enrolled, and what is the completion % on each? top 10 is fine',
    expect: ['analytics_courses'],
  },
  {
    ask: 'completion rate course by course for the claims academy, I want to spot which ones people sign up for but never finish',
    expect: ['analytics_courses'],
  },
  {
    ask: 'Pull up the full list of TAs with how many courses each was assigned and how many they have completed',
    expect: ['analytics_students'],
  },
  { ask: 'roster of every student w/ assigned vs completed course counts and which classes theyre in', expect: ['analytics_students'] },
  {
    ask: "I'd like to see everybody on there, each person, and how many of the things they were given they've got done",
    expect: ['analytics_students'],
  },
  { ask: "which techs have courses assigned to them but haven't completed a single one yet?", expect: ['analytics_needs_attention'] },
  { ask: 'who has fallen behind - operators sitting on assigned training with zero finished', expect: ['analytics_needs_attention'] },
  { ask: "Who hasn't finished one blessed thing they were given? I want to give 'em a call", expect: ['analytics_needs_attention'] },
  {
    ask: 'who are my best students by completion rate? want to give them a shout-out at Saturday belt ceremony',
    expect: ['analytics_top_performers'],
  },
  { ask: 'top 5 adjusters by share of their assigned training finished', expect: ['analytics_top_performers'] },
  { ask: 'Rank the grad TAs by completion ratio, highest first please', expect: ['analytics_top_performers'] },
  { ask: 'list all our groups and subgroups under Treatment Plant Operators', expect: ['groups_list'] },
  { ask: 'what groups do we have set up? need member counts and who the lead instructor is on each', expect: ['groups_list'] },
  { ask: 'add Sensei Ramirez to the Little Dragons kids group as an instructor', expect: ['groups_member_add'] },
  { ask: 'Please put Priya Natarajan into the Chemistry TAs Fall cohort group', expect: ['groups_member_add'] },
  {
    ask: "Kevin Oduya is out on leave, mark him inactive in the Auto Claims Q3 group but don't touch his account otherwise",
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'set Dana Whitfield back to active in Grade III Distribution, she is back from medical leave',
    expect: ['groups_member_set_status'],
  },
  {
    ask: "Tom Becker's taking the season off from the grain safety bunch, just put him on hold there, he'll be back come spring",
    expect: ['groups_member_set_status'],
  },
  { ask: 'delete the 2023 Summer Interns group and everything under it, its dead', expect: ['groups_delete'] },
  { ask: 'get rid of the Tuesday Night Adults group entirely, we cancelled that class', expect: ['groups_delete'] },
  { ask: 'Marcus Hale graduated and is no longer a TA. Take him out of our whole workspace.', expect: ['members_remove'] },
  { ask: 'Jenna Liu quit last Friday, remove her from the training platform altogether', expect: ['members_remove'] },
  { ask: 'Fella named Earl Dunn sold his place and left the co-op, take him off the whole thing for good', expect: ['members_remove'] },
  { ask: "tag Luis Ortega as 'Grade II', 'night shift' and 'backflow certified'", expect: ['members_set_tags'] },
  { ask: "replace Hannah Cho's labels with just IV room and preceptor, clear out the old ones", expect: ['members_set_tags'] },
  { ask: "how's the Black Belt Prep assignment going overall? how many of the students on it have completed", expect: ['assignments_get'] },
  {
    ask: "Show me the details on the 'FERPA Basics - Fall' assignment: who it went to, the due date, the completion criteria, and who is done",
    expect: ['assignments_get'],
  },
  { ask: 'progress on the sterile compounding assignment we gave night shift? what percent have finished', expect: ['assignments_get'] },
  { ask: 'what training does Raj Patel have on his plate right now, and is any of it overdue?', expect: ['assignments_for_user'] },
  { ask: 'list everything assigned to Carla Mendes with her progress on each one', expect: ['assignments_for_user'] },
  { ask: 'What all has Jim Hollis been told to take, and has he got any of it done yet?', expect: ['assignments_for_user'] },
  { ask: 'cancel the Sparring Safety assignment, we are redoing it from scratch', expect: ['assignments_remove'] },
  { ask: 'Take down the old fraud indicators assignment from Q1, nobody should be tracked on it anymore', expect: ['assignments_remove'] },
  {
    ask: "Make the 'Career Development' section of the course catalog page show up only for the Senior TAs group",
    expect: ['explore_set_audience'],
  },
  {
    ask: 'hide the Controlled Substances Advanced section of the browse page from the Pharmacy Interns group',
    expect: ['explore_set_audience'],
  },
  {
    ask: 'turn off the self-browse course page for learners completely, we only want them in assigned coursework',
    expect: ['explore_toggle'],
  },
  { ask: 'Let everybody look around and pick courses on their own, flip that on for the whole place', expect: ['explore_toggle'] },
  {
    ask: "Break down Maria Santos's progress in Liability Claims 101 unit by unit, and how her time stacks up against the team",
    expect: ['learning_student_units'],
  },
  {
    ask: 'how far is Ethan Park in the Green Belt Curriculum course - which units and topics are done and what activities are left?',
    expect: ['learning_student_units'],
  },
  {
    ask: 'on the Pharmacy Calculations final test, which questions are techs getting wrong most often?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'For the Lab Safety quiz, show me each question miss rate and the most common wrong answer among the Biology TAs',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'worst questions on the chlorine disinfection unit test, ranked by how many people blew them',
    expect: ['learning_question_stats'],
  },
  { ask: 'for Unit 3 Pump Maintenance, whats the completion and average quiz score per topic?', expect: ['learning_unit_topics'] },
  {
    ask: 'In the Grading and Feedback unit, how long are TAs spending on each topic on average, and how far through each one are they?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'how are people doing on the angry-caller role plays in the Customer Communication course? completion, attempts, best scores',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'For the Patient Counseling course, what share of techs have started the practice scenarios and what is their average best score?',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'score spread on the Kata Terminology quiz, like how many landed 0-24, 25-49 and so on', expect: ['performance_quiz'] },
  { ask: "On that little quiz about handling anhydrous safely, who took it and what'd everybody score?", expect: ['performance_quiz'] },
  { ask: 'per-person scores and average % on the Subrogation Basics quiz', expect: ['performance_quiz'] },
  { ask: 'what units and topics make up the Backflow Prevention course? need the outline', expect: ['courses_structure'] },
  { ask: "How's the Farm Safety course laid out, what parts is it broke into?", expect: ['courses_structure'] },
  { ask: "anything new the early-warning radar flagged on our TA courses that nobody's looked at yet?", expect: ['radar_alerts_list'] },
  { ask: 'show me the alerts we dismissed plus the ones we already acted on', expect: ['radar_alerts_list'] },
  {
    ask: 'Can you dig into the data and tell me why completions in the kids program dropped this fall? a chart would help',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'I want to know whether newer adjusters score lower on quizzes than the veterans, analyze it and chart it for me',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Set up a flashcard deck off the Top 200 Drugs material, mixed difficulty, 100 cards, spaced repetition',
    expect: ['components_create'],
  },
  { ask: 'build a chatbot that answers operator questions using our SOP folder', expect: ['components_create'] },
  { ask: 'Create a role-play where a TA has to handle an upset student disputing a grade', expect: ['components_create'] },
  { ask: 'switch the Belt Test Flashcards back to draft, i need to fix some cards', expect: ['components_set_status'] },
  { ask: 'deactivate the Claims Q&A bot for now, its giving bad answers', expect: ['components_set_status'] },
  { ask: 'Make me a 15 slide deck on Lead and Copper Rule basics in English with AI-generated pictures', expect: ['presentations_create'] },
  {
    ask: 'I need a slideshow, maybe 10 pages, on keeping kids safe around farm equipment for the winter meeting',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a short college-level summary on running effective office hours and put it in the TA Onboarding folder',
    expect: ['materials_generate'],
  },
  { ask: 'generate long study notes on look-alike sound-alike meds for techs, professional level', expect: ['materials_generate'] },
  { ask: 'Can you have it write up an overview on cover crops for our members? Nothing fancy', expect: ['materials_generate'] },
  {
    ask: 'Upload the new Auto Claims Procedure Manual PDF from https://docs.example.com/acpm.pdf and hold on until it is fully processed before telling me it is ready',
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "here's the video of our kata bunkai seminar, upload it and let me know once it's done processing so the bot can use it",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "save this text as a new material called 'Hydrant Flushing Checklist': 1. notify customers 2. open hydrant slowly 3. check chlorine residual",
    expect: ['materials_create'],
  },
  { ask: 'add a material that points to the university TA handbook web link, call it TA Handbook 2025', expect: ['materials_create'] },
  { ask: 'Store my pasted notes on beyond-use dating rules as a material in the USP 797 folder', expect: ['materials_create'] },
  {
    ask: "Here's the co-op bylaws as a PDF, put it in with the other reading stuff",
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'what materials do we have in the Fraud folder?', expect: ['materials_list'] },
  { ask: "Find whatever reading we've already got on there with grain bin in the name", expect: ['materials_list'] },
  { ask: 'make a new folder called Weapons Curriculum inside Black Belt Materials', expect: ['folders_create'] },
  { ask: 'create a folder for the Grade IV exam prep stuff', expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'TA Workshops Spring 2025' and give it a short description", expect: ['folders_update'] },
  { ask: 'move the Chemo Handling folder so it sits inside Hazardous Drugs', expect: ['folders_update'] },
  { ask: "is that slide deck on catastrophe claims done yet? where's it at", expect: ['jobs_get'] },
  { ask: 'That write-up you started making a while back, is it finished or still cooking?', expect: ['jobs_get'] },
  { ask: 'stop that presentation you are generating, I gave you the wrong belt level', expect: ['jobs_cancel'] },
  { ask: 'Cancel the file upload that is still running, I sent the wrong PDF', expect: ['jobs_cancel'] },
  { ask: "email a reminder to everyone on night shift who hasn't finished the USP 800 module", expect: [] },
  { ask: 'push the due date on the Grade II prep assignment out two weeks', expect: [] },
  { ask: 'print completion certificates for the kids who earned their yellow belts', expect: [] },
  { ask: "reset Marcus Bell's password, he's locked out of the training site", expect: [] },
  { ask: 'Assign the FERPA module to every new TA with a September 1 deadline', expect: [] },
  { ask: 'Take that old tractor rollover course off there and throw it out completely', expect: [] },
];

/**
 * A ninth tuning set by another such hand (a supermarket's food-safety trainer, a portfolio company's HR
 * business partner, a dance academy's program director, a semiconductor fab's cleanroom trainer, a public
 * defender office's training attorney, an analyst asking with numbers and filters). It judged round 7
 * unseen (83 %, 95 %); its misses were then printed for a report, so it tuned round 8.
 */
export const INDEPENDENT_TUNING_9: EvalRequest[] = [
  {
    ask: 'For 2024-09 only: unique learners who started a course vs unique learners who completed one, plus how many creators published their first course that month.',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'how many of my deli associates actually finished a training back in October?', expect: ['analytics_monthly_overview'] },
  {
    ask: "Can you pull last month's figures? I want to know how many new courses our instructors published and how many students started one.",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'Give me the headline numbers for the whole workspace: total learners, instructors, admins, courses, and how many invites are still pending.',
    expect: ['analytics_hero'],
  },
  { ask: 'what is the average time to finish a course across the entire fab training program, all time', expect: ['analytics_hero'] },
  {
    ask: 'quick big-picture snapshot: how many people are on the platform in total and how many course completions have we logged since we launched?',
    expect: ['analytics_hero'],
  },
  { ask: 'top 15 courses with enrolled count, completed count and completion % — nothing else', expect: ['analytics_courses'] },
  {
    ask: 'which of our courses has the worst completion rate? i have a feeling allergen awareness is way behind',
    expect: ['analytics_courses'],
  },
  {
    ask: "I need the full learner roster with each person's assigned vs completed course counts and the groups they belong to.",
    expect: ['analytics_students'],
  },
  {
    ask: "list every tech on the platform with how many trainings they've been assigned and how many they've done",
    expect: ['analytics_students'],
  },
  {
    ask: 'Pull 200 learners with join date, # courses assigned, # completed and group membership — everyone, not only the laggards or the leaders.',
    expect: ['analytics_students'],
  },
  {
    ask: "who hasn't finished even one of their assigned trainings? health inspector visits next week and I need to chase them",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'Which of our attorneys have coursework assigned to them but have not completed a single course yet?',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'which students are falling behind — courses assigned but nothing completed at all? want to reach out to their parents',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'Who are our strongest learners by completion rate? Want to shout out the top 10 at the quarterly all-hands.',
    expect: ['analytics_top_performers'],
  },
  { ask: 'rank operators by share of assigned courses completed, highest first, top 5 only', expect: ['analytics_top_performers'] },
  {
    ask: "I'd like to recognize our most dedicated students this term — who has finished the largest portion of what they were assigned?",
    expect: ['analytics_top_performers'],
  },
  { ask: 'What groups do we have under the Felony Division? Include the nested sub-teams too.', expect: ['groups_list'] },
  { ask: 'list all groups incl. descendants with member count, child count, lead instructor and archived flag', expect: ['groups_list'] },
  { ask: 'add Marisol Ortega to the Store 114 Deli group', expect: ['groups_member_add'] },
  { ask: 'Please put Jenna Kowalski into the Intermediate Ballet group as an instructor.', expect: ['groups_member_add'] },
  {
    ask: "Mark Derek Collins inactive in the Finance Ops group — he's on parental leave but still with the company.",
    expect: ['groups_member_set_status'],
  },
  {
    ask: "Sofia's sitting out the Jazz Company this semester; set her to inactive in that group but keep her in the academy.",
    expect: ['groups_member_set_status'],
  },
  {
    ask: "reactivate Leah Brandt in the Misdemeanor Team group, her rotation is over and she's back",
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'Remove Kevin Marsh from the platform entirely — his last day was Friday and offboarding is complete.',
    expect: ['members_remove'],
  },
  { ask: "contractor Raj Patel's badge got revoked, take him out of our workspace completely", expect: ['members_remove'] },
  { ask: 'tom quit, get him off our training site altogether', expect: ['members_remove'] },
  { ask: "Tag Priya Shah with 'acme-portco' and 'people-manager'.", expect: ['members_set_tags'] },
  { ask: "clear every tag off Daniel Okafor's profile", expect: ['members_set_tags'] },
  { ask: 'The Summer Intensive 2023 group is finished — delete it along with its subgroups.', expect: ['groups_delete'] },
  { ask: 'get rid of the Store 87 group, that location closed for good', expect: ['groups_delete'] },
  {
    ask: "How's the Suppression Motions assignment going? What percent of assigned attorneys have completed it and who's still outstanding?",
    expect: ['assignments_get'],
  },
  { ask: 'for assignment asg_4471: total assignees, completed count, and every assignee under 50% progress', expect: ['assignments_get'] },
  {
    ask: 'what are the completion requirements on the Cold Chain Basics assignment? do they have to pass the test, and with what score?',
    expect: ['assignments_get'],
  },
  {
    ask: "What's on Angela Wu's training plate? Show everything assigned to her and flag anything overdue.",
    expect: ['assignments_for_user'],
  },
  { ask: 'pull up all the courses assigned to Maya Thompson and how far along she is in each one', expect: ['assignments_for_user'] },
  { ask: "which of Ken Ito's required trainings are past due", expect: ['assignments_for_user'] },
  { ask: 'Cancel the Intro to Jury Selection assignment for the 2022 cohort — it went out by mistake.', expect: ['assignments_remove'] },
  { ask: 'unassign the old slicer safety course, the new one replaces it', expect: ['assignments_remove'] },
  { ask: 'Make the Competition Prep section on the explore page visible only to the Elite Team group.', expect: ['explore_set_audience'] },
  { ask: 'hide the Advanced Process Engineering section of explore from the Contractors group', expect: ['explore_set_audience'] },
  { ask: "turn off the explore page for everybody, I don't want staff browsing random courses on the clock", expect: ['explore_toggle'] },
  {
    ask: 'Can we switch on the self-serve course browsing page so attorneys can pick up optional courses on their own?',
    expect: ['explore_toggle'],
  },
  {
    ask: "break down Ana Silva's progress in Gowning Protocol by unit and topic — how much time did she spend compared with the team average?",
    expect: ['learning_student_units'],
  },
  {
    ask: 'In Trial Advocacy, where exactly is Marcus Reed stuck? Which units and activities are unfinished, and has he taken the unit test?',
    expect: ['learning_student_units'],
  },
  {
    ask: 'on the Contamination Control final test, which questions are people missing most and what wrong answer do they pick?',
    expect: ['learning_question_stats'],
  },
  { ask: 'question-level miss rates for quiz q_882, Night Shift group only, worst first', expect: ['learning_question_stats'] },
  { ask: 'Which questions on the music theory quiz are tripping up the Level 2 kids the most?', expect: ['learning_question_stats'] },
  { ask: 'which topics in the temperature control unit are taking people the longest to get through?', expect: ['learning_unit_topics'] },
  { ask: 'unit u_551, group Store 22: per-topic completion %, avg/min/max score', expect: ['learning_unit_topics'] },
  {
    ask: 'How are our lawyers doing on the client interview role-plays in Client Counseling? Started, finished, average best score?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'For the Difficult Conversations course, what share of managers completed the role-play scenarios and how many tries did they take on average?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'Show me how everyone scored on the Ballet Terminology quiz — how many kids landed in each score band?',
    expect: ['performance_quiz'],
  },
  { ask: 'for the Allergen Check quiz, list each person with their score and how long they took', expect: ['performance_quiz'] },
  { ask: 'score distribution in quartile buckets plus mean percent for quiz activity act_2019', expect: ['performance_quiz'] },
  {
    ask: 'What units and topics make up the Wafer Handling course? I need the outline before I rewrite it.',
    expect: ['courses_structure'],
  },
  {
    ask: 'how many units, topics and projects does Manager Essentials have, and which units end with a test?',
    expect: ['courses_structure'],
  },
  { ask: 'list the 25 most recent radar alerts with status new', expect: ['radar_alerts_list'] },
  { ask: "anything flagged by our monitors that we haven't acted on yet?", expect: ['radar_alerts_list'] },
  {
    ask: 'Can you chart completion trends by group over the last quarter and tell me which teams are slipping?',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Ask the insights assistant: average quiz score by group over the last 6 weeks, bar chart, with a one-line interpretation.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'set up a flashcard deck from the cleanroom gowning SOP folder, 40 cards, mixed difficulty, spaced repetition',
    expect: ['components_create'],
  },
  {
    ask: 'create an AI role-play where a new attorney practices arguing a bail hearing, using the Bail Reform materials',
    expect: ['components_create'],
  },
  { ask: "Deactivate the Recital Q&A chatbot, the recital's over.", expect: ['components_set_status'] },
  { ask: 'switch the Benefits FAQ assistant back to draft while legal reviews it', expect: ['components_set_status'] },
  {
    ask: 'make me a 12-slide deck on proper handwashing for the deli team, english, icons instead of photos',
    expect: ['presentations_create'],
  },
  {
    ask: 'Generate a 20-slide presentation on our new performance review process in Mexican Spanish, with our logo from https://cdn.acmeportco.com/logo.png',
    expect: ['presentations_create'],
  },
  {
    ask: 'need an 8-slide PDF on ESD precautions in the fab with AI-generated images, and I want the PowerPoint copy too',
    expect: ['presentations_create'],
  },
  {
    ask: 'write study notes on the Fourth Amendment exclusionary rule for new attorneys, professional level, long, into the Training Materials folder',
    expect: ['materials_generate'],
  },
  {
    ask: 'Have the AI draft a short, high-school-level summary of the history of hip hop dance for our theory class.',
    expect: ['materials_generate'],
  },
  {
    ask: "generate an outline on 'SPC control chart basics', college level, medium length, with the NIST handbook listed as a reference",
    expect: ['materials_generate'],
  },
  {
    ask: 'save this as a material called Slicer Cleaning Steps: 1. unplug the slicer 2. remove the blade guard 3. wash, rinse, sanitize',
    expect: ['materials_create'],
  },
  {
    ask: "add the state bar's ethics opinion page https://www.calbar.ca.gov/ethics/opinion-2024-3 as a material in the Ethics folder",
    expect: ['materials_create'],
  },
  {
    ask: "Here's our updated PTO policy text — store it as a new material named 'PTO Policy 2025' in the HR Policies folder: employees accrue 1.5 days per month...",
    expect: ['materials_create'],
  },
  {
    ask: "upload the SOP PDF at https://docs.fab2.internal/sop-cr-12.pdf and wait until it's fully processed so I can use it right away",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "I have a video of our warm-up routine at this link — upload it and don't come back until it's done processing.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: 'add the PDF at https://files.example.org/q3-defect-report.pdf as a material in folder fld_220',
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'what materials do we have in the Trial Skills folder?', expect: ['materials_list'] },
  { ask: "search materials whose name contains 'HACCP', page 2, 50 per page", expect: ['materials_list'] },
  { ask: 'Create a folder called Contemporary Choreography inside the Curriculum folder.', expect: ['folders_create'] },
  { ask: 'new folder for Etch Module SOPs please', expect: ['folders_create'] },
  { ask: 'rename the Onboarding folder to Onboarding - PortCo Standard', expect: ['folders_update'] },
  { ask: 'move the Allergens folder so it sits under Food Safety', expect: ['folders_update'] },
  { ask: 'is that handwashing deck done yet?', expect: ['jobs_get'] },
  { ask: 'how far along is the SOP upload I kicked off earlier?', expect: ['jobs_get'] },
  { ask: 'status of job job_7f3a — return the result payload if it completed', expect: ['jobs_get'] },
  { ask: 'stop making that presentation, I picked the wrong topic', expect: ['jobs_cancel'] },
  { ask: 'cancel the handbook import that is still running', expect: ['jobs_cancel'] },
  { ask: 'assign the Harassment Prevention course to every manager at Acme PortCo, due June 30', expect: [] },
  { ask: "email a reminder to everyone who hasn't done the allergen course", expect: [] },
  { ask: 'create a new group called Spring Hip Hop Beginners', expect: [] },
  { ask: 'invite jlee@fab2.com to the workspace as an instructor', expect: [] },
  { ask: 'push the due date on the Evidence Basics assignment back two weeks', expect: [] },
  { ask: 'permanently delete material mat_3391 and its stored file', expect: [] },
];

/**
 * A tenth tuning set by another such hand (a hair-salon chain's education manager, a sheriff's office
 * training sergeant, a nursing-home group's staff developer, a software reseller's partner-enablement lead,
 * a marching band director, a foreman texting in fragments), measured once on the descriptions of round 7
 * (84 % first, 95 % in the top three), then tuned on in round 8. Its one request another set already had
 * is left out.
 */
export const INDEPENDENT_TUNING_10: EvalRequest[] = [
  {
    ask: 'how many of our stylists actually started a course in february vs finished one? need it for the regional meeting',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'What did September 2024 look like for us: how many new lessons did my section leaders publish, and how many band members started or completed something that month?',
    expect: ['analytics_monthly_overview'],
  },
  { ask: 'last month numbers. who started who finished', expect: ['analytics_monthly_overview'] },
  {
    ask: 'Give me the big-picture numbers for the whole academy site: total deputies enrolled, how many instructors and admins, number of courses, outstanding invites.',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Quick all-time snapshot for my QBR slide: total completions across the partner portal, how many invites are still pending, and the average time it takes someone to finish a course',
    expect: ['analytics_hero'],
  },
  {
    ask: 'Which of our courses have the worst completion rate? I want enrolled vs completed for each one, Infection Control included.',
    expect: ['analytics_courses'],
  },
  { ask: 'courses. how many signed up how many done. top 10', expect: ['analytics_courses'] },
  {
    ask: "pull up every stylist on the platform with how many courses they've been assigned and how many they've finished",
    expect: ['analytics_students'],
  },
  {
    ask: 'I need a roster of all personnel in the system showing assigned vs. completed training and which groups each deputy belongs to.',
    expect: ['analytics_students'],
  },
  {
    ask: 'can you list all our partner reps with their course counts, assigned and done? the full roster, not just the slackers',
    expect: ['analytics_students'],
  },
  {
    ask: "Who has training assigned but hasn't completed a single course yet? State survey is coming and I need to chase them down.",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "which kids haven't finished ANYTHING they were assigned?? want names before thursday rehearsal",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'guys w zero done. names', expect: ['analytics_needs_attention'] },
  {
    ask: 'Who are my best learners right now? Want to give a shoutout to the top 5 at the all-hands.',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "Rank deputies by how much of their assigned training they've finished, highest first. I'm picking field training officer candidates.",
    expect: ['analytics_top_performers'],
  },
  {
    ask: 'which individual consultants have the highest completion ratio? need 3 names for partner of the quarter',
    expect: ['analytics_top_performers'],
  },
  { ask: 'Show me all the groups we have set up, including the sub-groups under each facility.', expect: ['groups_list'] },
  { ask: 'what sections do i have under Drumline? list the subgroups', expect: ['groups_list'] },
  { ask: 'Add Deputy Marcus Reyes to the Corrections group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'put Jenna Liu in the Color Guard group pls, she switched over from flute', expect: ['groups_member_add'] },
  {
    ask: "Kayla's going on maternity leave. Mark her inactive in the Riverside salon group but don't take her off the platform.",
    expect: ['groups_member_set_status'],
  },
  { ask: "Set Tom Becker back to active in the Night Shift CNA group, he's returned from leave.", expect: ['groups_member_set_status'] },
  { ask: 'pause dave in framing crew group. back in spring', expect: ['groups_member_set_status'] },
  { ask: "Delete the 'Legacy Desktop Partners' group along with its subgroups, we sunset that program.", expect: ['groups_delete'] },
  { ask: "get rid of the 2022 Bowl Trip group entirely, we don't need it anymore", expect: ['groups_delete'] },
  {
    ask: 'Brittany quit last week. Take her completely out of our workspace so she loses access to everything.',
    expect: ['members_remove'],
  },
  {
    ask: 'Deputy Hollis resigned. Remove his account from the training workspace entirely, not just from the Patrol group.',
    expect: ['members_remove'],
  },
  { ask: 'kick ramirez off the app. fired', expect: ['members_remove'] },
  { ask: "Tag Angela Moore as 'RN', 'Cedar Ridge' and 'Wound Care Champion' on her profile.", expect: ['members_set_tags'] },
  { ask: 'wipe all tags off jimmy. hes not a lead anymore', expect: ['members_set_tags'] },
  {
    ask: "How's the Use of Force Refresher assignment going? How many of the people on it have completed, and when is it due?",
    expect: ['assignments_get'],
  },
  {
    ask: "For the annual Fall Prevention assignment, who has finished and who hasn't? I need per-person progress.",
    expect: ['assignments_get'],
  },
  { ask: 'whats the completion % on the Marching Fundamentals assignment i gave the freshmen', expect: ['assignments_get'] },
  { ask: 'What has Jasmine Ortiz been assigned, and is any of it overdue?', expect: ['assignments_for_user'] },
  {
    ask: 'Show me every course assigned to Priya at Northstar Bookkeeping plus her progress on each one.',
    expect: ['assignments_for_user'],
  },
  { ask: 'what training does mikey have. anything late', expect: ['assignments_for_user'] },
  { ask: 'Cancel the Taser recertification assignment, we posted it to the wrong division.', expect: ['assignments_remove'] },
  {
    ask: 'pull the keratin treatment assignment, product got discontinued and nobody should have to do it',
    expect: ['assignments_remove'],
  },
  {
    ask: "Only show the Advanced Color section of the course catalog to the Senior Colorists group, apprentices shouldn't see it yet.",
    expect: ['explore_set_audience'],
  },
  { ask: "Hide the 'Command Staff Leadership' section of the browse page from the Cadets group.", expect: ['explore_set_audience'] },
  {
    ask: 'Turn off the browse-courses page for all our staff, I want them focused only on their assigned training until survey is over.',
    expect: ['explore_toggle'],
  },
  { ask: 'can we switch the explore tab back on so the members can browse optional stuff again?', expect: ['explore_toggle'] },
  {
    ask: "Dig into Maria Lopez's progress in the Dementia Care course: which units and topics she's done, her quiz scores, and how her time compares to the team.",
    expect: ['learning_student_units'],
  },
  {
    ask: 'How far is Ben Cho through the Payroll Module Certification? Break it down by unit, and did he pass the unit test?',
    expect: ['learning_student_units'],
  },
  { ask: 'luis in scaffold course. where is he stuck', expect: ['learning_student_units'] },
  {
    ask: 'Which questions on the Search and Seizure final test are deputies missing most? Show me the wrong-answer rates.',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'on the music theory quiz which questions did people bomb, and what wrong answer did they usually pick?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'For the sales tax unit test, what is the most common wrong answer per question among the West Coast Partners group?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'In unit 3 of Balayage Fundamentals, which topics are people taking the longest on and what is the avg quiz score per topic?',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'Break down the Medication Safety unit topic by topic for the Maple Grove group: completion %, average score and time spent.',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'How are the stylists doing on the client consultation role-plays in Client Experience 101? How many tries are they taking and what is the average best score?',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'For the De-escalation course, what percent of deputies have started vs finished the scenario exercises?',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'Score spread on the Bank Reconciliation quiz: how many people landed under 50% vs above 75%?', expect: ['performance_quiz'] },
  { ask: "show me everyone's score on the week 2 drill terminology quiz and how long each person took", expect: ['performance_quiz'] },
  { ask: 'ladder safety quiz scores. everybody', expect: ['performance_quiz'] },
  {
    ask: "What's the outline of the Partner Onboarding course? Units, topics, and is there a test at the end?",
    expect: ['courses_structure'],
  },
  { ask: 'trenching course. whats in it. units topics', expect: ['courses_structure'] },
  { ask: "pull the last 10 alerts we've already acted on so I can review what we did about them", expect: ['radar_alerts_list'] },
  {
    ask: 'Why did completion drop off for the Jail Operations course among corrections staff last quarter? Give me some insights and a chart.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Can you analyze our learner data and tell me which salons are falling behind and what I should do about it?',
    expect: ['performance_insights_ask'],
  },
  { ask: 'chart crew progress. whats the trend tell me', expect: ['performance_insights_ask'] },
  {
    ask: 'Set up a flashcard deck for partners from the chart-of-accounts material, medium difficulty, 40 cards, spaced repetition.',
    expect: ['components_create'],
  },
  {
    ask: 'Create an AI role-play where a CNA has to calm down an upset family member during visiting hours.',
    expect: ['components_create'],
  },
  { ask: 'deactivate the practice test thing for the halftime show, the drill changed', expect: ['components_set_status'] },
  { ask: 'Flip the Color Tutor chatbot from draft to live so the apprentices can start using it', expect: ['components_set_status'] },
  {
    ask: 'Make me a 15-slide deck on vehicle pursuit policy in English, with AI-generated images and our county logo.',
    expect: ['presentations_create'],
  },
  {
    ask: 'build a 10 slide presentation on marching posture and horn angles, in spanish (es-MX) for the outreach camp',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a short summary on hand hygiene for our CNAs, professional level, and put it in the Infection Control folder.',
    expect: ['materials_generate'],
  },
  { ask: 'need notes on silica dust. make em. short', expect: ['materials_generate'] },
  {
    ask: "Upload the bond-builder product training PDF and wait until it's fully processed so I can use it right away.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Take the release notes PDF at this link, ingest it, and don't come back to me until processing has finished.",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'upload site safety plan pdf. tell me when its done processing', expect: ['materials_upload_and_process'] },
  {
    ask: "Save this text of General Order 4.12 as a material called 'GO 4.12 Body Cameras' in the Policy folder.",
    expect: ['materials_create'],
  },
  { ask: "add the youtube link of last year's halftime show as a material in the Film Study folder", expect: ['materials_create'] },
  { ask: "Paste this new visitor policy in as a text material named 'Visitor Policy 2025'.", expect: ['materials_create'] },
  {
    ask: 'attach the partner pricing sheet PDF as a material in the Sales Kit folder',
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'what materials do we have in the Drill Charts folder?', expect: ['materials_list'] },
  { ask: "Search our study materials for anything with 'taser' in the name.", expect: ['materials_list'] },
  { ask: "make a new folder called 'Bridal Updos' inside Styling Resources", expect: ['folders_create'] },
  { ask: 'new folder. concrete pours', expect: ['folders_create'] },
  { ask: "Rename the 'Q3 Launch' folder to 'Q3 Launch - Archive' and move it under Old Campaigns.", expect: ['folders_update'] },
  { ask: "Change the description on the Infection Control folder to say it's for CNAs and LPNs only.", expect: ['folders_update'] },
  { ask: 'Is the pursuit policy slide deck done generating yet?', expect: ['jobs_get'] },
  { ask: 'how far along is that upload i kicked off earlier? finished?', expect: ['jobs_get'] },
  { ask: 'that deck done yet', expect: ['jobs_get'] },
  { ask: 'stop generating that presentation, I typed the wrong topic', expect: ['jobs_cancel'] },
  { ask: "Kill the material generation that's still running, I picked the wrong level.", expect: ['jobs_cancel'] },
  { ask: 'email all the stylists who are behind a reminder to finish their courses', expect: [] },
  { ask: "Create a new group called 'SWAT Team' under Patrol.", expect: [] },
  { ask: 'Assign the Infection Control course to all CNAs at Cedar Ridge, due March 31.', expect: [] },
  { ask: "dismiss the radar alert about declining completions, it's not relevant to us", expect: [] },
  { ask: 'Delete the old 2023 drill chart PDF from our materials.', expect: [] },
  { ask: 'push due date on fall protection a week', expect: [] },
];

/**
 * An eleventh tuning set by another such hand (a restaurant franchisee, a port's crane-operator trainer,
 * a Montessori school's head of staff development, a security startup's developer-education lead, a zoo's
 * keeper-training coordinator, an over-explainer), measured once on the descriptions of round 7 (86 %,
 * 95 %), then tuned on in round 8.
 */
export const INDEPENDENT_TUNING_11: EvalRequest[] = [
  {
    ask: 'how many of my crew actually started vs finished training in february? just feb numbers',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'For our September in-service month, how many guides began a course and how many completed one?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'did our content authors publish anything new in 2024-06? creator activity for that month only',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'big picture numbers for the whole training workspace: total trainees, instructors, courses, completions to date',
    expect: ['analytics_hero'],
  },
  {
    ask: "How many keeper invites are still sitting unaccepted, and what's our average time to finish a course overall?",
    expect: ['analytics_hero'],
  },
  {
    ask: 'Okay so our board meeting is Thursday and the director always wants the same handful of headline figures up front: total learners, how many admins and instructors we have, total course completions ever. Could you grab those all-time totals for me?',
    expect: ['analytics_hero'],
  },
  {
    ask: 'which training courses have the worst completion rate across my stores? enrolled vs completed per course',
    expect: ['analytics_courses'],
  },
  { ask: 'per-course completion % for everything we run, top 10 is enough', expect: ['analytics_courses'] },
  {
    ask: 'Give me the full roster of staff learners with how many courses each has assigned and finished.',
    expect: ['analytics_students'],
  },
  { ask: 'every trainee in the workspace w/ assigned and completed counts and which groups theyre in', expect: ['analytics_students'] },
  {
    ask: "Hi there! I'm doing our annual training review and rather than just the stars or the stragglers I'd like to see everybody, the whole list of learners, each with how many courses they were given and how many they've wrapped up. Possible?",
    expect: ['analytics_students'],
  },
  { ask: 'who on my crew has training assigned but hasnt completed a single thing yet', expect: ['analytics_needs_attention'] },
  {
    ask: 'Which keepers have zero completions despite having coursework assigned? I need to chase them before the audit.',
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Hiya! Quick background: we rolled out a bunch of mandatory modules last quarter and I've got a hunch a handful of people never finished even one of them. Could you show me just those folks, the ones with stuff assigned and nothing completed?",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'who are my best trainees by completion ratio? want to nominate a couple for the signalman course',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "Rank our guides by how much of their assigned training they've completed, best first, top 5 please.",
    expect: ['analytics_top_performers'],
  },
  { ask: 'leaderboard of devs who finished the biggest share of their assigned secure-coding work', expect: ['analytics_top_performers'] },
  { ask: 'show me all the teams and sub-teams under the Carnivores section', expect: ['groups_list'] },
  { ask: 'what groups do we have set up? need ids and headcount for each store', expect: ['groups_list'] },
  { ask: "Put Tomasz Kowal into the 'STS Night Shift' group as an instructor.", expect: ['groups_member_add'] },
  {
    ask: "So we just hired a lovely new assistant, Priya, and she'll be working in the toddler room starting Monday, which means she should be part of the Toddler Community guides group so she sees their training. Could you add her there?",
    expect: ['groups_member_add'],
  },
  {
    ask: "Mark Jordan as inactive in the Red Team cohort. He's on parental leave but still with the company.",
    expect: ['groups_member_set_status'],
  },
  { ask: "reactivate Lena in the Aviary keepers group, she's back from her secondment", expect: ['groups_member_set_status'] },
  {
    ask: "So one of our assistants, Bea, is stepping over to the office for a term. She's not leaving us at all, I just want her switched off in the Primary classroom group for now without kicking her out of anything else. Can you do that?",
    expect: ['groups_member_set_status'],
  },
  { ask: 'delete the Store 207 group, that location closed, and yes its subgroups can go with it', expect: ['groups_delete'] },
  { ask: 'get rid of the old 2022 trainee cohort group entirely', expect: ['groups_delete'] },
  { ask: 'Maria Okafor has left our school, please take her out of the workspace completely.', expect: ['members_remove'] },
  { ask: 'remove contractor Kevin Lee from our whole learning platform, his contract ended friday', expect: ['members_remove'] },
  { ask: 'ex-employee Dan Ruiz needs to be gone from the system altogether, not just from one team', expect: ['members_remove'] },
  { ask: "tag Jess as 'shift lead' and 'certified food handler'", expect: ['members_set_tags'] },
  { ask: "Replace Ahmed's labels with just 'RTG' and 'night' and drop the old ones.", expect: ['members_set_tags'] },
  { ask: "How's the 'Q3 IAM hardening' assignment going? How many of the assignees have completed it?", expect: ['assignments_get'] },
  { ask: 'status of assignment asg_4471, who has finished and who hasnt', expect: ['assignments_get'] },
  {
    ask: "Right, so back in January I set up an assignment of the Reptile Husbandry course for a mix of people, with a due date and a minimum test score, and I honestly can't remember the exact rules now. Can you pull up that one assignment with its criteria and each person's progress?",
    expect: ['assignments_get'],
  },
  { ask: "what's on Carlos's plate training-wise? everything assigned to him and whats overdue", expect: ['assignments_for_user'] },
  { ask: 'all assignments for trainee Rui Santos with progress %', expect: ['assignments_for_user'] },
  { ask: 'Can you list every course assignment Hannah has, and which ones are late?', expect: ['assignments_for_user'] },
  { ask: 'cancel the OWASP refresher assignment we pushed to the SRE team by mistake', expect: ['assignments_remove'] },
  { ask: "Withdraw assignment asg_9021, we're replacing it.", expect: ['assignments_remove'] },
  {
    ask: "Hide the 'Elementary Guides' catalog section from the assistants group, only lead guides should see it.",
    expect: ['explore_set_audience'],
  },
  { ask: "make the 'Manager Toolkit' section of the browse page visible only to shift managers", expect: ['explore_set_audience'] },
  { ask: 'turn off the course catalog browsing page for all learners, we only want them doing assigned stuff', expect: ['explore_toggle'] },
  {
    ask: 'So, fun story, our learners kept wandering off into random optional courses instead of their required ones, but the big compliance push is over now. Could you switch the self-browse catalog back on for everybody?',
    expect: ['explore_toggle'],
  },
  {
    ask: "Drill into Sam Patel's progress in Threat Modeling 101: per unit and topic, and how his time compares to the team average.",
    expect: ['learning_student_units'],
  },
  {
    ask: 'where exactly is Olu stuck in Big Cat Handling? unit by unit, which activities done, did he take the test',
    expect: ['learning_student_units'],
  },
  {
    ask: "Which questions on the Crane Signals final test do trainees get wrong most often, and what's the usual wrong answer?",
    expect: ['learning_question_stats'],
  },
  { ask: 'worst-answered questions in the Practical Life quiz for the Primary assistants group', expect: ['learning_question_stats'] },
  { ask: 'item analysis on the cloud misconfig test, wrong rate per question pls', expect: ['learning_question_stats'] },
  {
    ask: 'For the Food Safety unit, show completion and average quiz score per topic, plus time spent on each.',
    expect: ['learning_unit_topics'],
  },
  { ask: 'in the Venomous Species unit which topics are people taking longest on or scoring lowest', expect: ['learning_unit_topics'] },
  {
    ask: 'how are crew doing on the angry-customer role-plays in Guest Service 101? completion and best scores',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'How many guides attempted the parent-conference role-play scenarios in the Communication course, and what are their average best scores?',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'score spread for the Load Charts quiz, how many landed under 50% vs above 75%', expect: ['performance_quiz'] },
  { ask: "Who took the 'S3 bucket policies' quiz and what did each person score?", expect: ['performance_quiz'] },
  { ask: 'Give me the score distribution and average for the Enrichment Basics quiz activity act_88.', expect: ['performance_quiz'] },
  { ask: 'what units and topics make up the Prepared Environment course? need the outline for planning', expect: ['courses_structure'] },
  {
    ask: "I'm putting together our onboarding calendar and want to map each week to part of the Drive-Thru Excellence course, so could you show me how it's laid out: the units, the topics inside each, any projects and end-of-unit tests?",
    expect: ['courses_structure'],
  },
  { ask: "any new radar alerts I haven't looked at?", expect: ['radar_alerts_list'] },
  { ask: 'what warnings have the learning monitors flagged lately? only ones nobody has dealt with', expect: ['radar_alerts_list'] },
  {
    ask: 'Can you dig into our data and chart how completion differs between day and night keepers, then tell me what might explain the gap?',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'i want an analyst-style answer: why is store 112 lagging on training compared to the others? charts welcome',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "Set up a flashcard set for devs from our 'Cloud IAM' folder, medium difficulty, 40 cards, spaced repetition.",
    expect: ['components_create'],
  },
  {
    ask: 'Build a chatbot tutor for the assistants that only answers from our Montessori album materials, with guardrails against giving medical advice.',
    expect: ['components_create'],
  },
  { ask: 'create a practice role-play where a trainee has to radio the signalman during high winds', expect: ['components_create'] },
  { ask: 'switch the Penguin Feeding flashcards back to draft, there is an error in it', expect: ['components_set_status'] },
  {
    ask: "Hello! We had a practice test running for the spring cohort, which was lovely, but the term has ended and I'd rather nobody else stumbles into it. Could you set that component to inactive?",
    expect: ['components_set_status'],
  },
  { ask: 'Make a 15-slide PDF deck on twistlock safety in en-GB with AI generated images', expect: ['presentations_create'] },
  {
    ask: "I need a slideshow about grace and courtesy lessons for Thursday's staff meeting, 10 slides, in Spanish, with our school logo.",
    expect: ['presentations_create'],
  },
  {
    ask: 'write up short study notes on allergen handling for new crew, high school level, drop it in the Onboarding folder',
    expect: ['materials_generate'],
  },
  {
    ask: 'generate a professional-level overview of the shared responsibility model as a reading for new hires',
    expect: ['materials_generate'],
  },
  {
    ask: "Draft a summary document on hoof care for our hoofstock keepers. You write it, I don't have any source text.",
    expect: ['materials_generate'],
  },
  {
    ask: "Upload the port safety manual PDF from this link and wait until it's fully processed so I can use it right away",
    expect: ['materials_upload_and_process'],
  },
  { ask: "add this training video from the URL and don't come back until it's done processing", expect: ['materials_upload_and_process'] },
  {
    ask: 'So our vet team recorded a lovely talk on primate dental care, it is an audio file at this link, and I need it ingested and ready before the session starts in an hour. Can you bring it in and only tell me once it is actually usable, not just queued?',
    expect: ['materials_upload_and_process'],
  },
  { ask: "save this paragraph as a material called 'Incident Response Checklist' in the Runbooks folder", expect: ['materials_create'] },
  { ask: "store the text I'm pasting below as reference material named 'Closing procedures'", expect: ['materials_create'] },
  { ask: 'Keep my typed-up notes on wind speed limits as a study material in the Crane Ops folder.', expect: ['materials_create'] },
  { ask: 'add the AMI album PDF at this link to our materials library', expect: ['materials_create', 'materials_upload_and_process'] },
  { ask: 'what materials do we have in the Practical Life folder?', expect: ['materials_list'] },
  { ask: "search our library for anything with 'kubernetes' in the name", expect: ['materials_list'] },
  { ask: "make a new folder 'Reptile SOPs' inside Husbandry", expect: ['folders_create'] },
  { ask: 'Create a folder for the new breakfast menu training docs.', expect: ['folders_create'] },
  { ask: "Rename the 'Misc' folder to 'Lashing & Securing' and move it under Safety.", expect: ['folders_update'] },
  {
    ask: "Little housekeeping thing: the folder we call 'New stuff 2023' is really our policy archive now, so could you change its name and add a description saying it holds superseded policies?",
    expect: ['folders_update'],
  },
  { ask: 'is that slideshow finished yet?', expect: ['jobs_get'] },
  { ask: 'check on the upload that was running, done or still going?', expect: ['jobs_get'] },
  { ask: 'stop generating that deck, I gave you the wrong topic', expect: ['jobs_cancel'] },
  { ask: 'abort the file processing you kicked off, wrong video', expect: ['jobs_cancel'] },
  { ask: 'assign the Food Safety course to all new crew, due march 31', expect: [] },
  { ask: 'Send a reminder email to every trainee who is overdue on Crane Signals.', expect: [] },
  { ask: 'create a new group called Upper Elementary guides', expect: [] },
  { ask: 'reset the password for dev account alex.m, he is locked out', expect: [] },
  { ask: 'Delete the outdated Reptile SOPs folder and everything inside it.', expect: [] },
  {
    ask: 'Oh, and one more lovely thing! Everyone who finished the onboarding course this spring deserves a little recognition, so could you issue each of them a printable completion certificate with their name on it?',
    expect: [],
  },
];

/**
 * A twelfth tuning set by another hand that opened only the two API documents (a home-care agency's
 * caregiver trainer, a refinery's process-safety trainer, a ski school director, a law school's
 * academic-support dean, a fintech's compliance-training owner, a sceptical operations manager). It judged
 * round 8 unseen (85 % first, 97 % in the top three); its misses were then printed for a report, so it is
 * tuning material from then on.
 */
export const INDEPENDENT_TUNING_12: EvalRequest[] = [
  {
    ask: 'how many caregivers do we have on the platfrom in total, and how many invites are still sitting there unaccepted?',
    expect: ['analytics_hero'],
  },
  {
    ask: "Can you pull the whole list of our home health aides showing how many courses each one was given and how many they've actually finished?",
    expect: ['analytics_students'],
  },
  {
    ask: 'who are my 5 best aides at getting through their training? doing the monthly shout-out in the newsletter',
    expect: ['analytics_top_performers'],
  },
  { ask: 'add Maria Delgado to the Dementia Care Certification group pls', expect: ['groups_member_add'] },
  {
    ask: "Rosa Nguyen is going on maternity leave - set her to inactive in the Westside Caregivers group, but don't take her off the system",
    expect: ['groups_member_set_status'],
  },
  { ask: "wipe all the tags off Ben Okafor's profile, they're from his old branch and totally outdated", expect: ['members_set_tags'] },
  {
    ask: 'turn off the page where aides can wander around and pick extra courses on their own, I want them focused on what we assigned',
    expect: ['explore_toggle'],
  },
  {
    ask: 'In the Infection Control unit, which topics is the Eastside team struggling with? completion and avg quiz score per topic',
    expect: ['learning_unit_topics'],
  },
  {
    ask: "how many aides have actually done the difficult-family-member role-plays in Communication Skills, and what's their average best score?",
    expect: ['learning_project_scenarios'],
  },
  { ask: "list every aide's score on the Safe Transfers & Lifting quiz, plus how long each of them took", expect: ['performance_quiz'] },
  {
    ask: 'Why are our weekend caregivers finishing so much less training than the weekday crew? dig through the data and tell me what you think is going on',
    expect: ['performance_insights_ask'],
  },
  { ask: 'the medication reminder chatbot is handing out wrong dosing info, deactivate it immediately', expect: ['components_set_status'] },
  {
    ask: 'write up some short study notes on spotting signs of elder abuse, professional level, and drop them in the Safeguarding folder',
    expect: ['materials_generate'],
  },
  {
    ask: "Paste this into our library as a text resource called Client Confidentiality Basics: never discuss a client's health with neighbours or relatives who aren't on the care plan.",
    expect: ['materials_create'],
  },
  { ask: "text all the aides who haven't finished Infection Control a reminder to get it done by Friday", expect: [] },
  { ask: 'how many operators started courses and how many finished one in feb 2025?', expect: ['analytics_monthly_overview'] },
  {
    ask: "before turnaround starts I need names: who's got training assigned and hasn't completed even one course?",
    expect: ['analytics_needs_attention'],
  },
  { ask: 'list every crew group under the Baytown Refinery parent, sub-groups included, with headcounts', expect: ['groups_list'] },
  {
    ask: 'Dale Hutchins is rotating to the FCC for 3 months. Pause his membership in the Alky Unit Operators group, he keeps his account',
    expect: ['groups_member_set_status'],
  },
  { ask: 'tag Carla Ruiz with H2S-certified, confined-space-entrant and day-shift', expect: ['members_set_tags'] },
  { ask: 'we pushed the wrong revision of Benzene Awareness to the whole site, pull that assignment down', expect: ['assignments_remove'] },
  {
    ask: "Where exactly is Kevin O'Brien in the Process Hazard Analysis course? module by module, and did he pass the unit test?",
    expect: ['learning_student_units'],
  },
  {
    ask: 'On the H2S Safety quiz, which questions are the Unit 4 operators getting wrong most often?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'give me the outline of Refinery Fundamentals: units, topics, projects and unit tests, with the edit links',
    expect: ['courses_structure'],
  },
  {
    ask: 'Make me a chart comparing training completion across A, B, C and D shift and tell me what stands out',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "build a 15-slide deck on hot work permits for Tuesday's safety stand-down, en-US, icons instead of photos",
    expect: ['presentations_create'],
  },
  {
    ask: 'have the AI draft a long overview of pressure relief valve inspection aimed at brand-new operators',
    expect: ['materials_generate'],
  },
  {
    ask: "take the attached hydrofluoric acid SDS pdf, get it into the library and hold on until it's fully processed so I can hook it up to the chatbot straight away",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'rename the Misc folder to Turnaround 2025 and move it inside Maintenance Procedures', expect: ['folders_update'] },
  { ask: "cancel the file processing that's running, I sent you last year's version of the LOTO procedure", expect: ['jobs_cancel'] },
  { ask: 'issue completion certificates to everyone who passed Confined Space Entry and email them to the site HSE lead', expect: [] },
  {
    ask: 'give me the headline figures for the instructor school: total trainees, coaches and admins, number of courses, all-time completions',
    expect: ['analytics_hero'],
  },
  {
    ask: 'completion % per course please, want to see if the Level 2 Carving course is lagging behind the others',
    expect: ['analytics_courses'],
  },
  {
    ask: 'who are our strongest trainees on getting their coursework done? picking 4 for the apprentice shadow program',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "put Jonas Berg into the Level 3 Candidates group as an instructor, he's coaching them this season",
    expect: ['groups_member_add'],
  },
  { ask: "Lukas Moser isn't coming back this winter, take him off our platform entirely", expect: ['members_remove'] },
  { ask: 'show me everything Emma Lindqvist has been assigned and how far along she is on each', expect: ['assignments_for_user'] },
  {
    ask: 'make the Freestyle Park section on the course browse page visible only to the Park Crew and Level 3 groups',
    expect: ['explore_set_audience'],
  },
  { ask: 'how did everyone do on the Avalanche Awareness quiz? want to see how the scores spread out', expect: ['performance_quiz'] },
  {
    ask: 'In Unit 2 of the Level 1 Instructor course, which topics take trainees longest and have the lowest completion?',
    expect: ['learning_unit_topics'],
  },
  { ask: 'delete the 2022-23 Seasonal Staff group, and yes its subgroups can go with it', expect: ['groups_delete'] },
  {
    ask: 'create a role-play where trainee instructors have to calm down a nervous first-timer at the top of the bunny slope',
    expect: ['components_create'],
  },
  {
    ask: "I need a 10-slide presentation in German on the new kids' beginner progression, with our resort logo on it",
    expect: ['presentations_create'],
  },
  {
    ask: 'add this link to the PSIA short-turn demo video to our materials, just save it, no need to wait on anything',
    expect: ['materials_create'],
  },
  {
    ask: 'create a folder called Adaptive Skiing Resources, blue, with a short description about sit-ski and tethering guides',
    expect: ['folders_create'],
  },
  { ask: 'is that slide deck you started on done yet?', expect: ['jobs_get'] },
  { ask: 'book the Level 2 exam slots on Gondola Run for next Saturday morning', expect: [] },
  {
    ask: 'which of our bar prep courses have the worst completion rate? show enrolled vs completed for each',
    expect: ['analytics_courses'],
  },
  {
    ask: 'I want every 1L listed with assigned vs completed modules. The full roster, not just the ones in trouble',
    expect: ['analytics_students'],
  },
  {
    ask: "flag the students who haven't finished any of their assigned academic skills work so advisors can reach out this week",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "reactivate Priya Shah in the Academic Probation Cohort group, she's back from her leave of absence",
    expect: ['groups_member_set_status'],
  },
  {
    ask: 'for the Legal Writing Bootcamp assignment, what are the completion criteria, the due date, and how many have completed so far?',
    expect: ['assignments_get'],
  },
  { ask: "delete the old Fall 2023 Outlining Workshop assignment, it's obsolete", expect: ['assignments_remove'] },
  {
    ask: "break down Marcus Webb's progress in Civil Procedure Essentials unit by unit: topics done, time spent vs the cohort average",
    expect: ['learning_student_units'],
  },
  {
    ask: 'on the Contracts midterm practice test, which questions are students missing most, and which wrong answer do they tend to choose?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'What units and topics make up the Evidence bar review course? I need the outline for the faculty meeting.',
    expect: ['courses_structure'],
  },
  { ask: "get rid of the Summer Pre-Law Cohort group; the program's been discontinued", expect: ['groups_delete'] },
  {
    ask: 'is there any relationship between students who skip the writing workshops and lower practice exam scores? chart it if you can',
    expect: ['performance_insights_ask'],
  },
  {
    ask: "set up an AI tutor chat for 1Ls grounded in our legal writing materials, with guardrails so it won't draft their memos for them",
    expect: ['components_create'],
  },
  { ask: 'generate a college-level summary of the hearsay exceptions for our Evidence library', expect: ['materials_generate'] },
  { ask: 'what do we already have in materials with Torts in the name?', expect: ['materials_list'] },
  { ask: "change the description on the Bar Prep folder to say it's for 3Ls only", expect: ['folders_update'] },
  { ask: 'push the due date on the Legal Research assignment back to April 30', expect: [] },
  {
    ask: 'For the October board pack: how many people started learning that month, how many finished, and how many course authors published something new?',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'need a roster for the audit file: every employee, their groups, number of courses assigned vs completed',
    expect: ['analytics_students'],
  },
  { ask: "who's furthest through their assigned compliance training? highest first, top 20", expect: ['analytics_top_performers'] },
  { ask: 'Tomasz Kowalski left last Friday. Remove him from the workspace so he loses access today', expect: ['members_remove'] },
  { ask: "what's the completion rate on the Q3 AML Refresher assignment and who still hasn't finished it?", expect: ['assignments_get'] },
  { ask: 'does Raj Patel have anything overdue? list all his assigned compliance courses with status', expect: ['assignments_for_user'] },
  { ask: 'hide the Crypto Products Deep Dive section of the catalog from the Contractors group', expect: ['explore_set_audience'] },
  { ask: 'which questions on the KYC final test trip people up worst? worst first', expect: ['learning_question_stats'] },
  {
    ask: 'completion and average attempts on the suspicious-transaction escalation role plays in the AML course',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: "pull up the Radar alerts we already dismissed, I want to double-check we didn't wave off anything real",
    expect: ['radar_alerts_list'],
  },
  {
    ask: 'build a flashcard deck for new joiners from the Reg E materials folder: 40 cards, mixed difficulty, spaced repetition',
    expect: ['components_create'],
  },
  { ask: "publish the Sanctions Screening practice test, it's been sitting in draft for two weeks", expect: ['components_set_status'] },
  {
    ask: 'save the text of our updated gifts & entertainment policy below as a material named G&E Policy 2025',
    expect: ['materials_create'],
  },
  {
    ask: 'add the attached SAR-filing procedures PDF to the materials library',
    expect: ['materials_create', 'materials_upload_and_process'],
  },
  { ask: 'make a new folder called DORA inside Regulatory Updates', expect: ['folders_create'] },
  { ask: 'assign the AML course to the Lisbon office group with a March 31 deadline', expect: [] },
  {
    ask: 'straight answer: across the whole workspace, is our average time to complete a course under a week?',
    expect: ['analytics_hero'],
  },
  { ask: 'did more people complete training in June than in May? yes or no, then the numbers', expect: ['analytics_monthly_overview'] },
  { ask: 'are there any staff with courses assigned and zero completions? yes/no and who', expect: ['analytics_needs_attention'] },
  { ask: 'do we even have a group for the Denver warehouse night shift?', expect: ['groups_list'] },
  { ask: 'can you wipe user 8841 out of the workspace for good? ex-contractor. yes or no', expect: ['members_remove'] },
  { ask: 'is the Lockout/Tagout assignment for the maintenance team at 100% yet?', expect: ['assignments_get'] },
  { ask: 'can learners browse the open course catalog on their own right now? if so, shut that off', expect: ['explore_toggle'] },
  { ask: 'did anybody score under 25% on the forklift safety quiz?', expect: ['performance_quiz'] },
  { ask: 'any new monitor alerts nobody has acted on yet? yes or no', expect: ['radar_alerts_list'] },
  {
    ask: "if I give you a 40-minute training video, can you upload it and not report back until it's fully processed?",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'that upload you kicked off earlier, finished or still running?', expect: ['jobs_get'] },
  {
    ask: 'do we already have anything in the content library about bloodborne pathogens? yes or no before I pay someone to write it',
    expect: ['materials_list'],
  },
  { ask: 'is Derek Simmons behind on anything assigned to him? yes or no', expect: ['assignments_for_user'] },
  { ask: "is it too late to stop that deck you're generating? if not, kill it", expect: ['jobs_cancel'] },
  { ask: 'can you send email invites to our 12 new hires so they join the workspace?', expect: [] },
];

/**
 * A thirteenth tuning set by another such hand (a car-rental counter trainer, an elections office's
 * poll-worker trainer, an orchestra's education coordinator, a shipyard's welding-apprenticeship lead, a
 * telehealth clinician-onboarding manager, a youth-club leader writing in slang). It judged round 8 unseen
 * (90 %, 96 %); its misses were then printed for a report, so it is tuning material from then on.
 */
export const INDEPENDENT_TUNING_13: EvalRequest[] = [
  {
    ask: 'how many poll workers started vs finished their training during October 2024? just that month please',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: "For our monthly ops review I need last month's numbers: new clinicians who began onboarding courses, how many completed, and how many course authors published something.",
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'yo what did feb look like for the club, like how many kids started stuff and how many actually finished',
    expect: ['analytics_monthly_overview'],
  },
  {
    ask: 'give me the big-picture totals for the whole workspace: learners, instructors, admins, courses, pending invites',
    expect: ['analytics_hero'],
  },
  {
    ask: 'overall headcount of apprentices and instructors on the platform right now, plus how many invites are still outstanding?',
    expect: ['analytics_hero'],
  },
  {
    ask: "What's our average time for someone to complete a course, across everything since we started using the platform?",
    expect: ['analytics_hero'],
  },
  {
    ask: 'completion % by course: which counter training modules are people actually finishing and which ones stall?',
    expect: ['analytics_courses'],
  },
  { ask: 'can you rank our onboarding courses by how many clinicians enrolled vs completed, top 10', expect: ['analytics_courses'] },
  { ask: 'enrolment and completion numbers for each course in the welding program', expect: ['analytics_courses'] },
  {
    ask: "full list of every poll worker with how many trainings they've been assigned and how many they've done",
    expect: ['analytics_students'],
  },
  {
    ask: "I'd like the whole roster of our youth musicians: each kid, which groups they're in, and assigned vs completed lessons.",
    expect: ['analytics_students'],
  },
  {
    ask: 'pull up everyone in the club w/ their assigned vs finished counts, all of em not just the slackers',
    expect: ['analytics_students'],
  },
  {
    ask: "which new hires at the counter have courses assigned but haven't completed a single one?",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "flag the apprentices who've got work assigned and zero completions so I can chase them before shift",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: "Who among the incoming clinicians hasn't finished anything yet despite having assignments? I need to follow up with them.",
    expect: ['analytics_needs_attention'],
  },
  {
    ask: 'who are our strongest poll workers by completion rate? thinking of promoting a few to precinct captain',
    expect: ['analytics_top_performers'],
  },
  {
    ask: "Top 5 students by how much of their assigned coursework they've completed, please. I want to feature them in the newsletter.",
    expect: ['analytics_top_performers'],
  },
  { ask: "who's absolutely crushing it rn?? wanna give shoutouts at friday hangout, top 10 pls", expect: ['analytics_top_performers'] },
  { ask: 'show me all our groups, including the sub-groups under each apprenticeship cohort', expect: ['groups_list'] },
  { ask: 'what teams do we have set up under the West Region branches group?', expect: ['groups_list'] },
  { ask: 'Please add Dr. Priya Raman to the Behavioral Health onboarding group as an instructor.', expect: ['groups_member_add'] },
  { ask: 'put Marcus Lee into the Precinct 14 group', expect: ['groups_member_add'] },
  { ask: "add jayden to the peer leaders group, he's just a regular member not staff", expect: ['groups_member_add'] },
  {
    ask: "Set Ellie Navarro to inactive in the Junior Strings group. She's taking the semester off but may come back.",
    expect: ['groups_member_set_status'],
  },
  { ask: "reactivate Tomas Ortega in Cohort 7, he's back from medical leave", expect: ['groups_member_set_status'] },
  {
    ask: "pause Jenna's membership in the Airport Counter group while she's on maternity leave, DON'T remove her account",
    expect: ['groups_member_set_status'],
  },
  { ask: 'delete the 2022 Primary Temp Workers group and everything under it', expect: ['groups_delete'] },
  { ask: 'nuke the summer camp 2023 group, its done', expect: ['groups_delete'] },
  { ask: 'Dr. Kessler resigned, so please take her out of our workspace entirely.', expect: ['members_remove'] },
  { ask: 'remove Brian Costa from the platform altogether, he no longer works for us at any branch', expect: ['members_remove'] },
  { ask: "kick the subcontractor Dale Whitfield out of the whole system, his contract's over", expect: ['members_remove'] },
  { ask: 'tag Maya Chen as cello, scholarship and spring-recital, replacing whatever tags she had before', expect: ['members_set_tags'] },
  { ask: "clear all the tags off Robert Alvarez's profile", expect: ['members_set_tags'] },
  { ask: "how's the Damage Inspection Basics assignment doing? completion percent and who's still not done", expect: ['assignments_get'] },
  {
    ask: "For the HIPAA refresher assignment we pushed out in January, what's the due date and how many of the assignees have completed it?",
    expect: ['assignments_get'],
  },
  { ask: 'check on that safety training assignment i gave the whole club, how many finished it so far?', expect: ['assignments_get'] },
  { ask: 'what trainings are assigned to Denise Carter and are any of them overdue?', expect: ['assignments_for_user'] },
  { ask: "everything on Kyle Brennan's plate right now: assignments, progress, whats overdue", expect: ['assignments_for_user'] },
  {
    ask: 'Could you show me all of the courses assigned to our violin tutor Sam Ortiz and how far along he is with each one?',
    expect: ['assignments_for_user'],
  },
  { ask: "Withdraw the old EHR v2 training assignment. It's obsolete now that we've migrated.", expect: ['assignments_remove'] },
  { ask: 'cancel the holiday upsell course assignment, we pushed it out by mistake', expect: ['assignments_remove'] },
  {
    ask: 'make the Advanced Conducting section on the explore page visible only to the Teaching Artists group',
    expect: ['explore_set_audience'],
  },
  { ask: 'hide the 18+ volunteering section in explore from the middle school group', expect: ['explore_set_audience'] },
  { ask: "turn off the explore page for apprentices, I don't want them browsing random courses", expect: ['explore_toggle'] },
  {
    ask: 'switch explore back on for learners now that the election is over so poll workers can browse extra courses',
    expect: ['explore_toggle'],
  },
  {
    ask: "Break down nurse practitioner Leah Ford's progress in the Prescribing Protocols course unit by unit, with her time compared to the team average.",
    expect: ['learning_student_units'],
  },
  {
    ask: 'how is Carlos doing in Counter Sales 101? which topics and activities has he finished and where is he slower than everyone else',
    expect: ['learning_student_units'],
  },
  {
    ask: 'did Owen pass the unit test in Structural Welding Fundamentals? show me his per-unit breakdown',
    expect: ['learning_student_units'],
  },
  {
    ask: 'which questions on the Election Day Procedures final test did poll workers get wrong most often?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'on the music theory quiz for the Intermediate Winds group, what were the most missed questions and the most common wrong answer?',
    expect: ['learning_question_stats'],
  },
  {
    ask: 'Worst-performing questions on the telehealth etiquette test, please. I want to rewrite the confusing ones.',
    expect: ['learning_question_stats'],
  },
  {
    ask: "for unit 3 (overhead positions), how's each topic going? completion, avg quiz score, time spent",
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'in the money skills unit which topics are kids actually finishing and how long do they spend on each one',
    expect: ['learning_unit_topics'],
  },
  {
    ask: 'how are the role-play scenarios in the Angry Customer course going? how many started, completed, avg attempts and best scores',
    expect: ['learning_project_scenarios'],
  },
  {
    ask: 'Completion and scores for the patient-interview simulations in the Virtual Visit Skills course, March cohort group only.',
    expect: ['learning_project_scenarios'],
  },
  { ask: 'score spread for the rhythm reading quiz: how many kids landed in each range?', expect: ['performance_quiz'] },
  { ask: 'who took the PPE safety quiz and what did each apprentice score?', expect: ['performance_quiz'] },
  { ask: "list each poll worker's score and how long they took on the ballot chain-of-custody quiz", expect: ['performance_quiz'] },
  { ask: 'whats actually in the leadership course? like the units and topics, quick outline', expect: ['courses_structure'] },
  {
    ask: 'Show me the outline of the Telehealth Platform Essentials course: units, topics, projects, and whether each unit ends with a test.',
    expect: ['courses_structure'],
  },
  { ask: 'any new radar alerts I should look at?', expect: ['radar_alerts_list'] },
  { ask: "show me the alerts we've dismissed previously, last 20", expect: ['radar_alerts_list'] },
  {
    ask: 'Why do you think training completion is lower in the rural precincts? Dig into the data and give me some insights.',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'make me a chart comparing cohort 6 and cohort 7 progress over the past quarter and tell me what stands out',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'ngl im confused why engagement tanked after spring break, can u analyze it and explain whats going on',
    expect: ['performance_insights_ask'],
  },
  {
    ask: 'Create a flashcard deck for the young musicians on note names and key signatures, medium difficulty, 40 cards, using the Music Theory folder.',
    expect: ['components_create'],
  },
  {
    ask: 'set up an AI role-play where the trainee has to handle a customer disputing a fuel charge at vehicle return',
    expect: ['components_create'],
  },
  {
    ask: 'build a chat tutor bot grounded in our telehealth policy docs that new clinicians can ask questions to',
    expect: ['components_create'],
  },
  { ask: 'deactivate the practice test widget for the 2023 rules, its outdated', expect: ['components_set_status'] },
  { ask: 'flip the flashcards thing back to draft, gotta fix some cards before the kids see it', expect: ['components_set_status'] },
  {
    ask: 'Make a 15-slide PDF deck on preventing porosity in MIG welds, en-US, with AI-generated images.',
    expect: ['presentations_create'],
  },
  {
    ask: 'could you put together a slide presentation about the instruments of the orchestra for our school outreach visit, around 12 slides, in Spanish',
    expect: ['presentations_create'],
  },
  {
    ask: 'need a 10 slide powerpoint on provisional ballots for training night, with our county logo on it',
    expect: ['presentations_create'],
  },
  {
    ask: 'Write up a college-level summary on informed consent in telemedicine and store it in the Compliance folder.',
    expect: ['materials_generate'],
  },
  { ask: 'generate short, simple study notes on the loss damage waiver options for new counter agents', expect: ['materials_generate'] },
  { ask: 'have the AI whip up an overview about budgeting for teens, high school level, kinda long', expect: ['materials_generate'] },
  {
    ask: "upload the AWS D1.1 code excerpt PDF as a material and wait till it's fully processed so I can use it right away",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "Take the recorded video of last year's poll opening walkthrough, add it as a material, and only come back once processing has finished.",
    expect: ['materials_upload_and_process'],
  },
  {
    ask: "add the sectional rehearsal audio recording to our materials and hold on until it's actually ready, not just queued",
    expect: ['materials_upload_and_process'],
  },
  { ask: 'save this pasted text of our fuel policy as a material named Fuel Policy 2025', expect: ['materials_create'] },
  { ask: 'add a material that points to this CMS telehealth guidance URL, no need to wait on processing', expect: ['materials_create'] },
  { ask: 'just save these notes i typed about the fundraiser as a new material in the events folder', expect: ['materials_create'] },
  { ask: 'what materials do we have in the Inspection folder?', expect: ['materials_list'] },
  { ask: 'search our materials for anything with voter ID in the name', expect: ['materials_list'] },
  { ask: 'create a folder called Summer Intensive 2025 inside the Education Resources folder', expect: ['folders_create'] },
  { ask: "New folder please: Cardiology Onboarding, description 'Materials for cardiology hires'.", expect: ['folders_create'] },
  { ask: 'rename the misc folder to Game Night Stuff and make it purple', expect: ['folders_update'] },
  { ask: 'move the Insurance Products folder under Sales Training and update its description', expect: ['folders_update'] },
  { ask: 'is that slide deck you started making done yet?', expect: ['jobs_get'] },
  { ask: 'check on the progress of the file upload job from earlier', expect: ['jobs_get'] },
  { ask: 'stop generating that presentation, I picked the wrong language', expect: ['jobs_cancel'] },
  { ask: "Cancel the background job that's processing the video upload. Wrong file.", expect: ['jobs_cancel'] },
  { ask: 'create a new group for the Phoenix Sky Harbor branch', expect: [] },
  { ask: 'assign the Election Day Procedures course to all precinct captains, due Oct 30', expect: [] },
  { ask: 'email a reminder to every apprentice who hasnt finished the safety course', expect: [] },
  { ask: "Reset Dr. Lin's password, she's locked out of her account.", expect: [] },
  { ask: 'print certificates for everyone who finished the leadership course', expect: [] },
  { ask: 'push the due date on the rehearsal etiquette assignment back a week', expect: [] },
];
