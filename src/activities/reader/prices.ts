import { amountsIn, type Amount } from './amounts.js';
import { datesIn, MONTH, monthNumber, type DateSense } from './dates.js';
import { unitFamily } from './units.js';

// Which amounts are unit prices: the words right before or after an amount say what it is the
// price of. A total, freight or a fee is not a unit price, whatever its size.

/** Words right after an amount that make it a price per unit. */
const PER_UNIT_AFTER = /^\s*(?:\/\s*(?:unit|pc|pcs|piece|ea|each|item|stk|stück|st|u|ud|unité|pièce|pza|pieza)\b|per\s+(?:unit|piece|pc|item|each|one|nos?)\b|each\b|ea\b|a piece\b|apiece\b|(?:pro|je|das)\s+(?:stück|einheit|stk)\b|par\s+(?:unité|pièce)\b|(?:à|a)?\s*l'unité\b|la pièce\b|(?:por|la)\s+(?:unidade?|pieza|peça)\b|c\/u\b|cada\s+un[oa]\b|netto\s+pro\b|(?:per\s+)?l'unità\b|per\s+(?:unità|pezzo|stuk|eenheid)\b|al\s+pezzo\b)/i;
/** Words before an amount that name it the price of one unit, whatever else the clause says. */
const UNIT_PRICE_BEFORE = /(?:\bunit\s+(?:price|cost)|\bprice\s+per\s+(?:unit|piece|pc)|\bcost\s+per\s+(?:unit|piece|pc)|\bper[- ]unit\s+(?:price|cost)|stückpreis|einzelpreis|\bpreis\s+pro\s+stück|\bprix\s+unitaire|\bprecio\s+(?:unitario|por\s+unidad)|\bpreço\s+unitário|\bcena\s+jednostkowa|\bcoste?o?\s+unitario|\bprezzo\s+unitario|\bstuksprijs|\beenheidsprijs|\bprijs\s+per\s+stuk|\b(?:stycke?|styk|enhets|enheds)pris(?:et|en)?)\b[^;!?]{0,60}$/i;
/** Words before an amount that make it a price, unless the clause says it is a total or a charge. */
const PRICE_BEFORE = /(?:\bprices?|\bcosts?|\bpriced|\bcharge[sd]?|\b(?:tages|listen|netto|verkaufs|tarif)?preis(?:e|en)?|\bkostet|\bprix|\bprecios?|\bprezzo|\bprijs|\bcuesta|co[uû]te|\b(?:stycke?|styk|enhets|enheds|stk)?pris(?:et|en)?|\bkost(?:ar|er))\b[^;!?]{0,60}$|\bpreços?(?=\W)[^;!?]{0,60}$|\bcen(?:a|y|ie|ę)(?=[\s:])[^;!?]{0,60}$|(?:\bat|@)\s*$/i;
/**
 * Words that make an amount a total, a charge on top, or something else than the price of a unit. "Extended" is the line's
 * total in a US order summary ("Qty: 60 EA  Unit price: $14.75  Extended: $885.00").
 */
const NOT_UNIT_NEAR = /\b(?:soit|i\.e|making|which makes|total|totals|sum|subtotal|extended|ext\.? (?:price|amount|value)|order value|value of|invoice|grand|amount|net amount|balance|gesamt\w*|summe|betrag|rechnungs\w*|montant|facture|importe|valor|freight|shipping|carriage|delivery charge|surcharge|fee|fees|deposit|minimum order|fracht|versand\w*|zuschlag|gebühr|frais|port|envío|envio|portes|recargo|whole order|entire order|for all|in total|insgesamt|au total|en total|credit|discount|rabatt|remise|descuento|save|saving)\b/i;

/** Words of invoicing: beside a price marked per unit they name how the order is billed, not a total. */
/** Words of value, which name a total unless the amount is marked per unit. */
const VALUE_WORDS = /\b(?:valor|value|amount|montant|importe|betrag|valore|waarde)\b/gi;
const INVOICING = /\b(?:invoice|invoiced|invoicing|bill|billed|factur\w*|fattur\w*|berechn\w*|verrechn\w*)\b/gi;

export interface UnitPrice extends Amount {
  /** Stated as the new one: after "to", "now", "new", "from now on". */
  isNew: boolean;
}

