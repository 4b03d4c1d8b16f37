import { randomBytes, randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import type { ApprovalPolicy } from '../../src/domain/approval-policy.js';
import type { GatheringSetting } from '../../src/domain/gathering.js';
import { supplierDeskId } from '../../src/domain/ids.js';
import type { DeskState } from '../../src/domain/supplier-desk.js';
import { deskStateQuery } from '../../src/workflows/messages.js';
import { record } from '../support/records.js';
import { startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

const policy: ApprovalPolicy = { autoApproveBelow: 1000, priceTolerancePct: 5, budgetPerMonth: 10_000 };
const orderCosts = { freight: 20, freeFreightFrom: 1000 };

/**
 * A stack with a supplier of this test alone (the Temporal server, and so the desk's id, is shared
 * by every test), that gathers by `setting` and charges freight per order, and is the only one to
 * carry the SKUs made with `sku()`; bought from before at 2.00, so the approval policy knows its price.
 */
async function gatheringStack(setting: GatheringSetting) {
  const supplier = `gather-${randomUUID().slice(0, 8)}`;
  const stack = await startStack({
    temporal: 'dev',
    rules: { approvalPolicy: policy, gathering: { [supplier]: setting } },
    security: { supplierSecrets: { [supplier]: randomBytes(24).toString('hex') } },
  });
  stack.sandbox.store.setSupplier(supplier, { orderCosts });
  const desk = stack.client.workflow.getHandle(supplierDeskId(supplier));
  const sku = async (levels?: { onHand: number; safetyStock: number; targetLevel: number }) => {
    const s = stack.newSku(levels, [{ supplier, basePrice: 2, moq: 10, leadTimeDays: 1 }]);
    await stack.records.save(record(1, { replenishmentId: `replenish-${s}-0`, sku: s, poNumber: `PO-${s}-0`, unitPrice: 2, supplier }));
    return s;
  };
  const deskView = () => desk.query(deskStateQuery);
  return { stack, supplier, desk, sku, deskView };
}

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
  it('two SKUs of a supplier that gathers below their reorder points: one consolidated PO of two lines, approved by rule once, one order at the supplier, each run receives its goods and closes', async () => {
    const { stack, supplier, desk, sku, deskView } = await gatheringStack({ windowHours: 0.005 });
    const skus = [await sku(), await sku()];
    await Promise.all(skus.map((s) => story(stack, s).startAgent()));

    const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    const spo = `SPO-${supplier}-1`;
    for (const v of views) {
      const r = v.replenishment;
      expect(r.decision).toMatchObject({ kind: 'approved', by: 'policy:routine-order', rule: 'routine-order' });
      expect(r.decision.note).toMatch(new RegExp(`^ordered on ${spo}: ${spo} total 380\\.00 USD below 1000\\.00 USD`));
      // The supplier's acknowledgement of the line, under the line's own PO number.
      expect(r.order).toMatchObject({ poNumber: r.po.poNumber, supplier });
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
    await replays(await desk.fetchHistory(), desk.workflowId);
    await replays(await stack.client.workflow.getHandle(`replenish-${skus[0]}-1`).fetchHistory(), `replenish-${skus[0]}-1`);
    await desk.terminate('test over');
  });

  it('a SKU that would run out before the window closes closes it early, with the lines gathered so far, and the desk says why', async () => {
    const { stack, supplier, desk, sku, deskView } = await gatheringStack({ windowHours: 1 });
    const patient = await sku();
    await story(stack, patient).startAgent();
    await story(stack, patient).waitingIn('wait_for_supplier_order');
    expect((await deskView()).gathering?.lines.map((l) => l.poNumber)).toEqual([`PO-${patient}-1`]);

    // Sold 30 in the last ten days and none left: it must be ordered now, not in an hour.
    const urgent = await sku({ onHand: 0, safetyStock: 20, targetLevel: 100 });
    stack.sandbox.store.adjust(urgent, -30, 'sold', new Date(Date.now() - 10 * 86_400_000).toISOString());
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
});
