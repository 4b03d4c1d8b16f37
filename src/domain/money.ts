/**
 * An amount as a person reads it, in the deployment's currency: at least two decimals, and up to
 * four for unit prices below a cent's precision (0.035 must not read as 0.04).
 */
export function formatMoney(amount: number, currency: string): string {
  const decimals = Math.min(4, Math.max(2, (String(amount).split('.')[1] ?? '').length));
  return `${amount.toFixed(decimals)} ${currency}`;
}
