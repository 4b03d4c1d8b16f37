import { describe, expect, it } from 'vitest';
import { outcome } from '../../src/domain/outcome.js';
import { appendTurn, type ReplenishState } from '../../src/domain/state.js';
import {
  at, awaitingApproval, cancelled, closed, confirmed, goodsArrived, lowStock, ordered, rejected, supplierOverdue, T0,
} from '../support/states.js';

const withTurns = (s: ReplenishState, n: number): ReplenishState =>
  Array.from({ length: n }, (_, i) => i + 1)
    .reduce((acc, turn) => appendTurn(acc, { turn, at: T0, allowed: [], tool: 'x', result: 'ok', summary: 'x' }), s);

describe('how a replenishment ended, as the manager reads it', () => {
  it('received: every unit in, with who supplied it, at what price and when', () => {
    const s = closed(goodsArrived(confirmed(), 90));
    expect(outcome(withTurns(s, 9))).toEqual({
      sku: 'SKU-1',
      replenishment: 1,
      poNumber: 'PO-SKU-1-1',
      outcome: 'received',
      reason: 'received 90 units',
      supplier: 'acme',
      unitPrice: 2.5,
      quantityOrdered: 90,
      quantityReceived: 90,
      orderedAt: T0,
      receivedAt: T0,
      turns: 9,
      startedAt: T0,
      expectedDelivery: at(5),
      supplierRefused: false,
      quoted: [{ supplier: 'acme', unitPrice: 2.5, leadTimeDays: 5 }, { supplier: 'bolt', unitPrice: 2.8, leadTimeDays: 2 }],
    });
  });

  it('received short: says how many never came', () => {
    const r = outcome(closed(goodsArrived(goodsArrived(confirmed(), 30), 10)));
    expect(r.outcome).toBe('received');
    expect(r.reason).toBe('received 40 of 90; 50 not delivered');
    expect(r.quantityReceived).toBe(40);
  });

  it('rejected: names the manager and the reason, nothing was ordered', () => {
    const r = outcome(rejected(awaitingApproval(), 'buy from bolt instead'));
    expect(r).toMatchObject({
      outcome: 'rejected', reason: 'rejected by dana: buy from bolt instead', quantityOrdered: 0, orderedAt: null, receivedAt: null,
    });
  });

  it('cancelled: carries the reason the agent gave', () => {
    const r = outcome(cancelled(supplierOverdue(), 'acme did not answer after 2 chases'));
    expect(r.outcome).toBe('cancelled');
    expect(r.reason).toBe('acme did not answer after 2 chases');
    expect(r.quantityOrdered).toBe(90);
    expect(r.quantityReceived).toBe(0);
  });

  it('gave up: says the supplier never answered when the order went unconfirmed', () => {
    expect(outcome(supplierOverdue())).toMatchObject({ outcome: 'gave_up', reason: 'turns exhausted; the supplier never answered' });
  });

  it('gave up: says the turns ran out when stuck before ordering', () => {
    expect(outcome(awaitingApproval())).toMatchObject({ outcome: 'gave_up', reason: 'turns exhausted before the goal was reached' });
    expect(outcome(lowStock()).poNumber).toBeNull();
  });

  it('gave up: a confirmed order whose goods never came is not blamed on the supplier\'s silence', () => {
    expect(outcome(confirmed()).reason).toBe('turns exhausted before the goal was reached');
  });

  it('failed: the failure wins over anything else the state says', () => {
    const r = outcome({ ...closed(goodsArrived(confirmed(), 90)), failure: 'the decider failed: model unavailable' });
    expect(r.outcome).toBe('failed');
    expect(r.reason).toBe('the decider failed: model unavailable');
  });

  it('reports the time of the last receipt', () => {
    const first = goodsArrived(confirmed(), 30);
    const s = { ...first, receipts: [...first.receipts, { receiptId: 'r-2', quantity: 60, receivedAt: '2025-03-12T10:00:00.000Z' }], received: 90 };
    expect(outcome(closed(s)).receivedAt).toBe('2025-03-12T10:00:00.000Z');
  });

  it('an order not placed counts zero ordered even with a drafted PO', () => {
    expect(outcome(awaitingApproval()).quantityOrdered).toBe(0);
    expect(outcome(ordered()).quantityOrdered).toBe(90);
  });
});
