import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SupplierMemory } from '../../src/domain/agent.js';
import { lineTotal } from '../../src/domain/quantity.js';
import {
  excessLimit, expectedCost, orderable, packOf, planLine, planPurchase, unitPriceAt, type PlanContext,
} from '../../src/domain/purchase-plan.js';
import { isQuoteValid } from '../../src/domain/quotes.js';
import type { Quote } from '../../src/domain/types.js';
import { at, T0 } from '../support/states.js';

const cents = (n: number): number => n / 100;

const quoteArb = (i: number): fc.Arbitrary<Quote> => fc.record({
  priceCents: fc.integer({ min: 1, max: 900 }),
  moq: fc.integer({ min: 1, max: 300 }),
  pack: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
  // Each break: how many units past the minimum, and how many cents off the price.
  breaks: fc.array(fc.record({ past: fc.integer({ min: 1, max: 400 }), off: fc.integer({ min: 0, max: 300 }) }), { maxLength: 3 }),
  leadTimeDays: fc.integer({ min: 0, max: 15 }),
  validDays: fc.integer({ min: -2, max: 20 }),
  supplier: fc.integer({ min: 0, max: 3 }),
}).map((o): Quote => ({
  quoteId: `Q-${i}`, supplier: `supplier-${o.supplier}`, unitPrice: cents(o.priceCents), moq: o.moq,
  ...(o.pack === undefined ? {} : { orderMultiple: o.pack }),
  ...(o.breaks.length ? { priceBreaks: o.breaks.map((b) => ({ minQuantity: o.moq + b.past, unitPrice: cents(Math.max(1, o.priceCents - b.off)) })) } : {}),
  leadTimeDays: o.leadTimeDays, validUntil: at(o.validDays),
}));

const catalogue = fc.integer({ min: 0, max: 6 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => quoteArb(i))));

const record: fc.Arbitrary<SupplierMemory> = fc.record({
  orders: fc.integer({ min: 1, max: 9 }), received: fc.integer({ min: 0, max: 9 }), lastPrice: fc.constant(1),
  lastLeadDays: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }), lastSeen: fc.constant(T0),
  onTime: fc.integer({ min: 0, max: 5 }), late: fc.integer({ min: 0, max: 5 }), refusals: fc.integer({ min: 0, max: 2 }),
});

const context: fc.Arbitrary<PlanContext> = fc.record({
  needed: fc.integer({ min: 0, max: 500 }),
  extra: fc.integer({ min: 0, max: 400 }),
  onHand: fc.integer({ min: -5, max: 60 }),
  dailyDemand: fc.option(fc.integer({ min: 1, max: 40 }).map((n) => n / 4), { nil: null }),
  sigma: fc.option(fc.integer({ min: 0, max: 40 }).map((n) => n / 8), { nil: null }),
  holding: fc.integer({ min: 0, max: 40 }),
  ceilingCents: fc.option(fc.integer({ min: 1, max: 900 }), { nil: undefined }),
  suppliers: fc.dictionary(fc.constantFrom('supplier-0', 'supplier-1', 'supplier-2', 'supplier-3'), record),
}).map((c) => ({
  needed: c.needed, targetLevel: c.needed + c.extra, onHand: c.onHand, dailyDemand: c.dailyDemand, demandSigma: c.sigma, holdingPctPerYear: c.holding, now: T0,
  memory: { suppliers: c.suppliers }, ...(c.ceilingCents === undefined ? {} : { maxUnitPrice: cents(c.ceilingCents) }),
}));

/** Every quantity a buyer may order from this quote under the plan's rules, by brute force. */
function orderableQuantities(q: Quote, ctx: PlanContext): number[] {
  const least = orderable(ctx.needed, q);
  const most = excessLimit(least, ctx.needed, ctx.targetLevel);
  const all: number[] = [];
  for (let n = least; n <= most; n += packOf(q)) {
    if (ctx.maxUnitPrice === undefined || unitPriceAt(q, n) <= ctx.maxUnitPrice) all.push(n);
  }
  return all;
}


