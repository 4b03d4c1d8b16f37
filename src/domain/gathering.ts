import { z } from 'zod';
import { SUPPLIER_PATTERN, SUPPLIER_RULE } from './ids.js';

/**
 * Which suppliers' lines gather into one consolidated PO, and for how long. A supplier's freight,
 * free-freight threshold and least order value are charged per order, so lines bought together
 * pay them once; a line that cannot wait for the window does not (`closeOf`).
 *
 * Times are on the business clock: a business hour is a 24th of `dayMs`, and a cut-off is a time
 * of day (UTC) of a business day counted from the epoch, so with real days it is a UTC wall-clock
 * cut-off, and in a demo (a 20 s day) it comes round every 20 s.
 */
export const GatheringSetting = z.union([
  z.object({ windowHours: z.number().positive().max(24 * 30) }).strict(),
  z.object({ cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a cut-off is HH:MM, 00:00 to 23:59') }).strict(),
]);
export type GatheringSetting = z.infer<typeof GatheringSetting>;

/** Per supplier; a supplier without a setting buys per SKU, as before gathering existed. */
export const Gathering = z.record(z.string().regex(SUPPLIER_PATTERN, SUPPLIER_RULE), GatheringSetting);
export type Gathering = z.infer<typeof Gathering>;

export const gatheringOf = (rules: { gathering?: Gathering | undefined }, supplier: string): GatheringSetting | null =>
  (rules.gathering && Object.hasOwn(rules.gathering, supplier) ? rules.gathering[supplier]! : null);

const HOUR_SHARE = 1 / 24;

/**
 * Whether a drafted PO is bought through its supplier's desk: its supplier gathers, and it is not
 * drawn on a blanket agreement (an agreement approves and orders per PO, docs/agreements.md).
 */
export const gathers = (rules: { gathering?: Gathering | undefined }, po: { supplier: string; agreementId?: string | undefined }): boolean =>
  po.agreementId === undefined && gatheringOf(rules, po.supplier) !== null;

/** When a window opened at `openedAt` closes. */
export function windowClose(setting: GatheringSetting, openedAt: string, dayMs: number): string {
  const opened = Date.parse(openedAt);
  if ('windowHours' in setting) return new Date(opened + Math.round(setting.windowHours * HOUR_SHARE * dayMs)).toISOString();
  const [h, m] = setting.cutoff.split(':').map(Number) as [number, number];
  const dayStart = Math.floor(opened / dayMs) * dayMs;
  const today = dayStart + Math.round(((h * 60 + m) / 1440) * dayMs);
  return new Date(today > opened ? today : today + dayMs).toISOString();
}

/** The longest a window of this setting stays open, in business days: what a line's wait must allow for. */
export const longestWindowDays = (setting: GatheringSetting): number =>
  ('windowHours' in setting ? setting.windowHours * HOUR_SHARE : 1);

/**
 * The latest moment the line can be ordered without its SKU running out before the goods come:
 * the stock on hand and on order lasts `(onHand + onOrder) / dailyDemand` business days, of which
 * the lead time is needed for delivery. Null when nothing is consumed (it can wait any window);
 * never before `now`.
 */
export function orderByDate(
  stock: { onHand: number; onOrder: number }, dailyDemand: number | null, leadTimeDays: number, now: string, dayMs: number,
): string | null {
  if (dailyDemand === null || dailyDemand <= 0) return null;
  const coverDays = Math.max(0, stock.onHand + stock.onOrder) / dailyDemand;
  const slackDays = Math.max(0, coverDays - leadTimeDays);
  return new Date(Date.parse(now) + Math.round(slackDays * dayMs)).toISOString();
}

export interface Window { openedAt: string; closesAt: string }

/** The most lines one consolidated PO carries: the world contract's limit of one order's lines. */
export const MAX_LINES_PER_ORDER = 1000;

/** A line as far as closing the window goes. */
export interface Timed { poNumber: string; sku: string; orderBy: string | null }

export type CloseDecision =
  | { close: false }
  | { close: true; early: boolean; reason: string };

/**
 * Whether the window closes now: at its close, or at once when a line must be ordered before it
 * closes (the urgent early close; its reason names the line and its date, for the log and the summary).
 */
export function closeOf(window: Window, lines: readonly Timed[], now: string): CloseDecision {
  if (lines.length === 0) return { close: false };
  // A supplier's gateway takes so many lines in one order: a full window goes out now, the rest gather on.
  if (lines.length >= MAX_LINES_PER_ORDER) return { close: true, early: true, reason: `${lines.length} lines gathered, the most one consolidated PO takes is ${MAX_LINES_PER_ORDER}` };
  const urgent = lines.filter((l) => l.orderBy !== null && l.orderBy < window.closesAt)
    .sort((a, b) => (a.orderBy! < b.orderBy! ? -1 : 1))[0];
  if (urgent) {
    return { close: true, early: true, reason: `${urgent.poNumber} (${urgent.sku}) must be ordered by ${urgent.orderBy}, before the window closes at ${window.closesAt}` };
  }
  if (now >= window.closesAt) return { close: true, early: false, reason: `the window opened at ${window.openedAt} closed at ${window.closesAt}` };
  return { close: false };
}
