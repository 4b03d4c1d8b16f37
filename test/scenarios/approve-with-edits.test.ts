import { describe, expect, it } from 'vitest';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

// The default SKU needs 90: acme-industrial is drafted, 90 × 5.10 = 459.00; quickparts sells at 6.40 from 5 units.
type Request = Awaited<ReturnType<ReturnType<typeof story>['approvalRequest']>> & { alternatives: { quoteId: string; supplier: string }[] };

describe('a manager approves with edits', () => {
  it('a smaller quantity within the supplier\'s minimum is ordered at that quantity, as a revision the record shows edited', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval();
    expect(request).toMatchObject({ supplier: 'acme-industrial', quantity: 90, unitPrice: 5.1 });

    const res = await s.decide(request.poNumber, { decision: 'approve', quantity: 50, note: 'half now, half next month' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const ordered = await s.phase('ordered');
    const revision = `${request.poNumber}-R1`;
    expect(ordered.replenishment.po).toMatchObject({ poNumber: revision, supplier: 'acme-industrial', quantity: 50, unitPrice: 5.1, total: 255 });
    expect(await s.orders()).toEqual([expect.objectContaining({ poNumber: revision, supplier: 'acme-industrial', quantity: 50, unitPrice: 5.1, placeCalls: 1 })]);
    const tools = (await s.log()).map((t) => t.tool);
    expect(tools.slice(tools.indexOf('wait_for_approval'))).toEqual(expect.arrayContaining(['check_before_order', 'place_order']));

    const listed = await stack.api('GET', `/purchase-orders?sku=${ordered.sku ?? ordered.replenishment.po.sku}`);
    expect(listed.body.items[0].approvals).toEqual([expect.objectContaining({
      decision: 'approved', by: 'dana', channel: 'api', maxUnitPrice: 5.1, note: 'half now, half next month',
      edit: {
        drafted: { poNumber: request.poNumber, supplier: 'acme-industrial', quoteId: expect.any(String), quantity: 90, unitPrice: 5.1, total: 459 },
        approved: { poNumber: revision, supplier: 'acme-industrial', quoteId: expect.any(String), quantity: 50, unitPrice: 5.1, total: 255 },
      },
    })]);
  });

  it('another quote the inbox lists is ordered from that supplier', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval() as Request;
    const quickparts = request.alternatives.find((q) => q.supplier === 'quickparts')!;
    expect(quickparts.quoteId).toEqual(expect.any(String));

    const res = await s.decide(request.poNumber, { decision: 'approve', quoteId: quickparts.quoteId });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await s.phase('ordered');
    expect(await s.orders()).toEqual([expect.objectContaining({ poNumber: `${request.poNumber}-R1`, supplier: 'quickparts', quantity: 90, unitPrice: 6.4 })]);
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', supplier: 'quickparts', maxUnitPrice: 6.4 });
  });

  it('an edit below the minimum or off the pack size is a 409 saying why, the PO still waits unchanged, and a plain approval then orders it', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const s = story(stack, stack.newSku(undefined, [
      { supplier: 'acme-industrial', basePrice: 5.1, moq: 20, orderMultiple: 10, leadTimeDays: 5 },
      { supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 },
    ]));
    const request = await s.parkAtApproval();
    const before = (await s.view()).replenishment;

    const belowMinimum = await s.decide(request.poNumber, { decision: 'approve', quantity: 10 });
    expect(belowMinimum.status).toBe(409);
    expect(belowMinimum.body.error).toBe(`the edit of ${request.poNumber} cannot be ordered: 10 is below acme-industrial's minimum order of 20`);
    const offPack = await s.decide(request.poNumber, { decision: 'approve', quantity: 55, maxUnitPrice: 5.1 });
    expect(offPack.status).toBe(409);
    expect(offPack.body.error).toBe(`the edit of ${request.poNumber} cannot be ordered: acme-industrial sells in packs of 10: 55 is not a whole number of packs (50 or 60 would be)`);

    // Each 409 is the run's own verdict: it has judged them, and nothing it holds moved.
    const after = (await s.view()).replenishment;
    expect(after).toMatchObject({ phase: 'awaiting approval', po: before.po, decision: null, waiting: { tool: 'wait_for_approval' } });
    expect(after.notes).toEqual(expect.arrayContaining([expect.stringMatching(/refused: .*below acme-industrial's minimum/), expect.stringMatching(/refused: .*packs of 10/)]));
    expect(await s.approvalRequest()).toMatchObject({ poNumber: request.poNumber, quantity: request.quantity });
    expect(await s.orders()).toHaveLength(0);

    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    expect(await s.orders()).toEqual([expect.objectContaining({ poNumber: request.poNumber, quantity: request.quantity })]);
  });

  it('an edited total above the manager\'s approval limit is the limit\'s 403; an edit within it is theirs to approve', async () => {
    const stack = await startStack({ temporal: 'dev', security: { managerLimits: { dana: 300 } } });
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval() as Request;
    const quickparts = request.alternatives.find((q) => q.supplier === 'quickparts')!;

    const dearer = await s.decide(request.poNumber, { decision: 'approve', quoteId: quickparts.quoteId, quantity: 50 });
    expect(dearer.status).toBe(403);
    expect(dearer.body.error).toBe(`dana may approve purchase orders up to 300.00; ${request.poNumber} edited to 50 from quickparts at 6.4 (320.00) totals 320.00: a manager with a higher approval limit must approve it`);
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 5.1 })).status).toBe(403);

    expect((await s.decide(request.poNumber, { decision: 'approve', quantity: 50 })).status).toBe(202);
    await s.phase('ordered');
    expect(await s.orders()).toEqual([expect.objectContaining({ supplier: 'acme-industrial', quantity: 50, total: 255 })]);
  });

  it('a quote the agent does not hold is refused, naming those it does; a malformed edit is a 400', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval() as Request;

    const unknown = await s.decide(request.poNumber, { decision: 'approve', quoteId: 'no-such-quote' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toMatch(new RegExp(`^the edit of ${request.poNumber} cannot be ordered: ${request.poNumber} has no quote no-such-quote; the quotes it holds: .*\\(acme-industrial\\).*\\(quickparts\\)`));
    for (const body of [{ decision: 'approve', quantity: 0 }, { decision: 'approve', quantity: 12.5 }, { decision: 'approve' }, { decision: 'reject', reason: 'no', quantity: 5 }]) {
      const bad = await s.decide(request.poNumber, body);
      expect([bad.status, typeof bad.body.error], JSON.stringify(body)).toEqual([400, 'string']);
    }
    const still = await eventually(() => s.view(), (v) => v.replenishment?.waiting?.tool === 'wait_for_approval');
    expect(still.replenishment).toMatchObject({ phase: 'awaiting approval', decision: null });
  });
});
