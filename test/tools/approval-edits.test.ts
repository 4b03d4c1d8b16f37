import { describe, expect, it } from 'vitest';
import { editedLine } from '../../src/domain/approval-edit.js';
import { outcome } from '../../src/domain/outcome.js';
import { phase, refusalOf } from '../../src/domain/phase.js';
import { purchaseRecord } from '../../src/domain/purchase-record.js';
import type { ApprovalPayload, ReplenishState } from '../../src/domain/state.js';
import { allowedTools } from '../../src/tools/index.js';
import { waitForApproval } from '../../src/tools/wait-for-approval.js';
import {
  approvalMessage, at, awaitingApproval, checked, drafted, lowStock, quote, quoted, rules, T0, twoQuotes,
} from '../support/states.js';

// The default story: 90 needed; acme 2.5 (MOQ 10, 5 days) is drafted, 90 × 2.5 = 225.00; bolt 2.8 (MOQ 120, 2 days).
const R = rules();
const PO = 'PO-SKU-1-1';
const edit = (s: ReplenishState, payload: Partial<ApprovalPayload>) => approvalMessage(s, payload);
const judged = (s: ReplenishState, payload: Partial<ApprovalPayload>, r = R, now = T0) => refusalOf(s, edit(s, payload), r, () => false, now);
const applied = (s: ReplenishState, payload: Partial<ApprovalPayload>, now = T0) => waitForApproval.apply(s, edit(s, payload), now);

describe('approving with edits: what the run takes', () => {
  it('a smaller quantity within the supplier\'s minimum is redrafted as a revision and approved up to its price', () => {
    const s = awaitingApproval();
    expect(judged(s, { edit: { quantity: 50 } })).toBeNull();
    const after = applied(s, { edit: { quantity: 50 }, note: 'half now' });
    expect(after.po).toEqual({ poNumber: `${PO}-R1`, sku: 'SKU-1', supplier: 'acme', quoteId: 'Q-ACME', quantity: 50, unitPrice: 2.5, total: 125 });
    expect(after.decision).toMatchObject({
      kind: 'approved', by: 'dana', maxUnitPrice: 2.5, supplier: 'acme', quantity: 50, note: 'half now',
      edit: { drafted: { poNumber: PO, quantity: 90, total: 225 }, approved: { poNumber: `${PO}-R1`, quantity: 50, total: 125 } },
    });
    expect([phase(after), after.approvalPending]).toEqual(['approved', false]);
    // The normal path goes on: the re-check before ordering, then the order at the edited terms.
    expect(allowedTools(after, R, T0).map((t) => t.name)).toContain('check_before_order');
    expect(allowedTools(checked(after), R, T0).map((t) => t.name)).toContain('place_order');
  });

  it('another quote without a quantity takes the line the agent would draft from it', () => {
    const s = awaitingApproval();
    expect(judged(s, { edit: { quoteId: 'Q-BOLT' } })).toBeNull();
    const after = applied(s, { edit: { quoteId: 'Q-BOLT' } });
    expect(after.po).toMatchObject({ poNumber: `${PO}-R1`, supplier: 'bolt', quoteId: 'Q-BOLT', quantity: 120, unitPrice: 2.8, total: 336 });
    expect(after.decision).toMatchObject({ supplier: 'bolt', quantity: 120, maxUnitPrice: 2.8 });
    // Why the plan chose acme says nothing of bolt.
    expect(after.supplierChoice).toBeUndefined();
  });

  it('the purchasing record shows who edited what was drafted into what was approved', () => {
    const after = checked(applied(awaitingApproval(), { edit: { quoteId: 'Q-BOLT' }, channel: 'cli' }));
    const record = purchaseRecord({ replenishmentId: 'replenish-SKU-1-1', runId: 'r', state: after, result: outcome(after), currency: 'USD', settledAt: T0 });
    expect(record.approvals).toEqual([{
      decision: 'approved', by: 'dana', rule: null, channel: 'cli', at: T0, maxUnitPrice: 2.8,
      edit: {
        drafted: { poNumber: PO, supplier: 'acme', quoteId: 'Q-ACME', quantity: 90, unitPrice: 2.5, total: 225 },
        approved: { poNumber: `${PO}-R1`, supplier: 'bolt', quoteId: 'Q-BOLT', quantity: 120, unitPrice: 2.8, total: 336 },
      },
    }]);
  });

  it('an edit to the drafted terms is a plain approval: no revision', () => {
    const s = awaitingApproval();
    const after = applied(s, { edit: { quantity: 90, quoteId: 'Q-ACME' } });
    expect(after.po).toEqual(s.po);
    expect(after.decision).toMatchObject({ kind: 'approved', maxUnitPrice: 2.5 });
    expect(after.decision).not.toHaveProperty('edit');
  });

  it('a ceiling above the edited price is kept, as any approval\'s', () => {
    expect(applied(awaitingApproval(), { edit: { quantity: 50 }, maxUnitPrice: 2.7 }).decision).toMatchObject({ maxUnitPrice: 2.7 });
  });
});

