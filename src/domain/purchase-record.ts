import { outcome } from './outcome.js';
import { phase, type Phase } from './phase.js';
import { orderTotals } from './order-costs.js';
import type { ReplenishState } from './state.js';
import type { Decision, DecisionChannel, OutcomeKind, PoTerms, ReplenishmentResult, TurnResult } from './types.js';

/**
 * One decision on the PO. `rule` names the approval rule that decided, when no person did;
 * `channel` where it was made (`policy` for a rule's; null for a decision recorded before channels were).
 */
export interface ApprovalEntry {
  decision: 'approved' | 'rejected';
  by: string;
  rule: string | null;
  channel?: DecisionChannel | 'policy' | null;
  at: string;
  maxUnitPrice?: number;
  reason?: string;
  note?: string;
  /** The approval was for other terms than those drafted: what was drafted, and what was approved. */
  edit?: { drafted: PoTerms; approved: PoTerms };
  /** The PO it was given to, when not the record's own: an order cancelled at its supplier before the run bought elsewhere. */
  poNumber?: string;
}

/** A line of the decision log as the record keeps it (without the model's token usage). */
export interface TurnEntry {
  turn: number;
  at: string;
  tool: string;
  result: TurnResult;
  summary: string;
  reason?: string;
}

/**
 * What the service keeps of a settled replenishment after Temporal's retention deletes its
 * history: the purchase as accounting reads it, and the decision log that led there.
 */
export interface PurchaseRecord {
  /** The replenishment's workflow id: every PO number of it (revisions included) names it. */
  replenishmentId: string;
  runId: string;
  sku: string;
  replenishment: number;
  /** The last PO number drafted; a revision (…-R1) replaces the first. Null when none was drafted. */
  poNumber: string | null;
  supplier: string | null;
  quantityDrafted: number | null;
  quantityOrdered: number;
  quantityReceived: number;
  unitPrice: number | null;
  /** Quantity ordered × unit price, rounded once to the cent; null when nothing was ordered. */
  orderTotal: number | null;
  currency: string;
  approvals: ApprovalEntry[];
  outcome: OutcomeKind;
  reason: string;
  startedAt: string;
  settledAt: string;
  orderedAt: string | null;
  receivedAt: string | null;
  turns: TurnEntry[];
}

const entryOf = (d: Decision): ApprovalEntry => (d.kind === 'approved'
  ? { decision: 'approved', by: d.by, rule: d.rule ?? null, channel: d.channel ?? (d.rule ? 'policy' : null), at: d.at, maxUnitPrice: d.maxUnitPrice, ...(d.note ? { note: d.note } : {}), ...(d.edit ? { edit: d.edit } : {}) }
  : { decision: 'rejected', by: d.by, rule: null, channel: d.channel ?? null, at: d.at, reason: d.reason });

/** The record of a replenishment as it ends; `settledAt` is a time history holds, so a retry builds the same record. */
export function purchaseRecord(o: {
  replenishmentId: string; runId: string; state: ReplenishState; result: ReplenishmentResult; currency: string; settledAt: string;
}): PurchaseRecord {
  const { state, result } = o;
  const d = state.decision;
  const first: ApprovalEntry[] = (state.firstApprovals ?? []).map((a) => ({
    decision: 'approved', by: a.by, rule: null, channel: a.channel ?? null, at: a.at, maxUnitPrice: a.maxUnitPrice, ...(a.note ? { note: a.note } : {}),
  }));
  const last: ApprovalEntry[] = d ? [entryOf(d)] : [];
  // The orders the run cancelled at their supplier before it bought elsewhere were placed on approvals
  // too: the record is what says who approved them once the history is gone.
  const earlier: ApprovalEntry[] = (state.cancelledOrders ?? []).flatMap((c) => (c.approval ? [{ ...entryOf(c.approval), poNumber: c.poNumber }] : []));
  const approvals = [...earlier, ...first, ...last];
  const ordered = result.quantityOrdered > 0 && result.unitPrice !== null;
  return {
    replenishmentId: o.replenishmentId,
    runId: o.runId,
    sku: result.sku,
    replenishment: result.replenishment,
    poNumber: result.poNumber,
    supplier: result.supplier,
    quantityDrafted: state.po?.quantity ?? null,
    quantityOrdered: result.quantityOrdered,
    quantityReceived: result.quantityReceived,
    unitPrice: result.unitPrice,
    orderTotal: ordered ? orderTotals(result.quantityOrdered, result.unitPrice!, result.freight ?? 0).total : null,
    currency: o.currency,
    approvals,
    outcome: result.outcome,
    reason: result.reason,
    startedAt: state.log[0]?.at ?? o.settledAt,
    settledAt: o.settledAt,
    orderedAt: result.orderedAt,
    receivedAt: result.receivedAt,
    turns: state.log.map((t) => ({
      turn: t.turn, at: t.at, tool: t.tool, result: t.result, summary: t.summary, ...(t.reason ? { reason: t.reason } : {}),
    })),
  };
}

/**
 * Money committed to a supplier: an order placed and not cancelled at the supplier. The month is
 * the order's (UTC), the one its invoice falls in.
 */
export const committedSpend = (r: Pick<PurchaseRecord, 'orderTotal' | 'orderedAt'> & { outcome: PurchaseOrderStatus }): { month: string; amount: number } | null =>
  r.orderTotal !== null && r.orderedAt && r.outcome !== 'cancelled' ? { month: r.orderedAt.slice(0, 7), amount: r.orderTotal } : null;

/**
 * A PO still being worked on, as the purchase order list shows it beside the settled ones: what
 * the record will hold so far, and its phase. The run writes it as it changes; its decision log
 * stays in its history until the record takes it.
 */
export interface OpenPurchaseOrder extends Omit<PurchaseRecord, 'outcome' | 'reason' | 'settledAt' | 'turns' | 'poNumber'> {
  poNumber: string;
  phase: Phase;
  /** The run's time of the change this line shows. */
  updatedAt: string;
}

/** What a run shows the purchase order list: its PO as it stands, or that it has none open any more. */
export interface OpenOrderEntry {
  workflowId: string;
  order: OpenPurchaseOrder | null;
  /** The run's count of its writes: an older one landing late is dropped. */
  version?: number;
}

/** The run's PO as it stands, or null before one is drafted. Deterministic: the workflow builds it. */
export function openPurchaseOrder(o: { replenishmentId: string; runId: string; state: ReplenishState; currency: string; updatedAt: string }): OpenPurchaseOrder | null {
  if (!o.state.po) return null;
  const { outcome: _o, reason: _r, settledAt: _s, turns: _t, poNumber, ...sofar } = purchaseRecord({ ...o, result: outcome(o.state), settledAt: o.updatedAt });
  return { ...sofar, poNumber: poNumber ?? o.state.po.poNumber, phase: phase(o.state), updatedAt: o.updatedAt };
}

/** Where a PO stands in the list: a settled one's outcome, an open one's phase. */
export type PurchaseOrderStatus = OutcomeKind | Phase;
