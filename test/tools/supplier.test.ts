import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS } from '../../src/domain/text.js';
import { cancelPurchaseOrder } from '../../src/tools/cancel-purchase-order.js';
import { chaseSupplier } from '../../src/tools/chase-supplier.js';
import { allowedTools } from '../../src/tools/index.js';
import { readSupplierReply, replyContext } from '../../src/tools/read-supplier-reply.js';
import { reorderElsewhere } from '../../src/tools/reorder-elsewhere.js';
import { waitForSupplierReply } from '../../src/tools/wait-for-supplier-reply.js';
import type { ReplenishState } from '../../src/domain/state.js';
import {
  approved, at, awaitingApproval, cancelled, confirmed, DAY_MS, drafted, lowStock, ordered, rejected, replyRead, replyWaiting,
  rules, supplierOverdue, T0,
} from '../support/states.js';

const R = rules({ maxChases: 2 });
const chased = (s: ReplenishState): ReplenishState => chaseSupplier.apply(s, {}, { chased: true }, T0);
const allowedNames = (s: ReplenishState) => allowedTools(s, R, T0).map((t) => t.name);

describe('waiting for the supplier to answer the order', () => {
  it('waits once the order is placed, for supplierReplyDays', () => {
    expect(waitForSupplierReply.allowed(approved(), R, T0)).toBe(false);
    expect(waitForSupplierReply.allowed(ordered(), R, T0)).toBe(true);
    expect(waitForSupplierReply.timeoutMs(ordered(), rules({ supplierReplyDays: 7 }), T0)).toBe(7 * DAY_MS);
  });

  it('a timeout marks the supplier overdue and stops the waiting', () => {
    const s = supplierOverdue();
    expect(s.supplierOverdue).toBe(true);
    expect(waitForSupplierReply.allowed(s, R, T0)).toBe(false);
  });

  it('a message is kept unread until the agent reads it', () => {
    const s = replyWaiting(ordered(), 'We confirm.', { kind: 'confirmed' });
    expect(s.unreadReply).toMatchObject({ text: 'We confirm.', fields: { kind: 'confirmed' } });
    expect(allowedNames(s)).toEqual(['read_supplier_reply']);
  });

  it('stops waiting once the supplier confirmed', () => {
    expect(waitForSupplierReply.allowed(confirmed(), R, T0)).toBe(false);
  });
});

describe('reading the supplier\'s answer', () => {
  it('there is nothing to read without a message', () => {
    expect(readSupplierReply.allowed(ordered(), R, T0)).toBe(false);
  });

  it('a confirmation with a date sets the expected delivery', () => {
    const s = replyRead(ordered(), { kind: 'confirmed', deliveryDate: at(9) });
    expect(s.confirmed).toBe(true);
    expect(s.expectedDelivery).toBe(at(9));
    expect(s.unreadReply).toBeNull();
    expect(s.replies).toHaveLength(1);
  });

  it('a confirmation without a date keeps the delivery the supplier acknowledged', () => {
    expect(replyRead(ordered(), { kind: 'confirmed' }).expectedDelivery).toBe(at(5));
  });

  it('a delay moves the expected delivery and still counts as confirmed', () => {
    const s = replyRead(confirmed(), { kind: 'delayed', deliveryDate: at(20) });
    expect(s.expectedDelivery).toBe(at(20));
    expect(s.confirmed).toBe(true);
  });

  it('a partial of the whole order or more is unclear: the order stands as it was and a person asks', () => {
    const o = ordered();
    const whole = replyRead(o, { kind: 'partial', quantity: o.po!.quantity });
    expect([whole.unclearReply, whole.confirmed, whole.expectedDelivery]).toEqual([true, false, o.expectedDelivery]);
    expect(replyRead(o, { kind: 'partial', quantity: o.po!.quantity - 1 })).toMatchObject({ unclearReply: false, confirmed: true });
  });

  it('the reader is told the freight the PO states, so a reply that names it adds no cost', () => {
    const o = ordered();
    const s = { ...replyWaiting(o, 'Confirmed, freight 12.50 as on your PO.'), po: { ...o.po!, freight: 12.5, total: o.po!.total + 12.5 } };
    expect(replyContext(s, 'USD')).toMatchObject({ freight: 12.5, unitPrice: o.po!.unitPrice, quantity: o.po!.quantity });
    expect(replyContext(replyWaiting(o, 'x'), 'USD')).not.toHaveProperty('freight');
  });

  it('a mail dated after it arrived gives its dates no year of its own: the reader is told when it came', () => {
    const waiting = (receivedAt: string) => ({ ...replyWaiting(ordered(), 'Delivery on 14 December.'), unreadReply: { ...replyWaiting(ordered(), 'x').unreadReply!, receivedAt } });
    expect(replyContext(waiting('2030-12-01T09:00:00.000Z'), 'USD').receivedAt).toBe(T0);
    expect(replyContext(waiting('2025-03-02T17:00:00.000Z'), 'USD').receivedAt).toBe('2025-03-02T17:00:00.000Z');
  });

  it('a price change within the approved ceiling stands and confirms the order', () => {
    const s = replyRead(ordered(approved(awaitingApproval(), 3)), { kind: 'price_change', unitPrice: 2.9 });
    expect(s.po?.unitPrice).toBe(2.9);
    expect(s.confirmed).toBe(true);
    expect(s.repricedTo).toBeNull();
  });

  it('a price change above the approved ceiling is not accepted: the PO keeps its price', () => {
    const s = replyRead(ordered(approved(awaitingApproval(), 3)), { kind: 'price_change', unitPrice: 3.1 });
    expect(s.po?.unitPrice).toBe(2.5);
    expect(s.repricedTo).toBe(3.1);
    expect(s.confirmed).toBe(false);
  });

  it('a price change that names no price changes nothing', () => {
    const s = replyRead(ordered(), { kind: 'price_change' });
    expect(s.po?.unitPrice).toBe(2.5);
    expect(s.repricedTo).toBeNull();
    expect(s.confirmed).toBe(false);
    expect(s.replies).toHaveLength(1);
  });

  it('a refusal is recorded', () => {
    expect(replyRead(ordered(), { kind: 'refused' }).refused).toBe(true);
  });

  it('an answer clears the supplier\'s overdue mark', () => {
    expect(replyRead(supplierOverdue(), { kind: 'confirmed' }).supplierOverdue).toBe(false);
  });

  it('keeps only a short, flattened excerpt of the supplier\'s text', () => {
    const s = replyRead(ordered(), { kind: 'confirmed' }, `We   confirm\n\n${'x'.repeat(1000)}`);
    const kept = s.replies[0]!.excerpt;
    expect(kept).toHaveLength(EXCERPT_CHARS);
    expect(kept.startsWith('We confirm x')).toBe(true);
    expect(kept.endsWith('…')).toBe(true);
  });
});

