import { forecastDemand } from '../../src/domain/forecast.js';
import { orderable, unitPriceAt } from '../../src/domain/purchase-plan.js';
import { economicOrderQuantity, safetyStockFor } from '../../src/domain/service-level.js';
import type { CostModel, PlacedOrder, SkuYear } from './ledger.js';
import { fateIn, priceFactorOn, type SupplierLine, type YearSku, type YearWorld } from './scenario.js';
import { BUSINESS_DAYS_A_YEAR } from '../../src/domain/service-level.js';
import { ORDER_COVER_DAYS } from '../../src/domain/demand.js';

/**
 * Two policies played offline on the same demand and the same suppliers' fates as the agent: a
 * classical (s,S) policy with the agent's forecast, buying from the cheapest supplier, and a
 * perfect-information oracle that knows every day's demand and every order's fate in advance.
 *
 * Timing as the agent's world has it: an order placed on day t with a lead time of L days, D days
 * late, is on the shelf for the demand of day t + L + D + 1.
 */

/** What a supplier charges on `day` for `quantity` (its price changes and breaks applied, as its quotes say). */
export function priceOn(world: Pick<YearWorld, 'priceChanges'>, line: SupplierLine, day: number, quantity: number): number {
  const f = priceFactorOn(world, line.supplier, day);
  return unitPriceAt({
    unitPrice: Math.round(line.basePrice * f * 100) / 100,
    priceBreaks: line.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, unitPrice: Math.round(b.unitPrice * f * 10_000) / 10_000 })),
  }, quantity);
}

/** Days an unanswered order is waited for past its due day before the classical policy writes it off. */
const WRITE_OFF_AFTER_DAYS = 5;

interface Pending { order: PlacedOrder; due: number; deliver: number; writeOff: number }

/** The classical (s,S) policy on one SKU, reviewed every day. */
export function classicalYear(world: YearWorld, sku: YearSku, model: CostModel & { serviceLevel: number }): SkuYear {
  const days = sku.demand.length;
  const cheapest = (day: number, q: number) =>
    [...sku.lines].sort((a, b) => priceOn(world, a, day, orderable(q, a)) - priceOn(world, b, day, orderable(q, b)))[0]!;
  const history = [...sku.history];
  const year: SkuYear = { sku: sku.sku, onHand: [], lost: [], arrivals: [], orders: [] };
  let onHand = sku.onHand;
  let pending: Pending[] = [];
  for (let t = 0; t < days; t++) {
    for (const p of pending.filter((x) => x.due === t && x.deliver > 0)) {
      onHand += p.deliver;
      p.order.received = p.deliver;
      year.arrivals.push(t);
    }
    pending = pending.filter((x) => x.due > t && x.writeOff > t);
    const taken = Math.min(sku.demand[t]!, onHand);
    onHand -= taken;
    year.lost.push(sku.demand[t]! - taken);
    history.push(taken);

    const f = forecastDemand(history.slice(-60));
    const daily = f?.daily ?? sku.meanDemand;
    const line = cheapest(t, daily * 30);
    const lead = line.leadTimeDays + 1;
    const s = Math.ceil(daily * lead) + safetyStockFor(model.serviceLevel, { daily, sigmaDaily: f?.sigma ?? 0, leadDays: lead, sigmaLeadDays: 0 });
    const eoq = economicOrderQuantity(daily, line.basePrice, model.orderCost, model.holdingPctPerYear) ?? daily * 30;
    const S = s + Math.min(Math.max(eoq, daily * ORDER_COVER_DAYS.min), daily * ORDER_COVER_DAYS.max);
    const position = onHand + pending.reduce((a, p) => a + p.deliver, 0);
    if (position <= s) {
      const quantity = orderable(Math.ceil(S - position), line);
      const order: PlacedOrder = { day: t, supplier: line.supplier, quantity, unitPrice: priceOn(world, line, t, quantity), received: 0 };
      year.orders.push(order);
      const fate = fateIn(world, line.supplier, sku.sku, t);
      const due = t + line.leadTimeDays + fate.lateDays + 1;
      if (fate.behaviour === 'prompt' || fate.behaviour === 'partial') {
        pending.push({ order, due, deliver: fate.behaviour === 'prompt' ? quantity : Math.max(1, Math.floor(quantity / 2)), writeOff: Infinity });
      } else if (fate.behaviour === 'silent') {
        pending.push({ order, due: Infinity, deliver: quantity, writeOff: due + WRITE_OFF_AFTER_DAYS });
      }
      // A refusal is known the next day: the position drops and the policy orders again.
    }
    year.onHand.push(onHand);
  }
  return year;
}

