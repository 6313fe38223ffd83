// Command line and environment to configuration, without starting anything.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ConfigError, HELP, parseCli, type Config } from '../../src/config/parse.js';
import { DEFAULTS } from '../../src/config/defaults.js';
import { OPTIONS } from '../../src/config/options.js';

const run = (argv: string[], env: Record<string, string> = {}): Config => {
  const action = parseCli(argv, env);
  if (action.kind !== 'run') throw new Error(`expected a run, got ${action.kind}`);
  return action.config;
};

describe('parseCli', () => {
  test('the environment configures both APIs, flags win over it', () => {
    const c = run(['--timeout-ms', '500'], {
      WORKSPACE_BASE_URL: 'https://a.example/',
      WORKSPACE_CONNECTOR_TOKEN: 'tok',
      WORKSPACE_API_KEY: 'key',
      WORKSPACE_TIMEOUT_MS: '900',
    });
    expect(c.connector).toEqual({ baseUrl: 'https://a.example', token: 'tok' });
    expect(c.content).toEqual({ baseUrl: 'https://a.example', apiKey: 'key', userId: undefined });
    expect(c.timeoutMs).toBe(500);
  });

  test('a placeholder a launcher left unsubstituted is not set', () => {
    const c = run([], {
      WORKSPACE_BASE_URL: 'https://a.example',
      WORKSPACE_CONNECTOR_TOKEN: 'tok',
      WORKSPACE_API_KEY: '${user_config.api_key}',
      WORKSPACE_TOOLSETS: '${user_config.toolsets}',
      WORKSPACE_TOOLS: '${user_config.tools}',
      WORKSPACE_EXCLUDE_TOOLS: '${user_config.exclude_tools}',
      WORKSPACE_READ_ONLY: '${user_config.read_only}',
    });
    expect(c.content).toBeUndefined();
    expect(c.toolsets).toBeUndefined();
    expect(c.tools).toBeUndefined();
    expect(c.excludeTools).toBeUndefined();
    expect(c.readOnly).toBe(false);
  });

  test.each([
    [[], {}, 'No API is configured'],
    [['--base-url', 'https://a.example/api/v1'], { WORKSPACE_CONNECTOR_TOKEN: 't' }, 'set it to https://a.example instead'],
    [['--sandbox', '--toolsets', 'nope'], {}, 'Unknown toolset(s): nope'],
    [['--sandbox', '--toolsets', 'batch'], {}, '--toolsets batch needs the toolsets whose tools batch_call runs beside it'],
    [['--sandbox', '--deadline-ms', '0'], {}, 'WORKSPACE_DEADLINE_MS (--deadline-ms) must be between 1 and 3600000'],
    [['--http', '--host', '0.0.0.0', '--sandbox'], {}, 'without an access token'],
    [['--http', '--sandbox', '--workers', '2'], {}, '--workers needs --stateless'],
    [['--sandbox', '--confirm-destructive', 'sometimes'], {}, 'must be auto, always or never'],
    [['--sandbox'], { WORKSPACE_STATE_SECRET: 'too-short' }, 'WORKSPACE_STATE_SECRET must be at least 32 bytes'],
    [['--sandbox', '--sandbox-size', '0'], {}, 'WORKSPACE_SANDBOX_SIZE (--sandbox-size) must be between 1 and 100000, got 0'],
    [['--sandbox', '--sandbox-size', '100001'], {}, 'must be between 1 and 100000, got 100001'],
    [['--sandbox', '--sandbox-size', '2.5'], {}, 'WORKSPACE_SANDBOX_SIZE (--sandbox-size) must be a whole number, got "2.5"'],
    [['--sandbox'], { WORKSPACE_SANDBOX_SIZE: '5k' }, 'must be a whole number, got "5k"'],
    [['--sandbox', '--sandbox-size=-5'], {}, 'must be a whole number, got "-5"'],
    [['--sandbox-size', '5000'], { WORKSPACE_BASE_URL: 'https://a.example', WORKSPACE_CONNECTOR_TOKEN: 't' }, 'add --sandbox'],
  ])('%j %j is refused: %s', (argv, env, message) => {
    expect(() => parseCli(argv, env)).toThrow(ConfigError);
    expect(() => parseCli(argv, env)).toThrow(message);
  });

  test('--toolsets all offers every tool, code_run included; default is what no flag offers', () => {
    const all = run(['--sandbox', '--toolsets', 'all']);
    expect([all.toolsets, all.tools, all.code]).toEqual([undefined, undefined, true]);
    const dflt = run(['--sandbox', '--toolsets', 'default']);
    const none = run(['--sandbox']);
    expect([dflt.toolsets, dflt.tools, dflt.code]).toEqual([none.toolsets, none.tools, none.code]);
    // Named tools add nothing to every toolset, and must not narrow it to themselves.
    expect(run(['--sandbox', '--toolsets', 'default,code', '--tools', 'groups_list']).tools).toBeUndefined();
  });

  test('--sandbox-size sizes the sandbox, from the flag or the environment; unset, the small workspace', () => {
    expect(run(['--sandbox']).sandboxSize).toBeUndefined();
    expect(run(['--sandbox', '--sandbox-size', '5000']).sandboxSize).toBe(5000);
    expect(run([], { WORKSPACE_SANDBOX: '1', WORKSPACE_SANDBOX_SIZE: '20000' }).sandboxSize).toBe(20_000);
    expect(run(['--sandbox', '--sandbox-size', '1']).sandboxSize).toBe(1);
    expect(run(['--sandbox', '--sandbox-size', '100000']).sandboxSize).toBe(100_000);
  });

  test('--toolsets takes batch beside the toolsets batch_call runs the tools of', () => {
    expect([...run(['--sandbox', '--toolsets', 'groups,batch,members']).toolsets!]).toEqual(['groups', 'members']);
  });

  test('a base URL never has its text repeated: a password in it is refused by the setting name, and so is one that does not parse', () => {
    const secret = 's3cr3t-pa55word';
    for (const value of [`https://user:${secret}@academy.example`, `https://u:${secret}@[bad`, `http://u:${secret}@academy.example`]) {
      let message = '';
      try {
        parseCli([], { WORKSPACE_BASE_URL: value, WORKSPACE_CONNECTOR_TOKEN: 'tok' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain('WORKSPACE_BASE_URL');
      expect(message).not.toContain(secret);
    }
  });

  test('plain http is taken on loopback, refused elsewhere unless --allow-insecure-http says so', () => {
    const env = { WORKSPACE_CONNECTOR_TOKEN: 'tok' };
    expect(run([], { ...env, WORKSPACE_BASE_URL: 'http://127.0.0.1:9000' }).connector?.baseUrl).toBe('http://127.0.0.1:9000');
    expect(() => run([], { ...env, WORKSPACE_BASE_URL: 'http://academy.internal' })).toThrow(
      'WORKSPACE_ALLOW_INSECURE_HTTP=1 (--allow-insecure-http)',
    );
    expect(run(['--allow-insecure-http'], { ...env, WORKSPACE_BASE_URL: 'http://academy.internal' }).connector?.baseUrl).toBe(
      'http://academy.internal',
    );
    expect(run([], { ...env, WORKSPACE_BASE_URL: 'http://academy.internal', WORKSPACE_ALLOW_INSECURE_HTTP: '1' }).connector?.baseUrl).toBe(
      'http://academy.internal',
    );
  });

  test('--http and --sandbox have environment forms, as the container image starts the server', () => {
    const c = run([], { WORKSPACE_MCP_HTTP: '1', WORKSPACE_SANDBOX: 'true', WORKSPACE_MCP_HOST: '127.0.0.1' });
    expect(c.sandbox).toBe(true);
    expect(c.http?.host).toBe('127.0.0.1');
    // Any other value is off: the image's WORKSPACE_MCP_HTTP=1 is undone with 0 for a stdio container.
    const stdio = run([], { WORKSPACE_MCP_HTTP: '0', WORKSPACE_SANDBOX: '1' });
    expect(stdio.http).toBeUndefined();
    // Off loopback without a token the server refuses to start, whichever form asked for HTTP.
    expect(() => parseCli([], { WORKSPACE_MCP_HTTP: '1', WORKSPACE_SANDBOX: '1', WORKSPACE_MCP_HOST: '0.0.0.0' })).toThrow(
      'without an access token',
    );
  });

  test('-h and -v are --help and --version', () => {
    expect(parseCli(['-h'], {})).toEqual({ kind: 'help' });
    expect(parseCli(['-v'], {})).toEqual({ kind: 'version' });
  });

  test('--help lists every flag and variable of the options table', () => {
    for (const o of OPTIONS) {
      if (o.flag) expect(HELP).toContain(`--${o.flag}`);
      if (o.env) expect(HELP).toContain(o.env);
    }
  });

  test('each default is stated once: what parsing gives, and what --help says, is DEFAULTS', () => {
    const c = run(['--http'], { WORKSPACE_BASE_URL: 'https://a.example/', WORKSPACE_API_KEY: 'key' });
    for (const key of [
      'timeoutMs',
      'deadlineMs',
      'maxRetries',
      'retryBaseMs',
      'maxAnswerChars',
      'streamIdleMs',
      'keepAliveMs',
      'resultMaxChars',
      'jobAfterMs',
      'jobKeepMs',
      'maxJobsPerCaller',
    ] as const) {
      expect(c[key], key).toBe(DEFAULTS[key]);
    }
    for (const key of [
      'host',
      'port',
      'maxSessions',
      'maxSessionsPerCaller',
      'sessionIdleMs',
      'maxInFlight',
      'maxInFlightPerCaller',
      'drainMs',
      'workers',
    ] as const)
      expect(c.http![key], key).toBe(DEFAULTS[key]);
    // --help wraps its meanings: a default may sit across a line break.
    const help = HELP.replace(/\s+/g, ' ');
    for (const value of Object.values(DEFAULTS))
      expect(help).toContain(`default ${Array.isArray(value) ? value.join(',') : String(value)}`);
  });

  test('--help keeps each flag, its variable and its meaning apart, however long their names', () => {
    // The options, after the examples that open --help.
    const all = HELP.split('\n');
    const lines = all.slice(all.findIndex((l) => l.startsWith('Upstream')));
    for (const o of OPTIONS) {
      const flag = o.flag ? `--${o.flag}${o.value ? ` ${o.value}` : ''}` : undefined;
      const row = lines.find((l) => (flag ? l.includes(flag) : l.trim() === o.env));
      expect(row, o.flag ?? o.env).toBeDefined();
      // The variable, when there is one, stands alone at the end of the flag's line, after two spaces at least.
      if (flag && o.env) expect(row, flag).toMatch(new RegExp(`${flag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {2,}${o.env}$`));
      else if (flag) expect(row!.trimEnd(), flag).toMatch(new RegExp(`--${o.flag}${o.value ? ` ${o.value}` : ''}$`));
      // The meaning starts on the next line.
      expect(lines[lines.indexOf(row!) + 1]!.startsWith(`      ${o.help.split(' ')[0]} `), o.flag ?? o.env).toBe(true);
    }
  });

  test('every setting of the options table is read by the configuration', () => {
    // A row nobody reads would be offered in --help and docs/configuration.md and then ignored.
    const source = readFileSync(new URL('../../src/config/parse.ts', import.meta.url), 'utf8');
    for (const o of OPTIONS.filter((r) => r.flag && !['help', 'version'].includes(r.flag))) {
      expect(source, o.flag).toMatch(new RegExp(`(read|list|switchOn\\(values, read,) ?\\(?'${o.flag}'`));
    }
  });
});

describe('sign-in settings (--auth oauth)', () => {
  const base = { WORKSPACE_BASE_URL: 'https://a.example', WORKSPACE_CONNECTOR_TOKEN: 'tok', WORKSPACE_MCP_HOST: '0.0.0.0' };
  const oauth = {
    ...base,
    WORKSPACE_MCP_AUTH: 'oauth',
    WORKSPACE_MCP_OAUTH_ISSUER: 'https://id.example.com/realms/team',
    WORKSPACE_MCP_PUBLIC_URL: 'https://mcp.example.com/mcp',
  };

  test('an issuer and a public URL are enough, off loopback too; scopes have their default names', () => {
    const c = run(['--http'], oauth);
    expect(c.http?.oauth).toEqual({
      issuer: 'https://id.example.com/realms/team',
      publicUrl: 'https://mcp.example.com/mcp',
      audiences: [],
      readScope: 'workspace:read',
      writeScope: 'workspace:write',
      userClaim: undefined,
      introspection: undefined,
      tokenTypes: ['at+jwt', 'application/at+jwt'],
    });
  });

  test('--oauth-scopes never names offline_access: a resource does not advertise it', () => {
    expect(() =>
      parseCli(['--http', '--oauth-scopes', 'offline_access,lw.write'], {
        ...oauth,
      }),
    ).toThrow('offline_access');
  });

  test('the options: audiences, scope names, user claim, introspection client (its secret from the environment)', () => {
    const c = run(
      [
        '--http',
        '--oauth-audience',
        'api://workspace',
        '--oauth-scopes',
        'lw.read,lw.write',
        '--oauth-user-claim',
        'lw_user',
        '--oauth-client-id',
        'mcp',
      ],
      {
        ...oauth,
        WORKSPACE_MCP_OAUTH_CLIENT_SECRET: 'shh',
      },
    );
    expect(c.http?.oauth).toMatchObject({
      audiences: ['api://workspace'],
      readScope: 'lw.read',
      writeScope: 'lw.write',
      userClaim: 'lw_user',
      introspection: { clientId: 'mcp', clientSecret: 'shh' },
    });
  });

  test.each([
    ['no issuer', { WORKSPACE_MCP_OAUTH_ISSUER: '' }, /needs WORKSPACE_MCP_OAUTH_ISSUER/],
    ['no public URL', { WORKSPACE_MCP_PUBLIC_URL: '' }, /needs WORKSPACE_MCP_PUBLIC_URL/],
    ['a public URL not ending in /mcp', { WORKSPACE_MCP_PUBLIC_URL: 'https://mcp.example.com/' }, /must end in \/mcp/],
    ['a plain-http issuer off loopback', { WORKSPACE_MCP_OAUTH_ISSUER: 'http://id.example.com' }, /must be https/],
    ['with client credentials', { WORKSPACE_MCP_CREDENTIALS: 'client' }, /needs server credentials/],
    ['with static access tokens', { WORKSPACE_MCP_AUTH_TOKEN: 'a-long-enough-static-token' }, /replaces --auth-token/],
    ['one scope name', { WORKSPACE_MCP_OAUTH_SCOPES: 'read' }, /two different scopes/],
    ['an introspection client without its secret', { WORKSPACE_MCP_OAUTH_CLIENT_ID: 'mcp' }, /both WORKSPACE_MCP_OAUTH_CLIENT_ID and/],
    ['an unknown mode', { WORKSPACE_MCP_AUTH: 'saml' }, /must be token or oauth/],
  ])('refused: %s', (_name, env, message) => {
    expect(() => run(['--http'], { ...oauth, ...env })).toThrow(message);
  });

  test('sign-in settings without --auth oauth, or --auth oauth without --http, are refused rather than ignored', () => {
    expect(() =>
      run(['--http'], { ...base, WORKSPACE_MCP_HOST: '127.0.0.1', WORKSPACE_MCP_OAUTH_ISSUER: 'https://id.example.com' }),
    ).toThrow(/applies to --auth oauth/);
    expect(() => run([], oauth)).toThrow(/add --http/);
  });
});
