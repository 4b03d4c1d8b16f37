import { describe, expect, it } from 'vitest';
import { belowSafetyStock, emptyMemory, remember } from '../../src/domain/agent.js';
import {
  DAYS_OF_COVER, DEFAULT_LEAD_DAYS, daysOfCover, expectedLeadDays, projectedStockOut, stockLevels,
} from '../../src/domain/demand.js';
import { quantityNeeded } from '../../src/domain/quantity.js';
import { initialState } from '../../src/domain/state.js';
import { at, DAY_MS, rules, stock, T0 } from '../support/states.js';

const memoryWithLead = (leadDays: number) => remember(emptyMemory(), {
  sku: 'SKU-1', replenishment: 1, poNumber: 'PO-SKU-1-1', outcome: 'received', reason: 'in', supplier: 'acme', unitPrice: 2,
  quantityOrdered: 90, quantityReceived: 90, orderedAt: at(0), receivedAt: at(leadDays), turns: 9,
}, rules());

describe('stock levels from demand', () => {
  it('keeps the typed-in safety stock and target when nothing is consumed', () => {
    expect(stockLevels(stock({ safetyStock: 20, targetLevel: 100 }))).toMatchObject({ source: 'typed', reorderPoint: 20, targetLevel: 100 });
    expect(stockLevels(stock({ safetyStock: 20, targetLevel: 100, dailyDemand: 0 }))).toMatchObject({ source: 'typed', reorderPoint: 20 });
  });

  it('reorders at the demand over the lead time plus safety stock, and fills up to days of cover past it', () => {
    // 4 a day over the 7 default lead days, plus 20 of safety stock; then 30 days of cover.
    const levels = stockLevels(stock({ safetyStock: 20, targetLevel: 100, dailyDemand: 4 }));
    expect(levels).toEqual({ source: 'demand', dailyDemand: 4, leadDays: DEFAULT_LEAD_DAYS, reorderPoint: 48, targetLevel: 48 + 4 * DAYS_OF_COVER });
  });

  it('rounds a fractional demand up to whole units', () => {
    expect(stockLevels(stock({ safetyStock: 0, dailyDemand: 0.3 }))).toMatchObject({ reorderPoint: 3, targetLevel: 3 + 9 });
  });

  it('plans with the lead time the last supplier actually took', () => {
    expect(expectedLeadDays()).toBe(DEFAULT_LEAD_DAYS);
    expect(expectedLeadDays(memoryWithLead(3))).toBe(3);
    expect(stockLevels(stock({ safetyStock: 20, dailyDemand: 4 }), memoryWithLead(3)).reorderPoint).toBe(32);
  });

  it('wakes the agent at the reorder point and orders up to the computed target', () => {
    const s = stock({ onHand: 47, safetyStock: 20, targetLevel: 100, dailyDemand: 4 });
    expect(belowSafetyStock(s)).toBe(true);
    expect(belowSafetyStock({ ...s, onHand: 48 })).toBe(false);
    expect(quantityNeeded(s)).toBe(168 - 47);
    expect(initialState(s, 1).needed).toBe(121);
  });

  it('projects when the shelf runs empty', () => {
    expect(daysOfCover(stock({ onHand: 10, dailyDemand: 4 }))).toBe(2.5);
    expect(daysOfCover(stock({ onHand: 10 }))).toBeNull();
    expect(daysOfCover(stock({ onHand: -3, dailyDemand: 4 }))).toBe(0);
    expect(projectedStockOut(stock({ onHand: 10, dailyDemand: 4 }), T0, DAY_MS)).toBe(at(2.5));
    expect(projectedStockOut(stock({ onHand: 10 }), T0, DAY_MS)).toBeNull();
  });
});
