import { describe, expect, it } from 'vitest';
import { MAX_LINES_PER_ORDER } from '../../src/domain/gathering.js';
import { Rules } from '../../src/domain/rules.js';
import {
  approvedSoFar, closeWindow, decideSpo, decisionRefusal, decisionRepeat, endWait, joinDesk, newDesk, orderToPlace, settleOrder, spoAtRest, spoDecisionRefusal, spoHolding,
  spoNumbersInFlight, undecidedWhy, withdrawLine, withSpo, type DeskState,
} from '../../src/domain/supplier-desk.js';
import type { SupplierLine, SupplierOrderNews } from '../../src/domain/supplier-order.js';

const T0 = '2026-03-02T09:00:00.000Z';
const rules = Rules.parse({ gathering: { quickparts: { windowHours: 8 } } });
const line = (poNumber: string, o: Partial<SupplierLine> = {}): SupplierLine => ({
  poNumber, sku: poNumber.slice(3, -2), supplier: 'quickparts', quoteId: 'Q', quantity: 10, unitPrice: 2, orderBy: null, joinedAt: T0, ...o,
});
const ordered = (spo: string): SupplierOrderNews => ({
  kind: 'ordered', spoNumber: spo, approval: { by: 'dana', at: T0 },
  ack: { poNumber: 'x', supplier: 'quickparts', supplierRef: 'R', acceptedAt: T0, expectedDelivery: T0 },
});

/** The desk asked the manager about `spo` (request 1). */
const askedAbout = (d: DeskState, spo: string) => withSpo(d, spo, { asked: 1, waitUntil: '2026-03-05T09:00:00.000Z' });

