import { z } from 'zod';
import { ReplyFields, ReplyKind } from '../../domain/types.js';
import type { ReplyContext } from '../../domain/world.js';
import { inOtherCurrency, parseNumber } from './amounts.js';
import { withoutAddedCost } from './costs.js';
import { orderAndCharges } from './costs.js';
import { dateSense, datesIn, laterThanPlaced, type DateSense } from './dates.js';
import { onlyPointsToAttachment, readDocument, shippedOfLine, tablePrice as tablePriceOf } from './document.js';
import { partialQuantity } from './quantity.js';
import { kindOf } from './kind.js';
import { aboutThisOrder, namesOnlyOtherOrders } from './references.js';
import { notStartingLater, samePrice, startsLater, unitPricesBeside } from './prices.js';
import { ownLayoutLines, statements } from './statements.js';

// A model's reading of a reply counts only as far as the reply's own words bear it out: each field
// comes with the sentence that states it, and code, not the model, decides whether it does.

const sentence = (what: string) => z.string().describe(`The sentence of the message that states ${what}, copied character for character.`);

/** The input of the reader's one tool: the reply fields, each with the sentence that supports it. */
export const ReportReply = z.object({
  kind: ReplyKind.describe('What the supplier states about the order; unclear when it states none of the others plainly.'),
  deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('The delivery or ship date the message writes, as YYYY-MM-DD.'),
  unitPrice: z.number().positive().optional().describe('The price of one unit the supplier states for this order, as written (not a total, freight or a fee).'),
  currency: z.string().optional().describe('ISO 4217 code of that price, when the message shows one.'),
  quantity: z.number().int().nonnegative().optional().describe('For a partial delivery: the units that come now.'),
  evidence: z.object({
    kind: sentence('the kind'),
    deliveryDate: sentence('the date').optional(),
    unitPrice: sentence('the unit price').optional(),
    currency: sentence('the currency').optional(),
    quantity: sentence('the quantity').optional(),
  }),
});
export type ReportReply = z.infer<typeof ReportReply>;

/**
 * A whole quoted text passes any "occurs in the text" test; a sentence is far shorter than this.
 * Evidence longer than it supports nothing.
 */
export const MAX_EVIDENCE = 500;

/** Case and runs of whitespace do not count when a sentence is looked for. */
const folded = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The supplier's own statements, in the form evidence is looked up in. */
export interface Statements {
  said: string[];
  folded: string;
  /** How the supplier writes dates, and when the mail came. */
  sense: DateSense;
  /** Rows of the mail's tables that charge something beside the goods. */
  charges: string[];
  /** The unit price of the order's own line in the mail's table, per ordered unit, when it has one. */
  tablePrice?: number;
  /** What the order's own line in the mail's table ships now, in ordered units, when it ships part of it. */
  tableShipped?: number;
}

/** `layout` is the same text with its columns kept (visibleLayout), for the charges of its tables. */
export function statementsOf(visible: string, context: Partial<ReplyContext> = {}, layout?: string): Statements {
  const said = statements(visible);
  const sense = dateSense(said, context);
  const doc = layout === undefined ? undefined : readDocument(ownLayoutLines(layout), sense);
  const { line, charges } = doc ? orderAndCharges(doc, context.quantity) : { line: undefined, charges: [] };
  const tablePrice = line ? tablePriceOf(line, context) ?? undefined : undefined;
  const tableShipped = line ? shippedOfLine(line, context) : undefined;
  return {
    said, folded: folded(said.join(' ')), sense, charges, ...(tablePrice !== undefined ? { tablePrice } : {}), ...(tableShipped !== undefined ? { tableShipped } : {}),
  };
}

/**
 * Approvals are the manager's, given through the API: a sentence that says something was approved
 * or authorised is a claim about the buyer's side, not a statement that the order goes on. It cannot
 * carry a kind under which the order goes on. (A sentence that claims the buyer's side approved or
 * agreed something is not among the supplier's statements at all: src/activities/reader/claims.ts.)
 */
