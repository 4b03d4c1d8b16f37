import { describe, expect, it } from 'vitest';
import { classicalYear, oracleYear, priceOn } from '../../bench/year/baselines.js';
import { cycleServiceLevel, fillRate, ledgerOf, orderShares, type PlacedOrder, type SkuYear } from '../../bench/year/ledger.js';
import { monthsOf } from '../../bench/year/months.js';
import { cardOf, monthTable, passAtK } from '../../bench/year/scorecard.js';
import { fateOf, gatheringIn, yearWorld } from '../../bench/year/scenario.js';

const model = { orderCost: 50, holdingPctPerYear: 25, lostSaleShare: 1, serviceLevel: 0.95 };

/** Stock never goes below zero, and every unit is accounted for: start + received − served = end. */
function expectBalanced(start: number, demand: number[], y: SkuYear) {
  const received = y.orders.reduce((a, o) => a + o.received, 0);
  const served = demand.reduce((a, d, t) => a + d - y.lost[t]!, 0);
  expect(Math.min(...y.onHand)).toBeGreaterThanOrEqual(0);
  expect(y.onHand.at(-1)).toBe(start + received - served);
  y.lost.forEach((l, t) => expect(l).toBeLessThanOrEqual(demand[t]!));
}

describe('the year\'s world', () => {
  it('draws the same world from the same seed, and another from another', () => {
    expect(yearWorld(3, 5, 60)).toEqual(yearWorld(3, 5, 60));
    expect(yearWorld(4, 5, 60).skus[0]!.demand).not.toEqual(yearWorld(3, 5, 60).skus[0]!.demand);
  });

  it('gives an order the same fate whoever places it, and each supplier its share of trouble', () => {
    expect(fateOf(1, 'y1-mid', 'Y1-STEADY-01', 40)).toEqual(fateOf(1, 'y1-mid', 'Y1-STEADY-01', 40));
    const fates = Array.from({ length: 4000 }, (_, day) => fateOf(0, 'y0-mid', 'Y0-STEADY-01', day));
    const share = (b: string) => fates.filter((f) => f.behaviour === b).length / fates.length;
    expect(share('refuse')).toBeGreaterThan(0.02);
    expect(share('refuse')).toBeLessThan(0.06);
    expect(share('silent')).toBeGreaterThan(0.01);
    expect(share('prompt')).toBeGreaterThan(0.8);
    expect(fates.every((f) => f.lateDays >= 0 && f.lateDays <= 4)).toBe(true);
  });

  it('has each demand profile it names: intermittent days without demand, a trend up, one shock', () => {
    const w = yearWorld(0, 5, 300);
    const [steady, intermittent, trending, , shock] = w.skus;
    expect(intermittent!.demand.filter((d) => d === 0).length).toBeGreaterThan(200);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(trending!.demand.slice(200))).toBeGreaterThan(mean(trending!.demand.slice(0, 100)) * 1.3);
    expect(Math.max(...shock!.demand)).toBeGreaterThan(10 * shock!.meanDemand);
    expect(Math.max(...steady!.demand)).toBeLessThan(3 * steady!.meanDemand);
  });

  it('reads a gathering setting by role for every seed\'s supplier of that role, and by name for that supplier alone', () => {
    const [w0, w1] = [yearWorld(0, 2, 10), yearWorld(1, 2, 10)];
    const spec = { cheap: { windowHours: 72 }, 'y1-mid': { cutoff: '14:00' } };
    expect(gatheringIn(w0, spec)).toEqual({ 'y0-cheap': { windowHours: 72 } });
    expect(gatheringIn(w1, spec)).toEqual({ 'y1-cheap': { windowHours: 72 }, 'y1-mid': { cutoff: '14:00' } });
  });

  it('prices an order as the sandbox quotes it: the price changes in force that day and the breaks the quantity reaches', () => {
    const w = yearWorld(0, 1, 90);
    const mid = w.skus[0]!.lines.find((l) => l.role === 'mid')!;
    const change = w.priceChanges[0]!;
    expect(priceOn(w, mid, change.day - 1, mid.moq)).toBe(mid.basePrice);
    expect(priceOn(w, mid, change.day, mid.moq)).toBe(Math.round(mid.basePrice * change.factor * 100) / 100);
    expect(priceOn(w, mid, 0, mid.priceBreaks[0]!.minQuantity)).toBe(mid.priceBreaks[0]!.unitPrice);
  });
});

describe('the baselines', () => {
  const worlds = [0, 1, 2, 3].map((seed) => yearWorld(seed, 5, 150));

  it('keep every unit accounted for', () => {
    for (const w of worlds) {
      for (const s of w.skus) {
        expectBalanced(s.onHand, s.demand, classicalYear(w, s, model));
        expectBalanced(s.onHand, s.demand, oracleYear(w, s, model));
      }
    }
  });

  it('the oracle costs no more than the classical policy on the same demand and suppliers, SKU by SKU', () => {
    for (const w of worlds) {
      for (const s of w.skus) {
        const oracle = ledgerOf(s, oracleYear(w, s, model), model);
        const classical = ledgerOf(s, classicalYear(w, s, model), model);
        expect(oracle.total).toBeLessThanOrEqual(classical.total + 1e-6);
      }
    }
  });

  it('the oracle orders only what is delivered in full, on the day it planned', () => {
    for (const w of worlds) {
      for (const s of w.skus) {
        for (const o of oracleYear(w, s, model).orders) {
          const fate = fateOf(w.seed, o.supplier, s.sku, o.day);
          expect(fate.behaviour).toBe('prompt');
          expect(o.received).toBe(o.quantity);
        }
      }
    }
  });

  it('the classical policy orders in the supplier\'s packs and above its minimum, and is paid only for what came', () => {
    for (const w of worlds) {
      for (const s of w.skus) {
        for (const o of classicalYear(w, s, model).orders) {
          const line = s.lines.find((l) => l.supplier === o.supplier)!;
          expect(o.quantity).toBeGreaterThanOrEqual(line.moq);
          expect(o.quantity % line.orderMultiple).toBe(0);
          const fate = fateOf(w.seed, o.supplier, s.sku, o.day);
          if (fate.behaviour === 'refuse' || fate.behaviour === 'silent') expect(o.received).toBe(0);
        }
      }
    }
  });
});

