import type { Rules } from './rules.js';
import {
  accepts, approvalRequestedAt, approvedSoFar, backorder, fromAnotherSupplier, isRejected, isSettled, ordered, priceQuestionOpen, type ApprovalPayload, type EventName, type Message, type ReplenishState,
} from './state.js';
import { repriced } from './order-costs.js';
import { changesPo, editedLine } from './approval-edit.js';
import type { Quote } from './types.js';

export const PHASES = [
  'quoting', 'drafting', 'awaiting approval', 'approved', 'ordered', 'awaiting goods',
  'receiving', 'received', 'cancelled', 'rejected', 'failed',
] as const;
export type Phase = (typeof PHASES)[number];
/** The phases a replenishment can be in once it has a PO (drafted, so listed as a purchase order). */
export const PO_PHASES: readonly Phase[] = PHASES.filter((p) => p !== 'quoting');

/** Where a replenishment stands, in a manager's words. */
export function phase(s: ReplenishState): Phase {
  if (s.failure) return 'failed';
  if (s.closed) return 'received';
  if (s.cancelled) return 'cancelled';
  if (isRejected(s)) return 'rejected';
  if (s.order) {
    // A price the supplier raised after the order waits for the manager as a draft does.
    if (priceQuestionOpen(s)) return 'awaiting approval';
    if (s.received > 0 && backorder(s) > 0) return 'receiving';
    return s.confirmed ? 'awaiting goods' : 'ordered';
  }
  if (s.approvalPending) return 'awaiting approval';
  if (s.decision?.kind === 'approved') return 'approved';
  if (s.po) return 'drafting';
  return 'quoting';
}

/**
 * What a replenishment would take now, as its own view shows it (the SKU page's cancel button):
 * computed from the run's state when asked, never kept anywhere else.
 */
export interface Gate {
  workflowId: string;
  poNumber: string | null;
  phase: Phase;
  open: EventName[];
  why: Partial<Record<EventName, string>>;
  /** Who the PO is drafted for. */
  supplier: string | null;
  /** What the manager decides on, while the PO awaits approval. */
  approval: ApprovalRequest | null;
}

/**
 * A PO waiting for the manager, as the approvals inbox shows it. The replenishment writes it to the
 * inbox table itself (src/records/approvals-waiting.ts), so the inbox never queries a run.
 */
export interface ApprovalRequest {
  supplier: string;
  quantity: number;
  unitPrice: number;
  /** The goods plus `freight`. */
  total: number;
  /** The supplier's freight for this order, when it charges one. */
  freight?: number;
  onHand: number;
  safetyStock: number;
  alternatives: Quote[];
  requestedAt: string | null;
  /** Managers who approved it so far; present only when it needs more than one approval. */
  approvedBy?: string[];
  /** How many different managers must approve it. */
  approvalsNeeded?: number;
  /**
   * Present when the PO was already placed and the supplier then asked more: `unitPrice` and
   * `total` are then the new terms, and this says what was ordered and what the supplier wrote.
   */
  priceChange?: { orderedUnitPrice: number; orderedTotal: number; supplierSays: string | null };
}

/** What a replenishment shows the approvals inbox: its PO and what the manager is asked, or that nothing is asked any more. */
export type InboxEntry = (
  | { workflowId: string; sku: string; poNumber: string; request: ApprovalRequest }
  | { workflowId: string; request: null }
) & { /** The run's count of its writes: an older one landing late is dropped. */ version?: number };

/** What the manager is asked, without when: enough to check an approval's ceiling against. */
function approvalQuestion(s: ReplenishState): Omit<ApprovalRequest, 'requestedAt'> | null {
  const po = s.po;
  if (!po || phase(s) !== 'awaiting approval') return null;
  const raised = priceQuestionOpen(s) ? s.repricedTo! : null;
  return {
    supplier: po.supplier, quantity: po.quantity,
    unitPrice: raised ?? po.unitPrice, total: raised === null ? po.total : repriced(po, raised).total,
    ...(po.freight ? { freight: po.freight } : {}),
    onHand: s.stock.onHand, safetyStock: s.stock.safetyStock,
    // Once the order is placed, the question is this supplier's new price: the other quotes are what a rejection leads to.
    alternatives: raised === null ? (s.quotes ?? []).filter((q) => q.quoteId !== po.quoteId) : [],
    ...(raised === null ? {} : { priceChange: { orderedUnitPrice: po.unitPrice, orderedTotal: po.total, supplierSays: priceChangeExcerpt(s) } }),
    // Only a PO needing more than one approval says so: the gate of any other stays as it was.
    ...((s.approvalsNeeded ?? 1) > 1 ? { approvedBy: approvedSoFar(s), approvalsNeeded: s.approvalsNeeded } : {}),
  };
}

/** The supplier's own words for the price it raised: the excerpt of the last reply read as a price change. */
export const priceChangeExcerpt = (s: ReplenishState): string | null =>
  [...s.replies].reverse().find((r) => r.kind === 'price_change')?.excerpt ?? null;

