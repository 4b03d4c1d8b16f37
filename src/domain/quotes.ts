import type { Quote } from './types.js';

export const isQuoteValid = (q: Quote, now: string): boolean => Date.parse(q.validUntil) > Date.parse(now);

export const validQuotes = (quotes: Quote[] | null, now: string): Quote[] =>
  (quotes ?? []).filter((q) => isQuoteValid(q, now));
