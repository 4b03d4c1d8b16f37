import { describe, expect, it } from 'vitest';
import { BUSINESS_REFUSAL } from '../../src/domain/world.js';
import Database from 'better-sqlite3';
import { orderFrom, startSandbox, tempFile } from '../support/sandbox.js';

async function placedOrder(sandbox: Awaited<ReturnType<typeof startSandbox>>, quantity: number) {
  const [quote] = (await sandbox.world.quotes('GLOVES-L', quantity)).filter((q) => q.supplier === 'quickparts');
  await sandbox.world.placeOrder(orderFrom(quote!, 'GLOVES-L', quantity, 'PO-GLOVES-1'), 'PO-GLOVES-1');
}

describe('stock in the ERP', () => {
  it('goods booked twice for the same PO are added once and the order stops counting as on order', async () => {
    const sandbox = await startSandbox();
    await placedOrder(sandbox, 60);
    expect(await sandbox.world.stock('GLOVES-L')).toMatchObject({ onHand: 60, onOrder: 60 });

    const booked = await sandbox.world.bookReceipt('GLOVES-L', 'PO-GLOVES-1', 60);
    const again = await sandbox.world.bookReceipt('GLOVES-L', 'PO-GLOVES-1', 60);
    expect(booked).toMatchObject({ onHand: 120, onOrder: 0 });
    expect(again).toEqual(booked);
    expect((await sandbox.orders('GLOVES-L'))[0].status).toBe('booked');
  });

  it('a receipt for a PO nobody placed is refused', async () => {
    const { world } = await startSandbox();
    await expect(world.bookReceipt('GLOVES-L', 'PO-GHOST', 5)).rejects.toMatchObject({
      name: BUSINESS_REFUSAL,
      message: 'no purchase order PO-GHOST',
    });
  });

  it('an unknown SKU is refused for good, not retried', async () => {
    const { world } = await startSandbox();
    await expect(world.stock('NO-SUCH-SKU')).rejects.toMatchObject({ name: BUSINESS_REFUSAL, message: 'unknown SKU NO-SUCH-SKU' });
    await expect(world.quotes('NO-SUCH-SKU', 1)).rejects.toMatchObject({ name: BUSINESS_REFUSAL });
  });

  it('consumption and new SKUs show up in the stock levels', async () => {
    const { world, http } = await startSandbox();
    const created = await http('PUT', '/inventory/CABLE-3M', { onHand: 10, safetyStock: 4, targetLevel: 30 });
    expect(created.body).toEqual({ sku: 'CABLE-3M', onHand: 10, safetyStock: 4, targetLevel: 30, onOrder: 0 });
    const used = await http('POST', '/inventory/CABLE-3M/adjust', { delta: -7, reason: 'picked for job 42' });
    expect(used.body.onHand).toBe(3);
    expect(await world.stock('CABLE-3M')).toEqual(used.body);
    const all = await http('GET', '/inventory');
    expect(all.body.items.map((i: { sku: string }) => i.sku)).toContain('CABLE-3M');
  });

  it('stock answers the average daily demand over the last 30 days, from consumption only', async () => {
    const { world, store, http } = await startSandbox();
    await http('PUT', '/inventory/CABLE-3M', { onHand: 500, safetyStock: 4, targetLevel: 30 });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    store.adjust('CABLE-3M', -100, 'picked before the window', daysAgo(40));
    store.adjust('CABLE-3M', -30, 'picked', daysAgo(10));
    store.adjust('CABLE-3M', 200, 'receipt PO-1', daysAgo(6));
    store.adjust('CABLE-3M', -20, 'picked', daysAgo(5));
    expect((await world.stock('CABLE-3M')).dailyDemand).toBe(Math.round((50 / 30) * 1000) / 1000);

    // Watched for ten days only: the average is over those ten.
    await http('PUT', '/inventory/PLUG-EU', { onHand: 50, safetyStock: 4, targetLevel: 30 });
    store.adjust('PLUG-EU', -30, 'picked', daysAgo(10));
    store.adjust('PLUG-EU', -20, 'picked', daysAgo(5));
    expect((await world.stock('PLUG-EU')).dailyDemand).toBe(5);
    expect((await world.inventory()).find((i) => i.sku === 'PLUG-EU')?.dailyDemand).toBe(5);
  });

  it('the inventory comes a page at a time in SKU order, with demand and the count of all SKUs', async () => {
    const { world, store, http } = await startSandbox();
    store.adjust('GLOVES-L', -10, 'picked', new Date().toISOString());
    const all = (await world.inventory()).map((i) => i.sku).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const first = await world.inventoryPage({ limit: 2 });
    expect(first).toEqual({ items: [expect.objectContaining({ sku: all[0] }), expect.objectContaining({ sku: all[1] })], total: all.length });
    const rest = await world.inventoryPage({ after: all[1]!, limit: 1000 });
    expect(rest.items.map((i) => i.sku)).toEqual(all.slice(2));
    expect(rest.items.concat(first.items).find((i) => i.sku === 'GLOVES-L')?.dailyDemand).toBeGreaterThan(0);
    expect(await world.inventoryPage({ after: all.at(-1)!, limit: 5 })).toEqual({ items: [], total: all.length });
    expect((await http('GET', '/inventory?limit=0')).status).toBe(400);
  });

  it('a SKU nothing was taken from has no demand figure', async () => {
    const { world } = await startSandbox();
    expect((await world.stock('GLOVES-L')).dailyDemand).toBeUndefined();
  });

  it('bad input is answered 400 with a message saying what is wrong', async () => {
    const { http } = await startSandbox();
    const badStock = await http('PUT', '/inventory/X', { onHand: 'lots', safetyStock: -1, targetLevel: 3 });
    expect(badStock.status).toBe(400);
    expect(badStock.body.error).toMatch(/onHand.*safetyStock/s);

    const noKey = await http('POST', '/suppliers/quickparts/orders', { poNumber: 'P' });
    expect(noKey).toEqual({ status: 400, body: { error: 'the Idempotency-Key header is required' } });

    const badOrder = await http('POST', '/suppliers/quickparts/orders', { poNumber: 'P' }, { 'idempotency-key': 'k' });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.error).toMatch(/^invalid purchase order: .*quantity/);

    const notJson = await http('POST', '/quotes', '{"sku": ');
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.error).toBe('string');

    const badFault = await http('PUT', '/faults', { endpoint: 'everything', failNext: 1 });
    expect(badFault.status).toBe(400);
    expect(badFault.body.error).toMatch(/endpoint/);
  });
});

