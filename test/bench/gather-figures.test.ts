import { describe, expect, it } from 'vitest';
import { behindAPerson, benchSuppliers, eventsSince, linesNamedIn, ordersPlaced, supplierOfSku, windowHoursFor } from '../../bench/gather-figures.js';
import { draftSupplierOrder, describeSupplierOrder } from '../../src/domain/supplier-order.js';

const costs = { freight: 30, freeFreightFrom: 1500 };
const line = (poNumber: string, supplier: string, group: string | null = null) => ({ poNumber, supplier, quantity: 95, unitPrice: 4, total: 380, group });

describe('the gathering bench\'s figures', () => {
  it('spreads the SKUs round robin over its suppliers, each SKU sold by one', () => {
    const s = benchSuppliers(5);
    expect(s).toEqual(['bench-supplier-1', 'bench-supplier-2', 'bench-supplier-3', 'bench-supplier-4', 'bench-supplier-5']);
    const counts = new Map<string, number>();
    for (let i = 0; i < 12; i++) counts.set(supplierOfSku(i, s), (counts.get(supplierOfSku(i, s)) ?? 0) + 1);
    expect([...counts.values()]).toEqual([3, 3, 2, 2, 2]);
  });

  it('turns a window of real time into business hours on the bench\'s clock', () => {
    expect(windowHoursFor(36_000, 86_400_000)).toBeCloseTo(0.01, 10);
    expect(windowHoursFor(20_000, 20_000)).toBe(24);
  });

  it('reads the line PO numbers from a consolidated PO\'s approval request as the desk writes it', () => {
    const order = draftSupplierOrder('SPO-bench-supplier-1-1', 'bench-supplier-1', 'USD', ['GG-0', 'GG-5'].map((sku) => ({
      poNumber: `PO-${sku}-1`, sku, supplier: 'bench-supplier-1', quoteId: `q-${sku}`, quantity: 95, unitPrice: 4, orderCosts: costs, orderBy: null, joinedAt: '2026-12-05T10:00:00.000Z',
    })));
    expect(linesNamedIn(`${describeSupplierOrder(order)}\nGathered until: the window closed.`)).toEqual(['PO-GG-0-1', 'PO-GG-5-1']);
    expect(linesNamedIn('Approve PO-GA-1-1: 95 × GA-1')).toEqual([]);
  });

  it('counts a consolidated PO as one order, its freight once on its goods, against the freight of its lines alone', () => {
    const alone = ordersPlaced([line('PO-A-1', 's1'), line('PO-B-1', 's1'), line('PO-C-1', 's2')], () => costs);
    expect(alone).toEqual({ orders: 3, lines: 3, goods: 1140, freight: 90, freightAlone: 90 });
    // Four lines of 380 reach the free-freight value; two do not, and pay it once.
    const spo = ordersPlaced([
      ...['A', 'B', 'C', 'D'].map((s) => line(`PO-${s}-1`, 's1', 'SPO-s1-1')),
      line('PO-E-1', 's2', 'SPO-s2-1'), line('PO-F-1', 's2', 'SPO-s2-1'),
    ], () => costs);
    expect(spo).toEqual({ orders: 2, lines: 6, goods: 2280, freight: 30, freightAlone: 180 });
    expect(ordersPlaced([], () => costs)).toEqual({ orders: 0, lines: 0, goods: 0, freight: 0, freightAlone: 0 });
  });

  it('counts events from the burst on', () => {
    expect(eventsSince([1, 5, 10, 10, 12], 10)).toBe(3);
  });

  it('names the lines gathering past their window\'s close while a consolidated PO waits for the manager, and none otherwise', () => {
    const gathering = { window: { openedAt: 'a', closesAt: '2026-03-02T10:00:00.000Z' }, lines: [{ poNumber: 'PO-X-1' }, { poNumber: 'PO-Y-1' }] };
    const after = '2026-03-02T10:00:01.000Z';
    const waits = { 'SPO-s-1': { asked: 1, decision: null } };
    expect(behindAPerson({ gathering, inFlight: waits }, after)).toEqual(['PO-X-1', 'PO-Y-1']);
    // Before the close they are only gathering.
    expect(behindAPerson({ gathering, inFlight: waits }, '2026-03-02T09:59:59.000Z')).toEqual([]);
    expect(behindAPerson({ gathering, inFlight: { 'SPO-s-1': { asked: 0, decision: null } } }, after)).toEqual([]);
    expect(behindAPerson({ gathering, inFlight: { 'SPO-s-1': { asked: 1, decision: { approved: true } }, 'SPO-s-2': { asked: 0, decision: null } } }, after)).toEqual([]);
    expect(behindAPerson({ gathering, inFlight: {} }, after)).toEqual([]);
    expect(behindAPerson({ gathering: null, inFlight: waits }, after)).toEqual([]);
    expect(behindAPerson(null, after)).toEqual([]);
  });
});
