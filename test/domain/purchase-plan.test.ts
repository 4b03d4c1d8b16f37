import { describe, expect, it } from 'vitest';
import type { AgentMemory, SupplierMemory } from '../../src/domain/agent.js';
import { planLine, planPurchase, unitPriceAt, type PlanContext } from '../../src/domain/purchase-plan.js';
import { at, quote, T0 } from '../support/states.js';

const ctx = (overrides: Partial<PlanContext> = {}): PlanContext => ({
  needed: 90, targetLevel: 100, onHand: 10, now: T0, ...overrides,
});

const washers = [
  quote({ quoteId: 'Q-ACME', supplier: 'acme-industrial', unitPrice: 0.03, moq: 1000, leadTimeDays: 5 }),
  quote({ quoteId: 'Q-QUICK', supplier: 'quickparts', unitPrice: 0.05, moq: 200, leadTimeDays: 1 }),
];

const memoryOf = (suppliers: Record<string, Partial<SupplierMemory>>): Pick<AgentMemory, 'suppliers'> => ({
  suppliers: Object.fromEntries(Object.entries(suppliers).map(([name, m]) => [name, {
    orders: 1, received: 1, lastPrice: 1, lastLeadDays: null, lastSeen: T0, ...m,
  }])),
});

describe('choosing a quote by what the order costs in total', () => {
  it('buys 510 washers from quickparts for 25.50 rather than 1,000 from acme for 30.00', () => {
    const plan = planPurchase(washers, ctx({ needed: 510, targetLevel: 600, onHand: 90 }))!;
    expect(plan).toMatchObject({ quantity: 510, unitPrice: 0.05, total: 25.5 });
    expect(plan.quote.supplier).toBe('quickparts');
    expect(plan.reason).toContain('quickparts 510 at 0.05 = 25.50 in 1 day: the lowest expected cost of 2 valid quotes');
    expect(plan.reason).toContain('quickparts costs 4.50 less than acme-industrial');
    expect(plan.reason).toContain('acme-industrial 1000 at 0.03 = 30.00');
    expect(plan.alternatives.map((a) => [a.supplier, a.total])).toEqual([['quickparts', 25.5], ['acme-industrial', 30]]);
  });

  it('takes the minimum order when even the forced surplus is cheaper in total, and says why it buys more', () => {
    const plan = planPurchase(washers, ctx({ needed: 900, targetLevel: 1000, onHand: 90 }))!;
    expect(plan.quote.supplier).toBe('acme-industrial');
    expect(plan).toMatchObject({ quantity: 1000, total: 30 });
    expect(plan.reason).toContain("100 over the 900 needed: the supplier's minimum order is 1000");
  });

  it('does not fall for a low unit price whose minimum order makes the line dearer', () => {
    const trap = [quote({ quoteId: 'Q-TRAP', supplier: 'trap', unitPrice: 1, moq: 500 }), quote({ quoteId: 'Q-FAIR', supplier: 'fair', unitPrice: 2.5 })];
    expect(planPurchase(trap, ctx())!.quote.quoteId).toBe('Q-FAIR');
  });

  it('rounds up to whole packs, and to the minimum in whole packs', () => {
    expect(planLine(quote({ moq: 1, orderMultiple: 25 }), ctx())!.quantity).toBe(100);
    expect(planLine(quote({ moq: 30, orderMultiple: 25 }), ctx({ needed: 10 }))!.quantity).toBe(50);
    const plan = planPurchase([quote({ moq: 1, orderMultiple: 25 })], ctx())!;
    expect(plan.reason).toContain('10 over the 90 needed: sold in packs of 25');
  });

  it('buys up to a price break when the whole order then costs less', () => {
    const tiered = quote({ unitPrice: 2.5, moq: 10, priceBreaks: [{ minQuantity: 100, unitPrice: 2 }] });
    const plan = planPurchase([tiered], ctx())!;
    expect(plan).toMatchObject({ quantity: 100, unitPrice: 2, total: 200 });
    expect(plan.reason).toContain('100 reaches the 2 price break, cheaper in total than 90 at 2.5 = 225.00');
  });

  it('stays at the quantity needed when the price break would cost more in total', () => {
    const tiered = quote({ unitPrice: 2.5, moq: 10, priceBreaks: [{ minQuantity: 100, unitPrice: 2.4 }] });
    expect(planLine(tiered, ctx())).toMatchObject({ quantity: 90, unitPrice: 2.5, total: 225 });
  });

  it('never buys further past the target than a quarter of it for a cheaper break', () => {
    const deep = quote({ unitPrice: 2.5, moq: 10, priceBreaks: [{ minQuantity: 116, unitPrice: 0.1 }, { minQuantity: 115, unitPrice: 1 }] });
    // 90 needed, target 100: at most 115 units.
    expect(planLine(deep, ctx())).toMatchObject({ quantity: 115, unitPrice: 1 });
  });

  it('prices an order at the highest break it reaches', () => {
    const q = quote({ unitPrice: 3, priceBreaks: [{ minQuantity: 500, unitPrice: 2 }, { minQuantity: 100, unitPrice: 2.5 }] });
    expect([99, 100, 499, 500, 5000].map((n) => unitPriceAt(q, n))).toEqual([3, 2.5, 2.5, 2, 2]);
  });

  it('leaves out expired quotes, and has no plan without a valid one', () => {
    const expired = quote({ quoteId: 'Q-OLD', unitPrice: 0.5, validUntil: at(-1) });
    expect(planPurchase([expired, quote()], ctx())!.quote.quoteId).toBe('Q-ACME');
    expect(planPurchase([expired], ctx())).toBeNull();
    expect(planPurchase([], ctx())).toBeNull();
  });

  it('keeps to a manager\'s price ceiling, a break included', () => {
    const tiered = quote({ unitPrice: 2.5, priceBreaks: [{ minQuantity: 100, unitPrice: 2.2 }] });
    expect(planPurchase([tiered], ctx({ maxUnitPrice: 2.3 }))).toMatchObject({ quantity: 100, unitPrice: 2.2 });
    expect(planPurchase([tiered], ctx({ maxUnitPrice: 2 }))).toBeNull();
  });
});

