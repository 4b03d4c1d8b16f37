import { describe, expect, it } from 'vitest';
import { MAX_LINES_PER_ORDER } from '../../src/domain/gathering.js';
import { Rules } from '../../src/domain/rules.js';
import { closeWindow, decisionRefusal, joinDesk, newDesk, orderToPlace, settleOrder, spoDecisionRefusal, withdrawLine } from '../../src/domain/supplier-desk.js';
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
    expect(d.current?.order.lines).toHaveLength(MAX_LINES_PER_ORDER);
    expect(d.gathering).toEqual({ window, lines: [line(`PO-S${MAX_LINES_PER_ORDER}-1`), line(`PO-S${MAX_LINES_PER_ORDER + 1}-1`)] });
  });

  it('closes a window into the next numbered consolidated PO, and lines that come meanwhile gather for the one after', () => {
    let d = closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'window closed', false);
    expect(d.current?.order).toMatchObject({ spoNumber: 'SPO-quickparts-1', goods: 20, total: 20 });
    expect(d.gathering).toBeNull();
    d = joinDesk(d, line('PO-A-1'), rules, T0);
    expect(d.gathering).toBeNull();
    d = joinDesk(d, line('PO-C-1'), rules, T0);
    expect(closeWindow(settleOrder(d, () => ordered('SPO-quickparts-1')), 'again', true).current?.order.spoNumber).toBe('SPO-quickparts-2');
  });

  it('owes each line its news once settled, and tells a line that joins again the same news again', () => {
    let d = closeWindow(joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), line('PO-B-1'), rules, T0), 'closed', false);
    d = settleOrder(d, () => ordered('SPO-quickparts-1'));
    expect(d.outbox.map((o) => o.poNumber)).toEqual(['PO-A-1', 'PO-B-1']);
    expect(d.orders).toEqual([{ spoNumber: 'SPO-quickparts-1', closedBecause: 'closed', early: false, lines: ['PO-A-1', 'PO-B-1'], total: 40, result: 'ordered on dana\'s approval' }]);
    d = { ...d, outbox: [] };
    d = joinDesk(d, line('PO-B-1'), rules, T0);
    expect(d.outbox).toEqual([{ poNumber: 'PO-B-1', news: ordered('SPO-quickparts-1') }]);
    expect(d.gathering).toBeNull();
  });

  it('takes a manager\'s decision only on the consolidated PO it has asked about, once', () => {
    let d = closeWindow(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), 'closed', false);
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBe('SPO-quickparts-1 has not been sent for approval');
    d = { ...d, current: { ...d.current!, asked: 1 } };
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBeNull();
    expect(decisionRefusal(d, 'SPO-quickparts-7')).toBe('SPO-quickparts-7 is not waiting for a decision');
    d = { ...d, current: { ...d.current!, decision: { approved: false, by: 'dana', at: T0, reason: 'no' } } };
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBe('SPO-quickparts-1 has already been decided (rejected by dana)');
    d = settleOrder(d, () => ({ kind: 'dropped', spoNumber: 'SPO-quickparts-1', by: 'manager', reason: 'rejected by dana: no' }));
    expect(decisionRefusal(d, 'SPO-quickparts-1')).toBe('SPO-quickparts-1 has already been settled: rejected by dana: no');
  });

  it('a supplier the line\'s rules no longer gather for closes its window at once', () => {
    const d = joinDesk(newDesk('quickparts', rules), line('PO-A-1'), Rules.parse({}), T0);
    expect(d.gathering?.window).toEqual({ openedAt: T0, closesAt: T0 });
  });

  it('judges an approval of the whole PO: no edits, within the approver\'s limit (403), a ceiling covering its dearest line', () => {
    const asked = (() => {
      const d = closeWindow(joinDesk(joinDesk(newDesk('quickparts', rules), line('PO-A-1'), rules, T0), line('PO-B-1', { unitPrice: 3 }), rules, T0), 'closed', false);
      return { ...d, current: { ...d.current!, asked: 1 } };
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
    expect(orderToPlace(c)).toBe(c.current!.order);
    c = withdrawLine(c, 'PO-A-1');
    expect(orderToPlace(c)).toMatchObject({ spoNumber: 'SPO-quickparts-1', goods: 20, freight: 10, total: 30 });
    expect(orderToPlace(c)!.lines.map((l) => l.poNumber)).toEqual(['PO-B-1']);
    expect(orderToPlace(withdrawLine(c, 'PO-B-1'))).toBeNull();
    // A settled line keeps its news.
    const settled = settleOrder(c, () => ordered('SPO-quickparts-1'));
    expect(withdrawLine(settled, 'PO-A-1')).toBe(settled);
  });
});