describe('a supplier\'s desk', () => {
  it('opens a window with the first line and gathers the next into it, each line once by its PO number', () => {
    let d = joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0);
    expect(d.gathering?.window).toEqual({ openedAt: T0, closesAt: '2026-03-02T17:00:00.000Z' });
    d = joinDesk(d, line('PO-B-1'), rules, '2026-03-02T10:00:00.000Z');
    d = joinDesk(d, line('PO-A-1', { quantity: 99 }), rules, '2026-03-02T11:00:00.000Z');
    expect(d.gathering?.lines.map((l) => [l.poNumber, l.quantity])).toEqual([['PO-A-1', 10], ['PO-B-1', 10]]);
    expect(d.gathering?.window.openedAt).toBe(T0);
  });

  it('a window of more lines than one order takes puts the first on the PO and keeps the rest gathering in the same window', () => {
    let d = newDesk('quickparts', rules);
    for (let i = 0; i < MAX_LINES_PER_ORDER + 2; i++) d = joinDesk(d, line(`PO-S${i}-1`), rules, T0);
    const window = d.gathering!.window;
    d = closeWindow(d, 'full', true);
    expect(d.inFlight['SPO-quickparts-1']?.order.lines).toHaveLength(MAX_LINES_PER_ORDER);
    expect(d.gathering).toEqual({ window, lines: [line(`PO-S${MAX_LINES_PER_ORDER}-1`), line(`PO-S${MAX_LINES_PER_ORDER + 1}-1`)] });
  });

  it('closes a window into the next numbered consolidated PO while earlier ones are still in flight, each under its own number', () => {
    let d = closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'window closed', false);
    expect(d.inFlight['SPO-quickparts-1']?.order).toMatchObject({ spoNumber: 'SPO-quickparts-1', goods: 20, total: 20 });
    expect(d.gathering).toBeNull();
    // A line on a PO in flight that joins again is not gathered again.
    d = joinDesk(d, line('PO-A-1'), rules, T0);
    expect(d.gathering).toBeNull();
    d = joinDesk(d, line('PO-C-1'), rules, T0);
    d = closeWindow(askedAbout(d, 'SPO-quickparts-1'), 'PO-C-1 must be ordered first', true);
    expect(spoNumbersInFlight(d)).toEqual(['SPO-quickparts-1', 'SPO-quickparts-2']);
    expect(d.inFlight['SPO-quickparts-2']).toMatchObject({ closedBecause: 'PO-C-1 must be ordered first', early: true, asked: 0, decision: null });
    expect(d.inFlight['SPO-quickparts-1']).toMatchObject({ asked: 1 });
    expect([spoHolding(d, 'PO-A-1'), spoHolding(d, 'PO-C-1'), spoHolding(d, 'PO-Z-1')]).toEqual(['SPO-quickparts-1', 'SPO-quickparts-2', null]);

    // The later PO settles first; the earlier one waits on, untouched.
    d = settleOrder(d, 'SPO-quickparts-2', () => ordered('SPO-quickparts-2'));
    expect(spoNumbersInFlight(d)).toEqual(['SPO-quickparts-1']);
    expect(d.outbox.map((o) => o.poNumber)).toEqual(['PO-C-1']);
    expect(closeWindow(joinDesk(d, line('PO-D-1'), rules, T0), 'again', true).inFlight['SPO-quickparts-3']?.order.lines.map((l) => l.poNumber)).toEqual(['PO-D-1']);
  });

  it('the state of every PO in flight survives JSON as continue-as-new carries it, its wait\'s end included; a wait that ended leaves no end behind', () => {
    let d = closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'closed', false);
    d = closeWindow(joinDesk(askedAbout(d, 'SPO-quickparts-1'), line('PO-B-1'), rules, T0), 'closed', false);
    d = withSpo(d, 'SPO-quickparts-2', { notByRule: 'line PO-B-1 (B): unit price too high', asked: 2, waitUntil: '2026-03-06T09:00:00.000Z' });
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
    expect(endWait(d, 'SPO-quickparts-2').inFlight['SPO-quickparts-2']).not.toHaveProperty('waitUntil');
    expect(endWait(d, 'SPO-quickparts-2').inFlight['SPO-quickparts-1']).toBe(d.inFlight['SPO-quickparts-1']);
    expect(withSpo(d, 'SPO-quickparts-9', { asked: 1 })).toBe(d);
  });

  it('owes each line its news once settled, and tells a line that joins again the same news again', () => {
    let d = closeWindow(joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), line('PO-B-1'), rules, T0), 'closed', false);
    d = settleOrder(d, 'SPO-quickparts-1', () => ordered('SPO-quickparts-1'));
    expect(d.outbox.map((o) => o.poNumber)).toEqual(['PO-A-1', 'PO-B-1']);
    expect(d.inFlight).toEqual({});
    expect(d.orders).toEqual([{ spoNumber: 'SPO-quickparts-1', closedBecause: 'closed', early: false, lines: ['PO-A-1', 'PO-B-1'], total: 40, result: 'ordered on dana\'s approval' }]);
    d = { ...d, outbox: [] };
    d = joinDesk(d, line('PO-B-1'), rules, T0);
    expect(d.outbox).toEqual([{ poNumber: 'PO-B-1', news: ordered('SPO-quickparts-1') }]);
    expect(d.gathering).toBeNull();
  });

  it('takes a manager\'s decision only on a consolidated PO it has asked about, once, by its number', () => {
    let d = closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'closed', false);
    d = closeWindow(joinDesk(d, line('PO-B-1'), rules, T0), 'closed', false);
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBe('SPO-quickparts-1 has not been sent for approval');
    d = askedAbout(askedAbout(d, 'SPO-quickparts-1'), 'SPO-quickparts-2');
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBeNull();
    expect(decisionRefusal(d, 'SPO-quickparts-7')).toBe('SPO-quickparts-7 is not waiting for a decision');
    d = decideSpo(d, { spoNumber: 'SPO-quickparts-2', approved: false, by: 'dana', reason: 'no' }, T0);
    expect(d.inFlight['SPO-quickparts-2']?.decision).toEqual({ approved: false, by: 'dana', at: T0, reason: 'no' });
    // The decision on SPO-…-2 is its own: SPO-…-1 still waits for one.
    expect(d.inFlight['SPO-quickparts-1']?.decision).toBeNull();
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBeNull();
    expect(decisionRefusal(d, 'SPO-quickparts-2')).toBe('SPO-quickparts-2 has already been decided (rejected by dana)');
    d = settleOrder(d, 'SPO-quickparts-2', () => ({ kind: 'dropped', spoNumber: 'SPO-quickparts-2', by: 'manager', reason: 'rejected by dana: no' }));
    expect(decisionRefusal(d, 'SPO-quickparts-2')).toBe('SPO-quickparts-2 has already been settled: rejected by dana: no');
  });

  it('knows a decision sent again under the same key as a repeat, in flight and once settled; another decision under that key is refused, and without a key it is a second decision', () => {
    let d = askedAbout(closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'closed', false), 'SPO-quickparts-1');
    const approve = { spoNumber: 'SPO-quickparts-1', approved: true, by: 'dana', maxUnitPrice: 2, messageId: 'approval:dana:k1' };
    expect(decisionRepeat(d, approve)).toBeNull();
    d = decideSpo(d, { ...approve, at: T0 }, T0);
    // When it was sent is not what it says.
    expect(decisionRepeat(d, { ...approve, at: '2026-03-02T09:05:00.000Z' })).toBe('same');
    expect(spoDecisionRefusal(d, approve)).toBeNull();
    const other = { ...approve, approved: false, reason: 'changed my mind' };
    expect(decisionRepeat(d, other)).toBe('different');
    expect(spoDecisionRefusal(d, other)).toEqual({ type: 'NotWaiting', why: expect.stringMatching(/^a different approval for SPO-quickparts-1 was already received under the same Idempotency-Key/) });
    expect(spoDecisionRefusal(d, { ...approve, messageId: 'approval:dana:k2' })?.why).toBe('SPO-quickparts-1 has already been decided (approved by dana)');
    const { messageId: _k, ...unkeyed } = approve;
    expect(spoDecisionRefusal(d, unkeyed)?.why).toBe('SPO-quickparts-1 has already been decided (approved by dana)');

    d = settleOrder(d, 'SPO-quickparts-1', () => ordered('SPO-quickparts-1'));
    expect(decisionRepeat(d, approve)).toBe('same');
    expect(spoDecisionRefusal(d, approve)).toBeNull();
    expect(spoDecisionRefusal(d, { ...approve, messageId: 'approval:dana:k2' })?.why).toBe('SPO-quickparts-1 has already been approved and ordered');
  });

  it('above twoApprovalsAbove two different managers must approve: the first is kept and the PO waits, the same manager twice is refused, a rejection by either decides it', () => {
    const two = Rules.parse({ gathering: { quickparts: { windowHours: 8 } }, twoApprovalsAbove: 15 });
    const spo = 'SPO-quickparts-1';
    const asked = askedAbout(closeWindow(joinDesk(newDesk('quickparts', two), line('PO-A-1'), two, T0), 'closed', false), spo);
    expect(asked.inFlight[spo]?.approvalsNeeded).toBe(2);
    const approve = { spoNumber: spo, approved: true, by: 'dana', maxUnitPrice: 2, messageId: 'approval:dana:k1' };
    const d = decideSpo(asked, approve, T0);
    expect(d.inFlight[spo]).toMatchObject({ decision: null, firstApprovals: [{ by: 'dana', at: T0 }] });
    expect(approvedSoFar(d.inFlight[spo]!)).toEqual(['dana']);
    // Its inbox row does not show dana's approval yet: the desk's path has a row to write.
    expect(spoAtRest(d.inFlight[spo]!)).toBe(false);
    expect(spoAtRest(withSpo(d, spo, { shownApprovals: 1 }).inFlight[spo]!)).toBe(true);
    expect(decisionRepeat(d, approve)).toBe('same');
    expect(spoDecisionRefusal(d, { ...approve, messageId: 'approval:dana:k2' })).toEqual({
      type: 'NotWaiting', why: `dana has already approved ${spo}; it needs 2 approvals by different managers, so another manager must approve it`,
    });
    expect(spoDecisionRefusal(d, { ...approve, by: 'lee', messageId: 'approval:lee:k1', limit: 10 })?.type).toBe('OverLimit');
    expect(undecidedWhy(d.inFlight[spo]!, spo, 3)).toBe(`only dana approved ${spo}, of the 2 managers who must; no other manager decided after 3 requests`);

    const byLee = decideSpo(d, { ...approve, by: 'lee', messageId: 'approval:lee:k1', channel: 'slack' }, T0);
    expect(byLee.inFlight[spo]?.decision).toEqual({ approved: true, by: 'lee', at: T0, note: 'also approved by dana', channel: 'slack' });
    const rejected = decideSpo(d, { spoNumber: spo, approved: false, by: 'lee', reason: 'too much' }, T0);
    expect(rejected.inFlight[spo]?.decision).toEqual({ approved: false, by: 'lee', at: T0, reason: 'too much' });
    // At or below the threshold one approval decides, as before.
    const one = askedAbout(closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'closed', false), spo);
    expect(one.inFlight[spo]).not.toHaveProperty('approvalsNeeded');
    expect(decideSpo(one, approve, T0).inFlight[spo]?.decision).toMatchObject({ approved: true, by: 'dana' });
  });

  it('a supplier the line\'s rules no longer gather for closes its window at once', () => {
    const d = joinDesk(newDesk('quickparts', rules), line('PO-A-1'), Rules.parse({}), T0);
    expect(d.gathering?.window).toEqual({ openedAt: T0, closesAt: T0 });
  });

  it('judges an approval of the whole PO: no edits, within the approver\'s limit (403), a ceiling covering its dearest line', () => {
    const asked = (() => {
      const d = closeWindow(joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), line('PO-B-1', { unitPrice: 3 }), rules, T0), 'closed', false);
      return askedAbout(d, 'SPO-quickparts-1');
    })();
    const approve = { spoNumber: 'SPO-quickparts-1', approved: true, by: 'dana' };
    expect(spoDecisionRefusal(asked, approve)).toBeNull();
    expect(spoDecisionRefusal(asked, { ...approve, maxUnitPrice: 3, limit: 50 })).toBeNull();
    expect(spoDecisionRefusal(asked, { ...approve, edits: true })).toEqual({ type: 'NotWaiting', why: 'SPO-quickparts-1 is approved or rejected whole: its lines are not edited' });
    expect(spoDecisionRefusal(asked, { ...approve, limit: 49.99 })?.type).toBe('OverLimit');
    expect(spoDecisionRefusal(asked, { ...approve, maxUnitPrice: 2.5 })?.why).toBe('an approval up to 2.5 is below the unit price 3 of line PO-B-1 (B) on SPO-quickparts-1; approve at least 3, or reject it');
    // A rejection is never above anyone's limit.
    expect(spoDecisionRefusal(asked, { spoNumber: 'SPO-quickparts-1', approved: false, by: 'lee', reason: 'no', limit: 1 })).toBeNull();
  });

  it('a line whose run was cancelled leaves the window, or is left out of the PO in hand when it is placed, its freight drafted anew', () => {
    let d = joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), line('PO-B-1'), rules, T0);
    d = withdrawLine(d, 'PO-A-1');
    expect(d.gathering?.lines.map((l) => l.poNumber)).toEqual(['PO-B-1']);
    expect(withdrawLine(d, 'PO-B-1').gathering).toBeNull();

    const costs = { freight: 10, freeFreightFrom: 30 };
    let c = closeWindow(joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1', { orderCosts: costs }), rules, T0), line('PO-B-1', { orderCosts: costs }), rules, T0), 'closed', false);
    c = closeWindow(joinDesk(c, line('PO-C-1'), rules, T0), 'closed', false);
    const spo = 'SPO-quickparts-1';
    expect(orderToPlace(c, spo)).toBe(c.inFlight[spo]!.order);
    c = withdrawLine(c, 'PO-A-1');
    expect(orderToPlace(c, spo)).toMatchObject({ spoNumber: spo, goods: 20, freight: 10, total: 30 });
    expect(orderToPlace(c, spo)!.lines.map((l) => l.poNumber)).toEqual(['PO-B-1']);
    expect(orderToPlace(withdrawLine(c, 'PO-B-1'), spo)).toBeNull();
    // A line of another PO in flight is withdrawn from that one only.
    expect(withdrawLine(c, 'PO-C-1').inFlight['SPO-quickparts-2']?.withdrawn).toEqual(['PO-C-1']);
    expect(withdrawLine(c, 'PO-C-1').inFlight[spo]).toBe(c.inFlight[spo]);
    // A settled line keeps its news.
    const settled = settleOrder(c, spo, () => ordered(spo));
    expect(withdrawLine(settled, 'PO-A-1')).toBe(settled);
  });
});
