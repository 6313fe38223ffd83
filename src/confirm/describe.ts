import type { Upstream } from '../call/upstream.js';

// What a destructive write will take away, read from the upstream before the person is asked, in the
// words of one plain question. A read that fails leaves the question naming the id alone.

type Body = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const quoted = (name: string) => `'${name.length > 80 ? `${name.slice(0, 80)}…` : name}'`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function read(upstream: Upstream, command: string, body: Body, signal: AbortSignal): Promise<Body> {
  return upstream.call({ api: 'connector', method: 'POST', path: `/api/v1/${command}`, body, retry: true, signal });
}

async function group(upstream: Upstream, id: string, signal: AbortSignal): Promise<string> {
  const { groups } = (await read(upstream, 'groups/list', { includeDescendants: true }, signal)) as { groups?: Body[] };
  const all = groups ?? [];
  const g = all.find((x) => x['id'] === id);
  if (!g) return `Delete the group ${id}? This cannot be undone.`;
  const children = all.filter((x) => x['parentId'] === id).map((x) => quoted(String(x['name'])));
  const members = typeof g['memberCount'] === 'number' ? g['memberCount'] : 0;
  const subgroups = children.length === 0 ? '' : ` with its ${children.length === 1 ? 'subgroup' : 'subgroups'} ${children.slice(0, 5).join(', ')}${children.length > 5 ? ` and ${children.length - 5} more` : ''}`;
  return `Delete the group ${quoted(String(g['name']))} (${plural(members, 'member')})${subgroups}? The members stay in the workspace; their memberships go. This cannot be undone.`;
}

async function member(upstream: Upstream, id: string, signal: AbortSignal): Promise<string> {
  const data = (await read(upstream, 'assignments/for-user', { userId: id }, signal)) as { user?: Body; assignments?: unknown[] };
  const who = str(data.user?.['name']) ?? str(data.user?.['email']) ?? id;
  const email = str(data.user?.['name']) && str(data.user?.['email']) ? ` (${str(data.user?.['email'])})` : '';
  const assignments = data.assignments?.length ?? 0;
  return `Remove ${who}${email} from the whole workspace, with all their group memberships${assignments > 0 ? ` and ${plural(assignments, 'course assignment')}` : ''}? This cannot be undone.`;
}

async function assignment(upstream: Upstream, id: string, signal: AbortSignal): Promise<string> {
  const { assignment: a } = (await read(upstream, 'assignments/get', { assignmentId: id }, signal)) as { assignment?: Body };
  if (!a) return `Remove the assignment ${id} from everyone it was given to? This cannot be undone.`;
  const name = str(a['name']) ?? str(a['courseTitle']) ?? id;
  const course = str(a['name']) && str(a['courseTitle']) ? ` (course ${quoted(String(a['courseTitle']))})` : '';
  const assignees = typeof a['totalAssignees'] === 'number' ? a['totalAssignees'] : 0;
  return `Remove the assignment ${quoted(name)}${course} from its ${plural(assignees, 'assignee')}? This cannot be undone.`;
}

/** The question for a destructive write of one of the three tools that delete, naming what goes. */
export async function describeLoss(tool: string, args: Body, upstream: Upstream, signal: AbortSignal): Promise<string> {
  const fallback = `Run ${tool} on ${JSON.stringify(args).slice(0, 200)}? This cannot be undone.`;
  try {
    if (tool === 'groups_delete') return await group(upstream, String(args['groupId']), signal);
    if (tool === 'members_remove') return await member(upstream, String(args['userId']), signal);
    if (tool === 'assignments_remove') return await assignment(upstream, String(args['assignmentId']), signal);
  } catch {
    // The question still names the target; the person decides without the details.
  }
  return fallback;
}
