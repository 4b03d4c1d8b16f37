import { describe, expect, it } from 'vitest';
import { outcome } from '../../src/domain/outcome.js';
import { accepts, isRejected, type Message, type ReplenishState } from '../../src/domain/state.js';
import type { SupplierOrderNews } from '../../src/domain/supplier-order.js';
import { allowedTools } from '../../src/tools/index.js';
import { joinSupplierOrder, lineOf } from '../../src/tools/join-supplier-order.js';
import { choosePolicy } from '../../src/tools/policy.js';
import { waitForSupplierOrder } from '../../src/tools/wait-for-supplier-order.js';
import { leaveSupplierOrder } from '../../src/tools/leave-supplier-order.js';
import { cancelPurchaseOrder } from '../../src/tools/cancel-purchase-order.js';
import type { ToolContext } from '../../src/tools/tool.js';
import type { OrderAck } from '../../src/domain/types.js';
import { ackFor, at, DAY_MS, drafted, lowStock, quote, quoted, reorderedElsewhere, replyRead, rules, T0 } from '../support/states.js';

// A supplier that gathers is bought from through its desk: the run joins its line and waits for the
// desk's news; once ordered it follows the line as after place_order. Without gathering nothing changes.

const ALONE = rules();
const GATHERING = rules({ gathering: { acme: { windowHours: 8 } } });
const names = (s: ReplenishState, r = GATHERING, now = T0) => allowedTools(s, r, now).map((t) => t.name);
const policyChoice = (s: ReplenishState, r = GATHERING, now = T0) => choosePolicy({ state: s, allowed: names(s, r, now), now }).tool;

const joined = (s = drafted()): ReplenishState => joinSupplierOrder.apply(s, {}, { supplier: 'acme', joinedAt: T0, orderBy: null }, T0);
const news = (s: ReplenishState, payload: SupplierOrderNews, now = at(1)): Extract<Message, { event: 'supplier-order' }> =>
  ({ event: 'supplier-order', poNumber: s.po!.poNumber, messageId: `${payload.spoNumber}/${s.po!.poNumber}`, at: now, payload });
const orderedNews = (s: ReplenishState): SupplierOrderNews => ({
  kind: 'ordered', spoNumber: 'SPO-acme-1', ack: ackFor(s, at(1)),
  approval: { by: 'policy:routine-order', at: at(1), rule: 'routine-order', note: 'SPO-acme-1 total 400.00 USD below 1000.00 USD' },
});
const told = (s: ReplenishState, payload: SupplierOrderNews) => waitForSupplierOrder.apply(s, news(s, payload), at(1));

