import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowSafetyStock, emptyMemory, remember } from '../../src/domain/agent.js';
import { DEFAULT_LEAD_DAYS, ORDER_COVER_DAYS, stockLevels } from '../../src/domain/demand.js';
import { capOf, forecastDemand, MIN_HISTORY_DAYS } from '../../src/domain/forecast.js';
import { quantityNeeded } from '../../src/domain/quantity.js';
import { InventoryPolicy } from '../../src/domain/rules.js';
import { economicOrderQuantity, expectedShortage, normalCdf, safetyStockFor, spreadOf, zFor } from '../../src/domain/service-level.js';
import { at, rules, stock } from '../support/states.js';

const policy = (o: Partial<InventoryPolicy> = {}) => InventoryPolicy.parse(o);
/** A steady demand around `mean` that swings by `swing` on alternate days. */
const swinging = (mean: number, swing: number, days = 40) => Array.from({ length: days }, (_, i) => mean + (i % 2 ? swing : -swing));
const memoryWithLeads = (...leads: number[]) => leads.reduce((m, lead, i) => remember(m, {
  sku: 'SKU-1', replenishment: i + 1, poNumber: `PO-SKU-1-${i + 1}`, outcome: 'received', reason: 'in', supplier: 'acme', unitPrice: 4,
  quantityOrdered: 90, quantityReceived: 90, orderedAt: at(i * 30), receivedAt: at(i * 30 + lead), turns: 9,
}, rules()), emptyMemory());

describe('the service level\'s z', () => {
  it('is the standard normal quantile', () => {
    expect(zFor(0.5)).toBeCloseTo(0, 9);
    expect(zFor(0.95)).toBeCloseTo(1.6449, 4);
    expect(zFor(0.975)).toBeCloseTo(1.96, 3);
    expect(zFor(0.99)).toBeCloseTo(2.3263, 4);
    expect(zFor(0.999)).toBeCloseTo(3.0902, 4);
    expect(() => zFor(1)).toThrow(/between 0 and 1/);
  });
});

describe('the forecast', () => {
  it('needs some history, and follows a steady demand', () => {
    expect(forecastDemand(swinging(10, 2, MIN_HISTORY_DAYS - 1))).toBeNull();
    const f = forecastDemand(swinging(10, 2))!;
    expect(f.daily).toBeCloseTo(10, 0);
    expect(f.sigma).toBeGreaterThan(1.5);
    expect(f.capped).toBe(0);
  });

  it('follows a trend up', () => {
    const rising = Array.from({ length: 60 }, (_, i) => 5 + i * 0.5);
    const f = forecastDemand(rising)!;
    expect(f.trend).toBeGreaterThan(0.2);
    expect(f.daily).toBeGreaterThan(30);
  });

  it('forecasts intermittent demand by order size over interval, not by the last order', () => {
    // An order of 12 every fourth day: 3 a day, whether the history ends on an order or between two.
    const every4 = Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? 12 : 0));
    const onOrder = forecastDemand(every4)!;
    const between = forecastDemand([...every4, 0, 0])!;
    expect(onOrder.daily).toBeCloseTo(3 * (1 - 0.1 / 2), 5);
    expect(between.daily).toBeCloseTo(onOrder.daily, 5);
    expect(onOrder.trend).toBe(0);
    expect(onOrder.sigma).toBeGreaterThan(4);
  });

  it('caps one huge order instead of planning months around it', () => {
    const history = swinging(10, 2);
    history[30] = 400;
    const f = forecastDemand(history)!;
    expect(f.capped).toBe(1);
    expect(f.cap).toBeLessThan(30);
    expect(f.daily).toBeLessThan(15);
    // Intermittent demand keeps its real orders: the usual size is of the days with demand.
    expect(capOf([0, 0, 0, 0, 0, 0, 0, 0, 0, 12])).toBeNull();
    const intermittent = [0, 0, 12, 0, 0, 0, 10, 0, 0, 14, 0, 0, 11, 0, 0, 0, 13, 0, 0, 300];
    expect(capOf(intermittent)).toBeGreaterThan(14);
    expect(forecastDemand(intermittent)!.capped).toBe(1);
  });
});

