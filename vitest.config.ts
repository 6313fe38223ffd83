import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tool failures are logged at info; the suite provokes hundreds on purpose.
    env: { WORKSPACE_LOG_LEVEL: 'warn' },
  },
});
