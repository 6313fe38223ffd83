import * as z from 'zod';
import { command, limitField, READ, type ToolDef } from './define.js';
import { Alert, AlertStatusFilter } from './shapes.js';

export const radarTools: ToolDef[] = [
  command({
    name: 'radar_alerts_list',
    title: 'List radar alerts',
    description:
      'Learning-radar alerts (detected problems with summaries and recommendations), filtered by status; use status "all" for every alert.',
    toolset: 'radar',
    command: 'radar/alerts-list',
    input: {
      status: AlertStatusFilter.describe('Alert status to list: new, dismissed, actioned, partially_actioned, or all.').optional(),
      limit: limitField.optional(),
    },
    output: { alerts: z.array(Alert) },
    annotations: READ,
  }),
];
