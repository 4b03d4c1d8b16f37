import type { Quote, StockLevel } from './types.js';

/**
 * Min/max rule: order enough to bring the stock position (on hand plus already on order)
 * back to the target level, and never less than the supplier's minimum order quantity.
 */
export function quantityNeeded(stock: Pick<StockLevel, 'onHand' | 'onOrder' | 'targetLevel'>): number {
  return Math.max(0, stock.targetLevel - stock.onHand - stock.onOrder);
}

export function orderQuantity(needed: number, quote: Pick<Quote, 'moq'>): number {
  return Math.max(needed, quote.moq);
}

/** Money in cents avoids 0.1 + 0.2 surprises in totals a manager will read. */
export function lineTotal(quantity: number, unitPrice: number): number {
  return Math.round(quantity * unitPrice * 100) / 100;
}
