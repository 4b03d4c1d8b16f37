import {
  ROUTINE_ORDER_RULE, routineOrderReason, routineOrderRefusal, type PolicyVerdict,
} from '../domain/approval-policy.js';
import { formatMoney } from '../domain/money.js';
import { lineTotal } from '../domain/quantity.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import { raiseKey } from '../records/budget.js';
import type { PurchaseRecords } from '../records/store.js';

/**
 * The approval policy as the approval tools consult it: the PO's total and price are checked
 * first, and only a PO that passes reserves its total from the month's budget, once per PO number
 * however often the activity is retried. The last price paid comes from the agent's memory of the
 * supplier, or else from the purchasing record. For a price the supplier raised after the order,
 * the new terms are what is judged; when a rule approved the order as placed, only the difference
 * is reserved, under a key of its own, since the order's total is already reserved.
 */
export const consultApprovalPolicy = (records: PurchaseRecords, clock: () => Date = () => new Date()) =>
  async (s: ReplenishState, rules: Rules): Promise<PolicyVerdict | null> => {
    const policy = rules.approvalPolicy;
    const po = s.po;
    if (!policy || !po) return null;
    const raised = s.order !== null && s.repricedTo !== null ? s.repricedTo : null;
    const terms = raised === null ? po : { ...po, unitPrice: raised, total: lineTotal(po.quantity, raised) };
    const currency = currencyOf(rules);
    const lastPrice = s.suppliers?.[po.supplier]?.lastPrice ?? await records.lastPricePaid(po.sku, po.supplier);
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
