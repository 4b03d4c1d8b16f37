/**
 * An amount as a person reads it, in the deployment's currency: at least two decimals, and up to
 * four for unit prices below a cent's precision (0.035 must not read as 0.04).
 */
export function formatMoney(amount: number, currency: string): string {
  const decimals = Math.min(4, Math.max(2, (String(amount).split('.')[1] ?? '').length));
  return `${amount.toFixed(decimals)} ${currency}`;
}

/**
 * The largest unit price or amount the API takes, in the deployment's currency: far above any
 * purchase, and small enough that its ten-thousandths (src/domain/quantity.ts) and cents stay exact
 * integers. Unbounded, a price of 1e308 became Infinity in a total, which JSON writes as null, and
 * every list showing that PO or agreement failed.
 */
export const MAX_AMOUNT = 100_000_000_000;
export const MAX_AMOUNT_RULE = 'at most 100,000,000,000';

/** The records database keeps money as whole cents, so sums and the limits its UPDATEs check stay exact. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number | string | bigint): number => Number(cents) / 100;
