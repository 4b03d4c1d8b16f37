import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('an outcome nobody sees', () => {
  it('the supplier takes the order and every answer is lost: the agent looks it up and goes on, one order', async () => {
    const stack = await startStack({ temporal: 'time-skipping', rules: { toolAttempts: 3, toolRetryInitialMs: 100 } });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await stack.sandbox.http('PUT', '/faults', { endpoint: 'placeOrder', dropNext: 3 });
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });

    await s.phase('ordered');
    const log = await s.log();
    const tools = log.map((t) => t.tool);
    expect(tools.slice(tools.indexOf('place_order'), tools.indexOf('place_order') + 2)).toEqual(['place_order', 'find_order']);
    expect(log.find((t) => t.tool === 'place_order')!.summary).toMatch(/no answer after every retry/);
    expect(await s.orders()).toHaveLength(1);

    await s.reply(request.poNumber, 'c-1', 'Confirmed.', { kind: 'confirmed' });
    await s.phase('awaiting goods');
    await s.receive(request.poNumber, 'r-1', request.quantity);
    expect((await s.outcome()).outcome).toBe('received');
    const [order] = await s.orders();
    expect(order.placeCalls).toBe(3);
  });
});

describe('the world moves on while the manager decides', () => {
  it('a price that rose during the approval wait is never ordered at; a second approval at the new price completes the run', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const first = await s.approvalRequest();
    expect(first.unitPrice).toBe(5.1);
    await stack.sandbox.http('PUT', '/suppliers/acme-industrial', { priceFactor: 1.2 });
    await s.decide(first.poNumber, { decision: 'approve', maxUnitPrice: first.unitPrice, by: 'dana' });

    const second = await s.approvalRequest('-R1');
    expect(second.unitPrice).toBeCloseTo(6.12, 2);
    expect(second.poNumber).toBe(`${first.poNumber}-R1`);
    expect(await s.orders()).toHaveLength(0);

    await s.decide(second.poNumber, { decision: 'approve', maxUnitPrice: second.unitPrice, by: 'dana' });
    await s.phase('ordered');
    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0].unitPrice).toBeLessThanOrEqual(second.unitPrice);
    expect(orders[0].poNumber).toBe(second.poNumber);
    await s.keep('price-rose');
  });

  it('stock that recovered during the approval wait cancels the PO instead, nothing ordered', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await stack.sandbox.http('POST', `/inventory/${sku}/adjust`, { delta: 60, reason: 'customer return' });
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });

    const result = await s.outcome();
    expect(result.outcome).toBe('cancelled');
    expect(result.reason).toMatch(/stock recovered to 70/);
    expect(await s.orders()).toHaveLength(0);
  });
});