/** The orders the oracle can have delivered on `day`: placed in time, and neither refused, partial nor silent. */
function deliverableOn(world: YearWorld, sku: YearSku, day: number): Array<{ line: SupplierLine; orderDay: number }> {
  const found: Array<{ line: SupplierLine; orderDay: number }> = [];
  for (const line of sku.lines) {
    for (let late = 0; late <= 7; late++) {
      const orderDay = day - line.leadTimeDays - late - 1;
      if (orderDay < 0) break;
      const fate = fateIn(world, line.supplier, sku.sku, orderDay);
      if (fate.behaviour === 'prompt' && fate.lateDays === late) found.push({ line, orderDay });
    }
  }
  return found;
}

/**
 * The perfect-information oracle: a Wagner–Whitin plan over the year. Each delivery covers a run of
 * days exactly, from the cheapest supplier that can bring it on its day, trading the cost of an order
 * against holding. It ignores minimum quantities and packs, so its cost is a bound no policy beats.
 */
export function oracleYear(world: YearWorld, sku: YearSku, model: CostModel): SkuYear {
  const days = sku.demand.length;
  const holdPerUnitDay = sku.referencePrice * (model.holdingPctPerYear / 100) / BUSINESS_DAYS_A_YEAR;
  // The initial stock serves the first days; what it cannot serve is the plan's to bring.
  const need = [...sku.demand];
  let left = sku.onHand;
  for (let t = 0; t < days && left > 0; t++) {
    const used = Math.min(left, need[t]!);
    need[t]! -= used;
    left -= used;
  }
  type Step = { to: number; cost: number; buy?: { line: SupplierLine; orderDay: number; unitPrice: number; quantity: number } };
  const best: Array<{ cost: number; step: Step | null }> = Array.from({ length: days + 1 }, () => ({ cost: Infinity, step: null }));
  best[days] = { cost: 0, step: null };
  for (let i = days - 1; i >= 0; i--) {
    if (need[i] === 0) {
      best[i] = { cost: best[i + 1]!.cost, step: { to: i + 1, cost: 0 } };
      continue;
    }
    // Losing the day's demand is always possible (before any supplier can deliver, it is the only way).
    const lose = need[i]! * sku.referencePrice * model.lostSaleShare;
    best[i] = { cost: lose + best[i + 1]!.cost, step: { to: i + 1, cost: lose } };
    const sources = deliverableOn(world, sku, i);
    let quantity = 0;
    let holding = 0;
    for (let j = i + 1; j <= days; j++) {
      quantity += need[j - 1]!;
      holding += need[j - 1]! * (j - 1 - i) * holdPerUnitDay;
      if (holding > best[i]!.cost) break;
      if (sources.length === 0) break;
      const source = sources.map((x) => ({ ...x, unitPrice: priceOn(world, x.line, x.orderDay, quantity) }))
        .reduce((a, b) => (b.unitPrice < a.unitPrice ? b : a));
      const cost = model.orderCost + quantity * source.unitPrice + holding + best[j]!.cost;
      if (cost < best[i]!.cost) best[i] = { cost, step: { to: j, cost, buy: { ...source, quantity } } };
    }
  }
  const year: SkuYear = { sku: sku.sku, onHand: [], lost: [], arrivals: [], orders: [] };
  const arriving = new Map<number, number>();
  const lostOn = new Map<number, number>();
  for (let i = 0; i < days;) {
    const step = best[i]!.step!;
    if (step.buy) {
      const { line, orderDay, unitPrice, quantity } = step.buy;
      year.orders.push({ day: orderDay, supplier: line.supplier, quantity, unitPrice, received: quantity });
      arriving.set(i, quantity);
      year.arrivals.push(i);
    } else if (need[i]! > 0) {
      lostOn.set(i, need[i]!);
    }
    i = step.to;
  }
  let onHand = sku.onHand;
  for (let t = 0; t < days; t++) {
    onHand += arriving.get(t) ?? 0;
    const lost = lostOn.get(t) ?? 0;
    onHand -= sku.demand[t]! - lost;
    year.lost.push(lost);
    year.onHand.push(onHand);
  }
  year.orders.sort((a, b) => a.day - b.day);
  return year;
}
