import type { AgentMemory, SupplierMemory } from './memory.js';
import { daysOfCover, stockLevels } from './demand.js';
import { defaultInventoryPolicy } from './rules.js';
import { BUSINESS_DAYS_A_YEAR, expectedShortage } from './service-level.js';
import { lineTotal, lineUnits, priceUnits } from './quantity.js';
import { lineCosts, lineFreight, orderTotals } from './order-costs.js';
import { isQuoteValid } from './quotes.js';
import type { ReplenishState } from './state.js';
import type { Quote } from './types.js';

/**
 * Choosing a quote as a buyer does: the lowest expected cost of the order, once the supplier's
 * minimum, pack size and price breaks are applied. The cost adds to the goods the holding of the
 * stock bought over the days it covers, and the units expected short while the order is on its
 * way, each at the price of the dearest quote (what a unit short is worth at the least: the buyer
 * could have paid that to have it). A fast, dear supplier so wins only when the shelf is short; a
 * larger minimum at a lower price wins when the units it adds cost less to hold than they save.
 *
 * Excess is bounded: an order may exceed what is needed by what the supplier's minimum and pack
 * size force, and beyond that only to reach a cheaper price break, by at most MAX_EXCESS_SHARE of
 * the target level.
 */
export const MAX_EXCESS_SHARE = 0.25;

export interface PlanContext {
  /** Units that bring the stock position back to target. */
  needed: number;
  targetLevel: number;
  onHand: number;
  /** Units a business day; absent or 0, the shelf is not projected to run empty while stock is on hand. */
  dailyDemand?: number | null;
  /** Standard deviation of a day's demand (the forecast's); absent, demand is taken as steady. */
  demandSigma?: number | null;
  /** Holding cost, % of the price a year: what stock bought costs over the days it covers. */
  holdingPctPerYear?: number;
  now: string;
  memory?: Pick<AgentMemory, 'suppliers'>;
  /** Leave out lines priced above this (an approval's ceiling). */
  maxUnitPrice?: number;
}

/** What one quote costs at the quantity that suits it best. */
export interface PlannedLine {
  quote: Quote;
  quantity: number;
  unitPrice: number;
  /** The goods plus the freight. */
  total: number;
  /** The supplier's freight for an order of this size (0: none). */
  freight: number;
  /** The least this supplier can sell at or above what is needed (its least order value included). */
  minimum: number;
  /** The line's cost with its freight in exact integer units (see lineUnits). */
  cost: number;
}

export interface Alternative {
  quoteId: string;
  supplier: string;
  quantity: number;
  unitPrice: number;
  total: number;
  freight?: number;
  leadTimeDays: number;
  inTime: boolean;
}

export interface PurchasePlan {
  quote: Quote;
  quantity: number;
  unitPrice: number;
  total: number;
  freight: number;
  reason: string;
  /** Every valid quote's best line, the chosen one first, in the order they were ranked. */
  alternatives: Alternative[];
}

export const packOf = (q: Pick<Quote, 'orderMultiple'>): number => q.orderMultiple ?? 1;

/** The smallest orderable quantity of at least `n`: the supplier's minimum, in whole packs. */
export function orderable(n: number, q: Pick<Quote, 'moq' | 'orderMultiple'>): number {
  const pack = packOf(q);
  return Math.ceil(Math.max(n, q.moq, 1) / pack) * pack;
}

/** The price of each unit in an order of `quantity`: the highest break it reaches, else the quote's price. */
export function unitPriceAt(q: Pick<Quote, 'unitPrice' | 'priceBreaks'>, quantity: number): number {
  const reached = (q.priceBreaks ?? []).filter((b) => b.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity);
  return reached[0]?.unitPrice ?? q.unitPrice;
}

/** The most a plan may order from a supplier whose least orderable quantity is `minimum`. */
export const excessLimit = (minimum: number, needed: number, targetLevel: number): number =>
  Math.max(minimum, needed + Math.floor(MAX_EXCESS_SHARE * targetLevel));

/**
 * The least orderable quantity from `from` up whose goods come to `value` at the price it reaches.
 * For the least such quantity at price p, the orderable quantity of value / p is no larger and no
 * cheaper a unit, so trying each price the quote has finds it.
 */
export function leastWorth(quote: Pick<Quote, 'unitPrice' | 'priceBreaks' | 'moq' | 'orderMultiple'>, from: number, value: number): number {
  const worth = (q: number) => lineTotal(q, unitPriceAt(quote, q)) >= value;
  if (worth(from)) return from;
  const prices = [quote.unitPrice, ...(quote.priceBreaks ?? []).map((b) => b.unitPrice)];
  return Math.min(...prices.map((p) => orderable(Math.max(from, Math.ceil(value / p)), quote)).filter(worth));
}

