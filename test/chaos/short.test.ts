import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { checkChaos, report, type Order } from '../../bench/chaos/check.js';
import { runChaos } from '../../bench/chaos/run.js';

describe('chaos, in short', () => {
  it('with the worker SIGKILLed mid-run and the world failing, every replenishment ends, once, within its approval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaos-short-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const { record, stack } = await runChaos({
      dir, skus: 3, perSku: 2, dayMs: 500, kills: { count: 1 }, serverRestarts: 0, faults: true, silentSupplier: false,
      limitMs: 150_000, bundlePath: inject('workflowBundlePath'),
    });
    onTestFinished(() => stack.stop());
    const orders = (await stack.sandboxHttp('GET', '/orders')).body.orders as Order[];
    const checks = await checkChaos({ client: stack.client, taskQueue: stack.taskQueue, bundlePath: stack.bundlePath, orders, record });
    const text = report(record, checks);
    expect(record.kills, text).toBe(1);
    expect(record.reachedTarget, text).toBe(true);
    for (const c of checks) expect(c.violations, `${c.name}\n${text}`).toEqual([]);
  }, 240_000);

  it('with a supplier that gathers its SKUs\' lines into consolidated POs, the same holds for every line, and the consolidated POs are placed once each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaos-short-gather-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    // Every other SKU buys from quickparts: four SKUs give it two lines a round.
    const { record, stack } = await runChaos({
      dir, skus: 4, perSku: 2, dayMs: 500, kills: { count: 1 }, serverRestarts: 0, faults: true, silentSupplier: false,
      gathering: { quickparts: { windowHours: 24 } }, limitMs: 180_000, bundlePath: inject('workflowBundlePath'),
    });
    onTestFinished(() => stack.stop());
    const orders = (await stack.sandboxHttp('GET', '/orders')).body.orders as Order[];
    const checks = await checkChaos({ client: stack.client, taskQueue: stack.taskQueue, bundlePath: stack.bundlePath, orders, record });
    const text = report(record, checks);
    expect(record.kills, text).toBe(1);
    expect(record.reachedTarget, text).toBe(true);
    for (const c of checks) expect(c.violations, `${c.name}\n${text}`).toEqual([]);
    const lines = orders.filter((o) => record.skus.includes(o.sku) && o.groupPo);
    expect(lines.length, text).toBeGreaterThan(0);
    expect(lines.every((o) => o.supplier === 'quickparts'), text).toBe(true);
  }, 300_000);
});
