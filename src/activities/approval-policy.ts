import {
  ROUTINE_ORDER_RULE, routineOrderReason, routineOrderRefusal, type PolicyVerdict,
} from '../domain/approval-policy.js';
import { formatMoney } from '../domain/money.js';
import { repriced } from '../domain/order-costs.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import { raiseKey } from '../records/budget.js';
import { drawOnAgreement } from './agreements.js';
import type { PurchaseRecords } from '../records/store.js';

/**
 * The approval policy as the approval tools consult it. A PO drafted from a blanket agreement draws
 * on it first (src/activities/agreements.ts); one the agreement does not approve goes on to the
 * routine-order rule, whose refusal adds to the agreement's. The routine rule reserves the PO's
 * total from the month's budget, once per PO number however often the activity is retried. The last price paid comes from the purchasing
 * record (the last order goods came for), or else from the agent's memory of a supplier that delivered. For a price the supplier raised after the order,
 * the new terms are what is judged; when a rule approved the order as placed, only the difference
 * is reserved, under a key of its own, since the order's total is already reserved.
 */
export const consultApprovalPolicy = (records: PurchaseRecords, clock: () => Date = () => new Date()) => {
  const routine = routineOrder(records, clock);
  return async (s: ReplenishState, rules: Rules): Promise<PolicyVerdict | null> => {
    const po = s.po;
    // An agreement covers the order as drafted; a price raised after the order is judged as any other.
    const { agreementId } = po ?? {};
    if (!po || agreementId === undefined || s.order !== null) return routine(s, rules);
    const agreement = await drawOnAgreement(records.agreements, { ...po, agreementId }, clock().toISOString(), currencyOf(rules));
    if (agreement.approved) return agreement;
    const verdict = await routine(s, rules);
    return verdict?.approved ? verdict : { approved: false, why: [agreement.why, ...(verdict ? [verdict.why] : [])].join('; ') };
  };
};

/**
 * The routine-order rule: the PO's total and price are checked first, and only a PO that passes
 * reserves its total from the month's budget.
 */
const routineOrder = (records: PurchaseRecords, clock: () => Date) =>
  async (s: ReplenishState, rules: Rules): Promise<PolicyVerdict | null> => {
    const policy = rules.approvalPolicy;
    const po = s.po;
    if (!policy || !po) return null;
    const raised = s.order !== null && s.repricedTo !== null ? s.repricedTo : null;
    const terms = raised === null ? po : repriced(po, raised);
    const currency = currencyOf(rules);
    // A price paid is one goods came for: the agent's memory keeps the price of orders cancelled at a
    // silent or refusing supplier too, and such a supplier was never bought from. The record knows
    // which order goods came for; the memory counts only where that supplier delivered before.
    const known = s.suppliers?.[po.supplier];
    const lastPrice = await records.lastPricePaid(po.sku, po.supplier) ?? (known && known.received > 0 ? known.lastPrice : null);
    const refusal = routineOrderRefusal(policy, terms, lastPrice, currency);
    if (refusal) return { approved: false, why: refusal };
    const onTop = raised !== null && s.decision?.kind === 'approved' && s.decision.rule !== undefined;
    const at = clock().toISOString();
    const budget = await records.budget.reserve({
      poNumber: onTop ? raiseKey(po.poNumber, raised) : po.poNumber, sku: po.sku, month: at.slice(0, 7),
      amount: onTop ? Math.max(0, terms.total - po.total) : terms.total, limit: policy.budgetPerMonth, at,
    });
    if (!budget.reserved) {
      return { approved: false, why: `the ${budget.month} budget for approvals by rule has ${formatMoney(budget.left, currency)} left, less than the total ${formatMoney(terms.total, currency)}` };
    }
    return { approved: true, rule: ROUTINE_ORDER_RULE, reason: routineOrderReason(policy, terms, lastPrice!, budget.month, budget.left, currency) };
  };
