import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aptLine, missingPrograms, PROGRAMS, SKIP_NOTE, skipNote, type Program } from '../programs.js';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('a program a test needs and the machine lacks', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('is skipped outside CI, its note naming the program and the package, which the run-end reporter reads back', () => {
    vi.stubEnv('PATH', '/nonexistent');
    vi.stubEnv('CI', '');
    const missing = missingPrograms('redis-server', 'redis-cli', 'openssl');
    expect(missing).toEqual(['redis-server', 'redis-cli', 'openssl']);
    const note = skipNote(missing);
    expect(note).toBe(
      'needs redis-server, redis-cli, openssl, not installed (apt-get install redis-server redis-tools openssl); skipped outside CI',
    );
    expect(SKIP_NOTE.exec(note)?.[1]).toBe('redis-server, redis-cli, openssl');
  });

  test('fails with CI set, with the apt-get line; CI=false is not CI', () => {
    vi.stubEnv('PATH', '/nonexistent');
    vi.stubEnv('CI', 'true');
    expect(() => missingPrograms('prometheus')).toThrow('prometheus not installed: apt-get install prometheus');
    vi.stubEnv('CI', 'false');
    expect(missingPrograms('prometheus')).toEqual(['prometheus']);
  });

  test('CHROMIUM_PATH says where Chromium is', () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    expect(missingPrograms('chromium')).toEqual(['chromium']);
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(missingPrograms('chromium')).toEqual([]);
  });

  test('one apt-get line installs them all, each package once', () => {
    expect(aptLine(['redis-cli', 'redis-server', 'redis-cli'])).toBe('apt-get install redis-tools redis-server');
  });

  test('tests and scripts start these programs only through program() (test/programs.ts), never by a bare name', () => {
    const names = Object.keys(PROGRAMS) as Program[];
    const bare = new RegExp(`(?:\\b(?:spawn|spawnSync|execFile|execFileSync|run)|\\))\\(\\s*'(?:${names.join('|')})'`);
    const files = ['test', 'scripts'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f)),
    );
    const offenders = files.filter((f) => bare.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
    expect(files.length).toBeGreaterThan(40);
  });
});
