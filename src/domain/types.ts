import { z } from 'zod';

// Plain JSON shapes shared by workflows, activities, the API and the world adapters.
// Timestamps are ISO strings so that state stays serialisable and replay-safe.

export const isoTime = z.iso.datetime({ offset: true });

export const StockLevel = z.object({
  sku: z.string(),
  onHand: z.number().int(),
  safetyStock: z.number().int().nonnegative(),
  targetLevel: z.number().int().nonnegative(),
  onOrder: z.number().int().nonnegative(),
  /**
   * Average units consumed per business day over the world's recent window; absent when the world
   * has seen no consumption, and the typed-in levels then apply (src/domain/demand.ts).
   */
  dailyDemand: z.number().nonnegative().optional(),
  /** Units consumed each business day of the world's window, oldest first: what demand is forecast from. */
  demandHistory: z.array(z.number().nonnegative()).optional(),
  /** The SKU's own cycle service level, and its ABC class, as the item master holds them. */
  serviceLevel: z.number().gt(0.5).lte(0.999).optional(),
  abcClass: z.enum(['A', 'B', 'C']).optional(),
});
export type StockLevel = z.infer<typeof StockLevel>;

/** From `minQuantity` units on, every unit of the order costs `unitPrice`. */
export const PriceBreak = z.object({
  minQuantity: z.number().int().positive(),
  unitPrice: z.number().positive(),
});
export type PriceBreak = z.infer<typeof PriceBreak>;

/**
 * `unitPrice` holds from the minimum order quantity up; `priceBreaks` lower it for larger orders.
 * Pack size and breaks are optional so that a supplier without them reads as it always did;
 * `packOf` and `unitPriceAt` (src/domain/purchase-plan.ts) read them.
 */
/**
 * What the supplier charges per order, beside its unit prices: a flat freight below a free-freight
 * order value, and a least order value it takes. Amounts in the deployment's currency, goods only.
 */
export const OrderCosts = z.object({
  freight: z.number().positive().optional(),
  /** Orders whose goods come to at least this ship free. */
  freeFreightFrom: z.number().positive().optional(),
  /** The supplier takes no order whose goods come to less. */
  minOrderValue: z.number().positive().optional(),
}).strict();
export type OrderCosts = z.infer<typeof OrderCosts>;

export const Quote = z.object({
  quoteId: z.string(),
  supplier: z.string(),
  unitPrice: z.number().positive(),
  moq: z.number().int().positive(),
  /** The supplier sells whole packs: the quantity ordered is a multiple of this. */
  orderMultiple: z.number().int().positive().optional(),
  /**
   * The unit the supplier counts and prices the SKU in ("pcs", "kg", "m", "l"): the quantity and the unit price are per
   * it. A clerk reads a price "per MT" on an order of 2,000 kg as per 1,000 of them; absent, the world does not say.
   */
  unit: z.string().min(1).max(16).optional(),
  priceBreaks: z.array(PriceBreak).optional(),
  leadTimeDays: z.number().int().nonnegative(),
  validUntil: isoTime,
  /** The quote is a blanket agreement's line (src/domain/agreement.ts): no supplier was asked for it. */
  agreementId: z.string().optional(),
  orderCosts: OrderCosts.optional(),
  /**
   * The goods already gathering at the supplier's desk when the quote came (a supplier that gathers
   * its SKUs' lines into consolidated POs): the order-level costs are that order's (lineCosts).
   */
  gathered: z.number().nonnegative().optional(),
});
export type Quote = z.infer<typeof Quote>;

