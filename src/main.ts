import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
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
import { withStuckRuns } from './api/routes-repair.js';
import { recordsLocation } from './records/database.js';
import { stuckRuns } from './repair/stuck-runs.js';
import { openRecords } from './records/store.js';
import { checkRole, READINESS, roleOf, type Role } from './roles/role.js';
import { installRuntime } from './roles/runtime.js';
import { listenWorkerEndpoints } from './roles/worker-endpoints.js';
import { buildSandbox, SANDBOX_DEMAND_HISTORY_DAYS } from './sandbox/app.js';
import { SEEDED_SUPPLIERS, seedCatalogue } from './sandbox/seed.js';
import { SandboxStore } from './sandbox/store.js';
import { startDevServer, type DevServer } from './temporal/dev-server.js';
import { describeConnection, temporalConnectionOptions, type TemporalConnectionOptions } from './temporal/connection.js';
import { createWorker } from './worker.js';
import { createWorldClient } from './world/client.js';
import { withNotifyWebhook } from './world/webhook.js';

/**
 * `npm start` (role `all`): the whole service on one machine. With no configuration it runs its
 * own Temporal dev server (data in DATA_DIR), the sandbox world in demo mode, the worker and the
 * REST API. `npm run worker` and `npm run api` run one part each against a shared Temporal and
 * world (src/roles/role.ts).
 */
let config;
let role: Role;
let connectionOptions: TemporalConnectionOptions | undefined;
try {
  role = roleOf(process.argv.slice(2));
  config = loadConfig();
  checkRole(role, config.env);
  // Certificates are read now, so a wrong path stops the start before anything listens.
  connectionOptions = config.env.TEMPORAL_ADDRESS ? temporalConnectionOptions(config.env, config.env.TEMPORAL_ADDRESS) : undefined;
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const { env, rules } = config;
/** How long SIGTERM waits for the worker's tasks in hand before it stops without them. */
const WORKER_DRAIN_MS = 20_000;
const runsWorker = role !== 'api';
const runsApi = role !== 'worker';
// Without WORLD_URL the embedded sandbox plays the suppliers: they sign with secrets made up for this run.
const { security, generatedManagerToken } = securityOf(env, env.WORLD_URL ? [] : SEEDED_SUPPLIERS);
const log = createLogger(env.LOG_LEVEL).child({ role });
type Stop = () => Promise<unknown>;
const stops: Stop[] = [];
/** Set once the stops run: a part that comes up after that (a start that outlasted its grace) is stopped at once. */
let stopsRunning = false;
/** What stops a part the start brought up: the last started stops first, unless it must outlive the others (`last`). */
function onStop(stop: Stop, last = false): void {
  if (stopsRunning) {
    stop().catch((err: unknown) => log.warn({ err }, 'error while shutting down'));
    return;
  }
  if (last) stops.push(stop);
  else stops.unshift(stop);
}
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

/** How long a stop asked for during the start waits for the start to finish before it stops what is up. */
const START_GRACE_MS = 15_000;
let stopping = false;
/** Calls off what is still starting (the dev server) when a stop comes. */
const calledOff = new AbortController();
let started: Promise<unknown> = Promise.resolve();
// Installed before anything starts: a SIGTERM that comes while the service is still starting (an
// orchestrator giving up, a test moving on) must stop it too, not leave it half up and running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    calledOff.abort();
    log.info(`${signal}: shutting down`);
    void (async () => {
      await Promise.race([started.catch(() => undefined), new Promise((r) => setTimeout(r, START_GRACE_MS).unref())]);
      stopsRunning = true;
      for (const stop of [...stops]) {
        try { await stop(); } catch (err) { log.warn({ err }, 'error while shutting down'); }
      }
      log.info('stopped');
      process.exit(0);
    })();
  });
}

// A part of the start that fails because the stop closed what it used (a worker whose connection
// went) is part of stopping, not a crash that would turn the exit code to 1.
process.on('unhandledRejection', (err) => {
  if (stopping) {
    log.warn({ err }, 'while stopping');
    return;
  }
  log.fatal({ err }, 'unhandled rejection');
  process.exit(1);
});

// Started by bin/service.js: a launcher that dies without passing a signal on (SIGKILL) leaves this
// process without its parent; it stops as on SIGTERM rather than run on unwatched.
if (process.send) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));

/** Called between the start's steps: once a stop is asked, nothing more comes up (what is up is stopped). */
function goOn(): void {
  if (stopping) throw new Error('stopped during the start');
}

