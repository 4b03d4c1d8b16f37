import { describe, expect, it } from 'vitest';
import { isQuoteValid, validQuotes } from '../../src/domain/quotes.js';
import { at, quote, T0 } from '../support/states.js';

const cheapSlow = quote({ quoteId: 'Q-CHEAP', unitPrice: 2.0, leadTimeDays: 10 });

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
});
