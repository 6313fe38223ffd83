import * as z from 'zod';
import { command, limitField, READ, type ToolDef } from './define.js';
import { Alert, AlertStatusFilter } from './shapes.js';

export const radarTools: ToolDef[] = [
  command({
    name: 'radar_alerts_list',
    title: 'Learning radar alerts',
    description:
      'Problems and warnings the learning radar detected in the workspace (risks, drops, anomalies), each with a summary and recommendations.',
    toolset: 'radar',
    pages: 'alerts',
    command: 'radar/alerts-list',
    input: {
      status: AlertStatusFilter.describe('Which alerts; all for every one.').optional(),
      limit: limitField.optional(),
    },
    output: { alerts: z.array(Alert) },
    annotations: READ,
  }),
];
