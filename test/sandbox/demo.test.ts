import { describe, expect, it, vi } from 'vitest';
import { verify } from '../../src/api/signatures.js';
import { orderFrom, startFakeAgent, startSandbox, tempFile } from '../support/sandbox.js';

const dayMs = 200;
const until = { timeout: 3000, interval: 20 };

async function demoSandbox(agent: { url: string }, extra: { file?: string; consumptionPerDay?: number | Record<string, number> } = {}) {
  return startSandbox({
    file: extra.file,
    dayMs,
    demo: { apiUrl: agent.url, consumptionPerDay: extra.consumptionPerDay ?? 0, tickMs: 10 },
  });
}

async function order(sandbox: Awaited<ReturnType<typeof startSandbox>>, supplier: string, poNumber: string) {
  const [quote] = (await sandbox.world.quotes('TAPE-50', 40)).filter((q) => q.supplier === supplier);
  return sandbox.world.placeOrder(orderFrom(quote!, 'TAPE-50', 40, poNumber), poNumber);
}

describe('demo suppliers and warehouse', () => {
  it('a prompt supplier confirms the order, then the goods arrive at the agent', async () => {
    const agent = await startFakeAgent();
    const sandbox = await demoSandbox(agent);
    const ack = await order(sandbox, 'quickparts', 'PO-TAPE-1');

    await vi.waitFor(() => expect(agent.of('/purchase-orders/PO-TAPE-1/receipts')).toHaveLength(1), until);
    const [reply] = agent.of('/purchase-orders/PO-TAPE-1/supplier-replies');
    expect(reply!.body).toMatchObject({
      supplier: 'quickparts',
      fields: { kind: 'confirmed', quantity: 40, deliveryDate: ack.expectedDelivery },
    });
    expect(reply!.body.text).toContain('PO-TAPE-1');
    expect(agent.calls.map((c) => c.path)).toEqual([
      '/purchase-orders/PO-TAPE-1/supplier-replies',
      '/purchase-orders/PO-TAPE-1/receipts',
    ]);
    expect(agent.calls[1]!.body).toEqual({ receiptId: 'GR-PO-TAPE-1', quantity: 40 });
  });

  it('given secrets, the supplier signs its reply and the warehouse its receipt and stock changes', async () => {
    const agent = await startFakeAgent();
    const secrets = { suppliers: { quickparts: 'quickparts-secret-0123' }, warehouse: 'warehouse-secret-0123' };
    const sandbox = await startSandbox({ dayMs, demo: { apiUrl: agent.url, consumptionPerDay: { 'DRILL-10': 40 }, tickMs: 10, secrets } });
    await order(sandbox, 'quickparts', 'PO-TAPE-7');
    await vi.waitFor(() => expect(agent.of('/receipts')).toHaveLength(1), until);
    await vi.waitFor(() => expect(agent.of('/stock-changed')).toHaveLength(1), until);

    const signedBy = (call: { headers: Record<string, unknown>; raw: string }, secret: string) =>
      verify(secret, call.headers['x-timestamp'] as string, call.headers['x-signature'] as string, call.raw);
    const [reply] = agent.of('/supplier-replies');
    expect(reply!.headers['x-supplier']).toBe('quickparts');
    expect(signedBy(reply!, secrets.suppliers.quickparts)).toEqual({ ok: true });
    expect(signedBy(reply!, secrets.warehouse).ok).toBe(false);
    for (const call of [...agent.of('/receipts'), ...agent.of('/stock-changed')]) {
      expect(call.headers['x-supplier']).toBe('warehouse');
      expect(signedBy(call, secrets.warehouse)).toEqual({ ok: true });
    }
  });

  it('a partial supplier confirms everything but delivers half', async () => {
    const agent = await startFakeAgent();
    const sandbox = await demoSandbox(agent);
    await sandbox.http('PUT', '/suppliers/quickparts', { behaviour: 'partial', replyAfterDays: 0 });
    await order(sandbox, 'quickparts', 'PO-TAPE-2');
    await vi.waitFor(() => expect(agent.of('/receipts')).toHaveLength(1), until);
    expect(agent.of('/supplier-replies')[0]!.body.fields.kind).toBe('confirmed');
    expect(agent.of('/receipts')[0]!.body.quantity).toBe(20);
  });

  it('a late supplier stays silent until chased, then answers', async () => {
    const agent = await startFakeAgent();
    const sandbox = await demoSandbox(agent);
    await sandbox.http('PUT', '/suppliers/quickparts', { behaviour: 'late', replyAfterDays: 0.1 });
    await order(sandbox, 'quickparts', 'PO-TAPE-3');
    // A witness: another supplier's answer, due three days after the late order, shows those days were acted on.
    await sandbox.http('PUT', '/suppliers/budget-supply', { behaviour: 'prompt', replyAfterDays: 3 });
    await order(sandbox, 'budget-supply', 'PO-TAPE-W');
    await vi.waitFor(() => expect(agent.of('/PO-TAPE-W/supplier-replies')).toHaveLength(1), until);
    expect(agent.calls.filter((c) => c.path.includes('PO-TAPE-3'))).toEqual([]);

    await sandbox.world.chase('quickparts', 'PO-TAPE-3', 'Could you confirm PO-TAPE-3?');
    await sandbox.world.chase('quickparts', 'PO-TAPE-3', 'Second reminder');
    await vi.waitFor(() => expect(agent.of('/PO-TAPE-3/receipts')).toHaveLength(1), until);
    expect(agent.of('/PO-TAPE-3/supplier-replies')).toHaveLength(1);
  });

  it('a refusing supplier says no and delivers nothing; a cancelled order gets no reply', async () => {
    const agent = await startFakeAgent();
    const sandbox = await demoSandbox(agent);
    await sandbox.http('PUT', '/suppliers/budget-supply', { behaviour: 'refuse', replyAfterDays: 0 });
    await order(sandbox, 'budget-supply', 'PO-TAPE-4');
    await order(sandbox, 'quickparts', 'PO-TAPE-5');
    await sandbox.world.cancelOrder('quickparts', 'PO-TAPE-5', 'changed our mind');
    // A witness from the same supplier, ordered after the cancelled one: its answer is due later.
    await order(sandbox, 'quickparts', 'PO-TAPE-8');
    await vi.waitFor(() => expect(agent.of('/PO-TAPE-8/supplier-replies')).toHaveLength(1), until);
    expect(agent.of('/supplier-replies').map((c) => [c.path, c.body.fields?.kind])).toEqual([
      ['/purchase-orders/PO-TAPE-4/supplier-replies', 'refused'],
      ['/purchase-orders/PO-TAPE-8/supplier-replies', 'confirmed'],
    ]);
    expect(agent.calls.filter((c) => c.path.includes('PO-TAPE-4/receipts') || c.path.includes('PO-TAPE-5'))).toEqual([]);
  });

  it('stock consumed below safety stock wakes the agent for that SKU once', async () => {
    const agent = await startFakeAgent();
    const sandbox = await demoSandbox(agent, { consumptionPerDay: { 'DRILL-10': 40 } });
    await vi.waitFor(() => expect(agent.of('/stock-changed')).toHaveLength(1), until);
    expect(agent.calls.map((c) => c.path)).toEqual(['/skus/DRILL-10/stock-changed']);
    expect((await sandbox.world.stock('DRILL-10')).onHand).toBeLessThan(5);
    await vi.waitFor(async () => expect((await sandbox.world.stock('DRILL-10')).onHand).toBe(0), until);
    expect(agent.of('/stock-changed')).toHaveLength(1);
  });

  it('replies survive an agent that is briefly down and a sandbox restart', async () => {
    const agent = await startFakeAgent({ failFirst: 3 });
    const file = tempFile();
    const first = await demoSandbox(agent, { file });
    await first.http('PUT', '/suppliers/quickparts', { replyAfterDays: 2 });
    await order(first, 'quickparts', 'PO-TAPE-6');
    await first.close();

    await new Promise((resolve) => setTimeout(resolve, 2 * dayMs));
    expect(agent.calls).toEqual([]);
    await demoSandbox(agent, { file });
    await vi.waitFor(() => expect(agent.of('/receipts')).toHaveLength(1), until);
    expect(agent.of('/supplier-replies')).toHaveLength(1);
  });
});
