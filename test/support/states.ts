import { Rules } from '../../src/domain/rules.js';
import {
  initialState, type ApprovalPayload, type ReplenishState, type SupplierMessagePayload,
} from '../../src/domain/state.js';
import type { OrderAck, Quote, ReplyFields, StockLevel } from '../../src/domain/types.js';
import { cancelPurchaseOrder } from '../../src/tools/cancel-purchase-order.js';
import { checkBeforeOrder } from '../../src/tools/check-before-order.js';
import { closePurchaseOrder } from '../../src/tools/close-purchase-order.js';
import { draftFor, draftPurchaseOrder } from '../../src/tools/draft-purchase-order.js';
import { getQuotes } from '../../src/tools/get-quotes.js';
import { placeOrder } from '../../src/tools/place-order.js';
import { readSupplierReply } from '../../src/tools/read-supplier-reply.js';
import { reorderElsewhere } from '../../src/tools/reorder-elsewhere.js';
import { requestApproval } from '../../src/tools/request-approval.js';
import { waitForApproval } from '../../src/tools/wait-for-approval.js';
import { waitForGoods } from '../../src/tools/wait-for-goods.js';
import { waitForSupplierReply } from '../../src/tools/wait-for-supplier-reply.js';
import type { MessageOf } from '../../src/tools/tool.js';

/**
 * Replenishment states for unit tests, each reached through the tools' own `apply`, so a state
 * here is one the agent could really be in. Times are business days after T0.
 */

export const DAY_MS = 86_400_000;
export const T0 = '2025-03-03T09:00:00.000Z';
export const at = (days: number, from = T0): string => new Date(Date.parse(from) + days * DAY_MS).toISOString();

export const rules = (overrides: Partial<Rules> = {}): Rules => Rules.parse({ dayMs: DAY_MS, ...overrides });

export const stock = (overrides: Partial<StockLevel> = {}): StockLevel => ({
  sku: 'SKU-1', onHand: 10, safetyStock: 20, targetLevel: 100, onOrder: 0, ...overrides,
});

export const quote = (overrides: Partial<Quote> = {}): Quote => ({
  quoteId: 'Q-ACME', supplier: 'acme', unitPrice: 2.5, moq: 10, leadTimeDays: 5, validUntil: at(14), ...overrides,
});

/** Acme is the cheapest, Bolt the fastest. */
export const twoQuotes = (validUntil = at(14)): Quote[] => [
  quote({ validUntil }),
  quote({ quoteId: 'Q-BOLT', supplier: 'bolt', unitPrice: 2.8, moq: 120, leadTimeDays: 2, validUntil }),
];

let messageSeq = 0;
const messageId = (): string => `m-${++messageSeq}`;

export function approvalMessage(s: ReplenishState, payload: Partial<ApprovalPayload> = {}, poNumber = s.po!.poNumber): MessageOf<'approval'> {
  return { event: 'approval', poNumber, messageId: messageId(), at: T0, payload: { approved: true, by: 'dana', ...payload } };
}

export function supplierMessage(s: ReplenishState, text: string, fields?: Partial<ReplyFields>, poNumber = s.po!.poNumber): MessageOf<'supplier-reply'> {
  const payload: SupplierMessagePayload = { text, ...(fields ? { fields } : {}) };
  return { event: 'supplier-reply', poNumber, messageId: messageId(), at: T0, payload };
}

export function receiptMessage(s: ReplenishState, quantity: number, poNumber = s.po!.poNumber): MessageOf<'goods-receipt'> {
  return { event: 'goods-receipt', poNumber, messageId: messageId(), at: T0, payload: { quantity } };
}

export function ackFor(s: ReplenishState, now = T0): OrderAck {
  const po = s.po!;
  const lead = s.quotes?.find((q) => q.quoteId === po.quoteId)?.leadTimeDays ?? 5;
  return { poNumber: po.poNumber, supplier: po.supplier, supplierRef: `${po.supplier}-ref-1`, acceptedAt: now, expectedDelivery: at(lead, now) };
}

// One step of the story each; the default argument is the state the step usually follows.

export const lowStock = (overrides: Partial<StockLevel> = {}): ReplenishState => initialState(stock(overrides), 1);

export const quoted = (s = lowStock(), quotes = twoQuotes()): ReplenishState => getQuotes.apply(s, {}, quotes, T0);

export const drafted = (s = quoted(), quoteId = 'Q-ACME'): ReplenishState =>
  draftPurchaseOrder.apply(s, { quoteId }, draftFor(s, quoteId)!, T0);

export const awaitingApproval = (s = drafted()): ReplenishState =>
  requestApproval.apply(s, {}, { sentTo: 'purchasing-manager' }, T0);

export const approvalTimedOut = (s = awaitingApproval()): ReplenishState => waitForApproval.apply(s, null, at(3));

export const approved = (s = awaitingApproval(), maxUnitPrice?: number): ReplenishState =>
  waitForApproval.apply(s, approvalMessage(s, maxUnitPrice === undefined ? {} : { maxUnitPrice }), T0);

export const rejected = (s = awaitingApproval(), reason = 'too expensive'): ReplenishState =>
  waitForApproval.apply(s, approvalMessage(s, { approved: false, reason }), T0);

/** The check before money is committed found the world as the PO was drafted. */
export const checked = (s = approved(), now = T0): ReplenishState => checkBeforeOrder.apply(s, {}, {
  stock: s.stock, unitPrice: s.po!.unitPrice, validUntil: s.quotes!.find((q) => q.quoteId === s.po!.quoteId)!.validUntil,
}, now);

export const ordered = (s = checked(), now = T0): ReplenishState => placeOrder.apply(s, {}, ackFor(s, now), now);

export const replyWaiting = (s: ReplenishState, text: string, fields?: Partial<ReplyFields>): ReplenishState =>
  waitForSupplierReply.apply(s, supplierMessage(s, text, fields), T0);

export const replyRead = (s: ReplenishState, fields: ReplyFields, text = 'see fields'): ReplenishState =>
  readSupplierReply.apply(replyWaiting(s, text, fields), {}, fields, T0);

export const confirmed = (s = ordered()): ReplenishState => replyRead(s, { kind: 'confirmed' }, 'We confirm your order.');

export const supplierOverdue = (s = ordered()): ReplenishState => waitForSupplierReply.apply(s, null, at(7));

export const goodsArrived = (s: ReplenishState, quantity: number): ReplenishState =>
  waitForGoods.apply(s, receiptMessage(s, quantity), T0);

export const goodsOverdue = (s: ReplenishState): ReplenishState => waitForGoods.apply(s, null, at(10));

export const closed = (s: ReplenishState): ReplenishState =>
  closePurchaseOrder.apply(s, {}, { ...s.stock, onHand: s.stock.onHand + s.received }, T0);

export const cancelled = (s: ReplenishState, reason = 'no longer needed'): ReplenishState =>
  cancelPurchaseOrder.apply(s, { reason }, { cancelledAtSupplier: s.order !== null }, T0);

/** The order is cancelled at its supplier, which is dropped, and the buying starts over with the others. */
export const reorderedElsewhere = (s: ReplenishState, now = T0): ReplenishState =>
  reorderElsewhere.apply(s, {}, { cancelledAtSupplier: true }, now);
