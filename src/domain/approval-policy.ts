import { z } from 'zod';
import { formatMoney } from './money.js';
import type { PurchaseOrder } from './types.js';

/**
 * The deployment's rule for approving routine POs without a person. All three conditions must
 * hold; the budget is checked last, by the one place that can reserve it without a race (the
 * purchasing record's database, src/records/budget.ts).
 */
export const ApprovalPolicy = z.object({
  /** A PO whose total is below this may be approved by rule. */
  autoApproveBelow: z.number().positive(),
  /** How far (percent) the unit price may be above the last price paid to the supplier for this SKU. */
  priceTolerancePct: z.number().nonnegative(),
  /** What rule approvals may commit per calendar month (UTC), across every agent. */
  budgetPerMonth: z.number().positive(),
  /** A consolidated PO whose lines are each routine may be approved by rule when its total is below this; unset: `consolidatedLimitOf`'s default. */
  consolidatedBelow: z.number().positive().optional(),
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

/** The name auto-approvals carry as their rule; the approver is `policy:<rule>`. */
export const ROUTINE_ORDER_RULE = 'routine-order';
/** No person's name holds a colon (src/api/security.ts), so an approver with this prefix is always a rule. */
export const POLICY_APPROVER_PREFIX = 'policy:';
export const policyApprover = (rule: string): string => `${POLICY_APPROVER_PREFIX}${rule}`;

export type PolicyVerdict = { approved: true; rule: string; reason: string } | { approved: false; why: string };

/**
 * Conditions (a) and (b): the PO is small and priced as before. Returns why not, or null when the
 * PO may go on to the budget. `lastPrice` is the last unit price paid to the PO's supplier for its SKU.
 */
export function routineOrderRefusal(policy: ApprovalPolicy, po: Pick<PurchaseOrder, 'total' | 'unitPrice' | 'supplier'>, lastPrice: number | null, currency: string): string | null {
  const money = (n: number) => formatMoney(n, currency);
  if (po.total >= policy.autoApproveBelow) return `total ${money(po.total)} is not below the auto-approval threshold ${money(policy.autoApproveBelow)}`;
  if (lastPrice === null) return `nothing was bought from ${po.supplier} before, so there is no price to compare ${money(po.unitPrice)} with`;
  const ceiling = lastPrice * (1 + policy.priceTolerancePct / 100);
  // Cents compared as cents: 5.25 is within 5 % of 5.00 though 5.00 × 1.05 is 5.2500000000000001 in floating point.
  if (Math.round(po.unitPrice * 100) > Math.round(ceiling * 100)) {
    return `unit price ${money(po.unitPrice)} is more than ${policy.priceTolerancePct}% above the last price paid to ${po.supplier}, ${money(lastPrice)}`;
  }
  return null;
}

/** Why a rule approved: what the manager reads in the decision log and the record. */
export const routineOrderReason = (policy: ApprovalPolicy, po: Pick<PurchaseOrder, 'total' | 'unitPrice'>, lastPrice: number, month: string, left: number, currency: string): string => {
  const money = (n: number) => formatMoney(n, currency);
  return `total ${money(po.total)} below ${money(policy.autoApproveBelow)}; unit price ${money(po.unitPrice)} within ${policy.priceTolerancePct}% of the last price paid, ${money(lastPrice)}; `
    + `${money(left)} of the ${month} budget of ${money(policy.budgetPerMonth)} left after it`;
};

/** Unless configured, a consolidated PO of routine lines may total this many routine orders' worth and still be approved by rule. */
export const CONSOLIDATED_ROUTINE_ORDERS = 10;

/**
 * The most a consolidated PO of routine lines may total to be approved by rule: as configured, else
 * ten routine orders' worth, and never what needs two managers (`twoApprovalsAbove`).
 */
export const consolidatedLimitOf = (policy: ApprovalPolicy, twoApprovalsAbove?: number): number =>
  policy.consolidatedBelow ?? Math.min(policy.autoApproveBelow * CONSOLIDATED_ROUTINE_ORDERS, twoApprovalsAbove ?? Number.POSITIVE_INFINITY);

/** A consolidated PO as the routine-order rule judges it: its lines, each with the last price paid for its SKU, and its total. */
export interface ConsolidatedForPolicy {
  spoNumber: string;
  supplier: string;
  total: number;
  lines: { poNumber: string; sku: string; unitPrice: number; lineTotal: number; lastPrice: number | null }[];
}

/**
 * Conditions (a) and (b) on a consolidated PO: each line is judged as a PO of its own would be (its
 * line total below `autoApproveBelow`, its price within the tolerance of the last paid for its SKU),
 * and the whole PO's total, freight included, below the consolidated limit. Why not, or null when the
 * PO may go on to the budget. The first line that fails is named, so the manager knows which to look at.
 */
export function consolidatedOrderRefusal(policy: ApprovalPolicy, order: ConsolidatedForPolicy, currency: string, twoApprovalsAbove?: number): string | null {
  for (const line of order.lines) {
    const refusal = routineOrderRefusal(policy, { total: line.lineTotal, unitPrice: line.unitPrice, supplier: order.supplier }, line.lastPrice, currency);
    if (refusal) return `line ${line.poNumber} (${line.sku}): ${refusal}`;
  }
  const limit = consolidatedLimitOf(policy, twoApprovalsAbove);
  if (order.total >= limit) {
    return `${order.spoNumber} total ${formatMoney(order.total, currency)} is not below the limit for a consolidated PO approved by rule, ${formatMoney(limit, currency)}`;
  }
  return null;
}
