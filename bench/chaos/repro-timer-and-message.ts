import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import proto from '@temporalio/proto';
const { EventType } = proto.temporal.api.enums.v1;
import type { Message } from '../../src/domain/state.js';
import { deliverSignal, replenishStateQuery } from '../../src/workflows/messages.js';
import { startBenchStack } from '../support/stack.js';
import { agentSubject } from '../subjects.js';

/**
 * `npx tsx bench/chaos/repro-timer-and-message.ts`: makes the chaos finding of bench/chaos/findings
 * happen on purpose. The worker dies while a replenishment waits for approval (15 s); a new worker
 * starts; the wait's timer fires while its task sits in the dead worker's sticky queue; a query
 * reaches the new worker, which replays the run to answer it and, doing so, hands the workflow the
 * fired timer; the approval arrives; the task reaches the new worker, whose cached run sees the
 * approval alone. Then the run's history is replayed. Exits 1 if the replay disagreed.
 */
Runtime.install({ logger: new DefaultLogger('ERROR') });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = (t: number) => sleep(Math.max(0, t - Date.now()));
const dir = mkdtempSync(join(tmpdir(), 'replenisher-repro-'));
const dayMs = 5_000;
const stack = await startBenchStack({ dir, rules: { dayMs }, log: () => {} });
let failed = false;
try {
  let worker = await stack.startWorker('agent');
  const subject = agentSubject(stack, 'race');
  await subject.prepare(0);
  await subject.waiting(0, 0);
  const childId = subject.childId(0, 1);
  const child = stack.client.workflow.getHandle(childId);
  const view = await child.query(replenishStateQuery);
  const po = view.state.po!;
  const deadline = Date.parse(view.waiting!.until);
  const killBefore = Number(process.env.KILL_BEFORE_MS ?? 2_000);
  await until(deadline - killBefore);
  await worker.kill();
  worker = await stack.startWorker('agent');
  if (process.env.QUERY1_AT_MS) {
    await until(deadline + Number(process.env.QUERY1_AT_MS));
    const t = Date.now();
    const first = await child.query(replenishStateQuery);
    console.log(`first query answered after ${Date.now() - t} ms, waiting: ${JSON.stringify(first.waiting)}`);
  }
  await until(deadline + Number(process.env.QUERY_AFTER_MS ?? -1_000));
  const asked = Date.now();
  // Not awaited: the query waits on the dead worker's sticky queue, then goes to the new worker.
  const answered = child.query(replenishStateQuery).then(
    (v) => `after ${Date.now() - asked} ms, waiting: ${JSON.stringify(v.waiting)}`, (e) => String(e));
  const approval = {
    event: 'approval', poNumber: po.poNumber, messageId: 'repro-approval',
    payload: { approved: true, maxUnitPrice: po.unitPrice, by: 'repro' }, at: new Date(deadline - 1_000).toISOString(),
  } as unknown as Message;
  await until(deadline + Number(process.env.SIGNAL_AFTER_MS ?? 1_000));
  await child.signal(deliverSignal, approval);
  console.log('query answered', await answered);
  await sleep(8_000);
  const history = await child.fetchHistory();
  try {
    await Worker.runReplayHistory({ workflowBundle: { codePath: stack.bundlePath } }, history, childId);
    console.log('replay agreed with the first execution');
  } catch (err) {
    failed = true;
    console.log(`replay disagreed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const run = await child.query(replenishStateQuery).catch(() => null);
  console.log('turns:', run?.state.log.map((t) => `${t.tool}:${t.result}`).join(' ') ?? '(no answer)');
  const timerAt = history.events!.findIndex((e) => e.timerStartedEventAttributes);
  for (const e of history.events!.slice(timerAt, timerAt + 14)) {
    const t = e.eventTime as unknown as { seconds: number | string; nanos: number };
    console.log(String(e.eventId), new Date(Number(t.seconds) * 1000 + t.nanos / 1e6).toISOString(), EventType[e.eventType!],
      e.workflowTaskStartedEventAttributes?.identity ?? '', e.activityTaskScheduledEventAttributes?.activityId ?? '');
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
