import { defineConfig } from 'vitest/config';

// The container image and the compose recipe (npm run test:image, after scripts/image/ builds the images;
// .ci/run runs both through scripts/image/test.sh). Not part of `npm test`: they need podman.
export default defineConfig({
  test: {
    name: 'image',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/image/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
