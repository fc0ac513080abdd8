import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the end-to-end tests run the built binary: build it once before them
    globalSetup: ['test/build-once.ts'],
    testTimeout: 60_000,
  },
});
