import { describe, expect, it } from 'vitest';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('the supplier', () => {
  it("a reply's receivedAt gives a date written without a year its year; a malformed one is a 400 and nothing is delivered", async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    await s.phase('ordered');
    const send = (body: Record<string, unknown>) => stack.authed('POST', `/purchase-orders/${request.poNumber}/supplier-replies`, body, { supplier: 'acme-industrial' });

    const bad = await send({ messageId: 'dated-0', text: 'We confirm the order, delivery on 2 March.', receivedAt: 'last Tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/receivedAt/);

    // A mail that arrived on 27 February 2026 means the 2nd of March 2026, however late it reaches the service.
    // (A date after its arrival here cannot be when it came: then the arrival gives the year, test/tools/supplier.test.ts.)
    expect((await send({ messageId: 'dated-1', text: 'We confirm the order, delivery on 2 March.', receivedAt: '2026-02-27T09:30:00+01:00' })).status).toBe(202);
    const read = await eventually(() => stack.client.workflow.getHandle(`replenish-${sku}-1`).query('state') as Promise<{ state: { replies: { messageId: string; deliveryDate?: string }[] } }>,
      (v) => v.state.replies.length > 0, 30_000, 'the reply to be read');
    expect(read.state.replies.map((r) => [r.messageId, r.deliveryDate])).toEqual([['reply:acme-industrial:dated-1', '2026-03-02T00:00:00.000Z']]);
  });

  it('a supplier silent for seven days is chased, answers a day later, and the order completes', async () => {
    const stack = await startStack({ temporal: 'time-skipping', rules: { supplierReplyDays: 7 } });
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

  it('a supplier silent through every chase has its order cancelled there, and the next supplier, approved anew, delivers', async () => {
    // Real time on the dev server, with a supplier wait of about 1.7 s: the sandbox's quotes stay valid on the run's clock.
    const stack = await startStack({ temporal: 'dev', rules: { supplierReplyDays: 0.00002 } });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const first = await s.parkAtApproval();
    await s.decide(first.poNumber, { decision: 'approve', maxUnitPrice: first.unitPrice });

    const second = await s.approvalRequest('-R1');
    expect(second).toMatchObject({ poNumber: `${first.poNumber}-R1`, supplier: 'quickparts' });
    expect((await s.orders()).map((o) => [o.poNumber, o.status, o.chases])).toEqual([[first.poNumber, 'cancelled', 2]]);
    expect((await s.view()).replenishment.cancelledOrders).toMatchObject([{ poNumber: first.poNumber, supplier: 'acme-industrial', why: 'silent' }]);
    // The supplier wakes up too late: its PO is cancelled.
    const late = await s.reply(first.poNumber, 'late-1', 'Sorry for the silence, we confirm the order.');
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect(late.body.error).toMatch(/was cancelled at acme-industrial \(it did not answer\)/);

    await s.waitingIn('wait_for_approval');
    await s.decide(second.poNumber, { decision: 'approve', maxUnitPrice: second.unitPrice });
    await s.phase('ordered');
    expect((await s.reply(second.poNumber, 'ok-1', 'We confirm the order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    await s.receive(second.poNumber, 'r-1', second.quantity);
    expect(await s.outcome()).toMatchObject({ outcome: 'received', poNumber: second.poNumber });
    const { record } = (await eventually(() => stack.api('GET', `/purchase-orders/${second.poNumber}`), (r) => r.body.record !== undefined, 30_000, 'the record')).body;
    expect(record).toMatchObject({ supplier: 'quickparts', outcome: 'received', quantityOrdered: second.quantity });
    const tools = record.turns.map((t: { tool: string }) => t.tool);
    expect(tools.slice(tools.indexOf('place_order'), tools.indexOf('get_quotes', 1) + 1)).toEqual([
      'place_order', 'wait_for_supplier_reply', 'chase_supplier', 'wait_for_supplier_reply', 'chase_supplier', 'wait_for_supplier_reply',
      'reorder_elsewhere', 'get_quotes',
    ]);
    expect(record.turns.find((t: { tool: string }) => t.tool === 'reorder_elsewhere').summary)
      .toBe(`reorder_elsewhere: cancel ${first.poNumber} at acme-industrial (acme-industrial did not answer after 2 chases) and buy from the other suppliers`);
    const spend = (await stack.api('GET', '/purchase-orders/spend')).body.lines;
    expect(spend).toEqual([expect.objectContaining({ supplier: 'quickparts', amount: record.orderTotal, orders: 1 })]);
    expect((await s.view()).suppliers['acme-industrial']).toMatchObject({ silences: 1, received: 0 });
    await s.keep('supplier-silent-reordered');
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
