import { describe, expect, it } from 'vitest';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('the supplier', () => {
  it('a supplier silent for seven days is chased, answers a day later, and the order completes', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    await s.phase('ordered');

    await stack.env!.sleep('7 days');
    const [chased] = await eventually(() => s.orders(), (orders) => orders[0]?.chases === 1, 10_000, 'the supplier to be chased');
    expect(chased.chases).toBe(1);

    await stack.env!.sleep('1 day');
    expect((await s.reply(request.poNumber, 'late-1', 'Sorry for the silence. We confirm the order, delivery 2026-12-20.')).status).toBe(202);
    await s.phase('awaiting goods');
    await s.receive(request.poNumber, 'r-1', request.quantity);
    const result = await s.outcome();
    expect(result.outcome).toBe('received');
    const log = await s.log();
    const waits = log.filter((t) => t.tool === 'wait_for_supplier_reply').map((t) => t.result);
    expect(waits).toEqual(['timeout', 'message']);
    expect(log.map((t) => t.tool)).toContain('chase_supplier');
    await s.keep('supplier-silent');
  });

  it("a supplier API that is down when the order is placed gets the same PO number on retry, and one order", async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    // First call: the supplier is down. Second: it takes the order and the answer is lost.
    await stack.sandbox.http('PUT', '/faults', { endpoint: 'placeOrder', failNext: 1, dropNext: 1 });
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });

    await s.phase('ordered');
    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0].poNumber).toBe(request.poNumber);
    expect(orders[0].placeCalls).toBe(2);
    const log = await s.log();
    expect(log.filter((t) => t.tool === 'place_order')).toHaveLength(1);
    await s.keep('supplier-down');
  });
});
