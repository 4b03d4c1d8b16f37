import type { AgentMemory } from './memory.js';
import { stockLevels } from './demand.js';
import type { InventoryPolicy } from './rules.js';
import type { StockLevel } from './types.js';

/**
 * Min/max rule: order enough to bring the stock position (on hand plus already on order) back to
 * the target level: computed from demand when there is demand, else the typed-in one.
 */
export function quantityNeeded(
  stock: Pick<StockLevel, 'onHand' | 'onOrder' | 'targetLevel' | 'safetyStock' | 'dailyDemand' | 'demandHistory' | 'serviceLevel' | 'abcClass'>,
  memory?: Pick<AgentMemory, 'suppliers'>, policy?: InventoryPolicy,
): number {
  return Math.max(0, stockLevels(stock, memory, policy).targetLevel - stock.onHand - stock.onOrder);
}

/** Unit prices are exact to a hundredth of a cent, as purchasing price lists (0.0275 a washer) need. */
const PRICE_SCALE = 10_000;

/** A unit price as a whole number of ten-thousandths. */
export const priceUnits = (unitPrice: number): number => Math.round(unitPrice * PRICE_SCALE);

/** A line's cost in ten-thousandths: an exact integer, so totals compare without float drift. */
export const lineUnits = (quantity: number, unitPrice: number): number => quantity * priceUnits(unitPrice);

/** A line's total in the currency, rounded half up to the cent from the exact integer cost. */
export function lineTotal(quantity: number, unitPrice: number): number {
  return Math.round(lineUnits(quantity, unitPrice) / (PRICE_SCALE / 100)) / 100;
}
