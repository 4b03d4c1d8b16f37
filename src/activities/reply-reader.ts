import { ReplyFields, type ReplyKind } from '../domain/types.js';
import type { ReplyContext, ReplyReader } from '../domain/world.js';
import { visibleLayout, visibleText } from '../domain/visible-text.js';
import { amountsIn, inOtherCurrency } from './reader/amounts.js';
import { orderAndCharges, withoutAddedCost } from './reader/costs.js';
import { dateSense, dayAfterLeaving, deliveryDate, laterThanPlaced, nextWeekdayEitherSide, offersTwoDays, promisesTwoDays, readsTwoWays, statedArrival, statedPeriod, type DateSense } from './reader/dates.js';
import { aboutSomethingElse, GOES_ON, isOpen, kindOf, promisesNews, refusesOnlyTheRest, REST_AFTER_A_LOT, replacedByAnother, sparesThisOrder, substitutesTheItem, THE_REST } from './reader/kind.js';
import { notStartingLater, plausiblePrice, roundPrice, samePrice, statedNewPrice, unitPrices, unitPricesBeside } from './reader/prices.js';
import { firstOfLots, forLargerOrders, lessTheRemainder, lotBeforeCountedRest, partialQuantity, partOfOrdered, withOrderedQuantity } from './reader/quantity.js';
import { aboutThisOrder, namesOnlyOtherOrders } from './reader/references.js';
import { ownLayoutLines, ownSentences, quotedMail, statements } from './reader/statements.js';
import { assentsToTheOrderAsPlaced } from './reader/assent.js';
import { asksToChangeTheOrder } from './reader/claims.js';
import { inTable, isOrderDocument, onlyPointsToAttachment, readDocument, shippedOfLine, tablePrice, type DocumentReading, type TableLine } from './reader/document.js';

export { visibleText, statements };

/** Kinds whose reading a unit price other than the PO's turns into a price change. */
const REPRICED_BY_A_PRICE: ReplyKind[] = ['confirmed', 'delayed', 'unclear', 'price_change'];

/** The kind once the prices are read: a different unit price is a price change, several different ones are unclear. */
function withPrices(said: string[], kind: ReplyKind, context: ReplyContext): { kind: ReplyKind; unitPrice?: number } {
  const settled = said.filter((s) => !isOpen(s));
  const foreign = said.some((s) => amountsIn(s).some((a) => inOtherCurrency(a, context.currency, s)));
  if (foreign && kind !== 'refused') return { kind: 'unclear' };
  const read = unitPricesBeside(settled, context);
  const stated = statedNewPrice(read, context.unitPrice);
  // Part of the order at a price of its own is two changes at once: a person reads it.
  if (kind === 'partial' && stated !== undefined) return { kind: 'unclear' };
  if (!REPRICED_BY_A_PRICE.includes(kind)) return { kind };
  if (stated === null || (stated !== undefined && !plausiblePrice(stated, context.unitPrice))) return { kind: 'unclear' };
  if (stated === undefined) return { kind };
  // An unclear reply's price counts only when nothing else is open and it is not an offer or a demand.
  if (kind === 'unclear' && (said.some(isOpen) || aboutSomethingElse(said))) return { kind };
  return { kind: 'price_change', unitPrice: stated };
}

/**
 * A partial delivery's day is its first lot's: a day after the words of the rest ("the remaining 800 expected w/c 15
 * December") is the rest's. What a sentence says before them ("450 pcs shipped today. The other 150 …", kept whole
 * after "pcs.") is still the first lot's.
 */
const firstLotDate = (words: string[], sense: DateSense): string | undefined =>
  deliveryDate(words.map(beforeTheRest), sense) ?? deliveryDate(words, sense);
const beforeTheRest = (s: string): string => {
  const at = s.search(THE_REST);
  return at < 0 ? s : s.slice(0, at);
};

/** Words that cancel what is left of the order: "cancel the balance", "den Rest stornieren", "annuler le reliquat", "anular el resto". */
const CANCEL = /(?<![\p{L}])(?:cancel\p{L}*|storn\p{L}*|annul\p{L}*|cancela\p{L}*|anula\p{L}*|annulla\p{L}*|annuleer\p{L}*|anulujemy|anulować|makulera\p{L}*|zrušíme|stornujeme|iptal)(?![\p{L}])/iu;
const REST = /\b(?:den rest|die restmenge|het restant|de rest|resten|zbytek|zbývající)\b/i;
const cancelsTheRest = (s: string): boolean => CANCEL.test(s) && (THE_REST.test(s) || REST.test(s));

