import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Temporal worker's native threads crash vitest's `threads` pool; forks isolate it.
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