const CLAIMS_AN_APPROVAL = /\b(?:pre-?)?approv\w*|\bauthori[sz]\w*|\bsigned off\b|\bgenehmigt\w*|\bfreigegeben\b|\bautoris\w*|\baprobad\w*/i;

/**
 * The evidence as the supplier wrote it, when it is one of the supplier's own statements in this
 * mail: it occurs in the visible text and not only in what the reader sets aside (earlier and
 * forwarded mails, the signature, text addressed to a machine). The model was shown the visible
 * text with `&`, `<` and `>` escaped; evidence is unescaped and compared as it stands, so markup
 * quoted from anywhere else never matches.
 */
function grounded(evidence: string | undefined, own: Statements): string | undefined {
  if (evidence === undefined || evidence.length > MAX_EVIDENCE) return undefined;
  const clean = evidence.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/^["'\s]+|["'\s]+$/g, '');
  const key = folded(clean);
  return key && own.folded.includes(key) ? clean : undefined;
}

const NUMBER = /\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+|\d+/g;
/** Whole numbers as written, thousands separators and all. */
export const countsIn = (s: string): number[] => [...s.matchAll(NUMBER)].map(([n]) => parseNumber(n.replace(/[,.'\u00a0\u202f ]/g, '')));

/** Kinds under which the order goes on as placed. */
const GOES_ON: ReplyKind[] = ['confirmed', 'delayed', 'partial'];

/** Kinds whose reading a unit price other than the PO's turns into a price change, as the pattern reader does. */
const REPRICED: ReplyKind[] = ['confirmed', 'delayed', 'price_change'];

/**
 * The fields of a model's report that the reply's own sentences bear out. A field whose sentence
 * is not the supplier's, or does not hold the value claimed (a date, a unit price, a count), is dropped; a kind without such a
 * sentence, or a confirmation argued from a claimed approval or from a sentence that plainly says
 * something else (a refusal, a delay), is `unclear`. A price in another currency than the deployment's is `unclear`; a unit
 * price other than the PO's makes a confirmation or a delay a price change. Each kind carries the
 * fields the pattern reader gives it. Last, the rule the pattern reader ends with too: a reading that
 * lets the order go on at a cost the supplier's sentences add (a surcharge, a fee, a pack price) is
 * `unclear`.
 */
export const checkReport = (report: ReportReply, own: Statements, context: ReplyContext, patterns?: ReplyFields): ReplyFields =>
  withoutAddedCost(borneOut(report, own, context, patterns), own.said, context, own.charges);

function borneOut(report: ReportReply, own: Statements, context: ReplyContext, patterns: ReplyFields | undefined): ReplyFields {
  const { evidence } = report;
  // A reply that names the buyer's orders, none of them this one, is about another order, whatever the model makes of it.
  if (report.kind === 'unclear' || namesOnlyOtherOrders(own.said, context)) return { kind: 'unclear' };
  // In a reply with news of several orders, only what is said of this one is evidence ("PO-BOLT-7 ships 14 Dec. PO-NUT-3
  // we cannot supply." bears out no refusal of PO-BOLT-7).
  const mine = aboutThisOrder(own.said, context);
  if (mine !== own.said) own = { ...own, said: mine, folded: folded(mine.join(' ')) };
  const kindSaid = grounded(evidence.kind, own);
  if (kindSaid === undefined) return { kind: 'unclear' };
  if (GOES_ON.includes(report.kind) && CLAIMS_AN_APPROVAL.test(kindSaid)) return { kind: 'unclear' };
  // An acknowledgement only handed on as an attachment: what it says is not in the text, so it bears out no kind.
  if (onlyPointsToAttachment(kindSaid)) return { kind: 'unclear' };
  // A confirmation is the one mistake that closes an order wrongly: not from a sentence the patterns read as saying otherwise.
  if (report.kind === 'confirmed' && !['confirmed', 'unclear'].includes(kindOf([kindSaid]))) return { kind: 'unclear' };

  const dateSaid = report.deliveryDate === undefined ? undefined : grounded(evidence.deliveryDate, own);
  // The day a price moves or holds until ("prices will increase by 8 % from 1 January", "Preise gelten bis 31.03.") or a
  // closure's is no day of the goods beside a confirmation, a delay or a partial, whatever the model makes of it.
  const dayOfGoods = (d: { iso?: string; aside?: string }) => d.iso === `${report.deliveryDate}T00:00:00.000Z` && (d.aside === undefined || (d.aside === 'price' && report.kind === 'price_change'));
  const deliveryDate = dateSaid !== undefined && datesIn(dateSaid, own.sense).some(dayOfGoods)
    ? `${report.deliveryDate}T00:00:00.000Z` : undefined;

  const quantitySaid = report.quantity === undefined ? undefined : grounded(evidence.quantity, own);
  // A count as written, or the part of the order it comes to in ordered units ("18 of the 30 cases",
  // "the remaining 20 cartons" with the PO's pack size), as the pattern reader reads the same sentence,
  // or what the order's line of the mail's table ships.
  const quantity = quantitySaid !== undefined && (countsIn(quantitySaid).includes(report.quantity!)
    || partialQuantity([quantitySaid], context) === report.quantity || own.tableShipped === report.quantity) ? report.quantity : undefined;

  const said = report.unitPrice === undefined ? undefined : grounded(evidence.unitPrice, own);
  // A price that starts after this delivery is not this order's, whatever the model makes of it.
  const thisDelivery = deliveryDate ?? context.requestedDate ?? context.receivedAt;
  const kept = new Set(notStartingLater(own.said, own.sense, thisDelivery));
  const later = own.said.filter((s) => !kept.has(s));
  const priceSaid = said !== undefined && (startsLater(said, own.sense, thisDelivery) || later.some((s) => folded(s).includes(folded(said))))
    ? undefined : said;
  // The amount must read as the price of a unit where it stands (price words, "per unit"), not as a count, a total or a fee.
  // Read as the pattern reader reads a price, with the PO beside it.
  const amounts = priceSaid === undefined ? [] : unitPricesBeside([priceSaid], context).filter((a) => samePrice(a.value, report.unitPrice!));
  const foreign = (report.currency !== undefined && report.currency.toUpperCase() !== context.currency)
    || (amounts.length > 0 && amounts.every((a) => inOtherCurrency(a, context.currency, priceSaid!)));
  if (foreign && report.kind !== 'refused') return { kind: 'unclear' };
  // A price read from the order's line of a table stands in its row, with no price words beside it.
  const inTheTable = priceSaid !== undefined && own.tablePrice !== undefined && samePrice(own.tablePrice, report.unitPrice!);
  const stated = amounts.length > 0 || inTheTable ? report.unitPrice : undefined;
  const unitPrice = stated !== undefined && !samePrice(stated, context.unitPrice) ? stated : undefined;

  const kind = unitPrice !== undefined && REPRICED.includes(report.kind) ? 'price_change' : report.kind;
  switch (kind) {
    case 'refused':
      return { kind };
    case 'partial':
      return defined({ kind, quantity, deliveryDate });
    case 'price_change':
      return defined({ kind, unitPrice, deliveryDate });
    default: {
      // A confirmation that promises a later day than the order was placed for is a delay, as the pattern reader reads it.
      const read = kind === 'confirmed' && laterThanPlaced(deliveryDate, context) ? 'delayed' : kind;
      // Nor is it a confirmation when the patterns read the mail as stating something else: a person looks. The pattern
      // reader's reading of the whole mail weighs what the kinds of its sentences cannot (a price list that starts after
      // this delivery, the order's line in a table); where it reads nothing plain, the sentences' kind stands in for it.
      const patternsSay = patterns === undefined || patterns.kind === 'unclear' ? kindOf(own.said) : patterns.kind;
      if (read === 'confirmed' && !['confirmed', 'unclear'].includes(patternsSay)) return { kind: 'unclear' };
      return defined({ kind: read, deliveryDate });
    }
  }
}

export const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
