import { beforeAll, describe, expect, it } from 'vitest';
import type { NewAgreement, DrawRequest } from '../../src/records/agreements.js';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';

const { cleanup: afterFile } = fileScope();
const at = '2026-12-01T09:00:00.000Z';

/** Acme's washers at 0.05 and bolts at 0.12, 1,000 washers and 500 bolts, until the end of the year. */
const agreement = (o: Partial<NewAgreement> = {}): NewAgreement => ({
  supplier: 'acme-industrial', currency: 'USD', approval: 'once', validFrom: '2026-11-01T00:00:00.000Z', validUntil: '2027-01-01T00:00:00.000Z',
  leadTimeDays: 5, totalValue: null, approvedBy: 'dana', approvedAt: '2026-11-01T08:00:00.000Z', note: null,
  lines: [
    { sku: 'WASHER', unitPrice: 0.05, moq: 1, orderMultiple: null, quantity: 1000 },
    { sku: 'BOLT', unitPrice: 0.12, moq: 1, orderMultiple: null, quantity: 500 },
  ],
  ...o,
});
const draw = (agreementId: string, poNumber: string, quantity: number, o: Partial<DrawRequest> = {}): DrawRequest => ({
  agreementId, poNumber, sku: 'WASHER', supplier: 'acme-industrial', quantity, unitPrice: 0.05, total: Math.round(quantity * 5) / 100, at, ...o,
});

