import { forecastDemand, type Forecast } from './forecast.js';
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

/** The supplier planned with: the one seen most recently that has delivered. */
function plannedSupplier(memory?: Pick<AgentMemory, 'suppliers'>): [string, SupplierMemory] | undefined {
  return Object.entries(memory?.suppliers ?? {})
    .filter(([, m]) => m.lastLeadDays !== null)
    .sort(([, a], [, b]) => b.lastSeen.localeCompare(a.lastSeen))[0];
}

/**
 * The lead time to plan with: what the most recently seen supplier actually took, since it is
 * the likeliest to be used again; the default before any delivery.
 */
export function expectedLeadDays(memory?: Pick<AgentMemory, 'suppliers'>): number {
  return plannedSupplier(memory)?.[1].lastLeadDays ?? DEFAULT_LEAD_DAYS;
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
  if (!hasDemand(stock)) {
    return { source: 'typed', dailyDemand: null, leadDays, reorderPoint: stock.safetyStock, targetLevel: stock.targetLevel };
  }
  const d = stock.dailyDemand;
  const reorderPoint = Math.ceil(d * leadDays) + stock.safetyStock;
  return { source: 'demand', dailyDemand: d, leadDays, reorderPoint, targetLevel: reorderPoint + Math.ceil(d * DAYS_OF_COVER) };
}

function policyLevels(
  stock: Pick<StockLevel, 'safetyStock' | 'serviceLevel' | 'abcClass'>, forecast: Forecast, memory: Pick<AgentMemory, 'suppliers'> | undefined, policy: InventoryPolicy,
): StockLevels {
  const planned = plannedSupplier(memory);
  const seen = planned ? planned[1].leadDaysSeen ?? [planned[1].lastLeadDays!] : [];
  const lead = spreadOf(seen) ?? { mean: DEFAULT_LEAD_DAYS, sigma: 0 };
  const { level: serviceLevel, from } = serviceLevelOf(stock, policy);
  const d = forecast.daily;
  const computed = safetyStockFor(serviceLevel, { daily: d, sigmaDaily: forecast.sigma, leadDays: lead.mean, sigmaLeadDays: lead.sigma });
  const safety = Math.max(computed, stock.safetyStock);
  const reorderPoint = Math.ceil(d * lead.mean) + safety;
  const unitPrice = planned?.[1].lastPrice ?? null;
  const eoq = economicOrderQuantity(d, unitPrice, policy.orderCost, policy.holdingCostPctPerYear);
  const units = Math.min(Math.ceil(d * ORDER_COVER_DAYS.max), Math.max(Math.ceil(d * ORDER_COVER_DAYS.min), eoq ?? Math.ceil(d * DAYS_OF_COVER)));
  const round = (x: number) => Math.round(x * 100) / 100;
  const why = [
    `forecast ${round(d)} a day (σ ${round(forecast.sigma)}) from ${forecast.days} days${forecast.capped ? `, ${forecast.capped} exceptional day(s) capped at ${round(forecast.cap!)}` : ''}`,
    planned ? `lead time ${round(lead.mean)} days (σ ${round(lead.sigma)}) from ${seen.length} deliveries of ${planned[0]}` : `lead time ${DEFAULT_LEAD_DAYS} days assumed: no delivery seen yet`,
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
