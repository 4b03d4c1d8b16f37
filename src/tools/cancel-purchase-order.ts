import { z } from 'zod';
import type { Rules } from '../domain/rules.js';
import { isSettled, type ReplenishState } from '../domain/state.js';
import { callTool, type ToolContext } from './tool.js';

/** The line out of its supplier's desk: the supplier's acknowledgement when the desk had ordered it already. */
export async function withdrawFromDesk(ctx: ToolContext, supplier: string, poNumber: string, reason: string) {
  if (!ctx.desks) throw new Error(`${poNumber} is at ${supplier}'s desk, which this worker cannot reach`);
  return (await ctx.desks.withdraw(supplier, poNumber, reason)).placed;
}

const Input = z.object({ reason: z.string().min(1).max(500).describe('Why the purchase order is cancelled, for the manager') }).strict();

/** The supplier is overdue again after the last reminder the rules allow: it has gone silent. */
export const chasingExhausted = (s: ReplenishState, rules: Rules): boolean =>
  s.chases >= rules.maxChases && (s.supplierOverdue || s.goodsOverdue);

/**
 * Once an order is placed, the agent cancels it only for a supplier that refused it or went silent
 * through every chase, or a manager who would not pay a price raised after it. A price change
 * read from a reply never does: it is the manager's question (ask_manager_about_price).
 */
export function mayCancelPlacedOrder(s: ReplenishState, rules: Rules): boolean {
  // Goods already received are closed and booked instead: cancelling would lose them.
  if (s.received > 0) return false;
  return s.refused || s.priceRejected !== undefined || chasingExhausted(s, rules);
}

export const cancelPurchaseOrder = callTool({
  name: 'cancel_purchase_order',
  description: 'Cancel the replenishment (and the order at the supplier if one was placed), telling the manager why.',
  input: Input,
  allowed: (s, rules) => !isSettled(s) && (s.order === null || mayCancelPlacedOrder(s, rules)),
  execute: async (input, s, ctx) => {
    const po = s.po;
    // A line at its supplier's desk is withdrawn there; one the desk ordered meanwhile is cancelled at the supplier too.
    const atDesk = !s.order && po && s.supplierOrder ? await withdrawFromDesk(ctx, po.supplier, po.poNumber, input.reason) : null;
    if ((s.order || atDesk) && po) await ctx.world.cancelOrder(po.supplier, po.poNumber, input.reason);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Cancelled ${po?.poNumber ?? s.poBase} for ${s.sku}`,
      body: input.reason,
      sku: s.sku,
      ...(po ? { poNumber: po.poNumber } : {}),
    });
    return { cancelledAtSupplier: s.order !== null || atDesk !== null };
  },
  apply: (s, input) => ({ ...s, cancelled: { reason: input.reason } }),
  describe: (s, input) => `cancel_purchase_order ${s.po?.poNumber ?? s.poBase}: ${input.reason}`,
});
