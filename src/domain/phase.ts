import { accepts, backorder, isRejected, type EventName, type ReplenishState } from './state.js';

export type Phase =
  | 'quoting' | 'drafting' | 'awaiting approval' | 'approved' | 'ordered' | 'awaiting goods'
  | 'receiving' | 'received' | 'cancelled' | 'rejected' | 'failed';

/** Where a replenishment stands, in a manager's words. */
export function phase(s: ReplenishState): Phase {
  if (s.failure) return 'failed';
  if (s.closed) return 'received';
  if (s.cancelled) return 'cancelled';
  if (isRejected(s)) return 'rejected';
  if (s.order) {
    if (s.received > 0 && backorder(s) > 0) return 'receiving';
    return s.confirmed ? 'awaiting goods' : 'ordered';
  }
  if (s.approvalPending) return 'awaiting approval';
  if (s.decision?.kind === 'approved') return 'approved';
  if (s.po) return 'drafting';
  return 'quoting';
}

/**
 * The part of a replenishment's state its entity needs to answer senders at once:
 * which PO it works on and which messages it would take now.
 */
export interface Gate {
  workflowId: string;
  poNumber: string | null;
  phase: Phase;
  open: EventName[];
  why: Partial<Record<EventName, string>>;
  /** The order the replenishment sent this in; the entity drops a report overtaken by a newer one. */
  seq?: number;
}

const EVENTS: EventName[] = ['approval', 'supplier-reply', 'goods-receipt'];

export function gate(workflowId: string, s: ReplenishState): Gate {
  const poNumber = s.po?.poNumber ?? null;
  const open: EventName[] = [];
  const why: Partial<Record<EventName, string>> = {};
  for (const event of EVENTS) {
    const verdict = accepts(s, { event, poNumber: poNumber ?? '' });
    if (verdict.ok) open.push(event);
    else why[event] = verdict.why;
  }
  return { workflowId, poNumber, phase: phase(s), open, why };
}
