import { events, parentRun, poolAll, round, wakes } from './support/measure.js';
import { percentile, type BenchStack, type WorkerHandle } from './support/stack.js';
import type { Subject } from './subjects.js';

/**
 * Wake latency: from the moment a message is sent (to the REST API for the agent, to the entity's
 * Update for the baseline) to the start of the activity it unblocks in the replenishment, read from
 * the child's history (same machine, same clock). Three replenishments per entity, three messages
 * each; a message reaches a worker that has the workflow cached, one restarted gracefully (cache
 * empty: replayed first), or one started after the last was SIGKILLed (its sticky queue is dead
 * and the server does not know yet). A Latin square gives every mode every kind of message.
 *
 * Wakes are measured one at a time: the next message goes out only when the last one's work has
 * reached its next wait, so the figure is a wake's latency, not the queue behind other wakes.
 */
export type WakeMode = 'cached' | 'restart' | 'killed';
export type WakeFigures = Record<WakeMode, Stats> & { sinceAccepted: Record<WakeMode, Stats> };
export interface Stats { n: number; p50: number; p99: number; max: number }
export interface WorkerControl { restart(): Promise<WorkerHandle>; crash(): Promise<WorkerHandle> }

const SQUARE: WakeMode[][] = [['cached', 'restart', 'killed'], ['restart', 'killed', 'cached'], ['killed', 'cached', 'restart']];
const stats = (xs: number[]): Stats => ({ n: xs.length, p50: round(percentile(xs, 50)), p99: round(percentile(xs, 99)), max: round(Math.max(...xs)) });

export async function wakeLatency(stack: BenchStack, subject: Subject, entities: number, workers: WorkerControl): Promise<WakeFigures> {
  const ids = Array.from({ length: entities }, (_, i) => i);
  const sentAt = new Map<string, number>();
  const key = (i: number, cycle: number, k: number) => `${i}/${cycle}/${k}`;
  await poolAll(ids, 16, (i) => subject.prepare(i));
  for (let cycle = 0; cycle < SQUARE.length; cycle++) {
    if (cycle > 0) await poolAll(ids, 16, (i) => subject.again(i));
    for (let k = 0; k < 3; k++) {
      await poolAll(ids, 16, (i) => subject.waiting(i, k));
      const mode = SQUARE[cycle]![k]!;
      if (mode === 'restart') await workers.restart();
      if (mode === 'killed') await workers.crash();
      for (const i of ids) {
        sentAt.set(key(i, cycle, k), await subject.send(i, k));
        await (k < 2 ? subject.waiting(i, k + 1) : subject.finished(i, cycle + 1));
      }
    }
  }
  const fromSend: Record<WakeMode, number[]> = { cached: [], restart: [], killed: [] };
  const fromAccepted: Record<WakeMode, number[]> = { cached: [], restart: [], killed: [] };
  await poolAll(ids, 8, async (i) => {
    for (let cycle = 0; cycle < SQUARE.length; cycle++) {
      const childId = subject.childId(i, cycle + 1);
      const parent = await parentRun(stack.client, childId);
      const sent = [0, 1, 2].map((k) => sentAt.get(key(i, cycle, k))!);
      const w = wakes(await events(stack.client, parent.workflowId, parent.runId), await events(stack.client, childId), sent);
      w.slice(0, 3).forEach((x, k) => {
        const mode = SQUARE[cycle]![k]!;
        fromSend[mode].push(x.fromSend);
        fromAccepted[mode].push(x.fromAccepted);
      });
    }
  });
  return {
    cached: stats(fromSend.cached), restart: stats(fromSend.restart), killed: stats(fromSend.killed),
    sinceAccepted: { cached: stats(fromAccepted.cached), restart: stats(fromAccepted.restart), killed: stats(fromAccepted.killed) },
  };
}
