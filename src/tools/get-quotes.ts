import type { Quote } from '../domain/types.js';
import { isSettled } from '../domain/state.js';
import { isQuoteValid, validQuotes } from '../domain/quotes.js';
import { coveringQuotes } from '../domain/agreement.js';
import { gathers } from '../domain/gathering.js';
import { callTool, noInput } from './tool.js';

export const getQuotes = callTool({
  name: 'get_quotes',
  description: 'Ask every supplier that carries the SKU for a quote for the quantity needed. Use when there are no valid quotes yet.',
  input: noInput,
  // An empty answer is an answer: asking the same suppliers again the same day changes nothing.
  allowed: (s, _rules, now) =>
    !isSettled(s) && !s.order && validQuotes(s.quotes, now).length === 0 && !(s.quotes !== null && s.quotes.length === 0),
  // An agreement that holds the line is the quote: no supplier is asked (docs/agreements.md).
  execute: async (_input, s, ctx): Promise<Quote[]> => {
    const covering = coveringQuotes(await ctx.agreements?.offers(s.sku) ?? [], s);
    if (covering.length > 0) return covering;
    const quotes = await ctx.world.quotes(s.sku, s.needed);
    // A supplier that gathers charges its order-level costs on the consolidated PO a line joins:
    // the plan weighs the line's share of them (lineCosts), which the goods gathering now decide.
    const desks = ctx.desks;
    if (!desks) return quotes;
    return Promise.all(quotes.map(async (q) => {
      if (!q.orderCosts || !gathers(ctx.rules, q)) return q;
      const gathered = await desks.gathered(q.supplier);
      return gathered > 0 ? { ...q, gathered } : q;
    }));
  },
  // A quote that has expired by the time it arrives is no offer: kept, it would make every later turn
  // ask the same suppliers again (no valid quote) until the turns ran out.
  apply: (s, _input, quotes, now) => {
    const offered = quotes.filter((q) => !s.droppedSuppliers.includes(q.supplier));
    const valid = offered.filter((q) => isQuoteValid(q, now));
    const { expiredOnArrival: _before, ...rest } = s;
    return { ...rest, quotes: valid, ...(valid.length < offered.length ? { expiredOnArrival: offered.length - valid.length } : {}) };
  },
  describe: (s) => `get_quotes for ${s.needed} × ${s.sku}`,
});
