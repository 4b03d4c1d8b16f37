import { BUSINESS_DAYS_A_YEAR } from '../../src/domain/service-level.js';
import { roleOf, type SupplierRole, type YearSku } from './scenario.js';

/**
 * One SKU's year as any policy lived it, and what it cost. The agent's year (read from the world
 * after the run) and the baselines' (simulated) go through the same sums.
 */

export interface PlacedOrder { day: number; supplier: string; quantity: number; unitPrice: number; received: number }

export interface SkuYear {
  sku: string;
  /** Units on the shelf at the end of each day. */
  onHand: number[];
  /** Units asked for and not served, each day. */
  lost: number[];
  /** Days on which goods came in. */
  arrivals: number[];
  orders: PlacedOrder[];
}

export interface CostModel {
  orderCost: number;
  holdingPctPerYear: number;
  /** A lost sale costs this share of the item's reference price (its margin and the customer's goodwill). */
  lostSaleShare: number;
}

export interface Ledger {
  demand: number;
  served: number;
  /** Units served at their reference price: what the sales are worth at cost. */
  servedValue: number;
  lost: number;
  stockOutDays: number;
  cycles: number;
  cyclesWithStockOut: number;
  orders: number;
  /** Units received from each kind of supplier: the fast and dear, the middle, the cheap and slow. */
  unitsFast: number;
  unitsMid: number;
  unitsCheap: number;
  averageInventoryValue: number;
  purchase: number;
  ordering: number;
  holding: number;
  lostSales: number;
  /**
   * The stock left at the end, at the lowest list price of its suppliers: credited, so a policy
   * loses nothing by stock still on the shelf, and gains nothing by buying cheap to value it dear.
   */
  endStockValue: number;
  total: number;
}

export function ledgerOf(sku: Pick<YearSku, 'demand' | 'referencePrice' | 'lines'>, year: SkuYear, model: CostModel): Ledger {
  const days = sku.demand.length;
  const demand = sku.demand.reduce((a, b) => a + b, 0);
  const lost = year.lost.reduce((a, b) => a + b, 0);
  const inventoryUnitDays = year.onHand.reduce((a, b) => a + b, 0);
  // A cycle runs from one delivery to the next; it had a stock-out when any demand went unserved in it.
  const starts = [0, ...[...new Set(year.arrivals)].filter((d) => d > 0 && d < days).sort((a, b) => a - b)];
  const cyclesWithStockOut = starts.filter((from, k) => year.lost.slice(from, starts[k + 1] ?? days).some((x) => x > 0)).length;
  const holding = inventoryUnitDays * sku.referencePrice * (model.holdingPctPerYear / 100) / BUSINESS_DAYS_A_YEAR;
  const purchase = year.orders.reduce((a, o) => a + o.received * o.unitPrice, 0);
  const unitsFrom = (role: SupplierRole) => year.orders.filter((o) => roleOf(o.supplier) === role).reduce((a, o) => a + o.received, 0);
  const ordering = year.orders.length * model.orderCost;
  const lostSales = lost * sku.referencePrice * model.lostSaleShare;
  const endStockValue = (year.onHand[days - 1] ?? 0) * Math.min(...sku.lines.map((l) => l.basePrice));
  return {
    demand, served: demand - lost, servedValue: (demand - lost) * sku.referencePrice, lost, stockOutDays: year.lost.filter((x) => x > 0).length,
    cycles: starts.length, cyclesWithStockOut, orders: year.orders.length,
    unitsFast: unitsFrom('fast'), unitsMid: unitsFrom('mid'), unitsCheap: unitsFrom('cheap'),
    averageInventoryValue: (inventoryUnitDays / days) * sku.referencePrice,
    purchase, ordering, holding, lostSales, endStockValue,
    total: purchase + ordering + holding + lostSales - endStockValue,
  };
}

/** Ledgers added up over SKUs (average inventory value adds: it is the whole shelf's). */
export function sumLedgers(ls: Ledger[]): Ledger {
  const zero: Ledger = {
    demand: 0, served: 0, servedValue: 0, lost: 0, stockOutDays: 0, cycles: 0, cyclesWithStockOut: 0, orders: 0,
    unitsFast: 0, unitsMid: 0, unitsCheap: 0, averageInventoryValue: 0,
    purchase: 0, ordering: 0, holding: 0, lostSales: 0, endStockValue: 0, total: 0,
  };
  return ls.reduce((acc, l) => Object.fromEntries(Object.keys(acc).map((k) => [k, acc[k as keyof Ledger] + l[k as keyof Ledger]])) as unknown as Ledger, zero);
}

export const fillRate = (l: Pick<Ledger, 'demand' | 'served'>): number => (l.demand === 0 ? 1 : l.served / l.demand);
export const cycleServiceLevel = (l: Pick<Ledger, 'cycles' | 'cyclesWithStockOut'>): number => (l.cycles === 0 ? 1 : 1 - l.cyclesWithStockOut / l.cycles);
