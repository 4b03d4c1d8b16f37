import type { Choice, DecideRequest, Decider } from '../contract.js';
import { planContext, planPurchase } from '../../domain/purchase-plan.js';
import { quoteStillValid } from '../../tools/place-order.js';

/**
 * A deterministic decider so the service runs with no model: the choices a careful buyer makes,
 * in order of precedence, among the tools the rules allow.
 */
export function choosePolicy({ state: s, allowed, now }: DecideRequest): Choice {
  const can = (name: string) => allowed.includes(name);
  const pick = (tool: string, reason: string, input: unknown = {}): Choice => ({ tool, input, reason });

  if (can('done')) return pick('done', 'the purchase order is settled');
  if (s.orderUnknown) {
    if (can('escalate_to_manager') && s.lookupsFailed >= 2) return pick('escalate_to_manager', 'the supplier cannot be reached to say whether it took the order');
    if (can('find_order')) return pick('find_order', 'the order was sent but no answer came back: look it up before anything else');
  }
  if (s.stockRecovered && can('cancel_purchase_order')) {
    const reason = `stock recovered to ${s.stock.onHand} (safety stock ${s.stock.safetyStock}) while waiting; nothing was ordered`;
    return pick('cancel_purchase_order', reason, { reason });
  }
  if (can('read_supplier_reply')) return pick('read_supplier_reply', 'a supplier message is waiting to be read');
  if (can('ask_supplier_to_clarify')) return pick('ask_supplier_to_clarify', 'the supplier\'s message says nothing the order can act on');
  if (can('ask_manager_about_reply')) return pick('ask_manager_about_reply', 'the supplier\'s message is still unreadable after asking it to restate');
  if (can('close_purchase_order')) return pick('close_purchase_order', 'the goods are in');
  if (can('cancel_purchase_order') && s.order && (s.refused || s.repricedTo !== null)) {
    const reason = s.refused ? `${s.po?.supplier} refused the order` : `${s.po?.supplier} raised the price to ${s.repricedTo} after the order, above the approval`;
    return pick('cancel_purchase_order', reason, { reason });
  }
  if (can('get_quotes')) return pick('get_quotes', 'no valid quotes yet');
  if (can('draft_purchase_order')) {
    const { maxUnitPrice, ...open } = planContext(s, now);
    // An expired quote means a new price and a new question; a low ceiling on a valid quote means asking again.
    const expired = s.po !== null && !quoteStillValid(s, now);
    // With no line within a ceiling the manager set, the agent asks again (below) rather than redraft.
    const plan = planPurchase(s.quotes ?? [], { ...open, maxUnitPrice }) ??
      (maxUnitPrice === undefined || expired ? planPurchase(s.quotes ?? [], open) : null);
    if (plan) return pick('draft_purchase_order', plan.reason, { quoteId: plan.quote.quoteId });
  }
  if (can('request_approval')) return pick('request_approval', 'the price needs the manager\'s approval');
  if (can('wait_for_approval')) return pick('wait_for_approval', 'approval requested');
  if (can('check_before_order')) return pick('check_before_order', 'approved: re-read stock and price before committing money');
  if (can('place_order')) return pick('place_order', 'approved within the ceiling');
  if (can('chase_supplier')) return pick('chase_supplier', 'the supplier is overdue');
  if (can('wait_for_supplier_reply')) return pick('wait_for_supplier_reply', 'the order awaits the supplier\'s confirmation');
  if (can('wait_for_goods')) return pick('wait_for_goods', 'the order is confirmed');
  if (can('cancel_purchase_order')) {
    const reason = cancelReason(s);
    return pick('cancel_purchase_order', reason, { reason });
  }
  const first = allowed[0] ?? 'done';
  return pick(first, 'the only step left');
}

function cancelReason(s: DecideRequest['state']): string {
  if (s.order) return `${s.po?.supplier} did not answer after ${s.chases} chases`;
  if (s.decision?.kind === 'approved' && s.po && s.po.unitPrice > s.decision.maxUnitPrice) {
    return `the manager approved up to ${s.decision.maxUnitPrice} but no valid quote is within it (drafted at ${s.po.unitPrice})`;
  }
  if (s.approvalTimeouts > 0 && !s.approvalPending) return `no decision from the manager after ${s.approvalRequests} requests`;
  if (s.quotes && s.quotes.length === 0) {
    return s.droppedSuppliers.length ? `no supplier left for ${s.sku}: ${s.droppedSuppliers.join(', ')} refused the order` : `no supplier quoted ${s.sku}`;
  }
  return 'no way forward within the rules';
}

export const policyDecider: Decider = {
  name: 'policy',
  decide: async (req) => choosePolicy(req),
};
