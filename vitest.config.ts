import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Temporal worker's native threads crash vitest's `threads` pool; forks isolate it.
    pool: 'forks',
    // Two files at a time: a third finishes sooner but leaves timed tests too little CPU
    // (docs/development.md, "Where the suite's time goes").
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    // Against a Temporal cluster on PostgreSQL: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
