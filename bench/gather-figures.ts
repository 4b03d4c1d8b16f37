import { freightFor } from '../src/domain/order-costs.js';
import type { OrderCosts } from '../src/domain/types.js';
import { fromCents, toCents } from '../src/domain/money.js';
import { lineTotal } from '../src/domain/quantity.js';

// Pure parts of the gathering bench (bench/gather.ts), tested in test/bench/gather-figures.test.ts.

/** The bench's suppliers: `n` of them, each the only seller of every n-th SKU. */
export const benchSuppliers = (n: number): string[] => Array.from({ length: n }, (_, i) => `bench-supplier-${i + 1}`);

/** The supplier that sells the i-th SKU of a half: round robin, so each has ⌈skus / n⌉ or ⌊skus / n⌋. */
export const supplierOfSku = (i: number, suppliers: readonly string[]): string => suppliers[i % suppliers.length]!;

/**
 * A window of `windowMs` of real time as business hours (`GatheringSetting.windowHours`): a business
 * hour is a 24th of `dayMs`. The bench runs on real days, so 36 s is 0.01 business hours.
 */
export const windowHoursFor = (windowMs: number, dayMs: number): number => windowMs / (dayMs / 24);

/** The line PO numbers a consolidated PO's approval request names: each line is `… (PO-…)` in its body (describeSupplierOrder). */
export function linesNamedIn(body: string): string[] {
  return [...body.matchAll(/\((PO-[^()\s]+)\)/g)].map((m) => m[1]!);
}

/** An order at a supplier as the sandbox keeps it: one row per line, the group its consolidated PO if any. */
export interface PlacedLine { poNumber: string; supplier: string; quantity: number; unitPrice: number; total: number; group: string | null }

/**
 * What the placed orders add up to: orders at the suppliers (a consolidated PO is one, whatever its
 * lines), the lines on them, the goods and the freight paid, each order's freight by its supplier's
 * order costs on its own goods (as the sandbox charges it), and the freight the same lines would
 * have paid ordered one by one.
 */
export function ordersPlaced(lines: readonly PlacedLine[], costsOf: (supplier: string) => OrderCosts | undefined) {
  const orders = new Map<string, PlacedLine[]>();
  for (const l of lines) {
    const key = l.group ?? l.poNumber;
    orders.set(key, [...(orders.get(key) ?? []), l]);
  }
  let goods = 0;
  let freight = 0;
  let freightAlone = 0;
  for (const ls of orders.values()) {
    const orderCosts = costsOf(ls[0]!.supplier);
    const lineGoods = ls.map((l) => toCents(lineTotal(l.quantity, l.unitPrice)));
    const g = lineGoods.reduce((a, b) => a + b, 0);
    goods += g;
    freight += toCents(freightFor({ orderCosts }, fromCents(g)));
    freightAlone += lineGoods.reduce((a, c) => a + toCents(freightFor({ orderCosts }, fromCents(c))), 0);
  }
  return { orders: orders.size, lines: lines.length, goods: fromCents(goods), freight: fromCents(freight), freightAlone: fromCents(freightAlone) };
}

/** Events of a workflow's runs written from `since` (ms) on: what one half of the bench cost in history. */
export function eventsSince(times: readonly number[], since: number): number {
  return times.filter((t) => t >= since).length;
}

/**
 * Lines of a desk held behind a consolidated PO the manager has been asked about and not decided:
 * gathering in a window whose close (`now`, ISO) has passed while such a PO waits. A desk that drafts
 * the next PO while one waits holds none; one that worked a PO at a time held every line that joined meanwhile.
 */
export function behindAPerson(
  desk: { gathering: { window: { closesAt: string }; lines: { poNumber: string }[] } | null; inFlight: Record<string, { asked: number; decision: unknown }> } | null,
  now: string,
): string[] {
  if (!desk?.gathering || desk.gathering.window.closesAt > now) return [];
  const waiting = Object.values(desk.inFlight).some((c) => c.asked > 0 && c.decision === null);
  return waiting ? desk.gathering.lines.map((l) => l.poNumber) : [];
}
