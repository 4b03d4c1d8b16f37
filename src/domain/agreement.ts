import { z } from 'zod';
import { SKU_PATTERN, SKU_RULE } from './ids.js';
import { formatMoney, MAX_AMOUNT, MAX_AMOUNT_RULE, toCents } from './money.js';
import { lineTotal } from './quantity.js';
import { needs, planLine } from './purchase-plan.js';
import type { ReplenishState } from './state.js';
import type { Quote } from './types.js';

/**
 * A blanket agreement: a manager approved, once, a supplier's prices for some SKUs, up to a total
 * quantity per SKU and/or a total value, for a period. Replenishments of a covered SKU draft from
 * it without asking suppliers for quotes and draw their PO down from it (src/records/agreements.ts).
 */
export const AGREEMENT_APPROVALS = ['once', 'each-order'] as const;
export type AgreementApproval = (typeof AGREEMENT_APPROVALS)[number];

export const AGREEMENT_STATUSES = ['scheduled', 'active', 'expired', 'used-up', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The rule that approves a PO drawn from an agreement approved once; the approver is `policy:blanket-agreement`. */
export const BLANKET_AGREEMENT_RULE = 'blanket-agreement';

export const AGREEMENT_ID_PATTERN = /^BA-[0-9a-f]{8}$/;

export interface AgreementLine {
  sku: string;
  unitPrice: number;
  /** The fewest units one call-off may order, and its pack size: as the supplier sells them. */
  moq: number;
  orderMultiple: number | null;
  /** Units the agreement holds of this SKU; null when only the total value limits it. */
  quantity: number | null;
  drawnQuantity: number;
  remainingQuantity: number | null;
}

export interface Agreement {
  agreementId: string;
  supplier: string;
  currency: string;
  approval: AgreementApproval;
  validFrom: string;
  validUntil: string;
  leadTimeDays: number;
  /** Null when only the lines' quantities limit it. */
  totalValue: number | null;
  drawnValue: number;
  remainingValue: number | null;
  lines: AgreementLine[];
  approvedBy: string;
  approvedAt: string;
  cancelledBy: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  note: string | null;
}

/** What one call-off may take of an agreement for one SKU today: the line and what is left of both limits. */
export interface AgreementOffer {
  agreementId: string;
  supplier: string;
  sku: string;
  unitPrice: number;
  moq: number;
  orderMultiple: number | null;
  leadTimeDays: number;
  validUntil: string;
  remainingQuantity: number | null;
  remainingValue: number | null;
}

/** What the tools may ask of the agreements, inside the tool activity only. */
export interface AgreementDesk {
  /** The active agreements holding a line for this SKU, as they stand now. */
  offers(sku: string): Promise<AgreementOffer[]>;
  /** The agreement's price for the SKU and its end, as they stand now; refused (a business refusal) when it no longer holds. */
  terms(agreementId: string, sku: string): Promise<{ unitPrice: number; validUntil: string }>;
}

const positiveInt = (what: string) => z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).positive(`${what} must be above 0`);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WHEN = 'a day (2026-11-30) or a date-time with its offset (2026-11-30T12:00:00Z)';
// A day is checked against the calendar: Date.parse reads 2027-02-30 as 2 March, which would have
// kept an agreement valid days longer than the manager typed.
const isDay = (s: string): boolean => z.iso.date().safeParse(s).success;
// The last instant an ISO string of four-digit years holds. Past it toISOString writes "+010000-…",
// which sorts before every other instant: 9999-12-31, a common "no end" date, then read as before
// validFrom, and would have made the agreement expired at once.
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const isWhen = (s: string): boolean => (isDay(s) || z.iso.datetime({ offset: true }).safeParse(s).success) && !Number.isNaN(Date.parse(s));
const when = z.string()
  .refine((s) => !DAY.test(s) || isDay(s), { error: (issue) => `${String(issue.input)} is not a day of the calendar` })
  .refine(isWhen, WHEN)
  .refine((s) => !isWhen(s) || isDay(s) || Date.parse(s) <= LAST_INSTANT, { error: (issue) => `${String(issue.input)} is after the year 9999` });