/**
 * Words right before an amount that make it the price as it was, or as the buyer's PO has it ("your PO shows 8.40", "Ihr
 * Bestellpreis: 12,10 €"); Czech "dříve", "původně" and Polish "wcześniej", "poprzednio" among them ("(dříve 1 720 Kč)").
 */
export const OLD_PRICE_CUE = /\b(?:instead of|rather than|in place of|statt|anstatt|anstelle von|au lieu de|en lugar de|en vez de|antes|avant|invece di|anziché|prima era|in plaats van|voorheen|previously|formerly|bisher|vorher|dříve|původně|dosud|wcześniej|poprzednio|dotychczas|(?:was|were) (?:at )?|eram?)\s*(?:the\s+|den\s+|des\s+|los\s+|le\s+|il\s+|de\s+)?(?:\w+\s+)?[^\d\s]{0,3}$|\b(?:your (?:po|order|purchase order) (?:shows|says|states|has)|(?:ihr|ihrem|ihren) bestellpreis|bestellpreis|your (?:po|order) price|prix de (?:votre )?commande|precio de (?:su )?pedido)\s*:?\s*[^\d\s]{0,3}\s*$/i;

const NEW_PRICE_CUE = /\b(?:to|now|new|neue[rn]?|nouveau|nouvelle|nuevo|auf|ora|nuovo|nu|nieuwe)\b[^.\d]{0,30}$/i;

/** Words for a supplier's pack, case or box, in the languages read (singular and the forms a count or price takes). */
export const PACK = '(?:case|cases|pack|packet|box|carton|bag|roll|ctn|cs|bx|karton|packung|ve|vpe|gebinde|kiste|paket|rolle|colis|boîte|paquet|conditionnement|caja|caixa|paquete|bolsa|rollo|embalagem|pacote|fardo|scatola|confezione|cartone|doos|verpakking|opakowanie|opakowania|opak\\.|paczka|paczkę|pudełko|förpackning|förp\\.|kartong|låda|balení|krabice|krabici|kutu|koli|paket|pakke|æske|kasse)';
/** Letters that may follow a word: a pack word or a count word ends where no letter follows (also after "í", "ę"). */
const WORD_END = '(?![a-zà-ÿĀ-ž])';
/** How a count of pieces is written after a number: "25 Stück", "20 szt.", "100 ks", "10 st". */
const PIECES = '(?:pcs|pieces|units|stück|stk|st|szt|sztuk|ks|kusů|pz|pezzi|uds|unidades|piezas|pièces|unités|stuks|adet|peças|stykker|styck|stycken)\\.?';
/** The count a pack holds, written after its word: "of 100", "(25 Stück)", "20 szt.", "de 12 uds.". */
const PACK_OF = `(?:\\s*(?:(?:of|à|a|de|von|mit|da|van|with|zu|om|po|á|med|z)\\s+(\\d+)(?:\\s*${PIECES})?|\\(\\s*(\\d+)\\s*(?:${PIECES})?\\s*\\)|(\\d+)\\s*${PIECES}${WORD_END}))?`;
/**
 * Words right after an amount that make it the price of a pack: "per box of 100", "/ carton de 24"; a tax note between them
 * ("$57.60 +GST per carton of 24", "HT", "excl. VAT") leaves it the pack's net price.
 */
const PER_PACK_AFTER = new RegExp(`^\\s*(?:(?:HT|H\\.T\\.|hors taxes?|net|nets|netto|neto|excl\\.? (?:vat|gst|tax)|(?:\\+|plus|ex\\.?)\\s?(?:vat|gst|tax)|zzgl\\.? mwst\\.?)\\s+)?(?:\\/\\s*|(?:per|a|each|pro|je|par|por|la|le|el|al|the|za|för|pr\\.?)\\s+)${PACK}${WORD_END}${PACK_OF}`, 'i');
/** Words right before an amount that make it the price of a pack: "Preis je VE 60,00 €", "per case of 24: $54", "cena za opakowanie 20 szt. wynosi 96,00 zł". */
const PER_PACK_BEFORE = new RegExp(`(?<![\\p{L}])(?:per|each|pro|je|par|por|a|an|the|du|del|de la|of the|la|le|el|il|het|der|die|das|für (?:den|die|das)|pour le|za|för|pr\\.?|na|po)\\s+${PACK}${WORD_END}${PACK_OF}[^\\d;,]{0,30}$`, 'iu');
/** "per 100", "/ 1.000 Stk", "/1000pcs": a price per hundred or thousand units. */
const PER_HUNDREDS_AFTER = /^\s*(?:\/|per|pro|par|por|je|za|för|pr\.?|%)\s*(100|1[.,\s]?000)(?:\b|(?=(?:pcs|pc|pieces|units|stk|st|pz|szt|ks|nos)\b))(?!\s*(?:€|\$|£|eur|usd|gbp))/i;

