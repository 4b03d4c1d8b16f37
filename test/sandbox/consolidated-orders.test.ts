import { describe, expect, it, vi } from 'vitest';
import { draftSupplierOrder, orderRequestOf, type SupplierLine } from '../../src/domain/supplier-order.js';
import { BUSINESS_REFUSAL } from '../../src/domain/world.js';
import { startFakeAgent, startSandbox } from '../support/sandbox.js';

const T0 = new Date().toISOString();
const line = (o: Partial<SupplierLine>): SupplierLine => ({
  poNumber: 'PO-TAPE-50-1', sku: 'TAPE-50', supplier: 'quickparts', quoteId: 'Q-TAPE', quantity: 20, unitPrice: 2.4, orderBy: null, joinedAt: T0, ...o,
});
const costs = { freight: 15, freeFreightFrom: 100, minOrderValue: 50 };
/** 20 tapes (48.00) and 24 gloves (76.80): neither line alone ships free, together they do. */
const spo = (n = 1, lines = [line({ orderCosts: costs }), line({ poNumber: 'PO-GLOVES-L-1', sku: 'GLOVES-L', quoteId: 'Q-GLOVES', quantity: 24, unitPrice: 3.2, orderCosts: costs })]) =>
  orderRequestOf(draftSupplierOrder(`SPO-quickparts-${n}`, 'quickparts', 'USD', lines));

const refusal = async (p: Promise<unknown>) => {
  const e = (await p.catch((err: Error) => err)) as Error & { status?: number };
  expect(e.name).toBe(BUSINESS_REFUSAL);
  return `${e.status} ${e.message}`;
};