describe('choosing by what the goods, their holding and the risk of running short cost together', () => {
  const cheapSlow = quote({ quoteId: 'Q-SLOW', supplier: 'slow', unitPrice: 2, leadTimeDays: 7 });
  const dearFast = quote({ quoteId: 'Q-FAST', supplier: 'fast', unitPrice: 3, leadTimeDays: 2 });
  const dearer = quote({ quoteId: 'Q-MID', supplier: 'mid', unitPrice: 4, leadTimeDays: 3 });

  it('buys the cheap, slow supplier when the units it may leave short cost less than the fast one\'s premium', () => {
    // 10 on hand at 2 a day: 4 short over the slow supplier's 7 days, worth 12 at the dearest price; the fast one costs 90 more.
    const plan = planPurchase([cheapSlow, dearFast], ctx({ onHand: 10, dailyDemand: 2 }))!;
    expect(plan.quote.quoteId).toBe('Q-SLOW');
    expect(plan.reason).toMatch(/^slow 90 at 2 = 180\.00 in 7 days: the lowest expected cost of 2 valid quotes, 192\.\d\d with holding and 4 units short expected \(stock lasts 5 days\)/);
    expect(plan.reason).toContain('at a risk of 4 units short');
    expect(plan.reason).toContain('slow costs 7');
  });

  it('buys the fast, dear supplier when the shelf would be empty long enough to cost more than its premium', () => {
    // 10 on hand at 20 a day: the slow supplier leaves 130 short, the fast one 30.
    const plan = planPurchase([cheapSlow, dearFast], ctx({ onHand: 10, dailyDemand: 20 }))!;
    expect(plan.quote.quoteId).toBe('Q-FAST');
    expect(plan.reason).toMatch(/fast costs \d+\.\d\d less than slow \(slow 90 at 2 = 180\.00 in 7 days, 130 units short expected\), at a risk of 30 units short/);
  });

  it('weighs the spread of demand: a risk the mean alone does not show', () => {
    // 14 on hand at 2 a day: the mean over 7 days uses exactly 14, so only a spread leaves units short.
    const steady = planPurchase([cheapSlow], ctx({ onHand: 14, dailyDemand: 2 }))!;
    const swinging = planPurchase([cheapSlow], ctx({ onHand: 14, dailyDemand: 2, demandSigma: 2 }))!;
    expect(steady.reason).toContain('no shortage expected');
    expect(swinging.reason).toMatch(/2\.\d units short expected/);
  });

  it('takes the cheapest when no shortage is in sight for any', () => {
    expect(planPurchase([cheapSlow, dearFast], ctx({ onHand: 100, dailyDemand: 2 }))!.quote.quoteId).toBe('Q-SLOW');
    expect(planPurchase([cheapSlow, dearFast, dearer], ctx({ onHand: 10 }))!.quote.quoteId).toBe('Q-SLOW');
  });

  it('takes the fastest when the shelf is empty and its demand unknown, the cheaper of two as fast', () => {
    const alsoFast = quote({ quoteId: 'Q-FAST-DEAR', supplier: 'fast-dear', unitPrice: 4, leadTimeDays: 2 });
    const plan = planPurchase([cheapSlow, alsoFast, dearFast], ctx({ onHand: 0 }))!;
    expect(plan.quote.quoteId).toBe('Q-FAST');
    expect(plan.reason).toMatch(/^the shelf is empty and its demand unknown; fastest: fast in 2 days/);
  });
});

describe('supplier reliability breaks ties', () => {
  const a = quote({ quoteId: 'Q-A', supplier: 'a' });
  const b = quote({ quoteId: 'Q-B', supplier: 'b' });

  it('prefers a supplier that has not refused an order', () => {
    const plan = planPurchase([a, b], ctx({ memory: memoryOf({ a: { refusals: 1 } }) }))!;
    expect(plan.quote.supplier).toBe('b');
    expect(plan.reason).toContain('same expected cost as a, chosen as the more reliable (no history against 1 refused)');
  });

  it('counts an order left unanswered through every chase as a let-down, as a refusal is', () => {
    const plan = planPurchase([a, b], ctx({ memory: memoryOf({ a: { silences: 1 } }) }))!;
    expect(plan.quote.supplier).toBe('b');
    expect(plan.reason).toContain('same expected cost as a, chosen as the more reliable (no history against 1 unanswered)');
  });

  it('prefers the supplier more often on time', () => {
    const memory = memoryOf({ a: { onTime: 1, late: 3 }, b: { onTime: 3, late: 0 } });
    expect(planPurchase([a, b], ctx({ memory }))!.quote.supplier).toBe('b');
  });

  it('prefers the supplier that was faster as seen', () => {
    const memory = memoryOf({ a: { lastLeadDays: 4 }, b: { lastLeadDays: 9 } });
    expect(planPurchase([b, a], ctx({ memory }))!.quote.supplier).toBe('a');
  });

  it('never pays more for reliability', () => {
    const memory = memoryOf({ a: { refusals: 3, onTime: 0, late: 5 } });
    expect(planPurchase([quote({ quoteId: 'Q-A', supplier: 'a', unitPrice: 2.49 }), b], ctx({ memory }))!.quote.supplier).toBe('a');
  });
});
