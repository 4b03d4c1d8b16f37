import { approvedSoFar, type ReplenishState } from '../domain/state.js';
import { planContext, planPurchase } from '../domain/purchase-plan.js';
import { placeOrder, quoteStillValid } from './place-order.js';
import { askManagerAboutPrice } from './ask-manager-about-price.js';
import { askManagerAboutReply } from './ask-manager-about-reply.js';
import { askSupplierToHonourPrice } from './ask-supplier-to-honour-price.js';
import { askSupplierToClarify } from './ask-supplier-to-clarify.js';
import { cancelPurchaseOrder } from './cancel-purchase-order.js';
import { chaseSupplier } from './chase-supplier.js';
import { checkBeforeOrder } from './check-before-order.js';
import { closePurchaseOrder } from './close-purchase-order.js';
import { done } from './done.js';
import { draftPurchaseOrder } from './draft-purchase-order.js';
import { escalateToManager } from './escalate-to-manager.js';
import { findOrder } from './find-order.js';
import { getQuotes } from './get-quotes.js';
import { readSupplierReply } from './read-supplier-reply.js';
import { reorderElsewhere, silentAfterChases, whySupplierDropped } from './reorder-elsewhere.js';
import { requestApproval } from './request-approval.js';
import { waitForApproval } from './wait-for-approval.js';
import { waitForGoods } from './wait-for-goods.js';
import { waitForSupplierReply } from './wait-for-supplier-reply.js';
import { joinSupplierOrder } from './join-supplier-order.js';
import { waitForSupplierOrder } from './wait-for-supplier-order.js';
import { leaveSupplierOrder } from './leave-supplier-order.js';
import type { Tool } from './tool.js';

/**
 * A deterministic decider so the service runs with no model: the choices a careful buyer makes,
 * in order of precedence, among the tools the rules allow.
 */
export interface PolicyChoice { tool: string; input: unknown; reason: string }

export function choosePolicy({ state: s, allowed, now }: { state: ReplenishState; allowed: string[]; now: string }): PolicyChoice {
  const can = (tool: Tool) => allowed.includes(tool.name);
  const pick = (tool: Tool, reason: string, input: unknown = {}): PolicyChoice => ({ tool: tool.name, input, reason });

  if (can(done)) return pick(done, 'the purchase order is settled');
  if (s.orderUnknown) {
    if (can(escalateToManager) && s.lookupsFailed >= 2) return pick(escalateToManager, 'the supplier cannot be reached to say whether it took the order');
    if (can(findOrder)) return pick(findOrder, 'the order was sent but no answer came back: look it up before anything else');
  }
  if (s.stockRecovered && can(cancelPurchaseOrder)) {
    const reason = `stock recovered to ${s.stock.onHand} (safety stock ${s.stock.safetyStock}) while waiting; nothing was ordered`;
    return pick(cancelPurchaseOrder, reason, { reason });
  }
  if (can(readSupplierReply)) return pick(readSupplierReply, 'a supplier message is waiting to be read');
  if (can(askSupplierToClarify)) return pick(askSupplierToClarify, 'the supplier\'s message says nothing the order can act on');
  if (can(askManagerAboutReply)) return pick(askManagerAboutReply, 'the supplier\'s message is still unreadable after asking it to restate');
  // A price raised after the order: the supplier is asked to keep its quote, then the manager decides.
  if (can(askSupplierToHonourPrice)) return pick(askSupplierToHonourPrice, `${s.po?.supplier} asks ${s.repricedTo} after the order was placed at ${s.po?.unitPrice}: ask it to keep the ordered price`);
  if (can(waitForSupplierReply) && s.awaitingHonour) return pick(waitForSupplierReply, 'the supplier was asked to keep the ordered price');
  if (can(escalateToManager) && s.repricedTo !== null) return pick(escalateToManager, 'the manager has not decided on the raised price after every request: a person takes the purchase order over');
  if (can(askManagerAboutPrice)) return pick(askManagerAboutPrice, `${s.po?.supplier} still asks ${s.repricedTo}: the manager decides whether to pay it, buy elsewhere or cancel`);
  if (can(closePurchaseOrder)) return pick(closePurchaseOrder, 'the goods are in');
  // A refusal or silence after the order is not a reason to go without: the next supplier is asked.
  if (can(reorderElsewhere)) return pick(reorderElsewhere, `${whySupplierDropped(s)}: cancel it there and buy from another supplier`);
  if (can(cancelPurchaseOrder) && s.order && (s.refused || s.priceRejected)) {
    const reason = whySupplierDropped(s);
    return pick(cancelPurchaseOrder, reason, { reason });
  }
  if (can(getQuotes)) return pick(getQuotes, 'no valid quotes yet');
  if (can(draftPurchaseOrder)) {
    const { maxUnitPrice, ...open } = planContext(s, now);
    // An expired quote means a new price and a new question; a low ceiling on a valid quote means asking again.
    const expired = s.po !== null && !quoteStillValid(s, now);
    // With no line within a ceiling the manager set, the agent asks again (below) rather than redraft.
    const plan = planPurchase(s.quotes ?? [], { ...open, maxUnitPrice }) ??
      (maxUnitPrice === undefined || expired ? planPurchase(s.quotes ?? [], open) : null);
    if (plan) return pick(draftPurchaseOrder, plan.reason, { quoteId: plan.quote.quoteId });
  }
  // A supplier that gathers: the line joins its desk, which asks approval once for every line.
  if (can(joinSupplierOrder)) return pick(joinSupplierOrder, `${s.po?.supplier} gathers orders: the line joins its next consolidated purchase order`);
  if (can(leaveSupplierOrder)) return pick(leaveSupplierOrder, `${s.supplierOrder?.supplier}'s desk gave no word on the line in time: the run asks it for the line`);
  if (can(waitForSupplierOrder)) return pick(waitForSupplierOrder, `the line waits for ${s.supplierOrder?.supplier}'s consolidated purchase order`);
  if (can(requestApproval)) return pick(requestApproval, 'the price needs the manager\'s approval');
  if (can(waitForApproval)) return pick(waitForApproval, 'approval requested');
  if (can(checkBeforeOrder)) return pick(checkBeforeOrder, 'approved: re-read stock and price before committing money');
  if (can(placeOrder)) return pick(placeOrder, 'approved within the ceiling');
  if (can(chaseSupplier)) return pick(chaseSupplier, 'the supplier is overdue');
  if (can(waitForSupplierReply)) return pick(waitForSupplierReply, 'the order awaits the supplier\'s confirmation');
  if (can(waitForGoods)) return pick(waitForGoods, 'the order is confirmed');
  if (can(cancelPurchaseOrder)) {
    const reason = cancelReason(s);
    return pick(cancelPurchaseOrder, reason, { reason });
  }
  return { tool: allowed[0] ?? done.name, input: {}, reason: 'the only step left' };
}

