// The programs tests start that a machine with Node alone lacks, each with the Debian package that
// installs it, and one rule for all of them: outside CI a test that needs a missing one is skipped, its
// note naming the program and the package; with CI set it fails, since CI (.ci/run) installs every one and
// runs every test. The run ends with one line naming what was skipped and the apt-get line that brings it
// all (test/skipped-programs.ts, a reporter that reads the notes back).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { TestContext } from 'vitest';

export const PROGRAMS = {
  'redis-server': 'redis-server',
  'redis-sentinel': 'redis-sentinel',
  'redis-cli': 'redis-tools',
  openssl: 'openssl',
  chromium: 'chromium',
  nginx: 'nginx',
  prometheus: 'prometheus',
  promtool: 'prometheus',
  podman: 'podman',
  'podman-compose': 'podman-compose',
  curl: 'curl',
} as const satisfies Record<string, string>;
export type Program = keyof typeof PROGRAMS;

/** Whether CI is set (CI=false and CI=0 are not). */
export const inCi = () => !['', '0', 'false'].includes((process.env['CI'] ?? '').toLowerCase());

/** The apt-get line that installs these programs, each package once. */
export const aptLine = (programs: Iterable<Program>) => `apt-get install ${[...new Set([...programs].map((p) => PROGRAMS[p]))].join(' ')}`;

/**
 * Where the program is: an absolute path, or undefined when the machine lacks it. Chromium is wherever
 * CHROMIUM_PATH says when set; nginx is in an sbin directory that a user's PATH may not list.
 */
export function locate(name: Program): string | undefined {
  const given = name === 'chromium' ? process.env['CHROMIUM_PATH'] : undefined;
  if (given !== undefined) return existsSync(given) ? given : undefined;
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), ...(name === 'nginx' ? ['/usr/local/sbin', '/usr/sbin'] : [])];
  return dirs
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));
}

/** What a skip says: the reporter reads the programs back from it. */
export const skipNote = (missing: Program[]) => `needs ${missing.join(', ')}, not installed (${aptLine(missing)}); skipped outside CI`;
export const SKIP_NOTE = /^needs ([a-z, -]+), not installed \(apt-get install [a-z -]+\); skipped outside CI$/;

/** The programs of these that the machine lacks; with CI set, any is an error naming the apt-get line. */
export function missingPrograms(...names: Program[]): Program[] {
  const missing = names.filter((name) => locate(name) === undefined);
  if (missing.length > 0 && inCi()) {
    throw new Error(`${missing.join(', ')} not installed: ${aptLine(missing)} (CI runs every test; .ci/run installs them)`);
  }
  return missing;
}

/** First in a test that starts these programs: skipped outside CI when one is missing, failed with CI set. */
export function needPrograms(ctx: TestContext, ...names: Program[]): void {
  const missing = missingPrograms(...names);
  if (missing.length > 0) ctx.skip(skipNote(missing));
}

/** The path to start the program by; a program missing here is a test that did not call needPrograms first. */
export function program(name: Program): string {
  const path = locate(name);
  if (path === undefined) throw new Error(`${name} is not installed: ${aptLine([name])}`);
  return path;
}
