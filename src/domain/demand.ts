import type { AgentMemory } from './memory.js';
import type { StockLevel } from './types.js';

/**
 * Reorder point and target from demand, after Odoo's min/max reordering rules: the minimum is
 * what is used while an order is on its way plus a safety stock, the maximum the minimum plus
 * a number of days of cover (docs/buying.md, "Demand").
 *
 *   reorder point = ⌈daily demand × lead days⌉ + safety stock
 *   target        = reorder point + ⌈daily demand × days of cover⌉
 *
 * Without demand (the world saw no consumption) the typed-in safety stock and target apply.
 */

/** Days of demand an order is meant to last once it is in. */
export const DAYS_OF_COVER = 30;
/** Lead time assumed before any supplier has delivered to this agent. */
export const DEFAULT_LEAD_DAYS = 7;

export interface StockLevels {
  source: 'demand' | 'typed';
  dailyDemand: number | null;
  leadDays: number;
  reorderPoint: number;
  targetLevel: number;
}

const hasDemand = (s: Pick<StockLevel, 'dailyDemand'>): s is { dailyDemand: number } =>
  s.dailyDemand !== undefined && s.dailyDemand > 0;

/**
 * The lead time to plan with: what the most recently seen supplier actually took, since it is
 * the likeliest to be used again; the default before any delivery.
 */
export function expectedLeadDays(memory?: Pick<AgentMemory, 'suppliers'>): number {
  const seen = Object.values(memory?.suppliers ?? {})
    .filter((m) => m.lastLeadDays !== null)
    .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
  return seen[0]?.lastLeadDays ?? DEFAULT_LEAD_DAYS;
}

export function stockLevels(
  stock: Pick<StockLevel, 'safetyStock' | 'targetLevel' | 'dailyDemand'>, memory?: Pick<AgentMemory, 'suppliers'>,
): StockLevels {
  const leadDays = expectedLeadDays(memory);
  if (!hasDemand(stock)) {
    return { source: 'typed', dailyDemand: null, leadDays, reorderPoint: stock.safetyStock, targetLevel: stock.targetLevel };
  }
  const d = stock.dailyDemand;
  const reorderPoint = Math.ceil(d * leadDays) + stock.safetyStock;
  return { source: 'demand', dailyDemand: d, leadDays, reorderPoint, targetLevel: reorderPoint + Math.ceil(d * DAYS_OF_COVER) };
}

/** Business days until the shelf is empty at today's demand; null when nothing is consumed. */
export function daysOfCover(stock: Pick<StockLevel, 'onHand' | 'dailyDemand'>): number | null {
  if (stock.onHand <= 0) return 0;
  return hasDemand(stock) ? stock.onHand / stock.dailyDemand : null;
}

/** When the shelf runs empty at today's demand, if it ever does. */
export function projectedStockOut(stock: Pick<StockLevel, 'onHand' | 'dailyDemand'>, now: string, dayMs: number): string | null {
  const cover = daysOfCover(stock);
  return cover === null ? null : new Date(Date.parse(now) + Math.round(cover * dayMs)).toISOString();
}

/** What a manager reads about a SKU's demand: the levels in force and how long the shelf lasts. */
export interface DemandView extends StockLevels {
  daysOfCover: number | null;
  projectedStockOut: string | null;
  /** Days of demand the target is meant to cover past the reorder point. */
  coverDays: number;
}

export function demandView(
  stock: StockLevel, memory: Pick<AgentMemory, 'suppliers'> | undefined, now: string, dayMs: number,
): DemandView {
  const cover = daysOfCover(stock);
  return {
    ...stockLevels(stock, memory),
    daysOfCover: cover === null ? null : Math.round(cover * 10) / 10,
    projectedStockOut: projectedStockOut(stock, now, dayMs),
    coverDays: DAYS_OF_COVER,
  };
}
