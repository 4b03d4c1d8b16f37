import { formatMoney } from '../domain/money.js';
import { priceChangeExcerpt } from '../domain/phase.js';
import { repriced } from '../domain/order-costs.js';
import { currencyOf } from '../domain/rules.js';
import { isSettled, priceQuestionsSpent, type ReplenishState } from '../domain/state.js';
import { policyApprover } from '../domain/approval-policy.js';
import { callTool, noInput } from './tool.js';

type Asked = { sentTo: string; notByRule?: string; approvalsNeeded?: number } | { approvedByRule: string; reason: string };

/** The PO as it would stand at the supplier's new price: what an approval of it is bound to. */
const atRaisedPrice = (s: ReplenishState): ReplenishState => {
  const po = s.po!;
  return { ...s, po: repriced(po, s.repricedTo!) };
};

/**
 * A price the supplier raised after the order goes to a person, never to a cancellation: the
 * manager accepts the new price (a new approval of the new terms, which the approval policy's
 * rule may give when the new price is routine), rejects it (the agent buys elsewhere), or cancels
 * the purchase order. The order stands as placed meanwhile.
 */
export const askManagerAboutPrice = callTool({
  name: 'ask_manager_about_price',
  description: "Ask the manager whether to pay the unit price the supplier asked for after the order: approving it accepts the new price, rejecting it buys elsewhere, cancelling ends the purchase order. The order stands as placed until then; wait_for_approval awaits the answer.",
  input: noInput,
  allowed: (s, rules) =>
    !isSettled(s) && s.order !== null && s.repricedTo !== null && !s.awaitingHonour && !s.approvalPending && s.unreadReply === null
    && !s.priceRejected && !priceQuestionsSpent(s, rules),
  execute: async (_input, s, ctx): Promise<Asked> => {
    const po = atRaisedPrice(s).po!;
    // The policy judges the raised terms itself, and reserves only what they add to a reservation already made.
    const verdict = ctx.approvalPolicy ? await ctx.approvalPolicy(s, ctx.rules) : null;
    if (verdict?.approved) return { approvedByRule: verdict.rule, reason: verdict.reason };
    const money = (n: number) => formatMoney(n, currencyOf(ctx.rules));
    const above = ctx.rules.twoApprovalsAbove;
    const two = above !== undefined && po.total > above;
    const says = priceChangeExcerpt(s);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Price raised on ${po.poNumber}: ${po.supplier} now asks ${money(po.unitPrice)} a unit (ordered at ${money(s.po!.unitPrice)})`,
      body: [
        `${po.supplier} asked a new price after the order for ${po.quantity} × ${po.sku} was placed: ${money(po.unitPrice)} a unit, total ${money(po.total)} (ordered at ${money(s.po!.unitPrice)}, total ${money(s.po!.total)}).`,
        says ? `What it wrote: "${says}"` : '',
        s.honourAsked ? 'It was asked to keep the ordered price and did not.' : '',
        'Approve to accept the new price, reject to buy elsewhere, or cancel the purchase order. The order stands as placed until you decide.',
        ...(verdict ? [`Not approved by rule: ${verdict.why}.`] : []),
        ...(two ? [`Above ${money(above)}: two different managers must approve it.`] : []),
      ].filter(Boolean).join('\n'),
      sku: po.sku,
      poNumber: po.poNumber,
      approval: { supplier: po.supplier, quantity: po.quantity, unitPrice: po.unitPrice },
    });
    return { sentTo: ctx.rules.manager, ...(verdict ? { notByRule: verdict.why } : {}), ...(two ? { approvalsNeeded: 2 } : {}) };
  },
  apply: (s, _input, asked: Asked, now) => {
    const priceQuestions = (s.priceQuestions ?? 0) + 1;
    if (!('approvedByRule' in asked)) {
      return { ...s, priceQuestions, approvalPending: true, ...(asked.approvalsNeeded ? { approvalsNeeded: asked.approvalsNeeded } : {}) };
    }
    const { po } = atRaisedPrice(s);
    const decision = {
      kind: 'approved' as const, maxUnitPrice: po!.unitPrice, supplier: po!.supplier, quantity: po!.quantity,
      by: policyApprover(asked.approvedByRule), rule: asked.approvedByRule, at: now, note: asked.reason,
    };
    return { ...s, priceQuestions, po, decision, repricedTo: null, confirmed: true };
  },
  describe: (s) => `ask_manager_about_price ${s.po?.poNumber}: ${s.po?.supplier} asks ${s.repricedTo} (ordered at ${s.po?.unitPrice})`,
});
