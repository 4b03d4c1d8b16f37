import type {
  ApprovalEdit, CancelledOrder, Decision, DecisionChannel, OrderAck, PurchaseOrder, Quote, Receipt, StockLevel, SupplierReply, Turn,
} from './types.js';
import { poNumber } from './ids.js';
import type { SupplierOrderNews } from './supplier-order.js';
import { quantityNeeded } from './quantity.js';
import { stockLevels } from './demand.js';
import type { InventoryPolicy, Rules } from './rules.js';
import type { AgentMemory, SupplierMemory } from './memory.js';

/** An incoming message as it waits in a replenishment's inbox, before a wait tool applies it. */
export type EventName = 'approval' | 'supplier-reply' | 'goods-receipt' | 'cancel' | 'supplier-order';

/**
 * `limit`: the approver's approval limit (the largest PO total they may approve), when they have one;
 * `edit`: other terms the approval is for (src/domain/approval-edit.ts).
 */
export interface ApprovalPayload {
  approved: boolean; maxUnitPrice?: number; reason?: string; note?: string; by: string; limit?: number; channel?: DecisionChannel; edit?: ApprovalEdit;
}
/** An approval that counts toward a PO needing more than one; the decision follows with the last. */
export interface FirstApproval { by: string; at: string; maxUnitPrice: number; note?: string; channel?: DecisionChannel }
/** `text` is at most an excerpt when the whole message is kept outside the history under `documentRef`. */
export interface SupplierMessagePayload {
  text: string;
  fields?: Partial<import('./types.js').ReplyFields>;
  supplier?: string;
  documentRef?: string;
  /** When the mail reached the sender's channel (its Date header), if the channel knows; else the message's `at`. */
  receivedAt?: string;
}
export interface GoodsReceiptPayload { quantity: number }
/** The manager stops the replenishment; `by` is who the token proves. */
export interface CancelPayload { reason: string; by: string }

export type Message =
  | { event: 'approval'; poNumber: string; messageId: string; at: string; payload: ApprovalPayload }
  | { event: 'supplier-reply'; poNumber: string; messageId: string; at: string; payload: SupplierMessagePayload }
  | { event: 'goods-receipt'; poNumber: string; messageId: string; at: string; payload: GoodsReceiptPayload }
  | { event: 'cancel'; poNumber: string; messageId: string; at: string; payload: CancelPayload }
  /** The supplier's desk on the line this run joined (src/workflows/supplier-desk.ts): ordered, or dropped. */
  | { event: 'supplier-order'; poNumber: string; messageId: string; at: string; payload: SupplierOrderNews };