/** A day's `from` starts it; a day's `until` includes it whole (9999-12-31 up to its last millisecond). */
export const instantOf = (s: string, edge: 'from' | 'until'): string =>
  DAY.test(s)
    ? new Date(Math.min(LAST_INSTANT, Date.parse(`${s}T00:00:00Z`) + (edge === 'until' ? 86_400_000 : 0))).toISOString()
    : new Date(s).toISOString();

/** The fewest units one order under a line may take: its minimum, raised to whole packs. */
const smallestOrder = (l: { moq?: number | undefined; orderMultiple?: number | undefined }): number => {
  const pack = l.orderMultiple ?? 1;
  return Math.ceil((l.moq ?? 1) / pack) * pack;
};
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

export const AgreementLineInput = z.object({
  sku: z.string().regex(SKU_PATTERN, SKU_RULE),
  unitPrice: z.number({ error: 'unitPrice must be a number' }).positive('unitPrice must be above 0').max(MAX_AMOUNT, MAX_AMOUNT_RULE)
    .refine((p) => Math.abs(p * 10_000 - Math.round(p * 10_000)) < 1e-6, 'unitPrice is exact to a hundredth of a cent (4 decimals)'),
  quantity: positiveInt('quantity').optional().describe('units the agreement holds of this SKU; without it, the total value limits the SKU'),
  moq: positiveInt('moq').optional().describe('the fewest units one order under the agreement may take (default 1)'),
  orderMultiple: positiveInt('orderMultiple').optional().describe('the pack size: orders are whole multiples of it'),
}).strict();

export const AgreementInput = z.object({
  supplier: z.string().trim().min(1, 'name the supplier').max(100),
  lines: z.array(AgreementLineInput).min(1, 'an agreement covers at least one SKU').max(200),
  totalValue: z.number().positive('totalValue must be above 0').max(MAX_AMOUNT, MAX_AMOUNT_RULE).optional()
    .describe('the most the orders under the agreement may cost together, in the deployment\'s currency'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code such as USD').optional()
    .describe('must be the deployment\'s currency; absent, it is'),
  validFrom: when.describe(`from when orders may draw on it: ${WHEN}`),
  validUntil: when.describe(`until when: ${WHEN}; a day is included whole`),
  leadTimeDays: z.number().int('leadTimeDays must be a whole number').nonnegative('leadTimeDays must be 0 or more').max(365)
    .describe('business days from an order under the agreement to its goods, as the supplier promised'),
  approval: z.enum(AGREEMENT_APPROVALS, { error: "approval is 'once' (orders within the agreement need no new approval) or 'each-order'" }).default('once'),
  note: z.string().max(500).optional(),
}).strict()
  // Object refinements run even when a field failed: a date that is no date is that field's error alone.
  .refine((a) => !isWhen(a.validFrom) || !isWhen(a.validUntil) || instantOf(a.validFrom, 'from') < instantOf(a.validUntil, 'until'), { error: 'validUntil must come after validFrom', path: ['validUntil'] })
  .refine((a) => !Array.isArray(a.lines) || new Set(a.lines.map((l) => l?.sku)).size === a.lines.length, { error: 'each SKU may appear once in an agreement', path: ['lines'] })
  .refine((a) => a.totalValue !== undefined || !Array.isArray(a.lines) || a.lines.every((l) => l?.quantity !== undefined),
    { error: 'every line needs a quantity unless the agreement has a totalValue: nothing else would limit it', path: ['lines'] })
  // A line no order could ever draw on (it holds fewer units than one order under it takes, or one
  // order costs more than the whole agreement) would be listed as active while every replenishment of
  // its SKU went on asking suppliers, which is what the manager approved it to stop.
  .superRefine((a, ctx) => {
    if (!Array.isArray(a.lines)) return;
    a.lines.forEach((l, i) => {
      if (!l || (l.moq !== undefined && !isCount(l.moq)) || (l.orderMultiple !== undefined && !isCount(l.orderMultiple))) return;
      const least = smallestOrder(l);
      const how = `${l.moq !== undefined ? `its moq ${l.moq}` : ''}${l.moq !== undefined && l.orderMultiple !== undefined ? ' in ' : ''}${l.orderMultiple !== undefined ? `packs of ${l.orderMultiple}` : ''}`;
      if (isCount(l.quantity) && l.quantity < least) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `${l.quantity} units are fewer than the smallest order under this line (${least}: ${how}): no order could draw on it` });
      }
      if (typeof a.totalValue === 'number' && typeof l.unitPrice === 'number' && l.unitPrice > 0 && l.unitPrice <= MAX_AMOUNT
        && toCents(lineTotal(least, l.unitPrice)) > toCents(a.totalValue)) {
        ctx.addIssue({ code: 'custom', path: ['totalValue'], message: `${a.totalValue} is less than the smallest order of ${l.sku} under it (${least} at ${l.unitPrice} = ${lineTotal(least, l.unitPrice)}): no order of it could draw on the agreement` });
      }
    });
  });
