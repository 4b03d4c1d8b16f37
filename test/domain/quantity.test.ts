import { describe, expect, it } from 'vitest';
import { lineTotal, lineUnits, quantityNeeded } from '../../src/domain/quantity.js';
import { belowSafetyStock } from '../../src/domain/agent.js';
import { stock } from '../support/states.js';

describe('min/max order quantity', () => {
  it('brings the stock position back to the target level', () => {
    expect(quantityNeeded(stock({ onHand: 10, onOrder: 0, targetLevel: 100 }))).toBe(90);
  });

  it('counts goods already on order as part of the position', () => {
    expect(quantityNeeded(stock({ onHand: 10, onOrder: 30, targetLevel: 100 }))).toBe(60);
  });

  it('orders the full target when the shelf is in deficit (back orders from customers)', () => {
    expect(quantityNeeded(stock({ onHand: -15, onOrder: 0, targetLevel: 100 }))).toBe(115);
  });

  it('needs nothing when the position is at or above the target', () => {
    expect(quantityNeeded(stock({ onHand: 100, targetLevel: 100 }))).toBe(0);
    expect(quantityNeeded(stock({ onHand: 80, onOrder: 40, targetLevel: 100 }))).toBe(0);
  });

  it('totals a line in cents, without floating-point leftovers', () => {
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(90, 2.55)).toBe(229.5);
    expect(lineTotal(510, 0.05)).toBe(25.5);
    expect(lineTotal(7, 0.0275)).toBe(0.19);
    expect(lineTotal(1, 0.005)).toBe(0.01);
  });

  it('compares line costs exactly, to a hundredth of a cent', () => {
    expect(lineUnits(1000, 0.03)).toBe(300_000);
    expect(lineUnits(3, 0.1)).toBe(lineUnits(1, 0.3));
    expect(lineUnits(1000, 0.0275)).toBeLessThan(lineUnits(1000, 0.0276));
  });

  it('wakes the agent only when the position falls below safety stock', () => {
    expect(belowSafetyStock(stock({ onHand: 19, onOrder: 0, safetyStock: 20 }))).toBe(true);
    expect(belowSafetyStock(stock({ onHand: 15, onOrder: 5, safetyStock: 20 }))).toBe(false);
    expect(belowSafetyStock(stock({ onHand: 20, safetyStock: 20 }))).toBe(false);
  });
});
