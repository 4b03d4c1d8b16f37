import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

/** `npm test`'s pretest on a machine that has none of what npm does not install. */
describe('npm test on a bare machine', () => {
  it('stops before any test and names each missing part with how to get it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'replenisher-bare-'));
    onTestFinished(() => rmSync(empty, { recursive: true, force: true }));
    // No temporal, go, java or mvn on PATH, an empty cache, and a browser path set wrong.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/prerequisites.ts'], {
      env: { HOME: empty, PATH: empty, STOCK_REPLENISHER_CACHE: empty, CHROMIUM_PATH: join(empty, 'chromium') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const missing = run.stderr.slice(run.stderr.indexOf('npm test cannot run every test'));
    expect(missing).toContain('No Temporal server could be found or built');
    expect(missing).toContain('install Go, so the project can build the CLI once');
    expect(missing).toMatch(/time-skipping test server needs java .*apt-get install openjdk-17-jre-headless maven/);
    expect(missing).toContain(`CHROMIUM_PATH=${join(empty, 'chromium')} does not exist`);
    expect(missing).toContain('apt-get install chromium');
  });

  it('on this machine finds all three and lets the tests run', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/prerequisites.ts'], { env: process.env, encoding: 'utf8' });
    expect(run.stderr).toMatch(/^Temporal CLI: \S+/m);
    expect(run.stderr).toMatch(/^time-skipping test server: \S+/m);
    expect(run.stderr).toMatch(/^Chromium: \S+/m);
    expect(run.status).toBe(0);
  });
});
