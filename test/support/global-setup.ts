import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevServer, type DevServer } from '../../src/temporal/dev-server.js';
import { ensureTestServer } from '../../src/temporal/test-server.js';
import { bundleWorkflows } from '../../src/worker.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    workflowBundlePath: string;
    testServerPath: string;
  }
}

let server: DevServer | undefined;
let dir: string | undefined;

/** One dev server and one workflow bundle for the whole run; each test file brings its own worker. */
export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'replenisher-test-'));
  // Test files' workers inherit this; every time-skipping server started in the run leaves its pid here.
  process.env.TEMPORAL_TEST_SERVER_PIDS = join(dir, 'test-server-pids');
  mkdirSync(process.env.TEMPORAL_TEST_SERVER_PIDS);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const [dev, bundle] = await Promise.all([
    startDevServer({ port, log: () => {} }),
    bundleWorkflows(),
  ]);
  server = dev;
  const bundlePath = join(dir, 'workflows.js');
  writeFileSync(bundlePath, bundle.code);
  project.provide('temporalAddress', dev.address);
  project.provide('workflowBundlePath', bundlePath);
  project.provide('testServerPath', ensureTestServer());
}

export async function teardown(): Promise<void> {
  await server?.stop();
  reapTestServers();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * A time-skipping server outlives a test file whose stack was not torn down (a fork ended early,
 * a timeout): java is re-parented to init and keeps its port and memory. Every one still alive
 * when the run ends is such a leftover.
 */
function reapTestServers(): void {
  const pids = process.env.TEMPORAL_TEST_SERVER_PIDS;
  if (!pids) return;
  for (const name of readdirSync(pids)) {
    try {
      // Only if the pid is still that server (a pid can be reused by another process).
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('io.temporal.testserver')) process.kill(Number(name), 'SIGKILL');
    } catch { /* gone already, or not Linux */ }
  }
}
