import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tool failures are logged at info; the suite provokes hundreds on purpose.
    env: { WORKSPACE_LOG_LEVEL: 'warn' },
    reporters: ['default', './test/skipped-programs.ts'],
    projects: [
      // Pure logic on the sources: no build, no process started (npm run test:unit). These files mock no module, stub no
      // global or variable, and the modules they load keep only caches (and errors.test.ts's registered secret, which
      // redacts only that string), so they share worker threads and one module graph: each module loads once per worker.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], pool: 'threads', isolate: false } },
      // The built server and the programs around it: dist/ is built once for the run, when it is older than its sources.
      { extends: true, test: { name: 'e2e', include: ['test/*.test.ts'], globalSetup: ['test/build-once.ts'] } },
    ],
  },
});
