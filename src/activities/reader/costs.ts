import type { ReplyFields, ReplyKind } from '../../domain/types.js';
import type { ReplyContext } from '../../domain/world.js';
import { amountsIn, parseNumber } from './amounts.js';
import { orderLine, type DocumentReading, type TableLine } from './document.js';
import { dateSense, datesIn } from './dates.js';
import { GOES_ON, leavesThisOrderOut, PRICE_CHANGE } from './kind.js';
import { forLargerOrders, unaccountedCount } from './quantity.js';
import { CHARGED_MORE, FEE, FREIGHT_ON_BUYER, SURCHARGE } from './fees.js';
import { notStartingLater, OLD_PRICE_CUE, PACK, perUnitOfPack, roundPrice, samePrice } from './prices.js';

// Costs a reply adds beside the unit price: a reading under which the order goes on must not let
// them through unseen, whatever the reply's kind, because nothing in the PO states them.

/** Taxes and payment terms are not costs added to the order: VAT and early-payment discounts. */
const NOT_A_COST = /\b(?:vat|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|iva|gst|sales tax|skonto|escompte|pronto pago|early[- ]payment|discount|rabatt|remise|descuento|sconto|korting)\b/i;

/** A sentence that names only VAT or payment terms, no fee: it adds no cost, whatever its amounts. */
const taxOnly = (s: string): boolean => NOT_A_COST.test(s) && !FEE.test(s);

/** A percentage as suppliers write it: the sign, or the word ("3 Prozent", "2 pour cent", "1,5 por ciento"). */
const PCT = String.raw`\s?(?:%|(?:percent|per\s?cent|pour\s?cent|prozent|por\s?ciento|per\s?cento|procent|por\s?cento)\b)`;
/**
 * A figure as a percentage is written: in digits ("2.5"), or as a small number word ("three per cent", "drei Prozent",
 * "deux pour cent"), which names the same charge.
 */
const FIGURE = String.raw`(?:\d+(?:[.,]\d+)?|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|half a|ein|eins|zwei|drei|vier|fünf|un|deux|trois|quatre|cinq|uno|dos|tres|cuatro|cinco|due|tre|quattro|cinque|een|twee|drie|vijf|dois|duas|três|quatro|jeden|dwa|trzy|cztery|pięć)(?=\s))`;
/** A percentage put on top of the order: "an energy surcharge of 3.5%", "Zuschlag von 4 %", "recargo del 2 %". */
const PERCENT_ON_TOP = new RegExp(String.raw`\b(?:${SURCHARGE}|add-?on|teuerungszuschlag)\b[^.!?\n]{0,80}?${FIGURE}${PCT}|${FIGURE}${PCT}[^.!?\n]{0,60}?\b(?:${SURCHARGE})\b`, 'i');

/**
 * A percentage the supplier puts on this order, whatever the charge is called ("an energy contribution of 2.5% is
 * added", "1,8 % sera appliquée sur la facture", "rekenen wij 4%"): a verb of charging or the invoice beside it.
 * A tolerance ("+/- 2.5%") and the whole ("100% of the order") are no charge.
 */
const PERCENT = new RegExp(String.raw`(?<!\+\/?-\s?|±\s?)\b(?!100${PCT})${FIGURE}${PCT}`, 'gi');
const ON_THE_INVOICE = /\b(?:invoices?|invoic(?:ed|ing)|billed|rechnung\w*|factur\w*|fattur\w*|factuur\w*|fatur\w*|faktur\w*|(?:be)?rekenen|berechn\w*|in rechnung)\b/i;
/** "moisture below 10%", "max. 2 %", "au moins 95 %": a measure of the goods, not a charge. */
const MEASURE_BEFORE = /\b(?:below|under|less than|more than|above|max(?:imum)?|min(?:imum)?|at least|up to|unter|über|höchstens|mindestens|moins de|plus de|au moins|jusqu'à|menos de|más de|hasta|al menos|inferiore a|superiore a|minder dan|meer dan)\.?\s*$/i;
/** A charge named within a few words of a percentage: the two are one statement. */
const percentCharged = (s: string): boolean => [...s.matchAll(PERCENT)].some((m) => {
  if (MEASURE_BEFORE.test(s.slice(Math.max(0, m.index - 20), m.index))) return false;
  const near = s.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60);
  return FEE.test(near) || CHARGED.test(near) || CHARGED_MORE.test(near) || ON_THE_INVOICE.test(near);
});