/** Everything one replenishment knows. Plain JSON; only tools' `apply` produce a new one. */
export interface ReplenishState {
  sku: string;
  replenishment: number;
  poBase: string;
  stock: StockLevel;
  needed: number;
  /** Why the drafted PO's supplier, as the plan weighed it when drafting (runner-up, saving, risk): the manager reads it beside the price. */
  supplierChoice?: string | null;
  /** The reorder point the stock was below when the run started: a re-check before ordering judges by it. */
  reorderPoint?: number;
  /** What the agent knew of each supplier when this replenishment started: breaks ties between equal quotes. */
  suppliers?: Record<string, SupplierMemory>;
  /** The deployment's inventory policy as the run started (absent in runs begun before it existed: the defaults). */
  policy?: InventoryPolicy;
  quotes: Quote[] | null;
  po: PurchaseOrder | null;
  poRevision: number;
  approvalRequests: number;
  approvalPending: boolean;
  approvalTimeouts: number;
  /** How many different managers must approve the PO asked about: 2 above the deployment's threshold; absent, 1. */
  approvalsNeeded?: number;
  /** Approvals of the PO so far, while it waits for more (absent until one). */
  firstApprovals?: FirstApproval[];
  decision: Decision | null;
  order: OrderAck | null;
  orderedAt: string | null;
  /** place_order failed without an answer: the supplier may or may not hold the order. */
  orderUnknown: boolean;
  lookupsFailed: number;
  escalated: boolean;
  /** When stock and the quote's price were last re-read before committing money. */
  checkedBeforeOrderAt: string | null;
  stockRecovered: boolean;
  unreadReply: (SupplierMessagePayload & { messageId: string; at: string }) | null;
  replies: SupplierReply[];
  confirmed: boolean;
  refused: boolean;
  /**
   * A price the supplier asked for after the order, above what the manager approved. It changes
   * nothing by itself: the agent may ask the supplier to keep the ordered price, then asks the
   * manager, who accepts it (a new approval), rejects it (the agent buys elsewhere) or cancels.
   */
  repricedTo: number | null;
  /** The supplier was asked to keep the ordered price (once per run; absent until then). */
  honourAsked?: boolean;
  /** ... and its answer (or its silence) is still awaited. */
  awaitingHonour?: boolean;
  /** Times the manager was asked about a price raised after the order (absent until asked). */
  priceQuestions?: number;
  /** The manager would not pay the raised price: the order is to be bought elsewhere. */
  priceRejected?: { by: string; reason: string; at: string; channel?: DecisionChannel };
  expectedDelivery: string | null;
  supplierOverdue: boolean;
  chases: number;
  receipts: Receipt[];
  received: number;
  goodsOverdue: boolean;
  closed: boolean;
  /** `by` names the person who cancelled; absent when the agent did. */
  cancelled: { reason: string; by?: string } | null;
  /** Suppliers that refused this replenishment's order or went silent on it: their quotes are not used again. */
  droppedSuppliers: string[];
  /** Orders cancelled at their supplier before ordering elsewhere (absent until one). */
  cancelledOrders?: CancelledOrder[];
  /** Quotes the last `get_quotes` got that had already expired, and were left out (absent when none). */
  expiredOnArrival?: number;
  /** Per tool, its calls since its last answer that got none after every retry. */
  unanswered: Partial<Record<string, number>>;
  /** The last supplier reply said nothing the agent can act on; resolved by a clear reply or a person. */
  unclearReply: boolean;
  clarificationsAsked: number;
  finished: boolean;
  failure: string | null;
  log: Turn[];
  /**
   * The line joined its supplier's desk to be ordered on a consolidated PO (absent: it buys alone).
   * `spoNumber` once the desk ordered it. Absent in every run of a supplier that does not gather.
   */
  supplierOrder?: {
    supplier: string; joinedAt: string; orderBy: string | null; spoNumber?: string;
    /** The desk gave no word within the longest it may take: the run asks it for its line (leave_supplier_order). */
    silentSince?: string;
  };
}

export function initialState(
  stock: StockLevel, replenishment: number, memory?: Pick<AgentMemory, 'suppliers'>, policy?: InventoryPolicy,
): ReplenishState {
  const known = memory && Object.keys(memory.suppliers).length > 0 ? { suppliers: memory.suppliers } : {};
  return {
    sku: stock.sku,
    replenishment,
    poBase: poNumber(stock.sku, replenishment),
    stock,
    needed: quantityNeeded(stock, memory, policy),
    reorderPoint: stockLevels(stock, memory, policy).reorderPoint,
    ...known,
    ...(policy ? { policy } : {}),
    quotes: null,
    po: null,
    poRevision: 0,
    approvalRequests: 0,
    approvalPending: false,
    approvalTimeouts: 0,
    decision: null,
    order: null,
    orderedAt: null,
    orderUnknown: false,
    lookupsFailed: 0,
    escalated: false,
    checkedBeforeOrderAt: null,
    stockRecovered: false,
    unreadReply: null,
    replies: [],
    confirmed: false,
    refused: false,
    repricedTo: null,
    expectedDelivery: null,
    supplierOverdue: false,
    chases: 0,
    receipts: [],
    received: 0,
    goodsOverdue: false,
    closed: false,
    cancelled: null,
    droppedSuppliers: [],
    unanswered: {},
    unclearReply: false,
    clarificationsAsked: 0,
    finished: false,
    failure: null,
    log: [],
  };
}

export const ordered = (s: ReplenishState): number => (s.order && s.po ? s.po.quantity : 0);
export const backorder = (s: ReplenishState): number => Math.max(0, ordered(s) - s.received);
export const isApproved = (s: ReplenishState): boolean =>
  s.decision?.kind === 'approved' && s.po !== null && s.po.unitPrice <= s.decision.maxUnitPrice;
