import { daysOfCover } from './demand.js';
import { excessLimit, leastOrder, lineOf, MAX_EXCESS_SHARE, needs, packOf, planContext, planLine, unitPriceAt } from './purchase-plan.js';
import { lineTotal } from './quantity.js';
import { isQuoteValid } from './quotes.js';
import type { ReplenishState } from './state.js';
import type { ApprovalEdit, PoTerms, PurchaseOrder, Quote } from './types.js';

/** The line an edited approval orders. */
/** `total` is the goods plus `freight` (0: none), as a drafted PO's. */
export interface EditedLine { quote: Quote; quantity: number; unitPrice: number; total: number; freight: number }

export type EditVerdict = { ok: true; line: EditedLine } | { ok: false; why: string };

const refuse = (why: string): EditVerdict => ({ ok: false, why });
const days = (n: number): string => `${Math.round(n * 10) / 10} day${n === 1 ? '' : 's'}`;

/** A quote the run holds, by id; the manager picks among them, never names a price of their own. */
function quoteOf(s: ReplenishState, edit: ApprovalEdit): Quote | string {
  const po = s.po!;
  const id = edit.quoteId ?? po.quoteId;
  const quote = s.quotes?.find((q) => q.quoteId === id);
  if (quote) return quote;
  if (!s.quotes?.length) return `${po.poNumber} holds no quotes now (the agent is quoting again); approve it as drafted or wait for the new draft`;
  const held = s.quotes.map((q) => `${q.quoteId} (${q.supplier})`).join(', ');
  return edit.quoteId === undefined
    ? `the quote ${po.quoteId} of ${po.poNumber} is no longer held; the quotes it holds: ${held}`
    : `${po.poNumber} has no quote ${edit.quoteId}; the quotes it holds: ${held}`;
}

/** Why this many units cannot be ordered from this quote: the supplier's minimum, its packs, the run's excess bound. */
function quantityRefusal(s: ReplenishState, quote: Quote, quantity: number): string | null {
  if (quantity < quote.moq) return `${quantity} is below ${quote.supplier}'s minimum order of ${quote.moq}`;
  const pack = packOf(quote);
  if (quantity % pack !== 0) {
    const down = Math.floor(quantity / pack) * pack;
    const up = down + pack;
    const near = down >= quote.moq ? `${down} or ${up}` : `${up}`;
    return `${quote.supplier} sells in packs of ${pack}: ${quantity} is not a whole number of packs (${near} would be)`;
  }
  const value = quote.orderCosts?.minOrderValue;
  const goods = lineTotal(quantity, unitPriceAt(quote, quantity));
  if (value !== undefined && goods < value) return `${quantity} comes to ${goods.toFixed(2)}, below ${quote.supplier}'s least order value of ${value.toFixed(2)}`;
  const { needed, targetLevel } = needs(s);
  const most = excessLimit(leastOrder(quote, needed), needed, targetLevel);
  if (quantity > most) {
    return `${quantity} is more than this replenishment may order from ${quote.supplier}: at most ${most} `
      + `(${needed} needed, raised to the supplier's minimum and packs, or up to ${Math.round(MAX_EXCESS_SHARE * 100)}% of the target ${targetLevel} over it)`;
  }
  return null;
}

/**
 * A quote that delivers after the stock on hand runs out, where the drafted one delivers before:
 * the edit would leave the shelf empty that the draft kept stocked. With no demand known, or a
 * draft that is late too, lead time refuses nothing (the plan weighed it already).
 */
function lateRefusal(s: ReplenishState, quote: Quote, now: string): string | null {
  const drafted = s.quotes?.find((q) => q.quoteId === s.po!.quoteId);
  const cover = daysOfCover({ onHand: s.stock.onHand, dailyDemand: planContext(s, now).dailyDemand ?? undefined });
  if (cover === null || !drafted || quote.leadTimeDays < cover || drafted.leadTimeDays >= cover) return null;
  return `${quote.supplier} delivers in ${days(quote.leadTimeDays)}, after the ${days(cover)} the stock on hand lasts; `
    + `${drafted.supplier}, as drafted, delivers in ${days(drafted.leadTimeDays)}`;
}

/**
 * The line an approval with edits would order, or why the edit breaks a rule the drafted PO keeps:
 * a quote the run holds, from a supplier it still buys from, valid at `now`; a quantity in the
 * supplier's minimum and packs and within the run's excess bound; a delivery no later than the
 * stock-out the draft avoids. A new quote without a quantity takes the line the agent would draft
 * from it. Pure: the run's message desk judges with it, and `wait_for_approval` applies with it.
 */
export function editedLine(s: ReplenishState, edit: ApprovalEdit, now: string): EditVerdict {
  const po = s.po;
  if (!po) return refuse(`no purchase order is drafted for ${s.sku}`);
  if (s.order) return refuse(`${po.poNumber} is already placed with ${po.supplier}; an order placed is not edited, only its raised price approved or rejected`);
  const quote = quoteOf(s, edit);
  if (typeof quote === 'string') return refuse(quote);
  if (s.droppedSuppliers.includes(quote.supplier)) return refuse(`${quote.supplier} already refused or left unanswered an order of this replenishment; its quote ${quote.quoteId} is not used again`);
  if (!isQuoteValid(quote, now)) return refuse(`${quote.supplier}'s quote ${quote.quoteId} expired at ${quote.validUntil}`);
  const quantity = edit.quantity ?? (quote.quoteId === po.quoteId ? po.quantity : planLine(quote, needs(s))?.quantity ?? leastOrder(quote, needs(s).needed));
  const wrong = quantityRefusal(s, quote, quantity) ?? lateRefusal(s, quote, now);
  if (wrong) return refuse(wrong);
  const { unitPrice, total, freight } = lineOf(quote, quantity, quantity);
  return { ok: true, line: { quote, quantity, unitPrice, total, freight } };
}

/** Whether the edit changes the PO at all: the same quote and quantity is a plain approval. */
export const changesPo = (s: Pick<ReplenishState, 'po'>, line: EditedLine): boolean =>
  s.po !== null && (line.quote.quoteId !== s.po.quoteId || line.quantity !== s.po.quantity);

export const termsOf = (po: PurchaseOrder): PoTerms =>
  ({ poNumber: po.poNumber, supplier: po.supplier, quoteId: po.quoteId, quantity: po.quantity, unitPrice: po.unitPrice, total: po.total });