/** Words for a dozen, a gross, a hundred and a thousand, in the languages read. */
const DOZEN = 'dozen|doz\\.?|dz\\.?|dutzend|dtzd\\.?|douzaine|docena|dozzina|dozijn|dúzia|duzia|tuzin|dussin|tucet|tuctu|düzine';
const GROSS = 'gross|gros|gruesa|grossa';
const HUNDRED = 'hundred|hundert|cent|centaine|ciento|centena|centinaio|cento|honderd|sto|setka|hundra|hundrede|yüz';
const THOUSAND = 'thousand|tausend|mille|millier|millar|mil|milheiro|migliaio|duizend|tysiąc|tysiące|tisíc|tusen|tusind|bin';
/** "100", "1.000", "millar", "cent", "dozen": how many units a price is for. */
const countNamed = (n: string): number => {
  if (/^\d/.test(n)) return Number(n.replace(/[.,]/, ''));
  if (new RegExp(`^(?:${DOZEN})$`, 'i').test(n)) return 12;
  if (new RegExp(`^(?:${GROSS})$`, 'i').test(n)) return 144;
  return new RegExp(`^(?:${HUNDRED})$`, 'i').test(n) ? 100 : 1000;
};

/** Division leaves binary noise (18.90 / 100 = 0.18899999999999997): a price has at most six decimals. */
export const roundPrice = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * A pack's price per ordered unit; null when it divides into fractions of a hundredth of a cent,
 * which is no price anyone means per unit.
 */
export function exactPerUnit(packPrice: number, packSize: number): number | null {
  const unit = packPrice / packSize;
  return Math.abs(unit * 10_000 - Math.round(unit * 10_000)) < 1e-6 ? Math.round(unit * 10_000) / 10_000 : null;
}

/** "prijs per 100 stuks bedraagt € 23,60", "Preis je 1.000 Stk: 18,40 €": the count named before the price. */
const PER_HUNDREDS_BEFORE = new RegExp(`(?:(?<![\\p{L}])(?:per|pro|je|par|por|za|för|pr\\.?)\\s*|\\/\\s*)(100|1[.,]?000|${HUNDRED}|${THOUSAND}|${DOZEN}|${GROSS})\\s*(?:${PIECES})?${WORD_END}[^\\d;]{0,30}$`, 'iu');

/** "18,90 € le cent", "74,50 € HT le cent", "1.850 $ el millar", "€92 al mille": a price per hundred or thousand by name. */
const PER_NAMED_HUNDREDS_AFTER = new RegExp(`^\\s*(?:(?:HT|H\\.T\\.|hors taxes?|net|nets|netto|neto)\\s+)?(?:(?:le|el|al|per|por|the|a|pro|o|je|za|för|pr\\.?|il|lo|het|la)\\s+|\\/\\s*)(${HUNDRED}|${THOUSAND}|${DOZEN}|${GROSS})${WORD_END}`, 'i');
/** "$38.75/M", "per M": a thousand, as the fastener and print trades write it (a capital M; "/m" is a metre). */
const PER_M_AFTER = /^\s*(?:\/\s*|per\s+)(M)(?![A-Za-z0-9])(?!\.\w)/;

/**
 * The price of one ordered unit an amount states when it is a pack's price: divided by the pack
 * size when the PO's pack is the one meant; null when it is a pack's price that does not convert.
 * Undefined when the amount is not a pack's price.
 */
