import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createActivities } from '../../src/activities/index.js';
import { supplierDesks } from '../../src/activities/supplier-desks.js';
import { recordsLocation } from '../../src/records/database.js';
import { openRecords } from '../../src/records/store.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { createWorker } from '../../src/worker.js';
import { createWorldClient } from '../../src/world/client.js';

/** A worker in its own process, so a test can kill it with SIGKILL as a crash would. */
Runtime.install({ logger: new DefaultLogger('WARN') });
const { TEMPORAL_ADDRESS, TASK_QUEUE, WORLD_URL, BUNDLE_PATH } = process.env;
if (!TEMPORAL_ADDRESS || !TASK_QUEUE || !WORLD_URL || !BUNDLE_PATH) throw new Error('worker-process needs TEMPORAL_ADDRESS, TASK_QUEUE, WORLD_URL, BUNDLE_PATH');
const connection = await NativeConnection.connect({ address: TEMPORAL_ADDRESS });
// Lines of suppliers that gather reach their desk by signal-with-start, as the service's worker does.
const client = new Client({ connection: await Connection.connect({ address: TEMPORAL_ADDRESS }) });
const worker = await createWorker({
  connection,
  taskQueue: TASK_QUEUE,
  activities: createActivities({
    world: createWorldClient({ baseUrl: WORLD_URL }), reader: patternReader, decider: policyDecider, records: await openRecords(recordsLocation(process.env, process.env.DATA_DIR ?? './data')),
    desks: supplierDesks(client),
  }),
  workflowBundle: { codePath: BUNDLE_PATH },
});
process.stdout.write('worker running\n');
await worker.run();
