import { cliVersion, ensureCli, NO_CLI_HELP } from '../../src/temporal/cli.js';
import { ensureTestServer } from '../../src/temporal/test-server.js';
import { findChromium, NO_CHROMIUM_HELP, unpackChromium } from './browser.js';
import { binDir as postgresBinDir } from './postgres.js';

/**
 * `npm test`'s pretest: obtains what the tests need that npm does not install as it is (the Temporal
 * CLI, Temporal's Java time-skipping test server, a Chromium for the page tests, unpacked from an
 * npm package when the system has none; PostgreSQL's server binaries are looked for), or stops naming what is missing and how to get it.
 */
const missing: string[] = [];

const cli = await ensureCli();
if (cli) console.error(`Temporal CLI: ${cli.path} (${cliVersion(cli.path).split('\n')[0]})`);
else missing.push(NO_CLI_HELP);

try {
  console.error(`time-skipping test server: ${ensureTestServer()}`);
} catch (err) {
  missing.push(`${err instanceof Error ? err.message : String(err)} (Debian: apt-get install openjdk-17-jre-headless maven); the scenario tests that let days pass run on it`);
}

try {
  console.error(`PostgreSQL server: ${postgresBinDir()}`);
} catch (err) {
  missing.push(err instanceof Error ? err.message : String(err));
}

let browser = findChromium();
if (!browser && process.env.CHROMIUM_PATH) {
  missing.push(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist; ${NO_CHROMIUM_HELP}`);
} else if (!browser) {
  console.error('no Chromium found: unpacking the one inside @sparticuz/chromium into the cache (once)');
  const unpacked = unpackChromium();
  if ('path' in unpacked) browser = unpacked.path;
  else missing.push(`${unpacked.error}; ${NO_CHROMIUM_HELP}`);
}
if (browser) console.error(`Chromium: ${browser}`);

if (missing.length) {
  console.error(`\nnpm test cannot run every test on this machine:\n${missing.map((m) => `  - ${m.replace(/\n/g, '\n    ')}`).join('\n')}`);
  process.exit(1);
}
