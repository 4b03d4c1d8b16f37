import { describe, expect, it } from 'vitest';
import { emptyMemory, RECENT_OUTCOMES, remember, REMEMBERED_SUPPLIERS, type AgentMemory } from '../../src/domain/agent.js';
import { LEAD_TIMES_KEPT } from '../../src/domain/memory.js';
import type { OutcomeKind, ReplenishmentResult } from '../../src/domain/types.js';
import { at, rules } from '../support/states.js';

const KINDS: OutcomeKind[] = ['received', 'cancelled', 'rejected', 'gave_up', 'failed'];

const result = (overrides: Partial<ReplenishmentResult> = {}): ReplenishmentResult => ({
  sku: 'SKU-1', replenishment: 1, poNumber: 'PO-SKU-1-1', outcome: 'received', reason: 'received 90 units',
  supplier: 'acme', unitPrice: 2.5, quantityOrdered: 90, quantityReceived: 90,
  orderedAt: at(0), receivedAt: at(6), turns: 10, ...overrides,
});

/** The n-th replenishment of a long life: many suppliers, every outcome, long reasons. */
const nth = (n: number): ReplenishmentResult => result({
  replenishment: n,
  poNumber: `PO-SKU-1-${n}`,
  outcome: KINDS[n % KINDS.length]!,
  reason: `reason ${n} `.repeat(100),
  supplier: `supplier-${n % 37}`,
  unitPrice: 1 + (n % 7) / 4,
  orderedAt: at(n),
  receivedAt: n % 3 === 0 ? null : at(n + 4.5),
});

