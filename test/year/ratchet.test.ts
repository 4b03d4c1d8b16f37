import { describe, expect, it } from 'vitest';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { runAgentYear } from '../../bench/year/agents.js';
import { fillRate, ledgerOf } from '../../bench/year/ledger.js';
import { HISTORY_DAYS, poisson, type YearSku, type YearWorld } from '../../bench/year/scenario.js';
import { dirname } from 'node:path';
import { tempFile } from '../support/sandbox.js';

const DAYS = 150;

/** One SKU, a cheap supplier that takes 12 days and a dear one that takes 2, both always delivering on time. */
function cheapOrFast(): YearWorld {
  const meanDemand = 20;
  const sku: YearSku = {
    sku: 'Y7-STEADY-01', seed: 7, profile: 'steady', meanDemand, referencePrice: 10,
    onHand: 400, safetyStock: 60, targetLevel: 600,
    lines: [
      { supplier: 'y7-cheap', role: 'cheap', basePrice: 8, moq: 100, orderMultiple: 10, leadTimeDays: 12, priceBreaks: [] },
      { supplier: 'y7-fast', role: 'fast', basePrice: 13, moq: 40, orderMultiple: 10, leadTimeDays: 2, priceBreaks: [] },
    ],
    demand: Array.from({ length: DAYS }, (_, t) => poisson(meanDemand, 7, 'ratchet', t)),
    history: Array.from({ length: HISTORY_DAYS }, (_, k) => poisson(meanDemand, 7, 'ratchet-history', k)),
  };
  return { seed: 7, days: DAYS, skus: [sku], suppliers: ['y7-cheap', 'y7-fast'], priceChanges: [], reliable: true };
}

describe('the supplier a replenishment buys from, over many cycles', () => {
  it('stays with the cheap, slow supplier it plans for, and keeps the shelf stocked, instead of ratcheting onto the fast, dear one', async () => {
    const world = cheapOrFast();
    const year = await runAgentYear({ worlds: [world], days: DAYS, decider: policyDecider, dir: dirname(tempFile()), log: () => {} });
    const y = year.years.get('Y7-STEADY-01')!;
    const ordered = (supplier: string) => y.orders.filter((o) => o.supplier === supplier).length;
    expect(year.rulesBroken).toEqual([]);
    expect(y.orders.length).toBeGreaterThanOrEqual(4);
    // An urgent first order may go to the fast supplier; the cycles after it go back to the cheap one.
    expect(ordered('y7-cheap')).toBeGreaterThanOrEqual(y.orders.length - 1);
    expect(y.orders.slice(-3).every((o) => o.supplier === 'y7-cheap')).toBe(true);
    expect(fillRate(ledgerOf(world.skus[0]!, y, { orderCost: 50, holdingPctPerYear: 25, lostSaleShare: 1 }))).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});
