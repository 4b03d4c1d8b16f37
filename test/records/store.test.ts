import { beforeAll, describe, expect, it } from 'vitest';
import { openPurchaseOrder, purchaseRecord, type OpenPurchaseOrder, type PurchaseRecord } from '../../src/domain/purchase-record.js';
import { outcome } from '../../src/domain/outcome.js';
import { CSV_HEADER, csvLine } from '../../src/records/csv.js';
import { BadCursor, openRecords, settledItem, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';
import { appendTurn } from '../../src/domain/state.js';
import { awaitingApproval, closed, confirmed, goodsArrived, ordered, T0 } from '../support/states.js';

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

/** A PO still worked on, as its run shows it, with what the test varies. */
function open(state: Parameters<typeof outcome>[0], o: Partial<OpenPurchaseOrder> & { replenishmentId: string; updatedAt: string }): OpenPurchaseOrder {
  return { ...openPurchaseOrder({ replenishmentId: o.replenishmentId, runId: 'run-1', state, currency: 'EUR', updatedAt: o.updatedAt })!, ...o };
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
    const cancelled = await records.list({ settled: { outcome: 'cancelled' }, sku: 'BOLT-1' }, { limit: 100 });
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
    expect(line('acme-industrial', '2026-10')).toEqual({ supplier: 'acme-industrial', month: '2026-10', amount: 37.5, orders: 3, lines: 3 });
    expect(line('quickparts', '2026-10')).toEqual({ supplier: 'quickparts', month: '2026-10', amount: 25, orders: 2, lines: 2 });
    expect((await records.spend({ from: '2026-12' }))).toEqual([]);
  });

  it('CSV has a header, one line per record, quotes what needs quoting and defuses formulas', () => {
    const line = csvLine(settledItem(record({ replenishmentId: 'replenish-CSV-1', reason: '=HYPERLINK("x"), "quoted"', supplier: 'acme, inc' })));
    expect(CSV_HEADER.startsWith('po_number,replenishment_id,sku,supplier,outcome')).toBe(true);
    expect(line).toContain('"acme, inc"');
    expect(line).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(line.endsWith('\r\n')).toBe(true);
  });

  describe('with POs still worked on', () => {
    const sku = 'OPEN-1';
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T09:00:00.000Z`;
    beforeAll(async () => {
      await records.save(record({ replenishmentId: 'replenish-OPEN-1-1', sku, settledAt: day(3), orderedAt: day(2) }));
      await records.open.show({ workflowId: 'replenish-OPEN-1-2', order: open(awaitingApproval(), { replenishmentId: 'replenish-OPEN-1-2', sku, updatedAt: day(5) }) });
      await records.open.show({ workflowId: 'replenish-OPEN-1-3', order: open(ordered(), { replenishmentId: 'replenish-OPEN-1-3', sku, updatedAt: day(4), orderedAt: day(4) }) });
    });

    it('an older write of a run\'s open order that lands after a newer one is dropped', async () => {
      const replenishmentId = 'replenish-OPEN-9-1';
      const at = (version: number, state: Parameters<typeof outcome>[0], updatedAt: string) =>
        records.open.show({ workflowId: replenishmentId, order: open(state, { replenishmentId, sku: 'OPEN-9', updatedAt }), version });
      await at(2, ordered(), day(3));
      await at(1, awaitingApproval(), day(2));
      const phases = async () => (await records.db.selectFrom('openPurchaseOrders').select('phase').where('replenishmentId', '=', replenishmentId).execute()).map((r) => r.phase);
      expect(await phases()).toEqual(['ordered']);
      await records.open.show({ workflowId: replenishmentId, order: null, version: 3 });
      await at(2, ordered(), day(3));
      expect(await phases()).toEqual([]);
    });

    it('a write of a run\'s open line that lands after its record is dropped: the PO stays settled', async () => {
      const replenishmentId = 'replenish-OPEN-9-2';
      const line = (version: number) => records.open.show({ workflowId: replenishmentId, order: open(ordered(), { replenishmentId, sku: 'OPEN-9', updatedAt: day(3) }), version });
      await line(1);
      await records.save(record({ replenishmentId }));
      await line(2);
      const rows = await records.db.selectFrom('openPurchaseOrders').select('replenishmentId').where('replenishmentId', '=', replenishmentId).execute();
      expect(rows).toEqual([]);
      expect((await records.get(replenishmentId))?.outcome).toBe('received');
    });

    it('lists open and settled POs together, newest change first, each with its status', async () => {
      const page = await records.list({ sku }, { limit: 10 });
      expect(page.items.map((i) => [i.replenishmentId, i.status])).toEqual([
        ['replenish-OPEN-1-2', 'awaiting approval'], ['replenish-OPEN-1-3', 'ordered'], ['replenish-OPEN-1-1', 'received'],
      ]);
      expect(page.total).toBe(3);
      expect(page.items[0]).toMatchObject({ outcome: null, settledAt: null, reason: null, turns: [], updatedAt: day(5) });
    });

    it('pages walk open and settled POs once each', async () => {
      const first = await records.list({ sku }, { limit: 2 });
      const second = await records.list({ sku }, { limit: 2, after: first.next! });
      expect([...first.items, ...second.items].map((i) => i.replenishmentId)).toEqual(['replenish-OPEN-1-2', 'replenish-OPEN-1-3', 'replenish-OPEN-1-1']);
      expect(second.next).toBeNull();
    });

    it('filters open POs by phase, and settled ones by outcome', async () => {
      const ids = async (f: Parameters<PurchaseRecords['list']>[0]) => (await records.list({ sku, ...f }, { limit: 10 })).items.map((i) => i.replenishmentId);
      expect(await ids({ settled: false })).toEqual(['replenish-OPEN-1-2', 'replenish-OPEN-1-3']);
      expect(await ids({ settled: false, open: { phase: 'ordered' } })).toEqual(['replenish-OPEN-1-3']);
      expect(await ids({ open: false })).toEqual(['replenish-OPEN-1-1']);
      expect(await ids({ from: day(4), to: day(5) })).toEqual(['replenish-OPEN-1-3']);
    });

    it('an order placed counts as spend while it is still open', async () => {
      const supplier = ordered().po!.supplier;
      const line = (await records.spend({ from: '2026-11', to: '2026-11' })).find((l) => l.supplier === supplier);
      const settledOnly = await records.db.selectFrom('purchaseRecords').select((eb) => eb.fn.countAll().as('n'))
        .where('spendMonth', '=', '2026-11').where('supplier', '=', supplier).executeTakeFirstOrThrow();
      // OPEN-1-3 is ordered; OPEN-1-2 only awaits approval, which commits nothing.
      expect(line!.orders).toBe(Number(settledOnly.n) + 1);
    });

    it('writing its record takes a PO out of the open list, so it is listed once', async () => {
      await records.open.show({ workflowId: 'replenish-OPEN-2-1', order: open(ordered(), { replenishmentId: 'replenish-OPEN-2-1', sku: 'OPEN-2', updatedAt: day(6) }) });
      expect((await records.list({ sku: 'OPEN-2' }, { limit: 10 })).items.map((i) => i.status)).toEqual(['ordered']);
      await records.save(record({ replenishmentId: 'replenish-OPEN-2-1', sku: 'OPEN-2', settledAt: day(7) }));
      const after = await records.list({ sku: 'OPEN-2' }, { limit: 10 });
      expect(after.items.map((i) => i.status)).toEqual(['received']);
      expect(after.total).toBe(1);
      // A run that ended without a record (terminated) is taken out by its agent.
      await records.open.show({ workflowId: 'replenish-OPEN-2-2', order: open(ordered(), { replenishmentId: 'replenish-OPEN-2-2', sku: 'OPEN-2', updatedAt: day(8) }) });
      await records.open.show({ workflowId: 'replenish-OPEN-2-2', order: null });
      expect((await records.list({ sku: 'OPEN-2' }, { limit: 10 })).total).toBe(1);
    });

    it('a run that ended without its record has its open PO recorded as failed, once', async () => {
      const placed = open(ordered(), { replenishmentId: 'replenish-OPEN-3-1', sku: 'OPEN-3', updatedAt: day(9) });
      await records.open.show({ workflowId: 'replenish-OPEN-3-1', order: placed });
      const settled = await records.settleOpen('replenish-OPEN-3-1', 'terminated by an operator', day(10));
      expect(settled).toMatchObject({ outcome: 'failed', reason: 'terminated by an operator', settledAt: day(10), orderTotal: placed.orderTotal, turns: [] });
      // A retried settlement finds nothing open and leaves the record as it was.
      expect(await records.settleOpen('replenish-OPEN-3-1', 'again', day(11))).toBeNull();
      const page = await records.list({ sku: 'OPEN-3' }, { limit: 10 });
      expect(page.items.map((i) => [i.status, i.reason])).toEqual([['failed', 'terminated by an operator']]);
      expect(await records.get('replenish-OPEN-3-1')).toEqual(settled);
      expect(await records.settleOpen('replenish-NEVER-1', 'no PO', day(10))).toBeNull();
    });
  });
});
