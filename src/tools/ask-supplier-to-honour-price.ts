import { formatMoney } from '../domain/money.js';
import { currencyOf } from '../domain/rules.js';
import { isSettled } from '../domain/state.js';
import { callTool, noInput } from './tool.js';

/**
 * A price raised after the order is first put back to the supplier: the order was placed at the
 * price it quoted. Asked once a run; its answer is awaited as any reply, and a price still raised
 * (or no answer) goes to the manager.
 */
export const askSupplierToHonourPrice = callTool({
  name: 'ask_supplier_to_honour_price',
  description: 'Ask the supplier to keep the unit price the order was placed at, after it asked for more. Its answer is then awaited as any reply; the manager decides on a price still raised.',
  input: noInput,
  allowed: (s) =>
    !isSettled(s) && s.order !== null && s.repricedTo !== null && !s.honourAsked && !s.approvalPending && s.unreadReply === null,
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const money = (n: number) => formatMoney(n, currencyOf(ctx.rules));
    await ctx.world.chase(po.supplier, po.poNumber, [
      `About ${po.poNumber} (${po.quantity} × ${po.sku}): the order was placed at ${money(po.unitPrice)} a unit, the price you quoted; you now ask ${money(s.repricedTo!)}.`,
      `Please confirm that you will deliver at ${money(po.unitPrice)}. Until our purchasing manager agrees to another price, the order stands as placed.`,
    ].join(' '));
    return { asked: true };
  },
  apply: (s) => ({ ...s, honourAsked: true, awaitingHonour: true, supplierOverdue: false }),
  describe: (s) => `ask_supplier_to_honour_price ${s.po?.supplier} on ${s.po?.poNumber}: ordered at ${s.po?.unitPrice}, asked ${s.repricedTo}`,
});
