import { forecastDemand, MIN_HISTORY_DAYS, type Forecast } from './forecast.js';
import type { AgentMemory, SupplierMemory } from './memory.js';
import { defaultInventoryPolicy, type InventoryPolicy } from './rules.js';
import { economicOrderQuantity, safetyStockFor, spreadOf, zFor } from './service-level.js';
import type { StockLevel } from './types.js';

/**
 * Reorder point and target, after Odoo's min/max reordering rules: the minimum is what is used
 * while an order is on its way plus a safety stock, the maximum the minimum plus an order's worth
 * (docs/buying.md, "Demand"; the formulas are in the README, "How much and when").
 *
 * With enough consumption history (src/domain/forecast.ts), the policy sets them for a service level:
 *   reorder point = ⌈d × L⌉ + max(typed safety stock, ⌈z · √(L·σd² + d²·σL²)⌉)
 *   target        = reorder point + EOQ, kept between ORDER_COVER_DAYS of demand
 * With only an average (a short history), the average and the typed-in safety stock:
 *   reorder point = ⌈daily demand × lead days⌉ + safety stock
 *   target        = reorder point + ⌈daily demand × days of cover⌉
 * Without demand (the world saw no consumption) the typed-in safety stock and target apply.
 */

/** Days of demand an order is meant to last once it is in, when no order quantity is weighed. */
export const DAYS_OF_COVER = 30;
/** The least and the most business days of demand one order may cover, whatever EOQ says. */
export const ORDER_COVER_DAYS = { min: 5, max: 60 } as const;
/** Lead time assumed before any supplier has delivered to this agent. */
export const DEFAULT_LEAD_DAYS = 7;

/** How the policy set the levels, for the page and GET /skus/:sku. */
export interface PolicyDetail {
  forecast: Forecast;
  leadTime: { days: number; sigma: number; deliveries: number; supplier: string | null };
  serviceLevel: number;
  serviceLevelFrom: 'sku' | 'class' | 'default';
  z: number;
  safetyStock: { computed: number; typed: number; used: number };
  orderQuantity: { units: number; eoq: number | null; unitPrice: number | null };
  why: string;
}

export interface StockLevels {
  source: 'policy' | 'demand' | 'typed';
  dailyDemand: number | null;
  leadDays: number;
  reorderPoint: number;
  targetLevel: number;
  policy?: PolicyDetail;
}

const hasDemand = (s: Pick<StockLevel, 'dailyDemand'>): s is { dailyDemand: number } =>
  s.dailyDemand !== undefined && s.dailyDemand > 0;

/** Orders let down (refused, or unanswered through every chase) at or above this share of three or more: not a supplier to plan for. */
export const UNRELIABLE_SHARE = 1 / 3;

const reliable = (m: SupplierMemory): boolean => m.orders < 3 || ((m.refusals ?? 0) + (m.silences ?? 0)) / m.orders < UNRELIABLE_SHARE;
/** The lead times to plan a supplier with: those it took, else the one it quotes. */
const leadsOf = (m: SupplierMemory): number[] =>
  m.leadDaysSeen?.length ? m.leadDaysSeen : m.lastLeadDays !== null ? [m.lastLeadDays] : m.quoted ? [m.quoted.leadTimeDays] : [];
const priceOf = (m: SupplierMemory): number => m.quoted?.unitPrice ?? m.lastPrice;

/**
 * The supplier the agent means to buy from next, whose lead time the reorder point is planned for:
 * the lowest price among the reliable suppliers it knows a lead time of (a longer lead's larger
 * safety stock costs a fraction of a percent a unit; the price difference between suppliers is
 * what matters). A faster, dearer one is then bought from only when stock is short (purchase-plan.ts),
 * and the cycle after goes back to this one.
 */
export function plannedSupplier(memory?: Pick<AgentMemory, 'suppliers'>): [string, SupplierMemory] | undefined {
  return Object.entries(memory?.suppliers ?? {})
    .filter(([, m]) => leadsOf(m).length > 0 && reliable(m))
    .sort(([an, a], [bn, b]) => priceOf(a) - priceOf(b) || Math.max(...leadsOf(a)) - Math.max(...leadsOf(b)) || an.localeCompare(bn))[0];
}

/** The lead time to plan with: the planned supplier's, as it delivered or else as it quotes; the default before any. */
export function expectedLeadDays(memory?: Pick<AgentMemory, 'suppliers'>): number {
  const planned = plannedSupplier(memory);
  return planned ? spreadOf(leadsOf(planned[1]))!.mean : DEFAULT_LEAD_DAYS;
}

/** The service level a SKU aims at: its own, its class's, or the deployment's. */
export function serviceLevelOf(stock: Pick<StockLevel, 'serviceLevel' | 'abcClass'>, policy: InventoryPolicy): { level: number; from: PolicyDetail['serviceLevelFrom'] } {
  if (stock.serviceLevel !== undefined) return { level: stock.serviceLevel, from: 'sku' };
  const byClass = stock.abcClass === undefined ? undefined : policy.serviceLevelByClass?.[stock.abcClass];
  return byClass !== undefined ? { level: byClass, from: 'class' } : { level: policy.serviceLevel, from: 'default' };
}

