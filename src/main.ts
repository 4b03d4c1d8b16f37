import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, makeTelemetryFilterString, NativeConnection, Runtime, type LogLevel } from '@temporalio/worker';
import { stuckRuns } from './repair/stuck-runs.js';
import { createActivities } from './activities/index.js';
import { selectDecider } from './activities/deciders/select.js';
import { selectReader } from './activities/reader/select.js';
import { buildApp } from './api/app.js';
import { Agents } from './api/agents.js';
import { agentId } from './domain/ids.js';
import { ConfigError, loadConfig, securityOf } from './config.js';
import { healthOf } from './health.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics.js';
import { recordsLocation } from './records/database.js';
import { openRecords } from './records/store.js';
import { buildSandbox } from './sandbox/app.js';
import { SEEDED_SUPPLIERS, seedCatalogue } from './sandbox/seed.js';
import { SandboxStore } from './sandbox/store.js';
import { startDevServer, type DevServer } from './temporal/dev-server.js';
import { createWorker } from './worker.js';
import { createWorldClient } from './world/client.js';
import { withNotifyWebhook } from './world/webhook.js';

/**
 * `npm start`: the whole service on one machine. With no configuration it runs its own Temporal
 * dev server (data in DATA_DIR), the sandbox world in demo mode, the worker and the REST API.
 */
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const { env, rules } = config;
// Without WORLD_URL the embedded sandbox plays the suppliers: they sign with secrets made up for this run.
const { security, generatedManagerToken } = securityOf(env, env.WORLD_URL ? [] : SEEDED_SUPPLIERS);
const log = createLogger(env.LOG_LEVEL);
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const stops: (() => Promise<unknown>)[] = [];

const temporalLogger = new DefaultLogger(env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? 'INFO' : 'WARN', (entry) => {
  const level = entry.level.toLowerCase() as Lowercase<LogLevel>;
  log[level === 'trace' ? 'trace' : level]({ part: 'temporal', ...entry.meta }, entry.message);
});
// The worker's own metrics (task latencies, slots, polls) from Temporal's Prometheus exporter; the API's /metrics includes them.
const workerMetricsAddress = env.METRICS_PORT ? `127.0.0.1:${env.METRICS_PORT}` : null;
let workerMetricsUrl: string | undefined;
// Core's own log comes through the service's logger, where runs failing on nondeterminism are noted
// for /health and the page (src/repair/stuck-runs.ts).
const logging = { forward: {}, filter: makeTelemetryFilterString({ core: 'WARN', other: 'ERROR' }) };
try {
  Runtime.install({
    logger: stuckRuns.watching(temporalLogger),
    telemetryOptions: { logging, ...(workerMetricsAddress ? { metrics: { prometheus: { bindAddress: workerMetricsAddress } } } : {}) },
  });
  if (workerMetricsAddress) workerMetricsUrl = `http://${workerMetricsAddress}/metrics`;
} catch (err) {
  if (!workerMetricsAddress) throw err;
  log.warn(`the Temporal worker's metrics cannot listen on ${workerMetricsAddress} (${err instanceof Error ? err.message : String(err)}); /metrics shows the service's own figures only`);
  Runtime.install({ logger: stuckRuns.watching(temporalLogger), telemetryOptions: { logging } });
}
const metrics = createMetrics({ processMetrics: true, ...(workerMetricsUrl ? { workerMetricsUrl } : {}) });

let server: DevServer | undefined;
let address = env.TEMPORAL_ADDRESS;
if (!address) {
  server = await startDevServer({
    port: env.TEMPORAL_PORT, uiPort: env.TEMPORAL_UI_PORT, dbFile: join(dataDir, 'temporal.sqlite'), retentionDays: env.TEMPORAL_RETENTION_DAYS,
    log: (line) => log.info({ part: 'temporal' }, line),
  });
  address = server.address;
  stops.push(() => server!.stop());
  log.info({ webUi: server.uiUrl }, `Temporal dev server on ${address}, Web UI at ${server.uiUrl}`);
} else {
  log.info(`using the Temporal server at ${address}`);
}