describe.each(recordsLocations(afterFile))('blanket agreements kept in %s', (_name, where) => {
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
  });
  const line = async (id: string, sku = 'WASHER') => (await records.agreements.get(id))!.lines.find((l) => l.sku === sku)!;

  it('a PO draws once however often its approval is retried, and what remains goes down by it', async () => {
    const a = await records.agreements.create(agreement());
    const first = await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-1', 400));
    expect(first).toMatchObject({ drawn: true, agreement: { drawnValue: 20, lines: [{ sku: 'BOLT', remainingQuantity: 500 }, { sku: 'WASHER', drawnQuantity: 400, remainingQuantity: 600 }] } });
    expect(await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-1', 400))).toMatchObject({ drawn: true });
    expect(await line(a.agreementId)).toMatchObject({ drawnQuantity: 400, remainingQuantity: 600 });
    expect(await records.agreements.drawOf('PO-WASHER-1')).toMatchObject({ agreementId: a.agreementId, quantity: 400, value: 20, replenishmentId: 'replenish-WASHER-1' });
  });

  it('a PO for more than remains is refused with what remains, and draws nothing', async () => {
    const a = await records.agreements.create(agreement());
    await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-2', 900));
    const refused = await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-3', 101));
    expect(refused).toEqual({ drawn: false, why: `agreement ${a.agreementId} has 100 × WASHER left, fewer than the 101 this PO needs` });
    expect(await records.agreements.drawOf('PO-WASHER-3')).toBeNull();
    // Refused, the PO holds nothing: a smaller draft of it can still draw.
    expect(await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-3', 100))).toMatchObject({ drawn: true });
    expect(await line(a.agreementId)).toMatchObject({ remainingQuantity: 0 });
  });

  it('the total value limits every SKU together', async () => {
    const a = await records.agreements.create(agreement({ totalValue: 30, lines: [{ sku: 'WASHER', unitPrice: 0.05, moq: 1, orderMultiple: null, quantity: null }, { sku: 'BOLT', unitPrice: 0.12, moq: 1, orderMultiple: null, quantity: null }] }));
    expect(await records.agreements.draw(draw(a.agreementId, 'PO-BOLT-1', 200, { sku: 'BOLT', unitPrice: 0.12, total: 24 }))).toMatchObject({ drawn: true, agreement: { remainingValue: 6 } });
    expect(await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-4', 200))).toEqual({ drawn: false, why: `agreement ${a.agreementId} has 6.00 USD left, less than the total 10.00 USD` });
    expect(await records.agreements.draw(draw(a.agreementId, 'PO-WASHER-4', 120))).toMatchObject({ drawn: true, agreement: { remainingValue: 0 } });
  });

  it('an agreement expired, not yet valid, cancelled, with another supplier or price, or without the SKU refuses, saying which', async () => {
    const a = await records.agreements.create(agreement());
    const id = a.agreementId;
    const refusal = async (o: Partial<DrawRequest>) => records.agreements.draw(draw(id, 'PO-WASHER-5', 10, o));
    expect(await refusal({ at: '2027-01-01T00:00:00.000Z' })).toEqual({ drawn: false, why: `agreement ${id} expired at 2027-01-01T00:00:00.000Z` });
    expect(await refusal({ at: '2026-10-31T23:59:59.000Z' })).toEqual({ drawn: false, why: `agreement ${id} is valid only from 2026-11-01T00:00:00.000Z` });
    expect(await refusal({ supplier: 'quickparts' })).toEqual({ drawn: false, why: `agreement ${id} is with acme-industrial, not quickparts` });
    expect(await refusal({ unitPrice: 0.06, total: 0.6 })).toEqual({ drawn: false, why: `agreement ${id} prices WASHER at 0.05 USD, not 0.06 USD` });
    expect(await refusal({ sku: 'NUT' })).toEqual({ drawn: false, why: `agreement ${id} does not cover NUT` });
    expect(await records.agreements.cancel(id, 'erin', 'supplier went bankrupt', at)).toMatchObject({ already: false, agreement: { cancelledBy: 'erin' } });
    expect(await records.agreements.cancel(id, 'dana', 'again', at)).toMatchObject({ already: true, agreement: { cancelledBy: 'erin' } });
    expect(await refusal({})).toEqual({ drawn: false, why: `agreement ${id} was cancelled at ${at} by erin` });
    expect(await line(id)).toMatchObject({ drawnQuantity: 0 });
    expect(await records.agreements.offers('WASHER', at)).not.toContainEqual(expect.objectContaining({ agreementId: id }));
  });

  // PostgreSQL runs these on up to ten connections of its pool at once.
  it('POs of many agents racing for the last quantity: exactly as many draw as it holds, the rest are told why', async () => {
    const a = await records.agreements.create(agreement({ lines: [{ sku: 'WASHER', unitPrice: 0.05, moq: 1, orderMultiple: null, quantity: 450 }] }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => records.agreements.draw(draw(a.agreementId, `PO-W${i}-1`, 100))));
    expect(answers.filter((x) => x.drawn)).toHaveLength(4);
    expect(answers.filter((x) => !x.drawn).map((x) => (x as { why: string }).why)).toEqual(Array(16).fill(`agreement ${a.agreementId} has 50 × WASHER left, fewer than the 100 this PO needs`));
    expect(await line(a.agreementId)).toMatchObject({ drawnQuantity: 400 });
    expect((await records.agreements.get(a.agreementId))!.drawnValue).toBe(20);
  });

  it('two agents for the very last units at once: exactly one draws', async () => {
    const a = await records.agreements.create(agreement({ lines: [{ sku: 'WASHER', unitPrice: 0.05, moq: 1, orderMultiple: null, quantity: 90 }] }));
    const [x, y] = await Promise.all([records.agreements.draw(draw(a.agreementId, 'PO-X-1', 90)), records.agreements.draw(draw(a.agreementId, 'PO-Y-1', 90))]);
    expect([x!.drawn, y!.drawn].sort()).toEqual([false, true]);
    expect(await line(a.agreementId)).toMatchObject({ drawnQuantity: 90, remainingQuantity: 0 });
  });

  it('a settled replenishment gives back what it drew for POs it did not order, once, and keeps the draw of the order that stands', async () => {
    const a = await records.agreements.create(agreement({ totalValue: 100 }));
    await records.agreements.draw(draw(a.agreementId, 'PO-REL-1', 100));
    await records.agreements.draw(draw(a.agreementId, 'PO-REL-1-R1', 80));
    await records.agreements.draw(draw(a.agreementId, 'PO-REL-2', 50));
    expect(await records.agreements.release('replenish-REL-1', 'PO-REL-1-R1')).toBe(100);
    expect(await records.agreements.release('replenish-REL-1', 'PO-REL-1-R1')).toBe(0);
    expect(await line(a.agreementId)).toMatchObject({ drawnQuantity: 130 });
    expect(await records.agreements.release('replenish-REL-2', null)).toBe(50);
    const after = (await records.agreements.get(a.agreementId))!;
    expect(after).toMatchObject({ drawnValue: 4, remainingValue: 96 });
    expect((await records.agreements.draws(a.agreementId)).map((d) => d.poNumber)).toEqual(['PO-REL-1-R1']);
  });

  it('lists agreements newest first, by SKU and supplier, and offers only those in force', async () => {
    const older = await records.agreements.create(agreement({ supplier: 'quickparts', approvedAt: '2026-11-02T08:00:00.000Z', lines: [{ sku: 'TAPE', unitPrice: 2.4, moq: 10, orderMultiple: 10, quantity: 100 }] }));
    const newer = await records.agreements.create(agreement({ supplier: 'quickparts', approvedAt: '2026-11-03T08:00:00.000Z', validFrom: '2027-02-01T00:00:00.000Z', validUntil: '2027-03-01T00:00:00.000Z', lines: [{ sku: 'TAPE', unitPrice: 2.2, moq: 1, orderMultiple: null, quantity: 50 }] }));
    expect((await records.agreements.list({ sku: 'TAPE' })).map((x) => x.agreementId)).toEqual([newer.agreementId, older.agreementId]);
    expect((await records.agreements.list({ supplier: 'quickparts', sku: 'WASHER' }))).toEqual([]);
    expect(await records.agreements.offers('TAPE', at)).toEqual([{
      agreementId: older.agreementId, supplier: 'quickparts', sku: 'TAPE', unitPrice: 2.4, moq: 10, orderMultiple: 10, leadTimeDays: 5,
      validUntil: '2027-01-01T00:00:00.000Z', remainingQuantity: 100, remainingValue: null,
    }]);
  });
});
