import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { runAgentYear } from '../../bench/year/agents.js';
import { ordersAtSuppliers } from '../../bench/year/ledger.js';
import { yearWorld } from '../../bench/year/scenario.js';
import { tempFile } from '../support/sandbox.js';

// The quick size of `npm run eval:year` (5 SKUs, 90 business days), one seed: its SKUs share the
// seed's three suppliers. A line waits for its window only while its stock covers the lead time
// past the window's close, and a SKU drafts when its stock falls below its safety stock: with the
// year's own safety stocks the lines have little slack to wait in, and in this short year none met
// in a window (the desk drafts each window's PO on time, however long an earlier one waits for the
// manager). Four times the safety stock gives the lines slack, and every SKU starts below it, so
// their first lines meet in their suppliers' windows.
const DAYS = 90;
const base = yearWorld(0, 5, DAYS);
const world = {
  ...base,
  skus: base.skus.map((s) => ({ ...s, safetyStock: 4 * s.safetyStock, targetLevel: s.targetLevel + 3 * s.safetyStock })),
};
const yearOf = (gathering?: Record<string, { windowHours: number }>) =>
  runAgentYear({ worlds: [world], days: DAYS, decider: policyDecider, dir: dirname(tempFile()), log: () => {}, ...(gathering ? { gathering } : {}) });

describe('a year of buying with the suppliers gathering', () => {
  it('places fewer orders at the suppliers than buying alone on the same world, some of them consolidated POs of several lines, and breaks no rule', async () => {
    const alone = await yearOf();
    const gathered = await yearOf({ mid: { windowHours: 48 }, cheap: { windowHours: 48 } });
    const orders = (y: typeof alone) => [...y.years.values()].flatMap((s) => s.orders);

    expect(alone.rulesBroken).toEqual([]);
    expect(gathered.rulesBroken).toEqual([]);
    expect(orders(alone).every((o) => o.orderShare === 1)).toBe(true);
    expect(orders(gathered).some((o) => o.orderShare! < 1)).toBe(true);
    expect(ordersAtSuppliers(orders(gathered))).toBeLessThan(ordersAtSuppliers(orders(alone)));
    // The manager is asked once a consolidated PO, not once a line.
    expect(gathered.approvalsAsked.length).toBeLessThan(orders(gathered).length);
  }, 240_000);
});
