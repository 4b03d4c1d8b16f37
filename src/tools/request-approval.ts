import { isApproved, isSettled } from '../domain/state.js';
import { formatMoney } from '../domain/money.js';
import { policyApprover } from '../domain/approval-policy.js';
import { currencyOf } from '../domain/rules.js';
import { gathers } from '../domain/gathering.js';
import { quoteStillValid } from './place-order.js';
import { callTool, noInput } from './tool.js';

/** Either the manager was asked, or a rule of the approval policy approved the PO (and the manager was not asked). */
type Asked = { sentTo: string; notByRule?: string; approvalsNeeded?: number } | { approvedByRule: string; reason: string };

export const requestApproval = callTool({
  name: 'request_approval',
  // The decider need not know of the policy: a PO approved by rule comes back approved, as after the manager.
  description: "Send the drafted purchase order to the purchasing manager for price approval. Money is committed only after the manager's approval.",
  input: noInput,
  // Only a PO whose quote still stands: a manager is never asked about a price that no longer exists.
  // A supplier that gathers is asked about once per consolidated PO, by its desk (join_supplier_order).
  allowed: (s, rules, now) =>
    !isSettled(s) && s.po !== null && !s.order && !s.approvalPending && !isApproved(s) &&
    s.approvalRequests < rules.maxApprovalRequests && quoteStillValid(s, now) && !gathers(rules, s.po),
  execute: async (_input, s, ctx): Promise<Asked> => {
    const po = s.po!;
    const verdict = ctx.approvalPolicy ? await ctx.approvalPolicy(s, ctx.rules) : null;
    if (verdict?.approved) return { approvedByRule: verdict.rule, reason: verdict.reason };
    const money = (n: number) => formatMoney(n, currencyOf(ctx.rules));
    const above = ctx.rules.twoApprovalsAbove;
    const two = above !== undefined && po.total > above;
    const why = s.supplierChoice;
    const others = (s.quotes ?? []).filter((q) => q.quoteId !== po.quoteId)
      .map((q) => `${q.supplier} ${money(q.unitPrice)} (MOQ ${q.moq}, ${q.leadTimeDays} days)`);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Approve ${po.poNumber}: ${po.quantity} × ${po.sku} from ${po.supplier} at ${money(po.unitPrice)}`,
      body: [
        `Stock on hand ${s.stock.onHand}, safety stock ${s.stock.safetyStock}, target ${s.stock.targetLevel}.`,
        `Total ${money(po.total)}${po.freight ? `, of which freight ${money(po.freight)}` : ''}.`,
        others.length ? `Other quotes: ${others.join('; ')}.` : 'No other quotes.',
        ...(why ? [`Why ${po.supplier}: ${why}.`] : []),
        ...(verdict ? [`Not approved by rule: ${verdict.why}.`] : []),
        ...(two ? [`Above ${money(above)}: two different managers must approve it.`] : []),
      ].join('\n'),
      sku: po.sku,
      poNumber: po.poNumber,
      approval: { supplier: po.supplier, quantity: po.quantity, unitPrice: po.unitPrice },
    });
    return { sentTo: ctx.rules.manager, ...(verdict ? { notByRule: verdict.why } : {}), ...(two ? { approvalsNeeded: 2 } : {}) };
  },
  apply: (s, _input, asked: Asked, now) => {
    if (!('approvedByRule' in asked)) {
      return { ...s, approvalRequests: s.approvalRequests + 1, approvalPending: true, ...(asked.approvalsNeeded ? { approvalsNeeded: asked.approvalsNeeded } : {}) };
    }
    const po = s.po!;
    const decision = {
      kind: 'approved' as const, maxUnitPrice: po.unitPrice, supplier: po.supplier, quantity: po.quantity,
      by: policyApprover(asked.approvedByRule), rule: asked.approvedByRule, at: now, note: asked.reason,
    };
    return { ...s, decision };
  },
  describe: (s) => `request_approval ${s.po?.poNumber} at ${s.po?.unitPrice.toFixed(2)}`,
});
