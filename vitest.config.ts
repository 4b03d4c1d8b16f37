import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Temporal worker's native threads crash vitest's `threads` pool; forks isolate it.
    pool: 'forks',
    // Three files at a time on 2 cores: most files wait on servers and timers more than they compute
    // (the scenarios, replay, CLI and deciders ran in 275 s with 3 workers, 396 s with 2, at the same CPU).
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
