// The sandbox's explore/* commands.
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function exploreSetAudience(sbx: Model, b: Body, check: Check): unknown {
  const id = check.str('sectionId', true);
  const section = id ? sbx.ws.explore.sections.find((s) => s.id === id) : undefined;
  if (id && !section) check.fail('sectionId', `no explore section with id ${id}`);
  const visible = check.strings('visibleToGroupIds', false);
  const hidden = check.strings('hiddenFromGroupIds', false);
  for (const [field, ids] of [
    ['visibleToGroupIds', visible],
    ['hiddenFromGroupIds', hidden],
  ] as const)
    for (const gid of ids ?? []) if (!sbx.group(gid)) check.fail(field, `no group with id ${gid}`);
  check.done();
  if (visible) section!.visibleToGroupIds = [...new Set(visible)];
  if (hidden) section!.hiddenFromGroupIds = [...new Set(hidden)];
  return { ...section! };
}

function exploreToggle(sbx: Model, b: Body, check: Check): unknown {
  const enabled = check.bool('exploreEnabled', true);
  check.done();
  sbx.ws.explore.enabled = enabled!;
  return { exploreEnabled: sbx.ws.explore.enabled };
}

export const explore: Handlers = {
  'explore/set-audience': { write: true, run: exploreSetAudience },
  'explore/toggle': { write: true, run: exploreToggle },
};
