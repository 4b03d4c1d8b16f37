import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { ConfigError, loadConfig, securityOf } from './config.js';
import { healthOf } from './health.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics.js';
import { recordsLocation } from './records/database.js';
import { openRecords } from './records/store.js';
import { checkRole, roleOf, type Role } from './roles/role.js';
import { installRuntime } from './roles/runtime.js';
import { SEEDED_SUPPLIERS } from './sandbox/seed.js';
import { startApi, startDemoAgents, startWorkerEndpoints } from './startup/api.js';
import { EXIT_CODES, Lifecycle, StartFailure } from './startup/lifecycle.js';
import { startTemporal } from './startup/temporal.js';
import { startWorker } from './startup/worker.js';
import { startWorld } from './startup/world.js';
import { describeConnection, temporalConnectionOptions, type TemporalConnectionOptions } from './temporal/connection.js';

/**
 * `npm start` (role `all`): the whole service on one machine. With no configuration it runs its
 * own Temporal dev server (data in DATA_DIR), the sandbox world in demo mode, the worker and the
 * REST API. `npm run worker` and `npm run api` run one part each against a shared Temporal and
 * world (src/roles/role.ts). The start is a list of steps (src/startup); what each brought up is
 * stopped in reverse order, and the process ends in one place, with a code from EXIT_CODES.
 */
function exit(code: (typeof EXIT_CODES)[keyof typeof EXIT_CODES]): never {
  process.exit(code);
}

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
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  exit(EXIT_CODES.badConfiguration);
}
const { env, rules } = config;
const runsWorker = role !== 'api';
const runsApi = role !== 'worker';
// Without WORLD_URL the embedded sandbox plays the suppliers: they sign with secrets made up for this run.
const { security, generatedManagerToken } = securityOf(env, env.WORLD_URL ? [] : SEEDED_SUPPLIERS);
const log = createLogger(env.LOG_LEVEL).child({ role });
const lifecycle = new Lifecycle(log);
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

/** How long a stop asked for during the start waits for the start to finish before it stops what is up. */
const START_GRACE_MS = 15_000;
let stopping = false;
/** Calls off what is still starting (the dev server) when a stop comes. */
const calledOff = new AbortController();
let started: Promise<unknown> = Promise.resolve();

/** A failure ends the service at once: Temporal keeps the work in hand for the next start. */
function fail(why: string, err?: unknown): void {
  if (stopping) return;
  log.fatal(err === undefined ? {} : { err }, why);
  exit(EXIT_CODES.failed);
}

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
      await lifecycle.stopAll();
      log.info('stopped');
      exit(EXIT_CODES.stopped);
    })();
  });
}

// A part of the start that fails because the stop closed what it used (a worker whose connection
// went) is part of stopping, not a crash that would turn the exit code to 1.
process.on('unhandledRejection', (err) => {
  if (stopping) log.warn({ err }, 'while stopping');
  else fail('unhandled rejection', err);
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

  const { temporal, uiUrl, stop: stopTemporal } = await startTemporal(env, connectionOptions, dataDir, log, calledOff.signal);
  if (stopTemporal) lifecycle.add(stopTemporal, true);
  goOn();

  const { worldUrl, world, stop: stopWorld } = await startWorld(env, rules, security, dataDir, log);
  if (stopWorld) lifecycle.add(stopWorld);
  goOn();
  if (env.NOTIFY_WEBHOOK_URL && runsWorker) log.info(`notifications to people also go to the NOTIFY_WEBHOOK_URL webhook${env.NOTIFY_WEBHOOK_SECRET ? ', signed' : ''}`);

  // The purchasing record: the worker writes each settled replenishment, the API serves them.
  const recordsAt = recordsLocation(env, dataDir);
  const records = await openRecords(recordsAt);
  lifecycle.add(() => records.close(), true);
  goOn();
  log.info(`purchasing record in ${recordsAt.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : recordsAt.file}`);

  /** A connection that cannot be made stops the start with the address and how it was tried (TLS, API key). */
  const unreachable = (err: unknown): never => {
    if (stopping) throw err;
    throw new StartFailure(`cannot connect to Temporal at ${describeConnection(temporal)}: ${err instanceof Error ? err.message : String(err)}`);
  };
  const connection = await Connection.connect(temporal).catch(unreachable);
  const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
  lifecycle.add(() => connection.close());
  goOn();

  let worker: Worker | undefined;
  if (runsWorker) {
    const w = await startWorker({ env, rules, world, records, metrics, log, client, connect: () => NativeConnection.connect(temporal).catch(unreachable) });
    lifecycle.add(w.stop);
    goOn();
    worker = w.worker;
    // A worker that fails on its own ends the service: a service without its worker only looks alive.
    w.running.catch((err: unknown) => fail('the worker stopped', err));
  }

  const health = healthOf({ client, ...(runsWorker ? { worker: () => worker } : {}), worldUrl });
  if (runsApi) {
    lifecycle.add((await startApi({ env, role, rules, client, world, records, metrics, security, health, temporalUiUrl: uiUrl, log })).stop);
    goOn();
    if (generatedManagerToken) {
      log.warn(`manager token for this run: ${generatedManagerToken} (a demo: set MANAGER_TOKENS or JWT_SECRET for lasting tokens)`);
    }
  } else {
    lifecycle.add((await startWorkerEndpoints({ env, role, client, metrics, health, log })).stop);
  }

  if (!env.WORLD_URL) await startDemoAgents(client, env, rules, world, log, goOn);
}

started = start();
started.catch((err: unknown) => {
  // A stop during the start closes what the start still uses; what fails then is not a crash.
  if (err instanceof StartFailure) fail(err.message);
  else fail('the service could not start', err);
});