function cancelReason(s: ReplenishState): string {
  if (s.order) return silentAfterChases(s);
  if (s.decision?.kind === 'approved' && s.po && s.po.unitPrice > s.decision.maxUnitPrice) {
    return `the manager approved up to ${s.decision.maxUnitPrice} but no valid quote is within it (drafted at ${s.po.unitPrice})`;
  }
  if (s.approvalTimeouts > 0 && !s.approvalPending) {
    // Above TWO_APPROVALS_ABOVE a first approval may have come: "no decision" told the manager who gave it otherwise.
    const approvers = approvedSoFar(s);
    if (approvers.length > 0) {
      return `only ${approvers.join(', ')} approved, of the ${s.approvalsNeeded ?? approvers.length + 1} managers who must; no other manager decided after ${s.approvalRequests} requests`;
    }
    return `no decision from the manager after ${s.approvalRequests} requests`;
  }
  if (s.quotes && s.quotes.length === 0) {
    if (s.droppedSuppliers.length) return `no supplier left for ${s.sku}: ${droppedBecause(s)}`;
    return s.expiredOnArrival ? `no valid quote for ${s.sku}: all ${s.expiredOnArrival} quotes had expired when they came` : `no supplier quoted ${s.sku}`;
  }
  return 'no way forward within the rules';
}

/**
 * Why each dropped supplier was dropped: silent after the order, confirmed it and never delivered,
 * raised its price after it, or refused it (at its gateway or by email).
 */
function droppedBecause(s: ReplenishState): string {
  const why = (supplier: string): string => {
    const order = s.cancelledOrders?.findLast((o) => o.supplier === supplier);
    if (order?.why === 'repriced') return `${supplier} raised its price after the order`;
    if (order?.why !== 'silent') return `${supplier} refused the order`;
    // Its own confirmation is among what it wrote about the order: "did not answer" would say otherwise.
    const confirmed = order.replies?.some((r) => r.kind === 'confirmed' || r.kind === 'delayed' || r.kind === 'partial');
    return confirmed ? `${supplier} confirmed the order but its goods did not come` : `${supplier} did not answer`;
  };
  return s.droppedSuppliers.map(why).join(', ');
}