describe('the ledger and the scorecard', () => {
  it('counts fill rate, stock-out days and delivery cycles from the days', () => {
    const sku = { demand: [5, 5, 5, 5], referencePrice: 2, lines: yearWorld(0, 1, 4).skus[0]!.lines };
    const l = ledgerOf(sku, { sku: 'X', onHand: [5, 0, 5, 0], lost: [0, 0, 5, 0], arrivals: [2], orders: [{ day: 0, supplier: 's', quantity: 10, unitPrice: 1.5, received: 10 }] }, model);
    expect(fillRate(l)).toBe(0.75);
    expect(l.stockOutDays).toBe(1);
    expect([l.cycles, l.cyclesWithStockOut]).toEqual([2, 1]);
    expect(cycleServiceLevel(l)).toBe(0.5);
    expect(l.purchase).toBe(15);
    expect(l.ordering).toBe(50);
  });

  it('counts a consolidated PO once, whatever its lines, and shares its freight by the lines\' goods', () => {
    const line = (poNumber: string, total: number, group: string | null, supplier = 'y0-cheap') => ({ poNumber, supplier, quantity: total, unitPrice: 1, total, group });
    const shares = orderShares(
      [line('PO-A-1', 300, 'SPO-y0-cheap-1'), line('PO-B-1', 100, 'SPO-y0-cheap-1'), line('PO-C-1', 50, null, 'y0-mid')],
      (supplier) => (supplier === 'y0-cheap' ? { freight: 40, freeFreightFrom: 1000 } : undefined),
    );
    expect(Object.fromEntries(shares)).toEqual({
      'PO-A-1': { orderShare: 0.5, freight: 30 }, 'PO-B-1': { orderShare: 0.5, freight: 10 }, 'PO-C-1': { orderShare: 1, freight: 0 },
    });
    const sku = { demand: [5, 5], referencePrice: 2, lines: yearWorld(0, 1, 2).skus[0]!.lines };
    const order = (share: number, freight: number): PlacedOrder => ({ day: 0, supplier: 'y0-cheap', quantity: 10, unitPrice: 1, received: 10, orderShare: share, freight });
    const l = ledgerOf(sku, { sku: 'A', onHand: [5, 0], lost: [0, 0], arrivals: [], orders: [order(0.5, 30), order(1, 0)] }, model);
    expect([l.orders, l.ordering]).toEqual([1.5, 1.5 * 50 + 30]);
  });

  it('gives the year month by month: orders at suppliers, ordering cost and the manager\'s touches in the month they happened', () => {
    const order = (day: number, orderShare = 1): PlacedOrder => ({ day, supplier: 's', quantity: 1, unitPrice: 1, received: 1, orderShare });
    const months = monthsOf(30, [order(0), order(5, 0.5), order(5, 0.5), order(21)], 50, { approvalsAsked: [0, 5, 22], handedOver: [29] });
    expect(months).toEqual([
      { orders: 2, ordering: 100, approvalsAsked: 2, handedOver: 0 },
      { orders: 1, ordering: 50, approvalsAsked: 1, handedOver: 1 },
    ]);
    expect(monthsOf(21, [order(3)], 50)).toEqual([{ orders: 1, ordering: 50, approvalsAsked: null, handedOver: null }]);
    const ledger = ledgerOf({ demand: [0], referencePrice: 1, lines: yearWorld(0, 1, 1).skus[0]!.lines }, { sku: 'A', onHand: [0], lost: [0], arrivals: [], orders: [] }, model);
    const table = monthTable([
      cardOf('alone', [{ seed: 0, ledger, rulesBroken: 0 }], { months, managerTouches: { approvalsAsked: 3, handedOver: 1 } }),
      cardOf('(s,S)', [{ seed: 0, ledger, rulesBroken: 0 }], { months: monthsOf(30, [order(0)], 50) }),
    ], { days: 30 }).split('\n');
    expect(table[0]).toBe('| month | orders, alone | orders, (s,S) | ordering cost, alone | ordering cost, (s,S) | approvals asked, alone | handed over, alone |');
    expect(table.slice(2)).toEqual(['| 1 | 2 | 1 | 100 | 50 | 2 | 0 |', '| 2 (9 days) | 1 | 0 | 50 | 0 | 1 | 1 |', '| all | 3 | 1 | 150 | 50 | 3 | 1 |']);
  });

  it('pass^k is the chance that k runs drawn from n all pass', () => {
    expect(passAtK(10, 10, 8)).toBe(1);
    expect(passAtK(9, 10, 8)).toBeCloseTo(9 / 45, 10);
    expect(passAtK(7, 10, 8)).toBe(0);
    expect(passAtK(6, 10, 1)).toBeCloseTo(0.6, 10);
    expect(passAtK(2, 2, 8)).toBeNull();
  });
});
