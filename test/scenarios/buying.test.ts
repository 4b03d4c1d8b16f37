import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('buying as a buyer would', () => {
  it('buys up to a price break when the whole order costs less, and orders it at the break price without re-quoting', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    // 90 needed: 90 at 5.10 is 459.00; 100 at the 4.50 break is 450.00.
    const sku = stack.newSku(undefined, [
      { supplier: 'acme-industrial', basePrice: 5.1, moq: 10, leadTimeDays: 5, orderMultiple: 10, priceBreaks: [{ minQuantity: 100, unitPrice: 4.5 }] },
      { supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 },
    ]);
    const s = story(stack, sku);

    await s.startAgent();
    const request = await s.approvalRequest();
    expect(request).toMatchObject({ supplier: 'acme-industrial', quantity: 100, unitPrice: 4.5, total: 450 });
    await s.waitingIn('wait_for_approval');
    const draft = (await s.log()).find((t) => t.tool === 'draft_purchase_order')!;
    expect(draft.reason).toContain('100 reaches the 4.5 price break, cheaper in total than 90 at 5.1 = 459.00');

    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 4.5 })).status).toBe(202);
    await s.phase('ordered');
    const [order] = await s.orders();
    expect(order).toMatchObject({ quantity: 100, unitPrice: 4.5, total: 450, placeCalls: 1 });
    expect((await s.log()).filter((t) => t.tool === 'get_quotes')).toHaveLength(1);
  });

  it('wakes at the reorder point demand sets, and buys from the supplier that delivers before the shelf is empty', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    // Above the typed safety stock of 20, but 40 went in the last 4 days: 10 a day, reorder point 10 × 7 + 20 = 90.
    const sku = stack.newSku({ onHand: 70, safetyStock: 20, targetLevel: 100 });
    stack.sandbox.store.adjust(sku, -40, 'picked', new Date(Date.now() - 4 * stack.rules.dayMs).toISOString());
    const s = story(stack, sku);

    await s.startAgent();
    const request = await s.approvalRequest();
    // Up to 90 + 10 × 30 = 390 from 30; acme is cheaper but takes 5 days, and the 30 on hand last 3.
    expect(request).toMatchObject({ supplier: 'quickparts', quantity: 360 });
    const draft = (await s.log()).find((t) => t.tool === 'draft_purchase_order')!;
    expect(draft.reason).toContain('the lowest total of the 1 that deliver before the projected stock-out in 3 days');
  });

  it('with a demand history, wakes at the reorder point its service level sets, above the one average demand sets', async () => {
    const stack = await startStack({ temporal: 'time-skipping', demandHistoryDays: 60 });
    // 30 days of 2 and 18 in turn: 10 a day on average, swinging by 8; 90 left after them.
    const sku = stack.newSku({ onHand: 390, safetyStock: 5, targetLevel: 100 });
    const { dayMs } = stack.rules;
    for (let d = 30; d >= 1; d--) stack.sandbox.store.adjust(sku, d % 2 ? -2 : -18, 'picked', new Date(Date.now() - (d - 0.5) * dayMs).toISOString());
    const view = (await stack.api('GET', `/skus/${sku}`)).body;
    expect(view.stock.onHand).toBe(90);
    expect(view.demand.source).toBe('policy');
    // The average alone would reorder at 10 × 7 + 5 = 75 and leave 90 alone; the spread makes 90 too few.
    expect(Math.ceil(view.stock.dailyDemand * 7) + 5).toBeLessThan(90);
    expect(view.demand.reorderPoint).toBeGreaterThan(90);

    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    expect(request.quantity).toBeGreaterThanOrEqual(view.demand.targetLevel - 90);
  });
});