/**
 * A rise by a percentage, in the languages read: "an increase of 4%", "Erhöhung um 4 %", "augmentation de 4 %", "aumento
 * del 4%", "verhoging van 4%", "podwyżka o 4%", "höjning med 4 %", "zvýšení o 4 %", "%4 zam", "forhøjelse på 4 %".
 */
const RISE = String.raw`increas\w*|rise|rises|raise[sd]?|hike|up by|erhöh\w*|teuerung\w*|steiger\w*|augment\w*|hausse|aument\w*|increment\w*|subida|rincar\w*|verhog\w*|stijging|reajust\w*|podwyżk\w*|podwyższ\w*|wzrost\w*|höjning\w*|prishöjning\w*|höj\w*|zvýšen\w*|zdražen\w*|zdraž\w*|zam|artış\w*|forhøjelse\w*|prisstigning\w*|stigning\w*`;
const PERCENT_RISE = new RegExp(String.raw`(?<![\p{L}])(?:${RISE})(?![\p{L}])[^.!?\n]{0,40}?${FIGURE}${PCT}|${FIGURE}${PCT}[^.!?\n]{0,25}?(?<![\p{L}])(?:${RISE})(?![\p{L}])`, 'iu');

/** A surcharge named as such is a cost, with an amount or none ("zzgl. Legierungszuschlag gemäß Tagespreis"), unless denied. */
const NAMED_SURCHARGE = new RegExp(String.raw`(?<![\p{L}])(?:${SURCHARGE})(?![\p{L}])`, 'iu');
const DENIED_BEFORE = /\b(?:no|without|kein\w*|ohne|sans|aucun\w*|sin|ningún|senza|nessun\w*|zonder|geen|sem|bez|utan|uden|inga?)\b[^.;,]{0,25}$/i;
/** "den Zuschlag erteilt": German for the award of an order, not a charge. */
const AWARD = /\bzuschlag\s+(?:erteil\w*|erhalten|bekommen|gegeben)|\b(?:den|der)\s+zuschlag\b/i;
const namesSurcharge = (s: string): boolean => {
  const m = NAMED_SURCHARGE.exec(s);
  return m !== null && !DENIED_BEFORE.test(s.slice(0, m.index)) && !AWARD.test(s) && !(NO_FEE.test(s) && !FREE_ABOVE.test(s)) && !waivedFee(s);
};

/**
 * An amount of money named as a fee ("a pallet charge of £9.50", "Frachtkosten 45,00 €", "frais de port : 25 €", "£12.50
 * pallet charge", "249 kr fraktavgift"): a cost on top, whatever verb charges it.
 */