describe('levels for a service level', () => {
  it('sets safety stock from the spread of demand and lead time, and says why', () => {
    const levels = stockLevels(stock({ safetyStock: 0, demandHistory: swinging(10, 3) }), memoryWithLeads(5, 7, 6), policy());
    expect(levels.source).toBe('policy');
    const p = levels.policy!;
    expect(p.leadTime).toMatchObject({ days: 6, sigma: 1, deliveries: 3, supplier: 'acme' });
    expect(p.safetyStock.used).toBe(safetyStockFor(0.95, { daily: p.forecast.daily, sigmaDaily: p.forecast.sigma, leadDays: 6, sigmaLeadDays: 1 }));
    expect(levels.reorderPoint).toBe(Math.ceil(p.forecast.daily * 6) + p.safetyStock.used);
    expect(p.why).toMatch(/95 % service level/);
    expect(p.why).toMatch(/of acme, the cheapest reliable supplier, from 3 deliveries/);
  });

  it('keeps the typed-in safety stock as a floor, and plans with the default lead time before any delivery', () => {
    const levels = stockLevels(stock({ safetyStock: 500, demandHistory: swinging(10, 1) }), emptyMemory(), policy());
    expect(levels.policy!.safetyStock).toMatchObject({ typed: 500, used: 500 });
    expect(levels.leadDays).toBe(DEFAULT_LEAD_DAYS);
    expect(levels.policy!.why).toMatch(/typed-in 500/);
  });

  it('takes the SKU\'s own service level over its class\'s, and its class\'s over the default', () => {
    const p = policy({ serviceLevel: 0.9, serviceLevelByClass: { A: 0.99 } });
    const history = swinging(10, 3);
    expect(stockLevels(stock({ demandHistory: history }), undefined, p).policy).toMatchObject({ serviceLevel: 0.9, serviceLevelFrom: 'default' });
    expect(stockLevels(stock({ demandHistory: history, abcClass: 'A' }), undefined, p).policy).toMatchObject({ serviceLevel: 0.99, serviceLevelFrom: 'class' });
    expect(stockLevels(stock({ demandHistory: history, abcClass: 'A', serviceLevel: 0.8 }), undefined, p).policy).toMatchObject({ serviceLevel: 0.8, serviceLevelFrom: 'sku' });
  });

  it('orders the economic quantity, within a week and a quarter of demand', () => {
    expect(economicOrderQuantity(10, 4, 50, 25)).toBe(Math.ceil(Math.sqrt(2 * 10 * 250 * 50 / 1)));
    expect(economicOrderQuantity(10, null, 50, 25)).toBeNull();
    const levels = stockLevels(stock({ demandHistory: swinging(10, 1) }), memoryWithLeads(5), policy());
    const { units, eoq } = levels.policy!.orderQuantity;
    expect(eoq).toBe(economicOrderQuantity(levels.policy!.forecast.daily, 4, 50, 25));
    expect(levels.targetLevel - levels.reorderPoint).toBe(units);
    // A dear order on a cheap part would cover years: it is kept within 60 days of demand.
    const cheap = stockLevels(stock({ demandHistory: swinging(10, 1) }), memoryWithLeads(5), policy({ orderCost: 5000 }));
    expect(cheap.policy!.orderQuantity.units).toBe(Math.ceil(cheap.policy!.forecast.daily * ORDER_COVER_DAYS.max));
  });

  it('keeps the average-demand rule when the history is too short', () => {
    expect(stockLevels(stock({ dailyDemand: 4, demandHistory: [4, 4, 4] }), undefined, policy()).source).toBe('demand');
  });
});

describe('the policy\'s properties', () => {
  const variability = fc.record({
    daily: fc.double({ min: 0.1, max: 500, noNaN: true }),
    sigmaDaily: fc.double({ min: 0, max: 200, noNaN: true }),
    leadDays: fc.double({ min: 0.5, max: 40, noNaN: true }),
    sigmaLeadDays: fc.double({ min: 0, max: 10, noNaN: true }),
  });
  const level = fc.double({ min: 0.51, max: 0.999, noNaN: true });

  it('safety stock never falls when demand or lead time varies more', () => {
    fc.assert(fc.property(variability, level, fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (v, sl, moreD, moreL) => {
      const base = safetyStockFor(sl, v);
      expect(safetyStockFor(sl, { ...v, sigmaDaily: v.sigmaDaily + moreD })).toBeGreaterThanOrEqual(base);
      expect(safetyStockFor(sl, { ...v, sigmaLeadDays: v.sigmaLeadDays + moreL })).toBeGreaterThanOrEqual(base);
    }));
  });

  it('safety stock never falls when the service level rises', () => {
    fc.assert(fc.property(variability, level, level, (v, a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      expect(safetyStockFor(hi, v)).toBeGreaterThanOrEqual(safetyStockFor(lo, v));
    }));
  });

  it('a replenishment below the reorder point always orders at least the shortfall to it', () => {
    const history = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: MIN_HISTORY_DAYS, maxLength: 60 });
    const leads = fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 6 });
    fc.assert(fc.property(history, leads, fc.integer({ min: -50, max: 2000 }), fc.integer({ min: 0, max: 300 }), level, (h, ls, onHand, typed, sl) => {
      const s = stock({ onHand, onOrder: 0, safetyStock: typed, demandHistory: h, serviceLevel: sl });
      const memory = memoryWithLeads(...ls);
      const levels = stockLevels(s, memory, policy());
      expect(levels.targetLevel).toBeGreaterThanOrEqual(levels.reorderPoint);
      if (belowSafetyStock(s, memory, policy())) {
        expect(onHand + quantityNeeded(s, memory, policy())).toBeGreaterThanOrEqual(levels.reorderPoint);
      }
    }));
  });

  it('the spread of lead times is their sample deviation', () => {
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([5])).toEqual({ mean: 5, sigma: 0 });
    expect(spreadOf([5, 7, 6])).toEqual({ mean: 6, sigma: 1 });
  });
});

describe('units expected short while an order is on its way', () => {
  it('is what the lead time\'s demand exceeds the stock by, without spread', () => {
    expect(expectedShortage(30, { daily: 10, sigmaDaily: 0, leadDays: 5, sigmaLeadDays: 0 })).toBe(20);
    expect(expectedShortage(60, { daily: 10, sigmaDaily: 0, leadDays: 5, sigmaLeadDays: 0 })).toBe(0);
  });

  it('is the normal loss over the lead time\'s demand: about 0.4 σ short when stock just meets the mean', () => {
    expect(expectedShortage(40, { daily: 10, sigmaDaily: 4, leadDays: 4, sigmaLeadDays: 0 })).toBeCloseTo(0.3989 * 8, 3);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.6449)).toBeCloseTo(0.95, 4);
  });

  it('never grows with more stock, and never falls with a longer lead time', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 30 }),
      (onHand, daily, sigma, lead) => {
        const v = { daily, sigmaDaily: sigma, leadDays: lead, sigmaLeadDays: 0 };
        expect(expectedShortage(onHand + 10, v)).toBeLessThanOrEqual(expectedShortage(onHand, v) + 1e-9);
        expect(expectedShortage(onHand, { ...v, leadDays: lead + 1 })).toBeGreaterThanOrEqual(expectedShortage(onHand, v) - 1e-9);
      }), { numRuns: 300 });
  });
});