/** The least a supplier sells toward `needed`: its minimum and packs, then its least order value. */
export function leastOrder(quote: Quote, needed: number): number {
  const least = lineCosts(quote)?.minOrderValue;
  return least === undefined ? orderable(needed, quote) : leastWorth(quote, orderable(needed, quote), least);
}

/** One quote's line of `quantity`: its price break, its freight, its whole cost. */
export function lineOf(quote: Quote, quantity: number, minimum: number): PlannedLine {
  const unitPrice = unitPriceAt(quote, quantity);
  const freight = lineFreight(quote, lineTotal(quantity, unitPrice));
  return { quote, quantity, unitPrice, ...orderTotals(quantity, unitPrice, freight), freight, minimum, cost: lineUnits(quantity, unitPrice) + priceUnits(freight) };
}

/**
 * The cheapest line for one quote: the least orderable quantity, or more where a price break or
 * free freight makes the whole order cheaper, within the excess bound. Null when every line is above
 * the ceiling.
 */
export function planLine(quote: Quote, ctx: Pick<PlanContext, 'needed' | 'targetLevel' | 'maxUnitPrice'>): PlannedLine | null {
  const minimum = leastOrder(quote, ctx.needed);
  const limit = excessLimit(minimum, ctx.needed, ctx.targetLevel);
  const costs = lineCosts(quote);
  const freeFrom = costs?.freight ? costs.freeFreightFrom : undefined;
  const quantities = [
    minimum, ...(quote.priceBreaks ?? []).map((b) => orderable(Math.max(b.minQuantity, minimum), quote)),
    ...(freeFrom !== undefined ? [leastWorth(quote, minimum, freeFrom)] : []),
  ].filter((n) => n <= limit);
  const lines = [...new Set(quantities)]
    .map((quantity) => lineOf(quote, quantity, minimum))
    .filter((l) => ctx.maxUnitPrice === undefined || l.unitPrice <= ctx.maxUnitPrice)
    .sort((a, b) => a.cost - b.cost || a.quantity - b.quantity);
  return lines[0] ?? null;
}

interface Ranked extends PlannedLine {
  inTime: boolean;
  record: SupplierMemory | undefined;
  /** Units expected short over the quote's lead time, the holding cost of the line, and the expected cost in cents. */
  short: number;
  holding: number;
  expected: number;
}

/** Deliveries within promise, smoothed so one delivery is not a certainty: (on time + 1) / (seen + 2). */
const onTimeRate = (m: SupplierMemory | undefined): number => ((m?.onTime ?? 0) + 1) / ((m?.onTime ?? 0) + (m?.late ?? 0) + 2);

/** Orders the supplier let down after taking them: refused, or left unanswered through every chase. */
const letDown = (m: SupplierMemory | undefined): number => (m?.refusals ?? 0) + (m?.silences ?? 0);

/** Reliability from memory: fewer orders let down, then more often on time, then faster as actually seen. */
function byReliability(a: Ranked, b: Ranked): number {
  return letDown(a.record) - letDown(b.record) ||
    onTimeRate(b.record) - onTimeRate(a.record) ||
    (a.record?.lastLeadDays ?? a.quote.leadTimeDays) - (b.record?.lastLeadDays ?? b.quote.leadTimeDays);
}

const stable = (a: Ranked, b: Ranked): number =>
  a.quote.leadTimeDays - b.quote.leadTimeDays || a.quote.supplier.localeCompare(b.quote.supplier) || a.quote.quoteId.localeCompare(b.quote.quoteId);

const cheapestFirst = (a: Ranked, b: Ranked): number => a.expected - b.expected || byReliability(a, b) || stable(a, b);
const fastestFirst = (a: Ranked, b: Ranked): number =>
  a.quote.leadTimeDays - b.quote.leadTimeDays || a.cost - b.cost || byReliability(a, b) || stable(a, b);

