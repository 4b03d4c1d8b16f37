import { ApplicationFailure } from '@temporalio/activity';
import { consolidatedLimitOf, consolidatedOrderRefusal, ROUTINE_ORDER_RULE, type PolicyVerdict } from '../domain/approval-policy.js';
import { formatMoney, fromCents, toCents } from '../domain/money.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import { approvalsNeededFor } from '../domain/supplier-desk.js';
import { approvalTermsOf, describeSupplierOrder, orderRequestOf, type SupplierOrder } from '../domain/supplier-order.js';
import { BUSINESS_REFUSAL, type World } from '../domain/world.js';
import { replenishmentIdOfPo } from '../domain/ids.js';
import type { PurchaseRecords } from '../records/store.js';
import type { DeskActivities } from './contract.js';
import { whileHeartbeating } from './heartbeat.js';

/**
 * The routine-order rule on a consolidated PO (`consolidatedOrderRefusal`): each line as a PO of its
 * own, the total within the consolidated limit; then the budget reserved for every line. Each line
 * reserves under its own line PO number (the freight with the first), so its run's settle step gives
 * back what was reserved for a line never ordered, as for a PO of its own; a line the budget refuses
 * gives back what the lines before it reserved.
 */
async function routineConsolidated(records: PurchaseRecords, order: SupplierOrder, rules: Rules, at: string): Promise<PolicyVerdict | null> {
  const policy = rules.approvalPolicy;
  if (!policy) return null;
  const currency = currencyOf(rules);
  const money = (n: number) => formatMoney(n, currency);
  const lines = [];
  for (const line of order.lines) lines.push({ ...line, lastPrice: await records.lastPricePaid(line.sku, order.supplier) });
  const refusal = consolidatedOrderRefusal(policy, { spoNumber: order.spoNumber, supplier: order.supplier, total: order.total, lines }, currency, rules.twoApprovalsAbove);
  if (refusal) return { approved: false, why: refusal };
  const month = at.slice(0, 7);
  const reserved: string[] = [];
  for (const [i, line] of order.lines.entries()) {
    const amount = fromCents(toCents(line.lineTotal) + (i === 0 ? toCents(order.freight ?? 0) : 0));
    const budget = await records.budget.reserve({ poNumber: line.poNumber, sku: line.sku, month, amount, limit: policy.budgetPerMonth, at });
    if (!budget.reserved) {
      for (const po of reserved) await records.budget.release(replenishmentIdOfPo(po), null);
      return { approved: false, why: `the ${budget.month} budget for approvals by rule has ${money(budget.left)} left, less than ${order.spoNumber}'s lines from ${line.poNumber} on` };
    }
    reserved.push(line.poNumber);
  }
  return {
    approved: true, rule: ROUTINE_ORDER_RULE,
    reason: `${order.spoNumber} total ${money(order.total)} below ${money(consolidatedLimitOf(policy, rules.twoApprovalsAbove))} for a consolidated PO; `
      + `every line's total below ${money(policy.autoApproveBelow)} and unit price within ${policy.priceTolerancePct}% of the last price paid for its SKU; within the ${month} budget`,
  };
}

export function createDeskActivities({ world, records }: { world: World; records: PurchaseRecords }): DeskActivities {
  return {
    consultSupplierOrderPolicy: ({ order, rules }) => whileHeartbeating(() => routineConsolidated(records, order, rules, new Date().toISOString())),

    askManagerAboutSupplierOrder: ({ order, rules, notByRule, asked, closedBecause }) => whileHeartbeating(() => {
      const two = approvalsNeededFor(rules, order.total) > 1;
      return world.notify({
        to: rules.manager,
        subject: `Approve ${order.spoNumber}: ${order.lines.length} lines from ${order.supplier}, total ${formatMoney(order.total, order.currency)}${asked > 1 ? ` (request ${asked})` : ''}`,
        body: [
          describeSupplierOrder(order),
          `Gathered until: ${closedBecause}.`,
          ...(notByRule ? [`Not approved by rule: ${notByRule}.`] : []),
          ...(two ? [`Above ${formatMoney(rules.twoApprovalsAbove!, order.currency)}: two different managers must approve it.`] : []),
          `Decide it once for every line: POST /purchase-orders/${order.spoNumber}/decision.`,
        ].join('\n'),
        poNumber: order.spoNumber,
        // The terms an approval link binds (src/world/approval-links.ts): every unit, up to the dearest line's price.
        approval: approvalTermsOf(order),
      });
    }),

    showSupplierOrderInInbox: (row) => records.waiting.showSupplierOrder(row),

    async placeSupplierOrder({ order }) {
      try {
        const ack = await whileHeartbeating(() => world.placeSupplierOrder(orderRequestOf(order), order.spoNumber));
        // Before the desk hears of it: a supplier answering the SPO number finds its lines from the moment the order stands.
        await records.supplierOrders.placed(order, ack);
        return ack;
      } catch (err) {
        // The supplier's "no" is not retried: the desk tells every line's run, which buys elsewhere.
        if (err instanceof Error && err.name === BUSINESS_REFUSAL) throw ApplicationFailure.nonRetryable(err.message, BUSINESS_REFUSAL);
        throw err;
      }
    },
  };
}
