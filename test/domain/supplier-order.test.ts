import { describe, expect, it } from 'vitest';
import { consolidatedRequestOf, describeSupplierOrder, draftSupplierOrder, joinLine, skusLabel, SupplierLine } from '../../src/domain/supplier-order.js';

const T0 = '2026-03-02T09:00:00.000Z';
const line = (o: Partial<SupplierLine> = {}): SupplierLine => ({
  poNumber: 'PO-BOLT-1', sku: 'BOLT', supplier: 'quickparts', quoteId: 'Q-1', quantity: 100, unitPrice: 0.35, orderBy: null, joinedAt: T0, ...o,
});
const costs = { freight: 25, freeFreightFrom: 100, minOrderValue: 40 };

describe('a consolidated purchase order', () => {
  it('sums its lines to the cent and charges freight once, on the whole order', () => {
    const spo = draftSupplierOrder('SPO-quickparts-1', 'quickparts', 'USD', [
      line({ orderCosts: costs }),
      line({ poNumber: 'PO-NUT-3', sku: 'NUT', quoteId: 'Q-2', quantity: 30, unitPrice: 1.1, orderCosts: costs }),
    ]);
    expect(spo).toMatchObject({ goods: 68, freight: 25, total: 93, freightAlone: 50 });
    expect(spo.lines.map((l) => l.lineTotal)).toEqual([35, 33]);
    expect(spo.belowMinimum).toBeUndefined();
    expect(describeSupplierOrder(spo)).toBe('SPO-quickparts-1 to quickparts: 100 × BOLT at 0.35 USD (PO-BOLT-1); 30 × NUT at 1.10 USD (PO-NUT-3); '
      + 'goods 68.00 USD, freight 25.00 USD, total 93.00 USD; 25.00 USD less freight than 2 orders alone');
  });

  it('ships free from the supplier\'s threshold, which the lines reach together and neither alone', () => {
    const spo = draftSupplierOrder('SPO-quickparts-2', 'quickparts', 'USD', [
      line({ quantity: 200, orderCosts: costs }), line({ poNumber: 'PO-NUT-3', sku: 'NUT', quantity: 60, unitPrice: 1.1, orderCosts: costs }),
    ]);
    expect(spo).toMatchObject({ goods: 136, total: 136, freightAlone: 50 });
    expect(spo.freight).toBeUndefined();
  });

  it('takes the supplier\'s terms from its newest line and says when the goods fall short of its least order value', () => {
    const spo = draftSupplierOrder('SPO-quickparts-3', 'quickparts', 'USD', [
      line({ quantity: 10, orderCosts: { freight: 5 }, joinedAt: T0 }),
      line({ poNumber: 'PO-NUT-3', sku: 'NUT', quantity: 10, unitPrice: 1, orderCosts: costs, joinedAt: '2026-03-02T10:00:00.000Z' }),
    ]);
    expect(spo).toMatchObject({ goods: 13.5, freight: 25, total: 38.5 });
    expect(spo.belowMinimum).toBe('quickparts takes orders of at least 40.00 USD; the goods come to 13.50 USD');
  });

  it('sums unit prices below a cent without drift', () => {
    const spo = draftSupplierOrder('SPO-q-1', 'q', 'USD', [line({ quantity: 3, unitPrice: 0.0333 }), line({ poNumber: 'PO-X-1', sku: 'X', quantity: 7, unitPrice: 0.0275 })]);
    expect(spo).toMatchObject({ goods: 0.29, total: 0.29, freightAlone: 0 });
  });
});

describe('lines joining a desk', () => {
  it('a line that joins twice is one line, judged by its line PO number, and keeps its first terms', () => {
    const first = joinLine([], line());
    expect(first.joined).toBe(true);
    const again = joinLine(first.lines, line({ quantity: 999 }));
    expect(again).toEqual({ lines: [line()], joined: false });
    expect(joinLine(again.lines, line({ poNumber: 'PO-BOLT-2' })).lines).toHaveLength(2);
  });

  it('a line must carry whole positive quantities and a price', () => {
    expect(SupplierLine.safeParse(line({ quantity: 0 })).success).toBe(false);
    expect(SupplierLine.safeParse(line({ quantity: 1.5 })).success).toBe(false);
    expect(SupplierLine.safeParse(line({ unitPrice: 0 })).success).toBe(false);
    expect(SupplierLine.safeParse({ ...line(), extra: 1 }).success).toBe(false);
  });
});

describe('a consolidated PO in the approvals inbox', () => {
  it('shows its lines, goods, freight and total; its quantity is all its units and its unit price the dearest line\'s, the least ceiling an approval may name', () => {
    const spo = draftSupplierOrder('SPO-quickparts-1', 'quickparts', 'USD', [
      line({ orderCosts: costs }),
      line({ poNumber: 'PO-NUT-3', sku: 'NUT', quoteId: 'Q-2', quantity: 30, unitPrice: 1.1, orderCosts: costs }),
    ]);
    expect(consolidatedRequestOf(spo, { closedBecause: 'the window closed', early: false, asked: 2 }, T0)).toEqual({
      kind: 'consolidated', supplier: 'quickparts', quantity: 130, unitPrice: 1.1, goods: 68, freight: 25, total: 93,
      lines: [
        { poNumber: 'PO-BOLT-1', sku: 'BOLT', quantity: 100, unitPrice: 0.35, lineTotal: 35 },
        { poNumber: 'PO-NUT-3', sku: 'NUT', quantity: 30, unitPrice: 1.1, lineTotal: 33 },
      ],
      closedBecause: 'the window closed', early: false, asked: 2, alternatives: [], requestedAt: T0,
    });
  });

  it('ships free: no freight field, as a run\'s PO without freight', () => {
    const spo = draftSupplierOrder('SPO-quickparts-2', 'quickparts', 'USD', [line({ quantity: 400, orderCosts: costs })]);
    expect(consolidatedRequestOf(spo, { closedBecause: 'x', early: true, asked: 1 }, T0)).not.toHaveProperty('freight');
  });

  it('is filed under its lines\' SKUs: three named, the rest counted', () => {
    const skus = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `S${i + 1}` }));
    expect(skusLabel(skus(1))).toBe('S1');
    expect(skusLabel(skus(3))).toBe('S1, S2, S3');
    expect(skusLabel(skus(7))).toBe('S1, S2, S3 +4 more');
  });
});
