import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseRecord, type PurchaseRecord } from '../../src/domain/purchase-record.js';
import { outcome } from '../../src/domain/outcome.js';
import { CSV_HEADER, csvLine } from '../../src/records/csv.js';
import { BadCursor, openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';
import { appendTurn } from '../../src/domain/state.js';
import { closed, confirmed, goodsArrived, T0 } from '../support/states.js';

const { cleanup: afterFile } = fileScope();

/** A settled replenishment's record, with what the test varies. */
function record(o: Partial<PurchaseRecord> & { replenishmentId: string }): PurchaseRecord {
  const ordered = confirmed();
  const tools = ['get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'place_order'];
  const state = tools.reduce((s, tool, i) => appendTurn(s, { turn: i + 1, at: T0, allowed: [tool], tool, result: 'ok', summary: `${tool} went well` }),
    closed(goodsArrived(ordered, ordered.po!.quantity)));
  const base = purchaseRecord({ replenishmentId: o.replenishmentId, runId: 'run-1', state, result: outcome(state), currency: 'EUR', settledAt: '2026-11-10T12:00:00.000Z' });
  return { ...base, ...o };
}

describe.each(recordsLocations(afterFile))('the purchasing record in %s', (_name, where) => {
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
    for (let i = 1; i <= 12; i++) {
      await records.save(record({
        replenishmentId: `replenish-LIST-${i}`, sku: i % 2 ? 'BOLT-1' : 'NUT-2', supplier: i % 3 ? 'acme-industrial' : 'quickparts',
        outcome: i === 5 ? 'cancelled' : 'received', settledAt: at(i), orderedAt: i <= 6 ? '2026-10-20T08:00:00.000Z' : at(i),
        quantityOrdered: 10, unitPrice: 1.25, orderTotal: 12.5,
      }));
    }
  }, 60_000);

  it('keeps every field of a record, the decision log and the approver included, as it was written', async () => {
    const written = record({ replenishmentId: 'replenish-ONE-1' });
    await records.save(written);
    const read = await records.get('replenish-ONE-1');
    expect(read).toEqual(written);
    expect(read!.turns.length).toBeGreaterThan(3);
    expect(read!.approvals[0]).toMatchObject({ decision: 'approved', by: 'dana', rule: null });
  });

  it('a record written twice (a retried activity) is one row holding the last write', async () => {
    await records.save(record({ replenishmentId: 'replenish-TWICE-1', reason: 'first' }));
    await records.save(record({ replenishmentId: 'replenish-TWICE-1', reason: 'second' }));
    const page = await records.list({ sku: (await records.get('replenish-TWICE-1'))!.sku, from: '2026-11-10T00:00:00.000Z', to: '2026-11-11T00:00:00.000Z' }, { limit: 100 });
    expect(page.items.filter((r) => r.replenishmentId === 'replenish-TWICE-1').map((r) => r.reason)).toEqual(['second']);
  });

  it('filters by SKU, supplier, outcome and settlement time, newest first', async () => {
    const bolts = await records.list({ sku: 'BOLT-1' }, { limit: 100 });
    expect(bolts.items.map((r) => r.replenishmentId)).toEqual([11, 9, 7, 5, 3, 1].map((i) => `replenish-LIST-${i}`));
    expect(bolts.total).toBe(6);
    const quick = await records.list({ supplier: 'quickparts', sku: 'NUT-2' }, { limit: 100 });
    expect(quick.items.map((r) => r.replenishmentId)).toEqual(['replenish-LIST-12', 'replenish-LIST-6']);
    const cancelled = await records.list({ outcome: 'cancelled', sku: 'BOLT-1' }, { limit: 100 });
    expect(cancelled.items.map((r) => r.replenishmentId)).toEqual(['replenish-LIST-5']);
    const window = await records.list({ sku: 'NUT-2', from: '2026-11-04T00:00:00.000Z', to: '2026-11-08T09:00:00.000Z' }, { limit: 100 });
    expect(window.items.map((r) => r.replenishmentId)).toEqual(['replenish-LIST-6', 'replenish-LIST-4']);
  });

  it('pages walk every match once, and a cursor it did not hand out is refused', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await records.list({ supplier: 'acme-industrial', from: '2026-11-01T00:00:00.000Z', to: '2026-11-13T00:00:00.000Z' }, { limit: 3, ...(after ? { after } : {}) });
      seen.push(...page.items.map((r) => r.replenishmentId));
      expect(page.total).toBe(8);
      after = page.next ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([11, 10, 8, 7, 5, 4, 2, 1].map((i) => `replenish-LIST-${i}`));
    await expect(records.list({}, { limit: 3, after: 'not-a-cursor' })).rejects.toBeInstanceOf(BadCursor);
  });

  it('spend per supplier and month counts orders placed, by the month of the order, and not those cancelled', async () => {
    const spend = await records.spend({ from: '2026-10', to: '2026-11' });
    const line = (supplier: string, month: string) => spend.find((l) => l.supplier === supplier && l.month === month);
    // October: orders 1..6, of which 5 was cancelled; 3 and 6 went to quickparts.
    expect(line('acme-industrial', '2026-10')).toEqual({ supplier: 'acme-industrial', month: '2026-10', amount: 37.5, orders: 3 });
    expect(line('quickparts', '2026-10')).toEqual({ supplier: 'quickparts', month: '2026-10', amount: 25, orders: 2 });
    expect((await records.spend({ from: '2026-12' }))).toEqual([]);
  });

  it('CSV has a header, one line per record, quotes what needs quoting and defuses formulas', () => {
    const line = csvLine(record({ replenishmentId: 'replenish-CSV-1', reason: '=HYPERLINK("x"), "quoted"', supplier: 'acme, inc' }));
    expect(CSV_HEADER.startsWith('po_number,replenishment_id,sku,supplier,outcome')).toBe(true);
    expect(line).toContain('"acme, inc"');
    expect(line).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(line.endsWith('\r\n')).toBe(true);
  });
});
