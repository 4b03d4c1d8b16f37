import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../src/domain/phase.js';
import { fitsOnceOrdered, type ReplenishState } from '../../src/domain/state.js';
import { chaseSupplier } from '../../src/tools/chase-supplier.js';
import { allowedTools } from '../../src/tools/index.js';
import { placeOrder } from '../../src/tools/place-order.js';
import { reorderElsewhere } from '../../src/tools/reorder-elsewhere.js';
import {
  approved, at, awaitingApproval, checked, closed, confirmed, drafted, goodsArrived, goodsOverdue, lowStock, ordered, quoted, receiptMessage,
  reorderedElsewhere, replyRead, replyWaiting, rules, supplierMessage, supplierOverdue, T0, twoQuotes,
} from '../support/states.js';

const R = rules({ maxChases: 2, maxApprovalRequests: 2 });
const chased = (s: ReplenishState): ReplenishState => chaseSupplier.apply(s, {}, { chased: true }, T0);
const silent = (s = ordered()) => supplierOverdue(chased(supplierOverdue(chased(supplierOverdue(s)))));
const refused = (s = ordered()) => replyRead(s, { kind: 'refused' });
const allowedNames = (s: ReplenishState) => allowedTools(s, R, T0).map((t) => t.name);

describe('ordering elsewhere after the supplier let the order down', () => {
  it('is allowed once the supplier refused the order it took, or stayed silent through every chase', () => {
    expect(reorderElsewhere.allowed(refused(), R, T0)).toBe(true);
    expect(reorderElsewhere.allowed(silent(), R, T0)).toBe(true);
    const goodsNeverCame = goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(confirmed())))));
    expect(reorderElsewhere.allowed(goodsNeverCame, R, T0)).toBe(true);
  });

  it('is not allowed while the supplier still has a chance, nor before an order, nor once it is settled', () => {
    for (const s of [lowStock(), drafted(), awaitingApproval(), approved(), ordered(), confirmed(), supplierOverdue(), chased(supplierOverdue())]) {
      expect(reorderElsewhere.allowed(s, R, T0)).toBe(false);
    }
    expect(reorderElsewhere.allowed(silent(), rules({ maxChases: 3 }), T0)).toBe(false);
    expect(reorderElsewhere.allowed(closed(goodsArrived(confirmed(), 90)), R, T0)).toBe(false);
  });

  it('is not for a supplier that raised the price after the order until the manager rejects the new price; nor is a cancellation', () => {
    const repriced = replyRead(ordered(), { kind: 'price_change', unitPrice: 9 });
    expect(reorderElsewhere.allowed(repriced, R, T0)).toBe(false);
    expect(allowedNames(repriced)).not.toContain('cancel_purchase_order');
    expect(allowedNames(repriced)).toContain('ask_supplier_to_honour_price');
    const rejectedPrice = { ...repriced, priceRejected: { by: 'dana', reason: 'too dear', at: at(1) } };
    expect(reorderElsewhere.allowed(rejectedPrice, R, T0)).toBe(true);
    expect(reorderedElsewhere(rejectedPrice, at(2)).cancelledOrders).toMatchObject([{ supplier: 'acme', why: 'repriced' }]);
  });

  it('is not allowed once goods came (they are booked and the order closed short), nor with a reply still unread', () => {
    expect(reorderElsewhere.allowed(refused(goodsArrived(confirmed(), 40)), R, T0)).toBe(false);
    expect(reorderElsewhere.allowed(replyWaiting(silent(), 'Sorry, we confirm now.'), R, T0)).toBe(false);
  });

  it('cancels the order, drops the supplier and starts the buying over: no quotes, no approval, no order', () => {
    const before = refused();
    const s = reorderedElsewhere(before, at(1));
    expect(s.cancelledOrders).toEqual([{
      poNumber: 'PO-SKU-1-1', supplier: 'acme', quantity: 90, unitPrice: 2.5, orderedAt: before.orderedAt, cancelledAt: at(1), why: 'refused',
      // The approval it was placed on and the refusal stay with the cancelled order.
      approval: before.decision, replies: before.replies,
    }]);
    expect(before.replies.map((r) => r.kind)).toEqual(['refused']);
    expect(s.droppedSuppliers).toEqual(['acme']);
    expect(s).toMatchObject({
      quotes: null, decision: null, order: null, orderedAt: null, approvalRequests: 0, approvalPending: false, approvalTimeouts: 0,
      refused: false, confirmed: false, chases: 0, replies: [], checkedBeforeOrderAt: null,
    });
    expect(s.cancelled).toBeNull();
    expect(allowedNames(s)).toEqual(['get_quotes', 'cancel_purchase_order']);
    expect(reorderedElsewhere(silent()).cancelledOrders?.[0]?.why).toBe('silent');
  });

  it('the next supplier gets a new revision and a new question for the manager; the old approval orders nothing', () => {
    const s = quoted(reorderedElsewhere(refused()), twoQuotes());
    expect(s.quotes?.map((q) => q.supplier)).toEqual(['bolt']);
    const redrafted = drafted(s, 'Q-BOLT');
    expect(redrafted.po).toMatchObject({ poNumber: 'PO-SKU-1-1-R1', supplier: 'bolt' });
    expect(placeOrder.allowed(redrafted, R, T0)).toBe(false);
    expect(allowedNames(redrafted)).toEqual(['request_approval', 'cancel_purchase_order']);
    const reordered = ordered(checked(approved(awaitingApproval(redrafted))));
    expect(reordered.order?.poNumber).toBe('PO-SKU-1-1-R1');
  });

  it('each use drops one more supplier, so a run re-sources at most once per supplier', () => {
    const once = reorderedElsewhere(refused());
    const twice = reorderedElsewhere(refused(ordered(checked(approved(awaitingApproval(drafted(quoted(once, twoQuotes()), 'Q-BOLT')))))));
    expect(twice.droppedSuppliers).toEqual(['acme', 'bolt']);
    expect(quoted(twice, twoQuotes()).quotes).toEqual([]);
    expect(allowedNames(quoted(twice, twoQuotes()))).toEqual(['cancel_purchase_order']);
  });

  it('a late reply or delivery for the cancelled PO is refused with the reason, never held for a later order', () => {
    const s = reorderedElsewhere(refused());
    const late = supplierMessage(s, 'Sorry, we can supply after all.', undefined, 'PO-SKU-1-1');
    const goods = receiptMessage(s, 90, 'PO-SKU-1-1');
    for (const m of [late, goods]) {
      expect(refusalOf(s, m, R, () => false)).toEqual({
        type: 'NotWaiting', why: 'purchase order PO-SKU-1-1 was cancelled at acme (it refused the order); the agent is buying SKU-1 elsewhere',
      });
      expect(fitsOnceOrdered(s, m)).toBe(false);
    }
    const redrafted = drafted(quoted(s, twoQuotes()), 'Q-BOLT');
    expect(refusalOf(redrafted, supplierMessage(redrafted, 'late', undefined, 'PO-SKU-1-1'), R, () => false)?.why).toMatch(/was cancelled at acme/);
  });
});
