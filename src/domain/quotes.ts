import type { Quote } from './types.js';

export const isQuoteValid = (q: Quote, now: string): boolean => Date.parse(q.validUntil) > Date.parse(now);

export const validQuotes = (quotes: Quote[] | null, now: string): Quote[] =>
  (quotes ?? []).filter((q) => isQuoteValid(q, now));

/** Cheapest valid quote, or the fastest when the shelf is already empty. */
export function bestQuote(quotes: Quote[], urgent: boolean): Quote | undefined {
  const sorted = [...quotes].sort((a, b) =>
    urgent
      ? a.leadTimeDays - b.leadTimeDays || a.unitPrice - b.unitPrice
      : a.unitPrice - b.unitPrice || a.leadTimeDays - b.leadTimeDays);
  return sorted[0];
}
