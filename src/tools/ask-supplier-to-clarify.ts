import { isSettled } from '../domain/state.js';
import { formatMoney } from '../domain/money.js';
import { currencyOf } from '../domain/rules.js';
import { callTool, noInput } from './tool.js';

/** A reply the agent could not read is answered with a question, never with a change to the order. */
export const askSupplierToClarify = callTool({
  name: 'ask_supplier_to_clarify',
  description: "Ask the supplier to restate its last message plainly (confirmation and date, new price, partial quantity or refusal), when it could not be read as any of them. The answer is then awaited as any reply.",
  input: noInput,
  allowed: (s, rules) => !isSettled(s) && s.order !== null && s.unclearReply && s.clarificationsAsked < rules.maxClarifications,
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const last = s.replies.at(-1);
    await ctx.world.chase(po.supplier, po.poNumber, [
      `About ${po.poNumber} (${po.quantity} × ${po.sku} at ${formatMoney(po.unitPrice, currencyOf(ctx.rules))}): we could not read your message${last ? ` of ${last.receivedAt.slice(0, 10)}` : ''} as a confirmation, a new delivery date, a price change, a partial delivery or a refusal.`,
      'Please reply stating plainly which it is, with the delivery date, the unit price or the quantity it concerns.',
    ].join(' '));
    return { asked: true };
  },
  apply: (s) => ({ ...s, unclearReply: false, clarificationsAsked: s.clarificationsAsked + 1, supplierOverdue: false }),
  describe: (s) => `ask_supplier_to_clarify ${s.po?.supplier} about ${s.po?.poNumber}`,
});
