import { fromCents, toCents } from './money.js';
import { lineTotal } from './quantity.js';
import type { PurchaseOrder, Quote } from './types.js';

// A supplier's charges per order (freight below a free-freight value, a least order value) make the
// cheapest order a property of the whole PO, not of its unit price: a few more units can cost less
// than the freight they save, and an order below the supplier's least value is no order at all.

/** The freight an order whose goods come to `goods` pays this supplier: none from its free-freight value on. */
export function freightFor(quote: Pick<Quote, 'orderCosts'>, goods: number): number {
  const c = quote.orderCosts;
  if (!c?.freight) return 0;
  return c.freeFreightFrom !== undefined && goods >= c.freeFreightFrom ? 0 : c.freight;
}

/** The order's fields for its goods and freight: `total` is both, `freight` only when there is some. */
export function orderTotals(quantity: number, unitPrice: number, freight: number): Pick<PurchaseOrder, 'total' | 'freight'> {
  const goods = lineTotal(quantity, unitPrice);
  return freight > 0 ? { total: fromCents(toCents(goods) + toCents(freight)), freight } : { total: goods };
}

/** A placed PO at another unit price (a price the supplier raised): the freight it was placed with stays. */
export const repriced = <P extends Pick<PurchaseOrder, 'quantity' | 'freight'>>(po: P, unitPrice: number): P & Pick<PurchaseOrder, 'unitPrice' | 'total'> =>
  ({ ...po, unitPrice, ...orderTotals(po.quantity, unitPrice, po.freight ?? 0) });
