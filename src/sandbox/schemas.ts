import { z } from 'zod';
import { OrderCosts } from '../domain/types.js';

// Request bodies of the sandbox; response shapes come from src/domain/types.ts.

const name = z.string().trim().min(1);

export const StockSettings = z.object({
  onHand: z.number().int(),
  safetyStock: z.number().int().nonnegative(),
  targetLevel: z.number().int().nonnegative(),
  /** The SKU's own cycle service level and its ABC class, as an item master holds them. */
  serviceLevel: z.number().gt(0.5).lte(0.999).optional(),
  abcClass: z.enum(['A', 'B', 'C']).optional(),
});

export const Adjustment = z.object({ delta: z.number().int(), reason: name });

export const ReceiptBody = z.object({ poNumber: name, quantity: z.number().int().positive() });

export const Behaviour = z.enum(['prompt', 'late', 'silent', 'refuse', 'partial']);

export const SupplierSettingsBody = z.object({
  behaviour: Behaviour.optional(),
  replyAfterDays: z.number().nonnegative().optional(),
  priceFactor: z.number().positive().optional(),
  orderCosts: OrderCosts.optional(),
});

export const QuoteRequest = z.object({ sku: name, quantity: z.number().int().positive() });

export const CurrentQuoteQuery = z.object({ quantity: z.coerce.number().int().positive().optional() });

export const ChaseBody = z.object({ message: z.string() });

export const CancelBody = z.object({ reason: z.string() });

/** Without `limit`, `/inventory` lists every SKU (the service reads the whole catalogue only at its start). */
export const InventoryQuery = z.object({ after: z.string().optional(), limit: z.coerce.number().int().positive().max(1000).optional() });

export const OrdersQuery = z.object({ sku: z.string().optional(), supplier: z.string().optional() });

export const InboxQuery = z.object({ to: z.string().optional() });

export const FaultKey = z.enum(['placeOrder', 'quotes', 'stock', 'findOrder', 'chase', 'cancel', 'receipts', 'notify']);
export type FaultKey = z.infer<typeof FaultKey>;

export const FaultBody = z.object({
  endpoint: FaultKey,
  errorRate: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().nonnegative().optional(),
  dropAfterCommitRate: z.number().min(0).max(1).optional(),
  failNext: z.number().int().nonnegative().optional(),
  dropNext: z.number().int().nonnegative().optional(),
});
export type FaultSettings = z.infer<typeof FaultBody>;
