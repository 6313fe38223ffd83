// The sandbox's groups/* commands.
import type { GroupRec, MembershipRec } from '../seed.js';
import type { Body, Check } from './check.js';
import { type Handlers, type Model } from './model.js';

function groupsMemberAdd(sbx: Model, b: Body, check: Check): unknown {
  const g = sbx.needGroup(check, 'groupId', check.str('groupId', true));
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  const key = check.oneOf('systemKey', ['ADMIN', 'INSTRUCTOR', 'MEMBER'] as const, false) ?? 'MEMBER';
  if (g && u && sbx.ws.memberships.some((m) => m.groupId === g.id && m.userId === u.id))
    check.fail('userId', 'is already a member of this group');
  if (g?.isArchived) check.fail('groupId', 'group is archived');
  check.done();
  const now = sbx.iso();
  const m: MembershipRec = { groupId: g!.id, userId: u!.id, systemKey: key, status: 'ACTIVE', joinedAt: now, enrolledAt: now };
  sbx.ws.memberships.push(m);
  return { membership: sbx.membershipView(m) };
}

function groupsMemberSetStatus(sbx: Model, b: Body, check: Check): unknown {
  const g = sbx.needGroup(check, 'groupId', check.str('groupId', true));
  const u = sbx.needUser(check, 'userId', check.str('userId', true));
  const status = check.oneOf('status', ['ACTIVE', 'INACTIVE'] as const, true);
  const m = g && u ? sbx.ws.memberships.find((x) => x.groupId === g.id && x.userId === u.id) : undefined;
  if (g && u && !m) check.fail('userId', 'is not a member of this group');
  check.done();
  m!.status = status!;
  if (status === 'ACTIVE') m!.joinedAt ??= sbx.iso();
  return { membership: { status: m!.status } };
}

function groupsDelete(sbx: Model, b: Body, check: Check): unknown {
  const g = sbx.needGroup(check, 'groupId', check.str('groupId', true));
  check.done();
  const gone = new Set(sbx.descendants(g!.id));
  sbx.ws.groups = sbx.ws.groups.filter((x) => !gone.has(x.id));
  sbx.ws.memberships = sbx.ws.memberships.filter((m) => !gone.has(m.groupId));
  for (const s of sbx.ws.explore.sections) {
    s.visibleToGroupIds = s.visibleToGroupIds.filter((id) => !gone.has(id));
    s.hiddenFromGroupIds = s.hiddenFromGroupIds.filter((id) => !gone.has(id));
  }
  return { deleted: true };
}

function groupsList(sbx: Model, b: Body, check: Check): unknown {
  const parentId = b['parentId'];
  if (parentId !== undefined && parentId !== null && (typeof parentId !== 'string' || !sbx.group(parentId)))
    check.fail('parentId', 'must be the id of an existing group or null');
  const deep = check.bool('includeDescendants', false) ?? false;
  check.done();
  let list: GroupRec[];
  if (typeof parentId === 'string') {
    list = deep
      ? sbx
          .descendants(parentId)
          .slice(1)
          .map((id) => sbx.group(id)!)
      : sbx.ws.groups.filter((g) => g.parentId === parentId);
  } else {
    list = deep ? sbx.ws.groups : sbx.ws.groups.filter((g) => g.parentId === null);
  }
  return { groups: list.map(sbx.groupView) };
}

export const groups: Handlers = {
  'groups/member-add': { write: true, run: groupsMemberAdd },
  'groups/member-set-status': { write: true, run: groupsMemberSetStatus },
  'groups/delete': { write: true, run: groupsDelete },
  'groups/list': { write: false, run: groupsList },
};
