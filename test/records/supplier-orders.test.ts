import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenPurchaseOrder } from '../../src/domain/purchase-record.js';
import { draftSupplierOrder, type SupplierOrderAck, type SupplierLine } from '../../src/domain/supplier-order.js';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { record, recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';

const { cleanup: afterFile } = fileScope();
const at = '2026-12-01T09:00:00.000Z';

const line = (sku: string, quantity: number, unitPrice = 2): SupplierLine => ({
  poNumber: `PO-${sku}-1`, sku, supplier: 'bolt-co', quoteId: `Q-${sku}`, quantity, unitPrice, orderBy: null, joinedAt: at,
});
const ackOf = (spo: string, poNumbers: string[]): SupplierOrderAck => ({
  spoNumber: spo, supplier: 'bolt-co', supplierRef: 'BOLT-1234', acceptedAt: at,
  lines: poNumbers.map((poNumber) => ({ poNumber, supplier: 'bolt-co', supplierRef: 'BOLT-1234', acceptedAt: at, expectedDelivery: '2026-12-03T09:00:00.000Z' })),
});
/** A run's open PO as it shows it: ordered 90 of its line, `received` in so far. */
const openLine = (sku: string, o: Partial<OpenPurchaseOrder> = {}): OpenPurchaseOrder => {
  const { outcome: _o, reason: _r, settledAt: _s, turns: _t, ...sofar } = record(1, { replenishmentId: `replenish-${sku}-1`, sku, poNumber: `PO-${sku}-1`, supplier: 'bolt-co' });
  return { ...sofar, poNumber: `PO-${sku}-1`, quantityOrdered: 90, quantityReceived: 0, phase: 'ordered', updatedAt: at, ...o };
};

describe.each(recordsLocations(afterFile))('the map of consolidated POs to their lines in %s', (_name, where) => {
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
  });

  it('keeps the lines the supplier acknowledged, in order, under the SPO number; a retried write changes nothing', async () => {
    const order = draftSupplierOrder('SPO-bolt-co-1', 'bolt-co', 'USD', [line('NUT', 90), line('BOLT', 40, 2.5), line('GONE', 10)]);
    // GONE was withdrawn before the order was placed: the supplier acknowledged two lines.
    await records.supplierOrders.placed(order, ackOf('SPO-bolt-co-1', ['PO-NUT-1', 'PO-BOLT-1']));
    await records.supplierOrders.placed(order, ackOf('SPO-bolt-co-1', ['PO-NUT-1', 'PO-BOLT-1']));
    expect(await records.supplierOrders.of('SPO-bolt-co-1')).toEqual({
      spoNumber: 'SPO-bolt-co-1', supplier: 'bolt-co', currency: 'USD', supplierRef: 'BOLT-1234', placedAt: at,
      goods: order.goods, freight: null, total: order.total,
      lines: [
        { poNumber: 'PO-NUT-1', sku: 'NUT', quantity: 90, unitPrice: 2, lineTotal: 180 },
        { poNumber: 'PO-BOLT-1', sku: 'BOLT', quantity: 40, unitPrice: 2.5, lineTotal: 100 },
      ],
    });
    expect(await records.supplierOrders.of('SPO-bolt-co-2')).toBeNull();
  });

  it('says where each line stands from its run\'s rows: open with what it still expects, settled, or gone elsewhere', async () => {
    const skus = ['S-OPEN', 'S-PART', 'S-DONE', 'S-MOVED', 'S-QUIET'];
    const order = draftSupplierOrder('SPO-bolt-co-7', 'bolt-co', 'USD', skus.map((s) => line(s, 90)));
    await records.supplierOrders.placed(order, ackOf('SPO-bolt-co-7', skus.map((s) => `PO-${s}-1`)));
    await records.open.show({ workflowId: 'replenish-S-OPEN-1', order: openLine('S-OPEN') });
    await records.open.show({ workflowId: 'replenish-S-PART-1', order: openLine('S-PART', { phase: 'receiving', quantityReceived: 40 }) });
    await records.save(record(1, { replenishmentId: 'replenish-S-DONE-1', sku: 'S-DONE', poNumber: 'PO-S-DONE-1', supplier: 'bolt-co', quantityReceived: 90, reason: 'received 90 units' }));
    // The supplier refused this line: its run bought from another supplier.
    await records.open.show({ workflowId: 'replenish-S-MOVED-1', order: openLine('S-MOVED', { poNumber: 'PO-S-MOVED-1-R1', supplier: 'quickparts' }) });

    const states = await records.supplierOrders.states((await records.supplierOrders.of('SPO-bolt-co-7'))!);
    expect(states.map((s) => [s.standing, s.status, s.quantityReceived, s.expected])).toEqual([
      ['open', 'ordered', 0, 90],
      ['open', 'receiving', 40, 50],
      ['settled', 'received', 90, 0],
      ['elsewhere', 'ordered', 0, 0],
      // Its run has not shown the order yet: the line expects all of it.
      ['open', 'placed', 0, 90],
    ]);
    expect(states[2]!.why).toBe('PO-S-DONE-1 is settled (received: received 90 units)');
    expect(states[3]!.why).toBe('replenish-S-MOVED-1 works on PO-S-MOVED-1-R1 from quickparts now, not on this line');
  });

  it('a message to an SPO number is taken once by its key; a repeat finds what it first said and where it went', async () => {
    const entry = { key: 'receipt:R-9@SPO-bolt-co-1', spoNumber: 'SPO-bolt-co-1', digest: 'abc', lines: ['PO-NUT-1'], receivedAt: at };
    expect(await records.supplierOrders.claimMessage(entry)).toEqual({ first: true });
    expect(await records.supplierOrders.claimMessage({ ...entry, digest: 'other', lines: ['PO-BOLT-1'] })).toEqual({ first: false, earlier: entry });
  });

  it('counts a consolidated PO once in its supplier\'s spend, with its freight, in the month the supplier took it, beside its lines', async () => {
    const withFreight = (sku: string, quantity: number): SupplierLine => ({ ...line(sku, quantity), supplier: 'freight-co', orderCosts: { freight: 20, freeFreightFrom: 1000 } });
    const order = draftSupplierOrder('SPO-freight-co-1', 'freight-co', 'USD', [withFreight('F-A', 90), withFreight('F-B', 90)]);
    expect(order.freight).toBe(20);
    const ack = { ...ackOf('SPO-freight-co-1', ['PO-F-A-1', 'PO-F-B-1']), supplier: 'freight-co' };
    await records.supplierOrders.placed(order, ack);
    for (const sku of ['F-A', 'F-B']) {
      await records.save(record(1, {
        replenishmentId: `replenish-${sku}-1`, sku, poNumber: `PO-${sku}-1`, supplier: 'freight-co', quantityOrdered: 90, unitPrice: 2, orderTotal: 180, orderedAt: at,
      }));
    }
    const month = (await records.spend({ from: '2026-12', to: '2026-12' })).find((l) => l.supplier === 'freight-co');
    // One order at the supplier, of two lines.
    expect(month).toEqual({ supplier: 'freight-co', month: '2026-12', amount: 380, orders: 1, lines: 2 });
    expect((await records.spend({ from: '2027-01' })).find((l) => l.supplier === 'freight-co')).toBeUndefined();
  });
});