describe('approving with edits: what the run refuses, and why', () => {
  const refusedWith = (s: ReplenishState, payload: Partial<ApprovalPayload>, r = R, now = T0) => {
    const refusal = judged(s, payload, r, now);
    expect(refusal).not.toBeNull();
    return refusal!;
  };

  it('a quantity below the supplier\'s minimum', () => {
    expect(refusedWith(awaitingApproval(), { edit: { quoteId: 'Q-BOLT', quantity: 100 } })).toEqual({
      type: 'NotWaiting', why: `the edit of ${PO} cannot be ordered: 100 is below bolt's minimum order of 120`,
    });
  });

  it('a quantity off the supplier\'s pack size, naming the nearest whole packs', () => {
    const s = awaitingApproval(drafted(quoted(lowStock(), [quote({ orderMultiple: 10 })])));
    expect(refusedWith(s, { edit: { quantity: 55 } }).why).toBe(`the edit of ${PO} cannot be ordered: acme sells in packs of 10: 55 is not a whole number of packs (50 or 60 would be)`);
  });

  it('more than the run may order: what is needed plus a quarter of the target', () => {
    expect(refusedWith(awaitingApproval(), { edit: { quantity: 120 } }).why).toMatch(/120 is more than this replenishment may order from acme: at most 115 \(90 needed/);
    expect(judged(awaitingApproval(), { edit: { quantity: 115 } })).toBeNull();
  });

  it('a quote the run does not hold, listing those it does', () => {
    expect(refusedWith(awaitingApproval(), { edit: { quoteId: 'Q-NOPE' } }).why).toBe(`the edit of ${PO} cannot be ordered: ${PO} has no quote Q-NOPE; the quotes it holds: Q-ACME (acme), Q-BOLT (bolt)`);
  });

  it('a quote that has expired at the run\'s clock', () => {
    const s = awaitingApproval(drafted(quoted(lowStock(), [quote({ validUntil: at(14) }), quote({ quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8, moq: 120, validUntil: at(1) })])));
    expect(judged(s, { edit: { quoteId: 'Q-BOLT' } }, R, T0)).toBeNull();
    expect(refusedWith(s, { edit: { quoteId: 'Q-BOLT' } }, R, at(2)).why).toMatch(/bolt's quote Q-BOLT expired at /);
  });

  it('a supplier that lead time would make late where the draft is in time', () => {
    // 5 a day from 15 on hand: 3 days. Bolt (2 days) is drafted; acme takes 5.
    const s = awaitingApproval(drafted(quoted(lowStock({ onHand: 15, dailyDemand: 5 }), twoQuotes()), 'Q-BOLT'));
    expect(s.po?.supplier).toBe('bolt');
    expect(refusedWith(s, { edit: { quoteId: 'Q-ACME' } }).why).toBe(`the edit of ${PO} cannot be ordered: acme delivers in 5 days, after the 3 days the stock on hand lasts; bolt, as drafted, delivers in 2 days`);
  });

  it('an edited total above the manager\'s approval limit is the limit\'s 403, naming the edited terms', () => {
    expect(refusedWith(awaitingApproval(), { edit: { quoteId: 'Q-BOLT' }, limit: 300 })).toEqual({
      type: 'OverLimit', why: `dana may approve purchase orders up to 300.00; ${PO} edited to 120 from bolt at 2.8 (336.00) totals 336.00: a manager with a higher approval limit must approve it`,
    });
    // A draft above the limit, edited to within it, is this manager's to approve.
    expect(judged(awaitingApproval(), { limit: 200 })?.type).toBe('OverLimit');
    expect(judged(awaitingApproval(), { edit: { quantity: 50 }, limit: 200 })).toBeNull();
  });

  it('a ceiling below the edited unit price', () => {
    expect(refusedWith(awaitingApproval(), { edit: { quoteId: 'Q-BOLT' }, maxUnitPrice: 2.5 }).why).toMatch(/an approval up to 2\.5 is below the unit price 2\.8 of .* edited to 120 from bolt/);
  });

  it('an edited total that two managers must approve', () => {
    const two = rules({ twoApprovalsAbove: 300 });
    expect(refusedWith(awaitingApproval(), { edit: { quoteId: 'Q-BOLT' } }, two).why).toMatch(/edited to 120 from bolt at 2\.8 \(336\.00\) is above 300\.00, where two managers must approve/);
    expect(judged(awaitingApproval(), { edit: { quantity: 50 } }, two)).toBeNull();
  });
});

describe('approving with edits once judged', () => {
  it('an edit the run no longer can carry out when it reads it is not counted: the PO still waits for a decision', () => {
    const s = awaitingApproval(drafted(quoted(lowStock(), [quote({ validUntil: at(14) }), quote({ quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8, moq: 120, validUntil: at(1) })])));
    const after = applied(s, { edit: { quoteId: 'Q-BOLT' } }, at(2));
    expect(after).toBe(s);
    expect(editedLine(s, { quoteId: 'Q-BOLT' }, at(2))).toMatchObject({ ok: false });
  });
});
