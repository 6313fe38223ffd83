import type { ToolDef } from './define.js';
import { analyticsTools } from './analytics.js';
import { componentsTools } from './components.js';
import { foldersTools } from './folders.js';
import { materialsTools } from './materials.js';
import { presentationsTools } from './presentations.js';
import { assignmentsTools } from './assignments.js';
import { coursesTools } from './courses.js';
import { exploreTools } from './explore.js';
import { groupsTools } from './groups.js';
import { learningTools } from './learning.js';
import { membersTools } from './members.js';
import { performanceTools } from './performance.js';
import { radarTools } from './radar.js';

export type { Annotations, Api, Mode, ToolDef, Toolset } from './define.js';

/** Every tool of the server, in the order they are listed. */
export const tools: readonly ToolDef[] = [
  ...analyticsTools,
  ...groupsTools,
  ...membersTools,
  ...assignmentsTools,
  ...exploreTools,
  ...learningTools,
  ...performanceTools,
  ...coursesTools,
  ...radarTools,
  ...componentsTools,
  ...presentationsTools,
  ...materialsTools,
  ...foldersTools,
];
