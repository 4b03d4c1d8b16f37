import type { OrderAck, OrderCosts, PriceBreak, PurchaseOrder, StockLevel } from '../domain/types.js';

// The sandbox's rows as the routes see them, and the SQL that reads them back.

export type Behaviour = 'prompt' | 'late' | 'silent' | 'refuse' | 'partial';
export type OrderStatus = 'placed' | 'cancelled' | 'booked';

export interface SupplierSettings {
  supplier: string;
  behaviour: Behaviour;
  replyAfterDays: number;
  priceFactor: number;
  /** Freight below a free-freight value, a least order value: what the supplier charges per order. */
  orderCosts: OrderCosts;
}

export interface CatalogueEntry {
  supplier: string;
  sku: string;
  basePrice: number;
  moq: number;
  leadTimeDays: number;
  /** Pack size: orders are whole multiples of it. */
  orderMultiple: number;
  /** Base prices from a quantity on, before the supplier's price factor. */
  priceBreaks: PriceBreak[];
  /** What the line is counted and priced in: "pcs", "kg", "m", "l". */
  unit: string;
}

export interface StoredQuote {
  quoteId: string;
  sku: string;
  supplier: string;
  quantity: number;
  unitPrice: number;
  moq: number;
  leadTimeDays: number;
  orderMultiple: number;
  priceBreaks: PriceBreak[];
  validUntil: string;
  createdAt: string;
}

export interface StoredOrder extends PurchaseOrder, OrderAck {
  idempotencyKey: string;
  status: OrderStatus;
  placeCalls: number;
  chases: number;
  cancelReason: string | null;
  receivedQuantity: number | null;
  /** The consolidated PO (SPO-…) the order is a line of; null for an order of its own. */
  groupPo: string | null;
}

export interface StoredNotification {
  id: number;
  to: string;
  subject: string;
  body: string;
  sku: string | null;
  poNumber: string | null;
  at: string;
}

export interface ScheduledAction {
  id: number;
  kind: string;
  ref: string;
  payload: unknown;
  dueAt: number;
  attempts: number;
}

export type Row = Record<string, unknown>;

/** A SKU's stock settings: levels and, when the item master has them, its own service level and ABC class. */
export interface StockSettings {
  onHand: number;
  safetyStock: number;
  targetLevel: number;
  serviceLevel?: number;
  abcClass?: 'A' | 'B' | 'C';
}

export type StockRow = Omit<StockLevel, 'serviceLevel' | 'abcClass'> & { serviceLevel: number | null; abcClass: 'A' | 'B' | 'C' | null };

export const levelOf = ({ serviceLevel, abcClass, ...level }: StockRow): StockLevel => ({
  ...level, ...(serviceLevel !== null ? { serviceLevel } : {}), ...(abcClass !== null ? { abcClass } : {}),
});

export const stockSelect = `
  SELECT s.sku, s.on_hand AS onHand, s.safety_stock AS safetyStock, s.target_level AS targetLevel,
    s.service_level AS serviceLevel, s.abc_class AS abcClass,
    COALESCE((SELECT SUM(o.quantity) FROM orders o WHERE o.sku = s.sku AND o.status = 'placed'), 0) AS onOrder
  FROM stock s`;

export const orderSelect = `
  SELECT o.po_number AS poNumber, o.idempotency_key AS idempotencyKey, o.sku, o.supplier,
    o.quote_id AS quoteId, o.quantity, o.unit_price AS unitPrice, o.total,
    o.supplier_ref AS supplierRef, o.accepted_at AS acceptedAt, o.expected_delivery AS expectedDelivery,
    o.status, o.place_calls AS placeCalls, o.chases, o.cancel_reason AS cancelReason, o.group_po AS groupPo,
    (SELECT SUM(r.quantity) FROM receipts r WHERE r.po_number = o.po_number) AS receivedQuantity
  FROM orders o`;

export const withBreaks = (r: Row): Row => withOrderCosts({ ...r, priceBreaks: JSON.parse(r.priceBreaks as string) as PriceBreak[] });
/** A supplier row's order costs, kept as JSON. */
export const withOrderCosts = (r: Row): Row => (typeof r.orderCosts === 'string' ? { ...r, orderCosts: JSON.parse(r.orderCosts) as OrderCosts } : r);