export const PurchaseOrder = z.object({
  poNumber: z.string(),
  sku: z.string(),
  supplier: z.string(),
  quoteId: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.number().positive(),
  /** The goods at the unit price plus `freight`: what the order costs. */
  total: z.number().nonnegative(),
  /** The supplier's freight for this order (absent: none); part of `total`. */
  freight: z.number().positive().optional(),
  /** Drafted from this blanket agreement's line: the order calls off the agreement. */
  agreementId: z.string().optional(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const OrderAck = z.object({
  poNumber: z.string(),
  supplier: z.string(),
  supplierRef: z.string(),
  acceptedAt: isoTime,
  expectedDelivery: isoTime,
});
export type OrderAck = z.infer<typeof OrderAck>;

/**
 * What a manager changed when approving: another quantity, another quote the run already holds
 * for the PO (the approvals inbox lists them), or both. Absent fields keep the draft's.
 */
export interface ApprovalEdit { quantity?: number; quoteId?: string }

/** A PO's terms: as the manager saw them drafted, and as they approved them edited. */
export type PoTerms = Pick<PurchaseOrder, 'poNumber' | 'supplier' | 'quoteId' | 'quantity' | 'unitPrice' | 'total'>;

/**
 * Where a person's decision was made: the manager's page, the REST API, the command line, an
 * approval link from an email, a Slack button. A decision by rule has none (its `rule` says it).
 */
export const DECISION_CHANNELS = ['page', 'api', 'cli', 'email-link', 'slack'] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number];

export type Decision =
  /**
 * An approval binds to what was approved: this supplier, up to this quantity, at or below this price.
 * `rule` names the approval rule that decided when no person did (src/domain/approval-policy.ts).
 */
  | {
    kind: 'approved'; maxUnitPrice: number; supplier: string; quantity: number; by: string; at: string; note?: string; rule?: string; channel?: DecisionChannel;
    /** The manager approved other terms than those drafted: both, as the purchasing record shows them. */
    edit?: { drafted: PoTerms; approved: PoTerms };
  }
  | { kind: 'rejected'; reason: string; by: string; at: string; channel?: DecisionChannel };

/** `unclear`: the text states none of the others plainly; a person has to resolve it, nothing about the order changes. */
export const ReplyKind = z.enum(['confirmed', 'delayed', 'price_change', 'refused', 'partial', 'unclear']);
export type ReplyKind = z.infer<typeof ReplyKind>;

/** What a supplier's message carries once read: only these fields can influence the run. */
export const ReplyFields = z.object({
  kind: ReplyKind,
  deliveryDate: isoTime.optional(),
  unitPrice: z.number().positive().optional(),
  quantity: z.number().int().nonnegative().optional(),
});
export type ReplyFields = z.infer<typeof ReplyFields>;

export type SupplierReply = ReplyFields & { messageId: string; receivedAt: string; excerpt: string };

export interface Receipt {
  receiptId: string;
  quantity: number;
  receivedAt: string;
}

export const Notification = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sku: z.string().optional(),
  poNumber: z.string().optional(),
  /** An approval request's terms: approval links are made for them (src/world/approval-links.ts). */
  approval: z.object({ supplier: z.string(), quantity: z.number(), unitPrice: z.number() }).optional(),
  /** Signed single-use links to approve (up to the unit price asked) or reject, for the manager it is sent `to`. */
  links: z.object({ approve: z.string(), reject: z.string(), expiresAt: z.string() }).optional(),
  /** The same as Slack Block Kit blocks, buttons included, for a Slack incoming webhook (NOTIFY_WEBHOOK_URL). */
  blocks: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * Model tokens as the API bills them, each kind at its own price: `input` read afresh, `written` to
 * the prompt cache, `cached` read from it, `output` generated.
 */
export type Usage = { input: number; written: number; cached: number; output: number };

/** `fallback`: the model could not choose, and another decider made the turn's choice (the next line of the log). */
export type TurnResult = 'ok' | 'message' | 'timeout' | 'error' | 'refused' | 'fallback';

/** One line of the decision log: what was possible, what was chosen, why, and what came of it. */
export interface Turn {
  turn: number;
  at: string;
  allowed: string[];
  tool: string;
  reason?: string;
  result: TurnResult;
  summary: string;
  usage?: Usage;
}

/**
 * An order this run placed and then cancelled at its supplier to buy elsewhere: the supplier refused
 * it after taking it, or stayed silent through every chase. Kept so the log, the record and the
 * agent's memory show it, and so a late message for its PO is refused with the reason.
 */
export interface CancelledOrder {
  poNumber: string;
  supplier: string;
  quantity: number;
  unitPrice: number;
  orderedAt: string | null;
  cancelledAt: string;
  /** `repriced`: it raised its price after the order and the manager would not pay it. */
  why: 'refused' | 'silent' | 'repriced';
  /** The approval it was placed on, and what the supplier wrote about it as read: they move here when the run buys elsewhere. */
  approval?: Decision;
  replies?: SupplierReply[];
}

export const OUTCOME_KINDS = ['received', 'cancelled', 'rejected', 'gave_up', 'failed'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export interface ReplenishmentResult {
  sku: string;
  replenishment: number;
  poNumber: string | null;
  outcome: OutcomeKind;
  reason: string;
  supplier: string | null;
  unitPrice: number | null;
  /** The order's freight, when it had one: its total is the goods plus this. */
  freight?: number;
  quantityOrdered: number;
  quantityReceived: number;
  orderedAt: string | null;
  receivedAt: string | null;
  turns: number;
  /** When the run started (its first turn): from here to the goods is the lead time a reorder point must cover. */
  startedAt?: string | null;
  /** What the supplier promised when it took the order; with `receivedAt` it says whether it kept its word. */
  expectedDelivery?: string | null;
  /** The supplier refused the order. */
  supplierRefused?: boolean;
  /** Orders placed with other suppliers and cancelled there before this one (they refused, or went silent). */
  cancelledOrders?: Omit<CancelledOrder, 'approval' | 'replies'>[];
  /** Model tokens the replenishment's decisions cost, failed attempts included. */
  tokens?: Usage;
  /** The quotes the replenishment last saw, one per supplier: the agent remembers who sells at what and how fast. */
  quoted?: Array<{ supplier: string; unitPrice: number; leadTimeDays: number }>;
}
