import { ReplyFields, type ReplyKind } from '../domain/types.js';
import type { ReplyContext, ReplyReader } from '../domain/world.js';
import { visibleText } from '../domain/visible-text.js';
import { amountsIn } from './reader/amounts.js';
import { withoutAddedCost } from './reader/costs.js';
import { deliveryDate } from './reader/dates.js';
import { aboutSomethingElse, isOpen, kindOf } from './reader/kind.js';
import { samePrice, statedNewPrice, unitPrices } from './reader/prices.js';
import { partialQuantity } from './reader/quantity.js';
import { statements } from './reader/statements.js';

export { visibleText, statements };

/** Kinds whose reading a unit price other than the PO's turns into a price change. */
const REPRICED_BY_A_PRICE: ReplyKind[] = ['confirmed', 'delayed', 'unclear', 'price_change'];

/** The kind once the prices are read: a different unit price is a price change, several different ones are unclear. */
function withPrices(said: string[], kind: ReplyKind, context: ReplyContext): { kind: ReplyKind; unitPrice?: number } {
  const settled = said.filter((s) => !isOpen(s));
  const foreign = said.some((s) => amountsIn(s).some((a) => a.currency !== undefined && a.currency !== context.currency));
  if (foreign && kind !== 'refused') return { kind: 'unclear' };
  if (!REPRICED_BY_A_PRICE.includes(kind)) return { kind };
  const stated = statedNewPrice(unitPrices(settled), context.unitPrice);
  if (stated === null) return { kind: 'unclear' };
  if (stated === undefined) return { kind };
  // An unclear reply's price counts only when nothing else is open and it is not an offer or a demand.
  if (kind === 'unclear' && (said.some(isOpen) || aboutSomethingElse(said))) return { kind };
  return { kind: 'price_change', unitPrice: stated };
}

/** The fields the text states, for what its kind can carry: a refusal or an unclear reply carries nothing else. */
function fromText(said: string[], context: ReplyContext): ReplyFields {
  const { kind, unitPrice } = withPrices(said, kindOf(said), context);
  switch (kind) {
    case 'refused':
    case 'unclear':
      return { kind };
    case 'partial':
      return { kind, quantity: partialQuantity(said), deliveryDate: deliveryDate(said) };
    case 'price_change':
      return { kind, unitPrice, deliveryDate: deliveryDate(said) };
    default:
      return { kind, deliveryDate: deliveryDate(said) };
  }
}

/** Structured fields win; the text fills what they leave out. */
function fromHints(said: string[], hints: Partial<ReplyFields> & { kind: ReplyKind }, context: ReplyContext): ReplyFields {
  const text = fromText(said, context);
  const kind = hints.kind;
  return {
    kind,
    deliveryDate: hints.deliveryDate ?? deliveryDate(said),
    unitPrice: hints.unitPrice ?? (kind === 'price_change' && text.kind === 'price_change' ? text.unitPrice : undefined),
    quantity: hints.quantity ?? (kind === 'partial' ? partialQuantity(said) : undefined),
  };
}

/**
 * Reads supplier text into the fixed reply fields with plain patterns; it never guesses: a text
 * that states nothing plainly is `unclear`. Structured fields sent by the supplier's system win
 * over words in the text, except that a confirmation at another unit price than the PO's is a
 * price change. The words are read as a person would see them (no hidden HTML, no invisible
 * characters, no lookalike letters, nothing decoded from base64), and only sentences the supplier
 * states in this mail are read (not quoted or forwarded mails, not the signature).
 */
export const patternReader: ReplyReader = {
  async read(text, hints, context) {
    const said = statements(visibleText(text));
    const read = hints.kind ? fromHints(said, { ...hints, kind: hints.kind }, context) : { ...fromText(said, context), ...defined(hints) };
    if (read.kind === 'confirmed' && read.unitPrice !== undefined && !samePrice(read.unitPrice, context.unitPrice)) read.kind = 'price_change';
    return withoutAddedCost(ReplyFields.parse(defined(read)), said, context);
  },
};

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
