import { days } from '../domain/rules.js';
import { isSettled } from '../domain/state.js';
import { noInput, waitTool } from './tool.js';

export const waitForApproval = waitTool({
  name: 'wait_for_approval',
  description: "Wait for the manager's decision on the purchase order (up to the approval wait).",
  input: noInput,
  events: ['approval'],
  allowed: (s) => !isSettled(s) && s.approvalPending,
  timeoutMs: (_s, rules) => days(rules, rules.approvalWaitDays),
  apply: (s, m, now) => {
    if (!m) return { ...s, approvalPending: false, approvalTimeouts: s.approvalTimeouts + 1 };
    const p = m.payload;
    const maxUnitPrice = p.maxUnitPrice ?? s.po!.unitPrice;
    const earlier = s.firstApprovals ?? [];
    // Above the second threshold the first approval is kept and the PO still waits, for another manager.
    if (p.approved && earlier.length + 1 < (s.approvalsNeeded ?? 1)) {
      return { ...s, firstApprovals: [...earlier, { by: p.by, at: now, maxUnitPrice, ...(p.note ? { note: p.note } : {}) }] };
    }
    // Every approver's ceiling binds: the order may cost no more than the lowest of them allowed.
    const ceiling = Math.min(maxUnitPrice, ...earlier.map((a) => a.maxUnitPrice));
    const decision = p.approved
      ? { kind: 'approved' as const, maxUnitPrice: ceiling, supplier: s.po!.supplier, quantity: s.po!.quantity, by: p.by, at: now, ...(p.note ? { note: p.note } : {}) }
      : { kind: 'rejected' as const, reason: p.reason ?? 'no reason given', by: p.by, at: now };
    return { ...s, approvalPending: false, decision };
  },
  describe: (s) => `wait_for_approval of ${s.po?.poNumber}`,
});
