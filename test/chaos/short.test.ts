import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { checkChaos, report, type Order } from '../../bench/chaos/check.js';
import { runChaos, type ChaosOptions } from '../../bench/chaos/run.js';

/** A short soak with one worker SIGKILL, its checks, and every check held. */
async function shortSoak(name: string, opts: Pick<ChaosOptions, 'skus' | 'limitMs' | 'gathering'>) {
  const dir = mkdtempSync(join(tmpdir(), `chaos-short-${name}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const { record, stack } = await runChaos({
    dir, perSku: 2, dayMs: 500, kills: { count: 1 }, serverRestarts: 0, faults: true, silentSupplier: false,
    bundlePath: inject('workflowBundlePath'), ...opts,
  });
  onTestFinished(() => stack.stop());
  const orders = (await stack.sandboxHttp('GET', '/orders')).body.orders as Order[];
  const checks = await checkChaos({ client: stack.client, taskQueue: stack.taskQueue, bundlePath: stack.bundlePath, orders, record });
  const text = report(record, checks);
  expect(record.kills, text).toBe(1);
  expect(record.reachedTarget, text).toBe(true);
  for (const c of checks) expect(c.violations, `${c.name}\n${text}`).toEqual([]);
  return { record, orders, text };
}

describe('chaos, in short', () => {
  it('with the worker SIGKILLed mid-run and the world failing, every replenishment ends, once, within its approval', async () => {
    await shortSoak('alone', { skus: 3, limitMs: 150_000 });
  }, 240_000);

  it('with a supplier that gathers its SKUs\' lines into consolidated POs, the same holds for every line, and the consolidated POs are placed once each', async () => {
    // Every other SKU buys from quickparts: four SKUs give it two lines a round.
    const { record, orders, text } = await shortSoak('gather', { skus: 4, limitMs: 240_000, gathering: { quickparts: { windowHours: 24 } } });
    const lines = orders.filter((o) => record.skus.includes(o.sku) && o.groupPo);
    expect(lines.length, text).toBeGreaterThan(0);
    expect(lines.every((o) => o.supplier === 'quickparts'), text).toBe(true);
  }, 360_000);
});