/**
 * Why this manager's decision cannot count, with the kind of refusal: an approval above their
 * approval limit (`OverLimit`, a 403), or a second approval by the manager who gave the first
 * (`NotWaiting`, a 409). Null when it can.
 */
export function approverRefusal(
  request: Pick<ApprovalRequest, 'total' | 'approvedBy' | 'approvalsNeeded'>, poNumber: string, p: ApprovalPayload, what: string = poNumber,
): { type: 'OverLimit' | 'NotWaiting'; why: string } | null {
  if (!p.approved) return null;
  if (p.limit !== undefined && request.total > p.limit) {
    return { type: 'OverLimit', why: `${p.by} may approve purchase orders up to ${p.limit.toFixed(2)}; ${what} totals ${request.total.toFixed(2)}: a manager with a higher approval limit must approve it` };
  }
  if (request.approvedBy?.includes(p.by)) {
    return { type: 'NotWaiting', why: `${p.by} has already approved ${poNumber}; it needs ${request.approvalsNeeded ?? 1} approvals by different managers, so another manager must approve it` };
  }
  return null;
}

/**
 * Why an approval cannot be used: its ceiling is below the drafted unit price and below every other
 * quote, so the agent could only ask the manager the same question again. Null when it can be used.
 */
export function approvalTooLow(request: Pick<ApprovalRequest, 'unitPrice' | 'alternatives' | 'priceChange'>, poNumber: string, maxUnitPrice: number): string | null {
  if (maxUnitPrice >= request.unitPrice || request.alternatives.some((q) => q.unitPrice <= maxUnitPrice)) return null;
  if (request.priceChange) {
    return `the supplier of ${poNumber} now asks ${request.unitPrice} a unit (ordered at ${request.priceChange.orderedUnitPrice}); `
      + `approve at least ${request.unitPrice} to accept it, reject it to buy elsewhere, or cancel the purchase order`;
  }
  return `an approval up to ${maxUnitPrice} is below the drafted unit price ${request.unitPrice} of ${poNumber} and below every other quote; `
    + `approve at least ${request.unitPrice}, or reject it`;
}

export const EVENTS: EventName[] = ['approval', 'supplier-reply', 'goods-receipt', 'cancel'];

/**
 * Why a message is refused, and the kind the API answers with: `NotWaiting` (409) for a message the
 * run cannot take now, `OverLimit` (403) for an approval above the approver's limit, `NotAddressee`
 * (403) for a supplier's reply to a PO sent to another supplier.
 */
export interface Refusal { type: 'NotWaiting' | 'OverLimit' | 'NotAddressee'; why: string }

/** The HTTP status each kind of refusal is answered with: the one table the API maps refusals by. */
export const REFUSAL_STATUS: Record<Refusal['type'], 403 | 409> = { NotWaiting: 409, OverLimit: 403, NotAddressee: 403 };

/** The refusal kind a failure's type names, if it names one. */
export const refusalType = (type: string | undefined): Refusal['type'] | undefined =>
  type !== undefined && Object.hasOwn(REFUSAL_STATUS, type) ? (type as Refusal['type']) : undefined;

const notWaiting = (why: string): Refusal => ({ type: 'NotWaiting', why });

/**
 * Whether a message of this kind for this PO can come in now at all, whatever it carries: what the
 * run's gate shows and the first part of `refusalOf`, in one place. A cancellation under way closes
 * every door; a decision waiting to be read closes the door to a second one.
 */
export function doorFor(
  s: ReplenishState, event: EventName, poNumber: string, rules: Pick<Rules, 'maxApprovalRequests'>, pending: (e: EventName) => boolean,
): Refusal | null {
  if (pending('cancel')) return notWaiting(`${poNumber} is being cancelled`);
  const verdict = accepts(s, { event, poNumber }, rules);
  if (!verdict.ok) return notWaiting(verdict.why);
  if (event === 'approval' && pending('approval')) return notWaiting('a decision is already waiting to be read');
  return null;
}

/**
 * Why a replenishment does not take a message now, or null when it does: the one judgement of a
 * message, made by the run on its own state at `now` (the run's clock as it takes the message).
 * `pending` says which messages already wait to be carried out: after a cancellation nothing is
 * taken, and a second decision has nothing to change.
 */
