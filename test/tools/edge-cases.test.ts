import { describe, expect, it } from 'vitest';
import { choosePolicy } from '../../src/tools/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import { outcome } from '../../src/domain/outcome.js';
import type { ReplenishState } from '../../src/domain/state.js';
import { getQuotes } from '../../src/tools/get-quotes.js';
import { allowedTools } from '../../src/tools/index.js';
import {
  approved, at, awaitingApproval, confirmed, drafted, goodsArrived, lowStock, ordered, quote, quoted, replyRead, rules, T0, twoQuotes,
} from '../support/states.js';
import { approve, receive, reply, scripted, walk } from '../support/drive.js';

const R = rules({ maxChases: 2, maxApprovalRequests: 2 });
/** The PO these replies answer: the quoted 2.50, in the default currency. */
const AT_2_50 = { unitPrice: 2.5, currency: 'USD' };
const choose = (s: ReplenishState, now = T0) =>
  choosePolicy({ state: s, allowed: allowedTools(s, R, now).map((t) => t.name), now });

describe('edge cases a purchasing manager would trip over', () => {
  it('when no supplier quotes, the agent cancels telling the manager no supplier quoted the SKU', async () => {
    const { tools, state } = await walk(lowStock(), R, scripted([]));
    expect(tools).toEqual(['get_quotes', 'cancel_purchase_order', 'done']);
    expect(outcome(state)).toMatchObject({ outcome: 'cancelled', reason: 'no supplier quoted SKU-1' });
  });

  it('when every quote has expired by the time it comes, the agent does not ask again turn after turn: it cancels saying why', async () => {
    const stale = twoQuotes(at(-1));
    const { tools, state } = await walk(lowStock(), R, { quotes: () => stale, arrives: () => null });
    expect(tools).toEqual(['get_quotes', 'cancel_purchase_order', 'done']);
    expect(outcome(state)).toMatchObject({ outcome: 'cancelled', reason: 'no valid quote for SKU-1: all 2 quotes had expired when they came' });
    // A later answer with a quote that stands is taken, and the count of stale ones goes.
    const fresh = getQuotes.apply({ ...lowStock(), expiredOnArrival: 2 }, {}, [...stale, quote({ quoteId: 'Q-NEW', validUntil: at(5) })], T0);
    expect(fresh.quotes?.map((q) => q.quoteId)).toEqual(['Q-NEW']);
    expect(fresh.expiredOnArrival).toBe(2);
    expect(getQuotes.apply({ ...lowStock(), expiredOnArrival: 2 }, {}, [quote({ quoteId: 'Q-NEW', validUntil: at(5) })], T0).expiredOnArrival).toBeUndefined();
  });

  it('when the approved quote expires before the order goes out, the agent re-quotes and drafts a new revision', () => {
    const s = approved(awaitingApproval(drafted(quoted(lowStock(), twoQuotes(at(2))))));
    const requoted = getQuotes.apply(s, {}, [quote({ quoteId: 'Q-ACME-2', unitPrice: 2.6, validUntil: at(20) })], at(3));
    expect(choose(requoted, at(3))).toMatchObject({ tool: 'draft_purchase_order', input: { quoteId: 'Q-ACME-2' } });
    const redrafted = drafted(requoted, 'Q-ACME-2');
    expect(redrafted.po).toMatchObject({ poNumber: 'PO-SKU-1-1-R1', unitPrice: 2.6 });
    expect(redrafted.decision).toBeNull();
  });

  it('a price change within the approved ceiling updates the PO total the manager sees', () => {
    const s = replyRead(ordered(approved(awaitingApproval(), 3)), { kind: 'price_change', unitPrice: 2.9 });
    expect(s.po).toMatchObject({ unitPrice: 2.9, quantity: 90, total: 261 });
  });

  it('a supplier that refuses the rest after a partial delivery: the units that came are booked, not cancelled', () => {
    const s = replyRead(goodsArrived(confirmed(), 40), { kind: 'refused' });
    expect(choose(s).tool).toBe('close_purchase_order');
    expect(allowedTools(s, R, T0).map((t) => t.name)).not.toContain('cancel_purchase_order');
  });

  it('a refusal worded "declined" or "can not" is read as a refusal, not a confirmation', async () => {
    expect((await patternReader.read('We have declined your order PO-SKU-1-1.', {}, AT_2_50)).kind).toBe('refused');
    expect((await patternReader.read('We can not supply this item.', {}, AT_2_50)).kind).toBe('refused');
  });

  it('a date written before the new price is not read as the price', async () => {
    expect(await patternReader.read('Price change: from 2025-04-01 the unit price is 2.90.', {}, AT_2_50)).toEqual({
      kind: 'price_change', deliveryDate: '2025-04-01T00:00:00.000Z', unitPrice: 2.9,
    });
  });

  it('an approval below every quoted price is turned away at once with the drafted price, and the agent still waits for a usable one', async () => {
    const { steps, state } = await walk(lowStock(), R, scripted(twoQuotes(), approve(2.2), approve(2.5), reply('Confirmed.'), receive(90)));
    const turnedAway = steps.find((st) => st.refused)?.refused;
    expect(turnedAway?.why).toBe('an approval up to 2.2 is below the drafted unit price 2.5 of PO-SKU-1-1 and below every other quote; approve at least 2.5, or reject it');
    // Nothing was redrafted for it, and the usable approval that followed was taken.
    expect(state.order?.poNumber).toBe('PO-SKU-1-1');
  });

  it('goods delivered without a prior confirmation can still be received', () => {
    const s = ordered();
    expect(allowedTools(s, R, T0).some((t) => t.kind === 'wait' && t.events.includes('goods-receipt'))).toBe(true);
  });
});
