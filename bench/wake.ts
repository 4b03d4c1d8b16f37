import { events, parentRun, poolAll, round, wakes } from './support/measure.js';
import { percentile, type BenchStack, type WorkerHandle } from './support/stack.js';
import type { Subject } from './subjects.js';

/**
 * Wake latency: from a message taken by the entity (its Update accepted) to the start of the
 * activity it unblocks in the replenishment. Two replenishments per entity, three messages each;
 * half the messages go to a worker that has the workflow cached, half right after the worker was
 * restarted (cache empty: the workflow is replayed first), alternating so both see every kind.
 */
export interface WakeFigures { cached: Stats; afterRestart: Stats }
export interface Stats { n: number; p50: number; p99: number; max: number }

const stats = (xs: number[]): Stats => ({ n: xs.length, p50: round(percentile(xs, 50)), p99: round(percentile(xs, 99)), max: round(Math.max(...xs)) });

export async function wakeLatency(stack: BenchStack, subject: Subject, entities: number, restart: () => Promise<WorkerHandle>): Promise<WakeFigures> {
  const ids = Array.from({ length: entities }, (_, i) => i);
  const modes: ('cached' | 'restart')[][] = [['cached', 'restart', 'cached'], ['restart', 'cached', 'restart']];
  await poolAll(ids, 16, (i) => subject.prepare(i));
  for (let cycle = 0; cycle < 2; cycle++) {
    if (cycle > 0) await poolAll(ids, 16, (i) => subject.again(i));
    for (let k = 0; k < 3; k++) {
      await poolAll(ids, 16, (i) => subject.waiting(i, k));
      if (modes[cycle]![k] === 'restart') await restart();
      // One at a time: the figure is the latency of a wake, not of a queue of them.
      for (const i of ids) await subject.send(i, k);
    }
    await poolAll(ids, 16, (i) => subject.finished(i, cycle + 1));
  }
  const cached: number[] = [];
  const afterRestart: number[] = [];
  await poolAll(ids, 8, async (i) => {
    for (let cycle = 0; cycle < 2; cycle++) {
      const childId = subject.childId(i, cycle + 1);
      const parent = await parentRun(stack.client, childId);
      const w = wakes(await events(stack.client, parent.workflowId, parent.runId), await events(stack.client, childId));
      w.slice(0, 3).forEach((x, k) => (modes[cycle]![k] === 'cached' ? cached : afterRestart).push(x));
    }
  });
  return { cached: stats(cached), afterRestart: stats(afterRestart) };
}
