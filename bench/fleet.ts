import { WorkflowIdConflictPolicy } from '@temporalio/client';
import { agentId, replenishmentId } from '../src/domain/ids.js';
import { SkuAgent } from '../src/workflows/sku-agent.js';
import { SKU } from '../src/workflows/search-attributes.js';
import { events, ms, poolAll, round, sampleProcess } from './support/measure.js';
import { percentile, type BenchStack, type WorkerHandle } from './support/stack.js';

/**
 * A fleet: `size` agents watching stock that is fine, then `burst` of them below safety stock at
 * once. Agents are started the way the API starts them (same input and options), many at a time.
 */
export async function fleet(stack: BenchStack, worker: WorkerHandle, size: number, burst: number, idleWindowMs: number) {
  const skus = Array.from({ length: size }, (_, i) => `F-${i}`);
  for (const sku of skus) stack.addSku(sku, 'acme-industrial', { onHand: 500, safetyStock: 20, targetLevel: 100 });
  const t0 = Date.now();
  let started = 0;
  let stoppedBy: string | null = null;
  await poolAll(skus, 32, async (sku) => {
    if (stoppedBy) return;
    try {
      await stack.client.workflow.start(SkuAgent, {
        workflowId: agentId(sku), taskQueue: stack.taskQueue, args: [{ sku, rules: stack.rules, replenishments: 0 }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING, typedSearchAttributes: [{ key: SKU, value: sku }],
      });
      started += 1;
    } catch (err) {
      stoppedBy = err instanceof Error ? err.message : String(err);
    }
  });
  const startSeconds = (Date.now() - t0) / 1000;
  // At rest: every agent has read its stock once and waits on its timer (checked on every 20th agent).
  const sample = skus.slice(0, started).filter((_, i) => i % 20 === 0 || i === started - 1);
  let settled = 0;
  const settleBy = Date.now() + 15 * 60_000;
  while (Date.now() < settleBy) {
    const lengths = await poolAll(sample, 16, async (sku) => (await stack.client.workflow.getHandle(agentId(sku)).describe()).historyLength);
    settled = lengths.filter((n) => n >= 8).length;
    if (settled === sample.length) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const settledSeconds = (Date.now() - t0) / 1000;
  const [workerIdle, serverIdle] = await Promise.all([
    sampleProcess(worker.pid, idleWindowMs),
    stack.serverPid ? sampleProcess(stack.serverPid, idleWindowMs) : Promise.resolve(null),
  ]);
  const dbMB = stack.databaseMB();
  // What a manager's screens cost at this size: the inbox searches, the SKU table asks a page of agents.
  const reads = { approvalsMs: await timed(() => stack.api('GET', '/approvals')), skusMs: await timed(() => stack.api('GET', '/skus')) };

  // The burst: stock drops below safety for `burst` SKUs and the warehouse says so, all at once.
  const hit = skus.slice(0, Math.min(burst, started));
  const sentAt = Date.now();
  for (const sku of hit) stack.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
  await poolAll(hit, 50, (sku) => stack.authed(`/skus/${sku}/stock-changed`));
  const reached: number[] = [];
  const deadline = Date.now() + 15 * 60_000;
  const pending = new Set(hit);
  while (pending.size && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2000));
    await poolAll([...pending], 16, async (sku) => {
      const history = await events(stack.client, replenishmentId(sku, 1)).catch(() => []);
      const scheduled = history.find((e) => e.activityTaskScheduledEventAttributes?.activityId?.startsWith('request_approval'));
      const done = scheduled && history.find((e) => e.activityTaskCompletedEventAttributes?.scheduledEventId?.toString() === scheduled.eventId?.toString());
      if (done) { reached.push(ms(done) - sentAt); pending.delete(sku); }
    });
  }
  const burstWorker = await sampleProcess(worker.pid, 1000);
  const inbox = await stack.api('GET', '/approvals').catch(() => null);
  const approvalsAfterBurstMs = await timed(() => stack.api('GET', '/approvals'));
  return {
    requested: size, started, stoppedBy, startSeconds: round(startSeconds, 1), startsPerSecond: round(started / startSeconds, 0),
    settledSeconds: round(settledSeconds, 1), settledOfSample: `${settled}/${sample.length}`,
    idle: { workerCpuPercent: workerIdle.cpuPercent, workerRssMB: workerIdle.rssMB, serverCpuPercent: serverIdle?.cpuPercent ?? null, serverRssMB: serverIdle?.rssMB ?? null, windowSeconds: idleWindowMs / 1000 },
    temporalDbMB: dbMB,
    reads,
    burst: {
      size: hit.length, reachedApproval: reached.length,
      p50Seconds: round(percentile(reached, 50) / 1000, 1), p99Seconds: round(percentile(reached, 99) / 1000, 1), lastSeconds: round(Math.max(...reached) / 1000, 1),
      workerRssMBAfter: burstWorker.rssMB,
      inboxItems: inbox?.status === 200 ? inbox.body.items.length : null, approvalsMs: approvalsAfterBurstMs,
    },
  };
}

/** Wall time of one API read, or null when it did not answer 200 (it is reported, not fatal). */
async function timed(read: () => Promise<{ status: number }>): Promise<number | null> {
  const t = Date.now();
  const res = await read().catch(() => ({ status: 0 }));
  return res.status === 200 ? Date.now() - t : null;
}
