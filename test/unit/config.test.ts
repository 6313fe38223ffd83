// Command line and environment to configuration, without starting anything.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ConfigError, HELP, parseCli, type Config } from '../../src/config.js';
import { OPTIONS } from '../../src/options.js';

const run = (argv: string[], env: Record<string, string> = {}): Config => {
  const action = parseCli(argv, env);
  if (action.kind !== 'run') throw new Error(`expected a run, got ${action.kind}`);
  return action.config;
};

describe('parseCli', () => {
  test('the environment configures both APIs, flags win over it', () => {
    const c = run(['--timeout-ms', '500'], { WORKSPACE_BASE_URL: 'https://a.example/', WORKSPACE_CONNECTOR_TOKEN: 'tok', WORKSPACE_API_KEY: 'key', WORKSPACE_TIMEOUT_MS: '900' });
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
    [['--sandbox', '--deadline-ms', '0'], {}, 'WORKSPACE_DEADLINE_MS (--deadline-ms) must be between 1 and 3600000'],
    [['--http', '--host', '0.0.0.0', '--sandbox'], {}, 'without an access token'],
    [['--http', '--sandbox', '--workers', '2'], {}, '--workers needs --stateless'],
  ])('%j %j is refused: %s', (argv, env, message) => {
    expect(() => parseCli(argv, env)).toThrow(ConfigError);
    expect(() => parseCli(argv, env)).toThrow(message);
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

  test('every setting of the options table is read by the configuration', () => {
    // A row nobody reads would be offered in --help and the README and then ignored.
    const source = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
    for (const o of OPTIONS.filter((r) => r.flag && !['help', 'version', 'sandbox', 'http'].includes(r.flag))) {
      expect(source, o.flag).toMatch(new RegExp(`(read|list|switchOn\\(values, read,) ?\\(?'${o.flag}'`));
    }
  });
});