describe('what the agent remembers across replenishments', () => {
  it('measures the lead time a reorder point must cover from the run\'s start, the manager\'s approval included', () => {
    const m = remember(emptyMemory(), result({ startedAt: at(-2) }), rules());
    expect(m.suppliers.acme).toMatchObject({ lastLeadDays: 6, leadDaysSeen: [8] });
  });

  it('remembers every supplier it was quoted by, ordered from or not, with its price and lead time', () => {
    const m = remember(emptyMemory(), result({ quoted: [{ supplier: 'acme', unitPrice: 2.5, leadTimeDays: 5 }, { supplier: 'bolt', unitPrice: 2.1, leadTimeDays: 12 }] }), rules());
    expect(m.suppliers.acme).toMatchObject({ orders: 1, quoted: { unitPrice: 2.5, leadTimeDays: 5 } });
    expect(m.suppliers.bolt).toEqual({ orders: 0, received: 0, lastPrice: 2.1, lastLeadDays: null, lastSeen: at(6), quoted: { unitPrice: 2.1, leadTimeDays: 12 } });
  });

  it('learns a supplier\'s price and actual lead time from a delivered order', () => {
    const m = remember(emptyMemory(), result(), rules());
    expect(m.suppliers).toEqual({ acme: { orders: 1, received: 1, lastPrice: 2.5, lastLeadDays: 6, leadDaysSeen: [6], lastSeen: at(6) } });
    expect(m.outcomes).toEqual({ received: 1 });
    expect(m.recent).toEqual([{
      replenishment: 1, poNumber: 'PO-SKU-1-1', outcome: 'received', reason: 'received 90 units',
      supplier: 'acme', unitPrice: 2.5, quantityReceived: 90, receivedAt: at(6),
    }]);
  });

  it('counts an order that was cancelled without forgetting the last lead time seen', () => {
    const first = remember(emptyMemory(), result(), rules());
    const m = remember(first, result({ replenishment: 2, outcome: 'cancelled', unitPrice: 2.7, orderedAt: at(20), receivedAt: null }), rules());
    expect(m.suppliers.acme).toEqual({ orders: 2, received: 1, lastPrice: 2.7, lastLeadDays: 6, leadDaysSeen: [6], lastSeen: at(20) });
    expect(m.outcomes).toEqual({ received: 1, cancelled: 1 });
  });

  it('keeps the last lead times seen, oldest first, for their spread', () => {
    let m = emptyMemory();
    for (let i = 0; i < LEAD_TIMES_KEPT + 2; i++) m = remember(m, result({ replenishment: i + 1, orderedAt: at(i * 20), receivedAt: at(i * 20 + 3 + i) }), rules());
    expect(m.suppliers.acme!.leadDaysSeen).toEqual(Array.from({ length: LEAD_TIMES_KEPT }, (_, i) => 5 + i));
  });

  it('learns nothing about a supplier when no order was placed', () => {
    const m = remember(emptyMemory(), result({ outcome: 'rejected', orderedAt: null, receivedAt: null }), rules());
    expect(m.suppliers).toEqual({});
    expect(m.recent).toHaveLength(1);
  });

  it('rounds lead times to a tenth of a day', () => {
    const m = remember(emptyMemory(), result({ receivedAt: '2025-03-05T17:00:00.000Z' }), rules());
    expect(m.suppliers.acme!.lastLeadDays).toBe(2.3);
  });

  it('counts deliveries within the promised date and the goods slack as on time, later ones as late', () => {
    const promised = { expectedDelivery: at(5) };
    const onTime = remember(emptyMemory(), result({ ...promised, receivedAt: at(7) }), rules({ goodsSlackDays: 2 }));
    const late = remember(onTime, result({ ...promised, receivedAt: at(7.5) }), rules({ goodsSlackDays: 2 }));
    expect(late.suppliers.acme).toMatchObject({ orders: 2, onTime: 1, late: 1 });
  });

  it('remembers a supplier that refused an order', () => {
    const m = remember(emptyMemory(), result({ outcome: 'cancelled', supplierRefused: true, receivedAt: null, expectedDelivery: at(5) }), rules());
    const again = remember(m, result({ replenishment: 2, supplierRefused: false, expectedDelivery: at(5), receivedAt: at(5) }), rules());
    expect(m.suppliers.acme).toMatchObject({ refusals: 1 });
    expect(m.suppliers.acme!.onTime).toBeUndefined();
    expect(again.suppliers.acme).toMatchObject({ refusals: 1, onTime: 1, late: 0 });
  });

  it('remembers the suppliers whose orders were cancelled to buy elsewhere: refused, or silent through every chase', () => {
    const cancelledOrders = [
      { poNumber: 'PO-SKU-1-1', supplier: 'acme', quantity: 90, unitPrice: 2.5, orderedAt: at(0), cancelledAt: at(20), why: 'silent' as const },
      { poNumber: 'PO-SKU-1-1-R1', supplier: 'bolt', quantity: 120, unitPrice: 2.8, orderedAt: at(20), cancelledAt: at(22), why: 'refused' as const },
    ];
    const m = remember(emptyMemory(), result({ poNumber: 'PO-SKU-1-1-R2', supplier: 'cog', unitPrice: 3, orderedAt: at(22), receivedAt: at(25), cancelledOrders }), rules());
    expect(m.suppliers.acme).toEqual({ orders: 1, received: 0, lastPrice: 2.5, lastLeadDays: null, lastSeen: at(20), silences: 1 });
    expect(m.suppliers.bolt).toEqual({ orders: 1, received: 0, lastPrice: 2.8, lastLeadDays: null, lastSeen: at(22), refusals: 1 });
    expect(m.suppliers.cog).toMatchObject({ orders: 1, received: 1 });
    expect(m.outcomes).toEqual({ received: 1 });
    // What it knew of a supplier stays; only the let-down is added.
    const again = remember(m, result({ replenishment: 2, supplier: 'cog', cancelledOrders: [{ ...cancelledOrders[0]!, cancelledAt: at(40) }] }), rules());
    expect(again.suppliers.acme).toMatchObject({ orders: 2, silences: 2, lastSeen: at(40) });
  });

  describe('after 500 replenishments', () => {
    const memory = Array.from({ length: 500 }, (_, i) => nth(i + 1))
      .reduce<AgentMemory>((m, r) => remember(m, r, rules()), emptyMemory());

    it('keeps only the last ten outcomes, newest last', () => {
      expect(memory.recent).toHaveLength(RECENT_OUTCOMES);
      expect(memory.recent.map((r) => r.replenishment)).toEqual([491, 492, 493, 494, 495, 496, 497, 498, 499, 500]);
    });

    it('keeps the twenty suppliers seen most recently', () => {
      const kept = Object.keys(memory.suppliers);
      expect(kept).toHaveLength(REMEMBERED_SUPPLIERS);
      const latest = Array.from({ length: 37 }, (_, k) => k)
        .map((k) => ({ name: `supplier-${k}`, seen: lastSeenOf(k) }))
        .sort((a, b) => b.seen.localeCompare(a.seen))
        .slice(0, REMEMBERED_SUPPLIERS)
        .map((x) => x.name);
      expect(kept.sort()).toEqual(latest.sort());
    });

    it('still counts every outcome', () => {
      expect(memory.outcomes).toEqual({ received: 100, cancelled: 100, rejected: 100, gave_up: 100, failed: 100 });
    });

    it('cuts long reasons to 200 characters', () => {
      expect(Math.max(...memory.recent.map((r) => r.reason.length))).toBe(200);
    });

    it('fits in a few kilobytes of JSON, as it crosses every continue-as-new', () => {
      expect(Buffer.byteLength(JSON.stringify(memory))).toBeLessThan(8_192);
    });
  });
});

/** When supplier k was last seen among replenishments 1..500, by the same rule `nth` builds results with. */
function lastSeenOf(k: number): string {
  let n = 500;
  while (n % 37 !== k) n--;
  const r = nth(n);
  return r.receivedAt ?? r.orderedAt!;
}
