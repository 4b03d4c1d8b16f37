import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import { joinSignal } from '../../src/workflows/messages.js';
import { keepHistories } from '../support/histories.js';
import { eventually, signalsHandled, type Stack } from '../support/stack.js';
import { gatheringStack } from './gathering-story.js';
import { story } from './story.js';

type History = Awaited<ReturnType<ReturnType<Stack['client']['workflow']['getHandle']>['fetchHistory']>>;
const replays = (history: History, id: string) => Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, id);

interface InboxItem { poNumber: string; workflowId: string; lines?: { poNumber: string }[] }
const inboxOf = async (stack: Stack) => ((await stack.api('GET', '/approvals')).body as { items: InboxItem[] }).items;

/**
 * Two consolidated POs waiting for the manager at once: a and b gather into the first; c joins while
 * the first waits, its window closes on time, and the manager is asked about it too.
 */
async function twoWaiting(g: Pick<Awaited<ReturnType<typeof gatheringStack>>, 'stack' | 'supplier' | 'sku' | 'asked'>) {
  const [first, second] = [`SPO-${g.supplier}-1`, `SPO-${g.supplier}-2`];
  const [a, b, c] = [await g.sku(), await g.sku(), await g.sku()];
  await Promise.all([a, b].map((s) => story(g.stack, s).startAgent()));
  await g.asked(first);
  await story(g.stack, c).startAgent();
  await g.asked(second);
  return { first, second, a, b, c };
}