describe('a consolidated order at the supplier', () => {
  it('takes several lines in one order, free of freight together, and keeps each as an order under its line PO number with the SPO as its group', async () => {
    const { world, http, store } = await startSandbox({ dayMs: 1000 });
    await http('PUT', '/suppliers/quickparts', { orderCosts: costs });
    const order = spo();
    expect(order).toMatchObject({ goods: 124.8, total: 124.8 });
    expect(order.freight).toBeUndefined();
    const ack = await world.placeSupplierOrder(order, order.spoNumber);
    expect(ack).toMatchObject({ spoNumber: 'SPO-quickparts-1', supplier: 'quickparts' });
    expect(ack.lines.map((l) => [l.poNumber, l.supplierRef])).toEqual([['PO-TAPE-50-1', ack.supplierRef], ['PO-GLOVES-L-1', ack.supplierRef]]);
    // Each line has the lead time of its own SKU: tape 1 day, gloves 2.
    expect(ack.lines.map((l) => Date.parse(l.expectedDelivery) - Date.parse(l.acceptedAt))).toEqual([1000, 2000]);
    expect(await world.findOrder('quickparts', 'PO-GLOVES-L-1')).toEqual(ack.lines[1]);
    expect(store.ordersOfGroup('SPO-quickparts-1').map((o) => [o.poNumber, o.quantity, o.total, o.status])).toEqual([
      ['PO-TAPE-50-1', 20, 48, 'placed'], ['PO-GLOVES-L-1', 24, 76.8, 'placed'],
    ]);
    expect((await world.stock('GLOVES-L')).onOrder).toBe(24);
  });

  it('is idempotent on its SPO number: the same order again is the first acknowledgement, other lines under it a 409', async () => {
    const { world, http, store } = await startSandbox();
    await http('PUT', '/suppliers/quickparts', { orderCosts: costs });
    const first = await world.placeSupplierOrder(spo(), 'SPO-quickparts-1');
    expect(await world.placeSupplierOrder(spo(), 'SPO-quickparts-1')).toEqual(first);
    expect(store.ordersOfGroup('SPO-quickparts-1').map((o) => o.placeCalls)).toEqual([2, 2]);
    const other = spo(1, [line({ quantity: 60, orderCosts: costs })]);
    expect(await refusal(world.placeSupplierOrder(other, 'SPO-quickparts-1'))).toBe('409 consolidated order SPO-quickparts-1 was already placed with other lines');
    // A line already ordered on its own, or under another SPO, is not ordered again.
    expect(await refusal(world.placeSupplierOrder(spo(2), 'SPO-quickparts-2'))).toBe('409 purchase order PO-TAPE-50-1 already exists; a line of SPO-quickparts-2 must be new');
    expect(store.ordersOfGroup('SPO-quickparts-2')).toEqual([]);
  });

  it('judges the supplier\'s least order value and freight on the whole order, and refuses it whole', async () => {
    const { world, http, store } = await startSandbox();
    await http('PUT', '/suppliers/quickparts', { orderCosts: costs });
    const small = spo(1, [line({ quantity: 10, orderCosts: costs })]);
    expect(await refusal(world.placeSupplierOrder(small, small.spoNumber))).toBe('409 quickparts takes orders of at least 50.00; the lines of SPO-quickparts-1 come to 24.00');
    const unpaid = spo(2, [line({ quantity: 30, orderCosts: {} })]);
    expect(await refusal(world.placeSupplierOrder(unpaid, unpaid.spoNumber))).toMatch(/^400 goods 72, freight 0 and total 72 do not match the lines: goods 72.00 \+ freight 15.00/);
    const packs = spo(3, [line({ quantity: 25, orderCosts: costs }), line({ poNumber: 'PO-GLOVES-L-1', sku: 'GLOVES-L', quantity: 24, unitPrice: 3.2, orderCosts: costs })]);
    expect(await refusal(world.placeSupplierOrder(packs, packs.spoNumber))).toBe('409 quickparts sells TAPE-50 in packs of 10; line PO-TAPE-50-1 is for 25');
    expect(store.ordersOfGroup('SPO-quickparts-3')).toEqual([]);
    expect(store.order('PO-GLOVES-L-1')).toBeNull();
  });

  it.each([
    ['no Idempotency-Key', spo(), {}, /^400 the Idempotency-Key header is required/],
    ['a key other than its SPO number', spo(), { 'idempotency-key': 'k' }, /^400 the Idempotency-Key of a consolidated order is its SPO number/],
    ['no lines', { ...spo(), lines: [] }, { 'idempotency-key': 'SPO-quickparts-1' }, /^400 invalid consolidated purchase order: lines/],
    ['a line twice', { ...spo(), lines: [spo().lines[0], spo().lines[0]] }, { 'idempotency-key': 'SPO-quickparts-1' }, /^400 line PO-TAPE-50-1 is given twice/],
    ['a line total that is not its quantity times its price', { ...spo(), lines: [{ ...spo().lines[0], lineTotal: 1 }] }, { 'idempotency-key': 'SPO-quickparts-1' }, /^400 line PO-TAPE-50-1: lineTotal 1/],
    ['an SKU\'s PO number as the SPO number', { ...spo(), spoNumber: 'PO-TAPE-50-1' }, { 'idempotency-key': 'PO-TAPE-50-1' }, /^400 invalid consolidated purchase order: spoNumber: a consolidated PO number/],
    ['a line whose PO number is not a line\'s', { ...spo(), lines: [{ ...spo().lines[0], poNumber: 'SPO-quickparts-1' }] }, { 'idempotency-key': 'SPO-quickparts-1' }, /^400 invalid consolidated purchase order: lines.0.poNumber/],
    ['a body that is not JSON', 'nonsense', { 'idempotency-key': 'SPO-quickparts-1', 'content-type': 'application/json' }, /^400 /],
  ])('bad input is a 4xx with the reason: %s', async (_what, body, headers, expected) => {
    const { http, store } = await startSandbox();
    const res = await http('POST', '/suppliers/quickparts/consolidated-orders', body, headers as Record<string, string>);
    expect(`${res.status} ${res.body.error}`).toMatch(expected);
    expect(store.ordersOfGroup('SPO-quickparts-1')).toEqual([]);
  });

  it('a line the supplier does not carry, or a supplier it was not addressed to, is refused with the reason', async () => {
    const { world, http } = await startSandbox();
    const drill = spo(1, [line({ poNumber: 'PO-DRILL-10-1', sku: 'DRILL-10', quantity: 10, unitPrice: 7.9 })]);
    expect(await refusal(world.placeSupplierOrder(drill, drill.spoNumber))).toBe('404 quickparts does not carry DRILL-10');
    const res = await http('POST', '/suppliers/acme-industrial/consolidated-orders', spo(), { 'idempotency-key': 'SPO-quickparts-1' });
    expect(res).toEqual({ status: 400, body: { error: 'order is addressed to quickparts but was sent to acme-industrial' } });
  });

  it('the demo supplier confirms and delivers each line under its own PO number', async () => {
    const agent = await startFakeAgent();
    const { world } = await startSandbox({ dayMs: 200, demo: { apiUrl: agent.url, consumptionPerDay: 0, tickMs: 10 } });
    await world.placeSupplierOrder(spo(1, [line({}), line({ poNumber: 'PO-GLOVES-L-1', sku: 'GLOVES-L', quantity: 24, unitPrice: 3.2 })]), 'SPO-quickparts-1');
    await vi.waitFor(() => expect(agent.of('/receipts')).toHaveLength(2), { timeout: 3000, interval: 20 });
    expect(agent.of('/purchase-orders/PO-TAPE-50-1/supplier-replies')).toHaveLength(1);
    expect(agent.of('/purchase-orders/PO-GLOVES-L-1/supplier-replies')).toHaveLength(1);
    expect(agent.of('/purchase-orders/PO-GLOVES-L-1/receipts')[0]!.body).toEqual({ receiptId: 'GR-PO-GLOVES-L-1', quantity: 24 });
  });
});
