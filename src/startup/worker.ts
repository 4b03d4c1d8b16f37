import type { Client } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type { Logger } from 'pino';
import { createActivities } from '../activities/index.js';
import { supplierDesks } from '../activities/supplier-desks.js';
import { selectDecider } from '../activities/deciders/select.js';
import { selectReader } from '../activities/reader/select.js';
import type { Env } from '../config.js';
import type { Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import type { Metrics } from '../metrics.js';
import type { PurchaseRecords } from '../records/store.js';
import { createWorker } from '../worker.js';
import { mailingWorld } from '../mail/outgoing.js';
import type { Stop } from './lifecycle.js';

/** How long a stop waits for the worker's tasks in hand before it stops without them. */
export const WORKER_DRAIN_MS = 20_000;

export interface WorkerStarted {
  worker: Worker;
  /** Settles when the worker stops; rejects when it fails on its own. */
  running: Promise<void>;
  stop: Stop;
}

export interface WorkerParts {
  env: Env;
  rules: Rules;
  world: World;
  records: PurchaseRecords;
  metrics: Metrics;
  log: Logger;
  connect: () => Promise<NativeConnection>;
  /** Reaches suppliers' desks (signal-with-start) for lines of suppliers that gather. */
  client?: Client;
}

/** The worker with the production activities, polling until stopped. */
export async function startWorker({ env, rules, world, records, metrics, log, connect, client }: WorkerParts): Promise<WorkerStarted> {
  const nativeConnection = await connect();
  const decider = selectDecider(env, log);
  log.info(`decider: ${decider.name}`);
  const { reader } = selectReader(env, log);
  const worker = await createWorker({
    connection: nativeConnection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    activities: createActivities({ world: mailingWorld(env, rules, world, records, log), reader, decider, metrics, rules, records, ...(client ? { desks: supplierDesks(client) } : {}) }),
    maxCachedWorkflows: env.WORKER_MAX_CACHED_WORKFLOWS,
    stickyQueueTimeoutMs: env.WORKER_STICKY_TIMEOUT_MS,
    ...(env.TEMPORAL_DEPLOYMENT_NAME && env.TEMPORAL_BUILD_ID ? {
      versioning: { deploymentName: env.TEMPORAL_DEPLOYMENT_NAME, buildId: env.TEMPORAL_BUILD_ID, behavior: env.TEMPORAL_VERSIONING_BEHAVIOR },
    } : {}),
  });
  const running = worker.run();
  log.info(`worker polling task queue ${env.TEMPORAL_TASK_QUEUE} in namespace ${env.TEMPORAL_NAMESPACE}`);
  const stop = async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    // Temporal keeps what a worker was doing: a drain that outlasts this is cut, not waited for
    // (an orchestrator's SIGTERM wants an exit), and its tasks are retried by another worker.
    const drained = await Promise.race([running.then(() => true, () => true), new Promise<false>((r) => setTimeout(() => r(false), WORKER_DRAIN_MS).unref())]);
    if (drained) await nativeConnection.close();
    else log.warn(`the worker did not drain within ${WORKER_DRAIN_MS / 1000} s; stopping anyway (Temporal hands its tasks to another worker)`);
  };
  return { worker, running, stop };
}
