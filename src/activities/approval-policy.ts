import {
  ROUTINE_ORDER_RULE, routineOrderReason, routineOrderRefusal, type PolicyVerdict,
} from '../domain/approval-policy.js';
import { formatMoney } from '../domain/money.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import type { PurchaseRecords } from '../records/store.js';

/**
 * The approval policy as the request_approval tool consults it: the PO's total and price are
 * checked first, and only a PO that passes reserves its total from the month's budget, once per
 * PO number however often the activity is retried. The last price paid comes from the agent's
 * memory of the supplier, or else from the purchasing record.
 */
export const consultApprovalPolicy = (records: PurchaseRecords, clock: () => Date = () => new Date()) =>
  async (s: ReplenishState, rules: Rules): Promise<PolicyVerdict | null> => {
    const policy = rules.approvalPolicy;
    const po = s.po;
    if (!policy || !po) return null;
    const currency = currencyOf(rules);
    const lastPrice = s.suppliers?.[po.supplier]?.lastPrice ?? await records.lastPricePaid(po.sku, po.supplier);
    const refusal = routineOrderRefusal(policy, po, lastPrice, currency);
    if (refusal) return { approved: false, why: refusal };
    const at = clock().toISOString();
    const budget = await records.budget.reserve({
      poNumber: po.poNumber, sku: po.sku, month: at.slice(0, 7), amount: po.total, limit: policy.budgetPerMonth, at,
    });
    if (!budget.reserved) {
      return { approved: false, why: `the ${budget.month} budget for approvals by rule has ${formatMoney(budget.left, currency)} left, less than the total ${formatMoney(po.total, currency)}` };
    }
    return { approved: true, rule: ROUTINE_ORDER_RULE, reason: routineOrderReason(policy, po, lastPrice!, budget.month, budget.left, currency) };
  };
