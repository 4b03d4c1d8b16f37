import { fromCents, toCents } from './money.js';
import { lineTotal } from './quantity.js';
import type { OrderCosts, PurchaseOrder, Quote } from './types.js';

// A supplier's charges per order (freight below a free-freight value, a least order value) make the
// cheapest order a property of the whole PO, not of its unit price: a few more units can cost less
// than the freight they save, and an order below the supplier's least value is no order at all.

/**
 * The order-level costs one line bears. A line that joins goods already gathering at its supplier's
 * desk is part of that consolidated PO, whose freight is charged once on the whole order whether
 * the line joins or not (or not at all, from the free-freight value on), and whose least order value
 * is the whole order's: the line bears no freight, and only the part of the least value the goods
 * gathering do not reach. Alone (nothing gathering), it bears them all, as a PO of its own does.
 */
export function lineCosts(quote: Pick<Quote, 'orderCosts' | 'gathered'>): OrderCosts | undefined {
  const c = quote.orderCosts;
  if (!c || !quote.gathered) return c;
  const missing = c.minOrderValue === undefined ? 0 : fromCents(toCents(c.minOrderValue) - toCents(quote.gathered));
  return missing > 0 ? { minOrderValue: missing } : undefined;
}

/** The freight a line of this quote whose goods come to `goods` bears (lineCosts). */
export const lineFreight = (quote: Pick<Quote, 'orderCosts' | 'gathered'>, goods: number): number => freightFor({ orderCosts: lineCosts(quote) }, goods);

/** The freight an order whose goods come to `goods` pays this supplier: none from its free-freight value on. */
export function freightFor(quote: { orderCosts?: OrderCosts | undefined }, goods: number): number {
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
