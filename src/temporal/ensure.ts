import { cliVersion, ensureCli, NO_CLI_HELP } from './cli.js';
import { ensureTestServer } from './test-server.js';

/** `npm run temporal:ensure`: obtains everything Temporal the tests and `npm start` need, once. */
const cli = await ensureCli();
if (!cli) {
  console.error(NO_CLI_HELP);
  process.exit(1);
}
console.error(`Temporal CLI ready (${cli.source}): ${cli.path} — ${cliVersion(cli.path).split('\n')[0]}`);
try {
  console.error(`time-skipping test server ready: ${ensureTestServer()}`);
} catch (err) {
  console.error(`time-skipping test server unavailable: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