export function stockLevels(
  stock: Pick<StockLevel, 'safetyStock' | 'targetLevel' | 'dailyDemand' | 'demandHistory' | 'serviceLevel' | 'abcClass'>,
  memory?: Pick<AgentMemory, 'suppliers'>,
  policy: InventoryPolicy = defaultInventoryPolicy,
): StockLevels {
  const leadDays = expectedLeadDays(memory);
  const forecast = stock.demandHistory ? forecastDemand(stock.demandHistory) : null;
  if (forecast && forecast.daily > 0) return policyLevels(stock, forecast, memory, policy);
  const d = supportedDemand(stock);
  if (d === null) {
    return { source: 'typed', dailyDemand: null, leadDays, reorderPoint: stock.safetyStock, targetLevel: stock.targetLevel };
  }
  const reorderPoint = Math.ceil(d * leadDays) + stock.safetyStock;
  return { source: 'demand', dailyDemand: d, leadDays, reorderPoint, targetLevel: reorderPoint + Math.ceil(d * DAYS_OF_COVER) };
}

/**
 * The world's average, no higher than its history supports: over a history shorter than the
 * forecast needs, what was consumed spread over the days the forecast needs (one large order in the
 * first days is not a rate). Null without demand.
 */
function supportedDemand(stock: Pick<StockLevel, 'dailyDemand' | 'demandHistory'>): number | null {
  const reported = stock.dailyDemand;
  if (reported === undefined || reported <= 0) return null;
  const h = stock.demandHistory ?? [];
  if (h.length === 0 || h.length >= MIN_HISTORY_DAYS) return reported;
  const supported = h.reduce((a, b) => a + b, 0) / MIN_HISTORY_DAYS;
  return supported > 0 ? Math.min(reported, supported) : null;
}

function policyLevels(
  stock: Pick<StockLevel, 'safetyStock' | 'serviceLevel' | 'abcClass'>, forecast: Forecast, memory: Pick<AgentMemory, 'suppliers'> | undefined, policy: InventoryPolicy,
): StockLevels {
  const planned = plannedSupplier(memory);
  const seen = planned ? leadsOf(planned[1]) : [];
  const lead = spreadOf(seen) ?? { mean: DEFAULT_LEAD_DAYS, sigma: 0 };
  const { level: serviceLevel, from } = serviceLevelOf(stock, policy);
  const d = forecast.daily;
  const computed = safetyStockFor(serviceLevel, { daily: d, sigmaDaily: forecast.sigma, leadDays: lead.mean, sigmaLeadDays: lead.sigma });
  const safety = Math.max(computed, stock.safetyStock);
  const reorderPoint = Math.ceil(d * lead.mean) + safety;
  const unitPrice = planned ? priceOf(planned[1]) : null;
  const eoq = economicOrderQuantity(d, unitPrice, policy.orderCost, policy.holdingCostPctPerYear);
  const units = Math.min(Math.ceil(d * ORDER_COVER_DAYS.max), Math.max(Math.ceil(d * ORDER_COVER_DAYS.min), eoq ?? Math.ceil(d * DAYS_OF_COVER)));
  const round = (x: number) => Math.round(x * 100) / 100;
  const why = [
    `forecast ${round(d)} a day (σ ${round(forecast.sigma)}) from ${forecast.days} days${forecast.capped ? `, ${forecast.capped} exceptional day(s) capped at ${round(forecast.cap!)}` : ''}`,
    planned ? `lead time ${round(lead.mean)} days (σ ${round(lead.sigma)}) of ${planned[0]}, the cheapest reliable supplier, ${planned[1].leadDaysSeen?.length || planned[1].lastLeadDays !== null ? `from ${seen.length} deliveries` : 'as quoted'}` : `lead time ${DEFAULT_LEAD_DAYS} days assumed: no supplier known yet`,
    `safety stock ${safety} for a ${round(serviceLevel * 100)} % service level (z ${round(zFor(serviceLevel))})${stock.safetyStock > computed ? `: the typed-in ${stock.safetyStock}, above the ${computed} computed` : ''}`,
    eoq === null ? `order ${units}: ${DAYS_OF_COVER} days of demand (no price seen to weigh holding cost)` : `order ${units}${units === eoq ? '' : ` (EOQ ${eoq} kept within ${ORDER_COVER_DAYS.min}–${ORDER_COVER_DAYS.max} days of demand)`}: ordering at ${policy.orderCost} against holding at ${policy.holdingCostPctPerYear} % a year`,
  ].join('; ');
  return {
    source: 'policy',
    dailyDemand: round(d),
    leadDays: round(lead.mean),
    reorderPoint,
    targetLevel: reorderPoint + units,
    policy: {
      forecast,
      leadTime: { days: round(lead.mean), sigma: round(lead.sigma), deliveries: seen.length, supplier: planned?.[0] ?? null },
      serviceLevel,
      serviceLevelFrom: from,
      z: round(zFor(serviceLevel)),
      safetyStock: { computed, typed: stock.safetyStock, used: safety },
      orderQuantity: { units, eoq, unitPrice },
      why,
    },
  };
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
  stock: StockLevel, memory: Pick<AgentMemory, 'suppliers'> | undefined, now: string, dayMs: number, policy: InventoryPolicy = defaultInventoryPolicy,
): DemandView {
  const levels = stockLevels(stock, memory, policy);
  const d = levels.dailyDemand;
  const shown = { onHand: stock.onHand, dailyDemand: d ?? undefined };
  const cover = daysOfCover(shown);
  return {
    ...levels,
    daysOfCover: cover === null ? null : Math.round(cover * 10) / 10,
    projectedStockOut: projectedStockOut(shown, now, dayMs),
    coverDays: levels.policy && d ? Math.round((levels.policy.orderQuantity.units / d) * 10) / 10 : DAYS_OF_COVER,
  };
}
