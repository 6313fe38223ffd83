import * as z from 'zod';
import { command, limitField, READ, type ToolDef } from './define.js';
import { Alert, AlertStatusFilter } from './shapes.js';

export const radarTools: ToolDef[] = [
  command({
    name: 'radar_alerts_list',
    untrusted: ['alerts[].monitorName', 'alerts[].monitorTags[]', 'alerts[].tailoredTitle', 'alerts[].actionedActions[].courseTitle'],
    prose: ['alerts[].tailoredSummary', 'alerts[].recommendations'],
    title: 'Learning radar alerts (risks and warnings, anything alarming: drops, anomalies): new, acted on or dismissed',
    description:
      "Problems, risks and warnings the learning radar's monitors flagged in the workspace, each with a summary and recommended action.",
    toolset: 'radar',
    pages: 'alerts',
    command: 'radar/alerts-list',
    input: {
      status: AlertStatusFilter.describe('Which alerts; all for every one.').optional(),
      limit: limitField.optional(),
    },
    output: { alerts: z.array(Alert) },
    annotations: READ,
    example: { status: 'new' },
  }),
];
