import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BUSINESS_REFUSAL } from '../../src/domain/world.js';
import { orderFrom, startSandbox, tempFile } from '../support/sandbox.js';

describe('ordering from a supplier', () => {
  it('quotes the SKU from every supplier that carries it, with MOQ, lead time and a two-week validity', async () => {
    const { world } = await startSandbox();
    const quotes = await world.quotes('BOLT-M8', 600);
    expect(quotes.map((q) => q.supplier).sort()).toEqual(['acme-industrial', 'budget-supply', 'quickparts']);
    const quick = quotes.find((q) => q.supplier === 'quickparts')!;
    expect(quick).toMatchObject({ unitPrice: 0.18, moq: 100, leadTimeDays: 1 });
    const days = (Date.parse(quick.validUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(new Set(quotes.map((q) => q.quoteId)).size).toBe(3);
  });

  it('quotes carry the supplier\'s pack size and price breaks, and a quote is priced today for an order of a given size', async () => {
    const { world, http } = await startSandbox();
    const [quick] = (await world.quotes('WASHER-M8', 510)).filter((q) => q.supplier === 'quickparts');
    expect(quick).toMatchObject({ unitPrice: 0.05, moq: 200, orderMultiple: 10, priceBreaks: [{ minQuantity: 1000, unitPrice: 0.04 }] });
    expect(await world.currentQuote(quick!.quoteId, 510)).toMatchObject({ unitPrice: 0.05 });
    expect(await world.currentQuote(quick!.quoteId, 1000)).toMatchObject({ unitPrice: 0.04 });
    await http('PUT', '/suppliers/quickparts', { priceFactor: 1.1 });
    expect(await world.currentQuote(quick!.quoteId, 1000)).toMatchObject({ unitPrice: 0.044 });
    expect(await world.currentQuote(quick!.quoteId)).toMatchObject({ unitPrice: 0.06 });
    const [tape] = (await world.quotes('TAPE-50', 40)).filter((q) => q.supplier === 'budget-supply');
    expect(tape!.priceBreaks).toBeUndefined();
  });

  it('a sandbox file from before pack sizes and price breaks opens, its lines sold by the unit', async () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE catalogue (supplier TEXT NOT NULL, sku TEXT NOT NULL, base_price REAL NOT NULL, moq INTEGER NOT NULL,
      lead_time_days INTEGER NOT NULL, PRIMARY KEY (supplier, sku));
      INSERT INTO catalogue VALUES ('quickparts', 'WASHER-M8', 0.05, 200, 1);`);
    old.close();
    const { world } = await startSandbox({ file });
    const [quick] = (await world.quotes('WASHER-M8', 510)).filter((q) => q.supplier === 'quickparts');
    expect(quick).toMatchObject({ unitPrice: 0.05, moq: 200 });
    expect(quick!.orderMultiple).toBeUndefined();
  });

  it('a supplier refuses an order that is not in whole packs', async () => {
    const { world } = await startSandbox();
    const [quote] = (await world.quotes('WASHER-M8', 505)).filter((q) => q.supplier === 'quickparts');
    const error = await world.placeOrder(orderFrom(quote!, 'WASHER-M8', 505, 'PO-WASHER-1'), 'k').catch((e: Error) => e);
    expect((error as Error).name).toBe(BUSINESS_REFUSAL);
    expect((error as Error).message).toBe('quickparts sells WASHER-M8 in packs of 10; the order is for 505');
  });

  it('a supplier with costs per order quotes them, and takes an order only at its least value and with its freight in the total', async () => {
    const { world, http } = await startSandbox();
    const set = await http('PUT', '/suppliers/quickparts', { orderCosts: { freight: 15, freeFreightFrom: 100, minOrderValue: 50 } });
    expect(set.body.orderCosts).toEqual({ freight: 15, freeFreightFrom: 100, minOrderValue: 50 });
    const [quote] = (await world.quotes('GLOVES-L', 5)).filter((q) => q.supplier === 'quickparts');
    expect(quote!.orderCosts).toEqual({ freight: 15, freeFreightFrom: 100, minOrderValue: 50 });
    const refusal = async (po: ReturnType<typeof orderFrom>) => ((await world.placeOrder(po, po.poNumber).catch((e: Error) => e)) as Error).message;
    // 12 gloves at 3.20 are 38.40: below the least order value of 50.00.
    expect(await refusal(orderFrom(quote!, 'GLOVES-L', 12, 'PO-GLOVES-1'))).toBe('quickparts takes orders of at least 50.00; 12 x 3.2 comes to 38.40');
    // 24 are 76.80 and pay 15.00 freight: an order without it is refused, one with it taken.
    const two = orderFrom(quote!, 'GLOVES-L', 24, 'PO-GLOVES-2');
    expect(await refusal(two)).toMatch(/^total 76.8 does not match 24 x 3.2 \+ freight 15.00/);
    expect(await world.placeOrder({ ...two, total: 91.8, freight: 15 }, two.poNumber)).toMatchObject({ poNumber: 'PO-GLOVES-2' });
    // 36 are 115.20: over the free-freight value, no freight.
    expect(await world.placeOrder(orderFrom(quote!, 'GLOVES-L', 36, 'PO-GLOVES-3'), 'PO-GLOVES-3')).toMatchObject({ poNumber: 'PO-GLOVES-3' });
  });

  it('a supplier that raises its prices quotes higher, and an old quote shows today\'s price', async () => {
    const { world, http } = await startSandbox();
    const [before] = (await world.quotes('GLOVES-L', 50)).filter((q) => q.supplier === 'quickparts');
    await http('PUT', '/suppliers/quickparts', { priceFactor: 1.25 });
    const [after] = (await world.quotes('GLOVES-L', 50)).filter((q) => q.supplier === 'quickparts');
    expect(after!.unitPrice).toBe(4);
    const recheck = await http('GET', `/quotes/${before!.quoteId}`);
    expect(recheck.body).toMatchObject({ unitPrice: 3.2, currentUnitPrice: 4, sku: 'GLOVES-L' });
  });

  it('placing the same order twice under one key returns the same acknowledgement and stores one order', async () => {
    const { world, orders } = await startSandbox({ dayMs: 1000 });
    const [quote] = (await world.quotes('TAPE-50', 40)).filter((q) => q.supplier === 'quickparts');
    const po = orderFrom(quote!, 'TAPE-50', 40, 'PO-TAPE-1');
    const first = await world.placeOrder(po, 'key-1');
    const second = await world.placeOrder(po, 'key-1');
    expect(second).toEqual(first);
    expect(Date.parse(first.expectedDelivery) - Date.parse(first.acceptedAt)).toBe(1000);
    const stored = await orders('TAPE-50');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ poNumber: 'PO-TAPE-1', status: 'placed', placeCalls: 2 });
    expect((await world.stock('TAPE-50')).onOrder).toBe(40);
  });

  it('a different order under a key already used is refused for good, not retried', async () => {
    const { world, orders } = await startSandbox();
    const [quote] = (await world.quotes('TAPE-50', 40)).filter((q) => q.supplier === 'quickparts');
    await world.placeOrder(orderFrom(quote!, 'TAPE-50', 40, 'PO-TAPE-1'), 'key-1');
    const error = await world.placeOrder(orderFrom(quote!, 'TAPE-50', 80, 'PO-TAPE-1'), 'key-1').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe(BUSINESS_REFUSAL);
    expect((error as Error).message).toMatch(/key-1.*differs/);
    expect(await orders('TAPE-50')).toHaveLength(1);
  });

  it('a supplier refuses an order below its minimum quantity', async () => {
    const { world } = await startSandbox();
    const [quote] = (await world.quotes('BOLT-M8', 10)).filter((q) => q.supplier === 'acme-industrial');
    const error = await world.placeOrder(orderFrom(quote!, 'BOLT-M8', 10, 'PO-BOLT-1'), 'k').catch((e: Error) => e);
    expect((error as Error).name).toBe(BUSINESS_REFUSAL);
    expect((error as Error).message).toContain('at least 500');
  });

  it('finds a placed order at its supplier, and reports an unknown PO as absent', async () => {
    const { world } = await startSandbox();
    const [quote] = (await world.quotes('DRILL-10', 10)).filter((q) => q.supplier === 'acme-industrial');
    const ack = await world.placeOrder(orderFrom(quote!, 'DRILL-10', 10, 'PO-DRILL-1'), 'k-drill');
    expect(await world.findOrder('acme-industrial', 'PO-DRILL-1')).toEqual(ack);
    expect(await world.findOrder('acme-industrial', 'PO-NOPE')).toBeNull();
    expect(await world.findOrder('quickparts', 'PO-DRILL-1')).toBeNull();
  });

  it('a cancelled order no longer counts as on order, and chasing it is refused', async () => {
    const { world, orders } = await startSandbox();
    const [quote] = (await world.quotes('DRILL-10', 10)).filter((q) => q.supplier === 'acme-industrial');
    await world.placeOrder(orderFrom(quote!, 'DRILL-10', 10, 'PO-DRILL-1'), 'k-drill');
    await world.chase('acme-industrial', 'PO-DRILL-1', 'any news?');
    await world.cancelOrder('acme-industrial', 'PO-DRILL-1', 'found stock elsewhere');
    await world.cancelOrder('acme-industrial', 'PO-DRILL-1', 'found stock elsewhere');
    expect((await world.stock('DRILL-10')).onOrder).toBe(0);
    expect((await orders('DRILL-10'))[0]).toMatchObject({ status: 'cancelled', chases: 1 });
    await expect(world.chase('acme-industrial', 'PO-DRILL-1', 'hello?')).rejects.toMatchObject({ name: BUSINESS_REFUSAL });
  });
});
