// The sandbox's members/* commands.
import type { TagRec } from '../seed.js';
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function membersRemove(sbx: Model, b: Body, check: Check): unknown {
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  if (u?.role === 'ADMIN' && sbx.ws.users.filter((x) => x.role === 'ADMIN').length === 1)
    check.fail('userId', 'is the last admin and cannot be removed');
  check.done();
  sbx.ws.users = sbx.ws.users.filter((x) => x.id !== u!.id);
  sbx.ws.memberships = sbx.ws.memberships.filter((m) => m.userId !== u!.id);
  return { removed: true };
}

function membersSetTags(sbx: Model, b: Body, check: Check): unknown {
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  const names = check.strings('tags', true, 20);
  if (names?.some((n) => n.trim() === '')) check.fail('tags', 'tag names must not be empty');
  check.done();
  const palette = ['#0ea5e9', '#a855f7', '#ef4444', '#22c55e', '#eab308'];
  const tags: TagRec[] = [];
  for (const name of names!) {
    let t = sbx.ws.tags.find((x) => x.name.toLowerCase() === name.trim().toLowerCase());
    if (!t) {
      t = {
        id: `tag_${sbx.ws.tags.length + 1}_${name
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')}`,
        name: name.trim(),
        color: palette[sbx.ws.tags.length % palette.length]!,
      };
      sbx.ws.tags.push(t);
    }
    if (!tags.includes(t)) tags.push(t);
  }
  u!.tagIds = tags.map((t) => t.id);
  return { userId: u!.id, tags };
}

export const members: Handlers = {
  'members/remove': { write: true, run: membersRemove },
  'members/set-tags': { write: true, run: membersSetTags },
};