/** What the text reads as once its document (a line table, labelled dates) is read beside its words. */
interface Reading { kind: ReplyKind; unitPrice?: number; quantity?: number; deliveryDate?: string; charges: string[]; tableRows?: string[] }

/** `noOtherMoney`: the visible text, set-aside sentences included, names no money but the PO's unit price. */
function read(said: string[], lines: string[], context: ReplyContext, noOtherMoney: boolean): Reading {
  const sense = dateSense(said, context);
  const doc = readDocument(lines, sense);
  // A sentence about larger orders than this one ("for 2,000 pcs or more we can offer …") says nothing of this one, nor
  // does a notice of prices that leaves this order out ("a price rise on 1 July - this order isn't affected"), when it
  // gives no day for the goods.
  const aside = (s: string) => forLargerOrders(s, context) || (sparesThisOrder(s) && statedArrival([s], sense, true) === undefined);
  // A sentence that only hands on an attached acknowledgement states nothing of it: a person reads the attachment.
  const words = said.filter((s) => !inTable(doc, s) && !aside(s) && !onlyPointsToAttachment(s));
  const { line, charges } = orderAndCharges(doc, context.quantity);
  // A reply that names the buyer's orders, none of them this one, is about another order.
  if (namesOnlyOtherOrders(said, context)) return { kind: 'unclear', charges };
  // One that gives news of several orders is read for this one's part alone ("PO-BOLT-7 ships 14 Dec. PO-NUT-3 we cannot
  // supply.": the refusal is the other order's).
  const mine = aboutThisOrder(said, context);
  if (mine !== said) return read(mine, lines, context, noOtherMoney);
  // A price change that is only a notice of prices after this delivery says nothing of this order's.
  const wordsKind = kindOf(words);
  const stated = wordsKind === 'price_change' ? kindOf(notStartingLater(words, sense, context.requestedDate ?? context.receivedAt)) : wordsKind;
  let kind = stated;
  // "We can ship the 40 units we have on Monday 21st. We won't be able to supply the remaining 20": the rest refused and a
  // lot coming on a day that, with the refused rest, makes the ordered count (both written) is a delivery in part.
  // So is "40 of the 60 go out today; the remaining 20 are discontinued": the part named against the ordered count.
  const lot = () => partOfOrdered(words, context.quantity, context.packSize) ?? lotBeforeCountedRest(words, context);
  if (kind === 'refused' && refusesOnlyTheRest(words) && lot() !== undefined && firstLotDate(words, sense) !== undefined) kind = 'partial';
  // "We'll ship the 72 on 3/6 and cancel the balance", "liefern wir die 40 Stück am 12.03. und stornieren den Rest": a lot that
  // comes on a day, the rest cancelled, is a delivery in part, whatever the reason given for the rest (an item discontinued).
  if (kind === 'refused' && words.some(cancelsTheRest) && lot() !== undefined && firstLotDate(words, sense) !== undefined) kind = 'partial';
  // An acknowledgement or a shipment notice confirms by what it is, when its words leave nothing open.
  // So does a day given for the goods ("ETA your dock: Thursday 11 December", "Estimated delivery: 30-May-2025") when no
  // money but the order's stands anywhere in the mail (a price in a sentence set aside is no confirmation's).
  const documented = isOrderDocument(words) || line?.arrival !== undefined || line?.ship !== undefined;
  // A delivery week or part of a month for the goods ("booked in for delivery wk 11", "levering week 49", "zrealizujemy w
  // 12. tygodniu") promises them as well; a week that starts after the day placed for makes it a delay (below).
  const promised = () => noOtherMoney && (statedArrival(words, sense, true) !== undefined || statedPeriod(words, sense) !== undefined);
  if (kind === 'unclear' && !words.some(isOpen) && !aboutSomethingElse(words) && (documented || promised())) kind = 'confirmed';
  // A day or span for the goods after the one placed for, beside nothing open but a promise of news, is a delay.
  const onlyNewsOpen = words.filter(isOpen).every(promisesNews);
  const laterThanAsked = () => laterThanPlaced(statedArrival(words, sense, true), context) || laterThanPlaced(statedPeriod(words, sense)?.start, context);
  if (kind === 'unclear' && noOtherMoney && onlyNewsOpen && !aboutSomethingElse(words) && laterThanAsked()) kind = 'delayed';
  // "8 of the 12", "30 von 50 Stück", "3000 now and 2000 on the 14th", "450 pcs …, the other 150 on backorder": part of
  // what was ordered comes now.
  const inParts = partOfOrdered(words, context.quantity, context.packSize) ?? firstOfLots(words, context) ?? lotBeforeCountedRest(words, context);
  if ((kind === 'confirmed' || kind === 'delayed') && inParts !== undefined) kind = 'partial';
  if (kind === 'confirmed' && words.some((s) => REST_AFTER_A_LOT.test(s))) return { kind: 'unclear', charges };
  // Part of the order with a day for it ("1,500 of the 2,000 … go out on Friday 16 May", "400 kg on 11/04, 600 kg on
  // 11/18", "30 we'll send today; the other 20 …") is a delivery in parts even without a word of confirmation, when
  // nothing in the mail is left open.
  const partWithDay = () => (inParts ?? lessTheRemainder(words, context)) !== undefined && deliveryDate(words, sense) !== undefined;
  if (kind === 'unclear' && !words.some(isOpen) && !aboutSomethingElse(words) && partWithDay()) kind = 'partial';
  // Another item in place of the ordered one: the order placed does not go on, whatever else the reply settles. Nor is
  // it refused when the ordered item itself is replaced by a new reference ("n'est plus fabriqué ; il est remplacé par la
  // référence …", "superseded by"): the supplier means to supply the successor, and whether to take it is for a person. A
  // refusal that only offers an alternative beside it stays a refusal.
  if (GOES_ON.includes(kind) && substitutesTheItem(words)) return { kind: 'unclear', charges };
  if (kind === 'refused' && replacedByAnother(words)) return { kind: 'unclear', charges };
  const shippedNow = line && shippedOfLine(line, context);
  if (shippedNow !== undefined && (kind === 'confirmed' || kind === 'delayed')) kind = 'partial';
  // A document's ship day with "delivered next day" in the words is the day before the goods' arrival.
  const leaves = line?.ship ?? doc.labelled.ship;
  const fromDocument = line?.arrival ?? doc.labelled.arrival ?? (leaves && dayAfterLeaving(words, sense, leaves)) ?? leaves;
  // A delay's words name the new date, never the day the order was placed for ("der gewünschte Liefertermin 14.11.
  // kann nicht gehalten werden"); otherwise the document's columns are the surer place.
  // The day a price moves is no day of the goods in a reply whose words confirm, delay or part-ship the order.
  const priceDay = !['confirmed', 'delayed', 'partial'].includes(stated);
  const date = kind === 'delayed' && stated === 'delayed'
    ? deliveryDate(words, sense, context.requestedDate, priceDay) ?? fromDocument
    : fromDocument ?? (kind === 'partial' ? firstLotDate(words, sense) : deliveryDate(words, sense, undefined, priceDay));
  // A price that starts after this delivery ("from 1 January the unit price is …") is not this order's.
  const thisDelivery = date ?? context.requestedDate ?? context.receivedAt;
  const priced = withPrices(notStartingLater(words, sense, thisDelivery), kind, context);
  // Words and document that disagree (one price or day in the mail, another in its table) are for a person.
  const docArrival = line?.arrival ?? doc.labelled.arrival;
  const wordsArrival = stated === 'delayed' ? undefined : statedArrival(words, sense);
  if (docArrival && wordsArrival && docArrival !== wordsArrival) return { kind: 'unclear', charges };
  if (kind !== 'refused' && offersTwoDays(words, sense)) return { kind: 'unclear', charges };
  // "delivery 05/06" from a writer whose way of writing dates the mail does not show, both readings days the order
  // allows: several possible readings are for a person.
  if (kind !== 'refused' && readsTwoWays(words, context)) return { kind: 'unclear', charges };
  // "next Thursday" early in a week, this week's Thursday on or before the day placed for and the next week's after it:
  // one reading confirms, the other delays.
  if (['confirmed', 'price_change', 'unclear'].includes(kind) && nextWeekdayEitherSide(words, context)) return { kind: 'unclear', charges };
  // Two days promised for the same goods; a delay names its old day and its new one, a partial its lots.
  if ((kind === 'confirmed' || kind === 'unclear') && stated !== 'delayed' && promisesTwoDays(words, sense, line?.ship ?? doc.labelled.ship)) return { kind: 'unclear', charges };
  // A day the words give beside a line's promised day that is not it: which one holds is for a person.
  const wordsDay = line?.arrival && stated !== 'delayed' ? statedArrival(words, sense, true) : undefined;
  if (wordsDay && wordsDay !== line!.arrival && wordsDay !== line!.ship) return { kind: 'unclear', charges };
  const table = line && kind !== 'refused' && priced.kind !== 'unclear' ? tablePrice(line, context) : undefined;
  if (table === null || (table !== undefined && !plausiblePrice(table, context.unitPrice))) return { kind: 'unclear', charges };
  if (table !== undefined && !samePrice(table, context.unitPrice)) {
    const wordsSayPoPrice = unitPrices(words.filter((s) => !isOpen(s)), context.packSize).some((p) => samePrice(p.value, context.unitPrice));
    if (priced.kind === 'partial' || wordsSayPoPrice || (priced.unitPrice !== undefined && !samePrice(priced.unitPrice, table))) return { kind: 'unclear', charges };
    priced.kind = 'price_change';
    priced.unitPrice = table;
  }
  const placedFor = { requestedDate: context.requestedDate ?? line?.requested ?? doc.labelled.requested };
  // Without a day, a week or a part of a month for the goods ("delivery week 27", "fin juillet") that starts after the
  // day placed for is a delay all the same.
  const later = laterThanPlaced(date, placedFor) || (date === undefined && laterThanPlaced(statedPeriod(words, sense)?.start, placedFor));
  const laterKind = priced.kind === 'confirmed' && later ? 'delayed' : priced.kind;
  return {
    kind: laterKind,
    unitPrice: priced.unitPrice,
    quantity: laterKind === 'partial' ? shippedNow ?? partialQuantity(words, context) : undefined,
    deliveryDate: date,
    charges,
    tableRows: otherLinesOf(doc, line, said),
  };
}