let worldUrl = env.WORLD_URL;
if (!worldUrl) {
  const store = new SandboxStore(join(dataDir, 'sandbox.sqlite'));
  seedCatalogue(store);
  const sandbox = buildSandbox({
    store,
    dayMs: rules.dayMs,
    demo: env.SANDBOX_DEMO ? {
      apiUrl: `http://127.0.0.1:${env.API_PORT}`,
      secrets: { suppliers: security.supplierSecrets, warehouse: security.warehouseSecret },
    } : undefined,
    logger: log.child({ part: 'sandbox' }),
  });
  worldUrl = (await sandbox.listen({ port: env.SANDBOX_PORT, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  stops.unshift(async () => { await sandbox.close(); store.close(); });
  log.info(`sandbox world on ${worldUrl}${env.SANDBOX_DEMO ? ' (demo: suppliers and warehouse act on their own)' : ''}; a business day lasts ${rules.dayMs} ms`);
}
const worldClient = createWorldClient({ baseUrl: worldUrl });
const world = env.NOTIFY_WEBHOOK_URL ? withNotifyWebhook(worldClient, { url: env.NOTIFY_WEBHOOK_URL }) : worldClient;
if (env.NOTIFY_WEBHOOK_URL) log.info('notifications to people also go to the NOTIFY_WEBHOOK_URL webhook');

const recordsAt = recordsLocation(env, dataDir);
const records = await openRecords(recordsAt);
stops.push(() => records.close());
log.info(`purchasing record in ${recordsAt.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : recordsAt.file}`);

const connection = await Connection.connect({ address });
const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
const nativeConnection = await NativeConnection.connect({ address });
const decider = selectDecider(env, log);
log.info(`decider: ${decider.name}`);
const { reader } = selectReader(env, log);
const worker = await createWorker({
  connection: nativeConnection,
  namespace: env.TEMPORAL_NAMESPACE,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  activities: createActivities({ world, reader, decider, metrics, rules, records }),
  maxCachedWorkflows: env.WORKER_MAX_CACHED_WORKFLOWS,
  stickyQueueTimeoutMs: env.WORKER_STICKY_TIMEOUT_MS,
  ...(env.TEMPORAL_DEPLOYMENT_NAME && env.TEMPORAL_BUILD_ID ? {
    versioning: { deploymentName: env.TEMPORAL_DEPLOYMENT_NAME, buildId: env.TEMPORAL_BUILD_ID, behavior: env.TEMPORAL_VERSIONING_BEHAVIOR },
  } : {}),
});
const workerRun = worker.run();
stops.unshift(async () => {
  if (worker.getState() === 'RUNNING') worker.shutdown();
  await workerRun;
  await nativeConnection.close();
  await connection.close();
});

const app = buildApp({
  client, world, taskQueue: env.TEMPORAL_TASK_QUEUE, rules, records,
  health: healthOf({ client, worker: () => worker, worldUrl }),
  metrics,
  logger: log.child({ part: 'api' }),
  security,
});
await app.listen({ port: env.API_PORT, host: env.API_HOST });
stops.unshift(() => app.close());
log.info(`REST API on http://${env.API_HOST}:${env.API_PORT} (try /health, /skus, /approvals; docs at /docs, metrics at /metrics)`);
if (generatedManagerToken) {
  log.warn(`manager token for this run: ${generatedManagerToken} (a demo: set MANAGER_TOKENS or JWT_SECRET for lasting tokens)`);
}

if (!env.WORLD_URL) {
  // The demo catalogue gets its agents; starting is idempotent, so a restart changes nothing.
  const agents = new Agents(client, env.TEMPORAL_TASK_QUEUE, rules);
  for (const { sku } of await world.inventory()) {
    const { started } = await agents.start(sku);
    log.info(`${started ? 'started' : 'resumed'} ${agentId(sku)}`);
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    void (async () => {
      for (const stop of stops) {
        try { await stop(); } catch (err) { log.warn({ err }, 'error while shutting down'); }
      }
      log.info('stopped');
      process.exit(0);
    })();
  });
}
