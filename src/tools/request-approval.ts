import { isApproved, isSettled } from '../domain/state.js';
import { formatMoney } from '../domain/money.js';
import { currencyOf } from '../domain/rules.js';
import { quoteStillValid } from './place-order.js';
import { callTool, noInput } from './tool.js';

export const requestApproval = callTool({
  name: 'request_approval',
  description: "Send the drafted purchase order to the purchasing manager for price approval. Money is committed only after the manager's approval.",
  input: noInput,
  // Only a PO whose quote still stands: a manager is never asked about a price that no longer exists.
  allowed: (s, rules, now) =>
    !isSettled(s) && s.po !== null && !s.order && !s.approvalPending && !isApproved(s) &&
    s.approvalRequests < rules.maxApprovalRequests && quoteStillValid(s, now),
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const money = (n: number) => formatMoney(n, currencyOf(ctx.rules));
    const others = (s.quotes ?? []).filter((q) => q.quoteId !== po.quoteId)
      .map((q) => `${q.supplier} ${money(q.unitPrice)} (MOQ ${q.moq}, ${q.leadTimeDays} days)`);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Approve ${po.poNumber}: ${po.quantity} × ${po.sku} from ${po.supplier} at ${money(po.unitPrice)}`,
      body: [
        `Stock on hand ${s.stock.onHand}, safety stock ${s.stock.safetyStock}, target ${s.stock.targetLevel}.`,
        `Total ${money(po.total)}.`,
        others.length ? `Other quotes: ${others.join('; ')}.` : 'No other quotes.',
      ].join('\n'),
      sku: po.sku,
      poNumber: po.poNumber,
    });
    return { sentTo: ctx.rules.manager };
  },
  apply: (s) => ({ ...s, approvalRequests: s.approvalRequests + 1, approvalPending: true }),
  describe: (s) => `request_approval ${s.po?.poNumber} at ${s.po?.unitPrice.toFixed(2)}`,
});
