import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the service's roles as separate processes against Temporal on
 * PostgreSQL (bench/cluster), each file bringing up its own cluster. Run by .ci/run after
 * `npm test`; the first run builds the server (minutes), later runs reuse it.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 1,
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    teardownTimeout: 60_000,
  },
});
