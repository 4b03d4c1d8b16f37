import { describe, expect, it } from 'vitest';
import { gate, phase, refusalOf } from '../../src/domain/phase.js';
import { requestApproval } from '../../src/tools/request-approval.js';
import { accepts, type EventName, type ReplenishState } from '../../src/domain/state.js';
import type { Turn } from '../../src/domain/types.js';
import {
  approvalTimedOut, approved, awaitingApproval, cancelled, closed, confirmed, drafted, goodsArrived, lowStock, ordered,
  quoted, rejected, rules, approvalMessage, quote, supplierMessage,
} from '../support/states.js';

const PO = 'PO-SKU-1-1';
const R = rules();
const send = (s: ReplenishState, event: EventName, poNumber = PO) => accepts(s, { event, poNumber }, R);

describe('which messages a replenishment takes', () => {
  it('refuses an approval for another purchase order, naming it', () => {
    expect(send(awaitingApproval(), 'approval', 'PO-SKU-1-9')).toEqual({
      ok: false, why: 'purchase order PO-SKU-1-9 is not the one this agent is working on',
    });
  });

  it('refuses any message before a purchase order is drafted', () => {
    const why = `purchase order ${PO} is not the one this agent is working on`;
    for (const event of ['approval', 'supplier-reply', 'goods-receipt'] as const) expect(send(quoted(), event)).toEqual({ ok: false, why });
  });

  it('refuses an approval for a draft nobody was asked to approve', () => {
    expect(send(drafted(), 'approval')).toEqual({ ok: false, why: `purchase order ${PO} has not been sent for approval` });
  });

  it('takes the manager\'s decision once approval was requested', () => {
    expect(send(awaitingApproval(), 'approval')).toEqual({ ok: true });
  });

  it('still takes a decision that arrives after the wait for it timed out', () => {
    expect(send(approvalTimedOut(), 'approval')).toEqual({ ok: true });
  });

  it('refuses a decision after the last request for one timed out: the agent asks no more and cancels', () => {
    const lastAsked = approvalTimedOut(awaitingApproval(approvalTimedOut()));
    expect(send(lastAsked, 'approval')).toEqual({
      ok: false, why: `purchase order ${PO} no longer waits for a decision: the manager was asked 2 times and the last request timed out`,
    });
  });

  it('takes a cancellation in any phase until the replenishment is settled', () => {
    for (const s of [awaitingApproval(), approved(), ordered(), confirmed()]) expect(send(s, 'cancel')).toEqual({ ok: true });
    expect(send(cancelled(ordered()), 'cancel')).toEqual({ ok: false, why: `replenishment ${PO} is already settled` });
  });

  it('turns away an approval below the drafted price and every other quote, naming the drafted price', () => {
    const s = awaitingApproval();
    const approval = (maxUnitPrice: number) => ({ ...approvalMessage(s, { maxUnitPrice }) });
    expect(refusalOf(s, approval(2.4), R, () => false)).toEqual({
      type: 'NotWaiting',
      why:
      `an approval up to 2.4 is below the drafted unit price 2.5 of ${PO} and below every other quote; approve at least 2.5, or reject it`,
    });
    expect(refusalOf(s, approval(2.5), R, () => false)).toBeNull();
    // Bolt's quote (2.80) is above the drafted price, so nothing under 2.5 could be redrafted.
    const cheaperElsewhere = awaitingApproval(drafted(quoted(lowStock(), [quote({ quoteId: 'Q-X', supplier: 'x', unitPrice: 2.2, moq: 500 }), quote()]), 'Q-ACME'));
    expect(refusalOf(cheaperElsewhere, { ...approvalMessage(cheaperElsewhere, { maxUnitPrice: 2.3 }) }, R, () => false)).toBeNull();
  });

  it('refuses anything once a cancellation waits to be carried out, and a second decision while one waits to be read', () => {
    const s = awaitingApproval();
    expect(refusalOf(s, approvalMessage(s), R, (e) => e === 'cancel')).toEqual({ type: 'NotWaiting', why: `${PO} is being cancelled` });
    expect(refusalOf(s, approvalMessage(s), R, (e) => e === 'approval')).toEqual({ type: 'NotWaiting', why: 'a decision is already waiting to be read' });
  });

  it('refuses a reply from a supplier the purchase order was not sent to, whatever the phase', () => {
    const from = (s: ReplenishState, supplier: string) => ({ ...supplierMessage(s, 'We confirm.'), payload: { text: 'We confirm.', supplier } });
    for (const s of [awaitingApproval(), ordered()]) {
      expect(refusalOf(s, from(s, 'bolt'), R, () => false)).toEqual({ type: 'NotAddressee', why: `purchase order ${PO} was not sent to bolt` });
    }
    expect(refusalOf(ordered(), from(ordered(), 'acme'), R, () => false)).toBeNull();
  });

  it('refuses a second decision once the price is approved', () => {
    expect(send(approved(), 'approval')).toEqual({ ok: false, why: `purchase order ${PO} has already been decided` });
  });

  it('refuses a second decision after a rejection, saying what was decided', () => {
    expect(send(rejected(), 'approval')).toEqual({ ok: false, why: expect.stringMatching(new RegExp(`^purchase order ${PO} has already been decided \\(rejected by \\S+\\)$`)) });
  });

  it('takes a fresh decision when the first approved a ceiling below the drafted price', () => {
    expect(send(approved(awaitingApproval(), 2.0), 'approval')).toEqual({ ok: true });
  });

  it('refuses a supplier reply or a goods receipt before the order is placed', () => {
    const why = `purchase order ${PO} has not been placed with a supplier`;
    expect(send(approved(), 'supplier-reply')).toEqual({ ok: false, why });
    expect(send(approved(), 'goods-receipt')).toEqual({ ok: false, why });
  });

  it('takes supplier replies and goods receipts once the order is placed', () => {
    expect(send(ordered(), 'supplier-reply')).toEqual({ ok: true });
    expect(send(ordered(), 'goods-receipt')).toEqual({ ok: true });
  });

  it('refuses everything once the purchase order is closed or cancelled', () => {
    const why = `replenishment ${PO} is already settled`;
    for (const s of [closed(goodsArrived(confirmed(), 90)), cancelled(ordered())]) {
      expect(send(s, 'supplier-reply')).toEqual({ ok: false, why });
      expect(send(s, 'goods-receipt')).toEqual({ ok: false, why });
    }
  });
});

