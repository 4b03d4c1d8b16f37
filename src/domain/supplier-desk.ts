import { gatheringOf, MAX_LINES_PER_ORDER, windowClose, type Window } from './gathering.js';
import { spoNumber } from './ids.js';
import { currencyOf, type Rules } from './rules.js';
import { draftSupplierOrder, joinLine, type SupplierLine, type SupplierOrder, type SupplierOrderNews } from './supplier-order.js';

/** The manager's decision on a consolidated PO, as the desk keeps it. */
export type SpoDecision =
  | { approved: true; by: string; at: string; note?: string }
  | { approved: false; by: string; at: string; reason: string };

/**
 * Everything a supplier's desk knows: plain JSON, carried whole across continue-as-new, so no
 * line gathering and no news owed to a run is lost. The desk works one consolidated PO at a time
 * (`current`); lines that join meanwhile gather for the next.
 */
export interface DeskState {
  supplier: string;
  /** The rules the newest line brought: a configuration change reaches the desk with the next line. */
  rules: Rules;
  /** The number the next consolidated PO takes. */
  nextK: number;
  gathering: { window: Window; lines: SupplierLine[] } | null;
  current: {
    order: SupplierOrder; closedBecause: string; early: boolean; asked: number; decision: SpoDecision | null;
    /** Lines whose runs were cancelled since the PO was drafted: left out of the order placed, told they were dropped. */
    withdrawn?: string[];
  } | null;
  /** News owed to lines' runs, sent from the desk's loop. */
  outbox: { poNumber: string; news: SupplierOrderNews }[];
  /** The newest settled lines with their news: a line that joins again after it is told the same news again. */
  settled: { poNumber: string; news: SupplierOrderNews }[];
  /** The newest consolidated POs the desk settled: why each closed, its lines and what came of it. */
  orders: { spoNumber: string; closedBecause: string; early: boolean; lines: string[]; total: number; result: string }[];
}

/** How many settled lines the desk remembers; a join is retried within minutes, not after hundreds of lines. */
export const SETTLED_KEPT = 500;
/** How many settled consolidated POs the desk's view shows. */
export const ORDERS_KEPT = 50;

export const newDesk = (supplier: string, rules: Rules): DeskState =>
  ({ supplier, rules, nextK: 1, gathering: null, current: null, outbox: [], settled: [], orders: [] });

/**
 * A line joins, judged by its line PO number: a line gathering or on the PO in hand is not added
 * twice; a line already settled is told its news again; any other line gathers, opening a window
 * (closed at once for a supplier the line's rules no longer gather for).
 */
export function joinDesk(d: DeskState, line: SupplierLine, rules: Rules, now: string): DeskState {
  const told = d.settled.find((l) => l.poNumber === line.poNumber);
  if (told) return d.outbox.some((o) => o.poNumber === line.poNumber) ? d : { ...d, outbox: [...d.outbox, told] };
  if (d.current?.order.lines.some((l) => l.poNumber === line.poNumber)) return d;
  const setting = gatheringOf(rules, d.supplier);
  const window = d.gathering?.window ?? { openedAt: now, closesAt: setting ? windowClose(setting, now, rules.dayMs) : now };
  const { lines } = joinLine(d.gathering?.lines ?? [], line);
  return { ...d, rules, gathering: { window, lines } };
}

/** The window closes: its lines become the consolidated PO in hand, drafted under the next number. */
export function closeWindow(d: DeskState, closedBecause: string, early: boolean): DeskState {
  const all = d.gathering?.lines ?? [];
  // Lines past the most one order takes stay gathering, in the same window, for the next PO.
  const lines = all.slice(0, MAX_LINES_PER_ORDER);
  const rest = all.slice(MAX_LINES_PER_ORDER);
  const order = draftSupplierOrder(spoNumber(d.supplier, d.nextK), d.supplier, currencyOf(d.rules), lines);
  const gathering = rest.length > 0 && d.gathering ? { ...d.gathering, lines: rest } : null;
  return { ...d, nextK: d.nextK + 1, gathering, current: { order, closedBecause, early, asked: 0, decision: null } };
}

/**
 * A line's run was cancelled: a gathering line leaves the window (a window with no line left closes
 * unused); a line of the PO in hand is left out when it is placed. A line already settled keeps its
 * news, which says whether it was ordered (its run then cancels it at the supplier).
 */
