import { describe, expect, it } from 'vitest';
import { editedLine } from '../../src/domain/approval-edit.js';
import { freightFor, lineCosts, repriced } from '../../src/domain/order-costs.js';
import { leastWorth, planLine, planPurchase, type PlanContext } from '../../src/domain/purchase-plan.js';
import { draftFor } from '../../src/tools/draft-purchase-order.js';
import { awaitingApproval, drafted, lowStock, quote, quoted, T0 } from '../support/states.js';

// Freight below a free-freight value and a least order value are the supplier's per order: the
// plan weighs the whole PO, and the PO's total carries the freight wherever its price moves.

const ctx = (overrides: Partial<PlanContext> = {}): PlanContext => ({ needed: 90, targetLevel: 100, onHand: 10, now: T0, ...overrides });

describe('a supplier\'s costs per order', () => {
  it('charges freight below the free-freight value and none from it on', () => {
    const q = quote({ orderCosts: { freight: 30, freeFreightFrom: 200 } });
    expect([freightFor(q, 199.99), freightFor(q, 200), freightFor(quote(), 10)]).toEqual([30, 0, 0]);
  });

  it('buys up to free freight when the whole order then costs less, and says so', () => {
    const q = quote({ unitPrice: 2, moq: 1, orderCosts: { freight: 30, freeFreightFrom: 200 } });
    expect(planLine(q, ctx())).toMatchObject({ quantity: 100, unitPrice: 2, total: 200, freight: 0 });
    const plan = planPurchase([q], ctx())!;
    expect(plan.reason).toContain('10 over the 90 needed: 100 ships free (from 200.00), cheaper in total than 90 at 2 + freight 30.00 = 210.00');
  });

  it('pays the freight when reaching free freight would overshoot the excess bound', () => {
    const q = quote({ unitPrice: 2, moq: 1, orderCosts: { freight: 30, freeFreightFrom: 400 } });
    expect(planLine(q, ctx())).toMatchObject({ quantity: 90, total: 210, freight: 30 });
  });

  it('chooses the supplier whose order costs less with its freight, not the lower unit price', () => {
    const dearFreight = quote({ quoteId: 'Q-FREIGHT', supplier: 'freighty', unitPrice: 2, orderCosts: { freight: 50 } });
    const plain = quote({ quoteId: 'Q-PLAIN', supplier: 'plain', unitPrice: 2.3 });
    const plan = planPurchase([dearFreight, plain], ctx())!;
    expect(plan).toMatchObject({ quantity: 90, unitPrice: 2.3, total: 207, freight: 0 });
    expect(plan.reason).toContain('freighty 90 at 2 + freight 50.00 = 230.00');
    expect(plan.alternatives.find((a) => a.supplier === 'freighty')).toMatchObject({ total: 230, freight: 50 });
  });

  it('orders at least the supplier\'s least order value, even beyond the excess bound, and says why', () => {
    const q = quote({ unitPrice: 2, moq: 1, orderCosts: { minOrderValue: 250 } });
    expect(planLine(q, ctx())).toMatchObject({ quantity: 125, total: 250 });
    expect(planPurchase([q], ctx())!.reason).toContain('35 over the 90 needed: the supplier\'s least order value is 250.00');
  });

  it('a line joining goods gathering at its supplier\'s desk bears no freight and only the least order value they do not reach', () => {
    const costs = { freight: 30, freeFreightFrom: 500, minOrderValue: 250 };
    expect(lineCosts(quote({ orderCosts: costs }))).toEqual(costs);
    expect(lineCosts(quote({ orderCosts: costs, gathered: 0 }))).toEqual(costs);
    expect(lineCosts(quote({ orderCosts: costs, gathered: 100.1 }))).toEqual({ minOrderValue: 149.9 });
    expect(lineCosts(quote({ orderCosts: costs, gathered: 250 }))).toBeUndefined();
    // Alone it orders up to the least value and pays freight; joining 200.00 it orders what is needed, freight-free.
    const q = quote({ unitPrice: 2, moq: 1, orderCosts: costs });
    expect(planLine(q, ctx())).toMatchObject({ quantity: 125, total: 280, freight: 30 });
    expect(planLine({ ...q, gathered: 200 }, ctx())).toMatchObject({ quantity: 90, total: 180, freight: 0 });
    expect(planLine({ ...q, gathered: 100 }, ctx())).toMatchObject({ quantity: 90, total: 180, freight: 0 });
    expect(planPurchase([{ ...q, gathered: 50 }], ctx())!.reason).toContain('the supplier\'s least order value is 250.00, of which 50.00 is gathering for its next consolidated PO');
  });

  it('finds the least quantity worth a value where a price break lowers the value of more units', () => {
    const tiered = { unitPrice: 1, moq: 1, priceBreaks: [{ minQuantity: 100, unitPrice: 0.9 }] };
    expect(leastWorth(tiered, 10, 95)).toBe(95);
    // 99 units come to 99.00, 100 to 90.00: the least worth 99.50 is 111 at 0.90.
    expect(leastWorth(tiered, 10, 99.5)).toBe(111);
    expect(leastWorth({ ...tiered, orderMultiple: 25 }, 10, 99.5)).toBe(125);
  });

  it('drafts the PO with its freight in the total, and keeps that freight when the price moves', () => {
    const s = quoted(lowStock(), [quote({ unitPrice: 2, moq: 1, orderCosts: { freight: 12.5 } })]);
    const po = draftFor(s, 'Q-ACME')!;
    expect(po).toMatchObject({ quantity: 90, unitPrice: 2, freight: 12.5, total: 192.5 });
    expect(repriced(po, 2.2)).toMatchObject({ unitPrice: 2.2, freight: 12.5, total: 210.5 });
    expect(draftFor(quoted(), 'Q-ACME')).not.toHaveProperty('freight');
  });

  it('refuses an approval edit below the supplier\'s least order value, naming it', () => {
    const s = awaitingApproval(drafted(quoted(lowStock(), [quote({ unitPrice: 2, moq: 1, orderCosts: { minOrderValue: 150 } })])));
    expect(editedLine(s, { quantity: 60 }, T0)).toEqual({ ok: false, why: '60 comes to 120.00, below acme\'s least order value of 150.00' });
    expect(editedLine(s, { quantity: 80 }, T0)).toMatchObject({ ok: true, line: { quantity: 80, total: 160, freight: 0 } });
  });
});
