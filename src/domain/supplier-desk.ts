import { gatheringOf, MAX_LINES_PER_ORDER, windowClose, type Window } from './gathering.js';
import { spoNumber } from './ids.js';
import { digestOf, reusedIdWhy } from './message-digest.js';
import { approverRefusal } from './phase.js';
import { currencyOf, type Rules } from './rules.js';
import type { DecisionChannel } from './types.js';
import { draftSupplierOrder, joinLine, type SupplierLine, type SupplierOrder, type SupplierOrderNews } from './supplier-order.js';

/** The manager's decision on a consolidated PO, as the desk keeps it. */
export type SpoDecision =
  | { approved: true; by: string; at: string; note?: string; channel?: DecisionChannel }
  | { approved: false; by: string; at: string; reason: string };

/** The id a decision came under (`approval:<manager>:<Idempotency-Key>`) and what it said: its repeat is the same decision. */
export interface DecisionKey { messageId: string; digest: string }

/** A consolidated PO drafted and not yet settled: on its way through approval to the order. */
export interface SpoInFlight {
  order: SupplierOrder;
  closedBecause: string;
  early: boolean;
  /** How many times the manager was asked; 0 until the approval policy leaves it to a person. */
  asked: number;
  /** Why the approval policy did not approve it, said again in each request. */
  notByRule?: string;
  /** When the manager's current wait ends: a desk continued as new waits out the rest of it, and asks no sooner. */
  waitUntil?: string;
  decision: SpoDecision | null;
  decidedUnder?: DecisionKey;
  /** How many different managers must approve it: 2 when its total is above `twoApprovalsAbove`; absent, 1. */
  approvalsNeeded?: number;
  /** The approvals taken before the last one needed: the SPO still waits, for another manager. */
  firstApprovals?: { by: string; at: string; note?: string; under?: DecisionKey }[];
  /** How many of `firstApprovals` its inbox row shows: the desk rewrites the row when one more came. */
  shownApprovals?: number;
  /** Lines whose runs were cancelled since the PO was drafted: left out of the order placed, told they were dropped. */
  withdrawn?: string[];
}

/**
 * Everything a supplier's desk knows: plain JSON, carried whole across continue-as-new, so no
 * line gathering, no consolidated PO in flight and no news owed to a run is lost. Several
 * consolidated POs may be in flight at once, each on its own way (one waits for the manager while
 * the next is approved by rule and placed); lines that join meanwhile gather for the next window.
 */
export interface DeskState {
  supplier: string;
  /** The rules the newest line brought: a configuration change reaches the desk with the next line. */
  rules: Rules;
  /** The number the next consolidated PO takes. */
  nextK: number;
  gathering: { window: Window; lines: SupplierLine[] } | null;
  /** The consolidated POs drafted and not yet settled, by SPO number, oldest first. */
  inFlight: Record<string, SpoInFlight>;
  /** News owed to lines' runs, sent from the desk's loop. */
  outbox: { poNumber: string; news: SupplierOrderNews }[];
  /** The newest settled lines with their news: a line that joins again after it is told the same news again. */
  settled: { poNumber: string; news: SupplierOrderNews }[];
  /** The newest consolidated POs the desk settled: why each closed, its lines, what came of it, and the decision's key. */
  orders: { spoNumber: string; closedBecause: string; early: boolean; lines: string[]; total: number; result: string; decidedUnder?: DecisionKey }[];
}

/** How many settled lines the desk remembers; a join is retried within minutes, not after hundreds of lines. */
export const SETTLED_KEPT = 500;
/** How many settled consolidated POs the desk's view shows (and knows a repeated decision on). */
export const ORDERS_KEPT = 50;

export const newDesk = (supplier: string, rules: Rules): DeskState =>
  ({ supplier, rules, nextK: 1, gathering: null, inFlight: {}, outbox: [], settled: [], orders: [] });

/** The consolidated POs in flight, oldest first. */
export const spoNumbersInFlight = (d: DeskState): string[] => Object.keys(d.inFlight);

/** The consolidated PO in flight a line is on; null when it is on none. */
export const spoHolding = (d: DeskState, poNumber: string): string | null =>
  Object.entries(d.inFlight).find(([, c]) => c.order.lines.some((l) => l.poNumber === poNumber))?.[0] ?? null;

