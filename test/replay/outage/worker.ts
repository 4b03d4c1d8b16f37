import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

/**
 * A worker for test/replay/query-during-outage.test.ts in its own process, so the test can SIGKILL
 * it as a crash would. It gets ready, says so, and polls only when told ("go" on stdin), so the
 * test chooses which worker holds the run.
 */
Runtime.install({ logger: new DefaultLogger('ERROR') });
const { TEMPORAL_ADDRESS, TASK_QUEUE, BUNDLE_PATH } = process.env;
if (!TEMPORAL_ADDRESS || !TASK_QUEUE || !BUNDLE_PATH) throw new Error('outage worker needs TEMPORAL_ADDRESS, TASK_QUEUE, BUNDLE_PATH');
const worker = await Worker.create({
  connection: await NativeConnection.connect({ address: TEMPORAL_ADDRESS }),
  taskQueue: TASK_QUEUE,
  workflowBundle: { codePath: BUNDLE_PATH },
  activities: { onMessage: async () => 'message', onTimeout: async () => 'timeout' },
  stickyQueueScheduleToStartTimeout: '3 seconds',
});
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  process.stdout.write('polling\n');
  void worker.run();
});
