import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../src/activities/index.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { committedSpend, openPurchaseOrder, purchaseRecord } from '../../src/domain/purchase-record.js';
import { outcome } from '../../src/domain/outcome.js';
import type { World } from '../../src/domain/world.js';
import { openRecords } from '../../src/records/store.js';
import { tempFile } from '../support/sandbox.js';
import { approved, awaitingApproval, cancelled, checked, closed, confirmed, drafted, goodsArrived, lowStock, ordered, quoted, rejected, reorderedElsewhere, replyRead, rules, twoQuotes } from '../support/states.js';

const settledAt = '2026-11-30T10:00:00.000Z';
const recordOf = (state: Parameters<typeof outcome>[0]) =>
  purchaseRecord({ replenishmentId: 'replenish-X-1', runId: 'r', state, result: outcome(state), currency: 'EUR', settledAt });

describe('what the record of a settled replenishment holds', () => {
  it('a received order: the approver, the order total rounded once, and money committed in the month of the order', () => {
    const o = confirmed();
    const r = recordOf(closed(goodsArrived(o, o.po!.quantity)));
    expect(r).toMatchObject({ outcome: 'received', currency: 'EUR', quantityOrdered: o.po!.quantity, unitPrice: o.po!.unitPrice });
    expect(r.approvals).toEqual([expect.objectContaining({ decision: 'approved', by: 'dana', rule: null })]);
    expect(r.orderTotal).toBe(Math.round(o.po!.quantity * o.po!.unitPrice * 100) / 100);
    expect(committedSpend(r)).toEqual({ month: o.orderedAt!.slice(0, 7), amount: r.orderTotal });
  });

  it('a rejected PO: the manager\'s reason, nothing ordered, nothing spent', () => {
    const r = recordOf(rejected(undefined, 'too dear'));
    expect(r.approvals).toEqual([expect.objectContaining({ decision: 'rejected', by: 'dana', reason: 'too dear', rule: null })]);
    expect(r).toMatchObject({ outcome: 'rejected', quantityOrdered: 0, orderTotal: null });
    expect(committedSpend(r)).toBeNull();
  });

  // The record of a replenishment that bought elsewhere listed only the last PO's approval (none when
  // that one was cancelled too): who approved the orders sent to the first supplier was lost with the history.
  it('an order cancelled at its supplier and bought elsewhere keeps the approval it was placed on, naming its PO', () => {
    const first = ordered();
    const elsewhere = reorderedElsewhere(replyRead(first, { kind: 'refused' }, 'We cannot supply this item.'));
    const second = confirmed(ordered(checked(approved(awaitingApproval(drafted(quoted(elsewhere, twoQuotes()), 'Q-BOLT'))))));
    const r = recordOf(closed(goodsArrived(second, second.po!.quantity)));
    expect(r.poNumber).toBe(`${first.po!.poNumber}-R1`);
    expect(r.approvals).toEqual([
      expect.objectContaining({ decision: 'approved', by: 'dana', poNumber: first.po!.poNumber, maxUnitPrice: first.decision!.kind === 'approved' ? first.decision!.maxUnitPrice : undefined }),
      expect.objectContaining({ decision: 'approved', by: 'dana' }),
    ]);
    expect(r.approvals[1]).not.toHaveProperty('poNumber');
    // Both orders cancelled: the record still says who approved them.
    const none = recordOf(cancelled(elsewhere));
    expect(none.approvals).toEqual([expect.objectContaining({ decision: 'approved', by: 'dana', poNumber: first.po!.poNumber })]);
  });

  it('an order cancelled at the supplier keeps its total but is not money committed', () => {
    const r = recordOf(cancelled(ordered()));
    expect(r.outcome).toBe('cancelled');
    expect(r.orderTotal).not.toBeNull();
    expect(committedSpend(r)).toBeNull();
  });
});

describe('what the open purchase order list shows of a PO still worked on', () => {
  const openOf = (state: Parameters<typeof outcome>[0]) =>
    openPurchaseOrder({ replenishmentId: 'replenish-X-1', runId: 'r', state, currency: 'EUR', updatedAt: settledAt });

  it('nothing before a PO is drafted', () => {
    expect(openOf(lowStock())).toBeNull();
    expect(openOf(quoted())).toBeNull();
  });

  it('a PO awaiting approval: its number, supplier and price, nothing ordered yet, no outcome', () => {
    const s = awaitingApproval();
    const o = openOf(s)!;
    expect(o).toMatchObject({ poNumber: s.po!.poNumber, supplier: s.po!.supplier, unitPrice: s.po!.unitPrice, quantityDrafted: s.po!.quantity,
      quantityOrdered: 0, orderTotal: null, phase: 'awaiting approval', updatedAt: settledAt, currency: 'EUR', approvals: [] });
    expect(o).not.toHaveProperty('outcome');
    expect(o).not.toHaveProperty('turns');
  });

  it('an order placed: its total, approver and the day it was placed, which is money committed', () => {
    const s = ordered();
    const o = openOf(s)!;
    expect(o).toMatchObject({ phase: 'ordered', quantityOrdered: s.po!.quantity, orderedAt: s.orderedAt });
    expect(o.approvals).toEqual([expect.objectContaining({ decision: 'approved', by: 'dana' })]);
    expect(committedSpend({ ...o, outcome: o.phase })).toEqual({ month: s.orderedAt!.slice(0, 7), amount: o.orderTotal });
  });
});

describe('the recordPurchase activity', () => {
  const file = tempFile((fn) => afterAll(async () => { await fn(); }));

  it('a retried attempt writes the same record once: keyed by the run, dated by the first attempt\'s schedule', async () => {
    const records = await openRecords({ kind: 'sqlite', file });
    afterAll(() => records.close());
    const activities = createActivities({ world: {} as World, reader: patternReader, decider: policyDecider, records });
    const o = confirmed();
    const state = closed(goodsArrived(o, o.po!.quantity));
    const scheduled = Date.parse(settledAt);
    const workflowExecution = { workflowId: 'replenish-RETRY-1', runId: 'run-1' };
    for (const attempt of [1, 2, 3]) {
      const env = new MockActivityEnvironment({ workflowExecution, attempt, scheduledTimestampMs: scheduled, currentAttemptScheduledTimestampMs: scheduled + attempt * 1000 });
      await env.run(activities.recordPurchase, { state, result: outcome(state), rules: rules({ currency: 'EUR' }) });
    }
    const page = await records.list({ sku: state.sku }, { limit: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ replenishmentId: 'replenish-RETRY-1', runId: 'run-1', settledAt, currency: 'EUR', outcome: 'received' });
  });
});