export function perUnitOfPack(before: string, after: string, value: number, packSize: number | undefined): number | null | undefined {
  const hundreds = PER_HUNDREDS_AFTER.exec(after) ?? PER_HUNDREDS_BEFORE.exec(before) ?? PER_NAMED_HUNDREDS_AFTER.exec(after);
  // A hundred or a thousand divides any price written in cents exactly; a dozen or a gross may not ($50.00/doz).
  if (hundreds) return countNamed(hundreds[1]!) % 100 === 0 ? roundPrice(value / countNamed(hundreds[1]!)) : exactPerUnit(value, countNamed(hundreds[1]!));
  if (PER_M_AFTER.test(after)) return roundPrice(value / 1000);
  const pack = PER_PACK_AFTER.exec(after) ?? PER_PACK_BEFORE.exec(before);
  if (!pack) return undefined;
  const written = pack[1] ?? pack[2] ?? pack[3];
  const stated = written === undefined ? undefined : Number(written);
  // A pack whose count the mail writes ("je VPE (25 Stück)", "balení 100 ks") converts by that count, unless the PO's
  // pack is another: which pack is meant is then for a person.
  if (stated !== undefined && packSize !== undefined && stated !== packSize) return null;
  const size = stated ?? packSize;
  return size === undefined ? null : exactPerUnit(value, size);
}

/** Words between a price and the next amount that make the second where the first went: "from £84.20 to £89.60", "von 11,95 auf 12,40", "z 18,90 zł na 19,80 zł". */
const TO_NEXT = /^\s*(?:to|auf|à|a|al|naar|na|para|till|til|do|->|→)\s*$/i;
/** Words right before the first of two prices a price moves between: "from", "von", "de", "van", "z", "från", "fra", "da", "od". */
const FROM_BEFORE = /(?:^|[^\p{L}])(?:from|von|de|du|van|z|ze|från|fra|da|dal|del|od)\s*[^\s\d]{0,3}\s*$/iu;
/** A word of price anywhere in the sentence, in the languages read. */
const PRICE_WORD = /(?<![\p{L}])(?:price|prices|pricing|cost|rate|preis\p{L}*|prix|tarif|precio|preço|prezzo|prijs|cen[aęyi]|pris(?:et)?|cenu|fiyat\p{L}*)(?![\p{L}])/iu;
/**
 * "van € 22,40 naar € 23,10", "von 11,95 auf 12,40", "z 18,90 zł na 19,80 zł", "från 24,90 till 26,50 kr": in a sentence about
 * a price, the first of two amounts a price moves between is the old price and the second the new.
 */
const movesFromTo = (s: string, a: Amount, next: Amount | undefined): boolean =>
  next !== undefined && FROM_BEFORE.test(s.slice(Math.max(0, a.index - 12), a.index)) && TO_NEXT.test(s.slice(a.end, next.index)) && PRICE_WORD.test(s);
/** An amount a price moves to is a price too, whatever words stand after it ("… to £89.60 per sheet"). */
const toFromPrice = (s: string, a: Amount, previous: Amount | undefined): boolean =>
  previous !== undefined && TO_NEXT.test(s.slice(previous.end, a.index));

/** A measure or count written right after an amount: "CHF 12.40/kg", "£2.64/m", "3,10 € pro kg", "$46.50/M" (a thousand). */
const PER_MEASURE_AFTER = /^\s*(?:\/\s*|(?:per|pro|je|par|por|le|el|al|the)\s+)(kg|kilo|t|tonne|ton|tonn|mt|m|lm|metre|meter|mètre|metro|ft|foot|lb|l|litre|liter|ltr|c|k|mpcs)\b(?!\s*\d)/i;
const measureAfter = (s: string, a: Amount): string | undefined => PER_MEASURE_AFTER.exec(s.slice(a.end, a.end + 15))?.[1]?.toLowerCase();

