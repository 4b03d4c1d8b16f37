import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcome } from '../../src/domain/outcome.js';
import { Rules } from '../../src/domain/rules.js';
import { isSettled, type Message, type ReplenishState } from '../../src/domain/state.js';
import { ReplyKind, type Quote } from '../../src/domain/types.js';
import { quoteStillValid } from '../../src/tools/place-order.js';
import { TOOLS } from '../../src/tools/index.js';
import type { AnyWaitTool } from '../../src/tools/tool.js';
import type { CallOutcome } from '../../src/tools/turn.js';
import {
  approvalMessage, at, DAY_MS, lowStock, receiptMessage, supplierMessage, T0,
} from '../support/states.js';
import { walk, type Script, type Step } from '../support/drive.js';

/**
 * Something that happens while the agent waits; the next wait gets it. An answer is whatever the
 * wait hopes for (a decision, a reply, goods), with random content; a misfit is a message of a
 * given kind for this PO whatever the agent waits for; a stray names another PO.
 */
type Happening =
  | { kind: 'silence' }
  | { kind: 'answer'; approve: boolean; ceilingCents: number | null; reply: Reply; goods: boolean; share: number }
  | { kind: 'misfit'; event: Message['event']; reply: Reply; share: number }
  | { kind: 'stray'; event: Message['event'] };

interface Reply { kind: ReplyKind; priceCents: number | null; deliveryInDays: number | null; hinted: boolean }

interface Offer { priceCents: number; moq: number; leadTimeDays: number; validDays: number }

const offer = fc.record({
  priceCents: fc.integer({ min: 50, max: 900 }),
  moq: fc.integer({ min: 1, max: 200 }),
  leadTimeDays: fc.integer({ min: 0, max: 15 }),
  validDays: fc.integer({ min: 1, max: 20 }),
});

const event = fc.constantFrom<Message['event']>('approval', 'supplier-reply', 'goods-receipt');
const share = fc.double({ min: 0.05, max: 1.2, noNaN: true });
const reply: fc.Arbitrary<Reply> = fc.record({
  kind: fc.constantFrom(...ReplyKind.options),
  priceCents: fc.option(fc.integer({ min: -150, max: 150 }), { nil: null }),
  deliveryInDays: fc.option(fc.integer({ min: -5, max: 30 }), { nil: null }),
  hinted: fc.boolean(),
});

const happening: fc.Arbitrary<Happening> = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    kind: fc.constant('answer' as const),
    approve: fc.boolean().chain((a) => (a ? fc.constant(true) : fc.boolean())),
    ceilingCents: fc.option(fc.integer({ min: -100, max: 150 }), { nil: null }),
    reply, goods: fc.boolean(), share,
  }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'silence' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('misfit' as const), event, reply, share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stray' as const), event }) },
);

const rulesArb = fc.record({
  maxChases: fc.integer({ min: 0, max: 3 }),
  maxApprovalRequests: fc.integer({ min: 1, max: 3 }),
  approvalWaitDays: fc.integer({ min: 1, max: 5 }),
  supplierReplyDays: fc.integer({ min: 1, max: 10 }),
  goodsSlackDays: fc.integer({ min: 0, max: 3 }),
}).map((r) => Rules.parse({ ...r, dayMs: DAY_MS, maxTurns: 200 }));

const stockArb = fc.record({
  onHand: fc.integer({ min: -5, max: 15 }),
  onOrder: fc.integer({ min: 0, max: 4 }),
  targetLevel: fc.integer({ min: 20, max: 300 }),
});

const cents = (n: number): number => Math.max(1, n) / 100;
const OTHER_PO = 'PO-OTHER-9';

/** The world of one generated run: every call for quotes gets the next list, every wait the next happening. */
function world(offers: Offer[][], happenings: Happening[]): Script {
  let calls = 0;
  const queue = [...happenings];
  return {
    quotes: (_s, now) => {
      const call = ++calls;
      const list = offers[Math.min(call, offers.length) - 1]!;
      return list.map((o, i): Quote => ({
        quoteId: `Q${call}-${i}`, supplier: `supplier-${i}`, unitPrice: cents(o.priceCents), moq: o.moq,
        leadTimeDays: o.leadTimeDays, validUntil: at(o.validDays, now),
      }));
    },
    arrives: (s: ReplenishState, wait: AnyWaitTool, now: string): Message | null => {
      const h = queue.shift();
      if (!h || h.kind === 'silence' || !s.po) return null;
      if (h.kind === 'stray') return strayOf(s, h.event);
      const po = s.po;
      const shifted = (deltaCents: number) => cents(Math.round(po.unitPrice * 100) + deltaCents);
      const supplierSays = (r: Reply) => {
        const fields = {
          kind: r.kind,
          ...(r.priceCents === null ? {} : { unitPrice: shifted(r.priceCents) }),
          ...(r.deliveryInDays === null ? {} : { deliveryDate: at(r.deliveryInDays, now) }),
        };
        return r.hinted ? supplierMessage(s, 'see the attached fields', fields) : supplierMessage(s, `Re ${po.poNumber}: ${r.kind}.`, { kind: r.kind });
      };
      const goods = (x: number) => receiptMessage(s, Math.max(1, Math.round(po.quantity * x)));
      if (h.kind === 'misfit') {
        if (h.event === 'approval') return approvalMessage(s, {});
        return h.event === 'supplier-reply' ? supplierSays(h.reply) : goods(h.share);
      }
      switch (wait.name) {
        case 'wait_for_approval':
          return h.approve
            ? approvalMessage(s, h.ceilingCents === null ? {} : { maxUnitPrice: shifted(h.ceilingCents) })
            : approvalMessage(s, { approved: false, reason: 'not now' });
        case 'wait_for_supplier_reply':
          return supplierSays(h.reply);
        default:
          return h.goods ? goods(h.share) : supplierSays(h.reply);
      }
    },
  };
}

