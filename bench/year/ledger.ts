import { BUSINESS_DAYS_A_YEAR } from '../../src/domain/service-level.js';
import type { OrderCosts } from '../../src/domain/types.js';
import { ordersPlaced, type PlacedLine } from '../gather-figures.js';
import { roleOf, type SupplierRole, type YearSku } from './scenario.js';

/**
 * One SKU's year as any policy lived it, and what it cost. The agent's year (read from the world
 * after the run) and the baselines' (simulated) go through the same sums.
 */

export interface PlacedOrder {
  day: number; supplier: string; quantity: number; unitPrice: number; received: number;
  /** The part of one order at the supplier this is: 1/n as one of the n lines of a consolidated PO; absent, a whole order. */
  orderShare?: number;
  /** Its part of the freight its order paid, by its share of the order's goods; absent, none. */
  freight?: number;
}

/**
 * Each placed line's part of its order at the supplier and of the freight that order paid (the
 * supplier's order costs on the order's goods, as the sandbox charges them), by line PO number.
 */
export function orderShares(lines: readonly PlacedLine[], costsOf: (supplier: string) => OrderCosts | undefined): Map<string, Required<Pick<PlacedOrder, 'orderShare' | 'freight'>>> {
  const orders = new Map<string, PlacedLine[]>();
  for (const l of lines) orders.set(l.group ?? l.poNumber, [...(orders.get(l.group ?? l.poNumber) ?? []), l]);
  const shares = new Map<string, Required<Pick<PlacedOrder, 'orderShare' | 'freight'>>>();
  for (const ls of orders.values()) {
    const { goods, freight } = ordersPlaced(ls, costsOf);
    for (const l of ls) shares.set(l.poNumber, { orderShare: 1 / ls.length, freight: goods > 0 ? (freight * l.total) / goods : 0 });
  }
  return shares;
}

/** Orders at suppliers a list of placed orders comes to: a consolidated PO once, whatever its lines. */
export const ordersAtSuppliers = (orders: readonly PlacedOrder[]): number => orders.reduce((a, o) => a + (o.orderShare ?? 1), 0);

/** What ordering cost: the policy's cost of an order for each order at a supplier, and the freight paid. */
export const orderingCost = (orders: readonly PlacedOrder[], orderCost: number): number =>
  ordersAtSuppliers(orders) * orderCost + orders.reduce((a, o) => a + (o.freight ?? 0), 0);

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
  /** Orders at suppliers (a consolidated PO's line counts as its share of one). */
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
  const ordering = orderingCost(year.orders, model.orderCost);
  const lostSales = lost * sku.referencePrice * model.lostSaleShare;
  const endStockValue = (year.onHand[days - 1] ?? 0) * Math.min(...sku.lines.map((l) => l.basePrice));
  return {
    demand, served: demand - lost, servedValue: (demand - lost) * sku.referencePrice, lost, stockOutDays: year.lost.filter((x) => x > 0).length,
    cycles: starts.length, cyclesWithStockOut, orders: ordersAtSuppliers(year.orders),
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
