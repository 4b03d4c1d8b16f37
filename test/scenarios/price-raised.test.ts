import { describe, expect, it } from 'vitest';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

/**
 * A supplier that asks more after the order was placed: the order stands as placed, the supplier
 * is asked to keep its price, and the manager decides on the new one with the supplier's sentence
 * in front of them. Nothing is cancelled or repriced until someone decides.
 */
describe('a price raised after the order', () => {
  const RAISE = 'Thank you for the order. Due to the steel surcharge our unit price for this order is now 5.60; delivery as planned.';

  /** Ordered, then raised: resolves when the manager is asked about the new price. */
  async function raisedAfterOrder(raise: (expectedDelivery: string) => string = () => RAISE) {
    // A week's wait for the supplier, slept through whole: the run's clock stays within the sandbox quotes' validity.
    const stack = await startStack({ temporal: 'time-skipping', rules: { supplierReplyDays: 7 } });
    const s = story(stack, stack.newSku());
    await s.startAgent();
    const request = await s.approvalRequest();
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.reply(request.poNumber, 'raise-1', raise((await s.view()).replenishment.order.expectedDelivery as string))).status).toBe(202);
    // The supplier is asked to keep the ordered price (a message to it), and stays silent.
    await eventually(() => s.orders(), (orders) => orders[0]?.chases === 1, 30_000, 'the supplier asked to keep its price');
    await s.waitingIn('wait_for_supplier_reply');
    await stack.env!.sleep('7 days');
    const asked = await s.approvalRequest();
    return { stack, s, request, asked };
  }

  it('reaches the manager with the new terms and the supplier\'s own words, and the order is accepted at it only on approval', async () => {
    const { stack, s, request, asked } = await raisedAfterOrder();
    expect(asked).toMatchObject({
      poNumber: request.poNumber, unitPrice: 5.6,
      priceChange: { orderedUnitPrice: request.unitPrice, supplierSays: expect.stringContaining('unit price for this order is now 5.60') },
    });
    await s.waitingIn('wait_for_approval');
    // Until someone decides, the order stands at the supplier as placed.
    expect((await s.orders()).map((o) => [o.poNumber, o.status, o.unitPrice])).toEqual([[request.poNumber, 'placed', request.unitPrice]]);
    expect((await s.view()).replenishment.po.unitPrice).toBe(request.unitPrice);

    const tooLow = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.error).toMatch(/now asks 5\.6 a unit .*approve at least 5\.6 to accept it, reject it to buy elsewhere/);

    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 5.6, by: 'dana' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(request.poNumber, 'r-1', request.quantity)).status).toBe(202);
    expect(await s.outcome()).toMatchObject({ outcome: 'received', poNumber: request.poNumber });
    const tools = (await s.log()).map((t) => t.tool);
    expect(tools).not.toContain('cancel_purchase_order');
    expect(tools).toContain('ask_supplier_to_honour_price');
    const { record } = (await eventually(() => stack.api('GET', `/purchase-orders/${request.poNumber}`), (r) => r.body.record !== undefined, 30_000, 'the record')).body;
    expect(record).toMatchObject({ outcome: 'received', unitPrice: 5.6 });
    expect((await s.orders())[0]!.status).not.toBe('cancelled');
    await s.keep('price-raised-accepted');
  });

  it('a raised price the manager accepts keeps the delivery date the supplier gave with it: the goods are not chased before it', async () => {
    // The date was dropped with a price change: once the manager accepted the new price, the agent
    // waited for the goods by the order's first date, chased the supplier past it and, after its
    // chases, cancelled the order there and bought elsewhere, though the supplier had said when.
    let promised = '';
    const { stack, s, request } = await raisedAfterOrder((expectedDelivery) => {
      promised = new Date(Date.parse(expectedDelivery) + 40 * 86_400_000).toISOString().slice(0, 10);
      return `Thank you for the order. Due to the steel surcharge our unit price for this order is now 5.60. Delivery on ${promised}.`;
    });
    await s.waitingIn('wait_for_approval');
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 5.6, by: 'dana' })).status).toBe(202);
    await s.waitingIn('wait_for_goods');
    const { replenishment } = await s.view();
    expect(replenishment.replies.at(-1)).toMatchObject({ kind: 'price_change', unitPrice: 5.6, deliveryDate: `${promised}T00:00:00.000Z` });
    expect(Date.parse(replenishment.waiting.until)).toBeGreaterThanOrEqual(Date.parse(`${promised}T00:00:00Z`));
    // Past the order's first date and its grace, the agent still waits for the promised goods: no
    // further reminder, and the order stands at the supplier.
    const chases = (await s.orders())[0]!.chases;
    await stack.env!.sleep('14 days');
    await s.waitingIn('wait_for_goods');
    expect((await s.orders())[0]).toMatchObject({ poNumber: request.poNumber, status: 'placed', chases });
    expect((await s.log()).map((t) => t.tool)).not.toContain('reorder_elsewhere');
  });

  it('a manager who rejects the new price has the order cancelled there and bought elsewhere, approved anew', async () => {
    const { s, request } = await raisedAfterOrder();
    await s.waitingIn('wait_for_approval');
    expect((await s.decide(request.poNumber, { decision: 'reject', reason: 'too dear', by: 'dana' })).status).toBe(202);

    const revision = await s.approvalRequest('-R1');
    expect(revision).toMatchObject({ poNumber: `${request.poNumber}-R1`, supplier: 'quickparts' });
    expect((await s.orders()).find((o) => o.poNumber === request.poNumber)).toMatchObject({ status: 'cancelled' });
    expect((await s.view()).replenishment.cancelledOrders).toMatchObject([{ poNumber: request.poNumber, why: 'repriced' }]);
    const late = await s.reply(request.poNumber, 'late-1', 'All right, we keep the old price.');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/it raised its price after the order/);
  });
});
