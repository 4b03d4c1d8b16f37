import { Agents } from '../src/api/agents.js';
import { agentId, replenishmentId } from '../src/domain/ids.js';
import { Rules } from '../src/domain/rules.js';
import { agentStatusQuery } from '../src/workflows/messages.js';
import { round, until } from './support/measure.js';
import type { BenchStack } from './support/stack.js';

/**
 * History and memory over a long life: one SKU runs `n` replenishments with a decider that gives
 * up at once (as test/scenarios/history.test.ts does) and days of 50 ms, on a worker of its own.
 */
export async function historyAndMemory(stack: BenchStack, n: number) {
  const queue = `${stack.taskQueue}-quick`;
  const worker = await stack.startWorker('agent', { DECIDER: 'quick-cancel' }, queue);
  const sku = `LIFE-${Date.now()}`;
  stack.addSku(sku, 'acme-industrial', { onHand: 5, safetyStock: 20, targetLevel: 100 });
  const agents = new Agents(stack.client, queue, Rules.parse({ dayMs: 50 }));
  await agents.start(sku);
  const started = Date.now();
  const status = await until(() => stack.client.workflow.getHandle(agentId(sku)).query(agentStatusQuery), (s) => s.replenishments >= n, 20 * 60_000, `${n} replenishments`, 500);
  await agents.signal(sku, 'pause');
  const seconds = (Date.now() - started) / 1000;
  const runs: number[] = [];
  for await (const wf of stack.client.workflow.list({ query: `WorkflowId = '${agentId(sku)}'` })) {
    runs.push((await stack.client.workflow.getHandle(wf.workflowId, wf.runId).describe()).historyLength);
  }
  let replenishmentEvents = 0;
  for (let k = 1; k <= Math.min(n, 20); k++) replenishmentEvents += (await stack.client.workflow.getHandle(replenishmentId(sku, k)).describe()).historyLength;
  await worker.stop();
  return {
    replenishments: status.replenishments,
    seconds: round(seconds, 1),
    memoryBytes: JSON.stringify(status.memory).length,
    entityRuns: runs.length,
    meanEventsPerEntityRun: round(runs.reduce((a, b) => a + b, 0) / runs.length, 1),
    maxEventsPerEntityRun: Math.max(...runs),
    eventsPerQuickReplenishment: round(replenishmentEvents / Math.min(n, 20), 1),
  };
}