describe('a supplier\'s desk with several consolidated POs in flight', () => {
  it('a SKU that cannot wait joins while a consolidated PO waits for the manager: it closes a window of its own, is approved by rule and ordered at once, and the first still waits for the manager', async () => {
    const { stack, supplier, desk, urgentSku, deskView, asked } = await gatheringStack({ windowHours: 1 });
    const [first, second] = [`SPO-${supplier}-1`, `SPO-${supplier}-2`];
    // Quoted at 3.00 where 2.00 was paid: not routine, the manager is asked. It cannot wait either, so its window closes at once.
    const dear = await urgentSku(3);
    await story(stack, dear).startAgent();
    expect((await asked(first))[0]!.body).toMatch(/Not approved by rule: line PO-.*-1 \(.*\): unit price 3\.00 USD is more than 5% above the last price paid/);
    await eventually(deskView, (v) => v.inFlight[first]?.waitUntil !== undefined, 30_000, `${first} to wait for the manager`);

    const urgent = await urgentSku();
    await story(stack, urgent).startAgent();
    const ordered = await story(stack, urgent).phase('ordered');
    expect(ordered.replenishment.decision).toMatchObject({ kind: 'approved', by: 'policy:routine-order' });
    expect(ordered.replenishment.decision.note).toMatch(new RegExp(`^ordered on ${second}: `));
    expect(stack.sandbox.store.ordersOfGroup(second).map((o) => o.poNumber)).toEqual([`PO-${urgent}-1`]);

    const view = await deskView();
    expect(view.orders).toEqual([expect.objectContaining({ spoNumber: second, early: true, lines: [`PO-${urgent}-1`], result: 'ordered on policy:routine-order\'s approval' })]);
    expect(view.orders[0]!.closedBecause).toMatch(new RegExp(`^PO-${urgent}-1 \\(${urgent}\\) must be ordered by .*, before the window closes at `));
    // The first was not decided meanwhile, nor ordered, nor asked about again.
    expect(view.inFlight[first]).toMatchObject({ asked: 1, decision: null });
    expect(Object.keys(view.inFlight)).toEqual([first]);
    expect(stack.sandbox.store.ordersOfGroup(first)).toEqual([]);
    expect((await story(stack, dear).view()).replenishment.waiting?.tool).toBe('wait_for_supplier_order');

    expect((await story(stack, dear).decide(first, { decision: 'approve', maxUnitPrice: 3 })).status).toBe(202);
    expect((await story(stack, dear).phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', note: `ordered on ${first}` });
    expect(await asked(first)).toHaveLength(1);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
  });

  it('two consolidated POs wait for the manager at once, each in the approvals inbox with its own lines; a decision on one goes to that one alone', async () => {
    const g = await gatheringStack({ windowHours: 0.005 }, { byRule: false });
    const { stack, desk, deskView } = g;
    const { first, second, a, b, c } = await twoWaiting(g);
    const both = await eventually(() => inboxOf(stack), (items) => [first, second].every((spo) => items.some((i) => i.poNumber === spo)), 30_000, 'both SPOs in the inbox');
    const linesOf = (spo: string) => both.find((i) => i.poNumber === spo)!.lines!.map((l) => l.poNumber).sort();
    expect(linesOf(first)).toEqual([`PO-${a}-1`, `PO-${b}-1`].sort());
    expect(linesOf(second)).toEqual([`PO-${c}-1`]);
    expect(both.filter((i) => i.poNumber === first || i.poNumber === second).map((i) => i.workflowId)).toEqual([desk.workflowId, desk.workflowId]);

    expect(await story(stack, c).decide(second, { decision: 'approve', maxUnitPrice: 2 })).toMatchObject({ status: 202, body: { poNumber: second, status: 'delivered' } });
    expect((await story(stack, c).phase('ordered')).replenishment.decision).toMatchObject({ by: 'dana', note: `ordered on ${second}` });
    await eventually(() => inboxOf(stack), (items) => !items.some((i) => i.poNumber === second), 30_000, `${second} to leave the inbox`);
    expect((await inboxOf(stack)).some((i) => i.poNumber === first)).toBe(true);
    expect((await deskView()).inFlight[first]).toMatchObject({ asked: 1, decision: null });
    expect(stack.sandbox.store.ordersOfGroup(first)).toEqual([]);
    for (const s of [a, b]) expect((await story(stack, s).view()).replenishment.waiting?.tool).toBe('wait_for_supplier_order');

    expect((await story(stack, a).decide(first, { decision: 'reject', reason: 'too early in the month' })).status).toBe(202);
    for (const s of [a, b]) expect(await story(stack, s).outcome()).toMatchObject({ outcome: 'rejected', reason: `rejected by dana: too early in the month (on ${first})` });
    expect(stack.sandbox.store.ordersOfGroup(first)).toEqual([]);
    expect(stack.sandbox.store.ordersOfGroup(second).map((o) => o.placeCalls)).toEqual([1]);
    expect((await story(stack, c).decide(second, { decision: 'reject', reason: 'late' })).body.error).toBe(`${second} has already been approved and ordered`);
    await replays(await desk.fetchHistory(), desk.workflowId);
    // A replay fixture of a desk with two consolidated POs waiting for the manager at once (RECORD_HISTORIES=1).
    await keepHistories(stack.client, 'gathering-in-flight', [desk.workflowId]);
    await desk.terminate('test over');
  });

  it('the desk continues as new with two consolidated POs waiting for the manager: both are carried, neither is asked about again, each is decided and ordered once on the next run; a line that joins again is told its news again', async () => {
    const { stack, supplier, desk, sku, deskView, asked } = await gatheringStack({ windowHours: 0.005 }, { byRule: false });
    // The desk continues as new once it has drafted two consolidated POs (in production: when its history grows long).
    const started = await stack.client.workflow.start('SupplierDesk', {
      workflowId: desk.workflowId, taskQueue: stack.taskQueue, args: [{ supplier, rules: stack.rules, continueAfterOrders: 2 }],
    });
    const { first, second, a, b, c } = await twoWaiting({ stack, supplier, sku, asked });

    await eventually(() => desk.describe(), (x) => x.runId !== started.firstExecutionRunId, 60_000, 'the desk to continue as new');
    const carried = await deskView();
    expect(Object.keys(carried.inFlight)).toEqual([first, second]);
    for (const spo of [first, second]) expect(carried.inFlight[spo]).toMatchObject({ asked: 1, decision: null, waitUntil: expect.any(String) });

    expect((await story(stack, c).decide(second, { decision: 'approve', maxUnitPrice: 2 })).status).toBe(202);
    expect((await story(stack, c).phase('ordered')).replenishment.decision).toMatchObject({ by: 'dana', note: `ordered on ${second}` });
    expect((await story(stack, a).decide(first, { decision: 'approve', maxUnitPrice: 2 })).status).toBe(202);
    await Promise.all([a, b].map((s) => story(stack, s).phase('ordered')));
    for (const spo of [first, second]) expect(await asked(spo)).toHaveLength(1);
    expect(stack.sandbox.store.ordersOfGroup(first).map((o) => o.placeCalls)).toEqual([1, 1]);
    expect(stack.sandbox.store.ordersOfGroup(second).map((o) => o.placeCalls)).toEqual([1]);
    expect((await deskView()).orders.map((o) => o.spoNumber)).toEqual([second, first]);

    // a's line joins again (a join retried late): it is not gathered again; its run is told the same news
    // again, under the same id, which it answers as a duplicate and which changes nothing.
    const run = stack.client.workflow.getHandle(`replenish-${a}-1`);
    const signalsTo = async () => ((await run.fetchHistory()).events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes).length;
    const before = await signalsTo();
    const po = (await story(stack, a).view()).replenishment.po;
    await desk.signal(joinSignal, { poNumber: po.poNumber, sku: a, supplier, quoteId: po.quoteId, quantity: po.quantity, unitPrice: po.unitPrice, orderBy: null, joinedAt: new Date().toISOString() }, stack.rules);
    await eventually(signalsTo, (n) => n > before, 30_000, 'the desk to tell a\'s run again');
    await signalsHandled(run);
    expect((await story(stack, a).view()).replenishment.order.poNumber).toBe(po.poNumber);
    expect((await deskView()).gathering).toBeNull();
    expect(stack.sandbox.store.ordersOfGroup(first).map((o) => o.placeCalls)).toEqual([1, 1]);

    await replays(await stack.client.workflow.getHandle(desk.workflowId, started.firstExecutionRunId).fetchHistory(), `${desk.workflowId} before continue-as-new`);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
  });

  it('a desk whose request to the manager fails more often than a run would try keeps trying, and asks once the notifications come back', async () => {
    // A run gives up a tool after two attempts here; the desk holds lines of several runs and must not.
    const g = await gatheringStack({ windowHours: 0.005 }, { byRule: false, rules: { toolAttempts: 2, toolRetryInitialMs: 50 } });
    await g.stack.sandbox.http('PUT', '/faults', { endpoint: 'notify', failNext: 3 });
    const spo = `SPO-${g.supplier}-1`;
    await Promise.all([await g.sku(), await g.sku()].map((s) => story(g.stack, s).startAgent()));
    expect(await g.asked(spo)).toHaveLength(1);
    const history = await g.desk.fetchHistory();
    const attempts = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'askManagerAboutSupplierOrder')
      .map((e) => (history.events ?? []).find((x) => x.activityTaskStartedEventAttributes?.scheduledEventId?.toString() === e.eventId?.toString())?.activityTaskStartedEventAttributes?.attempt);
    expect(attempts).toEqual([4]);
    expect((await g.desk.describe()).status.name).toBe('RUNNING');
    await g.desk.terminate('test over');
  });
});