export function withdrawLine(d: DeskState, poNumber: string): DeskState {
  if (d.gathering?.lines.some((l) => l.poNumber === poNumber)) {
    const lines = d.gathering.lines.filter((l) => l.poNumber !== poNumber);
    return { ...d, gathering: lines.length > 0 ? { ...d.gathering, lines } : null };
  }
  const c = d.current;
  if (c?.order.lines.some((l) => l.poNumber === poNumber) && !c.withdrawn?.includes(poNumber)) {
    return { ...d, current: { ...c, withdrawn: [...(c.withdrawn ?? []), poNumber] } };
  }
  return d;
}

/** The PO in hand as it is placed: without its withdrawn lines, its goods and freight drafted anew; null when none is left. */
export function orderToPlace(d: DeskState): SupplierOrder | null {
  const c = d.current;
  if (!c) return null;
  const left = c.order.lines.filter((l) => !c.withdrawn?.includes(l.poNumber));
  if (left.length === 0) return null;
  if (left.length === c.order.lines.length) return c.order;
  return draftSupplierOrder(c.order.spoNumber, c.order.supplier, c.order.currency, left.map(({ lineTotal: _t, ...l }) => l));
}

/** The PO in hand is settled: each line's news is owed to its run, and remembered. */
export function settleOrder(d: DeskState, newsOf: (line: SupplierLine) => SupplierOrderNews): DeskState {
  if (!d.current) return d;
  const { order, closedBecause, early } = d.current;
  const told = order.lines.map((l) => ({ poNumber: l.poNumber, news: newsOf(l) }));
  const first = told[0]?.news;
  const result = first?.kind === 'ordered' ? `ordered on ${first.approval.by}'s approval` : `dropped: ${first?.reason ?? 'no lines'}`;
  const entry = { spoNumber: order.spoNumber, closedBecause, early, lines: order.lines.map((l) => l.poNumber), total: order.total, result };
  return {
    ...d, current: null, outbox: [...d.outbox, ...told], settled: [...d.settled, ...told].slice(-SETTLED_KEPT), orders: [...d.orders, entry].slice(-ORDERS_KEPT),
  };
}

/** A manager's decision on a consolidated PO as the API hands it to the desk. */
export interface SpoDecisionRequest {
  spoNumber: string; approved: boolean; by: string; reason?: string; note?: string;
  /** The ceiling the approval names: it must cover every line's unit price. */
  maxUnitPrice?: number;
  /** The approver's approval limit, when they have one: the largest total they may approve. */
  limit?: number;
  /** The approval asked for other terms (a quantity, a quote): a consolidated PO is decided whole. */
  edits?: boolean;
  /** When the API took the decision: the desk's clock moves on it (history holds it with the Update). */
  at?: string;
}

/**
 * Why this decision cannot be taken, with the kind the API answers by (`NotWaiting` 409,
 * `OverLimit` 403); null when it can. Judged once, by the desk, on its own state.
 */
export function spoDecisionRefusal(d: DeskState, r: SpoDecisionRequest): { type: 'NotWaiting' | 'OverLimit'; why: string } | null {
  const closed = decisionRefusal(d, r.spoNumber);
  if (closed) return { type: 'NotWaiting', why: closed };
  if (!r.approved) return null;
  const { order } = d.current!;
  if (r.edits) return { type: 'NotWaiting', why: `${r.spoNumber} is approved or rejected whole: its lines are not edited` };
  if (r.limit !== undefined && order.total > r.limit) {
    return { type: 'OverLimit', why: `${r.by} may approve purchase orders up to ${r.limit.toFixed(2)}; ${r.spoNumber} totals ${order.total.toFixed(2)}: a manager with a higher approval limit must approve it` };
  }
  const dearest = [...order.lines].sort((a, b) => b.unitPrice - a.unitPrice)[0]!;
  if (r.maxUnitPrice !== undefined && r.maxUnitPrice < dearest.unitPrice) {
    return { type: 'NotWaiting', why: `an approval up to ${r.maxUnitPrice} is below the unit price ${dearest.unitPrice} of line ${dearest.poNumber} (${dearest.sku}) on ${r.spoNumber}; approve at least ${dearest.unitPrice}, or reject it` };
  }
  return null;
}

/** Why a manager's decision on `spo` cannot be taken now; null when it can. */
export function decisionRefusal(d: DeskState, spo: string): string | null {
  const c = d.current;
  if (!c || c.order.spoNumber !== spo) {
    const earlier = d.settled.find((l) => l.news.spoNumber === spo);
    return earlier ? `${spo} has already been ${earlier.news.kind === 'ordered' ? 'approved and ordered' : `settled: ${earlier.news.reason}`}` : `${spo} is not waiting for a decision`;
  }
  if (c.decision) return `${spo} has already been decided (${c.decision.approved ? 'approved' : 'rejected'} by ${c.decision.by})`;
  if (c.asked === 0) return `${spo} has not been sent for approval`;
  return null;
}