describe('the purchase plan over generated catalogues', () => {
  it('orders a quantity the supplier sells, at the price its break sets, enough for the need and within the bound', () => {
    fc.assert(fc.property(catalogue, context, (quotes, ctx) => {
      const plan = planPurchase(quotes, ctx);
      const usable = quotes.filter((q) => isQuoteValid(q, T0) && orderableQuantities(q, ctx).length > 0);
      if (!plan) {
        expect(usable).toEqual([]);
        return;
      }
      const q = plan.quote;
      expect(isQuoteValid(q, T0)).toBe(true);
      expect(plan.quantity).toBeGreaterThanOrEqual(Math.max(ctx.needed, q.moq));
      expect(plan.quantity % packOf(q)).toBe(0);
      expect(plan.quantity).toBeLessThanOrEqual(excessLimit(orderable(ctx.needed, q), ctx.needed, ctx.targetLevel));
      expect(plan.unitPrice).toBe(unitPriceAt(q, plan.quantity));
      expect(plan.total).toBe(lineTotal(plan.quantity, plan.unitPrice));
      if (ctx.maxUnitPrice !== undefined) expect(plan.unitPrice).toBeLessThanOrEqual(ctx.maxUnitPrice);
      expect(plan.alternatives[0]).toMatchObject({ quoteId: q.quoteId, quantity: plan.quantity, total: plan.total });
      expect(plan.alternatives).toHaveLength(usable.length);
      expect(plan.reason.length).toBeGreaterThan(0);
    }), { numRuns: 500 });
  });

  it('no other valid quote\'s line is expected to cost less than the chosen one, goods, holding and shortage together', () => {
    fc.assert(fc.property(catalogue, context, (quotes, ctx) => {
      const plan = planPurchase(quotes, ctx);
      fc.pre(plan !== null);
      fc.pre(ctx.onHand > 0 || Boolean(ctx.dailyDemand));
      const lines = quotes.filter((q) => isQuoteValid(q, T0)).flatMap((q) => planLine(q, ctx) ?? []);
      const shortageCost = Math.max(...lines.map((l) => l.unitPrice));
      const chosen = expectedCost(lines.find((l) => l.quote.quoteId === plan!.quote.quoteId)!, ctx, shortageCost).expected;
      for (const l of lines) expect(expectedCost(l, ctx, shortageCost).expected).toBeGreaterThanOrEqual(chosen);
    }), { numRuns: 500 });
  });

  it('a faster quote at the same price is never the worse choice', () => {
    fc.assert(fc.property(catalogue, context, (quotes, ctx) => {
      const [first] = quotes.filter((q) => isQuoteValid(q, T0));
      fc.pre(first !== undefined && first.leadTimeDays > 1);
      const faster = { ...first!, quoteId: 'Q-FASTER', supplier: 'faster', leadTimeDays: first!.leadTimeDays - 1 };
      const plan = planPurchase([first!, faster], ctx);
      fc.pre(plan !== null);
      const lines = [first!, faster].flatMap((q) => planLine(q, ctx) ?? []);
      const cost = (id: string) => expectedCost(lines.find((l) => l.quote.quoteId === id)!, ctx, Math.max(...lines.map((l) => l.unitPrice))).expected;
      expect(cost('Q-FASTER')).toBeLessThanOrEqual(cost(first!.quoteId));
    }), { numRuns: 300 });
  });

  it('is the same plan whatever order the quotes come in', () => {
    fc.assert(fc.property(catalogue, context, fc.integer(), (quotes, ctx, seed) => {
      const shuffled = [...quotes].sort((a, b) => ((a.quoteId.charCodeAt(2) * seed) % 7) - ((b.quoteId.charCodeAt(2) * seed) % 7));
      expect(planPurchase(shuffled, ctx)).toEqual(planPurchase(quotes, ctx));
    }), { numRuns: 200 });
  });
});
