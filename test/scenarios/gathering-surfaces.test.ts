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

});