/** The state without approvals toward a PO that is no longer the one asked about. */
export function withoutFirstApprovals(s: ReplenishState): ReplenishState {
  if (!s.firstApprovals) return s;
  const { firstApprovals: _earlier, ...rest } = s;
  return rest;
}
/** Who has approved the PO so far while it waits for another approval. */
export const approvedSoFar = (s: ReplenishState): string[] => (s.firstApprovals ?? []).map((a) => a.by);
export const isRejected = (s: ReplenishState): boolean => s.decision?.kind === 'rejected';
/** No more work can be done on the PO: it is closed, cancelled, refused by the manager, or failed. */
export const isSettled = (s: ReplenishState): boolean =>
  s.closed || s.cancelled !== null || isRejected(s) || s.failure !== null;
export const isFinal = (s: ReplenishState): boolean => s.finished || s.failure !== null;

/** The line is at its supplier's desk, and the desk has not yet said whether it was ordered. */
export const awaitingSupplierOrder = (s: ReplenishState): boolean =>
  s.supplierOrder !== undefined && s.supplierOrder.silentSince === undefined && s.po !== null && !s.order && s.decision === null && !isSettled(s);

/** The PO number a message must carry to reach this replenishment. */
export const currentPoNumber = (s: ReplenishState): string | null => s.po?.poNumber ?? null;

/** The order this run cancelled under this PO number to buy elsewhere, if it did. */
export const cancelledOrderOf = (s: ReplenishState, poNumber: string): CancelledOrder | undefined =>
  s.cancelledOrders?.find((o) => o.poNumber === poNumber);

/** Why a message for a PO this run cancelled at its supplier is not taken; null for any other PO. */
export function cancelledOrderRefusal(s: ReplenishState, poNumber: string): string | null {
  const o = cancelledOrderOf(s, poNumber);
  if (!o) return null;
  const why = o.why === 'refused' ? 'it refused the order' : o.why === 'repriced' ? 'it raised its price after the order' : 'it did not answer';
  return `purchase order ${poNumber} was cancelled at ${o.supplier} (${why}); the agent is buying ${s.sku} elsewhere`;
}

/**
 * The last turn a run may take: `maxTurns`, and once an order is placed, as many again from the turn
 * that placed it. A run that spent its turns getting an order out still follows the order to its
 * goods: ending it then would leave an order at a supplier that nobody watches, and its goods'
 * receipt refused. `placingTool` names the tool whose turn places the order (the domain knows no tool by name).
 */
export function lastTurn(s: Pick<ReplenishState, 'order' | 'log'>, rules: Pick<Rules, 'maxTurns'>, placingTool: string): number {
  if (!s.order) return rules.maxTurns;
  const placedAt = [...s.log].reverse().find((t) => t.tool === placingTool && t.result === 'ok')?.turn ?? 0;
  return Math.max(rules.maxTurns, placedAt + rules.maxTurns);
}

