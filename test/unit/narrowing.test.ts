import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import { Catalogue } from '../../src/mcp/catalogue.js';
import type { Narrowing } from '../../src/mcp/narrowing.js';
import { HttpError } from '../../src/transports/http/errors.js';
import { lockdownAsked } from '../../src/transports/http/index.js';
import { endpointPath, requestNarrowing, within } from '../../src/transports/http/narrowing.js';
import { ProtectedResource } from '../../src/transports/http/protected-resource.js';
import type { OAuthSettings } from '../../src/config/oauth.js';

const request = (headers: Record<string, string>, url = '/mcp') => ({ headers, url }) as unknown as IncomingMessage;
const offered = {
  toolsets: ['analytics', 'groups', 'members', 'batch', 'jobs'],
  names: ['analytics_hero', 'groups_list', 'groups_delete'],
};

/** The HTTP error a step throws, or undefined. */
function refusal(step: () => unknown): HttpError | undefined {
  try {
    step();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  return undefined;
}

describe('the endpoint paths', () => {
  test('/mcp, /mcp/readonly, /mcp/x/<toolsets> and /mcp/x/<toolsets>/readonly; nothing else; /mcp alone when narrowing is off', () => {
    expect(endpointPath('/mcp', true)).toEqual({ readOnly: false });
    expect(endpointPath('/mcp/readonly', true)).toEqual({ readOnly: true });
    expect(endpointPath('/mcp/x/analytics,groups', true)).toEqual({ toolsets: ['analytics', 'groups'], readOnly: false });
    expect(endpointPath('/mcp/x/analytics%2cgroups/', true)).toEqual({ toolsets: ['analytics', 'groups'], readOnly: false });
    expect(endpointPath('/mcp/x/analytics/readonly', true)).toEqual({ toolsets: ['analytics'], readOnly: true });
    for (const path of ['/mcp/x', '/mcp/x/', '/mcp/x/a/b', '/mcp/readonly/x', '/mcpx', '/mcp/other'])
      expect(endpointPath(path, true), path).toBeUndefined();
    expect(endpointPath('/mcp/readonly', false)).toBeUndefined();
    expect(endpointPath('/mcp', false)).toEqual({ readOnly: false });
  });

  test('a toolsets segment outside its grammar (lower-case names and commas) names no endpoint, whatever it carries', () => {
    const hostile = [
      '/mcp/x/analytics",scope="workspace:write",x="/readonly',
      '/mcp/x/analytics%22,scope%3D%22w/readonly',
      '/mcp/x/analytics%2Fgroups',
      '/mcp/x/%E0%A4%A',
      '/mcp/x/Analytics',
      '/mcp/x/analytics groups',
      '/mcp/x/analytics,,groups',
      '/mcp/x/,analytics',
      '/mcp/x/analytics\\groups',
      `/mcp/x/${'a'.repeat(61)}`,
      `/mcp/x/${Array.from({ length: 201 }, () => 'a').join(',')}`,
    ];
    for (const path of hostile) expect(endpointPath(path, true), path).toBeUndefined();
  });

  test('an endpoint is within another when it serves reads only where that one does, and only toolsets it keeps', () => {
    const at = (path: string) => endpointPath(path, true)!;
    const yes: [string, string][] = [
      ['/mcp', '/mcp'],
      ['/mcp/readonly', '/mcp'],
      ['/mcp/x/analytics', '/mcp'],
      ['/mcp/x/analytics/readonly', '/mcp/x/analytics'],
      ['/mcp/x/analytics/readonly', '/mcp/readonly'],
      ['/mcp/x/analytics', '/mcp/x/analytics,groups'],
      ['/mcp/x/analytics', '/mcp/x/all'],
    ];
    const no: [string, string][] = [
      ['/mcp', '/mcp/x/analytics/readonly'],
      ['/mcp', '/mcp/readonly'],
      ['/mcp/x/analytics', '/mcp/x/analytics/readonly'],
      ['/mcp/x/analytics,groups', '/mcp/x/analytics'],
      ['/mcp/x/all', '/mcp/x/analytics'],
      ['/mcp/readonly', '/mcp/x/analytics/readonly'],
    ];
    for (const [narrow, wide] of yes) expect(within(at(narrow), at(wide)), `${narrow} within ${wide}`).toBe(true);
    for (const [narrow, wide] of no) expect(within(at(narrow), at(wide)), `${narrow} within ${wide}`).toBe(false);
  });
});

describe('a request narrowing', () => {
  test('none asked: none made', () => {
    expect(requestNarrowing(request({}), '/mcp', offered)).toBeUndefined();
    expect(requestNarrowing(request({ 'x-mcp-toolsets': ' , ' }), '/mcp', offered)).toBeUndefined();
    // all and default name every toolset offered.
    expect(requestNarrowing(request({ 'x-mcp-toolsets': 'all' }), '/mcp', offered)).toBeUndefined();
  });

  test('headers and path read as GitHub reads them; X-MCP-Readonly is on unless a false word, in any repeated value', () => {
    const n = requestNarrowing(
      request({ 'x-mcp-toolsets': 'analytics, groups', 'x-mcp-tools': 'groups_list', 'x-mcp-exclude-tools': 'groups_delete' }),
      '/mcp/x/analytics',
      offered,
    )!;
    expect([...n.pathToolsets!]).toEqual(['analytics']);
    expect([...n.toolsets!]).toEqual(['analytics', 'groups']);
    expect([...n.tools!]).toEqual(['groups_list']);
    expect([...n.excludeTools!]).toEqual(['groups_delete']);
    expect(n.readOnly).toBe(false);
    for (const off of ['false', 'F', 'no', 'n', '0', 'off', ' '])
      expect(requestNarrowing(request({ 'x-mcp-readonly': off }), '/mcp', offered), off).toBeUndefined();
    for (const on of ['true', '1', 'yes', 'anything', 'false, true'])
      expect(requestNarrowing(request({ 'x-mcp-readonly': on }), '/mcp', offered)?.readOnly, on).toBe(true);
    expect(requestNarrowing(request({}), '/mcp/x/analytics%2Cgroups/readonly', offered)).toMatchObject({ readOnly: true });
  });

  test('names the operator left out are dropped; only such names is a 400 listing what is offered', () => {
    expect([...requestNarrowing(request({ 'x-mcp-toolsets': 'analytics,materials' }), '/mcp', offered)!.toolsets!]).toContain('analytics');
    const headers = refusal(() => requestNarrowing(request({ 'x-mcp-toolsets': 'materials', 'x-mcp-tools': 'nope' }), '/mcp', offered));
    expect(headers?.status).toBe(400);
    expect(headers?.message).toContain('Toolsets offered: analytics, groups, members, batch, jobs');
    expect(headers?.message).toContain('Tools offered: analytics_hero, groups_list, groups_delete');
    const path = refusal(() => requestNarrowing(request({}), '/mcp/x/materials', offered));
    expect(path?.status).toBe(400);
  });

  test('hostile input costs nothing: too many names are a 400', () => {
    const many = Array.from({ length: 201 }, (_, i) => `t${i}`).join(',');
    expect(refusal(() => requestNarrowing(request({ 'x-mcp-tools': many }), '/mcp', offered))?.status).toBe(400);
  });

  test('X-MCP-Lockdown switches lockdown on as X-Workspace-Lockdown does, never off', () => {
    expect(lockdownAsked(request({ 'x-mcp-lockdown': 'true' }))).toBe(true);
    expect(lockdownAsked(request({ 'x-mcp-lockdown': 'false' }))).toBe(false);
    expect(lockdownAsked(request({ 'x-workspace-lockdown': '1', 'x-mcp-lockdown': 'off' }))).toBe(true);
  });
});

describe('a narrowed catalogue', () => {
  const narrowing = (n: Omit<Narrowing, 'label'>): Narrowing => ({ ...n, label: 'test' });

  test('never offers a tool its catalogue does not, and never a write when read-only', async () => {
    const base = await Catalogue.select({
      apis: new Set(['connector', 'content']),
      toolsets: new Set(['analytics', 'groups']),
      jobs: true,
    });
    const cases: Narrowing[] = [
      narrowing({ toolsets: new Set(['analytics', 'materials']) }),
      narrowing({ tools: new Set(['groups_list', 'materials_list', 'batch_call']) }),
      narrowing({ excludeTools: new Set(['groups_delete']), readOnly: true }),
      narrowing({ pathToolsets: new Set(['groups']), toolsets: new Set(['analytics']) }),
    ];
    for (const n of cases) {
      const c = base.narrow(n);
      for (const name of c.names) expect(base.names, name).toContain(name);
      if (n.readOnly) expect([...c.writes]).toEqual([]);
    }
    expect(base.narrow(cases[0]!).names.every((n) => n.startsWith('analytics_'))).toBe(true);
    expect(base.narrow(cases[1]!).names).toEqual(['groups_list', 'batch_call', 'jobs_get', 'jobs_cancel']);
    expect(base.narrow(cases[3]!).names).toEqual([]);
  });

  test('made once per distinct narrowing, and a bounded number kept', async () => {
    const base = await Catalogue.select({ apis: new Set(['connector', 'content']), jobs: false });
    const first = base.narrow(narrowing({ toolsets: new Set(['analytics', 'groups']) }));
    expect(base.narrow(narrowing({ toolsets: new Set(['groups', 'analytics']) }))).toBe(first);
    for (let i = 0; i < 100; i++) base.narrow(narrowing({ excludeTools: new Set([`x${i}`]) }));
    // Let go after a hundred others: made again, equal but not the same.
    const again = base.narrow(narrowing({ toolsets: new Set(['analytics', 'groups']) }));
    expect(again).not.toBe(first);
    expect(again.names).toEqual(first.names);
    expect(base.narrow(undefined)).toBe(base);
  });
});

describe('sign-in metadata of the narrowed endpoints', () => {
  const settings = {
    issuer: 'https://id.example',
    publicUrl: 'https://mcp.example/team/mcp',
    audiences: [],
    readScope: 'workspace:read',
    writeScope: 'workspace:write',
    userClaim: undefined,
    tokenTypes: ['at+jwt'],
    introspection: undefined,
  } as OAuthSettings;

  const served = (resource: ProtectedResource, url: string) => {
    let body = '';
    const res = { writeHead: () => res, end: (b?: string) => void (body = b ?? '') } as unknown as ServerResponse;
    resource.serve({ method: 'GET', url, headers: {} } as IncomingMessage, res);
    return JSON.parse(body) as { resource: string; scopes_supported: string[] };
  };

  test('a narrowed path has its own metadata, with its URL as the resource, and a read-only one the read scope alone', () => {
    const resource = new ProtectedResource(settings, false, true);
    const path = '/.well-known/oauth-protected-resource/team/mcp/x/analytics/readonly';
    expect(resource.serves(path)).toBe(true);
    expect(served(resource, path)).toMatchObject({
      resource: 'https://mcp.example/team/mcp/x/analytics/readonly',
      scopes_supported: ['workspace:read'],
    });
    expect(served(resource, '/.well-known/oauth-protected-resource/mcp/x/groups')).toMatchObject({
      resource: 'https://mcp.example/team/mcp/x/groups',
      scopes_supported: ['workspace:read', 'workspace:write'],
    });
    expect(resource.signInChallenge('/mcp/readonly')).toBe(
      'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/team/mcp/readonly", scope="workspace:read"',
    );
    expect(resource.signInChallenge('/mcp')).toContain('/.well-known/oauth-protected-resource/team/mcp"');
    expect(JSON.stringify(served(resource, '/.well-known/oauth-protected-resource')) + resource.signInChallenge()).not.toContain(
      'offline_access',
    );
  });

  test('tokens for the narrowed URLs are accepted, for other URLs not; without narrowing, none of them', () => {
    const resource = new ProtectedResource(settings, false, true);
    expect(resource.accepts('https://mcp.example/team/mcp')).toBe(true);
    expect(resource.accepts('https://mcp.example/team/mcp/x/analytics/readonly')).toBe(true);
    expect(resource.accepts('https://mcp.example/team/mcp/other')).toBe(false);
    expect(resource.accepts('https://evil.example/team/mcp/readonly')).toBe(false);
    const fixed = new ProtectedResource(settings, false, false);
    expect(fixed.accepts('https://mcp.example/team/mcp/readonly')).toBe(false);
    expect(fixed.serves('/.well-known/oauth-protected-resource/team/mcp/readonly')).toBe(false);
  });

  test('a token is taken at the endpoint it was issued for and narrower ones, never a wider one', () => {
    const resource = new ProtectedResource({ ...settings, audiences: ['api://workspace'] }, false, true);
    const narrowed = ['https://mcp.example/team/mcp/x/analytics/readonly'];
    expect(resource.admits(narrowed, '/mcp/x/analytics/readonly')).toBe(true);
    for (const wider of ['/mcp', '/mcp/readonly', '/mcp/x/analytics', '/mcp/x/analytics,groups/readonly', '/metrics'])
      expect(resource.admits(narrowed, wider), wider).toBe(false);
    for (const aud of ['https://mcp.example/team/mcp', 'api://workspace'])
      for (const path of ['/mcp', '/mcp/x/analytics/readonly', '/mcp/readonly', '/metrics'])
        expect(resource.admits([aud], path), `${aud} at ${path}`).toBe(true);
    // One audience of several that admits the path is enough.
    expect(resource.admits([...narrowed, 'https://mcp.example/team/mcp/x/groups'], '/mcp/x/groups/readonly')).toBe(true);
    expect(resource.admits([], '/mcp')).toBe(false);
  });

  test('a challenge never carries a path as written: hostile paths name the plain endpoint, and quotes are encoded', () => {
    const resource = new ProtectedResource(settings, false, true);
    const path = '/mcp/x/analytics",scope="workspace:write",x="/readonly';
    for (const challenge of [
      resource.signInChallenge(path),
      resource.invalidTokenChallenge('a "quoted" reason', path),
      resource.insufficientScopeChallenge('workspace:write', 'why', path),
    ]) {
      expect(challenge).not.toContain('analytics"');
      expect(challenge).toContain('resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/team/mcp"');
      // Every parameter is name="value" with no quote inside a value.
      expect(challenge.replace(/^Bearer /, '')).toMatch(/^(?:[a-z_]+="[^"\\]*"(?:, |$))+$/);
    }
    const odd = new ProtectedResource({ ...settings, publicUrl: 'https://mcp.example/te am"x/mcp' }, false, true);
    expect(odd.signInChallenge('/mcp')).toContain('/te%20am%22x/mcp"');
  });
});
