import { formatMoney } from '../domain/money.js';
import { currencyOf } from '../domain/rules.js';
import { priceQuestionsSpent, undecidedPrice } from '../domain/state.js';
import { callTool, noInput } from './tool.js';

/**
 * What the agent cannot settle alone goes to a person: an order whose outcome the supplier cannot
 * be reached to confirm (the agent goes on looking it up), or a price the supplier raised after the
 * order that the manager never decided on, however often asked (the PO is handed over; the order
 * stands as placed, never cancelled for it).
 */
export const escalateToManager = callTool({
  name: 'escalate_to_manager',
  description: 'Tell the manager what the agent cannot settle alone, so a person takes it: a sent order whose outcome the supplier cannot be reached to confirm, or a price the supplier raised after the order that the manager has not decided on after every request (the purchase order is then handed over, the order left as placed).',
  input: noInput,
  resolvesUnknownOrder: true,
  allowed: (s, rules) => (s.orderUnknown && !s.escalated) || (!s.orderUnknown && s.failure === null && priceQuestionsSpent(s, rules)),
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const money = (n: number) => formatMoney(n, currencyOf(ctx.rules));
    await ctx.world.notify(s.orderUnknown
      ? {
        to: ctx.rules.manager,
        subject: `Check ${po.poNumber} with ${po.supplier}: order outcome unknown`,
        body: `The order for ${po.quantity} × ${po.sku} at ${money(po.unitPrice)} was sent but no answer came back, and the supplier cannot be reached to look it up. The agent will not order again until it knows.`,
        sku: po.sku,
        poNumber: po.poNumber,
      }
      : {
        to: ctx.rules.manager,
        subject: `Take over ${po.poNumber}: ${po.supplier} asks ${money(s.repricedTo!)} a unit, no decision`,
        body: `${undecidedPrice(s)}. The agent stops here; agree a price with ${po.supplier}, or cancel the order there.`,
        sku: po.sku,
        poNumber: po.poNumber,
      });
    return { sentTo: ctx.rules.manager };
  },
  apply: (s) => (s.orderUnknown ? { ...s, escalated: true } : { ...s, failure: undecidedPrice(s) }),
  describe: (s) => (s.orderUnknown ? `escalate_to_manager: outcome of ${s.po?.poNumber} unknown` : `escalate_to_manager: no decision on the price raised on ${s.po?.poNumber}`),
});