describe('the unit a supplier counts and prices a line in', () => {
  it('a line sold by the kilo or the metre is quoted in it; a line of pieces reads as it always did', async () => {
    const { world, store } = await startSandbox();
    store.setStock('GRANULATE-PP', { onHand: 500, safetyStock: 200, targetLevel: 3000 }, true);
    store.addCatalogueEntry({ supplier: 'acme-industrial', sku: 'GRANULATE-PP', basePrice: 1.18, moq: 1000, leadTimeDays: 10, unit: 'kg' });
    store.addCatalogueEntry({ supplier: 'quickparts', sku: 'GRANULATE-PP', basePrice: 1.3, moq: 500, leadTimeDays: 3 });
    const quotes = await world.quotes('GRANULATE-PP', 2000);
    expect(quotes.find((q) => q.supplier === 'acme-industrial')).toMatchObject({ unit: 'kg', unitPrice: 1.18 });
    expect(quotes.find((q) => q.supplier === 'quickparts')).not.toHaveProperty('unit');
  });

  it('a sandbox file from before units opens, its lines counted in pieces', async () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE catalogue (supplier TEXT NOT NULL, sku TEXT NOT NULL, base_price REAL NOT NULL, moq INTEGER NOT NULL,
      lead_time_days INTEGER NOT NULL, order_multiple INTEGER NOT NULL DEFAULT 1, price_breaks TEXT NOT NULL DEFAULT '[]', PRIMARY KEY (supplier, sku))`);
    old.prepare('INSERT INTO catalogue (supplier, sku, base_price, moq, lead_time_days) VALUES (?, ?, ?, ?, ?)').run('quickparts', 'TAPE-50', 2.4, 10, 1);
    old.close();
    const { world } = await startSandbox({ file });
    const [quote] = (await world.quotes('TAPE-50', 20)).filter((q) => q.supplier === 'quickparts');
    expect(quote).toMatchObject({ unitPrice: 2.4 });
    expect(quote).not.toHaveProperty('unit');
  });
});
