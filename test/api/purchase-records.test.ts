import { beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../src/domain/purchase-record.js';
import { record } from '../support/records.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';

describe('the purchasing record over HTTP', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, inProcessWorker: false });
    for (let n = 1; n <= 5; n++) await stack.records.save(record(n, n === 4 ? { outcome: 'cancelled', supplier: 'quickparts' } : {}));
  });

  it('lists records newest first, filtered by SKU, supplier, outcome and days, a page at a time', async () => {
    const first = await stack.api('GET', '/purchase-orders?sku=REC&limit=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-5', 'PO-REC-4']);
    expect(first.body.total).toBe(5);
    const second = await stack.api('GET', `/purchase-orders?sku=REC&limit=2&after=${first.body.next}`);
    expect(second.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-3', 'PO-REC-2']);
    const cancelled = await stack.api('GET', '/purchase-orders?outcome=cancelled&supplier=quickparts');
    expect(cancelled.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-4']);
    const byStatus = await stack.api('GET', '/purchase-orders?status=received&sku=REC');
    expect(byStatus.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-5', 'PO-REC-3', 'PO-REC-2', 'PO-REC-1']);
    // `to` as a day includes the whole day.
    const days = await stack.api('GET', '/purchase-orders?sku=REC&from=2026-11-02&to=2026-11-03');
    expect(days.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-3', 'PO-REC-2']);
    const instant = await stack.api('GET', `/purchase-orders?sku=REC&to=${encodeURIComponent('2026-11-02T11:00:00+01:00')}`);
    expect(instant.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-REC-1']);
  });

  it('lists POs still worked on beside the settled ones, by their phase, and open or settled by status', async () => {
    const open = (n: number, phase: 'awaiting approval' | 'ordered', day: string) => {
      const { outcome: _o, reason: _r, settledAt: _s, turns: _t, ...sofar } = record(n, { sku: 'OPN', supplier: 'opn-supply', replenishmentId: `replenish-OPN-${n}`, ...(phase === 'ordered' ? {} : { quantityOrdered: 0, orderTotal: null, orderedAt: null, approvals: [] }) });
      return stack.records.open.show({ workflowId: `replenish-OPN-${n}`, order: { ...sofar, poNumber: `PO-OPN-${n}`, phase, updatedAt: day } });
    };
    await stack.records.save(record(1, { sku: 'OPN', supplier: 'opn-supply', replenishmentId: 'replenish-OPN-1', poNumber: 'PO-OPN-1' }));
    await open(2, 'ordered', '2026-11-20T10:00:00.000Z');
    await open(3, 'awaiting approval', '2026-11-21T10:00:00.000Z');
    const statuses = async (query: string) => {
      const res = await stack.api('GET', `/purchase-orders?sku=OPN${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((r: { poNumber: string; status: string }) => `${r.poNumber} ${r.status}`);
    };
    expect(await statuses('')).toEqual(['PO-OPN-3 awaiting approval', 'PO-OPN-2 ordered', 'PO-OPN-1 received']);
    expect(await statuses('&status=open')).toEqual(['PO-OPN-3 awaiting approval', 'PO-OPN-2 ordered']);
    expect(await statuses('&status=settled')).toEqual(['PO-OPN-1 received']);
    for (const phase of ['awaiting_approval', 'awaiting approval', 'Awaiting-Approval']) {
      expect(await statuses(`&status=${encodeURIComponent(phase)}`)).toEqual(['PO-OPN-3 awaiting approval']);
    }
    expect(await statuses('&status=ordered')).toEqual(['PO-OPN-2 ordered']);
    expect(await statuses('&outcome=received')).toEqual(['PO-OPN-1 received']);
    const item = (await stack.api('GET', '/purchase-orders?sku=OPN&status=open&limit=1')).body;
    expect(item).toMatchObject({ total: 2, items: [{ poNumber: 'PO-OPN-3', outcome: null, settledAt: null, turns: [], updatedAt: '2026-11-21T10:00:00.000Z', supplierOrder: null }] });
    const csv = (await (await fetch(`${stack.apiUrl}/purchase-orders.csv?sku=OPN`)).text()).trim().split('\r\n');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 6).join(','))).toEqual([
      'PO-OPN-3,replenish-OPN-3,OPN,opn-supply,,awaiting approval', 'PO-OPN-2,replenish-OPN-2,OPN,opn-supply,,ordered',
      'PO-OPN-1,replenish-OPN-1,OPN,opn-supply,received,received',
    ]);
    // The open order is money committed in its month, beside the settled one.
    const spend = (await stack.api('GET', '/purchase-orders/spend?from=2026-11&to=2026-11')).body.lines;
    expect(spend.find((l: { supplier: string }) => l.supplier === 'opn-supply')).toMatchObject({ orders: 2, lines: 2, amount: 50 });
  });

  it('exports every match as CSV, by format=csv or /purchase-orders.csv', async () => {
    for (const path of ['/purchase-orders?sku=REC&format=csv&limit=1', '/purchase-orders.csv?sku=REC']) {
      const res = await fetch(stack.apiUrl + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await res.text()).trim().split('\r\n');
      expect(lines[0]).toMatch(/^po_number,replenishment_id,sku,supplier,outcome,/);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['PO-REC-5', 'PO-REC-4', 'PO-REC-3', 'PO-REC-2', 'PO-REC-1']);
    }
  });

  it('serves a settled PO from the record alone when Temporal has no workflow for it', async () => {
    const res = await stack.api('GET', '/purchase-orders/PO-REC-3');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ foundBy: 'record', workflowId: 'replenish-REC-3', outcome: 'received', record: { turns: [{ tool: 'get_quotes' }] } });
    const unrevised = await stack.api('GET', '/purchase-orders/PO-REC-3-R2');
    expect(unrevised.status, JSON.stringify(unrevised.body)).toBe(404);
    expect(unrevised.body.error).toBe('no purchase order PO-REC-3-R2: replenish-REC-3 has drafted up to PO-REC-3');
    const none = await stack.api('GET', '/purchase-orders/PO-REC-9');
    expect(none.status).toBe(404);
    expect(none.body.error).toMatch(/PO-REC-9/);
  });

  it('sums spend per supplier and month, without cancelled orders', async () => {
    const res = await stack.api('GET', '/purchase-orders/spend?from=2026-11&to=2026-11');
    // quickparts' only order that month was cancelled; opn-supply is the open-PO test's.
    expect(res.body.lines.filter((l: { supplier: string }) => l.supplier !== 'opn-supply')).toEqual([{ supplier: 'acme-industrial', month: '2026-11', amount: 100, orders: 4, lines: 4 }]);
    expect(res.body.currency).toBe('USD');
  });

  // One row written by hand, or cut short, answered every list 503 "could not reach a dependency"
  // (a JSON.parse error): the manager lost the whole record and inbox, and was told to try again.
  it('leaves a stored row it cannot read out of the lists, and answers that row itself as a fault of its own, not a 503', async () => {
    await stack.records.save(record(1, { sku: 'DMG', replenishmentId: 'replenish-DMG-1', poNumber: 'PO-DMG-1' }));
    await stack.records.save(record(2, { sku: 'DMG', replenishmentId: 'replenish-DMG-2', poNumber: 'PO-DMG-2' }));
    await stack.records.db.updateTable('purchaseRecords').set({ approvals: '[{"decision":"appro' }).where('replenishmentId', '=', 'replenish-DMG-2').execute();
    const list = await stack.api('GET', '/purchase-orders?sku=DMG');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((r: PurchaseRecord) => r.poNumber)).toEqual(['PO-DMG-1']);
    // Paging walks past damaged rows: a page they fill ends early, with the next page's cursor.
    await stack.records.save(record(3, { sku: 'DMG', replenishmentId: 'replenish-DMG-3', poNumber: 'PO-DMG-3' }));
    await stack.records.db.updateTable('purchaseRecords').set({ turns: 'null' }).where('replenishmentId', '=', 'replenish-DMG-3').execute();
    const walked: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const page = await stack.api('GET', `/purchase-orders?sku=DMG&limit=1${after ? `&after=${after}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      walked.push(...page.body.items.map((r: PurchaseRecord) => r.poNumber));
      after = page.body.next;
      if (!after) break;
    }
    expect(walked).toEqual(['PO-DMG-1']);
    expect(after).toBeNull();
    const whole = await stack.api('GET', '/purchase-orders');
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    const csv = (await (await fetch(`${stack.apiUrl}/purchase-orders.csv?sku=DMG`)).text()).trim().split('\r\n');
    expect(csv.slice(1).map((l) => l.split(',')[0])).toEqual(['PO-DMG-1']);
    const one = await stack.api('GET', '/purchase-orders/PO-DMG-2/record');
    expect(one.status, JSON.stringify(one.body)).toBe(500);
    expect(one.body.error).toMatch(/replenish-DMG-2.*approvals/);
    expect(one.body.error).not.toMatch(/could not reach a dependency/);

    const request = { supplier: 'acme-industrial', quantity: 10, unitPrice: 2.5, total: 25, requestedAt: '2026-11-01T09:00:00.000Z', alternatives: [], onHand: 1, safetyStock: 2, approvedBy: [], approvalsNeeded: 1 };
    for (const n of [1, 2]) {
      await stack.records.db.insertInto('approvalsWaiting').values({
        replenishmentId: `replenish-DMGW${n}-1`, sku: `DMGW${n}`, poNumber: `PO-DMGW${n}-1`, request: n === 2 ? '{"supplier":' : JSON.stringify(request), requestedAt: request.requestedAt,
      }).execute();
    }
    const inbox = await stack.api('GET', '/approvals');
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const skus = inbox.body.items.map((i: { sku: string }) => i.sku);
    expect(skus).toContain('DMGW1');
    expect(skus).not.toContain('DMGW2');
  });

  it.each([
    ['/purchase-orders?outcome=lost', /outcome/],
    ['/purchase-orders?status=lost', /status is one of open, settled, drafting, awaiting_approval/],
    ['/purchase-orders?status=received&outcome=cancelled', /status received and outcome cancelled cannot both hold/],
    ['/purchase-orders?status=open&outcome=received', /status open and outcome received cannot both hold/],
    ['/purchase-orders?from=2026-11-03&to=2026-11-02', /from \(2026-11-03\) must come before to \(2026-11-02\)/],
    ['/purchase-orders.csv?from=2026-11-03&to=2026-11-02', /must come before/],
    ['/purchase-orders?from=yesterday', /from: expected a date/],
    ['/purchase-orders?limit=0', /limit is a whole number from 1 to 500/],
    ['/purchase-orders?after=bogus', /after: not a cursor/],
    ['/purchase-orders?color=red', /color/],
    ['/purchase-orders.csv?limit=5', /limit/],
    ['/purchase-orders/spend?from=2026-13', /expected a month as YYYY-MM/],
    // It answered 200 with no lines: a manager read "no spend" for months swapped by mistake.
    ['/purchase-orders/spend?from=2026-12&to=2026-01', /^from \(2026-12\) must not come after to \(2026-01\)$/],
  ])('%s is a 400 that says what is wrong', async (path, why) => {
    const res = await stack.api('GET', path);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(why);
  });
});
