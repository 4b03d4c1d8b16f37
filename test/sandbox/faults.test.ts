import { describe, expect, it } from 'vitest';
import { BUSINESS_REFUSAL } from '../../src/domain/world.js';
import { createWorldClient } from '../../src/world/client.js';
import { orderFrom, startSandbox } from '../support/sandbox.js';

describe('an unreliable supplier gateway', () => {
  it('a call that fails once with 503 is a retryable error, and the next call succeeds', async () => {
    const { world, http } = await startSandbox();
    await http('PUT', '/faults', { endpoint: 'quotes', failNext: 1 });
    const error = await world.quotes('NUT-M8', 500).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toMatch(/quotes.*503/);
    expect(await world.quotes('NUT-M8', 500)).toHaveLength(2);
  });

  it('an order placed while the answer is lost exists at the supplier, and the retry does not order twice', async () => {
    const { world, http, orders } = await startSandbox();
    const [quote] = (await world.quotes('NUT-M8', 500)).filter((q) => q.supplier === 'acme-industrial');
    const po = orderFrom(quote!, 'NUT-M8', 500, 'PO-NUT-1');
    await http('PUT', '/faults', { endpoint: 'placeOrder', dropNext: 1 });

    const lost = await world.placeOrder(po, 'PO-NUT-1').catch((e: Error) => e);
    expect(lost).toBeInstanceOf(Error);
    expect((lost as Error).name).not.toBe(BUSINESS_REFUSAL);

    const found = await world.findOrder('acme-industrial', 'PO-NUT-1');
    expect(found?.poNumber).toBe('PO-NUT-1');
    expect(await world.placeOrder(po, 'PO-NUT-1')).toEqual(found);
    const stored = await orders('NUT-M8');
    expect(stored).toHaveLength(1);
    expect(stored[0].placeCalls).toBe(2);
  });

  it('a gateway slower than the client timeout is a retryable error', async () => {
    const { url, http } = await startSandbox();
    const impatient = createWorldClient({ baseUrl: url, timeoutMs: 50 });
    await http('PUT', '/faults', { endpoint: 'stock', latencyMs: 300 });
    const error = await impatient.stock('NUT-M8').catch((e: Error) => e);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toMatch(/stock.*without a response/);
  });

  it('clearing faults brings every endpoint back', async () => {
    const { world, http } = await startSandbox();
    await http('PUT', '/faults', { endpoint: 'notify', errorRate: 1 });
    const notification = { to: 'purchasing-manager', subject: 'hi', body: 'there' };
    await expect(world.notify(notification)).rejects.toThrow(/503/);
    expect((await http('DELETE', '/faults')).status).toBe(200);
    await world.notify(notification);
    const inbox = await http('GET', '/notifications?to=purchasing-manager');
    expect(inbox.body.items).toHaveLength(1);
  });
});