async function start(): Promise<void> {
  // The worker's own metrics (task latencies, slots, polls) from Temporal's Prometheus exporter; /metrics includes them.
  const workerMetricsUrl = installRuntime(log, env.LOG_LEVEL, runsWorker && env.METRICS_PORT ? `127.0.0.1:${env.METRICS_PORT}` : null);
  const metrics = createMetrics({ processMetrics: true, ...(workerMetricsUrl ? { workerMetricsUrl } : {}) });

  let server: DevServer | undefined;
  let temporal = connectionOptions;
  if (!temporal) {
    server = await startDevServer({
      port: env.TEMPORAL_PORT, uiPort: env.TEMPORAL_UI_PORT, dbFile: join(dataDir, 'temporal.sqlite'), retentionDays: env.TEMPORAL_RETENTION_DAYS, signal: calledOff.signal,
      log: (line) => log.info({ part: 'temporal' }, line),
    });
    temporal = { address: server.address };
    onStop(() => server!.stop(), true);
    goOn();
    log.info({ webUi: server.uiUrl }, `Temporal dev server on ${server.address}, Web UI at ${server.uiUrl}`);
  } else {
    log.info(`using the Temporal server at ${describeConnection(temporal)}`);
  }
  const temporalUiUrl = env.TEMPORAL_UI_URL ?? server?.uiUrl ?? `http://localhost:${env.TEMPORAL_UI_PORT}`;

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
      demandHistoryDays: SANDBOX_DEMAND_HISTORY_DAYS,
    });
    worldUrl = (await sandbox.listen({ port: env.SANDBOX_PORT, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
    onStop(async () => { await sandbox.close(); store.close(); });
    goOn();
    log.info(`sandbox world on ${worldUrl}${env.SANDBOX_DEMO ? ' (demo: suppliers and warehouse act on their own)' : ''}; a business day lasts ${rules.dayMs} ms`);
  }
  const worldClient = createWorldClient({ baseUrl: worldUrl });
  const world = env.NOTIFY_WEBHOOK_URL ? withNotifyWebhook(worldClient, { url: env.NOTIFY_WEBHOOK_URL, ...(env.NOTIFY_WEBHOOK_SECRET ? { secret: env.NOTIFY_WEBHOOK_SECRET } : {}) }) : worldClient;
  if (env.NOTIFY_WEBHOOK_URL && runsWorker) log.info(`notifications to people also go to the NOTIFY_WEBHOOK_URL webhook${env.NOTIFY_WEBHOOK_SECRET ? ', signed' : ''}`);

  // The purchasing record: the worker writes each settled replenishment, the API serves them.
  const recordsAt = recordsLocation(env, dataDir);
  const records = await openRecords(recordsAt);
  onStop(() => records.close(), true);
  goOn();
  log.info(`purchasing record in ${recordsAt.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : recordsAt.file}`);

  /** A connection that cannot be made stops the start with the address and how it was tried (TLS, API key). */
  const unreachable = (err: unknown): never => {
    if (stopping) throw err;
    log.fatal(`cannot connect to Temporal at ${describeConnection(temporal)}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  };
  const connection = await Connection.connect(temporal).catch(unreachable);
  const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
  onStop(() => connection.close());
  goOn();

  let worker: Worker | undefined;
  if (runsWorker) {
    const nativeConnection = await NativeConnection.connect(temporal).catch(unreachable);
    const decider = selectDecider(env, log);
    log.info(`decider: ${decider.name}`);
    const { reader } = selectReader(env, log);
    const started = await createWorker({
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
    goOn();
    worker = started;
    const workerRun = started.run();
    // A worker that fails on its own ends the service: a service without its worker only looks alive.
    workerRun.catch((err: unknown) => {
      if (stopping) return;
      log.fatal({ err }, 'the worker stopped');
      process.exit(1);
    });
    onStop(async () => {
      if (started.getState() === 'RUNNING') started.shutdown();
      // Temporal keeps what a worker was doing: a drain that outlasts this is cut, not waited for
      // (an orchestrator's SIGTERM wants an exit), and its tasks are retried by another worker.
      const drained = await Promise.race([workerRun.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), WORKER_DRAIN_MS).unref())]);
      if (drained) await nativeConnection.close();
      else log.warn(`the worker did not drain within ${WORKER_DRAIN_MS / 1000} s; stopping anyway (Temporal hands its tasks to another worker)`);
    });
    log.info(`worker polling task queue ${env.TEMPORAL_TASK_QUEUE} in namespace ${env.TEMPORAL_NAMESPACE}`);
  }

  const health = healthOf({ client, ...(runsWorker ? { worker: () => worker } : {}), worldUrl });
  if (runsApi) {
    const app = buildApp({
      client, world, taskQueue: env.TEMPORAL_TASK_QUEUE, rules, records,
      health, readiness: READINESS[role],
      metrics,
      logger: log.child({ part: 'api' }),
      security,
      temporalUiUrl,
    });
    await app.listen({ port: env.API_PORT, host: env.API_HOST });
    onStop(() => app.close());
    goOn();
    log.info(`REST API on http://${env.API_HOST}:${env.API_PORT} (try /health, /skus, /approvals; docs at /docs, metrics at /metrics)`);
    if (generatedManagerToken) {
      log.warn(`manager token for this run: ${generatedManagerToken} (a demo: set MANAGER_TOKENS or JWT_SECRET for lasting tokens)`);
    }
  } else {
    // The runs this worker saw fail on nondeterminism show on its /health, as on the API's.
    const withProblems = withStuckRuns({ client, stuck: stuckRuns });
    const endpoints = await listenWorkerEndpoints({
      host: env.API_HOST, port: env.API_PORT, health: async () => withProblems(await health()), readiness: READINESS[role], metrics,
    });
    onStop(() => new Promise((done) => endpoints.close(done)));
    log.info(`worker endpoints on http://${env.API_HOST}:${env.API_PORT} (/health, /ready, /metrics)`);
  }

  if (!env.WORLD_URL) {
    // The demo catalogue gets its agents; starting is idempotent, so a restart changes nothing.
    const agents = new Agents(client, env.TEMPORAL_TASK_QUEUE, rules);
    for (const { sku } of await world.inventory()) {
      goOn();
      const { started } = await agents.start(sku);
      log.info(`${started ? 'started' : 'resumed'} ${agentId(sku)}`);
    }
  }
}

started = start();
started.catch((err: unknown) => {
  // A stop during the start closes what the start still uses; what fails then is not a crash.
  if (stopping) return;
  log.fatal({ err }, 'the service could not start');
  process.exit(1);
});
