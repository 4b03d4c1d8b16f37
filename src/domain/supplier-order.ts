import { z } from 'zod';
import { MAX_LINES_PER_ORDER } from './gathering.js';
import { PO_NUMBER_PATTERN, SPO_NUMBER_PATTERN, SPO_NUMBER_RULE, PO_NUMBER_RULE } from './ids.js';
import { formatMoney, fromCents, toCents } from './money.js';
import { freightFor } from './order-costs.js';
import { lineTotal } from './quantity.js';
import { DECISION_CHANNELS, isoTime, OrderAck, OrderCosts, type DecisionChannel } from './types.js';

/**
 * One SKU's line on a supplier's consolidated PO. Its `poNumber` is the run's own `PO-<SKU>-<n>`:
 * the reference the supplier, the warehouse and the run know the line by, before and after the
 * consolidated PO is placed, so replies and receipts for the line take today's path to its run.
 */
export const SupplierLine = z.object({
  poNumber: z.string().min(1),
  sku: z.string().min(1),
  supplier: z.string().min(1),
  quoteId: z.string().min(1),
  quantity: z.number().int().positive(),
  unitPrice: z.number().positive(),
  /** The supplier's charges per order as its quote stated them; the newest line's hold for the whole order. */
  orderCosts: OrderCosts.optional(),
  /** The latest moment the line can be ordered without its SKU running out; null: it can wait any window. */
  orderBy: isoTime.nullable(),
  joinedAt: isoTime,
}).strict();
export type SupplierLine = z.infer<typeof SupplierLine>;

export interface SpoLine extends SupplierLine { lineTotal: number }

/** The consolidated PO: one supplier, one currency, its lines, and freight on the whole order. */
export interface SupplierOrder {
  spoNumber: string;
  supplier: string;
  currency: string;
  lines: SpoLine[];
  goods: number;
  /** Freight on the whole order by the supplier's order costs; absent when it ships free. */
  freight?: number;
  total: number;
  /** Freight the lines would have paid ordered one by one, for the log: what gathering saved. */
  freightAlone: number;
  /** Why the supplier will not take it as it stands (goods under its least order value); absent when it will. */
  belowMinimum?: string;
}

/** The newest line's order costs: the supplier's terms as last quoted. */
const costsOf = (lines: readonly SupplierLine[]) =>
  [...lines].sort((a, b) => (a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : 0)).at(-1)?.orderCosts;

export function draftSupplierOrder(spoNumber: string, supplier: string, currency: string, lines: readonly SupplierLine[]): SupplierOrder {
  const spoLines = lines.map((l) => ({ ...l, lineTotal: lineTotal(l.quantity, l.unitPrice) }));
  const goods = fromCents(spoLines.reduce((sum, l) => sum + toCents(l.lineTotal), 0));
  const orderCosts = costsOf(lines);
  const freight = freightFor({ orderCosts }, goods);
  const freightAlone = fromCents(spoLines.reduce((sum, l) => sum + toCents(freightFor({ orderCosts }, l.lineTotal)), 0));
  const min = orderCosts?.minOrderValue;
  return {
    spoNumber, supplier, currency, lines: spoLines, goods,
    ...(freight > 0 ? { freight } : {}),
    total: fromCents(toCents(goods) + toCents(freight)),
    freightAlone,
    ...(min !== undefined && goods < min
      ? { belowMinimum: `${supplier} takes orders of at least ${formatMoney(min, currency)}; the goods come to ${formatMoney(goods, currency)}` }
      : {}),
  };
}

/** One line for the log and the manager: what is ordered and what the freight came to. */
export function describeSupplierOrder(o: SupplierOrder): string {
  const money = (n: number) => formatMoney(n, o.currency);
  const lines = o.lines.map((l) => `${l.quantity} × ${l.sku} at ${money(l.unitPrice)} (${l.poNumber})`).join('; ');
  const freight = o.freight ? `freight ${money(o.freight)}` : 'no freight';
  const saved = o.freightAlone - (o.freight ?? 0);
  return `${o.spoNumber} to ${o.supplier}: ${lines}; goods ${money(o.goods)}, ${freight}, total ${money(o.total)}`
    + (saved > 0 ? `; ${money(saved)} less freight than ${o.lines.length} orders alone` : '');
}

/** What a line's run hears from the desk. */
export type SupplierOrderNews =
  | {
    kind: 'ordered'; spoNumber: string; ack: OrderAck;
    /** The approval the consolidated PO was ordered on, and how the manager sent it. */
    approval: { by: string; at: string; rule?: string; note?: string; channel?: DecisionChannel };
  }
  | { kind: 'dropped'; spoNumber: string | null; reason: string; by: 'manager' | 'supplier' | 'desk'; decidedBy?: string };

export const SupplierOrderNewsSchema: z.ZodType<SupplierOrderNews> = z.union([
  z.object({
    kind: z.literal('ordered'), spoNumber: z.string(), ack: OrderAck,
    approval: z.object({ by: z.string(), at: isoTime, rule: z.string().optional(), note: z.string().optional(), channel: z.enum(DECISION_CHANNELS).optional() }),
  }),
  z.object({
    kind: z.literal('dropped'), spoNumber: z.string().nullable(), reason: z.string(), by: z.enum(['manager', 'supplier', 'desk']),
    decidedBy: z.string().optional(),
  }),
]);

