/**
 * Daily demand from a SKU's consumption history, as a planner forecasts it: Holt's exponential
 * smoothing with a trend, after capping days far above the usual (one huge order must not raise the
 * forecast for months), and the spread of its one-day-ahead errors as the demand's variability.
 *
 *   cap      = max(Q3 + 3 · (Q3 − Q1), 2 · median) of the days with demand (no cap with fewer than five such days)
 *   level_t  = α · x_t + (1 − α) · (level_{t−1} + trend_{t−1})
 *   trend_t  = β · (level_t − level_{t−1}) + (1 − β) · trend_{t−1}
 *   forecast = max(0, level + trend)          σ = root mean square of the errors x_t − (level + trend)_{t−1}
 *
 * The trend follows a season through its slope within the window; a yearly profile needs more
 * history than a window holds, and is not fitted.
 *
 * Intermittent demand (most days without any) has no level to smooth: Holt would swing from zero to
 * the last order. It is forecast as Syntetos and Boylan's approximation of Croston's method, the
 * size of an order over the days between orders, each smoothed on the days with demand:
 *   size_k, interval_k smoothed by α_I   forecast = (1 − α_I / 2) · size / interval   σ = the days' standard deviation
 */

export const ALPHA = 0.2;
export const BETA = 0.05;
/** Share of days without demand from which a history is intermittent, and the smoothing Croston uses for it. */
export const INTERMITTENT_SHARE = 0.3;
export const ALPHA_INTERMITTENT = 0.1;
/** Business days of history below which no forecast is made: the mean and the typed-in levels apply. */
export const MIN_HISTORY_DAYS = 10;

export interface Forecast {
  /** Units a business day expected next. */
  daily: number;
  /** Units a business day the demand grows (negative: falls) by each day. */
  trend: number;
  /** Standard deviation of one day's demand around the forecast. */
  sigma: number;
  /** Days of history it was made from. */
  days: number;
  /** Days whose consumption was capped as far above the usual, and the cap. */
  capped: number;
  cap: number | null;
}

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (at - lo);
}

/** Days with demand below which no day is told exceptional: too few to know the usual size. */
export const MIN_DEMAND_DAYS_TO_CAP = 5;

/**
 * The highest a day counts for: far above the usual size of a day's demand is one exceptional
 * order, not demand to plan for. Sizes are of the days with demand, so that intermittent demand
 * (most days empty) keeps its real orders.
 */
export function capOf(history: number[]): number | null {
  const sizes = history.filter((x) => x > 0).sort((a, b) => a - b);
  if (sizes.length < MIN_DEMAND_DAYS_TO_CAP) return null;
  const [q1, q2, q3] = [quantile(sizes, 0.25), quantile(sizes, 0.5), quantile(sizes, 0.75)];
  // Tukey's far-out fence; twice the usual size at least, so that orders of one fixed size allow a larger one.
  return Math.max(q3 + 3 * (q3 - q1), 2 * q2);
}

/** The forecast from units consumed per business day, oldest first; null with too little history. */
export function forecastDemand(history: number[]): Forecast | null {
  if (history.length < MIN_HISTORY_DAYS) return null;
  const cap = capOf(history);
  const xs = cap === null ? history : history.map((x) => Math.min(x, cap));
  const capped = cap === null ? 0 : history.filter((x) => x > cap).length;
  if (xs.filter((x) => x === 0).length >= INTERMITTENT_SHARE * xs.length) return intermittent(xs, capped, cap);
  // Start from the first week's mean, flat: the trend is learned, not guessed from two days.
  const warm = Math.min(5, xs.length);
  let level = xs.slice(0, warm).reduce((a, b) => a + b, 0) / warm;
  let trend = 0;
  let squares = 0;
  let errors = 0;
  for (let t = warm; t < xs.length; t++) {
    const x = xs[t]!;
    const expected = level + trend;
    squares += (x - expected) ** 2;
    errors++;
    const previous = level;
    level = ALPHA * x + (1 - ALPHA) * expected;
    trend = BETA * (level - previous) + (1 - BETA) * trend;
  }
  return {
    daily: Math.max(0, level + trend),
    trend,
    sigma: Math.sqrt(squares / Math.max(1, errors)),
    days: history.length,
    capped,
    cap,
  };
}

function intermittent(xs: number[], capped: number, cap: number | null): Forecast {
  const orders = xs.flatMap((x, t) => (x > 0 ? [{ x, t }] : []));
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sigma = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  if (orders.length === 0) return { daily: 0, trend: 0, sigma: 0, days: xs.length, capped, cap };
  let size = orders[0]!.x;
  let interval = orders[0]!.t + 1;
  for (let k = 1; k < orders.length; k++) {
    size += ALPHA_INTERMITTENT * (orders[k]!.x - size);
    interval += ALPHA_INTERMITTENT * (orders[k]!.t - orders[k - 1]!.t - interval);
  }
  return { daily: (1 - ALPHA_INTERMITTENT / 2) * size / interval, trend: 0, sigma, days: xs.length, capped, cap };
}
