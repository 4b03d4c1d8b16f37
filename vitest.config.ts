import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Temporal worker's native threads crash vitest's `threads` pool; forks isolate it.
    pool: 'forks',
    // Two files at a time. Three finished the scenarios, replay, CLI and deciders in 275 s instead of
    // 396 s with the machine loaded by others, but held-query.test then failed twice (its query ended
    // in a ServiceError that is not a deadline, so the API would answer 500): see docs/development.md.
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
