import type { ReplenishmentResult, OutcomeKind } from './types.js';
import { ordered, isRejected, type ReplenishState } from './state.js';
import { billedTokens, usageOfLog } from './usage.js';

function classify(s: ReplenishState): { outcome: OutcomeKind; reason: string } {
  if (s.failure) return { outcome: 'failed', reason: s.failure };
  if (s.closed) {
    const short = ordered(s) - s.received;
    return {
      outcome: 'received',
      reason: short > 0 ? `received ${s.received} of ${ordered(s)}; ${short} not delivered` : `received ${s.received} units`,
    };
  }
  if (isRejected(s) && s.decision?.kind === 'rejected') return { outcome: 'rejected', reason: `rejected by ${s.decision.by}: ${s.decision.reason}` };
  if (s.cancelled) return { outcome: 'cancelled', reason: s.cancelled.by ? `cancelled by ${s.cancelled.by}: ${s.cancelled.reason}` : s.cancelled.reason };
  if (s.order && !s.confirmed && s.replies.length === 0) return { outcome: 'gave_up', reason: 'turns exhausted; the supplier never answered' };
  return { outcome: 'gave_up', reason: s.finished ? 'the agent stopped before the goal was reached' : 'turns exhausted before the goal was reached' };
}

/** How a replenishment ended, in the terms a manager reads. */
export function outcome(s: ReplenishState): ReplenishmentResult {
  const { outcome, reason } = classify(s);
  const lastReceipt = s.receipts.at(-1);
  const tokens = usageOfLog(s.log);
  return {
    sku: s.sku,
    replenishment: s.replenishment,
    poNumber: s.po?.poNumber ?? null,
    outcome,
    reason,
    supplier: s.po?.supplier ?? null,
    unitPrice: s.po?.unitPrice ?? null,
    ...(s.po?.freight ? { freight: s.po.freight } : {}),
    quantityOrdered: ordered(s),
    quantityReceived: s.received,
    orderedAt: s.orderedAt,
    receivedAt: lastReceipt?.receivedAt ?? null,
    turns: s.log.length,
    startedAt: s.log[0]?.at ?? null,
    expectedDelivery: s.expectedDelivery,
    supplierRefused: s.refused,
    ...(s.cancelledOrders?.length ? { cancelledOrders: s.cancelledOrders.map(({ approval: _approval, replies: _read, ...o }) => o) } : {}),
    ...(billedTokens(tokens) > 0 ? { tokens } : {}),
    ...(s.quotes?.length ? { quoted: s.quotes.map((q) => ({ supplier: q.supplier, unitPrice: q.unitPrice, leadTimeDays: q.leadTimeDays })) } : {}),
  };
}