function namesFeeAmount(s: string): boolean {
  if (!FEE.test(s) || (NO_FEE.test(s) && !FREE_ABOVE.test(s)) || waivedFee(s)) return false;
  return amountsIn(s).some((a) => {
    if (a.value === 0 || (a.currency === undefined && !a.cents)) return false;
    // "we have to charge 87¢/m", "2.95 EUR per piece": a price of the ordered unit, not a fee.
    if (PER_ORDERED_UNIT_AFTER.test(s.slice(a.end, a.end + 20))) return false;
    const before = /[^,;]*$/.exec(s.slice(Math.max(0, a.index - 30), a.index))![0];
    // A threshold ("minimum order $250.00", "franco from 800 €") is weighed against the order's total elsewhere.
    if (THRESHOLD_BEFORE.test(before)) return false;
    // Right after the amount, a word or two ("£12.50 pallet charge"), not the next field's label ("$810.00   Freight: Prepaid").
    const after = /^ ?(?:[\p{L}-]+ )?[\p{L}-]+(?![\p{L}-]| ?:)/u.exec(s.slice(a.end))?.[0] ?? '';
    return (FEE.test(before) && !/\d/.test(before.slice(lastFeeAt(before))) && !CHARGE_VERB.test(before)) || FEE.test(after);
  });
}
/** "/pc", "per piece", "each", "/m", "the metre": what follows a price of the ordered unit. */
const PER_ORDERED_UNIT_AFTER = /^\s*(?:\/\s*(?:pc|pcs|piece|ea|each|unit|u|m|kg|lb|ft|stk|st|szt|ks|pz|ud|adet)\b|(?:per|each|a|the|je|pro|par|por|la|le|el|al|za)\s+(?:piece|pc|unit|item|metre|meter|kg|stück|stk|einheit|pièce|unité|pieza|unidad|pezzo|stuk|szt|sztukę|kus|ks|adet|st)\b|each\b|ea\b|apiece\b)/i;
/** "we have to charge", "will charge": the verb, whose amount may well be the unit price. */
const CHARGE_VERB = /\b(?:to|will|we|must|shall|would|'ll|need to|have to)\s+charge\b[^\d]*$/i;
const lastFeeAt = (text: string): number => [...text.matchAll(new RegExp(FEE.source, 'giu'))].at(-1)?.index ?? 0;

/** Under a price change, a percentage rise of the price ("we have to apply a 7% price increase") is that change, not a charge beside it. */
const theChangeItself = (s: string, kind: ReplyKind | undefined): boolean => kind === 'price_change' && PRICE_CHANGE.test(s);

/** Words that put a fee on this order: "will be added", "berechnen wir", "facturés en sus", "aplicaremos". */
const CHARGED = /\b(?:will be (?:added|charged|invoiced|billed)|will be extra|can (?:either )?add|(?:is|are) (?:added|charged|payable)|we (?:will |shall )?(?:add|charge|invoice|bill)|applies|apply|plus|extra|additional|on top|separate line|berechne\w*|zzgl\.?|zuzüglich|fällt an|fallen an|kommt hinzu|kommen hinzu|en sus|factur\w+ en plus|s'ajoute\w*|ajout\w*|appliqu\w*|aplicar\w*|se añad\w*|adicional\w*|se cobrar\w*|facturar\w*|addebit\w*|aggiunt\w*|in aggiunta|worden berekend|extra|passed on|pass(?:es)? on|for your account|at your (?:cost|expense)|borne by (?:you|the (?:buyer|customer))|at actuals?|at cost|doorbelast|doorberekend|weiterberechnet|weiterbelastet|zu ihren lasten|à votre charge|répercut\w*|repercut\w*|a su cargo|a vostro carico|a carico vostro|voor uw rekening|na koszt (?:kupującego|odbiorcy|zamawiającego)|aplicad\w*|cobrad\w*|acrescid\w*|doliczon\w*|doliczymy)\b/i;
/** Words that say the order carries no such cost: "free shipping", "freight included", "franco". */
const NO_FEE = /\b(?:free (?:of charge|shipping|freight|delivery)|freight (?:free|included|prepaid and included)|carriage paid|no (?:extra |additional )?(?:charge|fee|surcharge|freight|shipping|carriage|cost)s?|at no (?:extra |additional )?(?:cost|charge)|included|inclus\w*|inbegriffen|inklusive|frei haus|franco|franko|sin (?:coste|cargo)|incluid[oa]s?|gratuit\w*|kostenlos|gratis|offerts?|offertes?|waived|entfällt|entfallen)\b/i;

/** A pack, case or box named anywhere in the sentence: an amount beside it may be a pack's price. */
const PER_PACK = new RegExp(`(?<![\\p{L}])(?:per|a|each|pro|je|par|por|al|la|le|el|za|för|pr\\.?)\\s+${PACK}(?![\\p{L}])|\\/\\s*(?:case|pack|box|carton|ctn|kt|krt|cs|bx)\\b`, 'iu');

/** Words right before an amount that make it the order's total, not a price. */
const TOTAL_BEFORE = /\b(?:total|gesamt\w*|summe|soit|montant|importe|totale|totaal|netto(?:warenwert)?|net value|order value)\b[^\d]{0,15}$/i;

const TOTAL_AFTER = /^\s*(?:total|in total|gesamt|insgesamt|au total|en total|in totale|totaal)\b/i;

/** "franco from 800 €", "free shipping over $500": free only above a threshold this order may not reach. */
const FREE_ABOVE = /\b(?:franco|franko|free (?:shipping|freight|delivery)|frei haus|portes pagados|carriage paid)\b\s*(?:de port\s*)?(?:\(|:)?\s*(?:à partir de|dès|from|above|over|ab|desde|a partir de|oltre|vanaf)\b/i;

/** An amount written for another within a cent or half a percent: rounding, a total's last cent. */
const near = (value: number, of: number): boolean => Math.abs(value - of) <= Math.max(0.01, of * 0.005);

/**
 * The freight the PO itself states, or the order's total with it: money a reply may name without
 * adding anything ("freight 40.00 as per your order").
 */
const isStatedFreight = (value: number, context: Pick<ReplyContext, 'unitPrice' | 'quantity' | 'freight'>): boolean => {
  if (context.freight === undefined) return false;
  return near(value, context.freight) || (context.quantity !== undefined && near(value, context.unitPrice * context.quantity + context.freight));
};

/** A fee named beside money that is all the freight the PO states: the PO's own cost, not one added. */
const onlyStatedFreight = (s: string, context: Pick<ReplyContext, 'unitPrice' | 'quantity' | 'freight'>): boolean => {
  const money = amountsIn(s).filter((a) => a.value > 0);
  return money.length > 0 && money.every((a) => isStatedFreight(a.value, context));
};

/** What a reply adds beside the unit price of the ordered unit; null when it adds nothing. */
export function addedCost(
  sentences: string[], context: Pick<ReplyContext, 'unitPrice' | 'packSize'> & Partial<Pick<ReplyContext, 'quantity' | 'freight'>>, kind?: ReplyKind,
): string | null {
  for (const s of sentences) {
    // VAT and payment discounts are no cost on top; a sentence that names only them adds no percentage or fee.
    if (!taxOnly(s) && (PERCENT_ON_TOP.test(s) || (percentCharged(s) && !theChangeItself(s, kind)))) return s;
    // A fee charged with no amount ("freight at actuals", "duties are passed on to you") is a cost nobody priced yet.
    const fee = !taxOnly(s) && FEE.test(s) && (CHARGED.test(s) || CHARGED_MORE.test(s)) && !(NO_FEE.test(s) && !FREE_ABOVE.test(s));
    if (fee && !onlyStatedFreight(s, context)) return s;
    // A fee named with its amount, a surcharge named at all, or freight terms that leave the freight to the buyer
    // ("Prepay & Add", "unfrei", "port dû") unless the PO states a freight.
    // Under a price change, a surcharge named beside the new price ("0.11/pc due to the zinc surcharge") is its reason.
    const surcharge = namesSurcharge(s) && !(kind === 'price_change' && amountsIn(s).length > 0);
    if (!taxOnly(s) && (namesFeeAmount(s) || surcharge) && !onlyStatedFreight(s, context)) return s;
    if (FREIGHT_ON_BUYER.test(s) && context.freight === undefined) return s;
    // A pack price says nothing of the ordered unit's unless the PO's pack converts it exactly.
    const packed = PER_PACK.test(s);
    for (const a of amountsIn(s)) {
      const before = s.slice(Math.max(0, a.index - 40), a.index);
      // The PO's own price of a pack ("gone up from £18.00 to £19.50 per box of 50" at 0.36 a unit) is no price nobody approved.
      const posPackPrice = context.packSize !== undefined && samePrice(a.value, roundPrice(context.unitPrice * context.packSize));
      if (samePrice(a.value, context.unitPrice) || posPackPrice || isStatedFreight(a.value, context) || TOTAL_BEFORE.test(before.slice(-25)) || OLD_PRICE_CUE.test(before)) continue;
      const perUnit = perUnitOfPack(s.slice(Math.max(0, a.index - 60), a.index), s.slice(a.end, a.end + 40), a.value, context.packSize);
      // Beside a pack, money (a currency or cents) that is neither the PO's price nor converts is a price nobody approved.
      if (perUnit === null || (perUnit === undefined && packed && (a.currency !== undefined || /[.,]\d{2}$/.test(s.slice(a.index, a.end).trim())) && !TOTAL_AFTER.test(s.slice(a.end, a.end + 15)))) return s;
    }
  }
  return null;
}

/** A threshold the order must reach: "franco from 800 €", "minimum order value 250 €", "Mindestbestellwert". */
const THRESHOLD_BEFORE = /\b(?:from|above|over|exceed\w*|more than|ab|über|dès|à partir de|dépass\w*|supérieur\w* à|plus de|desde|a partir de|superior\w* a|más de|oltre|superiore a|vanaf|meer dan|boven|min(?:imum)?\.?(?:\s+order)?(?:\s+value)?|mindest\w*|commande minimum|minimum de commande|pedido mínimo|importe mínimo)\b[^\d]{0,12}$/i;

/** Words that let a fee off: "waived", "not charged", "free of charge", "entfällt", "offerts". */
const WAIVED = /\b(?:waived?|not (?:be )?charged|free of charge|erlassen|entfällt|entfallen|offert(?:e|s|es)?|gratuit\w*|kostenlos|sin (?:coste|cargo)|exonerad\w*|kwijtgescholden)\b/i;
/**
 * A sentence that names a fee and lets it off ("Normally there's a $25 delivery fee but it's waived"), with no word that
 * charges anything: its amount is no cost of this order. "Frais de port facturés, votre commande étant inférieure au
 * franco" charges it.
 */
const waivedFee = (s: string): boolean => FEE.test(s) && WAIVED.test(s) && !CHARGED.test(s) && !ON_THE_INVOICE.test(s) && !FREE_ABOVE.test(s);

/** Tax named anywhere in the mail: then a total with tax on top of the order's is the order's too. */
const TAX = /\b(?:vat|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|iva|gst|hst|btw|moms|sales tax|tax)\b/i;
/** Rates of value-added and sales tax, for a tax line whose amount is the order's total times one. */
const TAX_RATES = [0.05, 0.06, 0.07, 0.08, 0.0825, 0.09, 0.1, 0.12, 0.13, 0.15, 0.16, 0.17, 0.18, 0.19, 0.2, 0.21, 0.22, 0.23, 0.24, 0.25, 0.27];
/** A company's registered capital in a legal footer is no amount of this order. */
const LEGAL_FOOTER = /\b(?:share capital|capital social|capital de|stammkapital|grundkapital|kapitał zakładowy|capitale sociale|maatschappelijk kapitaal)\b/i;
const COUNT_IN_WORDS = /(?<![\w.,/-])\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?![.,]?\d)|(?<![\w.,/-])\d+(?![.,]?\d)/g;

/**
 * Money a going-on reply writes that the order does not account for: not the unit price, nor the
 * price of a pack, a hundred, a thousand, the whole order or the part that ships now at that price,
 * nor that with tax, nor a threshold the order reaches. Whatever it is (a fee by a name no list
 * knows, a charge, a price of something else), a person looks before the order goes on.
 */
export function unexplainedAmount(
  sentences: string[], context: Pick<ReplyContext, 'unitPrice' | 'packSize' | 'quantity' | 'currency' | 'freight'>, shipped?: number,
): string | null {
  const p = context.unitPrice;
  const total = context.quantity === undefined ? undefined : p * context.quantity;
  const ordered = [1, context.packSize, 100, 1000, context.quantity, shipped].filter((n): n is number => n !== undefined);
  const taxed = sentences.some((s) => TAX.test(s));
  // Tax falls on the goods and the freight the PO states alike.
  const withFreight = total !== undefined && context.freight !== undefined ? total + context.freight : undefined;
  const totals = [total, withFreight, shipped === undefined ? undefined : p * shipped].filter((t): t is number => t !== undefined);
  const withTax = (v: number) => totals.some((t) => TAX_RATES.some((r) => near(v, t * r) || near(v, t * (1 + r))));
  for (const s of sentences) {
    if (taxOnly(s) || LEGAL_FOOTER.test(s)) continue;
    // "40 units at $12.80 each, total $512.00": the price of a count the sentence gives.
    const counts = [...ordered, ...[...s.matchAll(COUNT_IN_WORDS)].map(([n]) => Number(n.replace(/[,.\u00a0\u202f ]/g, '')))];
    for (const a of amountsIn(s)) {
      if (a.currency === undefined || a.currency !== context.currency || a.value === 0) continue;
      if (counts.some((n) => near(a.value, p * n))) continue;
      // "30 112,50 €" in a row of columns is a count and a price, not thirty thousand.
      const tail = /[\u00a0\u202f ](\d{3}(?:[.,]\d{1,4})?)$/.exec(a.digits ?? '')?.[1];
      if (tail !== undefined && counts.some((n) => near(parseNumber(tail), p * n))) continue;
      if (isStatedFreight(a.value, context) || (taxed && withTax(a.value))) continue;
      const before = s.slice(Math.max(0, a.index - 40), a.index);
      if (OLD_PRICE_CUE.test(before)) continue;
      if (THRESHOLD_BEFORE.test(before)) {
        if (total !== undefined && total >= a.value) continue;
        return s;
      }
      // "Normally there's a $25 delivery fee but it's waived": a fee the sentence says this order does not pay.
      if (waivedFee(s)) continue;
      return s;
    }
  }
  return null;
}

/** A row of a document's table that charges something beside the goods: freight, a fee, a surcharge. */
export const isChargeRow = (row: string): boolean =>
  FEE.test(row) && !NO_FEE.test(row) && amountsIn(row).some((a) => a.value > 0);

/** The order's own line of a document's tables, and the other rows there that charge something beside the goods. */
export function orderAndCharges(doc: DocumentReading, quantity: number | undefined): { line: TableLine | undefined; charges: string[] } {
  const line = orderLine(doc, quantity, isChargeRow);
  return { line, charges: doc.rows.filter((r) => r !== line && isChargeRow(r.text)).map((r) => r.text) };
}

/**
 * The one rule both readers end with: a reading under which the order would go on at a cost the PO
 * does not state, or at a new price it does not name, is `unclear`, so the supplier is asked and then the manager, who sees its sentence.
 */
export function withoutAddedCost(
  read: ReplyFields, sentences: string[], context: ReplyContext, chargeRows: string[] = [], tableRows: string[] = [],
): ReplyFields {
  if (!GOES_ON.includes(read.kind)) return read;
  // A price change with no price ("our 5% price increase takes effect on 1 May") leaves the order's price unknown.
  if (read.kind === 'price_change' && read.unitPrice === undefined) return { kind: 'unclear' };
  const charged = chargeRows.filter((row) => !onlyStatedFreight(row, context));
  if (charged.length > 0 || addedCost(sentences, context, read.kind) !== null) return { kind: 'unclear' };
  // Prices announced for after this delivery or for larger orders are not this order's money.
  const thisDelivery = read.deliveryDate ?? context.requestedDate ?? context.receivedAt;
  const sense = dateSense(sentences, context);
  const forThisOrder = notStartingLater(sentences, sense, thisDelivery).filter((s) => !forLargerOrders(s, context));
  // A rise by a percentage of this order's price ("un aumento del 4%", "Erhöhung um 3 %") leaves its price unknown; under
  // a price change with its new unit price, the percentage is that change. Not a rise the sentence before starts later
  // ("… en vigueur à partir du 01/01/2027 ; les prix y augmentent de 3 %"), nor one that leaves this order out.
  const risesNow = sentences.some((s, i) => forThisOrder.includes(s) && PERCENT_RISE.test(s) && !leavesThisOrderOut(s)
    && !(i > 0 && !forThisOrder.includes(sentences[i - 1]!) && datesIn(s, sense).length === 0));
  if (read.kind !== 'price_change' && risesNow) return { kind: 'unclear' };
  // A count of the goods the reading does not account for is an order going on for a quantity nobody settled. A table's
  // rows (`tableRows`) may be other lines of the document, whose counts its reading of the order's line has settled.
  const prose = sentences.filter((s) => !tableRows.includes(s));
  if (unaccountedCount(prose, context, read.kind === 'partial' ? read.quantity : undefined) !== null) return { kind: 'unclear' };
  // A new price brings its own amounts (the new total, the old price); the rest must add up as ordered.
  if (read.kind === 'price_change') return read;
  if (unexplainedAmount(forThisOrder, context, read.quantity) !== null) return { kind: 'unclear' };
  return read;
}
