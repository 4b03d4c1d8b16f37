import type { SupplierOrderAck, SupplierOrderRequest } from './supplier-order.js';
import type { Notification, OrderAck, PurchaseOrder, Quote, ReplyFields, StockLevel } from './types.js';

/**
 * The contract between the agent and the outside world: an ERP for stock, supplier gateways,
 * and a way to reach people. Tools see only this; the HTTP client in src/world implements it
 * against the sandbox or a company's own gateways.
 */
export interface World {
  stock(sku: string): Promise<StockLevel>;
  /** Every SKU the company stocks. */
  inventory(): Promise<StockLevel[]>;
  /**
   * Up to `limit` SKUs in byte order of their codes, those after `after` only, with the count of all:
   * a screen of the catalogue without reading the whole of it.
   */
  inventoryPage(page: { after?: string; limit: number }): Promise<{ items: StockLevel[]; total: number }>;
  quotes(sku: string, quantity: number): Promise<Quote[]>;
  /**
   * A quote as it stands today: its price may have moved since it was given. With `quantity`, the
   * unit price of an order of that size (the price break it reaches); without, the quote's base price.
   */
  currentQuote(quoteId: string, quantity?: number): Promise<{ unitPrice: number; validUntil: string }>;
  /** Idempotent on `idempotencyKey`: the same key and order return the first acknowledgement. */
  placeOrder(po: PurchaseOrder, idempotencyKey: string): Promise<OrderAck>;
  /**
   * A consolidated PO of several lines in one order: idempotent on `idempotencyKey` (its SPO number),
   * as `placeOrder` is. Each line becomes an order under its line PO number, which `findOrder`,
   * `chase`, `cancelOrder` and `bookReceipt` then name as for an order of one line.
   */
  placeSupplierOrder(order: SupplierOrderRequest, idempotencyKey: string): Promise<SupplierOrderAck>;
  /** Looks a PO up at the supplier; null when the supplier has no such order. */
  findOrder(supplier: string, poNumber: string): Promise<OrderAck | null>;
  chase(supplier: string, poNumber: string, message: string): Promise<void>;
  cancelOrder(supplier: string, poNumber: string, reason: string): Promise<void>;
  /** Books received goods into stock; idempotent per PO. */
  bookReceipt(sku: string, poNumber: string, quantity: number): Promise<StockLevel>;
  notify(notification: Notification): Promise<void>;
  /** Keeps a large text outside any workflow history; returns its reference. */
  storeDocument(body: string, poNumber?: string): Promise<string>;
  document(ref: string): Promise<string>;
}

/**
 * What a clerk has beside a supplier's mail: the PO's unit price as it stands and the deployment's
 * ISO 4217 currency, and, when known, the PO's quantity, the unit it counts in, the supplier's pack size (ordered units per
 * pack), the delivery date the order was placed for, and when the mail arrived. A date written
 * without a year takes its year from `receivedAt`; a promised date after `requestedDate` is a delay.
 */
export interface ReplyContext {
  /** The PO the reply was sent for: a reply that names only other POs is not about it. */
  poNumber?: string;
  /** The consolidated PO the order was placed on as a line (SPO-…): a reply naming it is about this order too. */
  groupPoNumber?: string;
  unitPrice: number;
  currency: string;
  quantity?: number;
  /** The unit the quantity and the unit price are in, as the quote has it ("pcs", "kg", "m"): "per MT" on kg is per 1,000. */
  unit?: string;
  packSize?: number;
  /** The freight the PO states (part of its total): a reply that names it adds no cost. */
  freight?: number;
  /** YYYY-MM-DD or an ISO time: the day counts. */
  requestedDate?: string;
  /** ISO time. */
  receivedAt?: string;
}

/** Reads a supplier's free text into the fixed reply schema; nothing else of the text survives. */
export interface ReplyReader {
  read(text: string, hints: Partial<ReplyFields>, context: ReplyContext): Promise<ReplyFields>;
}

/** A refusal by the world that no retry will change (a conflicting order, an unknown SKU). */
export const BUSINESS_REFUSAL = 'BusinessRefusal';