/** A consolidated PO in flight changed; the others as they were. */
export function withSpo(d: DeskState, spo: string, change: Partial<SpoInFlight>): DeskState {
  const c = d.inFlight[spo];
  if (!c) return d;
  return { ...d, inFlight: { ...d.inFlight, [spo]: { ...c, ...change } } };
}

/** The manager's wait on `spo` ended without a decision: the next request starts a wait of its own. */
export function endWait(d: DeskState, spo: string): DeskState {
  const c = d.inFlight[spo];
  if (!c) return d;
  const { waitUntil: _ended, ...rest } = c;
  return { ...d, inFlight: { ...d.inFlight, [spo]: rest } };
}

/** Where each consolidated PO in flight stands and what is gathering, from the state alone: the desk's details in the Web UI. */
export function describeDesk(d: DeskState): string {
  const spos = Object.entries(d.inFlight).map(([spo, c]) => {
    const lines = `${c.order.lines.length} line(s)`;
    if (c.decision) return `${spo} (${lines}): ${c.decision.approved ? 'approved' : 'rejected'} by ${c.decision.by}`;
    const so = approvedSoFar(c);
    const counted = so.length > 0 ? `, approved by ${so.join(', ')}, ${so.length} of ${c.approvalsNeeded}` : '';
    return c.asked > 0 ? `${spo} (${lines}): waits for the manager (request ${c.asked}${counted})` : `${spo} (${lines}): with the approval policy`;
  });
  const gathering = d.gathering ? `gathering ${d.gathering.lines.length} line(s) until ${d.gathering.window.closesAt}` : 'no line gathering';
  return [gathering, ...spos].join('; ');
}

/**
 * A line joins, judged by its line PO number: a line gathering or on a PO in flight is not added
 * twice; a line already settled is told its news again; any other line gathers, opening a window
 * (closed at once for a supplier the line's rules no longer gather for).
 */
export function joinDesk(d: DeskState, line: SupplierLine, rules: Rules, now: string): DeskState {
  const told = d.settled.find((l) => l.poNumber === line.poNumber);
  if (told) return d.outbox.some((o) => o.poNumber === line.poNumber) ? d : { ...d, outbox: [...d.outbox, told] };
  if (spoHolding(d, line.poNumber)) return d;
  const setting = gatheringOf(rules, d.supplier);
  const window = d.gathering?.window ?? { openedAt: now, closesAt: setting ? windowClose(setting, now, rules.dayMs) : now };
  const { lines } = joinLine(d.gathering?.lines ?? [], line);
  return { ...d, rules, gathering: { window, lines } };
}

/** Above `twoApprovalsAbove` a PO needs two different managers' approvals, a consolidated PO as a run's own. */
export const approvalsNeededFor = (rules: Pick<Rules, 'twoApprovalsAbove'>, total: number): number =>
  (rules.twoApprovalsAbove !== undefined && total > rules.twoApprovalsAbove ? 2 : 1);

/** The managers who approved an SPO so far, while it waits for another. */
export const approvedSoFar = (c: SpoInFlight): string[] => (c.firstApprovals ?? []).map((a) => a.by);

/** An SPO waiting for the manager whose inbox row shows every approval taken: nothing for its path to do until the next decision. */
export const spoAtRest = (c: SpoInFlight): boolean => c.decision === null && (c.firstApprovals?.length ?? 0) === (c.shownApprovals ?? 0);

/** Why an SPO the manager was asked about is dropped undecided: the approvals it has, when it needed more. */
export function undecidedWhy(c: SpoInFlight, spo: string, requests: number): string {
  const so = approvedSoFar(c);
  return so.length > 0
    ? `only ${so.join(', ')} approved ${spo}, of the ${c.approvalsNeeded} managers who must; no other manager decided after ${requests} requests`
    : `no decision from the manager on ${spo} after ${requests} requests`;
}

