import { z } from 'zod';
import type { PurchaseOrder } from '../domain/types.js';
import { awaitingSupplierOrder, isApproved, isSettled, withoutFirstApprovals, type ReplenishState } from '../domain/state.js';
import { quoteStillValid } from './place-order.js';
import { isQuoteValid, validQuotes } from '../domain/quotes.js';
import { needs, planLine, whyThisSupplier } from '../domain/purchase-plan.js';
import { callTool } from './tool.js';
import { poNumber } from '../domain/ids.js';

const Input = z.object({ quoteId: z.string().min(1).describe('The quoteId of the chosen quote') }).strict();

export function draftFor(s: ReplenishState, quoteId: string): PurchaseOrder | null {
  const quote = s.quotes?.find((q) => q.quoteId === quoteId);
  if (!quote) return null;
  // The same line the decider planned for this quote: under the approval's ceiling when it has one there.
  const ceiling = s.decision?.kind === 'approved' ? s.decision.maxUnitPrice : undefined;
  const { quantity, unitPrice, total, freight } = planLine(quote, { ...needs(s), maxUnitPrice: ceiling }) ?? planLine(quote, needs(s))!;
  return {
    // The first draft carries the base number; each redraft is a revision: -R1, -R2, …
    poNumber: poNumber(s.sku, s.replenishment, s.poRevision),
    sku: s.sku,
    supplier: quote.supplier,
    quoteId: quote.quoteId,
    quantity,
    unitPrice,
    total,
    ...(freight > 0 ? { freight } : {}),
    ...(quote.agreementId ? { agreementId: quote.agreementId } : {}),
  };
}

export const draftPurchaseOrder = callTool({
  name: 'draft_purchase_order',
  description: 'Draft a purchase order from one of the valid quotes. The quantity follows the min/max rule, the supplier minimum and pack size, and a price break when buying up to it costs less in total; the unit price is the break reached.',
  input: Input,
  // A new revision when the drafted quote has expired or the manager approved less than its price;
  // never while the line is at its supplier's desk, which orders it as it joined.
  allowed: (s, _rules, now) =>
    !isSettled(s) && !s.order && !awaitingSupplierOrder(s) && validQuotes(s.quotes, now).length > 0 &&
    (s.po === null || !quoteStillValid(s, now) || (s.decision?.kind === 'approved' && !isApproved(s))),
  refuse: (s, input, now) => {
    const quote = s.quotes?.find((q) => q.quoteId === input.quoteId);
    if (!quote) return `there is no quote ${input.quoteId}`;
    return isQuoteValid(quote, now) ? null : `quote ${input.quoteId} expired at ${quote.validUntil}`;
  },
  execute: async (input, s) => {
    const po = draftFor(s, input.quoteId);
    if (!po) throw new Error(`there is no quote ${input.quoteId}`);
    return po;
  },
  apply: (s0, _input, po, now) => {
    const s = { ...s0, supplierChoice: whyThisSupplier({ ...s0, po }, now) };
    const d = s.decision;
    const stillApproved = d?.kind === 'approved' && d.supplier === po.supplier && po.quantity <= d.quantity && po.unitPrice <= d.maxUnitPrice;
    // A PO the manager's approval does not cover is a new question for the manager.
    return stillApproved
      ? { ...s, po, poRevision: s.poRevision + 1 }
      : { ...withoutFirstApprovals(s), po, poRevision: s.poRevision + 1, decision: null, approvalPending: false };
  },
  describe: (s, input) => {
    const q = s.quotes?.find((x) => x.quoteId === input.quoteId);
    const po = q ? draftFor(s, q.quoteId) : null;
    return po ? `draft_purchase_order from ${po.supplier} at ${po.unitPrice.toFixed(2)}` : `draft_purchase_order from quote ${input.quoteId}`;
  },
});
