import { describe, expect, it } from 'vitest';
import { backorder, type ReplenishState } from '../../src/domain/state.js';
import { cancelPurchaseOrder } from '../../src/tools/cancel-purchase-order.js';
import { chaseSupplier } from '../../src/tools/chase-supplier.js';
import { closePurchaseOrder } from '../../src/tools/close-purchase-order.js';
import { done } from '../../src/tools/done.js';
import { allowedTools } from '../../src/tools/index.js';
import { waitForGoods } from '../../src/tools/wait-for-goods.js';
import {
  approved, at, awaitingApproval, cancelled, closed, confirmed, DAY_MS, drafted, goodsArrived, goodsOverdue, lowStock, ordered,
  quoted, receiptMessage, rejected, replyRead, rules, supplierMessage, T0,
} from '../support/states.js';

const R = rules({ maxChases: 2, goodsSlackDays: 2 });
const chased = (s: ReplenishState): ReplenishState => chaseSupplier.apply(s, {}, { chased: true }, T0);
const allowedNames = (s: ReplenishState) => allowedTools(s, R, T0).map((t) => t.name);

describe('waiting for the goods', () => {
  it('waits only once the supplier confirmed the order', () => {
    expect(waitForGoods.allowed(ordered(), R, T0)).toBe(false);
    expect(waitForGoods.allowed(confirmed(), R, T0)).toBe(true);
  });

  it('waits until the expected delivery plus the slack', () => {
    expect(waitForGoods.timeoutMs(confirmed(), R, T0)).toBe((5 + 2) * DAY_MS);
    expect(waitForGoods.timeoutMs(confirmed(), R, at(4))).toBe((1 + 2) * DAY_MS);
  });

  it('waits only the slack once the delivery date has passed', () => {
    expect(waitForGoods.timeoutMs(confirmed(), R, at(30))).toBe(2 * DAY_MS);
  });

  it('a supplier message ends the wait and waits to be read', () => {
    const s = confirmed();
    const next = waitForGoods.apply(s, supplierMessage(s, 'Delayed to 2025-03-20.'), T0);
    expect(next.unreadReply?.text).toBe('Delayed to 2025-03-20.');
    expect(allowedNames(next)).toEqual(['read_supplier_reply']);
  });

  it('records each receipt with its quantity and time', () => {
    const s = confirmed();
    const next = waitForGoods.apply(s, receiptMessage(s, 50), at(6));
    expect(next.receipts).toEqual([{ receiptId: expect.stringMatching(/^m-/), quantity: 50, receivedAt: at(6) }]);
    expect(next.received).toBe(50);
  });

  it('a timeout marks the goods overdue', () => {
    const s = goodsOverdue(confirmed());
    expect(s.goodsOverdue).toBe(true);
    expect(waitForGoods.allowed(s, R, T0)).toBe(false);
    expect(chaseSupplier.allowed(s, R, T0)).toBe(true);
  });

  it('does not wait for goods from a supplier that refused or repriced', () => {
    expect(waitForGoods.allowed(replyRead(confirmed(), { kind: 'refused' }), R, T0)).toBe(false);
    expect(waitForGoods.allowed(replyRead(confirmed(), { kind: 'price_change', unitPrice: 9 }), R, T0)).toBe(false);
  });
});

describe('a partial delivery', () => {
  const partial = goodsArrived(confirmed(), 40);

  it('leaves the rest on backorder', () => {
    expect(backorder(partial)).toBe(50);
  });

  it('keeps the purchase order open while the rest may still come', () => {
    expect(closePurchaseOrder.allowed(partial, R, T0)).toBe(false);
    expect(allowedNames(partial)).toEqual(['wait_for_goods']);
  });

  it('closes once the rest arrives', () => {
    const all = goodsArrived(partial, 50);
    expect(backorder(all)).toBe(0);
    expect(closePurchaseOrder.allowed(all, R, T0)).toBe(true);
  });

  it('chases the overdue rest before closing short', () => {
    const overdue = goodsOverdue(partial);
    expect(closePurchaseOrder.allowed(overdue, R, T0)).toBe(false);
    expect(allowedNames(overdue)).toEqual(['chase_supplier']);
  });

  it('closes short once the rest is overdue and chasing is exhausted, without cancelling what came', () => {
    const exhausted = goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(partial)))));
    expect(exhausted.chases).toBe(2);
    expect(allowedNames(exhausted)).toEqual(['close_purchase_order']);
    expect(cancelPurchaseOrder.allowed(exhausted, R, T0)).toBe(false);
  });
});

describe('closing the purchase order', () => {
  it('needs goods in', () => {
    expect(closePurchaseOrder.allowed(confirmed(), R, T0)).toBe(false);
    expect(closePurchaseOrder.allowed(goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(confirmed()))))), R, T0)).toBe(false);
  });

  it('also closes when the supplier sent more than ordered', () => {
    expect(closePurchaseOrder.allowed(goodsArrived(confirmed(), 95), R, T0)).toBe(true);
  });

  it('books the goods into stock and closes', () => {
    const s = closed(goodsArrived(confirmed(), 90));
    expect(s.closed).toBe(true);
    expect(s.stock.onHand).toBe(100);
    expect(closePurchaseOrder.allowed(s, R, T0)).toBe(false);
  });

  it('when every chase of undelivered goods failed and nothing came, only cancelling or ordering elsewhere remain', () => {
    const s = goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(confirmed())))));
    expect(allowedNames(s)).toEqual(['cancel_purchase_order', 'reorder_elsewhere']);
  });
});

describe('finishing', () => {
  it('is allowed only when the purchase order is settled', () => {
    const unsettled = [lowStock(), quoted(), drafted(), awaitingApproval(), approved(), ordered(), confirmed(), goodsArrived(confirmed(), 90)];
    for (const s of unsettled) expect(done.allowed(s, R, T0)).toBe(false);
    const settled = [closed(goodsArrived(confirmed(), 90)), cancelled(drafted()), rejected(), { ...ordered(), failure: 'broken' }];
    for (const s of settled) expect(done.allowed(s, R, T0)).toBe(true);
  });

  it('a settled purchase order leaves nothing else to do', () => {
    expect(allowedNames(closed(goodsArrived(confirmed(), 90)))).toEqual(['done']);
    expect(allowedNames(rejected())).toEqual(['done']);
    expect(allowedNames(cancelled(ordered()))).toEqual(['done']);
  });
});