describe('chasing a silent supplier', () => {
  it('is not allowed while the supplier still has time to answer', () => {
    expect(chaseSupplier.allowed(ordered(), R, T0)).toBe(false);
  });

  it('is allowed once the supplier is overdue, and clears the overdue mark', () => {
    expect(chaseSupplier.allowed(supplierOverdue(), R, T0)).toBe(true);
    const s = chased(supplierOverdue());
    expect(s.chases).toBe(1);
    expect(s.supplierOverdue).toBe(false);
    expect(waitForSupplierReply.allowed(s, R, T0)).toBe(true);
  });

  it('stops after maxChases', () => {
    const twice = supplierOverdue(chased(supplierOverdue(chased(supplierOverdue()))));
    expect(twice.chases).toBe(2);
    expect(chaseSupplier.allowed(twice, rules({ maxChases: 2 }), T0)).toBe(false);
    expect(chaseSupplier.allowed(twice, rules({ maxChases: 3 }), T0)).toBe(true);
  });

  it('after the last chase goes unanswered, cancelling the placed order or ordering elsewhere are the only ways out', () => {
    const once = supplierOverdue(chased(supplierOverdue()));
    expect(cancelPurchaseOrder.allowed(once, R, T0)).toBe(false);
    expect(reorderElsewhere.allowed(once, R, T0)).toBe(false);
    const exhausted = supplierOverdue(chased(once));
    expect(allowedNames(exhausted)).toEqual(['cancel_purchase_order', 'reorder_elsewhere']);
  });
});

describe('cancelling the purchase order', () => {
  it('is always possible before anything is ordered', () => {
    for (const s of [lowStock(), drafted(), awaitingApproval(), approved()]) expect(cancelPurchaseOrder.allowed(s, R, T0)).toBe(true);
  });

  it('is not possible on a placed order the supplier is still working on', () => {
    expect(cancelPurchaseOrder.allowed(ordered(), R, T0)).toBe(false);
    expect(cancelPurchaseOrder.allowed(confirmed(), R, T0)).toBe(false);
    expect(cancelPurchaseOrder.allowed(supplierOverdue(), R, T0)).toBe(false);
  });

  it('is possible on a placed order the supplier refused, never on one it only repriced above the ceiling', () => {
    expect(cancelPurchaseOrder.allowed(replyRead(ordered(), { kind: 'refused' }), R, T0)).toBe(true);
    expect(cancelPurchaseOrder.allowed(replyRead(ordered(), { kind: 'price_change', unitPrice: 9 }), R, T0)).toBe(false);
  });

  it('is not possible twice, nor after a rejection', () => {
    expect(cancelPurchaseOrder.allowed(cancelled(drafted()), R, T0)).toBe(false);
    expect(cancelPurchaseOrder.allowed(rejected(), R, T0)).toBe(false);
  });

  it('records the reason, and needs one', () => {
    expect(cancelled(drafted(), 'stock no longer needed').cancelled).toEqual({ reason: 'stock no longer needed' });
    expect(cancelPurchaseOrder.input.safeParse({ reason: '' }).success).toBe(false);
    expect(cancelPurchaseOrder.input.safeParse({}).success).toBe(false);
  });
});
