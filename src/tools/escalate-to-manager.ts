import { formatMoney } from '../domain/money.js';
import { currencyOf } from '../domain/rules.js';
import { callTool, noInput } from './tool.js';

export const escalateToManager = callTool({
  name: 'escalate_to_manager',
  description: 'Tell the manager that the supplier cannot be reached to confirm whether an order was taken, so a person can check.',
  input: noInput,
  resolvesUnknownOrder: true,
  allowed: (s) => s.orderUnknown && !s.escalated,
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Check ${po.poNumber} with ${po.supplier}: order outcome unknown`,
      body: `The order for ${po.quantity} × ${po.sku} at ${formatMoney(po.unitPrice, currencyOf(ctx.rules))} was sent but no answer came back, and the supplier cannot be reached to look it up. The agent will not order again until it knows.`,
      sku: po.sku,
      poNumber: po.poNumber,
    });
    return { sentTo: ctx.rules.manager };
  },
  apply: (s) => ({ ...s, escalated: true }),
  describe: (s) => `escalate_to_manager: outcome of ${s.po?.poNumber} unknown`,
});
