import { describe, expect, it } from 'vitest';
import type { OrderCosts } from '../../src/domain/types.js';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

/** One supplier at 5.00 in packs of 10 with these costs per order, its SKU's agent parked at the approval it drafts. */
async function atApprovalWithCosts(orderCosts: OrderCosts) {
  const stack = await startStack({ temporal: 'time-skipping' });
  const sku = stack.newSku(undefined, [{ supplier: 'acme-industrial', basePrice: 5, moq: 10, leadTimeDays: 5, orderMultiple: 10 }]);
  stack.sandbox.store.setSupplier('acme-industrial', { orderCosts });
  const s = story(stack, sku);
  await s.startAgent();
  return { stack, sku, s, request: await s.approvalRequest() };
}

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

  it('weighs the supplier\'s freight with the goods: buys up to free freight, shows the freight to the manager, orders and records it in the total', async () => {
    // 90 needed: 90 at 5.00 is 450.00 plus 60.00 freight; 100 at 5.00 ships free from 500.00.
    const { s, request } = await atApprovalWithCosts({ freight: 60, freeFreightFrom: 500 });
    expect(request).toMatchObject({ supplier: 'acme-industrial', quantity: 100, unitPrice: 5, total: 500 });
    expect(request.freight).toBeUndefined();
    const draft = (await s.log()).find((t) => t.tool === 'draft_purchase_order')!;
    expect(draft.reason).toContain('100 ships free (from 500.00), cheaper in total than 90 at 5 + freight 60.00 = 510.00');
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 5 })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.orders())[0]).toMatchObject({ quantity: 100, total: 500 });
  });

  it('a PO that pays freight asks the manager for the total with it, and the supplier\'s order and the record carry it', async () => {
    const { stack, sku, s, request } = await atApprovalWithCosts({ freight: 40, freeFreightFrom: 5000 });
    expect(request).toMatchObject({ quantity: 90, unitPrice: 5, total: 490, freight: 40 });
    const asked = stack.sandbox.store.notifications().find((n) => n.subject.startsWith(`Approve ${request.poNumber}`))!;
    expect(asked.body).toContain('Total 490.00 USD, of which freight 40.00 USD.');
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 5 })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.orders())[0]).toMatchObject({ quantity: 90, unitPrice: 5, total: 490 });
    expect((await s.reply(request.poNumber, 'm-1', 'Confirmed.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(request.poNumber, 'r-1', 90)).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('received');
    const record = (await stack.authed('GET', `/purchase-orders?sku=${sku}`)).body.items[0];
    expect(record).toMatchObject({ poNumber: request.poNumber, quantityOrdered: 90, unitPrice: 5, orderTotal: 490 });
  });

  it('wakes at the reorder point demand sets, and buys from the cheaper supplier when the units it may leave short cost less than the faster one\'s premium', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    // Above the typed safety stock of 20, but 40 went in the last 4 days: 10 a day, reorder point 10 × 7 + 20 = 90.
    const sku = stack.newSku({ onHand: 70, safetyStock: 20, targetLevel: 100 });
    stack.sandbox.store.adjust(sku, -40, 'picked', new Date(Date.now() - 4 * stack.rules.dayMs).toISOString());
    const s = story(stack, sku);

    await s.startAgent();
    const request = await s.approvalRequest();
    // Up to 90 + 10 × 30 = 390 from 30. Acme takes 5 days and the 30 on hand last 3: 20 short, worth 128 at
    // quickparts' 6.40; quickparts' next-day delivery costs 468 more for 360 units.
    expect(request).toMatchObject({ supplier: 'acme-industrial', quantity: 360 });
    const draft = (await s.log()).find((t) => t.tool === 'draft_purchase_order')!;
    expect(draft.reason).toMatch(/acme-industrial costs \d+\.\d\d less than quickparts \(quickparts 360 at 6\.4 = 2304\.00 in 1 day, no shortage expected\), at a risk of 20 units short/);
    // The manager's approval request says the same: the supplier, the runner-up, the saving and the risk.
    const asked = stack.sandbox.store.notifications().find((n) => n.subject.startsWith(`Approve ${request.poNumber}`))!;
    expect(asked.body).toMatch(/Why acme-industrial: .*acme-industrial costs \d+\.\d\d less than quickparts .*at a risk of 20 units short/);
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