/** The window closes: its lines become a consolidated PO in flight, drafted under the next number, beside any others. */
export function closeWindow(d: DeskState, closedBecause: string, early: boolean): DeskState {
  const all = d.gathering?.lines ?? [];
  // Lines past the most one order takes stay gathering, in the same window, for the next PO.
  const lines = all.slice(0, MAX_LINES_PER_ORDER);
  const rest = all.slice(MAX_LINES_PER_ORDER);
  const order = draftSupplierOrder(spoNumber(d.supplier, d.nextK), d.supplier, currencyOf(d.rules), lines);
  const gathering = rest.length > 0 && d.gathering ? { ...d.gathering, lines: rest } : null;
  const needed = approvalsNeededFor(d.rules, order.total);
  return {
    ...d, nextK: d.nextK + 1, gathering,
    inFlight: { ...d.inFlight, [order.spoNumber]: { order, closedBecause, early, asked: 0, decision: null, ...(needed > 1 ? { approvalsNeeded: needed } : {}) } },
  };
}

/**
 * A line's run was cancelled: a gathering line leaves the window (a window with no line left closes
 * unused); a line of a PO in flight is left out when that PO is placed. A line already settled keeps
 * its news, which says whether it was ordered (its run then cancels it at the supplier).
 */
export function withdrawLine(d: DeskState, poNumber: string): DeskState {
  if (d.gathering?.lines.some((l) => l.poNumber === poNumber)) {
    const lines = d.gathering.lines.filter((l) => l.poNumber !== poNumber);
    return { ...d, gathering: lines.length > 0 ? { ...d.gathering, lines } : null };
  }
  const spo = spoHolding(d, poNumber);
  const withdrawn = spo ? d.inFlight[spo]!.withdrawn ?? [] : [];
  return spo && !withdrawn.includes(poNumber) ? withSpo(d, spo, { withdrawn: [...withdrawn, poNumber] }) : d;
}

/** A PO in flight as it is placed: without its withdrawn lines, its goods and freight drafted anew; null when none is left. */
export function orderToPlace(d: DeskState, spo: string): SupplierOrder | null {
  const c = d.inFlight[spo];
  if (!c) return null;
  const left = c.order.lines.filter((l) => !c.withdrawn?.includes(l.poNumber));
  if (left.length === 0) return null;
  if (left.length === c.order.lines.length) return c.order;
  return draftSupplierOrder(c.order.spoNumber, c.order.supplier, c.order.currency, left.map(({ lineTotal: _t, ...l }) => l));
}

