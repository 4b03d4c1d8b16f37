import { changesPo, editedLine, termsOf, type EditedLine } from '../domain/approval-edit.js';
import { poNumber } from '../domain/ids.js';
import { repriced } from '../domain/order-costs.js';
import { days } from '../domain/rules.js';
import { isSettled, priceQuestionOpen, withoutFirstApprovals, type ApprovalPayload, type ReplenishState } from '../domain/state.js';
import { noInput, waitTool } from './tool.js';

/** Where the decision was made, when the message says. */
const channelOf = (p: ApprovalPayload) => (p.channel ? { channel: p.channel } : {});

/** The manager's answer to a price the supplier raised after the order: the new terms, or buy elsewhere. */
function settlePriceQuestion(s: ReplenishState, p: ApprovalPayload, ceiling: number, now: string): ReplenishState {
  const po = s.po!;
  const asked = s.repricedTo!;
  const { approvalsNeeded: _two, ...rest } = withoutFirstApprovals(s);
  if (!p.approved) return { ...rest, approvalPending: false, priceRejected: { by: p.by, reason: p.reason ?? 'no reason given', at: now, ...channelOf(p) } };
  // An approval is bound to the terms it approved: this supplier, this quantity, the new price.
  const decision = { kind: 'approved' as const, maxUnitPrice: ceiling, supplier: po.supplier, quantity: po.quantity, by: p.by, at: now, ...(p.note ? { note: p.note } : {}), ...channelOf(p) };
  return {
    ...rest, approvalPending: false, decision, repricedTo: null, confirmed: true,
    po: repriced(po, asked),
  };
}

/**
 * The manager approved other terms: the PO is redrafted to them as a revision (a new number, as
 * every redraft has, so nothing sent about the drafted terms, a link or another approval, can
 * reach the edited ones), and approved by this manager alone up to its unit price, or their
 * ceiling when higher. Approvals given to the drafted terms do not carry over.
 */
function applyEdit(s: ReplenishState, p: ApprovalPayload, line: EditedLine, now: string): ReplenishState {
  const drafted = s.po!;
  const po = {
    poNumber: poNumber(s.sku, s.replenishment, s.poRevision), sku: s.sku, supplier: line.quote.supplier, quoteId: line.quote.quoteId,
    quantity: line.quantity, unitPrice: line.unitPrice, total: line.total, ...(line.freight > 0 ? { freight: line.freight } : {}),
  };
  const decision = {
    kind: 'approved' as const, maxUnitPrice: Math.max(p.maxUnitPrice ?? line.unitPrice, line.unitPrice), supplier: po.supplier, quantity: po.quantity,
    by: p.by, at: now, ...(p.note ? { note: p.note } : {}), ...channelOf(p), edit: { drafted: termsOf(drafted), approved: termsOf(po) },
  };
  const { approvalsNeeded: _two, supplierChoice, ...rest } = withoutFirstApprovals(s);
  // Why the plan chose the drafted supplier says nothing of another one the manager chose.
  const why = po.supplier === drafted.supplier && supplierChoice !== undefined ? { supplierChoice } : {};
  return { ...rest, ...why, po, poRevision: s.poRevision + 1, approvalPending: false, decision };
}

export const waitForApproval = waitTool({
  name: 'wait_for_approval',
  description: "Wait for the manager's decision on the purchase order, or on a price the supplier raised after the order (up to the approval wait).",
  input: noInput,
  events: ['approval'],
  allowed: (s) => !isSettled(s) && s.approvalPending,
  timeoutMs: (_s, rules) => days(rules, rules.approvalWaitDays),
  apply: (s, m, now) => {
    if (!m) return { ...s, approvalPending: false, approvalTimeouts: s.approvalTimeouts + 1 };
    const p = m.payload;
    const question = priceQuestionOpen(s);
    if (p.approved && p.edit && !question) {
      const edited = editedLine(s, p.edit, now);
      // Judged when it came (MessageDesk); should the run have moved since so that the edit no longer
      // holds, it is not counted and the PO still waits for a decision, never ordered on other terms.
      if (!edited.ok) return s;
      if (changesPo(s, edited.line)) return applyEdit(s, p, edited.line, now);
    }
    const maxUnitPrice = p.maxUnitPrice ?? (question ? s.repricedTo! : s.po!.unitPrice);
    const earlier = s.firstApprovals ?? [];
    // Above the second threshold the first approval is kept and the PO still waits, for another manager.
    if (p.approved && earlier.length + 1 < (s.approvalsNeeded ?? 1)) {
      return { ...s, firstApprovals: [...earlier, { by: p.by, at: now, maxUnitPrice, ...(p.note ? { note: p.note } : {}), ...channelOf(p) }] };
    }
    // Every approver's ceiling binds: the order may cost no more than the lowest of them allowed.
    const ceiling = Math.min(maxUnitPrice, ...earlier.map((a) => a.maxUnitPrice));
    if (question) return settlePriceQuestion(s, p, ceiling, now);
    const decision = p.approved
      ? { kind: 'approved' as const, maxUnitPrice: ceiling, supplier: s.po!.supplier, quantity: s.po!.quantity, by: p.by, at: now, ...(p.note ? { note: p.note } : {}), ...channelOf(p) }
      : { kind: 'rejected' as const, reason: p.reason ?? 'no reason given', by: p.by, at: now, ...channelOf(p) };
    return { ...s, approvalPending: false, decision };
  },
  describe: (s) => `wait_for_approval of ${s.po?.poNumber}${priceQuestionOpen(s) ? ` at the raised price ${s.repricedTo}` : ''}`,
});
