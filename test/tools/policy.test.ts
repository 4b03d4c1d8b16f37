import { describe, expect, it } from 'vitest';
import { choosePolicy } from '../../src/tools/policy.js';
import { outcome } from '../../src/domain/outcome.js';
import type { ReplenishState } from '../../src/domain/state.js';
import { chaseSupplier } from '../../src/tools/chase-supplier.js';
import { silentAfterChases } from '../../src/tools/reorder-elsewhere.js';
import { draftFor } from '../../src/tools/draft-purchase-order.js';
import { allowedTools } from '../../src/tools/index.js';
import {
  approvalTimedOut, approved, at, awaitingApproval, checked, confirmed, drafted, lowStock, ordered, quote, quoted, reorderedElsewhere, replyRead,
  replyWaiting, rules, supplierOverdue, T0, twoQuotes, goodsOverdue,
} from '../support/states.js';
import { approve, receive, reject, reply, scripted, silence, walk } from '../support/drive.js';

const R = rules({ maxChases: 2, maxApprovalRequests: 2 });
const choose = (s: ReplenishState, now = T0) =>
  choosePolicy({ state: s, allowed: allowedTools(s, R, now).map((t) => t.name), now });
const chased = (s: ReplenishState): ReplenishState => chaseSupplier.apply(s, {}, { chased: true }, T0);

