import { describe, expect, it } from 'vitest';
import { bestQuote, isQuoteValid, validQuotes } from '../../src/domain/quotes.js';
import { at, quote, T0 } from '../support/states.js';

const cheapSlow = quote({ quoteId: 'Q-CHEAP', unitPrice: 2.0, leadTimeDays: 10 });
const dearFast = quote({ quoteId: 'Q-FAST', unitPrice: 3.0, leadTimeDays: 1 });
const cheapFast = quote({ quoteId: 'Q-BOTH', unitPrice: 2.0, leadTimeDays: 4 });

describe('quotes', () => {
  it('a quote stands until its validity ends, not at that instant', () => {
    const q = quote({ validUntil: at(2) });
    expect(isQuoteValid(q, at(1))).toBe(true);
    expect(isQuoteValid(q, at(2))).toBe(false);
    expect(isQuoteValid(q, at(3))).toBe(false);
  });

  it('only valid quotes are offered for drafting', () => {
    const expired = quote({ quoteId: 'Q-OLD', validUntil: at(-1) });
    expect(validQuotes([expired, cheapSlow], T0).map((q) => q.quoteId)).toEqual(['Q-CHEAP']);
    expect(validQuotes(null, T0)).toEqual([]);
  });

  it('picks the cheapest quote, the faster one on a tie', () => {
    expect(bestQuote([dearFast, cheapSlow, cheapFast], false)?.quoteId).toBe('Q-BOTH');
  });

  it('picks the fastest quote when the shelf is empty, the cheaper one on a tie', () => {
    const dearFastToo = quote({ quoteId: 'Q-FAST-DEAR', unitPrice: 4.0, leadTimeDays: 1 });
    expect(bestQuote([cheapSlow, dearFastToo, dearFast], true)?.quoteId).toBe('Q-FAST');
  });

  it('has no best quote when there are none', () => {
    expect(bestQuote([], false)).toBeUndefined();
  });
});