describe('buying through a supplier\'s desk', () => {
  it('without gathering configured, a drafted PO goes to the manager exactly as before', () => {
    expect(names(drafted(), ALONE)).toContain('request_approval');
    expect(names(drafted(), ALONE)).not.toContain('join_supplier_order');
    expect(policyChoice(drafted(), ALONE)).toBe('request_approval');
    // Another supplier's gathering changes nothing for acme's PO.
    expect(policyChoice(drafted(), rules({ gathering: { bolt: { cutoff: '14:00' } } }))).toBe('request_approval');
  });

  it('a PO of a supplier that gathers joins its desk instead of asking the manager, and then waits for the desk', () => {
    expect(names(drafted())).toContain('join_supplier_order');
    expect(names(drafted())).not.toContain('request_approval');
    expect(policyChoice(drafted())).toBe('join_supplier_order');
    const s = joined();
    expect(names(s)).toContain('wait_for_supplier_order');
    expect(names(s)).not.toContain('join_supplier_order');
    // Nothing redrafts a line the desk holds, not even once its quote has expired.
    expect(names(s, GATHERING, at(20))).not.toContain('draft_purchase_order');
    expect(policyChoice(s)).toBe('wait_for_supplier_order');
    expect(joinSupplierOrder.key!(s)).toBe(s.po!.poNumber);
  });

  it('a PO drawn on a blanket agreement is approved and ordered per PO, as before', () => {
    const s = drafted(quoted(lowStock(), [quote({ agreementId: 'BA-1' })]));
    expect(names(s)).toContain('request_approval');
    expect(names(s)).not.toContain('join_supplier_order');
  });

  it('ordered by the desk, the run stands as after place_order: approved, placed, waiting for the supplier', () => {
    const s = told(joined(), orderedNews(joined()));
    expect(s.order).toEqual(ackFor(joined(), at(1)));
    expect(s.decision).toMatchObject({ kind: 'approved', by: 'policy:routine-order', rule: 'routine-order', maxUnitPrice: s.po!.unitPrice, quantity: s.po!.quantity });
    expect(s.decision?.kind === 'approved' && s.decision.note).toBe('ordered on SPO-acme-1: SPO-acme-1 total 400.00 USD below 1000.00 USD');
    expect(s.supplierOrder?.spoNumber).toBe('SPO-acme-1');
    expect(names(s)).not.toContain('place_order');
    expect(names(s)).not.toContain('check_before_order');
    expect(policyChoice(s)).toBe('wait_for_supplier_reply');
  });

  it('rejected by the manager on the consolidated PO, the run ends rejected with the reason', () => {
    const s = told(joined(), { kind: 'dropped', spoNumber: 'SPO-acme-1', by: 'manager', decidedBy: 'dana', reason: 'too much freight (on SPO-acme-1)' });
    expect(isRejected(s)).toBe(true);
    expect(policyChoice(s)).toBe('done');
    expect(outcome(s)).toMatchObject({ outcome: 'rejected', reason: 'rejected by dana: too much freight (on SPO-acme-1)' });
  });

  it('refused by the supplier, the run drops it and buys from the others, as when it refuses place_order', () => {
    const s = told(joined(), { kind: 'dropped', spoNumber: 'SPO-acme-1', by: 'supplier', reason: 'acme refused SPO-acme-1: below its least order value' });
    expect(s.droppedSuppliers).toEqual(['acme']);
    expect(s.quotes).toBeNull();
    expect(s.supplierOrder).toBeUndefined();
    expect(policyChoice(s)).toBe('get_quotes');
  });

  it('a line the desk ordered that its supplier then refuses is bought elsewhere: the run quotes and drafts anew, and joins the next supplier\'s desk, never waits on the old one', () => {
    const bothGather = rules({ gathering: { acme: { windowHours: 8 }, bolt: { windowHours: 8 } } });
    const refused = replyRead(told(joined(), orderedNews(joined())), { kind: 'refused' }, 'We cannot supply this order.');
    expect(policyChoice(refused, bothGather)).toBe('reorder_elsewhere');
    const elsewhere = reorderedElsewhere(refused, at(2));
    expect(elsewhere.supplierOrder).toBeUndefined();
    expect(names(elsewhere, bothGather, at(2))).not.toContain('wait_for_supplier_order');
    expect(policyChoice(elsewhere, bothGather, at(2))).toBe('get_quotes');
    const redrafted = drafted(quoted(elsewhere, [quote({ quoteId: 'Q-BOLT', supplier: 'bolt', validUntil: at(14) })]), 'Q-BOLT');
    expect(redrafted.po).toMatchObject({ supplier: 'bolt', poNumber: 'PO-SKU-1-1-R1' });
    expect(policyChoice(redrafted, bothGather, at(2))).toBe('join_supplier_order');
  });

  it('a desk is silent after its window, every request to the manager and a day, and never sooner than five minutes of the clock, however short the days', () => {
    const line = joined();
    // An 8-hour window, every request to the manager of its days, and a day.
    expect(waitForSupplierOrder.timeoutMs(line, GATHERING, T0)).toBe(Math.round((8 / 24 + GATHERING.approvalWaitDays * GATHERING.maxApprovalRequests + 1) * DAY_MS));
    expect(waitForSupplierOrder.timeoutMs(line, { ...GATHERING, dayMs: 1000 }, T0)).toBe(5 * 60_000);
  });

  it('given up by the desk (no decision after every request), the run ends cancelled; with no word at all the run asks the desk for its line', async () => {
    expect(outcome(told(joined(), { kind: 'dropped', spoNumber: 'SPO-acme-1', by: 'desk', reason: 'no decision from the manager on SPO-acme-1 after 2 requests' })))
      .toMatchObject({ outcome: 'cancelled', reason: 'no decision from the manager on SPO-acme-1 after 2 requests' });
    const silent = waitForSupplierOrder.apply(joined(), null, at(9));
    expect(silent.failure).toBeNull();
    expect(names(silent, GATHERING, at(9))).not.toContain('wait_for_supplier_order');
    expect(policyChoice(silent, GATHERING, at(9))).toBe('leave_supplier_order');
    expect(leaveSupplierOrder.key!(silent)).toBe('PO-SKU-1-1/leave');
    const withdrawn: string[] = [];
    const ctx = (placed: OrderAck | null) => ({
      rules: GATHERING, idempotencyKey: 'k',
      desks: { withdraw: async (supplier: string, po: string, reason: string) => { withdrawn.push(`${supplier} ${po}: ${reason}`); return { placed }; } },
    } as unknown as ToolContext);

    // The desk had not ordered it: the line is out of the desk, and a person takes over knowing nothing was ordered.
    const out = await leaveSupplierOrder.execute({}, silent, ctx(null));
    expect(withdrawn).toEqual([`acme PO-SKU-1-1: acme's desk gave no word on PO-SKU-1-1 (joined at ${T0}) by ${at(9)}`]);
    const handed = leaveSupplierOrder.apply(silent, {}, out, at(9));
    expect(handed.failure).toMatch(/^no word from acme's desk on PO-SKU-1-1, which joined it at .*; the line was taken out of the desk, nothing was ordered; a person takes it over$/);
    expect(handed.order).toBeNull();

    // The desk had ordered it: the run follows the order as if it had been told.
    const ack = ackFor(silent, at(8));
    const following = leaveSupplierOrder.apply(silent, {}, await leaveSupplierOrder.execute({}, silent, ctx(ack)), at(9));
    expect(following).toMatchObject({ failure: null, order: ack, orderedAt: at(9), decision: { kind: 'approved', by: 'acme\'s desk' } });
    expect(following.supplierOrder).toBeUndefined();
    expect(policyChoice(following, GATHERING, at(9))).toBe('wait_for_supplier_reply');
    // The window (8 business hours), two approval waits of 3 days and a day for the order.
    expect(waitForSupplierOrder.timeoutMs(joined(), GATHERING, T0)).toBe(Math.round((8 / 24 + GATHERING.approvalWaitDays * GATHERING.maxApprovalRequests + 1) * DAY_MS));
  });

  it('the desk\'s news is taken even before the run applied its join, and never once the line is decided', () => {
    const r = { maxApprovalRequests: 2 };
    expect(accepts(drafted(), news(drafted(), orderedNews(drafted())), r)).toEqual({ ok: true });
    const placed = told(joined(), orderedNews(joined()));
    expect(accepts(placed, news(placed, orderedNews(placed)), r)).toEqual({ ok: false, why: 'purchase order PO-SKU-1-1 has already been placed' });
    expect(accepts(joined(), { ...news(joined(), orderedNews(joined())), poNumber: 'PO-SKU-1-9' }, r).ok).toBe(false);
  });
});

describe('a line\'s order-by date', () => {
  it('comes from the stock and demand the run started with and the quote\'s lead time', () => {
    // 10 on hand at 2 a day last 5 days, of which the quote's lead time takes 5: order now.
    const s = drafted(quoted(lowStock({ dailyDemand: 2 })));
    expect(lineOf(s, GATHERING, T0)).toMatchObject({ poNumber: 'PO-SKU-1-1', sku: 'SKU-1', supplier: 'acme', quantity: s.po!.quantity, unitPrice: 2.5, orderBy: T0 });
    const later = drafted(quoted(lowStock({ onHand: 10, onOrder: 20, dailyDemand: 2 })));
    expect(lineOf(later, GATHERING, T0).orderBy).toBe(at(10));
    expect(lineOf(drafted(), GATHERING, T0).orderBy).toBeNull();
  });
});

describe('cancelling a line at its supplier\'s desk', () => {
  const ctx = (placed: OrderAck | null) => {
    const calls: string[] = [];
    const c = {
      rules: GATHERING, idempotencyKey: 'k',
      world: { cancelOrder: async (supplier: string, po: string) => { calls.push(`cancel ${supplier} ${po}`); }, notify: async () => { calls.push('notify'); } },
      desks: { join: async () => ({ deskId: 'supplier-acme' }), withdraw: async (supplier: string, po: string) => { calls.push(`withdraw ${supplier} ${po}`); return { placed }; } },
    } as unknown as ToolContext;
    return { c, calls };
  };

  it('withdraws the line from the desk; nothing is cancelled at the supplier while the desk had not ordered it', async () => {
    const { c, calls } = ctx(null);
    expect(await cancelPurchaseOrder.execute({ reason: 'not needed' }, joined(), c)).toEqual({ cancelledAtSupplier: false });
    expect(calls).toEqual(['withdraw acme PO-SKU-1-1', 'notify']);
  });

  it('cancels at the supplier a line the desk ordered before the cancellation reached it', async () => {
    const { c, calls } = ctx(ackFor(joined(), T0));
    expect(await cancelPurchaseOrder.execute({ reason: 'not needed' }, joined(), c)).toEqual({ cancelledAtSupplier: true });
    expect(calls).toEqual(['withdraw acme PO-SKU-1-1', 'cancel acme PO-SKU-1-1', 'notify']);
  });

  it('a PO that never joined a desk is cancelled as before', async () => {
    const { c, calls } = ctx(null);
    await cancelPurchaseOrder.execute({ reason: 'not needed' }, drafted(), c);
    expect(calls).toEqual(['notify']);
  });
});