/** The PO's unit price, or its price of a pack, a hundred, a thousand or the whole order ("EUR 38.00 per 1000 pcs" at 0.038). */
const theOrdersMoney = (value: number, context: ReplyContext): boolean =>
  [1, context.packSize, 100, 1000, context.quantity].some((n) => n !== undefined && samePrice(value, roundPrice(context.unitPrice * n)));

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
/**
 * The sentences that are rows of other lines of the document than the order's: their counts are other items'. Without
 * the order's line found, no row is known to be another's.
 */
function otherLinesOf(doc: DocumentReading, line: TableLine | undefined, said: string[]): string[] {
  if (line === undefined) return [];
  const others = doc.rows.filter((r) => r !== line).map((r) => flat(r.text));
  return said.filter((s) => others.some((r) => r.includes(flat(s))));
}

/** The fields the text states, for what its kind can carry: a refusal or an unclear reply carries nothing else. */
function fromText(r: Reading): ReplyFields {
  switch (r.kind) {
    case 'refused':
    case 'unclear':
      return { kind: r.kind };
    case 'partial':
      return { kind: r.kind, quantity: r.quantity, deliveryDate: r.deliveryDate };
    case 'price_change':
      return { kind: r.kind, unitPrice: r.unitPrice, deliveryDate: r.deliveryDate };
    default:
      return { kind: r.kind, deliveryDate: r.deliveryDate };
  }
}

