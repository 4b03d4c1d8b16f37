import { describe, expect, it } from 'vitest';
import { approverRefusal, gate } from '../../src/domain/phase.js';
import { outcome } from '../../src/domain/outcome.js';
import { purchaseRecord } from '../../src/domain/purchase-record.js';
import { allowedTools } from '../../src/tools/index.js';
import { placeOrder } from '../../src/tools/place-order.js';
import { requestApproval } from '../../src/tools/request-approval.js';
import { waitForApproval } from '../../src/tools/wait-for-approval.js';
import {
  approvalMessage, approvalTimedOut, approved, at, awaitingApproval, checked, DAY_MS, drafted, ordered, quoted, rejected, rules, T0,
} from '../support/states.js';

const R = rules();
const allowedNames = (s = drafted(), now = T0, r = R) => allowedTools(s, r, now).map((t) => t.name);

describe('asking the manager to approve the price', () => {
  it('needs a drafted purchase order', () => {
    expect(requestApproval.allowed(quoted(), R, T0)).toBe(false);
    expect(requestApproval.allowed(drafted(), R, T0)).toBe(true);
  });

  it('does not ask again while the manager has the request', () => {
    expect(requestApproval.allowed(awaitingApproval(), R, T0)).toBe(false);
    expect(awaitingApproval().approvalRequests).toBe(1);
  });

  it('asks again after the manager did not answer in time', () => {
    expect(requestApproval.allowed(approvalTimedOut(), R, T0)).toBe(true);
  });

  it('asks at most maxApprovalRequests times', () => {
    const twice = approvalTimedOut(awaitingApproval(approvalTimedOut()));
    expect(twice.approvalRequests).toBe(2);
    expect(requestApproval.allowed(twice, rules({ maxApprovalRequests: 2 }), T0)).toBe(false);
    expect(requestApproval.allowed(twice, rules({ maxApprovalRequests: 3 }), T0)).toBe(true);
  });

  it('does not ask once the price is approved', () => {
    expect(requestApproval.allowed(approved(), R, T0)).toBe(false);
  });

  it('asks again when the manager approved a ceiling below the drafted price', () => {
    expect(requestApproval.allowed(approved(awaitingApproval(), 2.4), R, T0)).toBe(true);
  });
});

describe('waiting for the manager\'s decision', () => {
  it('waits only while a request is out', () => {
    expect(waitForApproval.allowed(drafted(), R, T0)).toBe(false);
    expect(waitForApproval.allowed(awaitingApproval(), R, T0)).toBe(true);
  });

  it('waits approvalWaitDays business days', () => {
    expect(waitForApproval.timeoutMs(awaitingApproval(), rules({ approvalWaitDays: 3 }), T0)).toBe(3 * DAY_MS);
    expect(waitForApproval.timeoutMs(awaitingApproval(), rules({ approvalWaitDays: 0.5, dayMs: 1000 }), T0)).toBe(500);
  });

  it('after a timeout the agent may ask again', () => {
    const s = approvalTimedOut();
    expect(s.approvalPending).toBe(false);
    expect(s.approvalTimeouts).toBe(1);
    expect(allowedNames(s)).toEqual(['request_approval', 'cancel_purchase_order']);
  });

  it('after the last request times out, only cancelling remains', () => {
    const s = approvalTimedOut(awaitingApproval(approvalTimedOut()));
    expect(allowedNames(s, T0, rules({ maxApprovalRequests: 2 }))).toEqual(['cancel_purchase_order']);
  });

  it('an approval without a ceiling approves the drafted price, bound to the drafted supplier and quantity', () => {
    const s = approved();
    expect(s.decision).toEqual({ kind: 'approved', maxUnitPrice: 2.5, supplier: s.po!.supplier, quantity: s.po!.quantity, by: 'dana', at: T0 });
  });

  it('records a rejection with the manager\'s reason, or says none was given', () => {
    expect(rejected(awaitingApproval(), 'over budget').decision).toEqual({ kind: 'rejected', reason: 'over budget', by: 'dana', at: T0 });
    const s = awaitingApproval();
    const silent = waitForApproval.apply(s, approvalMessage(s, { approved: false }), T0);
    expect(silent.decision).toMatchObject({ kind: 'rejected', reason: 'no reason given' });
  });
});

