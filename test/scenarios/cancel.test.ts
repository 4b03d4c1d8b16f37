import { beforeAll, describe, expect, it } from 'vitest';
import { lineTotal } from '../../src/domain/quantity.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, rules: { toolAttempts: 2, toolRetryInitialMs: 100 } });
});

const cancel = (po: string, body: unknown, headers: Record<string, string> = {}) =>
  stack.api('POST', `/purchase-orders/${po}/cancel`, body, { authorization: `Bearer ${stack.managerToken}`, ...headers });

describe('the manager cancels a replenishment', () => {
  it('while the approval waits: nothing is ordered, the outcome says who and why, and later messages are turned away', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();

    const res = await cancel(request.poNumber, { reason: 'the product is being discontinued' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ poNumber: request.poNumber, status: 'delivered', by: 'dana' });

    const result = await s.outcome();
    expect(result).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: the product is being discontinued' });
    expect(await s.orders()).toHaveLength(0);
    const approve = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    expect(approve.status).toBe(409);
    const again = await cancel(request.poNumber, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/not the one|no replenishment is running|settled/);    await s.keep('manager-cancels');
  });

  it('after the order went out: the supplier\'s order is cancelled too, and the manager is told once', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');

    expect((await cancel(request.poNumber, { reason: 'ordered elsewhere' })).status).toBe(202);
    expect((await s.outcome())).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: ordered elsewhere' });
    const [order] = await s.orders();
    expect(order.status).toBe('cancelled');
    await s.keep('cancelled-after-order');
    const told = (await stack.sandbox.http('GET', '/notifications')).body.items
      .filter((n: { sku?: string; subject: string }) => n.sku === sku && n.subject.startsWith('Cancelled'));
    expect(told).toHaveLength(1);
  });

  it('a cancellation needs a reason and a manager\'s token', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const blank = await cancel(request.poNumber, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/reason/);
    const anonymous = await stack.api('POST', `/purchase-orders/${request.poNumber}/cancel`, { reason: 'x' });
    expect(anonymous.status).toBe(401);
    // Neither touched the run: it still waits for the manager.
    expect((await s.view()).replenishment.phase).toBe('awaiting approval');
  });
});

describe('messages that can no longer change anything are refused at once', () => {
  it('an approval below the drafted price and every other quote is a 409 that names the drafted price; the request stays open', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const low = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 1 });
    expect(low.status).toBe(409);
    expect(low.body.error).toContain(`below the drafted unit price ${request.unitPrice} of ${request.poNumber}`);

    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    const asks = (await stack.sandbox.http('GET', '/notifications')).body.items
      .filter((n: { sku?: string; subject: string }) => n.sku === sku && n.subject.startsWith('Approve'));
    expect(asks).toHaveLength(1);
    // Every amount the manager reads carries the deployment's currency.
    expect(asks[0].subject).toContain(`at ${request.unitPrice.toFixed(2)} USD`);
    expect((await stack.api('GET', '/approvals')).body.currency).toBe('USD');
  });
});

describe('a supplier that turns the order down', () => {
  it('is dropped: the agent re-quotes, drafts a revision for the other supplier and asks the manager again', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    expect(request.poNumber).toBe(`PO-${sku}-1`);
    // Acme raises its minimum above the order while the manager decides: its gateway refuses the order.
    (stack.sandbox.store as unknown as { db: { prepare(q: string): { run(...a: unknown[]): void } } }).db
      .prepare('UPDATE catalogue SET moq = 100000 WHERE supplier = ? AND sku = ?').run('acme-industrial', sku);
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);

    const revised = await s.approvalRequest('-R1');
    expect(revised).toMatchObject({ poNumber: `PO-${sku}-1-R1`, supplier: 'quickparts' });
    const log = await s.log();
    expect(log.find((t) => t.tool === 'place_order')!.summary).toMatch(/was refused: .*requires at least 100000/);
    expect(log.filter((t) => t.tool === 'place_order')).toHaveLength(1);
    expect(await s.orders()).toHaveLength(0);
    await s.keep('supplier-refuses-order');
  });
});

