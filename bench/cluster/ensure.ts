import { ensureServerBinaries, ensureUiServer } from './build.js';

/** `npm run cluster:ensure`: builds the cluster's Temporal server, SQL tool and Web UI server once, ahead of time. */
try {
  const bin = ensureServerBinaries();
  console.error(`Temporal server ready: ${bin.server}\ntemporal-sql-tool ready: ${bin.sql}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const ui = ensureUiServer();
console.error(ui.path === null ? `no Web UI server (the cluster runs without it): ${ui.why}` : `Web UI server ready: ${ui.path}`);
