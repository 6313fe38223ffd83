// A vitest reporter (vitest.config.ts): after the summary, one line naming the programs whose absence
// skipped tests (test/programs.ts says why they skip) and the one apt-get line that installs them all.
import type { Reporter, TestModule } from 'vitest/node';
import { aptLine, SKIP_NOTE, type Program } from './programs.js';

export default class SkippedPrograms implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const programs = new Set<Program>();
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        const names = result.state === 'skipped' ? SKIP_NOTE.exec(result.note ?? '')?.[1] : undefined;
        if (names === undefined) continue;
        skipped++;
        for (const name of names.split(', ')) programs.add(name as Program);
      }
    }
    if (skipped === 0) return;
    const sorted = [...programs].sort();
    process.stdout.write(
      `\nSkipped ${skipped} ${skipped === 1 ? 'test' : 'tests'} for want of ${sorted.join(', ')}; to run them: ${aptLine(sorted)}\n`,
    );
  }
}
