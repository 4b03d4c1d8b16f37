import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('a replenishment from low stock to goods on the shelf', () => {
  it('orders once, after the manager approves, and books the goods back above safety stock', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);

    await s.startAgent();
    const request = await s.approvalRequest();
    expect(request.quantity).toBe(90);
    expect(await s.orders()).toHaveLength(0);

    const approved = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(202);
    await s.phase('ordered');
    expect(await s.orders()).toHaveLength(1);

    expect((await s.reply(request.poNumber, 'm-1', 'We confirm your order, delivery on schedule.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(request.poNumber, 'r-1', request.quantity)).status).toBe(202);

    const result = await s.outcome();
    expect(result.outcome).toBe('received');
    const [order] = await s.orders();
    expect(order.placeCalls).toBe(1);
    const stock = await stack.world.stock(sku);
    expect(stock.onHand).toBe(10 + request.quantity);
    expect(stock.onHand).toBeGreaterThan(stock.safetyStock);
    const tools = (await s.log()).map((t) => t.tool);
    expect(tools).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order',
      'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
    await s.keep('happy-path');
  });

  it('a run that spent its turns getting the order out still follows the order to its goods', async () => {
    // Six turns get the order out (quotes, draft, ask, wait, check, order): the budget is spent on it.
    const stack = await startStack({ temporal: 'time-skipping', rules: { maxTurns: 6 } });
    const s = story(stack, stack.newSku());
    const result = await s.runToReceived();
    expect(result.outcome).toBe('received');
    const placed = (await s.log()).find((t) => t.tool === 'place_order' && t.result === 'ok')!;
    expect(placed).toBeDefined();
    expect((await s.log()).length).toBeGreaterThan(6);
  });
});