/** What a line is expected to cost: its goods, holding them over their cover, and the units short meanwhile at `shortageCost` each. */
export function expectedCost(l: PlannedLine, ctx: PlanContext, shortageCost: number): Pick<Ranked, 'short' | 'holding' | 'expected'> {
  const d = ctx.dailyDemand ?? 0;
  const short = d > 0
    ? expectedShortage(Math.max(0, ctx.onHand), { daily: d, sigmaDaily: ctx.demandSigma ?? 0, leadDays: l.quote.leadTimeDays, sigmaLeadDays: 0 })
    : 0;
  // The stock bought is held half its cover on average.
  const goodsTotal = l.total - l.freight;
  const holding = d > 0 ? (goodsTotal * ((ctx.holdingPctPerYear ?? 0) / 100) / BUSINESS_DAYS_A_YEAR) * (l.quantity / (2 * d)) : 0;
  // With demand known, units beyond the need are sold later, not wasted: they cost their holding, and
  // the goods are weighed for the need alone. Without it, an excess may never sell: the whole line counts.
  // The freight is the order's whatever its size.
  const goods = d > 0 && ctx.needed > 0 ? l.unitPrice * ctx.needed : goodsTotal;
  return { short, holding, expected: Math.round((goods + l.freight + holding + short * shortageCost) * 100) };
}

/** The quote to buy from, how many and at what price, and why; null when no valid quote has a line within the ceiling. */
export function planPurchase(quotes: Quote[], ctx: PlanContext): PurchasePlan | null {
  const cover = daysOfCover({ onHand: ctx.onHand, dailyDemand: ctx.dailyDemand ?? undefined });
  const lines = quotes.filter((q) => isQuoteValid(q, ctx.now)).flatMap((quote) => planLine(quote, ctx) ?? []);
  const shortageCost = Math.max(0, ...lines.map((l) => l.unitPrice));
  const ranked: Ranked[] = lines.map((line) => ({
    ...line, ...expectedCost(line, ctx, shortageCost),
    inTime: cover === null || line.quote.leadTimeDays < cover, record: ctx.memory?.suppliers[line.quote.supplier],
  }));
  // An empty shelf whose demand is unknown has no shortage to weigh: the fastest brings it back soonest.
  const urgentBlind = ctx.onHand <= 0 && !(ctx.dailyDemand && ctx.dailyDemand > 0);
  const order = ranked.sort(urgentBlind ? fastestFirst : cheapestFirst);
  const best = order[0];
  if (!best) return null;
  return {
    quote: best.quote,
    quantity: best.quantity,
    unitPrice: best.unitPrice,
    total: best.total,
    freight: best.freight,
    reason: urgentBlind ? explainEmpty(best, order, ctx) : explain(best, order, cover, ctx),
    alternatives: order.map((r) => ({
      quoteId: r.quote.quoteId, supplier: r.quote.supplier, quantity: r.quantity, unitPrice: r.unitPrice,
      total: r.total, ...(r.freight > 0 ? { freight: r.freight } : {}), leadTimeDays: r.quote.leadTimeDays, inTime: r.inTime,
    })),
  };
}

const money = (n: number): string => n.toFixed(2);
const dayCount = (n: number): string => `${Math.round(n * 10) / 10} day${n === 1 ? '' : 's'}`;
const line = (r: PlannedLine): string =>
  `${r.quote.supplier} ${r.quantity} at ${r.unitPrice}${r.freight > 0 ? ` + freight ${money(r.freight)}` : ''} = ${money(r.total)}`
  + (r.quote.gathered ? ` (joining ${money(r.quote.gathered)} of goods gathering for its next consolidated PO, which bears its freight)` : '');

const units = (n: number): string => `${Math.round(n * 10) / 10} unit${Math.round(n * 10) === 10 ? '' : 's'}`;
const risk = (r: Ranked): string => (r.short > 0.05 ? `${units(r.short)} short expected` : 'no shortage expected');

function explain(best: Ranked, order: Ranked[], cover: number | null, ctx: PlanContext): string {
  const others = order.filter((r) => r !== best);
  const known = Boolean(ctx.dailyDemand && ctx.dailyDemand > 0);
  const parts = [
    `${line(best)} in ${dayCount(best.quote.leadTimeDays)}: the lowest expected cost of ${order.length} valid quote${order.length === 1 ? '' : 's'}, `
      + (known ? `${money(best.expected / 100)} with holding and ${risk(best)} (stock lasts ${dayCount(cover!)})` : `${money(best.expected / 100)}, the goods alone: no demand known to weigh holding or shortage`),
  ];
  const runnerUp = others[0];
  if (runnerUp && runnerUp.expected > best.expected) {
    parts.push(`${best.quote.supplier} costs ${money((runnerUp.expected - best.expected) / 100)} less than ${runnerUp.quote.supplier} `
      + `(${line(runnerUp)} in ${dayCount(runnerUp.quote.leadTimeDays)}${known ? `, ${risk(runnerUp)}` : ''})`
      + `${best.short > 0.05 ? `, at a risk of ${units(best.short)} short` : ''}`);
  }
  parts.push(...common(best, others, ctx));
  return parts.join('; ');
}