export function refusalOf(
  s: ReplenishState, m: Message, rules: Pick<Rules, 'maxApprovalRequests' | 'twoApprovalsAbove'>, pending: (e: EventName) => boolean, now: string = m.at,
): Refusal | null {
  // Only the supplier the PO went to may answer it.
  if (fromAnotherSupplier(s, m)) {
    return { type: 'NotAddressee', why: `purchase order ${m.poNumber} was not sent to ${m.payload.supplier}` };
  }
  // Before the door: a receipt that comes before the order is held for it, and one for more than
  // the PO can ever take must be refused now, not held and dropped later with no word to the sender.
  const tooMany = m.event === 'goods-receipt' ? overReceipt(s, m.poNumber, m.payload.quantity) : null;
  if (tooMany) return notWaiting(tooMany);
  const closed = doorFor(s, m.event, m.poNumber, rules, pending);
  if (closed) return closed;
  const request = m.event === 'approval' ? approvalQuestion(s) : null;
  if (m.event === 'approval' && request) {
    if (m.payload.approved && m.payload.edit) return editRefusal(s, request, m.poNumber, m.payload, rules, now);
    const byApprover = approverRefusal(request, m.poNumber, m.payload);
    if (byApprover) return byApprover;
    const tooLow = m.payload.approved && m.payload.maxUnitPrice !== undefined ? approvalTooLow(request, m.poNumber, m.payload.maxUnitPrice) : null;
    if (tooLow) return notWaiting(tooLow);
  }
  return null;
}

/**
 * A receipt for more than the order still expects would record goods nobody ordered as this order's:
 * the warehouse records what belongs to the order, and the surplus is a matter for the supplier.
 */
function overReceipt(s: ReplenishState, poNumber: string, quantity: number): string | null {
  if (!s.po || s.po.poNumber !== poNumber || isSettled(s) || s.finished) return null;
  const left = s.order ? backorder(s) : s.po.quantity;
  if (quantity <= left) return null;
  const so = s.order ? `${ordered(s)} ordered, ${s.received} received` : `drafted for ${s.po.quantity}, not yet ordered`;
  return `a receipt of ${quantity} is more than the ${left} still expected on ${poNumber} (${so}): `
    + `record at most ${left} against it and settle the surplus with the supplier`;
}

/**
 * An approval with edits is judged on the edited line, by every rule the drafted PO keeps
 * (`editedLine`), then as any approval of its total: the approver's limit (403). Its ceiling must
 * cover the edited unit price, and one manager's edit never reaches a total two must approve.
 */
function editRefusal(
  s: ReplenishState, request: Omit<ApprovalRequest, 'requestedAt'>, poNumber: string, p: ApprovalPayload,
  rules: Pick<Rules, 'twoApprovalsAbove'>, now: string,
): Refusal | null {
  if (request.priceChange) return notWaiting(`${poNumber} is already placed; approve or reject the price its supplier raised, it is not edited`);
  const edited = editedLine(s, p.edit!, now);
  if (!edited.ok) return notWaiting(`the edit of ${poNumber} cannot be ordered: ${edited.why}`);
  const { line } = edited;
  if (!changesPo(s, line)) return approverRefusal(request, poNumber, p) ?? (p.maxUnitPrice !== undefined ? tooLowFor(request, poNumber, p.maxUnitPrice) : null);
  const terms = `${line.quantity} from ${line.quote.supplier} at ${line.unitPrice} (${line.total.toFixed(2)})`;
  // The other approvals a PO above the threshold needs were given to the drafted terms, not these.
  const byApprover = approverRefusal({ total: line.total }, poNumber, p, `${poNumber} edited to ${terms}`);
  if (byApprover) return byApprover;
  if (p.maxUnitPrice !== undefined && p.maxUnitPrice < line.unitPrice) {
    return notWaiting(`an approval up to ${p.maxUnitPrice} is below the unit price ${line.unitPrice} of ${poNumber} edited to ${terms}; approve at least ${line.unitPrice}, or leave the ceiling out`);
  }
  if (rules.twoApprovalsAbove !== undefined && line.total > rules.twoApprovalsAbove) {
    return notWaiting(`${poNumber} edited to ${terms} is above ${rules.twoApprovalsAbove.toFixed(2)}, where two managers must approve; one manager's edit cannot approve it: edit it to at most that, or approve it as drafted`);
  }
  return null;
}

const tooLowFor = (request: Omit<ApprovalRequest, 'requestedAt'>, poNumber: string, maxUnitPrice: number): Refusal | null => {
  const why = approvalTooLow(request, poNumber, maxUnitPrice);
  return why ? notWaiting(why) : null;
};

/**
 * `askingTools` name the tools whose turns ask the manager, about a PO or a price raised after it (the domain knows no tool by name);
 * `pending` closes the doors a message waiting to be carried out closes (as `refusalOf` does).
 */
export function gate(
  workflowId: string, s: ReplenishState, rules: Pick<Rules, 'maxApprovalRequests'>, askingTools: string | readonly string[], pending: (e: EventName) => boolean = () => false,
): Gate {
  const poNumber = s.po?.poNumber ?? null;
  const open: EventName[] = [];
  const why: Partial<Record<EventName, string>> = {};
  for (const event of EVENTS) {
    const closed = doorFor(s, event, poNumber ?? '', rules, pending);
    if (closed) why[event] = closed.why;
    else open.push(event);
  }
  const question = approvalQuestion(s);
  const approval = question ? { ...question, requestedAt: approvalRequestedAt(s, askingTools) } : null;
  return { workflowId, poNumber, phase: phase(s), open, why, supplier: s.po?.supplier ?? null, approval };
}
