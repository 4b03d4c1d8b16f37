import { poolAll, round } from './support/measure.js';
import { eventCounts, type Subject } from './subjects.js';
import type { BenchStack } from './support/stack.js';

/**
 * Throughput: `entities` entities each run `each` replenishments back to back, every message sent
 * as soon as the workflow waits for it (a manager bot approving at once, a supplier confirming at
 * once, goods in at once; the sandbox adds no delay).
 */
export interface ThroughputFigures { replenishments: number; seconds: number; perMinute: number; eventsPerReplenishment: number; entityRuns: number; maxEventsPerEntityRun: number }

export async function throughput(stack: BenchStack, subject: Subject, entities: number, each: number): Promise<ThroughputFigures> {
  const ids = Array.from({ length: entities }, (_, i) => i);
  const started = Date.now();
  await poolAll(ids, entities, async (i) => {
    await subject.prepare(i);
    for (let n = 1; n <= each; n++) {
      if (n > 1) await subject.again(i);
      for (let k = 0; k < 3; k++) {
        await subject.waiting(i, k);
        await subject.send(i, k);
      }
      await subject.finished(i, n);
    }
  });
  const seconds = (Date.now() - started) / 1000;
  const counts = await poolAll(ids, 8, (i) => eventCounts(stack, subject, i, each));
  const total = entities * each;
  const events = counts.reduce((n, c) => n + c.entity + c.children, 0);
  return {
    replenishments: total, seconds: round(seconds, 1), perMinute: round((total / seconds) * 60, 1),
    eventsPerReplenishment: round(events / total, 1),
    entityRuns: counts.reduce((n, c) => n + c.runs, 0),
    maxEventsPerEntityRun: Math.max(0, ...counts.flatMap((c) => c.runLengths)),
  };
}