function explainEmpty(best: Ranked, order: Ranked[], ctx: PlanContext): string {
  const others = order.filter((r) => r !== best);
  return [
    `the shelf is empty and its demand unknown; fastest: ${best.quote.supplier} in ${dayCount(best.quote.leadTimeDays)}, ${best.quantity} at ${best.unitPrice} = ${money(best.total)}`,
    ...common(best, others, ctx),
  ].join('; ');
}

function common(best: Ranked, others: Ranked[], ctx: PlanContext): string[] {
  const parts: string[] = [];
  const excess = best.quantity - ctx.needed;
  if (excess > 0) parts.push(`${excess} over the ${ctx.needed} needed: ${whyMore(best, ctx.needed)}`);
  const tied = others.find((r) => r.expected === best.expected && byReliability(best, r) < 0);
  if (tied) parts.push(`same expected cost as ${tied.quote.supplier}, chosen as the more reliable (${record(best)} against ${record(tied)})`);
  if (others.length) parts.push(`others: ${others.slice(0, 3).map((r) => `${line(r)} in ${dayCount(r.quote.leadTimeDays)}${r.inTime ? '' : ' (after the projected stock-out)'}`).join('; ')}`);
  return parts;
}

function whyMore(r: PlannedLine, needed: number): string {
  if (r.quantity > r.minimum) {
    const least = lineOf(r.quote, r.minimum, r.minimum);
    const reached = r.unitPrice < least.unitPrice ? `reaches the ${r.unitPrice} price break` : `ships free (from ${money(r.quote.orderCosts!.freeFreightFrom!)})`;
    return `${r.quantity} ${reached}, cheaper in total than ${line(least).replace(`${r.quote.supplier} `, '')} ` +
      `(at most ${Math.round(MAX_EXCESS_SHARE * 100)}% of target over what is needed)`;
  }
  const pack = packOf(r.quote);
  if (r.quantity > orderable(needed, r.quote)) {
    const gathered = r.quote.gathered ? `, of which ${money(r.quote.gathered)} is gathering for its next consolidated PO` : '';
    return `the supplier's least order value is ${money(r.quote.orderCosts!.minOrderValue!)}${gathered}`;
  }
  return r.quote.moq >= r.quantity ? `the supplier's minimum order is ${r.quote.moq}` : `sold in packs of ${pack}`;
}

function record(r: Ranked): string {
  const m = r.record;
  if (!m) return 'no history';
  const seen = (m.onTime ?? 0) + (m.late ?? 0);
  return [
    seen ? `on time ${m.onTime ?? 0}/${seen}` : null,
    m.refusals ? `${m.refusals} refused` : null,
    m.silences ? `${m.silences} unanswered` : null,
    m.lastLeadDays !== null ? `took ${dayCount(m.lastLeadDays)}` : null,
  ].filter(Boolean).join(', ') || `${m.orders} order${m.orders === 1 ? '' : 's'}`;
}

/**
 * Why the drafted PO's supplier, as the plan weighs it now (its runner-up, the saving, the risk of
 * running short): what the manager reads beside the price. Null when the plan would now choose
 * otherwise (the quotes moved since the draft) or cannot say.
 */
export function whyThisSupplier(s: ReplenishState, now: string): string | null {
  const plan = s.po ? planPurchase(s.quotes ?? [], { ...planContext(s, now), maxUnitPrice: undefined }) : null;
  return plan && plan.quote.quoteId === s.po!.quoteId ? plan.reason : null;
}

/** How much a replenishment needs and how far it may overshoot: what a line is planned against. */
export function needs(s: Pick<ReplenishState, 'needed' | 'stock' | 'suppliers' | 'policy'>): Pick<PlanContext, 'needed' | 'targetLevel'> {
  return { needed: s.needed, targetLevel: stockLevels(s.stock, { suppliers: s.suppliers ?? {} }, s.policy).targetLevel };
}

/** A replenishment's plan context, under the manager's ceiling when the approval holds one. */
export function planContext(s: ReplenishState, now: string): PlanContext {
  const ceiling = s.decision?.kind === 'approved' ? { maxUnitPrice: s.decision.maxUnitPrice } : {};
  const levels = stockLevels(s.stock, { suppliers: s.suppliers ?? {} }, s.policy);
  return {
    ...needs(s), onHand: s.stock.onHand, dailyDemand: levels.dailyDemand ?? s.stock.dailyDemand ?? null,
    demandSigma: levels.policy?.forecast.sigma ?? null, holdingPctPerYear: (s.policy ?? defaultInventoryPolicy).holdingCostPctPerYear,
    now, memory: { suppliers: s.suppliers ?? {} }, ...ceiling,
  };
}
