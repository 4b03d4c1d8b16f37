import type { ReplenishState } from '../../src/domain/state.js';
import type { Quote, StockLevel } from '../../src/domain/types.js';
import { approve, receive, reply, scripted, silence, type Script } from '../../test/support/drive.js';
import { at, quote } from '../../test/support/states.js';

/** One replenishment a decider is scored on: where the stock starts, what the world offers and does. */
export interface Scenario {
  name: string;
  /** What makes it hard, in a line. */
  what: string;
  stock: StockLevel;
  quotes: Quote[];
  script: (quotes: Quote[]) => Script;
}

const stock = (onHand: number, dailyDemand: number, over: Partial<StockLevel> = {}): StockLevel =>
  ({ sku: 'EVAL-1', onHand, safetyStock: 40, targetLevel: 200, onOrder: 0, dailyDemand, ...over });

const acme = (over: Partial<Quote> = {}) => quote({ quoteId: 'Q-ACME', supplier: 'acme', unitPrice: 2.5, moq: 10, leadTimeDays: 5, validUntil: at(14), ...over });
const bolt = (over: Partial<Quote> = {}) => quote({ quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8, moq: 10, leadTimeDays: 2, validUntil: at(14), ...over });

/** The units the PO asks for, once drafted: what a full delivery brings. */
const all = (s: ReplenishState) => receive(s.po!.quantity)(s);
const confirmed = reply('We confirm your order, delivery on schedule.', { kind: 'confirmed' });

/** The fixed suite: `npm run eval:decider` scores a decider on each. */
export const SCENARIOS: Scenario[] = [
  {
    name: 'plain', what: 'two fair quotes, everyone answers',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    script: (q) => scripted(q, approve(), confirmed, all),
  },
  {
    name: 'silent supplier', what: 'the supplier never confirms the order, through every chase; the next one would',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    // Three waits go unanswered (the first and one after each of the two chases); after that the next supplier answers.
    script: (q) => scripted(q, approve(), silence, silence, silence, approve(), confirmed, all),
  },
  {
    name: 'price rise during approval', what: 'the price is higher when the agent re-reads it before ordering',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    script: (q) => {
      // A new price comes with a new quote id, as suppliers issue them.
      const risen = [acme({ quoteId: 'Q-ACME-2', unitPrice: 3.4 }), bolt()];
      const world = scripted(q, approve(), approve(), confirmed, all);
      return {
        ...world,
        // Once the agent has re-read the price, acme quotes the new one.
        quotes: (s) => (s.checkedBeforeOrderAt ? risen : q),
        check: (s) => (s.po?.supplier === 'acme' ? { unitPrice: 3.4 } : {}),
      };
    },
  },
  {
    name: 'partial delivery', what: 'half the goods arrive, the rest never',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    script: (q) => scripted(q, approve(), confirmed, (s) => receive(Math.floor(s.po!.quantity / 2))(s)),
  },
  {
    name: 'refused order', what: 'the cheapest supplier refuses the order after it was placed; the next one would take it',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    script: (q) => scripted(q, approve(), reply('Sorry, we cannot supply this item any more.', { kind: 'refused' }), approve(), confirmed, all),
  },
  {
    name: 'stock recovering', what: 'a return brings stock back above safety while the manager decides',
    stock: stock(30, 5), quotes: [acme(), bolt()],
    script: (q) => ({ ...scripted(q, approve()), check: (s) => ({ stock: { ...s.stock, onHand: 180 } }) }),
  },
  {
    name: 'tight stock-out date', what: 'two days of cover: the cheap supplier delivers too late',
    stock: stock(20, 10), quotes: [acme({ leadTimeDays: 9, unitPrice: 2.2 }), bolt({ leadTimeDays: 1, unitPrice: 2.6 })],
    script: (q) => scripted(q, approve(), confirmed, all),
  },
  {
    name: 'MOQ trap', what: 'the lowest unit price comes with a minimum of 2,000 units',
    stock: stock(30, 5), quotes: [acme({ unitPrice: 1.9, moq: 2000 }), bolt({ unitPrice: 2.6 })],
    script: (q) => scripted(q, approve(), confirmed, all),
  },
];