/** A count written in kilos, thousands grouped by a space, a dot, a comma or an apostrophe: "2 000 kg", "1.500 kg". */
const ORDERED_IN_KILOS = /(?<![\d.,])(\d{1,3}(?:[\s.,']\d{3})+|\d+)\s*(?:kg|kilos?|kilogram\w*)\b/gi;

/**
 * What each measure the mail writes the PO's own price in stands for, as a count of ordered units: "CHF 12.40/kg statt
 * CHF 11.95/kg" at 11.95 makes "/kg" one ordered unit, "instead of the $42.00/M on your PO" at 0.042 makes "/M" a
 * thousand. A price in such a measure is a price of the ordered unit once divided; in any other measure it may be a
 * price per kilo of goods counted in pieces, and is not read as one.
 */
function orderedMeasures(sentences: string[], poPrice: number | undefined, quantity?: number, unit?: string): Map<string, number> {
  const measures = new Map<string, number>();
  if (poPrice === undefined) return measures;
  // "2 000 kg" where 2,000 were ordered: the order counts kilos, so a price per tonne is a thousand of its units. The PO's
  // own unit, when known, says so better than a count in the mail that happens to match.
  if (unit === undefined && quantity !== undefined && sentences.some((s) => [...s.matchAll(ORDERED_IN_KILOS)].some((m) => +m[1]!.replace(/[\s.,']/g, '') === quantity))) {
    for (const [measure, per] of [['kg', 1], ['kilo', 1], ['t', 1000], ['tonne', 1000], ['ton', 1000], ['tonn', 1000], ['mt', 1000]] as const) measures.set(measure, per);
  }
  for (const s of sentences) {
    for (const a of amountsIn(s)) {
      const measure = measureAfter(s, a);
      const per = [1, 100, 1000].find((n) => samePrice(a.value, roundPrice(poPrice * n)));
      if (measure !== undefined && per !== undefined) measures.set(measure, per);
    }
  }
  return measures;
}

/**
 * A weight or a length written right after an amount, with how many of it: "/kg", "per MT", "€/t", "la tonne", "je Tonne",
 * "por tonelada", "per 1,000 kg", "/ 100 m", "per km". A capital "M" alone is a thousand (PER_M_AFTER), not a metre.
 */
const PER_WEIGHT_OR_LENGTH_AFTER = /^\s*(?:\/\s*|(?:per|pro|je|par|por|la|le|el|al|the|a|an)\s+)(?:(100|1[.,\s']?000)\s*)?(kgs?|kilos?|kilograms?|kilogrammes?|t|tonnes?|tons?|tonn|mt|metric\s+tons?|toneladas?|tonnellat[ae]|m|mtrs?|metres?|meters?|mètres?|metros?|metri|lm|km)(?![\p{L}\d])/iu;
const KILOS = /^(?:kgs?|kilos?|kilograms?|kilogrammes?)$/i;
const TONNES = /^(?:t|tonnes?|tons?|tonn|mt|metric\s+tons?|toneladas?|tonnellat[ae])$/i;

/**
 * What an amount priced per a weight or a length stands for in the PO's unit: the count of that unit it is for
 * ("per MT" on an order in kg is per 1,000 of them, "per 100 m" on one in metres per 100); null when the PO counts
 * another unit (a price per tonne on an order of pieces is no price of a piece); undefined when no measure follows.
 * "MT" is a metric tonne beside kilos and a metre beside metres ("142,50 TL/mt").
 */
function perPoUnit(after: string, unit: string): number | null | undefined {
  const m = PER_WEIGHT_OR_LENGTH_AFTER.exec(after);
  if (!m || m[2] === 'M') return undefined;
  const count = m[1] === undefined ? 1 : Number(m[1].replace(/[.,\s']/, ''));
  const own = unitFamily(unit);
  const word = m[2]!;
  if (own === 'length' && /^mt$/i.test(word)) return count;
  if (KILOS.test(word) || TONNES.test(word)) return own === 'weight' ? count * (TONNES.test(word) ? 1000 : 1) : null;
  return own === 'length' ? count * (/^km$/i.test(word) ? 1000 : 1) : null;
}

/**
 * The unit prices stated in the sentences, in order; a pack's price counts once converted to the ordered unit. With the
 * PO's unit price (`poPrice`), a price per the measure the mail writes that price in counts as a unit's too; with the
 * PO's unit of measure (`unit`, "kg", "m"), so does a price per a bigger measure of it, converted ("per MT" on kilos).
 */
export function unitPrices(sentences: string[], packSize?: number, poPrice?: number, quantity?: number, unit?: string): UnitPrice[] {
  const prices: UnitPrice[] = [];
  const measures = orderedMeasures(sentences, poPrice, quantity, unit);
  for (const s of sentences) {
    let clauseStart = 0;
    const found: (UnitPrice & { perPack: boolean; perUnit: boolean })[] = [];
    const amounts = amountsIn(s);
    // "le prix des gaines ICTA 20 est désormais de 2,95 €", "DIN 125 … 18,50 € el ciento": beside money, a bare whole
    // number is a size or a name, not a price.
    const money = amounts.some((a) => a.currency !== undefined || a.cents);
    for (const [i, a] of amounts.entries()) {
      if (money && a.currency === undefined && !a.cents && !/[.,]\d{1,4}$/.test(a.digits ?? '')) continue;
      // Price words may stand before an earlier amount ("from $0.42 to $0.46"); totals count only in this clause.
      const window = s.slice(Math.max(0, a.index - 80), a.index);
      const clause = s.slice(clauseStart, a.index).slice(-40);
      const after = s.slice(a.end, a.end + 30);
      clauseStart = a.end;
      // What the mail shows of its own measures wins; else the PO's unit says what a weight or a length is.
      const ofUnit = unit === undefined ? undefined : perPoUnit(after, unit);
      const per = measures.get(measureAfter(s, a) ?? '') ?? ofUnit ?? undefined;
      if (per === undefined && ofUnit === null) continue;
      // "we'll have to invoice this order at $27.80/ea", "… at $46.50/M": invoicing at a price marked per unit is no total.
      const markedPerUnit = PER_UNIT_AFTER.test(after) || per !== undefined;
      // "o valor passa a R$ 18,40 por unidade", "the amount per piece is …": a value marked per unit is a unit's price.
      if (NOT_UNIT_NEAR.test(clause) && !(markedPerUnit && !NOT_UNIT_NEAR.test(clause.replace(INVOICING, ' ').replace(VALUE_WORDS, ' ')))) continue;
      if (NOT_UNIT_NEAR.test(after.split(/[,;]/)[0]!.slice(0, 12))) continue;
      // "87 cents each instead of the 79 on the PO": the old price is not the one stated now.
      if (OLD_PRICE_CUE.test(clause)) continue;
      const ofPack = perUnitOfPack(s.slice(Math.max(0, a.index - 60), a.index), after, a.value, packSize);
      if (ofPack === null) continue;
      const perUnit = UNIT_PRICE_BEFORE.test(window) || markedPerUnit;
      const priced = PRICE_BEFORE.test(window) && !NOT_UNIT_NEAR.test(after.split(/[,;]/)[0]!);
      if (perUnit || priced || ofPack !== undefined || toFromPrice(s, a, found.at(-1)) || movesFromTo(s, a, amounts[i + 1])) {
        // "€ 1.240 / t" is a thousand and some euros: a price per a thousand units is written in its thousands.
        const whole = per !== undefined && per >= 1000 && /^\d{1,3}[.,]\d{3}$/.test(a.digits ?? '') ? Number(a.digits!.replace(/[.,]/, '')) : a.value;
        const value = ofPack ?? (per === undefined ? a.value : roundPrice(whole / per));
        found.push({ ...a, value, isNew: NEW_PRICE_CUE.test(clause) || toFromPrice(s, a, found.at(-1)), perPack: ofPack !== undefined, perUnit });
      }
    }
    // "the box price will be £11.25 instead of £10.25": once one price of a sentence is a pack's, so are its other prices.
    const packed = packSize !== undefined && found.some((p) => p.perPack);
    for (const { perPack, perUnit, ...p } of found) prices.push(packed && !perPack && !perUnit ? { ...p, value: p.value / packSize } : p);
  }
  return prices;
}

/**
 * Words that make a date the day a price starts: "from 1 January", "effective March 1", "ab 1. Februar", "à partir du"; and
 * a price list that "takes effect 1 August", "comes into force on", "entre en vigueur le", "entra en vigor el", "in vigore dal".
 */
const STARTS_ON = /(?<![\p{L}])(?:from|effective(?: from| on)?|takes? effect(?: on| from)?|(?:comes?|coming|will come) into (?:effect|force)(?: on| from)?|in (?:effect|force) (?:from|on|as of)|goes live(?: on)?|entre(?:ra)? en vigueur(?: le| au)?|en vigueur (?:le|au|dès le)|entra(?:rá)? en vigor(?: el)?|vigentes? (?:desde el|a partir del?)|in vigore (?:dal|a partire dal)|ingaande|gaat in op|as of|as from|starting(?: on| from)?|beginning|with effect from|w\.e\.f\.?|valid from|ab(?: dem)?|gültig ab|mit wirkung (?:zum|ab)|à partir du|à compter du|dès le|au|a partir del?|desde el|con decorrenza(?: dal)?|a partire dal|dal|dall'|vanaf|per|a partir de|desde|od|från och med|fr\.o\.m\.?|från|fra og med|fra)\s*(?:the\s+|le\s+|el\s+|dem\s+|dnia\s+|dne\s+)?$/iu;
/** A price for next year is not this order's. */
const NEXT_YEAR = /\b(?:next year|the new year|nächste[ns]? jahr|im neuen jahr|l'année prochaine|l'an prochain|el (?:próximo|año que viene)|el nuevo año|l'anno prossimo|volgend jaar)\b/i;

/** Words that tie a sentence to this very order. */
const THIS_ORDER = /\b(?:this|your) (?:order|po|purchase order)\b|\bdiese[rn]? (?:bestellung|auftrag)\b|\bihre[rn]? bestellung\b|\bcette commande\b|\bvotre commande\b|\beste pedido\b|\bsu pedido\b|\bquesto ordine\b|\bdeze order\b/i;

/**
 * Whether a sentence sets a price that starts after this delivery ("our prices rise to €0.46 from
 * 1 January"): its amounts are not this order's price, unless the sentence names this order.
 * Without a day to compare with, nothing is set aside.
 */
export function startsLater(sentence: string, sense: DateSense, delivery: string | undefined): boolean {
  return delivery !== undefined && amountsIn(sentence).length > 0 && namesLaterStart(sentence, sense, delivery);
}

/** Whether a sentence, not about this very order, names a start of prices later than this delivery. */
function namesLaterStart(sentence: string, sense: DateSense, delivery: string): boolean {
  if (THIS_ORDER.test(sentence)) return false;
  const day = delivery.slice(0, 10);
  // "our 2026 price increase": a year of prices later than this delivery's.
  if (PRICE_NOTICE.test(sentence) && [...sentence.matchAll(/\b(20\d\d)\b/g)].some(([, y]) => y! > day.slice(0, 4))) return true;
  if (datesIn(sentence, sense).some((d) => d.iso !== undefined && d.iso.slice(0, 10) > day && STARTS_ON.test(sentence.slice(0, d.index)))) return true;
  // "from January 2026", "ab Februar 2027", "for 2027", "next year": a month or a year later than the delivery's.
  for (const m of sentence.matchAll(new RegExp(`\\b(?:(${MONTH})\\.?\\s+)?(20\\d\\d)\\b`, 'gi'))) {
    const starts = m[1] ? `${m[2]}-${String(monthNumber(m[1])).padStart(2, '0')}-01` : `${m[2]}-01-01`;
    if (starts > day && /\b(?:from|effective|as of|starting|beginning|for|in|ab|für|à partir de|dès|pour|a partir de|desde|para|en|dal|a partire da|per|vanaf|voor)\s*(?:the\s+|le\s+|el\s+|dem\s+)?$/i.test(sentence.slice(0, m.index))) return true;
  }
  return NEXT_YEAR.test(sentence) || LATER_ORDERS.test(sentence);
}

/** Orders after this one: "from your next order", "für künftige Bestellungen", "pour les commandes futures", "para futuros pedidos". */
const LATER_ORDERS = /\b(?:(?:next|future|subsequent|following|later) (?:orders?|pos?|purchase orders?|deliveries)|(?:nächste\w*|künftige\w*|zukünftige\w*|folgende\w*) (?:bestellung\w*|aufträge\w*|auftrag\w*|lieferungen)|(?:prochaine\w*|futures?) (?:commandes?|livraisons)|commandes? (?:futures?|suivantes?|ultérieures?)|(?:próxim\w*|futur\w*) pedidos?|pedidos? (?:futuros?|siguientes|posteriores)|(?:prossim\w*|futur\w*) ordin\w*|ordini (?:futuri|successivi)|(?:volgende|toekomstige) (?:bestelling\w*|orders?))\b/i;

/** Words of a price list's change, whichever prices it is for. */
const PRICE_NOTICE = /\b(?:price (?:increase|rise|adjustment|change|list)s?|prices? (?:will )?(?:increase|rise|go up)|preis(?:erhöhung|anpassung|liste)\w*|listenpreis\w*|augmentation (?:de|des) (?:prix|tarifs?)|hausse (?:de|des) (?:prix|tarifs?)|nouveaux? tarifs?|(?:aumento|incremento|subida|ajuste) (?:de|del|en) (?:los )?precios?|lista de precios|aumento di prezzo|listino|prijsverhoging)\b/i;
/** Words that carry the day a sentence before named: "from then", "ab dann", "à partir de cette date". */
const FROM_THEN = /\b(?:from then(?: on)?|thereafter|from that (?:date|day)(?: on)?|as of (?:that|this) date|ab dann|ab diesem (?:zeitpunkt|datum|tag)|danach|à partir de (?:cette|là|ce moment)\w*|dès lors|desde entonces|a partir de (?:esa|esta) fecha|a partir de entonces|da quel momento|vanaf dan)\b/i;

/**
 * The sentences that can speak of this order's price: not one about prices that start after this
 * delivery, nor one that follows it and says "from then" ("… take effect January 1. New unit price
 * from then: $3.15").
 */
export function notStartingLater(sentences: string[], sense: DateSense, delivery: string | undefined): string[] {
  if (delivery === undefined) return sentences;
  const kept: string[] = [];
  let laterBefore = false;
  for (const s of sentences) {
    const later: boolean = namesLaterStart(s, sense, delivery) || (laterBefore && FROM_THEN.test(s) && !THIS_ORDER.test(s));
    if (!later) kept.push(s);
    laterBefore = later;
  }
  return kept;
}

/** Equal to the cent fraction anyone writes a unit price in. */
export const samePrice = (a: number, b: number): boolean => Math.abs(a - b) < 0.00005;

/**
 * A new unit price below half the PO's or above three times it is more likely a price per pack, per
 * hundred or a total read as a unit's than a unit's own.
 */
export const plausiblePrice = (price: number, poPrice: number): boolean => price >= poPrice / 2 && price <= poPrice * 3;

/**
 * "3,450" is 3.45 in France and 3450 in the US; "12.500" is 12.5 or 12500. When the PO's own price is
 * one of the two readings, or only one of them is a plausible price for it, that one is meant.
 */
export function readingNear(value: number, digits: string | undefined, poPrice: number): number {
  if (!digits || !/^\d{1,3}[.,]\d{3}$/.test(digits)) return value;
  const asDecimal = Number(digits.replace(',', '.'));
  const asThousands = Number(digits.replace(/[.,]/, ''));
  if (samePrice(asDecimal, poPrice) || samePrice(asThousands, poPrice)) return samePrice(asDecimal, poPrice) ? asDecimal : asThousands;
  if (plausiblePrice(asDecimal, poPrice) !== plausiblePrice(asThousands, poPrice)) return plausiblePrice(asDecimal, poPrice) ? asDecimal : asThousands;
  return value;
}

/**
 * The unit prices the sentences state, read with the PO beside them as a clerk reads them: per its pack, its count and its
 * unit of measure, and "3,450" the way its price makes plausible.
 */
export function unitPricesBeside(sentences: string[], po: { unitPrice?: number; packSize?: number; quantity?: number; unit?: string }): UnitPrice[] {
  const prices = unitPrices(sentences, po.packSize, po.unitPrice, po.quantity, po.unit);
  const poPrice = po.unitPrice;
  return poPrice === undefined ? prices : prices.map((p) => ({ ...p, value: readingNear(p.value, p.digits, poPrice) }));
}

/**
 * The unit price the text states instead of the PO's: undefined when it states none or only the
 * PO's own; null when it states several different ones and none is marked as the new one.
 */
export function statedNewPrice(prices: UnitPrice[], poPrice: number): number | null | undefined {
  const differing = prices.filter((p) => !samePrice(p.value, poPrice));
  if (differing.length === 0) return undefined;
  const marked = differing.filter((p) => p.isNew);
  const values = [...new Set((marked.length ? marked : differing).map((p) => p.value))];
  return values.length === 1 ? values[0]! : null;
}
