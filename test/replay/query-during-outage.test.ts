import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import proto from '@temporalio/proto';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { workflowInterceptorModules } from '../../src/worker.js';
import { tempFile } from '../support/sandbox.js';
import { branchQuery, messageSignal } from './outage/workflow.js';

const { EventType } = proto.temporal.api.enums.v1;
type Event = proto.temporal.api.history.v1.IHistoryEvent;

/**
 * The hazard of bench/chaos/findings/README.md, arranged on purpose on the dev server. T is when
 * the wait's timer is due; every worker runs in its own process with a 3 s sticky timeout.
 *   T-2.0 s  the worker holding the run is SIGKILLed (a second worker already polls)
 *   T-1.5 s  a query, while no workflow task is pending: it waits in the dead worker's sticky
 *            queue for 3 s, then reaches the second worker with the history as it stands then
 *   T        the timer fires; its task waits in the dead worker's sticky queue until T+3 s
 *   ~T+1.5 s the query reaches the second worker, its history holding the fired timer
 *   then     the message is sent as soon as the query returns, before the task leaves the queue
 *   T+3 s    the task reaches the second worker: timer and message in one task
 * Without the guard (the code before src/workflows/task-guard.ts, checked here every run) the second
 * worker acts on the timer alone while answering the query, takes the timeout branch, and replay,
 * which sees timer and message together with messages first, fails. With it, the query is refused,
 * the run is evicted, the task replays the whole history and takes the branch replay takes.
 */
const WAIT_MS = 10_000;
const workflowsPath = fileURLToPath(new URL('./outage/workflow.ts', import.meta.url));
const workerScript = fileURLToPath(new URL('./outage/worker.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = (t: number) => sleep(Math.max(0, t - Date.now()));
const ms = (e: Event) => Number(e.eventTime!.seconds) * 1000 + Math.floor((e.eventTime!.nanos ?? 0) / 1e6);

async function bundle(guarded: boolean): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath, workflowInterceptorModules: guarded ? workflowInterceptorModules : [], logger: new DefaultLogger('WARN'),
  });
  const path = tempFile();
  writeFileSync(path, code);
  return path;
}

interface OutageWorker { go(): void; kill(): Promise<void> }

async function startWorker(taskQueue: string, bundlePath: string): Promise<OutageWorker> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), TASK_QUEUE: taskQueue, BUNDLE_PATH: bundlePath },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  onTestFinished(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  const said = (word: string) => new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes(word)) resolve(); });
    child.once('exit', (code) => reject(new Error(`outage worker exited with ${code} before saying "${word}"`)));
  });
  await said('ready');
  return {
    go: () => { child.stdin!.write('go\n'); },
    kill: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); }),
  };
}

/** The events from the wait's timer firing to the next task that started. */
function aroundTheTimer(events: Event[]): string[] {
  const fired = events.findIndex((e) => e.eventType === EventType.EVENT_TYPE_TIMER_FIRED);
  const next = events.findIndex((e, i) => i > fired && e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED);
  return events.slice(fired, next).map((e) => EventType[e.eventType!]!.replace('EVENT_TYPE_', ''));
}

async function outage(guarded: boolean) {
  const bundlePath = await bundle(guarded);
  const taskQueue = `outage-${guarded ? 'guarded' : 'unguarded'}-${Date.now()}`;
  const [first, second] = await Promise.all([startWorker(taskQueue, bundlePath), startWorker(taskQueue, bundlePath)]);
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  onTestFinished(() => connection.close());
  const client = new Client({ connection });
  first.go();
  const handle = await client.workflow.start('waitForMessage', { taskQueue, workflowId: taskQueue, args: [WAIT_MS] });

  let timerStarted: Event | undefined;
  while (!timerStarted) {
    timerStarted = (await handle.fetchHistory()).events!.find((e) => e.eventType === EventType.EVENT_TYPE_TIMER_STARTED);
    if (!timerStarted) await sleep(100);
  }
  const due = ms(timerStarted) + WAIT_MS;
  // The first worker holds the run in its sticky queue; the second one polls the normal queue.
  second.go();
  expect(due - Date.now(), 'the run reached its wait too late to arrange the sequence').toBeGreaterThan(3_000);

  await until(due - 2_000);
  await first.kill();
  await until(due - 1_500);
  const asked = Date.now();
  const answer = await handle.query(branchQuery).then((b) => ({ branch: b }), (e: unknown) => ({ refused: String(e) }));
  const answeredAfterDue = Date.now() - due;
  await handle.signal(messageSignal, 'the reply');
  const result = await handle.result();
  const history = await handle.fetchHistory();
  const replay = Worker.runReplayHistory({ workflowBundle: { codePath: bundlePath } }, history, taskQueue)
    .then(() => 'replayed', (e: unknown) => String(e));
  return { answer, askedBeforeDue: due - asked, answeredAfterDue, result, around: aroundTheTimer(history.events!), replay: await replay };
}

// The sequence the test arranges, as history records it: the timer fired, its task went to the dead
// worker's queue, the message came, that task timed out and the next one started elsewhere.
const ARRANGED = ['TIMER_FIRED', 'WORKFLOW_TASK_SCHEDULED', 'WORKFLOW_EXECUTION_SIGNALED', 'WORKFLOW_TASK_TIMED_OUT', 'WORKFLOW_TASK_SCHEDULED'];

describe('a query during a worker outage, while a wait\'s timer and a message meet', () => {
  it('breaks the replay of a run without the guard (the reproduction reproduces)', async () => {
    const run = await outage(false);
    expect(run.around, JSON.stringify(run)).toEqual(ARRANGED);
    expect(run.answer, 'the query saw the timer alone').toEqual({ branch: 'timeout' });
    expect(run.result).toBe('timeout');
    expect(run.replay).toMatch(/[Nn]ondetermin/);
  }, 90_000);

  it('with the guard, the query is refused and the run takes the branch every replay takes', async () => {
    const run = await outage(true);
    expect(run.around, JSON.stringify(run)).toEqual(ARRANGED);
    expect(run.answer, JSON.stringify(run)).toMatchObject({ refused: expect.stringMatching(/PartialTaskRefused|without a workflow task/) });
    expect(run.result).toBe('message');
    expect(run.replay).toBe('replayed');
  }, 90_000);
});
