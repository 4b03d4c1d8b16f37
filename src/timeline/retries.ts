import { iso, ms, type RetryPolicyLike } from './decode.js';
import type { Attempt } from './types.js';

/**
 * A call's retries: the history keeps only the first attempt's scheduling and the last attempt's
 * start, so the attempts between are spaced as the retry policy spaces them, scaled to fit.
 */
export function retriesOf(scheduled: number, lastStart: number, attempts: number, policy: RetryPolicyLike | null | undefined): Attempt[] {
  if (attempts <= 1) return [];
  const initial = ms(policy?.initialInterval) || 1_000;
  const coefficient = policy?.backoffCoefficient || 2;
  const maximum = ms(policy?.maximumInterval) || Infinity;
  const intervals = Array.from({ length: attempts - 1 }, (_, i) => Math.min(initial * coefficient ** i, maximum));
  const total = intervals.reduce((a, b) => a + b, 0);
  const scale = total > 0 ? (lastStart - scheduled) / total : 0;
  let at = scheduled;
  return intervals.map((interval, i) => {
    at += interval * scale;
    const attempt = i + 2;
    return { attempt, at: iso(attempt === attempts ? lastStart : at), estimated: attempt !== attempts };
  });
}
