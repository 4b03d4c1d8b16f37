import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  if (dir) rmSync(dir, { recursive: true, force: true });
}