/** A PO in flight is settled: each line's news is owed to its run, and remembered; the others go on. */
export function settleOrder(d: DeskState, spo: string, newsOf: (line: SupplierLine) => SupplierOrderNews): DeskState {
  const c = d.inFlight[spo];
  if (!c) return d;
  const { order, closedBecause, early, decidedUnder } = c;
  const told = order.lines.map((l) => ({ poNumber: l.poNumber, news: newsOf(l) }));
  const first = told[0]?.news;
  const result = first?.kind === 'ordered' ? `ordered on ${first.approval.by}'s approval` : `dropped: ${first?.reason ?? 'no lines'}`;
  const entry = { spoNumber: spo, closedBecause, early, lines: order.lines.map((l) => l.poNumber), total: order.total, result, ...(decidedUnder ? { decidedUnder } : {}) };
  const { [spo]: _settled, ...inFlight } = d.inFlight;
  return {
    ...d, inFlight, outbox: [...d.outbox, ...told], settled: [...d.settled, ...told].slice(-SETTLED_KEPT), orders: [...d.orders, entry].slice(-ORDERS_KEPT),
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
  /** The manager's own key for this decision (`approval:<manager>:<Idempotency-Key>`): sent again, it is the same decision. */
  messageId?: string;
  /** How the manager sent it (the page, the API, a link, Slack): the lines' runs record it with the approval. */
  channel?: DecisionChannel;
}

/** What a decision says, as its sender chose it: its repeat under the same key must say the same. */
const digestOfDecision = (r: SpoDecisionRequest): string => digestOf({
  event: 'approval', poNumber: r.spoNumber,
  payload: { approved: r.approved, by: r.by, reason: r.reason, note: r.note, maxUnitPrice: r.maxUnitPrice, ...(r.edits ? { edit: {} } : {}) },
});

/** Whether a decision repeats the one an SPO was decided under (`same`), reuses its key for another (`different`), or neither. */
export function decisionRepeat(d: DeskState, r: SpoDecisionRequest): 'same' | 'different' | null {
  if (!r.messageId) return null;
  const c = d.inFlight[r.spoNumber];
  const unders = [c?.decidedUnder ?? d.orders.find((o) => o.spoNumber === r.spoNumber)?.decidedUnder, ...(c?.firstApprovals ?? []).map((a) => a.under)];
  const under = unders.find((u) => u?.messageId === r.messageId);
  if (!under) return null;
  return under.digest === digestOfDecision(r) ? 'same' : 'different';
}

/**
 * The decision taken on its SPO, with the key a repeat of it is known by. An approval before the
 * last one needed is kept and the SPO still waits; a rejection by any manager decides it.
 */
export function decideSpo(d: DeskState, r: SpoDecisionRequest, at: string): DeskState {
  const c = d.inFlight[r.spoNumber];
  if (!c) return d;
  const under = r.messageId ? { messageId: r.messageId, digest: digestOfDecision(r) } : undefined;
  const earlier = c.firstApprovals ?? [];
  if (r.approved && earlier.length + 1 < (c.approvalsNeeded ?? 1)) {
    return withSpo(d, r.spoNumber, { firstApprovals: [...earlier, { by: r.by, at, ...(r.note ? { note: r.note } : {}), ...(under ? { under } : {}) }] });
  }
  const also = earlier.length > 0 ? `also approved by ${earlier.map((a) => a.by).join(', ')}` : '';
  const note = [r.note, also].filter(Boolean).join('; ');
  const decision: SpoDecision = r.approved
    ? { approved: true, by: r.by, at, ...(note ? { note } : {}), ...(r.channel ? { channel: r.channel } : {}) }
    : { approved: false, by: r.by, at, reason: r.reason ?? 'no reason given' };
  return withSpo(d, r.spoNumber, { decision, ...(under ? { decidedUnder: under } : {}) });
}

/**
 * Why this decision cannot be taken, with the kind the API answers by (`NotWaiting` 409,
 * `OverLimit` 403); null when it can (a repeat of the decision taken included, which the desk
 * answers as a duplicate). Judged once, by the desk, on its own state.
 */
export function spoDecisionRefusal(d: DeskState, r: SpoDecisionRequest): { type: 'NotWaiting' | 'OverLimit'; why: string } | null {
  const repeat = decisionRepeat(d, r);
  if (repeat === 'same') return null;
  if (repeat === 'different') return { type: 'NotWaiting', why: reusedIdWhy({ event: 'approval', poNumber: r.spoNumber }) };
  const closed = decisionRefusal(d, r.spoNumber);
  if (closed) return { type: 'NotWaiting', why: closed };
  if (!r.approved) return null;
  const { order } = d.inFlight[r.spoNumber]!;
  if (r.edits) return { type: 'NotWaiting', why: `${r.spoNumber} is approved or rejected whole: its lines are not edited` };
  // The approver's limit and the second approval by another manager, judged as for a run's PO.
  const c = d.inFlight[r.spoNumber]!;
  const approver = approverRefusal(
    { total: order.total, approvedBy: approvedSoFar(c), approvalsNeeded: c.approvalsNeeded ?? 1 }, r.spoNumber,
    { approved: true, by: r.by, ...(r.limit !== undefined ? { limit: r.limit } : {}) },
  );
  if (approver) return approver;
  const dearest = [...order.lines].sort((a, b) => b.unitPrice - a.unitPrice)[0]!;
  if (r.maxUnitPrice !== undefined && r.maxUnitPrice < dearest.unitPrice) {
    return { type: 'NotWaiting', why: `an approval up to ${r.maxUnitPrice} is below the unit price ${dearest.unitPrice} of line ${dearest.poNumber} (${dearest.sku}) on ${r.spoNumber}; approve at least ${dearest.unitPrice}, or reject it` };
  }
  return null;
}

/** Why a manager's decision on `spo` cannot be taken now; null when it can. */
export function decisionRefusal(d: DeskState, spo: string): string | null {
  const c = d.inFlight[spo];
  if (!c) {
    const earlier = d.settled.find((l) => l.news.spoNumber === spo);
    return earlier ? `${spo} has already been ${earlier.news.kind === 'ordered' ? 'approved and ordered' : `settled: ${earlier.news.reason}`}` : `${spo} is not waiting for a decision`;
  }
  if (c.decision) return `${spo} has already been decided (${c.decision.approved ? 'approved' : 'rejected'} by ${c.decision.by})`;
  if (c.asked === 0) return `${spo} has not been sent for approval`;
  return null;
}
