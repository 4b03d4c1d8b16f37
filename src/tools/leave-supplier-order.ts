import type { OrderAck } from '../domain/types.js';
import { isSettled, type ReplenishState } from '../domain/state.js';
import { withdrawFromDesk } from './cancel-purchase-order.js';
import { callTool, noInput } from './tool.js';
import { placedByDesk } from './wait-for-supplier-order.js';

/** The desk had placed the line before it was asked: the run follows that order as if it had been told. */
function followOrdered(s: ReplenishState, ack: OrderAck, now: string): ReplenishState {
  const supplier = s.po!.supplier;
  const { supplierOrder: _left, ...placed } = placedByDesk(s, ack, {
    by: `${supplier}'s desk`, at: now,
    note: `ordered by ${supplier}'s desk on a consolidated PO, which gave no word in time; the run found it so when it asked for its line`,
  }, now);
  return placed;
}

export const leaveSupplierOrder = callTool({
  name: 'leave_supplier_order',
  description: "Ask the supplier's desk, which gave no word on the line in time, for the line back: if the desk had ordered it, the run follows that order; if not, the line leaves the desk and a person takes it over.",
  input: noInput,
  allowed: (s) => !isSettled(s) && s.po !== null && !s.order && s.supplierOrder?.silentSince !== undefined,
  // The line PO number: the desk's withdraw is idempotent on it, so a retry asks the same question.
  key: (s) => `${s.po!.poNumber}/leave`,
  execute: async (_input, s, ctx): Promise<{ placed: OrderAck | null }> => {
    const { supplier, joinedAt, silentSince } = s.supplierOrder!;
    const reason = `${supplier}'s desk gave no word on ${s.po!.poNumber} (joined at ${joinedAt}) by ${silentSince}`;
    return { placed: await withdrawFromDesk(ctx, s.po!.supplier, s.po!.poNumber, reason) };
  },
  apply: (s, _input, { placed }, now) => {
    if (placed) return followOrdered(s, placed, now);
    const { supplier, joinedAt } = s.supplierOrder!;
    return { ...s, failure: `no word from ${supplier}'s desk on ${s.po!.poNumber}, which joined it at ${joinedAt}; the line was taken out of the desk, nothing was ordered; a person takes it over` };
  },
  describe: (s) => `leave_supplier_order ${s.po?.poNumber}: ${s.supplierOrder?.supplier}'s desk gave no word in time`,
});
