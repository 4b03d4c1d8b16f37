import { formatMoney } from '../domain/money.js';
import type { CancelledOrder } from '../domain/types.js';
import { currencyOf } from '../domain/rules.js';
import { isSettled, withoutFirstApprovals, type ReplenishState } from '../domain/state.js';
import { chasingExhausted } from './cancel-purchase-order.js';
import { callTool, noInput } from './tool.js';

/** What the supplier of the placed order did that makes the agent buy elsewhere, in the manager's words. */
export function whySupplierDropped(s: ReplenishState): string {
  if (s.refused) return `${s.po?.supplier} refused the order`;
  if (s.priceRejected) return `${s.po?.supplier} raised the price to ${s.repricedTo} after the order and ${s.priceRejected.by} would not pay it (${s.priceRejected.reason})`;
  return silentAfterChases(s);
}

/** A supplier chased to the limit: silent about the order, or it confirmed and the goods never came. */
export const silentAfterChases = (s: ReplenishState): string => (s.confirmed
  ? `${s.po?.supplier} confirmed the order but its goods did not come after ${chases(s.chases)}`
  : `${s.po?.supplier} did not answer after ${chases(s.chases)}`);

const chases = (n: number): string => `${n} ${n === 1 ? 'chase' : 'chases'}`;

const whyDropped = (s: ReplenishState): CancelledOrder['why'] => (s.refused ? 'refused' : s.priceRejected ? 'repriced' : 'silent');

/**
 * A supplier that refused an order after taking it, or went silent through every chase, is not
 * given up on by giving up the SKU: the order is cancelled there and bought elsewhere within the
 * same replenishment, as when a gateway refuses the order at `place_order`; so is an order whose
 * supplier raised its price after it, once the manager rejects the new price. A separate tool rather
 * than a mode of `cancel_purchase_order`, so that the rules, the log and the decider see two
 * different acts: one ends the replenishment, this one goes on with another supplier.
 *
 * Bounded: each use drops one supplier for the rest of the run (`get_quotes` leaves its quotes
 * out), so a run re-sources at most once per supplier, and with none left it ends cancelled. Not
 * once goods have come: those are booked and the order closed short instead.
 */
export const reorderElsewhere = callTool({
  name: 'reorder_elsewhere',
  description: 'Cancel the placed order at a supplier that refused it, stayed silent through every chase, or raised its price after the order when the manager rejected the new price; tell the manager, and buy from the other suppliers instead: that supplier is dropped, the agent gets new quotes, drafts a new revision of the purchase order and asks the manager to approve it before ordering. Prefer it to cancel_purchase_order while the stock is still needed.',
  input: noInput,
  allowed: (s, rules) =>
    !isSettled(s) && s.order !== null && !s.orderUnknown && s.received === 0 && s.unreadReply === null &&
    (s.refused || s.priceRejected !== undefined || chasingExhausted(s, rules)),
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const why = whySupplierDropped(s);
    // Cancelling twice is harmless at the supplier, so a retried turn is safe.
    await ctx.world.cancelOrder(po.supplier, po.poNumber, why);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Cancelled ${po.poNumber} at ${po.supplier}; buying ${s.sku} elsewhere`,
      body: `${why}. The order for ${po.quantity} × ${po.sku} at ${formatMoney(po.unitPrice, currencyOf(ctx.rules))} is cancelled there, and ${po.supplier} is dropped for this replenishment. `
        + 'The agent asks the other suppliers for quotes and will ask you to approve a new purchase order.',
      sku: s.sku,
      poNumber: po.poNumber,
    });
    return { cancelledAtSupplier: true };
  },
  // Everything about the old order goes; the PO stays until the new draft replaces it (its revision
  // number moves on), and the new supplier's price is a new question for the manager: the approval
  // of the old one is never reused. So does the line the old supplier's desk ordered: the new draft
  // is bought as any other, through its own supplier's desk if that one gathers.
  apply: (s, _input, _result, now) => {
    const po = s.po!;
    const { approvalsNeeded: _asked, supplierOrder: _ordered, ...rest } = withoutFirstApprovals(s);
    return {
      ...rest,
      cancelledOrders: [...(s.cancelledOrders ?? []), {
        poNumber: po.poNumber, supplier: po.supplier, quantity: po.quantity, unitPrice: po.unitPrice,
        orderedAt: s.orderedAt, cancelledAt: now, why: whyDropped(s),
        ...(s.decision ? { approval: s.decision } : {}), ...(s.replies.length ? { replies: s.replies } : {}),
      }],
      droppedSuppliers: [...s.droppedSuppliers, po.supplier],
      quotes: null, decision: null, approvalPending: false, approvalRequests: 0, approvalTimeouts: 0,
      order: null, orderedAt: null, expectedDelivery: null, checkedBeforeOrderAt: null, lookupsFailed: 0, escalated: false,
      replies: [], receipts: [], confirmed: false, refused: false, repricedTo: null, supplierOverdue: false, goodsOverdue: false,
      honourAsked: false, awaitingHonour: false, priceQuestions: 0, priceRejected: undefined,
      chases: 0, unclearReply: false, clarificationsAsked: 0,
    };
  },
  describe: (s) => `reorder_elsewhere: cancel ${s.po?.poNumber} at ${s.po?.supplier} (${whySupplierDropped(s)}) and buy from the other suppliers`,
});