describe('the policy decider\'s choices', () => {
  it('drafts from the quote with the lowest expected cost, and says what the runner-up and the others would cost', () => {
    expect(choose(quoted())).toEqual({
      tool: 'draft_purchase_order', input: { quoteId: 'Q-ACME' },
      reason: 'acme 90 at 2.5 = 225.00 in 5 days: the lowest expected cost of 2 valid quotes, 225.00, the goods alone: no demand known to weigh holding or shortage; '
        + 'acme costs 111.00 less than bolt (bolt 120 at 2.8 = 336.00 in 2 days); others: bolt 120 at 2.8 = 336.00 in 2 days',
    });
  });

  it('drafts 510 washers from quickparts for 25.50, not 1,000 from acme for 30.00', () => {
    const washers = [
      quote({ quoteId: 'Q-ACME', supplier: 'acme-industrial', unitPrice: 0.03, moq: 1000, leadTimeDays: 5 }),
      quote({ quoteId: 'Q-QUICK', supplier: 'quickparts', unitPrice: 0.05, moq: 200, leadTimeDays: 1 }),
    ];
    const s = quoted(lowStock({ onHand: 90, safetyStock: 100, targetLevel: 600 }), washers);
    expect(choose(s).input).toEqual({ quoteId: 'Q-QUICK' });
    expect(draftFor(s, 'Q-QUICK')).toMatchObject({ quantity: 510, unitPrice: 0.05, total: 25.5 });
  });

  it('drafts from the cheaper, slower supplier when the units it may leave short cost less than the faster one\'s premium', () => {
    // 30 on hand at 10 a day: acme (5 days) leaves 20 short, worth 56 at bolt's 2.80; bolt's 0.30 more a unit costs 114.
    const choice = choose(quoted(lowStock({ onHand: 30, safetyStock: 40, dailyDemand: 10 })));
    expect(choice.input).toEqual({ quoteId: 'Q-ACME' });
    expect(choice.reason).toContain('acme costs 60.17 less than bolt (bolt 380 at 2.8 = 1064.00 in 2 days, no shortage expected), at a risk of 20 units short');
  });

  it('drafts from the faster, dearer supplier when the shelf would be short long enough to cost more', () => {
    // 20 on hand at 20 a day: a supplier taking 10 days leaves 180 short, one taking 2 leaves 20; 0.10 more a unit is far less.
    const quotes = [quote({ quoteId: 'Q-SLOW', supplier: 'acme', unitPrice: 2.5, leadTimeDays: 10 }), quote({ quoteId: 'Q-FAST', supplier: 'bolt', unitPrice: 2.6, leadTimeDays: 2 })];
    const choice = choose(quoted(lowStock({ onHand: 20, safetyStock: 40, dailyDemand: 20 }), quotes));
    expect(choice.input).toEqual({ quoteId: 'Q-FAST' });
    expect(choice.reason).toContain('bolt costs');
    expect(choice.reason).toContain('less than acme (acme');
    expect(choice.reason).toContain('in 10 days, 180 units short expected), at a risk of 20 units short');
  });

  it('drafts from the fastest supplier when the shelf is empty and its demand unknown', () => {
    expect(choose(quoted(lowStock({ onHand: 0 })))).toEqual({
      tool: 'draft_purchase_order', input: { quoteId: 'Q-BOLT' },
      reason: 'the shelf is empty and its demand unknown; fastest: bolt in 2 days, 120 at 2.8 = 336.00; ' +
        "20 over the 100 needed: the supplier's minimum order is 120; others: acme 100 at 2.5 = 250.00 in 5 days (after the projected stock-out)",
    });
  });

  it('never drafts from an expired quote, however cheap', () => {
    const s = quoted(lowStock(), [quote({ quoteId: 'Q-CHEAP', unitPrice: 1, validUntil: at(1) }), quote({ quoteId: 'Q-DEAR', unitPrice: 4 })]);
    expect(choose(s, at(2)).input).toEqual({ quoteId: 'Q-DEAR' });
  });

  it('reads a supplier message before doing anything else', () => {
    expect(choose(replyWaiting(supplierOverdue(), 'We confirm.')).tool).toBe('read_supplier_reply');
  });

  it('chases an overdue supplier before waiting again', () => {
    expect(choose(supplierOverdue())).toMatchObject({ tool: 'chase_supplier', reason: 'the supplier is overdue' });
  });

  it('orders elsewhere when the supplier refused the order, saying so', () => {
    expect(choose(replyRead(ordered(), { kind: 'refused' }))).toEqual({
      tool: 'reorder_elsewhere', input: {}, reason: 'acme refused the order: cancel it there and buy from another supplier',
    });
  });

  it('puts a price raised after the order above the approval back to the supplier first, never cancelling for it', () => {
    expect(choose(replyRead(ordered(), { kind: 'price_change', unitPrice: 3.4 }))).toMatchObject({
      tool: 'ask_supplier_to_honour_price', reason: 'acme asks 3.4 after the order was placed at 2.5: ask it to keep the ordered price',
    });
  });

  it('orders elsewhere after the last chase goes unanswered, saying how often it chased', () => {
    const s = supplierOverdue(chased(supplierOverdue(chased(supplierOverdue()))));
    expect(choose(s)).toMatchObject({ tool: 'reorder_elsewhere', reason: 'acme did not answer after 2 chases: cancel it there and buy from another supplier' });
  });

  it('counts a single chase as one, in the words the manager and the purchasing record read', () => {
    expect(silentAfterChases(chased(supplierOverdue()))).toBe('acme did not answer after 1 chase');
    expect(silentAfterChases(chased(goodsOverdue(confirmed())))).toBe('acme confirmed the order but its goods did not come after 1 chase');
  });

  it('a supplier that confirmed but whose goods never came through every chase is named for that, not as silent', () => {
    const s = goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(confirmed())))));
    expect(choose(s)).toMatchObject({ tool: 'reorder_elsewhere', reason: 'acme confirmed the order but its goods did not come after 2 chases: cancel it there and buy from another supplier' });
  });

  it('cancels when no supplier is left after dropping those that let it down, naming why each was dropped', () => {
    const silent = reorderedElsewhere(supplierOverdue(chased(supplierOverdue(chased(supplierOverdue())))));
    const refused = reorderedElsewhere(replyRead(ordered(checked(approved(awaitingApproval(drafted(quoted(silent, twoQuotes()), 'Q-BOLT'))))), { kind: 'refused' }));
    const none = quoted(refused, twoQuotes());
    expect(none.quotes).toEqual([]);
    expect(choose(none)).toMatchObject({ tool: 'cancel_purchase_order', input: { reason: 'no supplier left for SKU-1: acme did not answer, bolt refused the order' } });
  });

  // "acme did not answer" of a supplier that had confirmed, in the manager's notice and the record's reason.
  it('names a dropped supplier that confirmed and never delivered for that, not as one that did not answer', () => {
    const undelivered = reorderedElsewhere(goodsOverdue(chased(goodsOverdue(chased(goodsOverdue(confirmed()))))));
    const refused = reorderedElsewhere(replyRead(ordered(checked(approved(awaitingApproval(drafted(quoted(undelivered, twoQuotes()), 'Q-BOLT'))))), { kind: 'refused' }));
    expect(choose(quoted(refused, twoQuotes())).input).toEqual({
      reason: 'no supplier left for SKU-1: acme confirmed the order but its goods did not come, bolt refused the order',
    });
  });

  // "no decision from the manager" where dana had approved and a second manager's approval never came.
  it('cancels after the approvals it needs did not all come, naming who approved', () => {
    const s = approvalTimedOut(awaitingApproval(approvalTimedOut()));
    const oneOfTwo: ReplenishState = { ...s, approvalsNeeded: 2, firstApprovals: [{ by: 'dana', at: T0, maxUnitPrice: 2.5 }] };
    expect(choose(oneOfTwo).input).toEqual({
      reason: 'only dana approved, of the 2 managers who must; no other manager decided after 2 requests',
    });
  });

  it('cancels after the manager left every request unanswered', () => {
    expect(choose(approvalTimedOut(awaitingApproval(approvalTimedOut()))).input).toEqual({
      reason: 'no decision from the manager after 2 requests',
    });
  });

  it('waits for the goods once the supplier confirmed', () => {
    expect(choose(confirmed()).tool).toBe('wait_for_goods');
  });
});

