import { describe, expect, it } from 'vitest';
import { belowSafetyStock, emptyMemory, remember } from '../../src/domain/agent.js';
import {
  DAYS_OF_COVER, DEFAULT_LEAD_DAYS, daysOfCover, expectedLeadDays, plannedSupplier, projectedStockOut, stockLevels,
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

  it('plans the reorder point for the cheapest reliable supplier it knows, not the one that delivered last', () => {
    // Bolt delivered last in 2 days; acme was quoted cheaper at 12 days: the trigger must leave acme its 12 days.
    const m = remember(memoryWithLead(2), {
      sku: 'SKU-1', replenishment: 2, poNumber: 'PO-SKU-1-2', outcome: 'received', reason: 'in', supplier: 'bolt', unitPrice: 3,
      quantityOrdered: 90, quantityReceived: 90, orderedAt: at(10), receivedAt: at(12), turns: 9,
      quoted: [{ supplier: 'bolt', unitPrice: 3, leadTimeDays: 2 }, { supplier: 'cheap', unitPrice: 1.5, leadTimeDays: 12 }],
    }, rules());
    expect(plannedSupplier(m)?.[0]).toBe('cheap');
    expect(expectedLeadDays(m)).toBe(12);
    expect(stockLevels(stock({ safetyStock: 20, dailyDemand: 4 }), m).reorderPoint).toBe(4 * 12 + 20);
  });

  it('does not plan for a supplier that let down a third of its orders or more', () => {
    const m = { suppliers: {
      cheap: { orders: 3, received: 2, lastPrice: 1.5, lastLeadDays: 12, lastSeen: at(1), refusals: 1 },
      acme: { orders: 1, received: 1, lastPrice: 2, lastLeadDays: 5, lastSeen: at(0) },
    } };
    expect(plannedSupplier(m)?.[0]).toBe('acme');
  });

  it('takes a world\'s average over a few days of history no higher than those days support', () => {
    // 60 units on the first of three days: the world says 20 a day; ten days' worth of history says 6.
    expect(stockLevels(stock({ safetyStock: 0, dailyDemand: 20, demandHistory: [60, 0, 0] })).dailyDemand).toBe(6);
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