describe('placing the order', () => {
  it('is not allowed before the manager approved', () => {
    expect(placeOrder.allowed(drafted(), R, T0)).toBe(false);
    expect(placeOrder.allowed(awaitingApproval(), R, T0)).toBe(false);
    expect(placeOrder.allowed(approvalTimedOut(), R, T0)).toBe(false);
  });

  it('is not allowed after a rejection', () => {
    expect(placeOrder.allowed(rejected(), R, T0)).toBe(false);
  });

  it('is not allowed when the drafted unit price is above the approved ceiling', () => {
    expect(placeOrder.allowed(approved(awaitingApproval(), 2.49), R, T0)).toBe(false);
  });

  it('is allowed when approved within the ceiling, up to the ceiling itself', () => {
    expect(placeOrder.allowed(checked(approved(awaitingApproval(), 2.5)), R, T0)).toBe(true);
    expect(placeOrder.allowed(checked(approved(awaitingApproval(), 3)), R, T0)).toBe(true);
  });

  it('is not allowed once the quote behind the purchase order expired', () => {
    expect(placeOrder.allowed(checked(), R, at(13))).toBe(true);
    expect(placeOrder.allowed(checked(), R, at(14))).toBe(false);
  });

  it('is not allowed a second time', () => {
    expect(placeOrder.allowed(ordered(), R, T0)).toBe(false);
  });

  it('is not allowed when the quote behind the PO now gives another price (a re-quote kept its id)', () => {
    const s = checked();
    const quoteId = s.po!.quoteId;
    const repriced = { ...s, quotes: s.quotes!.map((q) => (q.quoteId === quoteId ? { ...q, unitPrice: q.unitPrice + 0.4, priceBreaks: [] } : q)) };
    expect(placeOrder.allowed(s, R, T0)).toBe(true);
    expect(placeOrder.allowed(repriced, R, T0)).toBe(false);
  });

  it('uses the PO number as its idempotency key, so a retry cannot order twice', () => {
    expect(placeOrder.key!(approved())).toBe('PO-SKU-1-1');
  });

  it('records the supplier\'s acknowledgement and when the order went out', () => {
    const s = ordered(approved(), at(1));
    expect(s.order).toEqual({
      poNumber: 'PO-SKU-1-1', supplier: 'acme', supplierRef: 'acme-ref-1', acceptedAt: at(1), expectedDelivery: at(6),
    });
    expect(s.orderedAt).toBe(at(1));
    expect(s.expectedDelivery).toBe(at(6));
  });
});

describe('a PO that needs two managers', () => {
  const needingTwo = () => requestApproval.apply(drafted(), {}, { sentTo: 'purchasing-manager', approvalsNeeded: 2 }, T0);

  it('keeps the first approval and waits for another, then takes the lower ceiling of the two', () => {
    const first = waitForApproval.apply(needingTwo(), approvalMessage(needingTwo(), { by: 'dana', maxUnitPrice: 9 }), T0);
    expect(first).toMatchObject({ approvalPending: true, decision: null, firstApprovals: [{ by: 'dana', maxUnitPrice: 9 }] });
    expect(allowedNames(first)).toContain('wait_for_approval');
    expect(allowedNames(first)).not.toContain('check_before_order');
    expect(allowedNames(first)).not.toContain('request_approval');
    const second = waitForApproval.apply(first, approvalMessage(first, { by: 'lee', maxUnitPrice: 12 }), at(1));
    expect(second).toMatchObject({ approvalPending: false, decision: { kind: 'approved', by: 'lee', maxUnitPrice: 9 } });
    expect(allowedNames(second)).toContain('check_before_order');
  });

  it('the same manager twice is refused with a reason; so is an approval above the approver\'s limit', () => {
    const first = waitForApproval.apply(needingTwo(), approvalMessage(needingTwo(), { by: 'dana' }), T0);
    const request = gate('replenish-X-1', first, R, requestApproval.name).approval!;
    expect(request).toMatchObject({ approvedBy: ['dana'], approvalsNeeded: 2 });
    expect(approverRefusal(request, 'PO-1', { approved: true, by: 'dana' })).toMatchObject({ type: 'NotWaiting' });
    expect(approverRefusal(request, 'PO-1', { approved: true, by: 'lee' })).toBeNull();
    expect(approverRefusal(request, 'PO-1', { approved: true, by: 'lee', limit: request.total - 0.01 })).toMatchObject({ type: 'OverLimit' });
    expect(approverRefusal(request, 'PO-1', { approved: false, by: 'lee', limit: 0 })).toBeNull();
  });

  it('the record lists both approvals; a rejection by the second manager rejects it, and a redraft forgets approvals of the old PO', () => {
    const first = waitForApproval.apply(needingTwo(), approvalMessage(needingTwo(), { by: 'dana' }), T0);
    expect(waitForApproval.apply(first, approvalMessage(first, { approved: false, by: 'lee', reason: 'too many' }), T0).decision).toMatchObject({ kind: 'rejected', by: 'lee' });
    const settled = waitForApproval.apply(first, approvalMessage(first, { by: 'lee' }), at(1));
    expect(purchaseRecord({ replenishmentId: 'replenish-X-1', runId: 'r', state: settled, result: outcome(settled), currency: 'USD', settledAt: at(2) }).approvals)
      .toEqual([expect.objectContaining({ decision: 'approved', by: 'dana', rule: null }), expect.objectContaining({ decision: 'approved', by: 'lee', rule: null })]);
    const redrafted = drafted(first, 'Q-BOLT');
    expect(redrafted.po?.supplier).toBe('bolt');
    expect(redrafted.firstApprovals).toBeUndefined();
  });
});
