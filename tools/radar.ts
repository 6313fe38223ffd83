import * as z from 'zod';
import { command, limitField, READ, type ToolDef } from './define.js';
import { Alert, AlertStatusFilter } from './shapes.js';

export const radarTools: ToolDef[] = [
  command({
    name: 'radar_alerts_list',
    title: 'List radar alerts',
    description:
      'Learning-radar alerts: problems and warnings detected in the workspace, each with a summary and recommendations; status "all" lists every alert.',
    toolset: 'radar',
    pages: 'alerts',
    command: 'radar/alerts-list',
    input: {
      status: AlertStatusFilter.describe('Alert status to list: new, dismissed, actioned, partially_actioned, or all.').optional(),
      limit: limitField.optional(),
    },
    output: { alerts: z.array(Alert) },
    annotations: READ,
  }),
];
