import { describe, expect, it } from 'vitest';
import { eventually } from '../support/stack.js';
import { askedAboutTwoLines } from './gathering-story.js';
import { story } from './story.js';

interface InboxItem {
  poNumber: string; sku: string; workflowId: string; supplier: string; quantity: number; unitPrice: number; total: number;
  kind?: string; goods?: number; freight?: number; closedBecause?: string; requestedAt: string | null; alternatives: unknown[];
  lines?: { poNumber: string; sku: string; quantity: number; unitPrice: number; lineTotal: number }[];
}

describe('a consolidated PO where the manager decides', () => {
  it('waits in the approvals inbox as one PO with its lines, and leaves it once decided', async () => {
    const { stack, skus, spo, desk, supplier, decide } = await askedAboutTwoLines();
    const inbox = async () => ((await stack.api('GET', '/approvals')).body as { items: InboxItem[] }).items;
    const listed = await eventually(inbox, (items) => items.some((i) => i.poNumber === spo), 30_000, `${spo} in the inbox`);
    const item = listed.find((i) => i.poNumber === spo)!;
    expect(item).toMatchObject({
      kind: 'consolidated', workflowId: desk.workflowId, supplier,
      quantity: 180, unitPrice: 2, goods: 360, freight: 20, total: 380, alternatives: [],
      closedBecause: expect.stringMatching(/^the window opened at .* closed at /),
    });
    expect(item.requestedAt).toEqual(expect.any(String));
    expect(item.lines).toEqual(expect.arrayContaining(skus.map((s) => ({ poNumber: `PO-${s}-1`, sku: s, quantity: 90, unitPrice: 2, lineTotal: 180 }))));
    expect(item.lines).toHaveLength(2);
    // Filed under its lines' SKUs, in the order they joined.
    expect(item.sku).toBe(item.lines!.map((l) => l.sku).join(', '));
    // The lines are not asked about on their own: one PO, one decision.
    expect(listed.filter((i) => skus.some((s) => i.poNumber === `PO-${s}-1`))).toEqual([]);

    expect((await decide({ decision: 'approve', maxUnitPrice: 2 })).status).toBe(202);
    await eventually(inbox, (items) => !items.some((i) => i.poNumber === spo), 30_000, `${spo} to leave the inbox`);
    await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    await desk.terminate('test over');
  });

  it('bulk decisions decide it per PO number, beside a run\'s own PO: a ceiling below a line\'s price is that item\'s 409, an approval takes it, the same list again under its key is a 200 duplicate, a second decision is a 409', async () => {
    const { stack, skus, spo, desk, supplier } = await askedAboutTwoLines();
    const alone = stack.newSku();
    const own = (await story(stack, alone).parkAtApproval())!;
    const bulk = async (decisions: unknown[], headers: Record<string, string> = {}) => {
      const res = await stack.authed('POST', '/approvals/decisions', { decisions }, { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(207);
      return (res.body as { results: { poNumber: string; status: number; result?: string; error?: string; workflowId?: string; by?: string }[] }).results;
    };

    const low = await bulk([{ poNumber: spo, decision: 'approve', maxUnitPrice: 1.5 }, { poNumber: `SPO-${supplier}-9`, decision: 'approve', maxUnitPrice: 2 }]);
    expect(low.map((r) => [r.poNumber, r.status])).toEqual([[spo, 409], [`SPO-${supplier}-9`, 409]]);
    expect(low[0]!.error).toMatch(new RegExp(`^an approval up to 1.5 is below the unit price 2 of line PO-.*-1 .* on ${spo}`));
    expect(low[1]!.error).toBe(`SPO-${supplier}-9 is not waiting for a decision`);

    const list = [
      { poNumber: spo, decision: 'approve', maxUnitPrice: 2, note: 'one delivery' },
      { poNumber: own.poNumber, decision: 'approve', maxUnitPrice: own.unitPrice },
      { poNumber: 'SPO-nobody-here-1', decision: 'reject', reason: 'no such desk' },
    ];
    const key = { 'idempotency-key': 'dana-morning-list' };
    const taken = await bulk(list, key);
    expect(taken.map((r) => [r.poNumber, r.status])).toEqual([[spo, 202], [own.poNumber, 202], ['SPO-nobody-here-1', 404]]);
    expect(taken[0]).toMatchObject({ result: 'delivered', workflowId: desk.workflowId, by: 'dana' });
    // The same list sent again under its key repeats each decision: 200 duplicate, the consolidated PO's as the run's PO's.
    const repeated = await bulk(list, key);
    expect(repeated.map((r) => [r.poNumber, r.status, r.result])).toEqual([[spo, 200, 'duplicate'], [own.poNumber, 200, 'duplicate'], ['SPO-nobody-here-1', 404, undefined]]);

    const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    for (const v of views) expect(v.replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', note: `ordered on ${spo}: one delivery` });
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
    const again = await bulk([{ poNumber: spo, decision: 'reject', reason: 'changed my mind' }]);
    expect(again[0]!.status).toBe(409);
    expect(again[0]!.error).toMatch(new RegExp(`^${spo} has already been (decided \\(approved by dana\\)|approved and ordered)$`));
    await desk.terminate('test over');
  });

  it('a line whose run is cancelled while the manager is asked stays on the row as asked, and the approval of the whole orders the other line alone', async () => {
    const { stack, skus, spo, desk } = await askedAboutTwoLines();
    const [gone, kept] = skus as [string, string];
    const inbox = async () => ((await stack.api('GET', '/approvals')).body as { items: InboxItem[] }).items;
    await eventually(inbox, (items) => items.some((i) => i.poNumber === spo), 30_000, `${spo} in the inbox`);
    expect((await stack.authed('POST', `/purchase-orders/PO-${gone}-1/cancel`, { reason: 'no longer stocked' })).status).toBe(202);
    expect(await story(stack, gone).outcome()).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: no longer stocked' });
    // What the manager was asked about, which is what a decision is judged against.
    expect((await inbox()).find((i) => i.poNumber === spo)).toMatchObject({ total: 380, unitPrice: 2, lines: expect.arrayContaining([expect.objectContaining({ sku: gone })]) });

    const taken = await stack.authed('POST', '/approvals/decisions', { decisions: [{ poNumber: spo, decision: 'approve', maxUnitPrice: 2 }] });
    expect(taken.body.results[0]).toMatchObject({ poNumber: spo, status: 202 });
    await story(stack, kept).phase('ordered');
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.poNumber)).toEqual([`PO-${kept}-1`]);
    await eventually(inbox, (items) => !items.some((i) => i.poNumber === spo), 30_000, `${spo} to leave the inbox`);
    await desk.terminate('test over');
  });
});

