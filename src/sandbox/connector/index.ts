// The Connector API of the sandbox, written from connector-api.md: one module per domain, like tools/.
// It validates on its own (it does not borrow the server's zod schemas), so tests see how the server
// copes with a real upstream's refusals.
import { analytics } from './analytics.js';
import { assignments } from './assignments.js';
import { courses } from './courses.js';
import { explore } from './explore.js';
import { groups } from './groups.js';
import { learning } from './learning.js';
import { members } from './members.js';
import { Model, type CommandContext, type Handlers, type ListLimits } from './model.js';
import { performance as performanceCommands } from './performance.js';
import { radar } from './radar.js';

export { Check, CommandError } from './check.js';
export { LIST_LIMITS } from './model.js';
export type { CommandContext, ListLimits };

const handlers: Handlers = {
  ...analytics,
  ...groups,
  ...members,
  ...assignments,
  ...explore,
  ...learning,
  ...performanceCommands,
  ...courses,
  ...radar,
};

/** The 24 commands by `{domain}/{action}`, each run against this workspace. */
export function createConnector(
  ctx: CommandContext,
): Record<string, { write: boolean; run: (body: Record<string, unknown>, check: import('./check.js').Check) => unknown }> {
  const model = new Model(ctx);
  return Object.fromEntries(
    Object.entries(handlers).map(([name, h]) => [
      name,
      {
        write: h.write,
        run: (body, check) => {
          // Each command reads the records as they are now: tests and writes change them between commands.
          model.fresh();
          return h.run(model, body, check);
        },
      },
    ]),
  );
}
