import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Temporal worker's native threads crash vitest's `threads` pool; forks isolate it.
    pool: 'forks',
    // Three files at a time: several files wait on the server (deletions, sticky and heartbeat
    // timeouts) rather than on the CPU (docs/development.md, "Where the suite's time goes").
    maxWorkers: 3,
    globalSetup: ['test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    // Against a Temporal cluster on PostgreSQL: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
