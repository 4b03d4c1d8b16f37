import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import type { DeskState } from '../../src/domain/supplier-desk.js';
import { kill, startExternalWorker } from '../support/external-worker.js';
import { keepHistories } from '../support/histories.js';
import { eventually, type Stack } from '../support/stack.js';
import { askedAboutTwoLines, gatheringStack } from './gathering-story.js';
import { story } from './story.js';

/** Each line's run follows its own PO number from here as it does alone: confirmed, delivered, closed. */
async function receiveEach(stack: Stack, skus: string[]) {
  for (const sku of skus) {
    const s = story(stack, sku);
    const po = (await s.view()).replenishment.po as { poNumber: string; quantity: number };
    expect((await s.reply(po.poNumber, `m-${sku}`, 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(po.poNumber, `r-${sku}`, po.quantity)).status).toBe(202);
    expect(await s.outcome()).toMatchObject({ outcome: 'received', quantityReceived: po.quantity, poNumber: po.poNumber });
  }
}

const replays = (history: Awaited<ReturnType<ReturnType<Stack['client']['workflow']['getHandle']>['fetchHistory']>>, id: string) =>
  Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, id);

describe('buying per supplier', () => {
  it('two SKUs of a supplier that gathers below their reorder points: one consolidated PO of two lines, approved by rule once (each line below the routine-order threshold, the whole above it but within the consolidated limit), one order at the supplier, each run receives its goods and closes', async () => {
    // Each line is 180.00, the whole PO 380.00: routine orders are below 300.00, a consolidated PO of them below ten times that.
    const { stack, supplier, desk, sku, deskView } = await gatheringStack({ windowHours: 0.005 }, { autoApproveBelow: 300 });
    const skus = [await sku(), await sku()];
    await Promise.all(skus.map((s) => story(stack, s).startAgent()));

    const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    const spo = `SPO-${supplier}-1`;
    for (const v of views) {
      const r = v.replenishment;
      expect(r.decision).toMatchObject({ kind: 'approved', by: 'policy:routine-order', rule: 'routine-order' });
      expect(r.decision.note).toMatch(new RegExp(`^ordered on ${spo}: ${spo} total 380\\.00 USD below 3000\\.00 USD for a consolidated PO; every line's total below 300\\.00 USD and unit price within 5% `));
      // The supplier's acknowledgement of the line, under the line's own PO number.
      expect(r.order).toMatchObject({ poNumber: r.po.poNumber, supplier });
      // The line as placed is its goods: the consolidated PO bears the freight.
      expect(r.po).toMatchObject({ quantity: 90, total: 180 });
      expect(r.po.freight).toBeUndefined();
      // The run joined the desk instead of asking the manager itself.
      expect(r.log.map((t: { tool: string }) => t.tool)).toEqual(['get_quotes', 'draft_purchase_order', 'join_supplier_order', 'wait_for_supplier_order']);
    }

    // One order at the supplier, two lines under their own PO numbers, freight charged once.
    const placed = stack.sandbox.store.ordersOfGroup(spo);
    expect(placed.map((o) => [o.poNumber, o.quantity, o.placeCalls])).toEqual(
      expect.arrayContaining(skus.map((s) => [`PO-${s}-1`, 90, 1])),
    );
    expect(placed).toHaveLength(2);
    const view = await deskView();
    expect(view.orders).toEqual([expect.objectContaining({ spoNumber: spo, early: false, total: 380, result: 'ordered on policy:routine-order\'s approval' })]);
    expect(view.orders[0]!.closedBecause).toMatch(/^the window opened at .* closed at /);
    // The budget holds both lines and the one freight: 2 × 180 + 20.
    expect(await stack.records.budget.reserved(new Date().toISOString().slice(0, 7))).toBe(380);
    expect(stack.sandbox.store.notifications().filter((n) => n.subject.startsWith('Approve'))).toEqual([]);

    await receiveEach(stack, skus);
    // The spend counts each line's goods and the consolidated PO's freight once, 2 × 180 + 20, and one order of two lines.
    const month = new Date().toISOString().slice(0, 7);
    const spent = () => stack.records.spend({ from: month, to: month }).then((ls) => ls.find((l) => l.supplier === supplier));
    expect(await eventually(spent, (l) => l?.lines === 2, 30_000, 'both lines in the spend')).toEqual({ supplier, month, amount: 380, orders: 1, lines: 2 });
    // The purchasing record names the consolidated PO each line was placed on; the SKU's earlier order, placed alone, names none.
    const listed = (await stack.api('GET', `/purchase-orders?sku=${skus[0]}`)).body.items as { poNumber: string; supplierOrder: string | null }[];
    expect(listed.map((i) => [i.poNumber, i.supplierOrder])).toEqual([[`PO-${skus[0]}-1`, spo], [`PO-${skus[0]}-0`, null]]);
    const csv = (await (await fetch(`${stack.apiUrl}/purchase-orders.csv?sku=${skus[0]}`)).text()).trim().split('\r\n');
    expect([csv[0]!.split(',').at(-1), ...csv.slice(1).map((l) => l.split(',').at(-1))]).toEqual(['supplier_order', spo, '']);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await replays(await stack.client.workflow.getHandle(`replenish-${skus[0]}-1`).fetchHistory(), `replenish-${skus[0]}-1`);
    // Replay fixtures of a gathering run, its agent and the desk (RECORD_HISTORIES=1): test/replay replays them with the others.
    await keepHistories(stack.client, 'gathering', [`replenish-${skus[0]}-1`, `agent-${skus[0]}`, desk.workflowId]);
    await desk.terminate('test over');
  });

  it('a SKU that would run out before the window closes closes it early, with the lines gathered so far, and the desk says why', async () => {
    const { stack, supplier, desk, sku, urgentSku, deskView } = await gatheringStack({ windowHours: 1 });
    const patient = await sku();
    await story(stack, patient).startAgent();
    await story(stack, patient).waitingIn('wait_for_supplier_order');
    expect((await deskView()).gathering?.lines.map((l) => l.poNumber)).toEqual([`PO-${patient}-1`]);

    // It must be ordered now, not in an hour.
    const urgent = await urgentSku();
    await story(stack, urgent).startAgent();

    await Promise.all([patient, urgent].map((s) => story(stack, s).phase('ordered')));
    const spo = `SPO-${supplier}-1`;
    const view: DeskState = await deskView();
    expect(view.orders).toHaveLength(1);
    expect(view.orders[0]).toMatchObject({ spoNumber: spo, early: true, lines: [`PO-${patient}-1`, `PO-${urgent}-1`] });
    expect(view.orders[0]!.closedBecause).toMatch(new RegExp(`^PO-${urgent}-1 \\(${urgent}\\) must be ordered by .*, before the window closes at `));
    expect(stack.sandbox.store.ordersOfGroup(spo)).toHaveLength(2);
    await receiveEach(stack, [patient, urgent]);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
  });

  describe('the manager decides a consolidated PO once, for every line', () => {
    it('approved through the API: 202 at once, the desk places one order, each run is ordered on dana\'s approval and receives its goods; a second decision is a 409', async () => {
      const { stack, skus, spo, desk, decide, supplier } = await askedAboutTwoLines();
      // Refused at once, with the reason, and nothing recorded: not the SPO asked about, an edit, a ceiling below a line's price.
      expect(await decide({ decision: 'approve', maxUnitPrice: 2 }, `SPO-${supplier}-7`)).toMatchObject({ status: 409, body: { error: `SPO-${supplier}-7 is not waiting for a decision` } });
      expect(await decide({ decision: 'approve', maxUnitPrice: 2, quantity: 100 })).toMatchObject({ status: 409, body: { error: `${spo} is approved or rejected whole: its lines are not edited` } });
      expect((await decide({ decision: 'approve', maxUnitPrice: 1.5 })).body.error).toMatch(new RegExp(`^an approval up to 1.5 is below the unit price 2 of line PO-.*-1 .* on ${spo}`));
      expect(await decide({ decision: 'approve', maxUnitPrice: 2 }, 'SPO-nobody-here-1')).toMatchObject({ status: 404 });

      const approved = await decide({ decision: 'approve', maxUnitPrice: 2, note: 'one delivery is fine' });
      expect(approved).toMatchObject({ status: 202, body: { poNumber: spo, status: 'delivered', workflowId: desk.workflowId, by: 'dana' } });
      // Decided, or by now ordered too: either way the second decision does not count.
      const second = await decide({ decision: 'reject', reason: 'changed my mind' });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatch(new RegExp(`^${spo} has already been (decided \\(approved by dana\\)|approved and ordered)$`));

      const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
      for (const v of views) expect(v.replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', note: `ordered on ${spo}: one delivery is fine` });
      expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
      await receiveEach(stack, skus);
      await replays(await desk.fetchHistory(), desk.workflowId);
      // A replay fixture of a desk that asked the manager, its SPO in the approvals inbox meanwhile (RECORD_HISTORIES=1).
      await keepHistories(stack.client, 'gathering-manager', [desk.workflowId]);
      await desk.terminate('test over');
    });

    it('a decision sent again under the same Idempotency-Key is answered 200 duplicate, before and after the order, and changes nothing; another decision on it is a 409', async () => {
      const { stack, skus, spo, desk, decide, asked } = await askedAboutTwoLines();
      const key = { 'idempotency-key': 'dana-approves-spo-1' };
      const approve = { decision: 'approve', maxUnitPrice: 2, note: 'one delivery' };
      expect(await decide(approve, spo, key)).toMatchObject({ status: 202, body: { poNumber: spo, status: 'delivered', workflowId: desk.workflowId, by: 'dana' } });
      // A retried request: decided or by now ordered, either way the same decision.
      expect(await decide(approve, spo, key)).toMatchObject({ status: 200, body: { poNumber: spo, status: 'duplicate', workflowId: desk.workflowId, by: 'dana' } });
      const reused = await decide({ decision: 'reject', reason: 'changed my mind' }, spo, key);
      expect(reused.status).toBe(409);
      expect(reused.body.error).toMatch(new RegExp(`^a different approval for ${spo} was already received under the same Idempotency-Key`));
      expect((await decide({ decision: 'reject', reason: 'changed my mind' }, spo, { 'idempotency-key': 'another' })).status).toBe(409);

      await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
      expect(await decide(approve, spo, key)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
      expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
      expect(await asked(spo)).toHaveLength(1);
      await desk.terminate('test over');
    });

    it('rejected through the API: both runs end rejected with the manager\'s reason, and nothing is ordered', async () => {
      const { stack, skus, spo, desk, decide } = await askedAboutTwoLines();
      expect(await decide({ decision: 'reject', reason: 'too much freight' })).toMatchObject({ status: 202, body: { poNumber: spo, status: 'delivered', by: 'dana' } });
      for (const sku of skus) {
        expect(await story(stack, sku).outcome()).toMatchObject({ outcome: 'rejected', reason: `rejected by dana: too much freight (on ${spo})` });
      }
      expect(stack.sandbox.store.ordersOfGroup(spo)).toEqual([]);
      expect(await decide({ decision: 'approve', maxUnitPrice: 2 })).toMatchObject({ status: 409, body: { error: `${spo} has already been settled: too much freight (on ${spo})` } });
      await desk.terminate('test over');
    });
  });

  it('a worker killed while the consolidated PO waits for the manager: the desk asks once, takes the decision on the next worker, and orders once', async () => {
    const { stack, supplier, desk, sku, deskView } = await gatheringStack({ windowHours: 0.005 }, { byRule: false, inProcessWorker: false });
    let worker = await startExternalWorker(stack);
    const skus = [await sku(), await sku()];
    await Promise.all(skus.map((s) => story(stack, s).startAgent()));
    const spo = `SPO-${supplier}-1`;
    const asks = () => stack.sandbox.store.notifications().filter((n) => n.poNumber === spo);
    // The desk has recorded that it asked (not only sent the mail): it waits for the manager.
    await eventually(() => deskView().catch(() => null), (v) => v?.inFlight[spo]?.asked === 1, 60_000, `the desk to wait for the manager on ${spo}`);

    await kill(worker);
    worker = await startExternalWorker(stack);

    const decided = await story(stack, skus[0]!).decide(spo, { decision: 'approve', maxUnitPrice: 2 });
    expect(decided.status, JSON.stringify(decided.body)).toBe(202);
    await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    expect(asks()).toHaveLength(1);
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
    await kill(worker);
  });

  it('a manager who cancels a run whose line is at the desk takes the line out of the window: nothing of it is ordered', async () => {
    const { stack, desk, sku, deskView } = await gatheringStack({ windowHours: 1 });
    const [a, b] = [await sku(), await sku()];
    await Promise.all([a, b].map((s) => story(stack, s).startAgent()));
    await Promise.all([a, b].map((s) => story(stack, s).waitingIn('wait_for_supplier_order')));
    expect((await stack.authed('POST', `/purchase-orders/PO-${a}-1/cancel`, { reason: 'no longer stocked' })).status).toBe(202);
    expect(await story(stack, a).outcome()).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: no longer stocked' });
    expect((await deskView()).gathering?.lines.map((l) => l.poNumber)).toEqual([`PO-${b}-1`]);
    await desk.terminate('test over');
  });

  it('a supplier that refuses the consolidated order: each run hears it, drops the supplier and, with no other, ends cancelled saying why', async () => {
    const { stack, supplier, desk, sku, deskView } = await gatheringStack({ windowHours: 0.005 });
    const skus = [await sku(), await sku()];
    await Promise.all(skus.map((s) => story(stack, s).startAgent()));
    await Promise.all(skus.map((s) => story(stack, s).waitingIn('wait_for_supplier_order')));
    // The supplier's minimum changes after it quoted: it takes no order of these lines.
    stack.sandbox.store.db.prepare('UPDATE catalogue SET moq = 1000 WHERE supplier = ?').run(supplier);

    for (const s of skus) {
      expect(await story(stack, s).outcome()).toMatchObject({ outcome: 'cancelled', reason: `no supplier left for ${s}: ${supplier} refused the order` });
    }
    const spo = `SPO-${supplier}-1`;
    expect((await deskView()).orders).toEqual([expect.objectContaining({ spoNumber: spo, result: expect.stringMatching(new RegExp(`^dropped: ${supplier} refused ${spo}: ${supplier} requires at least 1000 units of `)) })]);
    expect(stack.sandbox.store.ordersOfGroup(spo)).toEqual([]);
    await desk.terminate('test over');
  });
});
