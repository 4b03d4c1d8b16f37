import { describe, expect, it } from 'vitest';
import { draftFor, draftPurchaseOrder } from '../../src/tools/draft-purchase-order.js';
import { getQuotes } from '../../src/tools/get-quotes.js';
import { allowedTools } from '../../src/tools/index.js';
import { approved, at, drafted, lowStock, ordered, quote, quoted, rules, T0 } from '../support/states.js';

const R = rules();

describe('asking suppliers for quotes', () => {
  it('a low-stock replenishment starts by asking for quotes, or giving up', () => {
    expect(allowedTools(lowStock(), R, T0).map((t) => t.name)).toEqual(['get_quotes', 'cancel_purchase_order']);
  });

  it('does not ask again while a quote still stands', () => {
    expect(getQuotes.allowed(quoted(), R, at(13))).toBe(false);
  });

  it('asks again once every quote has expired', () => {
    expect(getQuotes.allowed(quoted(), R, at(14))).toBe(true);
  });

  it('never re-quotes an order already placed', () => {
    expect(getQuotes.allowed(ordered(), R, at(30))).toBe(false);
  });

  it('keeps the quotes it got', () => {
    expect(quoted().quotes?.map((q) => q.quoteId)).toEqual(['Q-ACME', 'Q-BOLT']);
  });
});

describe('drafting a purchase order', () => {
  it('needs a valid quote to draft from', () => {
    expect(draftPurchaseOrder.allowed(lowStock(), R, T0)).toBe(false);
    expect(draftPurchaseOrder.allowed(quoted(), R, T0)).toBe(true);
    expect(draftPurchaseOrder.allowed(quoted(), R, at(14))).toBe(false);
  });

  it('orders what brings stock to target, at the quoted price', () => {
    expect(drafted(quoted(), 'Q-ACME').po).toEqual({
      poNumber: 'PO-SKU-1-1', sku: 'SKU-1', supplier: 'acme', quoteId: 'Q-ACME', quantity: 90, unitPrice: 2.5, total: 225,
    });
  });

  it('rounds up to the supplier minimum order quantity', () => {
    const po = drafted(quoted(), 'Q-BOLT').po!;
    expect(po.quantity).toBe(120);
    expect(po.total).toBe(336);
  });

  it('drafts whole packs, at the price break the order reaches when buying up to it costs less', () => {
    const packs = quote({ quoteId: 'Q-PACK', orderMultiple: 25 });
    const tiered = quote({ quoteId: 'Q-TIER', priceBreaks: [{ minQuantity: 100, unitPrice: 2.2 }] });
    const s = quoted(lowStock(), [packs, tiered]);
    expect(draftFor(s, 'Q-PACK')).toMatchObject({ quantity: 100, unitPrice: 2.5, total: 250 });
    expect(draftFor(s, 'Q-TIER')).toMatchObject({ quantity: 100, unitPrice: 2.2, total: 220 });
  });

  it('refuses a quote that does not exist, or has expired', () => {
    const s = quoted(lowStock(), [quote({ quoteId: 'Q-OLD', validUntil: at(1) }), quote({ quoteId: 'Q-NEW', validUntil: at(5) })]);
    expect(draftPurchaseOrder.refuse!(s, { quoteId: 'Q-NONE' }, at(2))).toBe('there is no quote Q-NONE');
    expect(draftPurchaseOrder.refuse!(s, { quoteId: 'Q-OLD' }, at(2))).toBe(`quote Q-OLD expired at ${at(1)}`);
    expect(draftPurchaseOrder.refuse!(s, { quoteId: 'Q-NEW' }, at(2))).toBeNull();
    expect(draftFor(s, 'Q-NONE')).toBeNull();
  });

  it('a draft starts without a decision, waiting for the manager', () => {
    const s = drafted();
    expect(s.decision).toBeNull();
    expect(s.approvalPending).toBe(false);
    expect(s.poRevision).toBe(1);
  });

  it('takes only a quote id as input', () => {
    expect(draftPurchaseOrder.input.safeParse({ quoteId: 'Q-ACME' }).success).toBe(true);
    expect(draftPurchaseOrder.input.safeParse({}).success).toBe(false);
    expect(draftPurchaseOrder.input.safeParse({ quoteId: 'Q-ACME', quantity: 5000 }).success).toBe(false);
  });

  it('cannot be drafted anew once the approved order is placed', () => {
    expect(draftPurchaseOrder.allowed(ordered(approved()), R, T0)).toBe(false);
  });
});

