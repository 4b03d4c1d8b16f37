import { agentId, replenishmentId } from '../src/domain/ids.js';
import { replenishStateQuery } from '../src/workflows/messages.js';
import type { BenchStack } from './support/stack.js';

/**
 * What a refused message writes into history: a second decision for a PO already approved, sent
 * while its replenishment waits for the supplier. Counts the events it adds to the agent's run and
 * to the replenishment once both histories stop growing.
 */
export async function refusedMessageEvents(stack: BenchStack, sku: string, n: number) {
  const agent = stack.client.workflow.getHandle(agentId(sku));
  const run = stack.client.workflow.getHandle(replenishmentId(sku, n));
  const lengths = async () => [(await agent.describe()).historyLength, (await run.describe()).historyLength] as const;
  const settled = async () => {
    let last = await lengths();
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const now = await lengths();
      if (now[0] === last[0] && now[1] === last[1]) return now;
      last = now;
    }
  };
  const po = (await run.query(replenishStateQuery)).state.po!;
  const [agentBefore, runBefore] = await settled();
  const res = await stack.authed(`/purchase-orders/${po.poNumber}/decision`, { decision: 'approve', maxUnitPrice: po.unitPrice });
  if (res.status !== 409) throw new Error(`a second decision answered ${res.status}, not 409`);
  const [agentAfter, runAfter] = await settled();
  return { status: res.status, agentEvents: agentAfter - agentBefore, replenishmentEvents: runAfter - runBefore };
}