/**
 * Adds a line to those gathering, judged by its line PO number: a line that joins again (its join
 * retried, its run's join repeated) is one line, and its first terms stand.
 */
export function joinLine(lines: readonly SupplierLine[], line: SupplierLine): { lines: SupplierLine[]; joined: boolean } {
  if (lines.some((l) => l.poNumber === line.poNumber)) return { lines: [...lines], joined: false };
  return { lines: [...lines, line], joined: true };
}

/**
 * A consolidated PO as the world receives it (src/domain/world.ts): one request with the SPO
 * number and its lines, each under its line PO number, which is what the supplier confirms,
 * delivers and is chased on afterwards, as for an order of one line.
 */
export const SupplierOrderRequest = z.object({
  spoNumber: z.string().regex(SPO_NUMBER_PATTERN, SPO_NUMBER_RULE),
  supplier: z.string().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  lines: z.array(z.object({
    poNumber: z.string().regex(PO_NUMBER_PATTERN, PO_NUMBER_RULE),
    sku: z.string().min(1),
    quoteId: z.string().min(1),
    quantity: z.number().int().positive(),
    unitPrice: z.number().positive(),
    lineTotal: z.number().nonnegative(),
  }).strict()).min(1).max(MAX_LINES_PER_ORDER),
  goods: z.number().nonnegative(),
  freight: z.number().positive().optional(),
  total: z.number().nonnegative(),
}).strict();
export type SupplierOrderRequest = z.infer<typeof SupplierOrderRequest>;

/** The supplier took the order: one reference for it, and an acknowledgement per line. */
export const SupplierOrderAck = z.object({
  spoNumber: z.string(),
  supplier: z.string(),
  supplierRef: z.string(),
  acceptedAt: isoTime,
  lines: z.array(OrderAck),
});
export type SupplierOrderAck = z.infer<typeof SupplierOrderAck>;

export const orderRequestOf = (o: SupplierOrder): SupplierOrderRequest => ({
  spoNumber: o.spoNumber, supplier: o.supplier, currency: o.currency,
  lines: o.lines.map((l) => ({ poNumber: l.poNumber, sku: l.sku, quoteId: l.quoteId, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal })),
  goods: o.goods, ...(o.freight ? { freight: o.freight } : {}), total: o.total,
});

/** A consolidated PO's line as the approvals inbox shows it. */
export interface InboxLine { poNumber: string; sku: string; quantity: number; unitPrice: number; lineTotal: number }

/**
 * A consolidated PO waiting for the manager, as the approvals inbox shows it beside the runs' POs:
 * the fields every inbox item has (`quantity` all its lines' units, `unitPrice` its dearest line's,
 * the least ceiling an approval of the whole PO may name), and its lines.
 */
export interface ConsolidatedApprovalRequest {
  kind: 'consolidated';
  supplier: string;
  quantity: number;
  unitPrice: number;
  goods: number;
  freight?: number;
  total: number;
  lines: InboxLine[];
  /** Why the desk closed its window: on time, or early for a line that could not wait. */
  closedBecause: string;
  early: boolean;
  /** Which approval request this is (the desk asks up to `maxApprovalRequests` times). */
  asked: number;
  alternatives: [];
  requestedAt: string;
  /** Managers who approved it so far and how many must: present only when it needs more than one approval, as on a run's PO. */
  approvedBy?: string[];
  approvalsNeeded?: number;
}

/** The SKUs a consolidated PO's inbox row is filed under: a few named, the rest counted. */
export function skusLabel(lines: readonly Pick<SpoLine, 'sku'>[]): string {
  const named = lines.slice(0, 3).map((l) => l.sku).join(', ');
  return lines.length > 3 ? `${named} +${lines.length - 3} more` : named;
}

/** What a manager is asked to approve of a consolidated PO, as an approval link binds it: every unit, up to its dearest line's price. */
export const approvalTermsOf = (order: Pick<SupplierOrder, 'supplier' | 'lines'>): { supplier: string; quantity: number; unitPrice: number } => ({
  supplier: order.supplier, quantity: order.lines.reduce((n, l) => n + l.quantity, 0), unitPrice: Math.max(...order.lines.map((l) => l.unitPrice)),
});

export function consolidatedRequestOf(
  order: SupplierOrder, c: { closedBecause: string; early: boolean; asked: number; approvalsNeeded?: number; firstApprovals?: { by: string }[] }, requestedAt: string,
): ConsolidatedApprovalRequest {
  const needed = c.approvalsNeeded ?? 1;
  return {
    kind: 'consolidated', ...approvalTermsOf(order),
    goods: order.goods, ...(order.freight ? { freight: order.freight } : {}), total: order.total,
    lines: order.lines.map(({ poNumber, sku, quantity, unitPrice, lineTotal: t }) => ({ poNumber, sku, quantity, unitPrice, lineTotal: t })),
    closedBecause: c.closedBecause, early: c.early, asked: c.asked, alternatives: [], requestedAt,
    ...(needed > 1 ? { approvedBy: (c.firstApprovals ?? []).map((a) => a.by), approvalsNeeded: needed } : {}),
  };
}