describe('the gate a replenishment shows its senders', () => {
  it('opens the approval (and a cancellation) while the manager is asked', () => {
    const g = gate('replenish-SKU-1-1', awaitingApproval(), R, requestApproval.name);
    expect(g).toEqual({
      workflowId: 'replenish-SKU-1-1',
      poNumber: PO,
      phase: 'awaiting approval',
      open: ['approval', 'cancel'],
      why: {
        'supplier-reply': `purchase order ${PO} has not been placed with a supplier`,
        'goods-receipt': `purchase order ${PO} has not been placed with a supplier`,
      },
      supplier: 'acme',
      // What the inbox shows: the run keeps it in its memo, so the inbox never queries the replenishment.
      approval: {
        supplier: 'acme', quantity: 90, unitPrice: 2.5, total: 225, onHand: 10, safetyStock: 20,
        alternatives: [expect.objectContaining({ quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8 })],
        requestedAt: null,
      },
    });
  });

  it('says when approval was asked for, from the turn that asked', () => {
    const asked: Turn = { turn: 3, at: '2025-03-15T10:00:00.000Z', allowed: ['request_approval'], tool: 'request_approval', result: 'ok', summary: 'asked' };
    const s = awaitingApproval();
    expect(gate('w', { ...s, log: [...s.log, asked] }, R, requestApproval.name).approval?.requestedAt).toBe('2025-03-15T10:00:00.000Z');
  });

  it('says when the manager was asked about a price raised after the order, from that question\'s turn, not the PO\'s first request', () => {
    const turn = (n: number, tool: string, at: string): Turn => ({ turn: n, at, allowed: [tool], tool, result: 'ok', summary: 'asked' });
    const s = awaitingApproval();
    const log = [...s.log, turn(3, 'request_approval', '2025-03-15T10:00:00.000Z'), turn(9, 'ask_manager_about_price', '2025-03-18T08:00:00.000Z')];
    expect(gate('w', { ...s, log }, R, ['request_approval', 'ask_manager_about_price']).approval?.requestedAt).toBe('2025-03-18T08:00:00.000Z');
  });

  it('opens supplier replies and receipts once ordered, and says why a decision is no longer wanted', () => {
    const g = gate('w', ordered(), R, requestApproval.name);
    expect(g.open).toEqual(['supplier-reply', 'goods-receipt', 'cancel']);
    expect(g.why).toEqual({ approval: `purchase order ${PO} has already been decided` });
    expect(g.phase).toBe('ordered');
    expect(g.supplier).toBe('acme');
    expect(g.approval).toBeNull();
  });

  it('opens nothing before a purchase order exists', () => {
    const g = gate('w', quoted(), R, requestApproval.name);
    expect(g.poNumber).toBeNull();
    expect(g.open).toEqual([]);
    expect(Object.keys(g.why)).toEqual(['approval', 'supplier-reply', 'goods-receipt', 'cancel']);
  });

  it('opens nothing once the goods are in and the order closed', () => {
    const g = gate('w', closed(goodsArrived(confirmed(), 90)), R, requestApproval.name);
    expect(g.open).toEqual([]);
    expect(g.phase).toBe('received');
  });
});

describe('where a replenishment stands, in a manager\'s words', () => {
  const partly = goodsArrived(confirmed(), 40);
  it.each<[string, string, ReplenishState]>([
    ['nothing asked yet', 'quoting', lowStock()],
    ['quotes in', 'quoting', quoted()],
    ['a draft not yet sent', 'drafting', drafted()],
    ['approval requested', 'awaiting approval', awaitingApproval()],
    ['the manager did not answer in time', 'drafting', approvalTimedOut()],
    ['the price approved', 'approved', approved()],
    ['the manager said no', 'rejected', rejected()],
    ['the order sent', 'ordered', ordered()],
    ['the supplier confirmed', 'awaiting goods', confirmed()],
    ['part of the goods in', 'receiving', partly],
    ['closed short', 'received', closed(partly)],
    ['cancelled after ordering', 'cancelled', cancelled(ordered())],
    ['the decider broke', 'failed', { ...confirmed(), failure: 'the decider failed' }],
  ])('%s: %s', (_story, expected, s) => {
    expect(phase(s)).toBe(expected);
  });
});
