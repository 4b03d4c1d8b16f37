import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '../../src/activities/index.js';
import { supplierDesks } from '../../src/activities/supplier-desks.js';
import { recordsLocation } from '../../src/records/database.js';
import { openRecords } from '../../src/records/store.js';
import type { Decider } from '../../src/activities/contract.js';
import { createClaudeDecider } from '../../src/activities/deciders/claude.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { createWorldClient } from '../../src/world/client.js';
import { baselineActivities } from '../baseline/activities.js';
import { workerTuning } from './tuning.js';

/**
 * A worker in its own process, so the chaos run can SIGKILL it and the benchmarks can read its
 * RSS and CPU apart from the harness. WORKFLOWS=agent runs the service's workflows and activities;
 * WORKFLOWS=baseline the bare baseline; WORKFLOWS=handwritten the hand-written baseline with the
 * service's activities; all with the same tuning.
 */
// WORKER_METRICS_ADDRESS: the SDK's Prometheus metrics (sticky cache hits and misses, task latencies) on host:port.
const metricsAddress = process.env.WORKER_METRICS_ADDRESS;
Runtime.install({
  logger: new DefaultLogger((process.env.WORKER_LOG_LEVEL ?? 'ERROR') as 'ERROR'),
  ...(metricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } } : {}),
});
const { TEMPORAL_ADDRESS, TASK_QUEUE, WORLD_URL, BUNDLE_PATH, WORKFLOWS = 'agent', DECIDER = 'policy' } = process.env;
if (!TEMPORAL_ADDRESS || !TASK_QUEUE || !BUNDLE_PATH) throw new Error('worker-process needs TEMPORAL_ADDRESS, TASK_QUEUE, BUNDLE_PATH');

/** Gives up at once: a replenishment of three activities, for fleet and history figures. */
const quickCancel: Decider = {
  name: 'quick-cancel',
  decide: async ({ allowed }) => allowed.includes('done')
    ? { tool: 'done', input: {} }
    : { tool: 'cancel_purchase_order', input: { reason: 'benchmark' } },
};

/** DECIDER=claude: the production Claude decider, against whatever ANTHROPIC_BASE_URL serves (the scripted model). */
const decider = (): Decider => {
  if (DECIDER === 'quick-cancel') return quickCancel;
  if (DECIDER !== 'claude') return policyDecider;
  const { ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL = 'claude-scripted' } = process.env;
  if (!ANTHROPIC_API_KEY || !ANTHROPIC_BASE_URL) throw new Error('DECIDER=claude needs ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL');
  return createClaudeDecider({ apiKey: ANTHROPIC_API_KEY, baseURL: ANTHROPIC_BASE_URL, model: ANTHROPIC_MODEL, timeoutMs: 30_000 });
};

const connection = await NativeConnection.connect({ address: TEMPORAL_ADDRESS });
const activities = WORKFLOWS === 'baseline'
  ? baselineActivities()
  : createActivities({
    world: createWorldClient({ baseUrl: WORLD_URL ?? 'http://127.0.0.1:1' }),
    reader: patternReader,
    decider: decider(),
    records: await openRecords(recordsLocation(process.env, process.env.DATA_DIR ?? './data')),
    // Lines of suppliers that gather reach their desk by signal-with-start, as the service's worker's do (src/startup/worker.ts).
    desks: supplierDesks(new Client({ connection: await Connection.connect({ address: TEMPORAL_ADDRESS }) })),
  });
const worker = await Worker.create({
  connection,
  taskQueue: TASK_QUEUE,
  activities,
  workflowBundle: { codePath: BUNDLE_PATH },
  shutdownGraceTime: '5 seconds',
  ...workerTuning(process.env),
});
// Orphaned (the harness died): go too, rather than poll on for nobody.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(1); }, 1000).unref();
process.stdout.write('worker running\n');
await worker.run();
