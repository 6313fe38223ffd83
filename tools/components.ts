import * as z from 'zod';
import { endpoint, id, jsonObjectText, WRITE, IDEMPOTENT_WRITE, type ToolDef } from './define.js';
import { Component, COMPONENT_STATUSES, COMPONENT_TYPES } from './content-shapes.js';

const ids = (what: string) => z.array(z.string().min(1)).describe(what);
const flag = (what: string) => z.boolean().describe(what).optional();

/** Fields shared by chat and data_analyst configs. */
const assistantConfig = {
  materials: ids('Material ids the component draws on.').optional(),
  folders: ids('Folder ids the component draws on.').optional(),
  model: z.string().min(1).describe('Model name (required).'),
  systemPrompt: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.int().positive().optional(),
  enableWebSearch: z.boolean().optional(),
  enableRAGSearch: flag('Search the attached materials.'),
  enableHistory: z.boolean().optional(),
  enableVoice: z.boolean().optional(),
  enableFollowUps: z.boolean().optional(),
  enableComponentCreation: z.boolean().optional(),
  maxSteps: z.int().positive().describe('Tool-call steps per answer.').optional(),
};

const ChatConfig = z
  .strictObject({
    ...assistantConfig,
    enableGuardrails: z.boolean().optional(),
    enableMessageGrading: flag('Grade learner messages (default true).'),
    guardrailRules: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          description: z.string().min(1),
          condition: z.string().min(1),
          action: z.enum(['block', 'warn', 'modify']),
          message: z.string().describe('Message shown when the rule fires.').optional(),
        }),
      )
      .optional(),
    enableReferenceMode: z.boolean().optional(),
    enableFeedback: flag('Let learners give feedback (default true).'),
    hideTitle: z.boolean().optional(),
    emptyStateHtml: z.string().describe('HTML shown before the first message.').optional(),
    hideEmptyState: z.boolean().optional(),
  })
  .describe('Config for type chat.');

const DataAnalystConfig = z
  .strictObject({ ...assistantConfig, groupIds: ids('Only data of these groups.').optional() })
  .describe('Config for type data_analyst.');

const FlashcardsConfig = z
  .strictObject({
    materials: ids('Material ids to draw cards from.').optional(),
    folders: ids('Folder ids to draw cards from.').optional(),
    model: z.string().min(1).optional(),
    difficulty: z.enum(['easy', 'medium', 'hard', 'mixed']).optional(),
    totalFlashcards: z.int().positive().optional(),
    viewMode: z.enum(['spaced_repetition', 'normal']).optional(),
    cardTypes: z.array(z.string().min(1)).optional(),
    maxReviewInterval: z.number().positive().describe('Longest review interval in days, above 0.').optional(),
    learningSteps: z.string().optional(),
  })
  .describe('Config for type flashcards.');

// The document lists some scenarios fields and says there are more: known ones are checked, others pass.
const ScenariosConfig = z
  .looseObject({
    materials: ids('Material ids.').optional(),
    folders: ids('Folder ids.').optional(),
    model: z.string().min(1).optional(),
    context: z.string().optional(),
    goal: z.string().describe('What the learner should achieve.').optional(),
    format: z.string().optional(),
    greetingMessage: z.string().describe('First message of the scenario.').optional(),
    greetingCharacterId: z.string().describe('Character who greets the learner.').optional(),
  })
  .describe('Config for type scenarios (further fields allowed).');

/** The config of each component type whose fields the API documents (the rest take an open object). */
export const configByType: Partial<Record<(typeof COMPONENT_TYPES)[number], z.ZodType>> = {
  chat: ChatConfig,
  data_analyst: DataAnalystConfig,
  flashcards: FlashcardsConfig,
  scenarios: ScenariosConfig,
};

/**
 * config is a JSON object written as a string: its fields depend on the type, and as one closed object
 * they cost every conversation about 650 tokens for one rarely used tool (and a closed object refused the
 * fields of the types the document does not show). The description names the fields people set most; each
 * documented type's full set is a resource (learning-workspace://components/config/{type}), and a
 * documented type's config is checked field by field below, so a wrong field is answered with its path.
 */
const configText = jsonObjectText('config', '{"model":"gpt-4o-mini","materials":["<material id>"]}').describe(
  'Settings, a JSON object as a string. chat, data_analyst: model (required), materials, folders (ids from materials_list), systemPrompt, temperature 0-2; ' +
    'flashcards: difficulty easy|medium|hard|mixed, totalFlashcards; scenarios: goal, context, greetingMessage. Every field: resource learning-workspace://components/config/{type}.',
);

const createInput = z
  .strictObject({
    type: z.enum(COMPONENT_TYPES).describe('Kind of component.'),
    name: z.string().min(1).describe('Name learners see.'),
    description: z.string().describe('Shown under the name.').optional(),
    config: configText.optional(),
  })
  .superRefine((input, ctx) => {
    const schema = configByType[input.type];
    // The other types' fields are not documented: the known fields pass as the API takes them.
    if (!schema) return;
    if (input.config === undefined) {
      if (input.type === 'chat' || input.type === 'data_analyst')
        ctx.addIssue({ code: 'custom', path: ['config'], message: `config with a model is required for type ${input.type}` });
      return;
    }
    const checked = schema.safeParse(input.config);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: ['config', ...issue.path], message: `${issue.message} (config of type ${input.type})` });
    }
  });

export const componentsTools: ToolDef[] = [
  endpoint({
    name: 'components_create',
    gives: 'component ids',
    title: 'Create, set up or build an AI tutor, chatbot, role-play, flashcards (spaced repetition) or practice test',
    description:
      'Create a learning tool for learners: AI chat, tutor or chatbot, data analyst, flashcards, role-play scenarios, practice test, audio recap and more. Hidden from learners until components_set_status.',
    toolset: 'components',
    method: 'POST',
    path: '/api/v1/components',
    input: createInput,
    // The document does not show this response: declared open rather than invented.
    output: z.looseObject({}),
    annotations: WRITE,
    example: { type: 'flashcards', name: 'Cards' },
  }),
  endpoint({
    name: 'components_set_status',
    untrusted: ['name', 'description'],
    title: 'Publish, unpublish or deactivate (offline) a learning tool or bot',
    description:
      'Publish a component (tutor, chatbot, flashcards, practice test, learning tool): make it live for learners (active), deactivate or unpublish it (inactive) or move it back to draft.',
    toolset: 'components',
    method: 'PATCH',
    path: '/api/v1/components/{id}',
    input: z.strictObject({
      id: id('From components_create.'),
      status: z.enum(COMPONENT_STATUSES).describe('New status.'),
    }),
    output: Component,
    annotations: IDEMPOTENT_WRITE,
    example: { id: 'cmp_insights', status: 'active' },
  }),
];
