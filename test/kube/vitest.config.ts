import { defineConfig } from 'vitest/config';

// The Helm chart's sandbox values run under podman kube play (scripts/image/kube-test.sh, after scripts/image/
// builds the image; .ci/run runs it). Not part of `npm test`: it needs podman and the built image.
export default defineConfig({
  test: {
    name: 'kube',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/kube/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
