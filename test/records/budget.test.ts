import { beforeAll, describe, expect, it } from 'vitest';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';

const { cleanup: afterFile } = fileScope();
const at = '2026-12-01T09:00:00.000Z';
const ask = (poNumber: string, amount: number, limit = 1000) => ({ poNumber, sku: 'BOLT-1', month: '2026-12', amount, limit, at });

describe.each(recordsLocations(afterFile))('the monthly budget of approvals by rule in %s', (_name, where) => {
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
  });

  it('reserves a PO once however often it is asked, refuses what the month cannot hold, and counts in cents', async () => {
    expect(await records.budget.reserve(ask('PO-A-1', 600.1))).toEqual({ reserved: true, month: '2026-12', left: 399.9 });
    expect(await records.budget.reserve(ask('PO-A-1', 600.1))).toEqual({ reserved: true, month: '2026-12', left: 399.9 });
    expect(await records.budget.reserve(ask('PO-B-1', 400))).toEqual({ reserved: false, month: '2026-12', left: 399.9 });
    // Refused, the PO holds nothing: asked again for less, it can still be reserved.
    expect(await records.budget.reserve(ask('PO-B-1', 399.9))).toEqual({ reserved: true, month: '2026-12', left: 0 });
    expect(await records.budget.reserve({ ...ask('PO-C-1', 10), month: '2027-01' })).toMatchObject({ reserved: true, left: 990 });
    expect(await records.budget.reserved('2026-12')).toBe(1000);
  });

  it('a settled replenishment gives back what it reserved for POs it did not order, once', async () => {
    const month = { month: '2027-03' };
    await records.budget.reserve({ ...ask('PO-REL-1', 100), ...month });
    await records.budget.reserve({ ...ask('PO-REL-1-R1', 80), ...month });
    await records.budget.reserve({ ...ask('PO-REL-2', 50), ...month });
    expect(await records.budget.release('replenish-REL-1', 'PO-REL-1-R1')).toBe(100);
    expect(await records.budget.release('replenish-REL-1', 'PO-REL-1-R1')).toBe(0);
    expect(await records.budget.reserved('2027-03')).toBe(130);
    expect(await records.budget.release('replenish-REL-2', null)).toBe(50);
    expect(await records.budget.reserved('2027-03')).toBe(80);
  });

  // PostgreSQL runs these on up to ten connections of its pool at once.
  it('many POs racing for the last of a budget: exactly as many are reserved as it holds', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      records.budget.reserve({ ...ask(`PO-RACE-${i}`, 100, 450), month: '2027-02' })));
    expect(answers.filter((a) => a.reserved)).toHaveLength(4);
    expect(await records.budget.reserved('2027-02')).toBe(400);
  });
});
