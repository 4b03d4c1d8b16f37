import type { StockLevel } from '../domain/types.js';
import { belowSafetyStock } from '../domain/agent.js';
import { isApproved, isSettled } from '../domain/state.js';
import { callTool, noInput, type ToolContext } from './tool.js';

interface Check { stock: StockLevel; unitPrice: number; validUntil: string }

/** An agreement's terms are the service's own record, not a supplier's: a cancelled or expired one refuses, and the agent re-quotes. */
const agreementTerms = (ctx: ToolContext, agreementId: string, sku: string) => {
  if (!ctx.agreements) throw new Error(`agreement ${agreementId} cannot be read: this worker has no agreements`);
  return ctx.agreements.terms(agreementId, sku);
};

export const checkBeforeOrder = callTool({
  name: 'check_before_order',
  description: "Re-read today's stock and the quote's current price before money is committed: the world may have moved while the manager decided.",
  input: noInput,
  allowed: (s) =>
    !isSettled(s) && s.po !== null && !s.order && !s.orderUnknown && isApproved(s) &&
    (s.checkedBeforeOrderAt === null || s.decision === null || s.checkedBeforeOrderAt < s.decision.at),
  execute: async (_input, s, ctx): Promise<Check> => {
    const { agreementId, quoteId, quantity } = s.po!;
    const current = agreementId ? agreementTerms(ctx, agreementId, s.sku) : ctx.world.currentQuote(quoteId, quantity);
    const [stock, quote] = await Promise.all([ctx.world.stock(s.sku), current]);
    return { stock, ...quote };
  },
  apply: (s, _input, check, now) => {
    const po = s.po!;
    const moved = check.unitPrice !== po.unitPrice || check.validUntil !== s.quotes?.find((q) => q.quoteId === po.quoteId)?.validUntil;
    // A price that moved means every quote may have: the agent re-quotes, redrafts and asks again.
    const quotes = moved ? null : s.quotes;
    return {
      ...s, quotes, checkedBeforeOrderAt: now,
      stock: { ...check.stock, onOrder: s.stock.onOrder },
      // By the reorder point that started the run: a forecast moved by today's figures does not undo it.
      stockRecovered: s.reorderPoint === undefined
        ? !belowSafetyStock({ ...check.stock, onOrder: s.stock.onOrder }, { suppliers: s.suppliers ?? {} }, s.policy)
        : check.stock.onHand + s.stock.onOrder >= s.reorderPoint,
    };
  },
  // The quote is gone at the supplier: as with a moved price, the agent re-quotes.
  applyRefused: (s, _input, _why, now) => ({ ...s, quotes: null, checkedBeforeOrderAt: now }),
  describe: (s) => `check_before_order ${s.po?.poNumber}: stock and ${s.po?.supplier}'s price today`,
});
