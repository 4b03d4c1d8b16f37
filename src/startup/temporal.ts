import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../config.js';
import { startDevServer } from '../temporal/dev-server.js';
import { describeConnection, type TemporalConnectionOptions } from '../temporal/connection.js';
import type { Stop } from './lifecycle.js';

export interface TemporalStarted {
  temporal: TemporalConnectionOptions;
  uiUrl: string;
  /** Only for the dev server this start ran; a shared server is not ours to stop. */
  stop?: Stop;
}

/** The Temporal server: the one TEMPORAL_ADDRESS names, or a dev server of our own with its data in DATA_DIR. */
export async function startTemporal(
  env: Env, connection: TemporalConnectionOptions | undefined, dataDir: string, log: Logger, signal: AbortSignal,
): Promise<TemporalStarted> {
  const defaultUi = `http://localhost:${env.TEMPORAL_UI_PORT}`;
  if (connection) {
    log.info(`using the Temporal server at ${describeConnection(connection)}`);
    return { temporal: connection, uiUrl: env.TEMPORAL_UI_URL ?? defaultUi };
  }
  const server = await startDevServer({
    port: env.TEMPORAL_PORT, uiPort: env.TEMPORAL_UI_PORT, dbFile: join(dataDir, 'temporal.sqlite'), retentionDays: env.TEMPORAL_RETENTION_DAYS, signal,
    log: (line) => log.info({ part: 'temporal' }, line),
  });
  log.info({ webUi: server.uiUrl }, `Temporal dev server on ${server.address}, Web UI at ${server.uiUrl}`);
  return {
    temporal: { address: server.address },
    uiUrl: env.TEMPORAL_UI_URL ?? server.uiUrl ?? defaultUi,
    stop: () => server.stop(),
  };
}
