import { replenishmentIdOfPo } from '../../src/domain/ids.js';
import type { PurchaseRecords } from '../../src/records/store.js';
import type { SandboxStore } from '../../src/sandbox/store.js';

/** What the manager bot decided: the price it approved each PO up to. */
export interface ManagerLog { approvals: number; decided: Map<string, number> }

/**
 * The business rules, checked from outside on what the suppliers hold: every order at a supplier
 * was approved (by the manager, or by an approval rule the record names), at no more than the
 * approved price, one live order per replenishment, and never more goods booked than ordered.
 * Each break is one line saying what was broken.
 */
export async function checkRules(store: SandboxStore, records: PurchaseRecords, manager: ManagerLog, skus: string[]): Promise<string[]> {
  const broken: string[] = [];
  const liveByRun = new Map<string, string[]>();
  for (const sku of skus) {
    for (const order of store.orders({ sku })) {
      const runId = replenishmentIdOfPo(order.poNumber);
      const approvedUpTo = manager.decided.get(order.poNumber);
      const record = await records.get(runId);
      const byRule = record?.approvals.find((a) => a.decision === 'approved' && a.rule !== null);
      if (approvedUpTo === undefined && !byRule) broken.push(`${order.poNumber} was ordered at ${order.supplier} without an approval`);
      if (approvedUpTo !== undefined && order.unitPrice > approvedUpTo + 1e-9) {
        broken.push(`${order.poNumber} was ordered at ${order.unitPrice}, above the ${approvedUpTo} approved`);
      }
      if ((order.receivedQuantity ?? 0) > order.quantity) broken.push(`${order.poNumber}: ${order.receivedQuantity} booked of ${order.quantity} ordered`);
      if (order.status !== 'cancelled') liveByRun.set(runId, [...(liveByRun.get(runId) ?? []), order.poNumber]);
    }
  }
  for (const [runId, pos] of liveByRun) if (pos.length > 1) broken.push(`${runId} has ${pos.length} live orders: ${pos.join(', ')}`);
  return broken;
}
