import { gatheringOf, longestWindowDays } from '../domain/gathering.js';
import { lineTotal } from '../domain/quantity.js';
import { days, type Rules } from '../domain/rules.js';
import { awaitingSupplierOrder, type ReplenishState } from '../domain/state.js';
import type { SupplierOrderNews } from '../domain/supplier-order.js';
import type { DecisionChannel, OrderAck } from '../domain/types.js';
import { noInput, waitTool } from './tool.js';

/**
 * The longest the desk may take: its window, then every request to the manager, and a day for the
 * order. Past it the run asks the desk for its line rather than wait for ever.
 */
const deskDays = (s: ReplenishState, rules: Rules): number => {
  const setting = s.po ? gatheringOf(rules, s.po.supplier) : null;
  return (setting ? longestWindowDays(setting) : 1) + rules.approvalWaitDays * rules.maxApprovalRequests + 1;
};

/**
 * A desk held up by its workers or its server (a restart, a step retried at its longest interval)
 * is slow in minutes of the clock, not in business days: with days of a second (demos, the chaos
 * soak) the days above were over before a restarted worker had picked the desk up again, and lines
 * the desk was about to order were taken out of it.
 */
export const DESK_SILENCE_AT_LEAST_MS = 5 * 60_000;

export const deskSilenceMs = (s: ReplenishState, rules: Rules): number => Math.max(days(rules, deskDays(s, rules)), DESK_SILENCE_AT_LEAST_MS);

type DeskApproval = { by: string; at: string; note: string; rule?: string; channel?: DecisionChannel };

/**
 * The line as its supplier's desk placed it, whether the desk said so or the run found it so: approved
 * at the line's terms by `approval`, placed as `ack` says, as after `place_order`. The consolidated PO
 * bears the freight, once for every line: the line's own PO is its goods, so the record and the spend
 * do not count a freight per line the supplier never charged.
 */
export function placedByDesk(s: ReplenishState, ack: OrderAck, approval: DeskApproval, now: string): ReplenishState {
  const { freight: _onTheWhole, ...line } = s.po!;
  return {
    ...s,
    po: { ...line, total: lineTotal(line.quantity, line.unitPrice) },
    decision: { kind: 'approved', maxUnitPrice: line.unitPrice, supplier: line.supplier, quantity: line.quantity, ...approval },
    order: ack, orderedAt: now, expectedDelivery: ack.expectedDelivery, orderUnknown: false,
  };
}

/** The run after the desk ordered its line: it follows the line as before. */
function ordered(s: ReplenishState, news: Extract<SupplierOrderNews, { kind: 'ordered' }>, now: string): ReplenishState {
  const { approval, ack, spoNumber } = news;
  const placed = placedByDesk(s, ack, {
    by: approval.by, at: approval.at, note: `ordered on ${spoNumber}${approval.note ? `: ${approval.note}` : ''}`,
    ...(approval.rule ? { rule: approval.rule } : {}), ...(approval.channel ? { channel: approval.channel } : {}),
  }, now);
  return { ...placed, supplierOrder: { ...s.supplierOrder!, spoNumber } };
}

function dropped(s: ReplenishState, news: Extract<SupplierOrderNews, { kind: 'dropped' }>, now: string): ReplenishState {
  const { supplierOrder: _left, ...rest } = s;
  switch (news.by) {
    case 'manager':
      return { ...s, decision: { kind: 'rejected', reason: news.reason, by: news.decidedBy ?? 'manager', at: now } };
    // As a refusal of place_order: the supplier is dropped and the agent re-quotes the others.
    case 'supplier':
      return { ...rest, droppedSuppliers: [...s.droppedSuppliers, s.po!.supplier], quotes: null, decision: null, approvalPending: false, approvalRequests: 0, approvalTimeouts: 0 };
    case 'desk':
      return { ...s, cancelled: { reason: news.reason } };
  }
}

export const waitForSupplierOrder = waitTool({
  name: 'wait_for_supplier_order',
  description: "Wait for the supplier desk's news of the line this run joined: ordered on a consolidated purchase order (with the supplier's acknowledgement and the approval), or dropped with the reason (the manager rejected it, the supplier refused it).",
  input: noInput,
  events: ['supplier-order'],
  allowed: (s) => awaitingSupplierOrder(s),
  timeoutMs: deskSilenceMs,
  apply: (s, m, now) => {
    // No word in time: the desk may yet order the line, so the run does not hand it over blind; it asks
    // the desk for it (leave_supplier_order), and follows the order if the desk placed one.
    if (!m) return { ...s, supplierOrder: { ...s.supplierOrder!, silentSince: now } };
    return m.payload.kind === 'ordered' ? ordered(s, m.payload, now) : dropped(s, m.payload, now);
  },
  describe: (s) => `wait_for_supplier_order of ${s.po?.poNumber} at ${s.supplierOrder?.supplier ?? s.po?.supplier}'s desk`,
});
