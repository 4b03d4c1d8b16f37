import { stockLevels } from '../domain/demand.js';
import { gathers, orderByDate } from '../domain/gathering.js';
import { isSettled, type ReplenishState } from '../domain/state.js';
import type { SupplierLine } from '../domain/supplier-order.js';
import type { Rules } from '../domain/rules.js';
import { quoteStillValid } from './place-order.js';
import { callTool, noInput } from './tool.js';

/**
 * The drafted PO as a line of its supplier's next consolidated PO, with the date it must be ordered
 * by: from the stock and demand this run started with and the quote's lead time.
 */
export function lineOf(s: ReplenishState, rules: Pick<Rules, 'dayMs'>, now: string): SupplierLine {
  const po = s.po!;
  const quote = s.quotes?.find((q) => q.quoteId === po.quoteId);
  const { dailyDemand } = stockLevels(s.stock, { suppliers: s.suppliers ?? {} }, s.policy);
  return {
    poNumber: po.poNumber, sku: po.sku, supplier: po.supplier, quoteId: po.quoteId, quantity: po.quantity, unitPrice: po.unitPrice,
    ...(quote?.orderCosts ? { orderCosts: quote.orderCosts } : {}),
    orderBy: orderByDate(s.stock, dailyDemand, quote?.leadTimeDays ?? 0, now, rules.dayMs),
    joinedAt: now,
  };
}

type Joined = NonNullable<ReplenishState['supplierOrder']>;

export const joinSupplierOrder = callTool({
  name: 'join_supplier_order',
  description: "Hand the drafted purchase order to its supplier's desk as one line of a consolidated order: the supplier gathers orders, so the desk asks for approval once, for every line together, and places one order. Only for a supplier that gathers; the line is then ordered (or dropped) by the desk, never by request_approval and place_order.",
  input: noInput,
  allowed: (s, rules, now) =>
    !isSettled(s) && s.po !== null && !s.order && !s.orderUnknown && s.decision === null && !s.approvalPending &&
    s.supplierOrder === undefined && gathers(rules, s.po) && quoteStillValid(s, now) && !s.stockRecovered,
  // The line PO number: a join retried, or repeated, is one line at the desk.
  key: (s) => s.po!.poNumber,
  execute: async (_input, s, ctx): Promise<Joined> => {
    if (!ctx.desks) throw new Error(`${s.po!.supplier} gathers orders, but this worker cannot reach its desk`);
    const line = lineOf(s, ctx.rules, new Date().toISOString());
    await ctx.desks.join(line, ctx.rules);
    return { supplier: line.supplier, joinedAt: line.joinedAt, orderBy: line.orderBy };
  },
  apply: (s, _input, joined) => ({ ...s, supplierOrder: joined }),
  describe: (s) => `join_supplier_order ${s.po?.poNumber}: ${s.po?.quantity} × ${s.sku} at ${s.po?.unitPrice.toFixed(2)} on ${s.po?.supplier}'s next consolidated order`,
});