/** Structured fields win; the text fills what they leave out. */
function fromHints(r: Reading, hints: Partial<ReplyFields> & { kind: ReplyKind }): ReplyFields {
  const kind = hints.kind;
  return {
    kind,
    deliveryDate: hints.deliveryDate ?? r.deliveryDate,
    unitPrice: hints.unitPrice ?? (kind === 'price_change' && r.kind === 'price_change' ? r.unitPrice : undefined),
    quantity: hints.quantity ?? (kind === 'partial' ? r.quantity : undefined),
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
    const visible = visibleText(text);
    const said = statements(visible);
    // A bare number may be a count; money with a sign, a code or in cents ("79 cêntimos") is money.
    const noOtherMoney = amountsIn(visible).every((a) => (a.currency === undefined && !a.cents) || theOrdersMoney(a.value, context));
    const reading = read(said, ownLayoutLines(visibleLayout(text)), context, noOtherMoney);
    // "Yes that's grand" above the buyer's mail asking to confirm the order as placed confirms it, with no day of its own.
    if (reading.kind === 'unclear' && Object.keys(defined(hints)).length === 0 && assentsToTheOrderAsPlaced(said, quotedMail(visible), context)) return { kind: 'confirmed' };
    const fields = hints.kind ? fromHints(reading, { ...hints, kind: hints.kind }) : { ...fromText(reading), ...defined(hints) };
    if (fields.kind === 'confirmed' && fields.unitPrice !== undefined && !samePrice(fields.unitPrice, context.unitPrice)) fields.kind = 'price_change';
    // A new price beside an instruction to change the order to an amount ("our price is now 6.45 per piece; please amend
    // the PO to 6.45 and send it again"): the supplier waits for a new PO, so the order goes on at no price yet. A
    // confirmation with such an instruction stays a confirmation of the order as placed (the instruction is set aside).
    if (fields.kind === 'price_change' && ownSentences(visible).some(asksToChangeTheOrder)) return { kind: 'unclear' };
    return withOrderedQuantity(withoutAddedCost(ReplyFields.parse(defined(fields)), said, context, reading.charges, reading.tableRows), context);
  },
};

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
