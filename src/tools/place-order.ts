import { unitPriceAt } from '../domain/purchase-plan.js';
import type { OrderAck } from '../domain/types.js';
import { isApproved, isSettled, type ReplenishState } from '../domain/state.js';
import { isQuoteValid } from '../domain/quotes.js';
import { callTool, noInput } from './tool.js';

/**
 * The quote behind the PO must still stand (a price agreed weeks ago is not a price today) and still
 * give the PO's price for its quantity: a re-quote may keep a quote's id and change its price, and
 * the PO must not go out at a price nobody offers.
 */
export function quoteStillValid(s: ReplenishState, now: string): boolean {
  const po = s.po;
  const quote = s.quotes?.find((q) => q.quoteId === po?.quoteId);
  return po !== null && quote !== undefined && isQuoteValid(quote, now) && Math.abs(unitPriceAt(quote, po.quantity) - po.unitPrice) < 0.005;
}

export const placeOrder = callTool({
  name: 'place_order',
  description: 'Send the approved purchase order to the supplier. Allowed only when the drafted price is within the approved price.',
  input: noInput,
  allowed: (s, _rules, now) =>
    !isSettled(s) && s.po !== null && !s.order && isApproved(s) && quoteStillValid(s, now) && !s.stockRecovered &&
    s.checkedBeforeOrderAt !== null && s.decision !== null && s.checkedBeforeOrderAt >= s.decision.at,
  // The PO number is the idempotency key, so a retry after a lost response cannot order twice.
  key: (s) => s.po!.poNumber,
  execute: (_input, s, ctx): Promise<OrderAck> => ctx.world.placeOrder(s.po!, ctx.idempotencyKey),
  apply: (s, _input, ack, now) => ({ ...s, order: ack, orderedAt: now, expectedDelivery: ack.expectedDelivery, orderUnknown: false }),
  // The supplier turned the order down: its quotes are dropped, and the agent re-quotes the others
  // (a new supplier means a new draft and a new question for the manager).
  applyRefused: (s) => {
    const supplier = s.po!.supplier;
    return {
      ...s, droppedSuppliers: [...s.droppedSuppliers, supplier], quotes: null, decision: null, approvalPending: false,
      approvalRequests: 0, approvalTimeouts: 0,
    };
  },
  // The supplier may have taken the order and lost the answer: never record "failed" and walk away.
  applyUnanswered: (s) => ({ ...s, orderUnknown: true }),
  describe: (s) => `place_order ${s.po?.poNumber} to ${s.po?.supplier}, ${s.po?.quantity} units at ${s.po?.unitPrice.toFixed(2)}`,
});