function strayOf(s: ReplenishState, event: Message['event']): Message {
  if (event === 'approval') return approvalMessage(s, {}, OTHER_PO);
  if (event === 'supplier-reply') return supplierMessage(s, 'We confirm.', undefined, OTHER_PO);
  return receiptMessage(s, 10, OTHER_PO);
}

const run = fc.record({
  rules: rulesArb,
  stock: stockArb,
  offers: fc.array(fc.array(offer, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  happenings: fc.array(happening, { maxLength: 30 }),
});

/** Checks every turn against the rules a purchasing manager relies on; returns what it saw. */
function audit(rules: Rules) {
  let orders = 0;
  const check = (step: Step) => {
    const { choice, before, after, now } = step;
    expect(step.allowed).toContain(choice.tool);
    if (choice.tool === 'place_order') {
      orders++;
      expect(before.order).toBeNull();
      expect(before.decision?.kind).toBe('approved');
      if (before.decision?.kind === 'approved') expect(before.po!.unitPrice).toBeLessThanOrEqual(before.decision.maxUnitPrice);
      expect(quoteStillValid(before, now)).toBe(true);
      expect(before.approvalRequests).toBeGreaterThan(0);
      // Never again from a supplier that let an order down, and never on an approval given before it did.
      expect(before.droppedSuppliers).not.toContain(before.po!.supplier);
      const lastCancelled = before.cancelledOrders?.at(-1);
      if (lastCancelled) expect(Date.parse(before.decision!.at)).toBeGreaterThan(Date.parse(lastCancelled.cancelledAt));
    }
    // One order at a time: a second only after the first was cancelled at its supplier.
    expect(orders).toBeLessThanOrEqual(1 + (after.cancelledOrders?.length ?? 0));
    if (after.order) {
      // The price committed to the supplier never exceeds what the manager approved.
      expect(after.decision?.kind).toBe('approved');
      if (after.decision?.kind === 'approved') expect(after.po!.unitPrice).toBeLessThanOrEqual(after.decision.maxUnitPrice);
      expect(after.po!.poNumber).toBe(after.order.poNumber);
    }
    // An order at a supplier is cancelled only after a refusal, its silence through every chase, or a person's decision:
    // never because a reply was read as a price change.
    const cancelsThere = before.order !== null && (choice.tool === 'reorder_elsewhere' || (choice.tool === 'cancel_purchase_order' && after.cancelled !== null));
    if (cancelsThere) {
      const silent = before.chases >= rules.maxChases && (before.supplierOverdue || before.goodsOverdue);
      expect(before.refused || silent || before.priceRejected !== undefined).toBe(true);
    }
    // A price raised above what was approved changes the order only through an approval of it.
    if (before.order && after.po && before.decision?.kind === 'approved' && after.po.unitPrice > before.decision.maxUnitPrice) {
      expect(after.decision?.kind === 'approved' && after.decision.at !== before.decision?.at).toBe(true);
    }
    if (choice.tool === 'done') expect(isSettled(before)).toBe(true);
    if (choice.tool === 'close_purchase_order') expect(before.received).toBeGreaterThan(0);
    if (choice.tool === 'chase_supplier') expect(before.supplierOverdue || before.goodsOverdue).toBe(true);
    expect(after.chases).toBeLessThanOrEqual(rules.maxChases);
    expect(after.approvalRequests).toBeLessThanOrEqual(rules.maxApprovalRequests);
    if (step.refused?.message.poNumber === OTHER_PO) {
      expect(step.refused.why).toBe(`purchase order ${OTHER_PO} is not the one this agent is working on`);
    }
    if (before.order && !after.order) {
      if (choice.tool !== 'reorder_elsewhere') throw new Error('an order was forgotten');
      expect(after.cancelledOrders?.at(-1)).toMatchObject({ poNumber: before.order.poNumber, supplier: before.po!.supplier });
      expect(after.droppedSuppliers).toContain(before.po!.supplier);
    }
  };
  return { check, orders: () => orders };
}

describe('the policy decider under any sequence of events', () => {
  it('only picks allowed tools, orders at most once and only within an approved ceiling, and always settles', async () => {
    await fc.assert(fc.asyncProperty(run, async ({ rules, stock, offers, happenings }) => {
      const start = lowStock({ ...stock, safetyStock: 20 });
      const { check, orders } = audit(rules);
      const { state, tools } = await walk(start, rules, world(offers, happenings), { from: T0, onStep: check });

      if (state.failure !== null) {
        // A price raised after the order that the manager never decided on goes to a person, its order left as placed.
        expect(state.failure).toMatch(/^no decision on .* raised price .* the order stands as placed/);
        expect(tools.at(-1)).toBe('escalate_to_manager');
        expect(state.order).not.toBeNull();
        expect(state.cancelled).toBeNull();
        return;
      }
      expect(state.finished).toBe(true);
      expect(tools.at(-1)).toBe('done');
      const r = outcome(state);
      expect(r.outcome).not.toBe('gave_up');
      expect(r.outcome).not.toBe('failed');
      if (r.outcome === 'received') expect(r.quantityReceived).toBeGreaterThan(0);
      const cancelledThere = state.cancelledOrders?.length ?? 0;
      if (orders() === cancelledThere) {
        // Nothing is on order: nothing was ordered, or every order was cancelled at its supplier.
        expect(['cancelled', 'rejected']).toContain(r.outcome);
        expect(r.quantityOrdered).toBe(0);
      } else {
        expect(orders()).toBe(cancelledThere + 1);
        expect(r.quantityOrdered).toBe(state.po!.quantity);
      }
      if (r.outcome === 'rejected') expect(state.order).toBeNull();
      expect(r.reason.length).toBeGreaterThan(0);
    }), { numRuns: 300 });
  });

  it('never orders below the supplier minimum nor short of the target', async () => {
    await fc.assert(fc.asyncProperty(run, async ({ rules, stock, offers, happenings }) => {
      const start = lowStock({ ...stock, safetyStock: 20 });
      const { state } = await walk(start, rules, world(offers, happenings));
      fc.pre(state.po !== null);
      const q = state.quotes!.find((x) => x.quoteId === state.po!.quoteId);
      fc.pre(q !== undefined);
      expect(state.po!.quantity).toBeGreaterThanOrEqual(q!.moq);
      expect(stock.onHand + stock.onOrder + state.po!.quantity).toBeGreaterThanOrEqual(stock.targetLevel);
    }), { numRuns: 200 });
  });

  it('whatever call the world refuses or leaves unanswered, and however often, the replenishment settles and never repeats a refused call', async () => {
    const callTools = TOOLS.filter((t) => t.kind === 'call').map((t) => t.name);
    const failure = fc.record({
      tool: fc.constantFrom(...callTools),
      kind: fc.constantFrom<'refused' | 'unanswered'>('refused', 'unanswered'),
      times: fc.integer({ min: 1, max: 100 }),
    });
    await fc.assert(fc.asyncProperty(run, fc.array(failure, { minLength: 1, maxLength: 3 }), async ({ rules, stock, offers, happenings }, failures) => {
      const left = failures.map((f) => ({ ...f }));
      const script: Script = {
        ...world(offers, happenings),
        refuses: (_s, tool): Exclude<CallOutcome, { kind: 'ok' }> | null => {
          const f = left.find((x) => x.tool === tool && x.times > 0);
          if (!f) return null;
          f.times--;
          return { kind: f.kind, why: `${tool} ${f.kind} by the world` };
        },
      };
      const { state, steps } = await walk(lowStock({ ...stock, safetyStock: 20 }), rules, script, { maxTurns: 200 });

      expect(state.finished || state.failure !== null).toBe(true);
      // Waits, chases and approval requests are bounded by the rules; refusals and silences add a handful of turns.
      // A supplier that lets the order down starts the buying over, once per supplier at most.
      const suppliers = Math.max(...offers.map((list) => list.length));
      expect(steps.length).toBeLessThanOrEqual(60 * suppliers);
      for (const [i, step] of steps.entries()) {
        const last = step.after.log.at(-1)!;
        if (!last.summary.includes('was refused')) continue;
        const next = steps[i + 1];
        // The same call on the same PO and quotes would be refused the same way.
        expect(next?.choice.tool === step.choice.tool && JSON.stringify([next.before.po, next.before.quotes]) === JSON.stringify([step.before.po, step.before.quotes])).toBe(false);
      }
    }), { numRuns: 300 });
  });
});
