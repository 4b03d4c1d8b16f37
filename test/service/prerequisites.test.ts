import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { unpackChromium } from '../support/browser.js';

/** `npm test`'s pretest on a machine that has none of what npm does not install. */
describe('npm test on a bare machine', () => {
  it('stops before any test and names each missing part with how to get it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'replenisher-bare-'));
    onTestFinished(() => rmSync(empty, { recursive: true, force: true }));
    // No temporal, go, java or mvn on PATH, an empty cache, and a browser and PostgreSQL set wrong.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/prerequisites.ts'], {
      env: { HOME: empty, PATH: empty, STOCK_REPLENISHER_CACHE: empty, CHROMIUM_PATH: join(empty, 'chromium'), PG_BIN: join(empty, 'pg') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const missing = run.stderr.slice(run.stderr.indexOf('npm test cannot run every test'));
    expect(missing).toContain('No Temporal server could be found or built');
    expect(missing).toContain('install Go, so the project can build the CLI once');
    expect(missing).toMatch(/time-skipping test server needs java .*apt-get install openjdk-17-jre-headless maven/);
    expect(missing).toContain(`CHROMIUM_PATH=${join(empty, 'chromium')} does not exist`);
    expect(missing).toContain(`PostgreSQL server binaries not found`);
    expect(missing).toContain('apt-get install chromium');
  });

  it('on this machine finds all three and lets the tests run', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/prerequisites.ts'], { env: process.env, encoding: 'utf8' });
    expect(run.stderr).toMatch(/^Temporal CLI: \S+/m);
    expect(run.stderr).toMatch(/^time-skipping test server: \S+/m);
    expect(run.stderr).toMatch(/^Chromium: \S+/m);
    expect(run.stderr).toMatch(/^PostgreSQL server: \S+/m);
    expect(run.status).toBe(0);
  });

  it('a machine with no browser gets the Chromium inside the npm package, unpacked into its cache, and it renders a page', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'replenisher-cache-'));
    const before = process.env.STOCK_REPLENISHER_CACHE;
    process.env.STOCK_REPLENISHER_CACHE = cache;
    onTestFinished(() => {
      if (before === undefined) delete process.env.STOCK_REPLENISHER_CACHE;
      else process.env.STOCK_REPLENISHER_CACHE = before;
      rmSync(cache, { recursive: true, force: true });
    });
    const unpacked = unpackChromium();
    if (!('path' in unpacked)) throw new Error(unpacked.error);
    expect(unpacked.path.startsWith(join(cache, 'chromium-'))).toBe(true);
    const browser = await chromium.launch({ executablePath: unpacked.path });
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    await page.setContent('<button onclick="this.textContent = \'approved\'">approve</button>');
    await page.click('button');
    expect(await page.textContent('button')).toBe('approved');
  });
});