describe('a supplier that refuses the order after taking it', () => {
  const refusal = 'Sorry, we cannot supply this item any more.';
  const spendOf = async (supplier: string) => {
    const lines = (await stack.api('GET', '/purchase-orders/spend')).body.lines as { supplier: string; amount: number; orders: number }[];
    const mine = lines.filter((l) => l.supplier === supplier);
    return { amount: mine.reduce((n, l) => n + l.amount, 0), orders: mine.reduce((n, l) => n + l.orders, 0) };
  };

  it('has its order cancelled there; the next supplier gets a revision, a new approval and the order, and only it is spent on', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const acmeBefore = await spendOf('acme-industrial');
    const quickBefore = await spendOf('quickparts');
    const first = await s.parkAtApproval();
    expect(first.supplier).toBe('acme-industrial');
    expect((await s.decide(first.poNumber, { decision: 'approve', maxUnitPrice: first.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');
    expect((await s.reply(first.poNumber, 'no-1', refusal, { kind: 'refused' })).status).toBe(202);

    // A new price from a new supplier is a new question: the manager is asked again, about the revision.
    const second = await s.approvalRequest('-R1');
    expect(second).toMatchObject({ poNumber: `${first.poNumber}-R1`, supplier: 'quickparts' });
    expect((await s.orders()).map((o) => [o.poNumber, o.status])).toEqual([[first.poNumber, 'cancelled']]);
    const told = (await stack.sandbox.http('GET', '/notifications')).body.items
      .filter((n: { sku?: string; subject: string }) => n.sku === sku && n.subject.startsWith(`Cancelled ${first.poNumber} at acme-industrial`));
    expect(told).toHaveLength(1);

    // The cancelled PO takes nothing more: a late change of heart or a delivery is a 409 that says why.
    const late = await s.reply(first.poNumber, 'late-1', 'Good news, we can deliver after all.', { kind: 'confirmed' });
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect(late.body.error).toBe(`purchase order ${first.poNumber} was cancelled at acme-industrial (it refused the order); the agent is buying ${sku} elsewhere`);
    const goods = await s.receive(first.poNumber, 'late-goods', first.quantity);
    expect(goods.status, JSON.stringify(goods.body)).toBe(409);
    // The old approval does not cover the revision.
    expect((await s.view()).replenishment.decision).toBeNull();

    expect((await s.decide(second.poNumber, { decision: 'approve', maxUnitPrice: second.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.reply(second.poNumber, 'ok-1', 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(second.poNumber, 'r-1', second.quantity)).status).toBe(202);
    expect(await s.outcome()).toMatchObject({ outcome: 'received', poNumber: second.poNumber });

    const orders = await s.orders();
    expect(orders.map((o) => [o.poNumber, o.supplier, o.status])).toEqual([
      [first.poNumber, 'acme-industrial', 'cancelled'], [second.poNumber, 'quickparts', 'booked'],
    ]);
    const { record } = (await eventually(() => stack.api('GET', `/purchase-orders/${second.poNumber}`), (r) => r.body.record !== undefined, 30_000, 'the record')).body;
    expect(record).toMatchObject({
      poNumber: second.poNumber, supplier: 'quickparts', outcome: 'received', quantityOrdered: second.quantity,
      orderTotal: lineTotal(second.quantity, second.unitPrice),
      // The cancelled order's approval stays too, naming its PO: who approved what was sent to acme-industrial.
      approvals: [
        { decision: 'approved', by: 'dana', maxUnitPrice: first.unitPrice, poNumber: first.poNumber },
        { decision: 'approved', by: 'dana', maxUnitPrice: second.unitPrice },
      ],
    });
    expect(record.approvals[1]).not.toHaveProperty('poNumber');
    // The cancelled order stays in the decision log, and is never counted as spend.
    const reordered = record.turns.find((t: { tool: string }) => t.tool === 'reorder_elsewhere');
    expect(reordered.summary).toBe(`reorder_elsewhere: cancel ${first.poNumber} at acme-industrial (acme-industrial refused the order) and buy from the other suppliers`);
    expect(await spendOf('acme-industrial')).toEqual(acmeBefore);
    expect(await spendOf('quickparts')).toEqual({ amount: quickBefore.amount + record.orderTotal, orders: quickBefore.orders + 1 });
    // The agent remembers who let it down.
    expect((await s.view()).suppliers['acme-industrial']).toMatchObject({ refusals: 1, received: 0 });
    await s.keep('supplier-refuses-after-order');
  });

  it('and every other supplier refuses too: both orders are cancelled and the run ends with no supplier left', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const first = await s.parkAtApproval();
    expect((await s.decide(first.poNumber, { decision: 'approve', maxUnitPrice: first.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');
    expect((await s.reply(first.poNumber, 'no-1', refusal, { kind: 'refused' })).status).toBe(202);
    const second = await s.approvalRequest('-R1');
    await s.waitingIn('wait_for_approval');
    expect((await s.decide(second.poNumber, { decision: 'approve', maxUnitPrice: second.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');
    expect((await s.reply(second.poNumber, 'no-2', refusal, { kind: 'refused' })).status).toBe(202);

    expect(await s.outcome()).toMatchObject({
      outcome: 'cancelled', reason: `no supplier left for ${sku}: acme-industrial refused the order, quickparts refused the order`,
    });
    expect((await s.orders()).map((o) => [o.supplier, o.status])).toEqual([['acme-industrial', 'cancelled'], ['quickparts', 'cancelled']]);
    const { record } = (await eventually(() => stack.api('GET', `/purchase-orders/${second.poNumber}`), (r) => r.body.record !== undefined, 30_000, 'the record')).body;
    expect(record).toMatchObject({ outcome: 'cancelled', quantityOrdered: 0, orderTotal: null });
  });
});
