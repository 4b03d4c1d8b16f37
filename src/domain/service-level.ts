/**
 * Safety stock for a target cycle service level (the chance that a replenishment cycle ends
 * without a stock-out) and the order quantity that weighs ordering against holding cost.
 *
 *   z            = Φ⁻¹(service level)
 *   safety stock = z · √(L · σd² + d² · σL²)      d, σd: daily demand and its spread; L, σL: lead days and their spread
 *   EOQ          = √(2 · D · S / H)               D: yearly demand; S: cost of one order; H: holding cost of a unit a year
 */

/** Business days in a year, for yearly demand and holding cost. */
export const BUSINESS_DAYS_A_YEAR = 250;

/**
 * The standard normal quantile (P. J. Acklam's rational approximation, relative error below
 * 1.2e-9): the z of a service level.
 */
export function zFor(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a service level is between 0 and 1, not ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -zFor(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q
    / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

export interface Variability {
  /** Units a business day, and the standard deviation of one day's demand. */
  daily: number;
  sigmaDaily: number;
  /** Business days from order to receipt, and their standard deviation. */
  leadDays: number;
  sigmaLeadDays: number;
}

/** Units that cover the demand's and the lead time's spread at the service level. */
export function safetyStockFor(serviceLevel: number, v: Variability): number {
  const spread = Math.sqrt(v.leadDays * v.sigmaDaily ** 2 + v.daily ** 2 * v.sigmaLeadDays ** 2);
  return Math.max(0, Math.ceil(zFor(serviceLevel) * spread));
}

/**
 * The economic order quantity; null when it cannot be weighed (no demand, no price, or ordering or
 * holding costing nothing).
 */
export function economicOrderQuantity(daily: number, unitPrice: number | null, orderCost: number, holdingPctPerYear: number): number | null {
  const holding = unitPrice === null ? 0 : unitPrice * holdingPctPerYear / 100;
  if (daily <= 0 || holding <= 0 || orderCost <= 0) return null;
  return Math.ceil(Math.sqrt(2 * daily * BUSINESS_DAYS_A_YEAR * orderCost / holding));
}

/** Mean and standard deviation of the lead times seen (sample deviation; 0 from one delivery). */
export function spreadOf(values: number[]): { mean: number; sigma: number } | null {
  if (values.length === 0) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sigma = values.length < 2 ? 0 : Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / (values.length - 1));
  return { mean, sigma };
}

/** The standard normal distribution function (Zelen & Severo 26.2.17, error below 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const density = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

/**
 * Units expected short while an order is on its way: demand over `leadDays` beyond the stock on
 * hand, demand normal with the daily mean and deviation given (the normal loss function); without
 * spread, simply what the lead time's demand exceeds the stock by.
 */
export function expectedShortage(onHand: number, v: Variability): number {
  const mean = v.daily * v.leadDays;
  const sigma = Math.sqrt(v.leadDays * v.sigmaDaily ** 2 + v.daily ** 2 * v.sigmaLeadDays ** 2);
  if (sigma <= 0) return Math.max(0, mean - onHand);
  const k = (onHand - mean) / sigma;
  const density = Math.exp((-k * k) / 2) / Math.sqrt(2 * Math.PI);
  return Math.max(0, sigma * (density - k * (1 - normalCdf(k))));
}