export type AgreementInput = z.infer<typeof AgreementInput>;

export function agreementStatus(a: Pick<Agreement, 'validFrom' | 'validUntil' | 'cancelledAt' | 'remainingValue' | 'lines'>, now: string): AgreementStatus {
  if (a.cancelledAt !== null) return 'cancelled';
  if (now >= a.validUntil) return 'expired';
  const usedUp = (a.remainingValue !== null && a.remainingValue <= 0) || a.lines.every((l) => l.remainingQuantity !== null && l.remainingQuantity <= 0);
  if (usedUp) return 'used-up';
  return now < a.validFrom ? 'scheduled' : 'active';
}

/** The agreement as a quote the plan can price: no supplier is asked, and the quote names the agreement. */
export const agreementQuote = (o: AgreementOffer): Quote => ({
  quoteId: o.agreementId, agreementId: o.agreementId, supplier: o.supplier, unitPrice: o.unitPrice, moq: o.moq,
  ...(o.orderMultiple !== null && o.orderMultiple > 1 ? { orderMultiple: o.orderMultiple } : {}),
  leadTimeDays: o.leadTimeDays, validUntil: o.validUntil,
});

/**
 * The agreements that hold what this replenishment would order from them: the line the plan drafts
 * for the agreement's quote fits both its remaining quantity and its remaining value. Empty when
 * none does, and the suppliers are asked as before.
 */
export function coveringQuotes(offers: AgreementOffer[], s: Pick<ReplenishState, 'needed' | 'stock' | 'suppliers' | 'policy' | 'droppedSuppliers'>): Quote[] {
  return offers.filter((o) => {
    if (s.droppedSuppliers.includes(o.supplier)) return false;
    const line = planLine(agreementQuote(o), needs(s));
    return line !== null && (o.remainingQuantity === null || line.quantity <= o.remainingQuantity) && (o.remainingValue === null || line.total <= o.remainingValue);
  }).map(agreementQuote);
}

/** What remains of an agreement for a SKU, in words for the decision log and the manager. */
export function remainingWords(a: Pick<Agreement, 'remainingValue' | 'lines' | 'validUntil'>, sku: string, currency: string): string {
  const line = a.lines.find((l) => l.sku === sku);
  const parts = [
    ...(line?.remainingQuantity !== null && line?.remainingQuantity !== undefined ? [`${line.remainingQuantity} × ${sku}`] : []),
    ...(a.remainingValue !== null ? [formatMoney(a.remainingValue, currency)] : []),
  ];
  return `${parts.join(' and ')} left, valid until ${a.validUntil}`;
}