/** Whether a message fits the run right now, by its event and PO (`refusalOf` judges the rest). */
export function accepts(
  s: ReplenishState, m: Pick<Message, 'event' | 'poNumber'>, rules: Pick<Rules, 'maxApprovalRequests'>,
): { ok: true } | { ok: false; why: string } {
  if (isSettled(s) || s.finished) {
    // A manager whose decision lost a race to another one is told what was decided, not only that the run ended.
    if (m.event === 'approval' && s.decision !== null && m.poNumber === currentPoNumber(s)) {
      return { ok: false, why: `purchase order ${m.poNumber} has already been decided (${s.decision.kind} by ${s.decision.by})` };
    }
    return { ok: false, why: `replenishment ${s.poBase} is already settled` };
  }
  const cancelledThere = cancelledOrderRefusal(s, m.poNumber);
  if (cancelledThere) return { ok: false, why: cancelledThere };
  const po = currentPoNumber(s);
  if (!po || po !== m.poNumber) return { ok: false, why: `purchase order ${m.poNumber} is not the one this agent is working on` };
  switch (m.event) {
    case 'approval':
      // A price the supplier raised after the order is the one decision a placed order waits for.
      if (priceQuestionOpen(s)) return { ok: true };
      if (s.decision !== null && !(s.decision.kind === 'approved' && !isApproved(s))) return { ok: false, why: `purchase order ${po} has already been decided` };
      if (s.approvalRequests === 0) return { ok: false, why: `purchase order ${po} has not been sent for approval` };
      if (s.order) return { ok: false, why: `purchase order ${po} has already been placed` };
      // After the last request timed out the agent asks no more and cancels: a late decision would go unread.
      if (!s.approvalPending && s.approvalRequests >= rules.maxApprovalRequests) {
        return { ok: false, why: `purchase order ${po} no longer waits for a decision: the manager was asked ${s.approvalRequests} times and the last request timed out` };
      }
      return { ok: true };
    case 'supplier-reply':
      if (!s.order) return { ok: false, why: `purchase order ${po} has not been placed with a supplier` };
      return { ok: true };
    case 'goods-receipt':
      if (!s.order) return { ok: false, why: `purchase order ${po} has not been placed with a supplier` };
      return { ok: true };
    case 'cancel':
      return { ok: true };
    // The desk may answer before the run has applied its join (an urgent line closes the window at
    // once): news for the drafted PO is taken whenever nothing has decided it yet.
    case 'supplier-order':
      if (s.order || s.decision !== null) return { ok: false, why: `purchase order ${po} has already been ${s.order ? 'placed' : 'decided'}` };
      return { ok: true };
  }
}

/** The manager was asked about a raised price as often as the rules allow, and has not answered. */
export const priceQuestionsSpent = (s: ReplenishState, rules: Pick<Rules, 'maxApprovalRequests'>): boolean =>
  s.order !== null && s.repricedTo !== null && !s.approvalPending && (s.priceQuestions ?? 0) >= rules.maxApprovalRequests;

/** Why the run hands a PO whose raised price the manager never decided on to the manager. */
export const undecidedPrice = (s: ReplenishState): string =>
  `no decision on ${s.po?.supplier}'s raised price ${s.repricedTo} for ${s.po?.poNumber} after ${s.priceQuestions ?? 0} requests; the order stands as placed at ${s.po?.unitPrice}`;

/** The manager is being asked whether to pay a price the supplier raised after the order. */
export const priceQuestionOpen = (s: ReplenishState): boolean => s.order !== null && s.repricedTo !== null && s.approvalPending;

/** A reply the API authenticated as from a supplier other than the one this PO was drafted for. */
export const fromAnotherSupplier = (s: ReplenishState, m: Message): m is Extract<Message, { event: 'supplier-reply' }> =>
  m.event === 'supplier-reply' && m.payload.supplier !== undefined && s.po?.poNumber === m.poNumber && s.po.supplier !== m.payload.supplier;

/**
 * A reply or receipt for the PO being worked on that came before its order was placed, from whoever
 * may send it: it will fit once the order is. A run that was reset meets the messages of its first
 * life again at the reset point; through the API the sender is told it is held. Never a message for
 * an order this run cancelled at its supplier: that PO will not be placed again.
 */
export const fitsOnceOrdered = (s: ReplenishState, m: Message): boolean =>
  (m.event === 'supplier-reply' || m.event === 'goods-receipt') && !s.order && !isSettled(s) && !s.finished
  && currentPoNumber(s) === m.poNumber && !fromAnotherSupplier(s, m) && !cancelledOrderOf(s, m.poNumber)
  // A receipt for more than the PO is drafted for would never fit: it is refused now (refusalOf).
  && !(m.event === 'goods-receipt' && m.payload.quantity > (s.po?.quantity ?? 0));

export function appendTurn(s: ReplenishState, turn: Turn): ReplenishState {
  return { ...s, log: [...s.log, turn] };
}

/** When the manager was last asked to approve (the last turn of `askingTool` that went out), if ever. */
export const approvalRequestedAt = (s: ReplenishState, askingTools: string | readonly string[]): string | null =>
  [...s.log].reverse().find((t) => (typeof askingTools === 'string' ? t.tool === askingTools : askingTools.includes(t.tool)) && t.result === 'ok')?.at ?? null;