describe('a replenishment walked by the policy decider', () => {
  it('low stock to goods on the shelf: quotes, draft, approval, order, confirmation, goods, close', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(),
      approve(2.5),
      reply('We confirm PO-SKU-1-1, delivery on 2025-03-10.'),
      receive(90),
    ));
    expect(tools).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order',
      'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
    expect(state.expectedDelivery).toBe('2025-03-10T00:00:00.000Z');
    expect(state.stock.onHand).toBe(100);
    expect(outcome(state)).toMatchObject({
      outcome: 'received', reason: 'received 90 units', supplier: 'acme', unitPrice: 2.5, quantityOrdered: 90, quantityReceived: 90, turns: 11,
    });
  });

  it('a manager who rejects the price ends it without an order', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), reject('wait for the new catalogue')));
    expect(tools).toEqual(['get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'done']);
    expect(outcome(state)).toMatchObject({ outcome: 'rejected', reason: 'rejected by dana: wait for the new catalogue', quantityOrdered: 0 });
  });

  it('a manager who never answers is asked twice, then the replenishment is cancelled', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes()));
    expect(tools).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'request_approval', 'wait_for_approval',
      'cancel_purchase_order', 'done',
    ]);
    expect(outcome(state)).toMatchObject({ outcome: 'cancelled', reason: 'no decision from the manager after 2 requests' });
  });

  it('an approval below the drafted price is asked again, and the order goes out once the price is approved', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(2.2), approve(2.5), reply('Confirmed.'), receive(90)));
    expect(tools.slice(2, 8)).toEqual(['request_approval', 'wait_for_approval', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order']);
    expect(state.order?.poNumber).toBe('PO-SKU-1-1');
  });

  it('a supplier who never answers is chased twice, then the order goes to the next supplier, approved anew', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(), silence, silence, silence, approve(), reply('Confirmed.'), receive(120)));
    expect(tools.slice(4)).toEqual([
      'check_before_order', 'place_order', 'wait_for_supplier_reply', 'chase_supplier', 'wait_for_supplier_reply', 'chase_supplier',
      'wait_for_supplier_reply', 'reorder_elsewhere', 'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval',
      'check_before_order', 'place_order', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
    expect(state.cancelledOrders).toMatchObject([{ poNumber: 'PO-SKU-1-1', supplier: 'acme', why: 'silent' }]);
    expect(outcome(state)).toMatchObject({ outcome: 'received', poNumber: 'PO-SKU-1-1-R1', supplier: 'bolt', quantityOrdered: 120, quantityReceived: 120 });
  });

  it('a supplier who never answers, and no other supplier willing: the run ends cancelled, saying no supplier is left', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted([quote()], approve()));
    expect(tools.slice(-4)).toEqual(['reorder_elsewhere', 'get_quotes', 'cancel_purchase_order', 'done']);
    expect(outcome(state)).toMatchObject({ outcome: 'cancelled', reason: 'no supplier left for SKU-1: acme did not answer', quantityOrdered: 0 });
  });

  it('a supplier who answers only after a chase still gets the order through, placed once', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(), silence, reply('Sorry for the wait, we confirm the order.'), receive(90),
    ));
    expect(tools.filter((t) => t === 'place_order')).toHaveLength(1);
    expect(tools.slice(6, 11)).toEqual(['wait_for_supplier_reply', 'chase_supplier', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods']);
    expect(outcome(state).outcome).toBe('received');
  });

  it('a supplier who raises the price after the order is asked to keep it, then the manager decides: a rejection buys elsewhere', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(2.6), reply('Price increase: the new unit price is 2.75.'), reply('Sorry, the unit price is now 2.75.'),
      reject('too dear'), approve(), reply('We confirm.'), receive(90),
    ));
    expect(tools.slice(6, 14)).toEqual([
      'wait_for_supplier_reply', 'read_supplier_reply', 'ask_supplier_to_honour_price', 'wait_for_supplier_reply', 'read_supplier_reply',
      'ask_manager_about_price', 'wait_for_approval', 'reorder_elsewhere',
    ]);
    expect(state.cancelledOrders).toMatchObject([{ supplier: 'acme', why: 'repriced', unitPrice: 2.5 }]);
    expect(outcome(state)).toMatchObject({ outcome: 'received', supplier: 'bolt' });
  });

  it('a raised price the manager approves is a new approval, and the order goes on at it', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(2.6), reply('Price increase: the new unit price is 2.75.'), silence, approve(2.75), receive(90),
    ));
    expect(tools).not.toContain('cancel_purchase_order');
    expect(tools).not.toContain('reorder_elsewhere');
    expect(state.decision).toMatchObject({ kind: 'approved', maxUnitPrice: 2.75, by: 'dana' });
    expect(outcome(state)).toMatchObject({ outcome: 'received', supplier: 'acme', unitPrice: 2.75 });
  });

  it('a supplier that agrees to keep the ordered price withdraws the question, and the order goes on as placed', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(2.6), reply('Price increase: the new unit price is 2.75.'), reply('Understood, we confirm the order as placed.'), receive(90),
    ));
    expect(tools).not.toContain('ask_manager_about_price');
    expect(state.repricedTo).toBeNull();
    expect(outcome(state)).toMatchObject({ outcome: 'received', supplier: 'acme', unitPrice: 2.5 });
  });

  it('a raised price nobody decides on is handed to the manager with the order left as placed', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(2.6), reply('Price increase: the new unit price is 2.75.'), reply('Our unit price is now 2.75.'),
    ));
    expect(tools.slice(-5)).toEqual(['ask_manager_about_price', 'wait_for_approval', 'ask_manager_about_price', 'wait_for_approval', 'escalate_to_manager']);
    expect(state.cancelled).toBeNull();
    expect(outcome(state)).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('no decision on acme\'s raised price 2.75') });
  });

  it('a price rise within the approval is accepted and the goods are received at the new price', async () => {
    const { state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(2.6), reply('Price change: new unit price 2.55.'), receive(90)));
    expect(outcome(state)).toMatchObject({ outcome: 'received', unitPrice: 2.55 });
  });

  it('a partial delivery is chased, then closed short', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(), reply('We confirm.'), receive(40)));
    expect(tools.slice(8)).toEqual([
      'wait_for_goods', 'wait_for_goods', 'chase_supplier', 'wait_for_goods', 'chase_supplier', 'wait_for_goods',
      'close_purchase_order', 'done',
    ]);
    expect(outcome(state)).toMatchObject({ outcome: 'received', reason: 'received 40 of 90; 50 not delivered', quantityReceived: 40 });
    expect(state.stock.onHand).toBe(50);
  });

  it('a reply that says nothing the order can act on is put to the supplier, then to the manager; the order never changes for it', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(
      twoQuotes(), approve(), reply('Thank you, we have received your purchase order and will revert.'),
      reply('Noted. Our team is looking into it.'), receive(90),
    ));
    expect(tools.slice(6)).toEqual([
      'wait_for_supplier_reply', 'read_supplier_reply', 'ask_supplier_to_clarify', 'wait_for_supplier_reply', 'read_supplier_reply',
      'ask_manager_about_reply', 'wait_for_supplier_reply', 'close_purchase_order', 'done',
    ]);
    expect(state.replies.map((r) => r.kind)).toEqual(['unclear', 'unclear']);
    expect(outcome(state)).toMatchObject({ outcome: 'received', unitPrice: 2.5, quantityReceived: 90 });
  });

  it('a supplier that refuses the order after taking it: cancelled there, redrafted for the next supplier, approved anew, received', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(), reply('We cannot supply this item.'), approve(), reply('Confirmed.'), receive(120)));
    expect(tools.slice(6)).toEqual([
      'wait_for_supplier_reply', 'read_supplier_reply', 'reorder_elsewhere', 'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval',
      'check_before_order', 'place_order', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
    expect(state.decision).toMatchObject({ kind: 'approved', supplier: 'bolt', maxUnitPrice: 2.8 });
    expect(outcome(state)).toMatchObject({ outcome: 'received', poNumber: 'PO-SKU-1-1-R1', supplier: 'bolt', unitPrice: 2.8, cancelledOrders: [{ supplier: 'acme', why: 'refused' }] });
  });

  it('every supplier refuses in turn: the run ends cancelled with no supplier left', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(), reply('We cannot supply this item.'), approve(), reply('We cannot supply this item.')));
    expect(tools.filter((t) => t === 'reorder_elsewhere')).toHaveLength(2);
    expect(tools.slice(-3)).toEqual(['get_quotes', 'cancel_purchase_order', 'done']);
    expect(outcome(state)).toMatchObject({ outcome: 'cancelled', reason: 'no supplier left for SKU-1: acme refused the order, bolt refused the order', quantityOrdered: 0 });
  });

  it('an empty shelf orders from the fastest supplier, at its minimum order quantity', async () => {
    const { state } = await walk(lowStock({ onHand: 0 }), R, scripted(twoQuotes(), approve(), reply('Confirmed.'), receive(120)));
    expect(outcome(state)).toMatchObject({ outcome: 'received', supplier: 'bolt', quantityOrdered: 120, quantityReceived: 120 });
  });
});
